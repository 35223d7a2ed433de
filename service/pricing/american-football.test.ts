import { describe, expect, it } from 'vitest';
import { returnFactor } from '../../src/domain/grade.ts';
import { selectionGrader } from '../../src/domain/settlement.ts';
import type { AmericanFootballParams } from './american-football.ts';
import { DRIVES_PER_QUARTER, americanFootballModel, drivePoints, drivesPoints } from './american-football.ts';
import { createFixturePricer } from './fixture-pricer.ts';
import { PricingError } from './pricing-error.ts';
import type { Dist1D, ScoreGrid } from './score-grid.ts';
import { cellMass, gridMass, projectGrid } from './score-grid.ts';
import type { InPlayState } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';

const PARAMS: AmericanFootballParams = { model: 'american-football', points1: 24, points2: 20 };
const moneyline = testMarket(14, 'moneyline', 'fulltime', 0, SIDES.twoWay);

function grid(period: string, params = PARAMS, state: InPlayState = PRE_MATCH): ScoreGrid {
  const row = americanFootballModel(params, state).row(period, 'points');
  if (row === null) throw new Error(`no row ${period}`);
  return row.grid;
}

const mean = (dist: Dist1D): number => dist.mass.reduce((s, p, k) => s + p * (dist.min + k), 0);
const at = (dist: Dist1D, v: number): number => dist.mass[v - dist.min] ?? 0;

function win(params = PARAMS, state: InPlayState = PRE_MATCH): number {
  return createFixturePricer(params, state).fairProbabilities(moneyline, 0)?.[0] ?? Number.NaN;
}

describe('american football model', () => {
  it('scores the expected points over twelve drives', () => {
    expect(mean(drivePoints(24)) * 4 * DRIVES_PER_QUARTER).toBeCloseTo(24, 12);
    expect(mean(projectGrid(grid('result'), 'team2'))).toBeCloseTo(20, 10);
  });

  it('puts the key margins 3 and 7 above their neighbours', () => {
    const margin = projectGrid(grid('result', { ...PARAMS, points2: 24 }), 'margin');
    expect(at(margin, 3)).toBeGreaterThan(at(margin, 2));
    expect(at(margin, 3)).toBeGreaterThan(at(margin, 5));
    expect(at(margin, 7)).toBeGreaterThan(at(margin, 6));
    expect(at(margin, 7)).toBeGreaterThan(at(margin, 9));
  });

  it('has a margin standard deviation near the league figure of 13.5', () => {
    const margin = projectGrid(grid('result', { ...PARAMS, points1: 22, points2: 22 }), 'margin');
    const sd = Math.sqrt(margin.mass.reduce((s, p, k) => s + p * (margin.min + k) ** 2, 0));
    expect(sd).toBeGreaterThan(12.5);
    expect(sd).toBeLessThan(14.5);
  });

  it('gives every row a distribution that sums to 1', () => {
    for (const period of ['p1', 'p2', 'p3', 'p4', 'p1+p2', 'p3+p4+overtime', 'result', 'overtime', 'fulltime']) {
      expect(gridMass(grid(period)), period).toBeCloseTo(1, 12);
    }
  });

  it('can end fulltime tied after a level overtime, but less often than regulation', () => {
    const fulltime = grid('fulltime');
    const result = grid('result');
    const draw = (g: ScoreGrid): number => at(projectGrid(g, 'margin'), 0);
    expect(draw(fulltime)).toBeGreaterThan(0);
    expect(draw(fulltime)).toBeLessThan(draw(result) / 2);
  });

  it('mixes the neighbouring whole numbers of drives for a fraction', () => {
    const drive = drivePoints(21);
    const half = drivesPoints(drive, 1.5);
    expect(mean(half)).toBeCloseTo(1.5 * mean(drive), 12);
    expect(cellMass({ min1: 0, min2: 0, size1: 1, size2: half.mass.length, mass: half.mass }, 0, 0)).toBeCloseTo(
      0.5 * (drive.mass[0] ?? 0) + 0.5 * (drive.mass[0] ?? 0) ** 2,
      12,
    );
  });

  it('rejects expected points no drive model can reach', () => {
    expect(() => drivePoints(120)).toThrow(PricingError);
  });

  it('raises participant 1 win probability with strength and with a lead', () => {
    expect(win({ ...PARAMS, points1: 30 })).toBeGreaterThan(win());
    const leading: InPlayState = { elapsed: 0.5, scores: { points: { p1: { participant1Score: 14, participant2Score: 0 } } } };
    expect(win(PARAMS, leading)).toBeGreaterThan(win());
  });

  it('sends the leader win probability to 1 as time runs out', () => {
    const state = (elapsed: number): InPlayState => ({ elapsed, scores: { points: { p4: { participant1Score: 10, participant2Score: 0 } } } });
    expect(win(PARAMS, state(0.97))).toBeGreaterThan(win(PARAMS, state(0.8)));
    expect(win(PARAMS, state(1))).toBe(1);
  });

  it('prices a first-quarter and a full-game leg from the joint of both rows', () => {
    const pricer = createFixturePricer(PARAMS);
    const quarterOver = testMarket(14, 'totals', 'p1', 9.5, SIDES.overUnder);
    const cover = testMarket(14, 'spreads', 'result', -3.5, SIDES.twoWay);
    const prices = [quarterOver, cover].map((m) => 1 / (pricer.fairProbabilities(m, 0)?.[0] ?? 1));
    // Independently: first quarter × the other three quarters, cell by cell.
    const first = grid('p1');
    const rest = grid('p2+p3+p4');
    const over = selectionGrader(quarterOver, 'Over');
    const home = selectionGrader(cover, '1');
    let expectation = 0;
    for (let a = 0; a < first.size1; a += 1) {
      for (let b = 0; b < first.size2; b += 1) {
        const p = cellMass(first, a, b);
        if (p === 0) continue;
        const legOne = returnFactor(over(a, b), prices[0] ?? 0);
        for (let c = 0; c < rest.size1; c += 1) {
          for (let d = 0; d < rest.size2; d += 1) {
            const q = cellMass(rest, c, d);
            if (q !== 0) expectation += p * q * legOne * returnFactor(home(a + c, b + d), prices[1] ?? 0);
          }
        }
      }
    }
    const price = pricer.jointFairPrice(
      [quarterOver, cover].map((market, i) => ({ market, outcomeName: i === 0 ? 'Over' : '1', playerId: 0, fairPrice: prices[i] ?? 0 })),
    );
    expect(price.kind === 'priced' ? price.fairPrice : 0).toBeCloseTo(((prices[0] ?? 0) * (prices[1] ?? 0)) / expectation, 10);
  });
});
