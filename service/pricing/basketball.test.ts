import { describe, expect, it } from 'vitest';
import { basketballModel, discreteBivariateNormal } from './basketball.ts';
import type { BasketballParams } from './basketball.ts';
import { createFixturePricer } from './fixture-pricer.ts';
import { convolveGrids, gridMass, projectGrid } from './score-grid.ts';
import type { Dist1D, ScoreGrid } from './score-grid.ts';
import type { InPlayState } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';

const PARAMS: BasketballParams = { model: 'basketball', points1: 114, points2: 109 };
const moneyline = testMarket(11, 'moneyline', 'fulltime', 0, SIDES.twoWay);

function grid(period: string, params = PARAMS, state: InPlayState = PRE_MATCH): ScoreGrid {
  const row = basketballModel(params, state).row(period, 'points');
  if (row === null) throw new Error(`no row ${period}`);
  return row.grid;
}

function sd(dist: Dist1D): number {
  let mean = 0;
  let square = 0;
  dist.mass.forEach((p, k) => {
    mean += p * (dist.min + k);
    square += p * (dist.min + k) ** 2;
  });
  return Math.sqrt(square - mean * mean);
}

function win(params = PARAMS, state: InPlayState = PRE_MATCH): number {
  return createFixturePricer(params, state).fairProbabilities(moneyline, 0)?.[0] ?? Number.NaN;
}

function quarterState(elapsed: number, p1: readonly [number, number]): InPlayState {
  return { elapsed, scores: { points: { p1: { participant1Score: p1[0], participant2Score: p1[1] } } } };
}

describe('basketball model', () => {
  it('gives every row a distribution that sums to 1', () => {
    for (const period of ['p1', 'p2', 'p3', 'p4', 'p1+p2', 'p3+p4', 'result', 'overtime', 'fulltime', 'p3+p4+overtime']) {
      expect(gridMass(grid(period)), period).toBeCloseTo(1, 9);
    }
  });

  it('has the margin and total standard deviations of its parameters', () => {
    const result = grid('result');
    expect(sd(projectGrid(result, 'margin'))).toBeCloseTo(13, 3);
    expect(sd(projectGrid(result, 'total'))).toBeCloseTo(19, 3);
  });

  it('adds quarters exactly: two quarter grids convolved are the half grid', () => {
    const half = grid('p1+p2');
    const sum = convolveGrids(grid('p1'), grid('p2'));
    let worst = 0;
    for (let i = 0; i < half.size1; i += 1) {
      for (let j = 0; j < half.size2; j += 1) {
        const a = half.min1 + i;
        const b = half.min2 + j;
        const k = (a - sum.min1) * sum.size2 + (b - sum.min2);
        worst = Math.max(worst, Math.abs((half.mass[i * half.size2 + j] ?? 0) - (sum.mass[k] ?? 0)));
      }
    }
    // Only the mass cut off below 0 points (3.7e-7 per quarter here) keeps them apart.
    expect(worst).toBeLessThan(1e-8);
  });

  it('never ends fulltime tied, overtimes being played until one is decided', () => {
    const draw = createFixturePricer(PARAMS).fairProbabilities(testMarket(11, '1x2', 'fulltime', 0, SIDES.threeWay), 0);
    expect(draw?.[1]).toBeLessThan(1e-12);
  });

  it('prices a projection of an overtime row as its grid does', () => {
    const row = grid('p3+p4+overtime');
    const direct = projectGrid(row, 'total');
    const projected = basketballModel(PARAMS, PRE_MATCH).rowProjection('p3+p4+overtime', 'points', 'total');
    const at = (dist: Dist1D | undefined, v: number): number => dist?.mass[v - dist.min] ?? 0;
    for (const v of [90, 100, 110, 120, 130]) expect(at(projected?.dist, v)).toBeCloseTo(at(direct, v), 12);
  });

  it('raises participant 1 win probability with participant 1 expected points', () => {
    expect(win({ ...PARAMS, points1: 120 })).toBeGreaterThan(win());
  });

  it('raises the win probability of a side that scores in play', () => {
    expect(win(PARAMS, quarterState(0.2, [22, 12]))).toBeGreaterThan(win(PARAMS, quarterState(0.2, [17, 17])));
  });

  it('sends the leader win probability to 1 as time runs out', () => {
    const leading = (elapsed: number): InPlayState => ({
      elapsed,
      scores: {
        points: {
          p1: { participant1Score: 30, participant2Score: 25 },
          p2: { participant1Score: 28, participant2Score: 27 },
          p3: { participant1Score: 27, participant2Score: 28 },
          p4: { participant1Score: 20, participant2Score: 20 },
        },
      },
    });
    expect(win(PARAMS, leading(0.95))).toBeGreaterThan(win(PARAMS, leading(0.85)));
    expect(win(PARAMS, leading(1))).toBe(1);
  });

  it('discretises a normal with no spread onto its rounded mean', () => {
    const point = discreteBivariateNormal(10.4, 3.6, 0, 0.01, 0);
    expect(point.min1).toBe(10);
    expect(point.min2).toBe(4);
    expect(gridMass(point)).toBe(1);
  });

  it('correlates a quarter total with the game total in a parlay', () => {
    const pricer = createFixturePricer(PARAMS);
    const quarterOver = testMarket(11, 'totals', 'p1', 55.5, SIDES.overUnder);
    const gameOver = testMarket(11, 'totals', 'result', 222.5, SIDES.overUnder);
    const legs = [quarterOver, gameOver].map((market) => ({
      market,
      outcomeName: 'Over',
      playerId: 0,
      fairPrice: 1 / (pricer.fairProbabilities(market, 0)?.[0] ?? 1),
    }));
    const price = pricer.jointFairPrice(legs);
    expect(price.kind === 'priced' && price.fairPrice < price.singlesPrice).toBe(true);
  });

  it('refuses a parlay whose exact joint would exceed the work budget', () => {
    const pricer = createFixturePricer(PARAMS);
    const legs = ['p1', 'p2', 'p3', 'p4'].map((period) => ({
      market: testMarket(11, 'bothteamsscore', period, 0, SIDES.yesNo),
      outcomeName: 'Yes',
      playerId: 0,
      fairPrice: 1.01,
    }));
    expect(pricer.jointFairPrice([...legs, { ...legs[0], market: testMarket(11, 'correctscore', 'result', 0, ['100:100', 'Other']), outcomeName: 'Other' } as (typeof legs)[number]])).toMatchObject({
      kind: 'not_combinable',
      reason: 'joint_too_large',
    });
  });
});
