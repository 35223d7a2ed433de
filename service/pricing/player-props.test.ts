import { describe, expect, it } from 'vitest';
import { PlayerProps, propGrader } from './player-props.ts';
import { PricingError } from './pricing-error.ts';
import { PRE_MATCH } from './score-model.ts';

describe('PlayerProps', () => {
  it('counts a Poisson player statistic around the player rate', () => {
    const props = new PlayerProps([{ playerId: 7, rates: { 'players-points': { mean: 20 } } }], PRE_MATCH);
    const count = props.count(7, 'players-points');
    const mean = count === null ? 0 : count.mass.reduce((s, p, k) => s + p * (count.min + k), 0);
    expect(mean).toBeCloseTo(20, 10);
    expect(props.count(7, 'players-rebounds')).toBeNull();
    expect(props.count(8, 'players-points')).toBeNull();
  });

  it('adds the count so far to the share of the rate still to play', () => {
    const props = new PlayerProps([{ playerId: 7, rates: { 'players-points': { mean: 20, dispersion: 0.1 } } }], {
      elapsed: 0.75,
      scores: {},
      playerCounts: { 7: { 'players-points': 16 } },
    });
    const count = props.count(7, 'players-points');
    const mean = count === null ? 0 : count.mass.reduce((s, p, k) => s + p * (count.min + k), 0);
    expect(count?.min).toBe(16);
    expect(mean).toBeCloseTo(21, 8);
  });

  it('rejects invalid rates and counts', () => {
    expect(() => new PlayerProps([{ playerId: 1, rates: { 'players-shots': { mean: -1 } } }], PRE_MATCH)).toThrow(PricingError);
    const props = new PlayerProps([{ playerId: 1, rates: { 'players-shots': { mean: 1 } } }], { elapsed: 0, scores: {}, playerCounts: { 1: { 'players-shots': 1.5 } } });
    expect(() => props.count(1, 'players-shots')).toThrow(PricingError);
  });
});

describe('propGrader', () => {
  it('grades Over and Under on the count and nothing else', () => {
    expect(propGrader(1.5, 'result', 'Over')?.(2, 0)).toBe('won');
    expect(propGrader(2, 'result', 'Under')?.(2, 0)).toBe('push');
    expect(propGrader(1.5, 'result', 'Yes')).toBeNull();
  });
});
