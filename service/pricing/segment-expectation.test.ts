import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFixturePricer } from './fixture-pricer.ts';
import type { ModelParams, SgpLeg } from './fixture-pricer.ts';
import { JOINT_WORK_LIMIT, JointTooLargeError, WorkBudget } from './joint-states.ts';
import type { ScoreProjection } from './score-grid.ts';
import type { DimSpec } from './score-model.ts';
import type { ExpectationFactor } from './segment-expectation.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';
import { exactExpectation, hashFactor, testSegmentModel } from '../testing/test-segment-model.ts';
import { americanFootballModel } from './american-football.ts';
import { basketballModel } from './basketball.ts';
import { PRE_MATCH } from './score-model.ts';

const PERIODS = ['p1', 'p2', 'p3', 'p1+p2', 'p2+p3', 'p1+p3', 'result', 'fulltime', 'p2+p3+overtime', 'qualify', 'overtime'] as const;
const PROJECTIONS: readonly ScoreProjection[] = ['total', 'margin', 'team1', 'team2'];

describe('SegmentModel.expectation', () => {
  it('equals the sum over the exact joint for any views of any rows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ period: fc.constantFrom(...PERIODS), projection: fc.constantFrom(...PROJECTIONS) }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 1000 }),
        (views, seed) => {
          const dims: DimSpec[] = views.map((v) => ({ period: v.period, unit: 'goals', projection: v.projection }));
          const factors = dims.map((_d, i) => hashFactor([i], seed + i));
          const m = testSegmentModel();
          const actual = m.expectation(dims, factors, new WorkBudget(JOINT_WORK_LIMIT));
          expect(actual).toBeCloseTo(exactExpectation(m, dims, factors), 12);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('equals the exact sum with a factor on both scores of a row', () => {
    for (const period of PERIODS) {
      const dims: DimSpec[] = [
        { period, unit: 'goals', projection: 'team1' },
        { period, unit: 'goals', projection: 'team2' },
        { period: 'p1', unit: 'goals', projection: 'margin' },
        { period: 'fulltime', unit: 'goals', projection: 'total' },
      ];
      const factors = [hashFactor([0, 1], 3), hashFactor([2], 5), hashFactor([3], 7)];
      const m = testSegmentModel();
      expect(m.expectation(dims, factors, new WorkBudget(JOINT_WORK_LIMIT)), period).toBeCloseTo(exactExpectation(m, dims, factors), 12);
    }
  });

  it('knows no row in another unit and throws beyond the budget', () => {
    const m = testSegmentModel();
    expect(m.expectation([{ period: 'p9', unit: 'goals', projection: 'total' }], [], new WorkBudget(1))).toBeNull();
    const dims: DimSpec[] = [{ period: 'fulltime', unit: 'goals', projection: 'total' }];
    expect(() => m.expectation(dims, [hashFactor([0], 1)], new WorkBudget(1))).toThrow(JointTooLargeError);
  });

  it('stays within the stated tolerance of the exact joint on a real basketball model (pruned cells)', () => {
    const m = basketballModel({ model: 'basketball', points1: 114, points2: 108 }, PRE_MATCH);
    const dims: DimSpec[] = [
      { period: 'result', unit: 'points', projection: 'margin' },
      { period: 'p1', unit: 'points', projection: 'total' },
    ];
    const factors = [hashFactor([0], 11), hashFactor([1], 13)];
    const exact = m.joint(dims, new WorkBudget(Number.POSITIVE_INFINITY));
    expect(exact).not.toBeNull();
    let sum = 0;
    const values = new Int32Array(exact?.states.lo.length ?? 0);
    exact?.states.forEach((key, p) => {
      exact.states.decode(key, values);
      sum += p * (factors[0]?.value(values[0] ?? 0, 0) ?? 1) * (factors[1]?.value(values[1] ?? 0, 0) ?? 1);
    });
    const pruned = m.expectation?.(dims, factors, new WorkBudget(JOINT_WORK_LIMIT)) ?? Number.NaN;
    // Factors ≤ 1.25 each: a mass error below 1e-8 moves the sum by < 1e-7.
    expect(Math.abs(pruned - sum)).toBeLessThan(1e-7);
  });
});

type LegSpec = readonly [marketType: string, period: string, handicap: number, outcome: string];

function fairLegs(params: ModelParams, sportId: number, specs: readonly LegSpec[]): SgpLeg[] {
  const pricer = createFixturePricer(params);
  return specs.map(([marketType, period, handicap, outcomeName]) => {
    const names = marketType === 'totals' ? SIDES.overUnder : SIDES.twoWay;
    const market = testMarket(sportId, marketType, period, handicap, names);
    const p = pricer.fairProbabilities(market, 0)?.[names.indexOf(outcomeName as never)];
    if (p === undefined) throw new Error(`no price for ${marketType} ${period}`);
    return { market, outcomeName, playerId: 0, fairPrice: 1 / p };
  });
}

const BASKETBALL: ModelParams = { model: 'basketball', points1: 114, points2: 108 };
const FOOTBALL: ModelParams = { model: 'american-football', points1: 24, points2: 21 };
const PERIOD_MONEYLINES: readonly LegSpec[] = [
  ['moneyline', 'fulltime', 0, '1'],
  ['moneyline', 'p1+p2', 0, '1'],
  ['moneyline', 'p3+p4+overtime', 0, '1'],
  ['moneyline', 'p1', 0, '1'],
  ['moneyline', 'p2', 0, '1'],
  ['moneyline', 'p3', 0, '1'],
  ['moneyline', 'p4', 0, '1'],
];

describe('joint fair price within the work budget', () => {
  it('prices moneylines on the game, both halves and every quarter of a basketball game', () => {
    const price = createFixturePricer(BASKETBALL).jointFairPrice(fairLegs(BASKETBALL, 11, PERIOD_MONEYLINES));
    expect(price.kind).toBe('priced');
  });

  it('prices moneylines on the game, both halves and every quarter of an American football game', () => {
    const price = createFixturePricer(FOOTBALL).jointFairPrice(fairLegs(FOOTBALL, 14, PERIOD_MONEYLINES));
    expect(price.kind).toBe('priced');
  });

  it('prices game spread and game total together within the budget', () => {
    const legs = fairLegs(BASKETBALL, 11, [
      ['spreads', 'fulltime', -5.5, '1'],
      ['totals', 'fulltime', 222.5, 'Over'],
    ]);
    const budget = new WorkBudget(JOINT_WORK_LIMIT);
    expect(createFixturePricer(BASKETBALL).jointFairPrice(legs, budget).kind).toBe('priced');
    expect(budget.used).toBeLessThanOrEqual(JOINT_WORK_LIMIT);
  });

  it('prices the seven period moneylines of a basketball game in under a tenth of the budget', () => {
    const budget = new WorkBudget(JOINT_WORK_LIMIT);
    expect(createFixturePricer(BASKETBALL).jointFairPrice(fairLegs(BASKETBALL, 11, PERIOD_MONEYLINES), budget).kind).toBe('priced');
    expect(budget.used).toBeLessThan(JOINT_WORK_LIMIT / 10);
  });

  it('prices game spread, game total and first-half total within the budget (the second half added backwards)', () => {
    const legs = fairLegs(BASKETBALL, 11, [
      ['spreads', 'fulltime', -5.5, '1'],
      ['totals', 'fulltime', 222.5, 'Over'],
      ['totals', 'p1+p2', 110.5, 'Over'],
    ]);
    const budget = new WorkBudget(JOINT_WORK_LIMIT);
    expect(createFixturePricer(BASKETBALL).jointFairPrice(legs, budget).kind).toBe('priced');
    expect(budget.used).toBeLessThanOrEqual(JOINT_WORK_LIMIT);
  });

  it('gives the same price as the exact joint on a three-leg American football parlay', () => {
    const legs = fairLegs(FOOTBALL, 14, [
      ['moneyline', 'fulltime', 0, '1'],
      ['moneyline', 'p1+p2', 0, '1'],
      ['totals', 'p1', 10.5, 'Over'],
    ]);
    const m = americanFootballModel({ model: 'american-football', points1: 24, points2: 21 }, PRE_MATCH);
    const dims: DimSpec[] = [
      { period: 'fulltime', unit: 'points', projection: 'margin' },
      { period: 'p1+p2', unit: 'points', projection: 'margin' },
      { period: 'p1', unit: 'points', projection: 'total' },
    ];
    // A moneyline draw is a push (return 1).
    const win = (d: number, value: number): number => (value > 0 ? (legs[d]?.fairPrice ?? 0) : value === 0 && d < 2 ? 1 : 0);
    const factors: ExpectationFactor[] = [
      { dims: [0], value: (v) => win(0, v) },
      { dims: [1], value: (v) => win(1, v) },
      { dims: [2], value: (v) => win(2, v - 10) },
    ];
    const joint = m.joint(dims, new WorkBudget(Number.POSITIVE_INFINITY));
    let sum = 0;
    const values = new Int32Array(joint?.states.lo.length ?? 0);
    joint?.states.forEach((key, p) => {
      joint.states.decode(key, values);
      sum += p * factors.reduce((w, f) => w * f.value(values[f.dims[0] ?? 0] ?? 0, 0), 1);
    });
    const price = createFixturePricer(FOOTBALL).jointFairPrice(legs);
    const singles = legs.reduce((p, leg) => p * leg.fairPrice, 1);
    expect(price.kind === 'priced' ? price.fairPrice : 0).toBeCloseTo(singles / sum, 8);
  });
});
