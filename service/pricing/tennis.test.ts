import { describe, expect, it } from 'vitest';
import { createFixturePricer } from './fixture-pricer.ts';
import { PricingError } from './pricing-error.ts';
import type { InPlayState } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';
import type { TennisParams } from './tennis.ts';
import { gameWinProbability, setOutcomes, tennisModel, tieBreakWinProbability } from './tennis.ts';

const BEST_OF_3: TennisParams = { model: 'tennis', serve1: 0.66, serve2: 0.62, bestOf: 3 };
const moneyline = testMarket(12, 'moneyline', 'result', 0, SIDES.twoWay);

function matchWin(params: TennisParams = BEST_OF_3, state: InPlayState = PRE_MATCH): number {
  return createFixturePricer(params, state).fairProbabilities(moneyline, 0)?.[0] ?? Number.NaN;
}

function sets(rows: readonly (readonly [number, number])[]): InPlayState {
  const games: Record<string, { participant1Score: number; participant2Score: number }> = {};
  rows.forEach(([a, b], i) => {
    games[`p${String(i + 1)}`] = { participant1Score: a, participant2Score: b };
  });
  return { elapsed: 0, scores: { games } };
}

describe('tennis model', () => {
  it('wins a service game as the closed form says', () => {
    // p⁴(1 + 4q + 10q²) + 20p³q³ · p²/(p² + q²) at p = 0.6 (worked with python's fractions).
    expect(gameWinProbability(0.6)).toBeCloseTo(0.735729230769231, 14);
    expect(gameWinProbability(0.6, 3, 3)).toBeCloseTo(0.36 / 0.52, 14);
    expect(gameWinProbability(0.6, 4, 3)).toBeCloseTo(0.6 + 0.4 * (0.36 / 0.52), 14);
    expect(gameWinProbability(0.6, 2, 4)).toBe(0);
  });

  it('splits a tie-break evenly between equal servers', () => {
    expect(tieBreakWinProbability(0.65, 0.65, 1)).toBeCloseTo(0.5, 14);
    expect(tieBreakWinProbability(0.65, 0.65, 2, 6, 6)).toBeCloseTo(0.5, 14);
    expect(tieBreakWinProbability(0.7, 0.6, 1)).toBeGreaterThan(0.5);
  });

  it('gives a set its fourteen final scores, tie-breaks included, summing to 1', () => {
    const outcomes = setOutcomes(0.65, 0.62, 1);
    expect(outcomes).toHaveLength(14);
    expect(outcomes.reduce((s, o) => s + o.p, 0)).toBeCloseTo(1, 14);
    expect(outcomes.find((o) => o.games1 === 7 && o.games2 === 6)?.p).toBeGreaterThan(0.05);
  });

  it('prices every match market of a best-of-five as a distribution', () => {
    const pricer = createFixturePricer({ ...BEST_OF_3, bestOf: 5 });
    const markets = [
      moneyline,
      testMarket(12, 'spreads-sets', 'result', -1.5, SIDES.twoWay),
      testMarket(12, 'totals-games', 'result', 38.5, SIDES.overUnder),
      testMarket(12, 'spreads-games', 'result', -2.5, SIDES.twoWay),
      testMarket(12, 'correctscore', 'result', 0, ['3:0', '3:1', '3:2', '2:3', '1:3', '0:3']),
      testMarket(12, 'totals', 'p5', 9.5, SIDES.overUnder),
    ];
    for (const market of markets) {
      const probabilities = pricer.fairProbabilities(market, 0) ?? [];
      expect(probabilities.reduce((s, p) => s + p, 0), market.marketType).toBeCloseTo(1, 12);
    }
  });

  it('voids a set that is not played', () => {
    const model = tennisModel(BEST_OF_3, PRE_MATCH);
    const third = model.row('p3', 'games');
    const [straight1, , , straight2] = createFixturePricer(BEST_OF_3).fairProbabilities(testMarket(12, 'correctscore', 'result', 0, ['2:0', '2:1', '1:2', '0:2']), 0) ?? [];
    expect(third?.voidMass).toBeCloseTo((straight1 ?? 0) + (straight2 ?? 0), 12);
  });

  it('agrees between the sets and the games of one set', () => {
    const pricer = createFixturePricer(BEST_OF_3);
    const firstSetWinner = pricer.fairProbabilities(testMarket(12, 'moneyline', 'p1', 0, SIDES.twoWay), 0)?.[0];
    const setsRow = pricer.row('p1', 'sets');
    expect(setsRow?.grid.mass[setsRow.grid.size2]).toBeCloseTo(firstSetWinner ?? 0, 12);
  });

  it('raises player 1 chances with a better serve', () => {
    expect(matchWin({ ...BEST_OF_3, serve1: 0.7 })).toBeGreaterThan(matchWin());
  });

  it('raises player 1 chances after winning the first set', () => {
    expect(matchWin(BEST_OF_3, sets([[6, 3]]))).toBeGreaterThan(matchWin());
    expect(matchWin(BEST_OF_3, sets([[3, 6]]))).toBeLessThan(matchWin());
  });

  it('sends the leader toward certain victory near the end', () => {
    const serving = sets([[6, 4], [5, 2]]);
    expect(matchWin(BEST_OF_3, serving)).toBeGreaterThan(0.95);
    expect(matchWin(BEST_OF_3, { ...serving, tennisPoints: [3, 0] })).toBeGreaterThan(matchWin(BEST_OF_3, serving));
    expect(matchWin(BEST_OF_3, sets([[6, 4], [7, 6]]))).toBe(1);
  });

  it('prices a tie-break in progress from its points', () => {
    const tied = sets([[6, 6]]);
    const firstSet = testMarket(12, 'moneyline', 'p1', 0, SIDES.twoWay);
    const ahead = createFixturePricer(BEST_OF_3, { ...tied, tennisPoints: [5, 1] }).fairProbabilities(firstSet, 0)?.[0] ?? 0;
    expect(ahead).toBeGreaterThan(0.9);
  });

  it('correlates the match winner with fewer games in a parlay', () => {
    const pricer = createFixturePricer(BEST_OF_3);
    const under = testMarket(12, 'totals-games', 'result', 22.5, SIDES.overUnder);
    const legs = [
      { market: moneyline, outcomeName: '1', playerId: 0, fairPrice: 1 / (pricer.fairProbabilities(moneyline, 0)?.[0] ?? 1) },
      { market: under, outcomeName: 'Under', playerId: 0, fairPrice: 1 / (pricer.fairProbabilities(under, 0)?.[1] ?? 1) },
    ];
    const price = pricer.jointFairPrice(legs);
    expect(price.kind === 'priced' && price.fairPrice < price.singlesPrice).toBe(true);
  });

  it('rejects invalid parameters and states', () => {
    expect(() => tennisModel({ ...BEST_OF_3, serve1: 1.2 }, PRE_MATCH)).toThrow(/serve1/);
    expect(() => tennisModel({ ...BEST_OF_3, bestOf: 4 as 3 }, PRE_MATCH)).toThrow(PricingError);
    expect(() => tennisModel(BEST_OF_3, { ...PRE_MATCH, tennisPoints: [-1, 0] })).toThrow(/points/);
    expect(tennisModel(BEST_OF_3, PRE_MATCH).row('p4', 'games')).toBeNull();
    expect(tennisModel(BEST_OF_3, PRE_MATCH).row('result', 'goals')).toBeNull();
  });
});
