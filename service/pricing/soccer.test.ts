import { describe, expect, it } from 'vitest';
import { createFixturePricer } from './fixture-pricer.ts';
import { PricingError } from './pricing-error.ts';
import type { ScoreGrid } from './score-grid.ts';
import { cellMass, gridMass } from './score-grid.ts';
import type { InPlayState } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import type { SoccerParams } from './soccer.ts';
import { SOCCER_HALF_MAX_GOALS, clampRho, dixonColesGrid, soccerModel } from './soccer.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';

const PARAMS: SoccerParams = { model: 'soccer', goals1: 1.55, goals2: 1.15, rho: -0.1 };
const matchResult = testMarket(10, '1x2', 'result', 0, SIDES.threeWay);
const over25 = testMarket(10, 'totals', 'result', 2.5, SIDES.overUnder);
const btts = testMarket(10, 'bothteamsscore', 'result', 0, SIDES.yesNo);

function resultGrid(params: SoccerParams, state: InPlayState = PRE_MATCH): ScoreGrid {
  const row = createFixturePricer(params, state).row('result', 'goals');
  if (row === null) throw new Error('no result row');
  return row.grid;
}

/** Sums a predicate's mass cell by cell: the check is independent of the pricer's projections. */
function sumOver(grid: ScoreGrid, predicate: (a: number, b: number) => boolean): number {
  let sum = 0;
  for (let a = grid.min1; a < grid.min1 + grid.size1; a += 1) {
    for (let b = grid.min2; b < grid.min2 + grid.size2; b += 1) if (predicate(a, b)) sum += cellMass(grid, a, b);
  }
  return sum;
}

function homeWin(params: SoccerParams, state: InPlayState = PRE_MATCH): number {
  const probabilities = createFixturePricer(params, state).fairProbabilities(matchResult, 0);
  return probabilities?.[0] ?? Number.NaN;
}

