import { describe, expect, it } from 'vitest';
import { parseFixtureId } from '../../src/domain/ids.ts';
import { SchedulePlanner } from './schedule.ts';
import { testReference, TEST_SEED } from './test-support.ts';

const DAY = SchedulePlanner.dayOf(Date.parse('2026-11-22T00:00:00Z') / 1000);

describe('SchedulePlanner', () => {
  it('plans the same programme for the same seed and day', () => {
    const a = new SchedulePlanner(testReference(), TEST_SEED, 90).programme(DAY);
    const b = new SchedulePlanner(testReference(), TEST_SEED, 90).programme(DAY);
    expect(a).toEqual(b);
    expect(a.length).toBeGreaterThan(20);
  });

  it('plans another programme for another seed', () => {
    const a = new SchedulePlanner(testReference(), TEST_SEED, 90).programme(DAY);
    const b = new SchedulePlanner(testReference(), TEST_SEED + 1, 90).programme(DAY);
    expect(a.map((f) => f.fixtureId)).not.toEqual(b.map((f) => f.fixtureId));
  });

  it('builds fixture ids that parse back to the sport, tournament and provider id', () => {
    for (const fixture of new SchedulePlanner(testReference(), TEST_SEED, 90).programme(DAY)) {
      const parts = parseFixtureId(fixture.fixtureId);
      expect(parts).toEqual({ providerSlug: 'id', sportId: fixture.sportId, tournamentId: fixture.tournamentId, providerFixtureId: fixture.providerFixtureId });
      expect(fixture.participant1Id).not.toBe(fixture.participant2Id);
      // A day's programme runs into the small hours of the next (US evening games).
      expect(fixture.startTime - DAY * 86_400).toBeGreaterThanOrEqual(0);
      expect(fixture.startTime - DAY * 86_400).toBeLessThan(28 * 3600);
    }
  });

  it('kicks the rotation off every gap seconds, one fixture a slot', () => {
    const planner = new SchedulePlanner(testReference(), TEST_SEED, 90);
    const slot = planner.rotationSlotAtOrAfter(1_800_000_000);
    const first = planner.rotation(slot);
    const second = planner.rotation(slot + 1);
    expect(first?.startTime).toBe(slot * 90);
    expect((second?.startTime ?? 0) - (first?.startTime ?? 0)).toBe(90);
    expect(first?.fixtureId).not.toBe(second?.fixtureId);
  });

  it('has no rotation when the gap is 0', () => {
    const planner = new SchedulePlanner(testReference(), TEST_SEED, 0);
    expect(planner.rotation(1)).toBeNull();
    expect(planner.rotationSlotAtOrAfter(100)).toBe(Number.POSITIVE_INFINITY);
  });

  it('reissues a chained fixture as a replacement that is itself cancelled and reissued', () => {
    const planner = new SchedulePlanner(testReference(), TEST_SEED, 90);
    const base = planner.programme(DAY)[0];
    if (base === undefined) throw new Error('empty programme');
    const a = { ...base, chainReissue: true, cancellation: { atMs: 0, reissue: true, reissueStartTime: base.startTime + 7200 } };
    const b = planner.reissue(a);
    const c = planner.reissue(b);
    expect(b.reissueOf).toBe(a.fixtureId);
    expect(b.cancellation?.reissue).toBe(true);
    expect(c.reissueOf).toBe(b.fixtureId);
    expect(c.cancellation).toBeNull();
    expect(new Set([a.fixtureId, b.fixtureId, c.fixtureId]).size).toBe(3);
  });
});
