import { describe, expect, it } from 'vitest';
import { BOOKMAKERS } from '../catalogue/bookmakers.ts';
import { getCatalogue } from '../catalogue/catalogue.ts';
import { createRng } from '../pricing/rng.ts';
import { advanceMatch, newMatchState } from './match-engine.ts';
import type { MatchRules } from './match-engine.ts';
import type { FixtureParams } from './model-port.ts';
import { inPlayStateOf, matchParamsOf, modelParamsOf, priceGridOf, PricingModels, PricingQuotes } from './pricing-adapter.ts';
import { testReference } from './test-support.ts';

const SOCCER: MatchRules = { sportId: 10, expectedPeriods: 2, periodLength: 45, knockout: false };

function fixture(rules: MatchRules, drift = 0): FixtureParams {
  return { sportId: rules.sportId, participant1Id: 1, participant2Id: 2, drift, rules };
}

describe('modelParamsOf', () => {
  it('gives the stronger participant the higher expected score in every sport', () => {
    const strength = (id: number): number => (id === 1 ? 0.4 : -0.4);
    for (const [sportId, periods] of [[10, 2], [11, 4], [13, 9], [14, 4], [15, 3], [12, 3], [83, 3]] as const) {
      const params = matchParamsOf(modelParamsOf(fixture({ sportId, expectedPeriods: periods, periodLength: null, knockout: false }), strength, () => 1));
      const [a, b] = params.kind === 'score' ? params.expected : params.kind === 'tennis' ? params.serve : params.kills;
      expect(a, `sport ${String(sportId)}`).toBeGreaterThan(b);
    }
  });

  it('moves with the pre-match drift', () => {
    const neutral = modelParamsOf(fixture(SOCCER), () => 0, () => 1);
    const drifted = modelParamsOf(fixture(SOCCER, 0.2), () => 0, () => 1);
    expect(neutral.model === 'soccer' && drifted.model === 'soccer' && drifted.goals1 > neutral.goals1).toBe(true);
  });

  it('refuses a sport without a model', () => {
    expect(() => modelParamsOf(fixture({ ...SOCCER, sportId: 99 }), () => 0, () => 1)).toThrow(RangeError);
  });
});

describe('inPlayStateOf', () => {
  it('is the pre-match state before kick-off', () => {
    expect(inPlayStateOf(newMatchState(), SOCCER)).toEqual({ elapsed: 0, scores: {} });
  });

  it('reports the share of regulation played and the score rows per unit', () => {
    const state = newMatchState();
    advanceMatch(state, SOCCER, { kind: 'score', expected: [0, 0] }, [], 30 * 60, createRng('x'), []);
    const inPlay = inPlayStateOf(state, SOCCER);
    expect(inPlay.elapsed).toBeCloseTo(1 / 3, 9);
    expect(inPlay.scores.goals?.['p1']).toEqual({ participant1Score: 0, participant2Score: 0 });
  });
});

describe('PricingModels', () => {
  it('prices a soccer 1x2 that sums to 1 and shifts after a goal', () => {
    const reference = testReference();
    const models = new PricingModels(reference);
    const market = getCatalogue().byMarketId.get(101);
    if (market === undefined) throw new Error('no market 101');
    const params = fixture(SOCCER);
    const state = newMatchState();
    const before = models.model(params, state, []).fairProbabilities(market, 0) ?? [];
    expect(before.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
    advanceMatch(state, SOCCER, models.matchParams(params), [], 60, createRng('g'), []);
    const row = state.rows['goals'];
    if (row?.['p1'] !== undefined && row['result'] !== undefined && row['fulltime'] !== undefined) {
      row['p1'][0] += 1;
      row['result'][0] += 1;
      row['fulltime'][0] += 1;
    }
    const after = models.model(params, state, []).fairProbabilities(market, 0) ?? [];
    expect(after[0]).toBeGreaterThan(before[0] ?? 1);
  });

  it('knows the prop rates of the reference players', () => {
    const player = testReference().players.find((p) => Object.keys(p.propRates).length > 0);
    const [marketType, rate] = Object.entries(player?.propRates ?? {})[0] ?? ['', 0];
    expect(new PricingModels(testReference()).propRate(player?.playerId ?? 0, marketType)).toBe(rate);
    expect(new PricingModels(testReference()).propRate(-1, marketType)).toBeNull();
  });
});

describe('PricingQuotes', () => {
  it('puts each book’s main margin on a main line within the grid tolerance', () => {
    const quotes = new PricingQuotes();
    for (const book of BOOKMAKERS) {
      const prices = quotes.quote([0.45, 0.3, 0.25], book, true);
      const overround = prices.reduce((sum, p) => sum + 1 / p, 0) - 1;
      expect(Math.abs(overround - book.margin), book.bookmaker).toBeLessThanOrEqual(0.005 + 1e-9);
    }
  });

  it('maps every rounding of the catalogue to a grid of the quoting module', () => {
    expect(priceGridOf({ kind: 'decimals', decimals: 3 })).toEqual({ kind: 'decimals', decimals: 3 });
    expect(priceGridOf({ kind: 'decimals', decimals: 2 })).toEqual({ kind: 'decimals', decimals: 2 });
    expect(priceGridOf({ kind: 'american', step: 5 })).toEqual({ kind: 'decimals', decimals: 2 });
    expect(priceGridOf({ kind: 'ladder', ladder: 'betfair' })).toEqual({ kind: 'ladder' });
    expect(priceGridOf({ kind: 'probability', tick: 0.01 })).toEqual({ kind: 'cents' });
  });
});