describe('soccer model', () => {
  it('prices 1x2 as the sums of the correct-score grid over wins, draws and losses', () => {
    const grid = resultGrid(PARAMS);
    const probabilities = createFixturePricer(PARAMS).fairProbabilities(matchResult, 0) ?? [];
    expect(probabilities[0]).toBeCloseTo(sumOver(grid, (a, b) => a > b), 9);
    expect(probabilities[1]).toBeCloseTo(sumOver(grid, (a, b) => a === b), 9);
    expect(probabilities[2]).toBeCloseTo(sumOver(grid, (a, b) => a < b), 9);
  });

  it('prices totals as the sum of the grid over totals above and below the line', () => {
    const grid = resultGrid(PARAMS);
    const probabilities = createFixturePricer(PARAMS).fairProbabilities(over25, 0) ?? [];
    expect(probabilities[0]).toBeCloseTo(sumOver(grid, (a, b) => a + b >= 3), 9);
    expect(probabilities[1]).toBeCloseTo(sumOver(grid, (a, b) => a + b <= 2), 9);
  });

  it('prices both teams to score as the sum of the grid where both scored', () => {
    const grid = resultGrid(PARAMS);
    const probabilities = createFixturePricer(PARAMS).fairProbabilities(btts, 0) ?? [];
    expect(probabilities[0]).toBeCloseTo(sumOver(grid, (a, b) => a > 0 && b > 0), 9);
    expect(probabilities[1]).toBeCloseTo(sumOver(grid, (a, b) => a === 0 || b === 0), 9);
  });

  it('gives every row a distribution that sums to 1', () => {
    const pricer = createFixturePricer({ ...PARAMS, knockout: true });
    for (const period of ['p1', 'p2', 'result', 'fulltime', 'p1+p2']) {
      const row = pricer.row(period, 'goals');
      expect(row === null ? Number.NaN : gridMass(row.grid)).toBeCloseTo(1, 12);
    }
  });

  it('keeps the expected goals of the parameters on the result row', () => {
    const grid = resultGrid(PARAMS);
    let mean1 = 0;
    let mean2 = 0;
    for (let a = 0; a < grid.size1; a += 1) {
      for (let b = 0; b < grid.size2; b += 1) {
        mean1 += a * cellMass(grid, a, b);
        mean2 += b * cellMass(grid, a, b);
      }
    }
    expect(mean1).toBeCloseTo(1.55, 6);
    expect(mean2).toBeCloseTo(1.15, 6);
  });

  it('makes 0:0 and 1:1 likelier than independent Poisson when rho is negative', () => {
    const independent = dixonColesGrid(0.7, 0.5, 0);
    const corrected = dixonColesGrid(0.7, 0.5, -0.1);
    expect(cellMass(corrected, 0, 0)).toBeCloseTo(cellMass(independent, 0, 0) * (1 + 0.7 * 0.5 * 0.1), 15);
    expect(cellMass(corrected, 1, 1)).toBeCloseTo(cellMass(independent, 1, 1) * 1.1, 15);
    expect(cellMass(corrected, 1, 0)).toBeCloseTo(cellMass(independent, 1, 0) * (1 - 0.5 * 0.1), 15);
    expect(gridMass(corrected)).toBeCloseTo(1, 15);
  });

  it('clamps rho to the range where every low-score factor stays non-negative', () => {
    expect(clampRho(-5, 2, 0.5)).toBe(-0.5);
    expect(clampRho(5, 2, 0.5)).toBe(1);
    expect(clampRho(-0.1, 0, 0)).toBe(-0.1);
  });

  it('holds 0..10 goals per team per half with the tail folded into the last cell', () => {
    const grid = dixonColesGrid(3, 3, 0);
    expect(grid.size1).toBe(SOCCER_HALF_MAX_GOALS + 1);
    expect(gridMass(grid)).toBeCloseTo(1, 14);
    // P(Poisson(3) ≥ 10) = 0.0011025 (computed with python's decimal module).
    let lastRow = 0;
    for (let b = 0; b <= 10; b += 1) lastRow += cellMass(grid, 10, b);
    expect(lastRow).toBeCloseTo(0.0011024881301, 10);
  });

  it('raises participant 1 win probability with participant 1 expected goals', () => {
    expect(homeWin({ ...PARAMS, goals1: 2.2 })).toBeGreaterThan(homeWin(PARAMS));
    expect(homeWin({ ...PARAMS, goals2: 1.8 })).toBeLessThan(homeWin(PARAMS));
  });

  it('raises participant 1 win probability after a participant 1 goal', () => {
    const level: InPlayState = { elapsed: 0.3, scores: { goals: { p1: { participant1Score: 0, participant2Score: 0 } } } };
    const ahead: InPlayState = { elapsed: 0.3, scores: { goals: { p1: { participant1Score: 1, participant2Score: 0 } } } };
    expect(homeWin(PARAMS, ahead)).toBeGreaterThan(homeWin(PARAMS, level));
  });

  it('sends the leader win probability to 1 as time runs out', () => {
    const at = (elapsed: number): number =>
      homeWin(PARAMS, {
        elapsed,
        scores: { goals: { p1: { participant1Score: 1, participant2Score: 0 }, p2: { participant1Score: 0, participant2Score: 0 } } },
      });
    expect(at(0.9)).toBeGreaterThan(at(0.6));
    expect(at(0.99)).toBeGreaterThan(at(0.9));
    expect(at(1)).toBe(1);
  });

  it('keeps first-half markets settled once the first half is over', () => {
    const state: InPlayState = { elapsed: 0.6, scores: { goals: { p1: { participant1Score: 2, participant2Score: 1 } } } };
    const firstHalf = testMarket(10, '1x2', 'p1', 0, SIDES.threeWay);
    expect(createFixturePricer(PARAMS, state).fairProbabilities(firstHalf, 0)).toEqual([1, 0, 0]);
  });

  it('rejects second-half goals before half-time', () => {
    const state: InPlayState = { elapsed: 0.2, scores: { goals: { p2: { participant1Score: 1, participant2Score: 0 } } } };
    expect(() => soccerModel(PARAMS, state)).toThrow(PricingError);
  });

  it('rejects parameters outside their ranges', () => {
    expect(() => soccerModel({ ...PARAMS, goals1: -1 }, PRE_MATCH)).toThrow(/goals1/);
    expect(() => soccerModel(PARAMS, { elapsed: 1.5, scores: {} })).toThrow(/elapsed/);
  });

  it('adds extra time to fulltime only in a knockout tie', () => {
    const league = createFixturePricer(PARAMS);
    const cup = createFixturePricer({ ...PARAMS, knockout: true });
    const draw = testMarket(10, '1x2', 'fulltime', 0, SIDES.threeWay);
    const leagueDraw = league.fairProbabilities(draw, 0)?.[1] ?? 0;
    const cupDraw = cup.fairProbabilities(draw, 0)?.[1] ?? 0;
    expect(leagueDraw).toBeCloseTo(league.fairProbabilities(matchResult, 0)?.[1] ?? 0, 12);
    // A cup tie is still level after extra time when extra time itself is level.
    const extraTime = dixonColesGrid(1.55 / 3, 1.15 / 3, -0.1);
    const extraTimeLevel = sumOver(extraTime, (a, b) => a === b);
    expect(cupDraw).toBeCloseTo(leagueDraw * extraTimeLevel, 12);
  });

  it('prices toqualify from fulltime plus a shoot-out', () => {
    const cup = createFixturePricer({ ...PARAMS, knockout: true, shootout1: 0.5 });
    const toQualify = testMarket(10, 'toqualify', 'fulltime', 0, SIDES.twoWay);
    const fulltime = cup.fairProbabilities(testMarket(10, '1x2', 'fulltime', 0, SIDES.threeWay), 0) ?? [];
    const qualify = cup.fairProbabilities(toQualify, 0) ?? [];
    expect(qualify[0]).toBeCloseTo((fulltime[0] ?? 0) + (fulltime[1] ?? 0) / 2, 12);
    expect((qualify[0] ?? 0) + (qualify[1] ?? 0)).toBeCloseTo(1, 12);
    expect(createFixturePricer(PARAMS).fairProbabilities(toQualify, 0)).toBeNull();
  });

  it('has no overtime row outside a knockout tie', () => {
    expect(createFixturePricer(PARAMS).row('overtime', 'goals')).toBeNull();
    expect(createFixturePricer(PARAMS).row('p3', 'goals')).toBeNull();
  });
});
