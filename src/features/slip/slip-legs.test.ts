import { describe, expect, it } from 'vitest';
import { describeLeftOut, LIMIT_MESSAGE, MAX_SLIP_LEGS, normalizeLegs, parlayIdOfLegs, toggleLeg } from './slip-legs.ts';
import { leg, manyLegs } from './slip-test-data.ts';

describe('normalizeLegs', () => {
  it('keeps valid oddsIds de-duplicated in parlayId order', () => {
    const result = normalizeLegs([leg(103), leg(101), leg(103)]);
    expect(result.legs).toEqual([leg(101), leg(103)]);
    expect(result.rejected).toEqual([]);
  });

  it('splits an item holding a comma-separated parlayId into its legs', () => {
    expect(normalizeLegs([`${leg(102)},${leg(101)}`]).legs).toEqual([leg(101), leg(102)]);
  });

  it('rejects a malformed oddsId with the reason and keeps the others', () => {
    const result = normalizeLegs([leg(101), 'not-an-odds-id']);
    expect(result.legs).toEqual([leg(101)]);
    expect(result.rejected).toHaveLength(1);
    expect(result.rejected[0]?.input).toBe('not-an-odds-id');
    expect(result.rejected[0]?.reason).toMatch(/oddsId/);
  });

  it('keeps at most 20 legs and reports the ones left out', () => {
    const result = normalizeLegs(manyLegs(23));
    expect(result.legs).toHaveLength(MAX_SLIP_LEGS);
    expect(result.dropped).toHaveLength(3);
    expect(describeLeftOut(result, 'the link')).toMatch(/first 20 legs from the link; 3 more did not fit/);
  });
});

describe('toggleLeg', () => {
  it('adds an absent leg in parlayId order', () => {
    expect(toggleLeg([leg(102)], leg(101))).toEqual({ legs: [leg(101), leg(102)], notice: null });
  });

  it('removes a present leg', () => {
    expect(toggleLeg([leg(101), leg(102)], leg(101)).legs).toEqual([leg(102)]);
  });

  it('refuses a 21st leg with the limit message and leaves the legs unchanged', () => {
    const full = normalizeLegs(manyLegs(20)).legs;
    const result = toggleLeg(full, leg(10_999));
    expect(result.legs).toBe(full);
    expect(result.notice).toBe(LIMIT_MESSAGE);
  });

  it('still removes a leg from a full slip', () => {
    const full = normalizeLegs(manyLegs(20)).legs;
    expect(toggleLeg(full, full[0] ?? '').legs).toHaveLength(19);
  });

  it('refuses an invalid oddsId with the reason', () => {
    const result = toggleLeg([], 'x:y');
    expect(result.legs).toEqual([]);
    expect(result.notice).toMatch(/^Not added to the slip: /);
  });
});

describe('parlayIdOfLegs', () => {
  it('is the sorted legs joined with commas, and empty for no legs', () => {
    expect(parlayIdOfLegs([leg(102), leg(101)])).toBe(`${leg(101)},${leg(102)}`);
    expect(parlayIdOfLegs([])).toBe('');
  });
});
