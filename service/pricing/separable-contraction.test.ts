import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { basketballModel } from './basketball.ts';
import { createFixturePricer } from './fixture-pricer.ts';
import type { ModelParams, SgpLeg } from './fixture-pricer.ts';
import { JOINT_WORK_LIMIT, WorkBudget } from './joint-states.ts';
import type { ScoreProjection } from './score-grid.ts';
import type { DimSpec } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import type { EliminationOptions } from './segment-expectation.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';
import { exactExpectation, hashFactor, testSegmentModel } from '../testing/test-segment-model.ts';

function traced(lastBlock: NonNullable<EliminationOptions['lastBlock']>): EliminationOptions & { trace: { lastBlock: 'forward' | 'backward' | 'none' } } {
  return { lastBlock, trace: { lastBlock: 'none' } };
}

const WHOLE_ROWS = ['result', 'fulltime', 'qualify'] as const;
const PART_ROWS = ['p1', 'p2', 'p1+p2', 'p2+p3'] as const;
const PROJECTIONS: readonly ScoreProjection[] = ['total', 'margin', 'team1', 'team2'];

describe('the last block added backwards on small grids', () => {
  it('equals the sum over the exact joint for a spread and a total of the game with a leg on an overlapping row', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...WHOLE_ROWS),
        fc.constantFrom(...WHOLE_ROWS),
        fc.constantFrom(...PART_ROWS),
        fc.constantFrom(...PROJECTIONS),
        fc.integer({ min: 1, max: 1000 }),
        (marginRow, totalRow, partRow, partProjection, seed) => {
          const dims: DimSpec[] = [
            { period: marginRow, unit: 'goals', projection: 'margin' },
            { period: totalRow, unit: 'goals', projection: 'total' },
            { period: partRow, unit: 'goals', projection: partProjection },
          ];
          const factors = dims.map((_d, i) => hashFactor([i], seed + i));
          const m = testSegmentModel();
          const options = traced('backward');
          const actual = m.expectation(dims, factors, new WorkBudget(JOINT_WORK_LIMIT), options);
          expect(options.trace.lastBlock).toBe('backward');
          expect(Math.abs((actual ?? Number.NaN) - exactExpectation(m, dims, factors))).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('equals the sum over the exact joint for a game total with a spread on the first segments', () => {
    for (const row of WHOLE_ROWS) {
      for (const part of PART_ROWS) {
        const dims: DimSpec[] = [
          { period: row, unit: 'goals', projection: 'total' },
          { period: part, unit: 'goals', projection: 'margin' },
        ];
        const factors = [hashFactor([0], 5), hashFactor([1], 7)];
        const m = testSegmentModel();
        const options = traced('backward');
        const actual = m.expectation(dims, factors, new WorkBudget(JOINT_WORK_LIMIT), options);
        // Without a tie-break the game's total alone is left (one projection): forwards is cheap.
        expect(options.trace.lastBlock, `${row} ${part}`).toBe(row === 'result' ? 'forward' : 'backward');
        expect(Math.abs((actual ?? Number.NaN) - exactExpectation(m, dims, factors)), `${row} ${part}`).toBeLessThan(1e-9);
      }
    }
  });

  it('adds the block forwards when the factors read three projections of the pair', () => {
    const dims: DimSpec[] = [
      { period: 'fulltime', unit: 'goals', projection: 'margin' },
      { period: 'fulltime', unit: 'goals', projection: 'total' },
      { period: 'fulltime', unit: 'goals', projection: 'team1' },
      { period: 'p1', unit: 'goals', projection: 'total' },
    ];
    const factors = dims.map((_d, i) => hashFactor([i], 11 + i));
    const m = testSegmentModel();
    const options = traced('backward');
    const actual = m.expectation(dims, factors, new WorkBudget(JOINT_WORK_LIMIT), options);
    expect(options.trace.lastBlock).toBe('forward');
    expect(Math.abs((actual ?? Number.NaN) - exactExpectation(m, dims, factors))).toBeLessThan(1e-9);
  });
});

const BASKETBALL: ModelParams = { model: 'basketball', points1: 114, points2: 108 };
const FOOTBALL: ModelParams = { model: 'american-football', points1: 24, points2: 21 };
const BASKETBALL_MODEL = basketballModel({ model: 'basketball', points1: 114, points2: 108 }, PRE_MATCH);

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

function jointProbability(params: ModelParams, sportId: number, specs: readonly LegSpec[], budget = new WorkBudget(JOINT_WORK_LIMIT)): number {
  const price = createFixturePricer(params).jointFairPrice(fairLegs(params, sportId, specs), budget);
  if (price.kind !== 'priced') throw new Error(`not priced: ${price.reason}`);
  return price.impliedJointProbability;
}

const SPREAD_TOTAL_HALF_TOTAL: readonly LegSpec[] = [
  ['spreads', 'fulltime', -5.5, '1'],
  ['totals', 'fulltime', 222.5, 'Over'],
  ['totals', 'p1+p2', 110.5, 'Over'],
];
const TOTAL_HALF_SPREAD: readonly LegSpec[] = [
  ['totals', 'fulltime', 222.5, 'Over'],
  ['spreads', 'p1+p2', -2.5, '1'],
];

describe('basketball parlays on a game row and an overlapping row', () => {
  it('gives the same expectation backwards as forwards on a real basketball model (game spread, game total, first-half total)', () => {
    const dims: DimSpec[] = [
      { period: 'fulltime', unit: 'points', projection: 'margin' },
      { period: 'fulltime', unit: 'points', projection: 'total' },
      { period: 'p1+p2', unit: 'points', projection: 'total' },
    ];
    const factors = dims.map((_d, i) => hashFactor([i], 3 + i));
    const backward = traced('backward');
    const forward = traced('forward');
    const fast = BASKETBALL_MODEL.expectation?.(dims, factors, new WorkBudget(JOINT_WORK_LIMIT), backward) ?? Number.NaN;
    const slow = BASKETBALL_MODEL.expectation?.(dims, factors, new WorkBudget(1e12), forward) ?? Number.NaN;
    expect([backward.trace.lastBlock, forward.trace.lastBlock]).toEqual(['backward', 'forward']);
    expect(Math.abs(fast - slow)).toBeLessThan(1e-9);
  });

  it('prices game spread + game total + first-half total within a third of the work budget', () => {
    const budget = new WorkBudget(JOINT_WORK_LIMIT);
    const p = jointProbability(BASKETBALL, 11, SPREAD_TOTAL_HALF_TOTAL, budget);
    expect(p).toBeGreaterThan(0);
    expect(budget.used).toBeLessThan(JOINT_WORK_LIMIT / 3);
  });

  it('prices game total + first-half spread within a third of the work budget', () => {
    const budget = new WorkBudget(JOINT_WORK_LIMIT);
    const p = jointProbability(BASKETBALL, 11, TOTAL_HALF_SPREAD, budget);
    expect(p).toBeGreaterThan(0);
    expect(budget.used).toBeLessThan(JOINT_WORK_LIMIT / 3);
  });

  it('prices the American football game spread + game total + first-half total within the budget', () => {
    const budget = new WorkBudget(JOINT_WORK_LIMIT);
    expect(jointProbability(FOOTBALL, 14, [['spreads', 'fulltime', -3.5, '1'], ['totals', 'fulltime', 44.5, 'Over'], ['totals', 'p1+p2', 22.5, 'Over']], budget)).toBeGreaterThan(0);
    expect(budget.used).toBeLessThanOrEqual(JOINT_WORK_LIMIT);
  });

  it('gives a one-leg parlay on the backward path the leg\'s fair probability', () => {
    // The first-half view (factor 1) shapes the blocks; only the game total is a leg.
    const dims: DimSpec[] = [
      { period: 'fulltime', unit: 'points', projection: 'total' },
      { period: 'p1+p2', unit: 'points', projection: 'total' },
    ];
    const over = { dims: [0], value: (v: number) => (v > 222.5 ? 1 : 0) };
    const options = traced('backward');
    const p = BASKETBALL_MODEL.expectation?.(dims, [over, { dims: [1], value: () => 1 }], new WorkBudget(JOINT_WORK_LIMIT), options) ?? Number.NaN;
    const fair = createFixturePricer(BASKETBALL).fairProbabilities(testMarket(11, 'totals', 'fulltime', 222.5, SIDES.overUnder), 0)?.[0] ?? Number.NaN;
    expect(options.trace.lastBlock).toBe('backward');
    expect(Math.abs(p - fair)).toBeLessThan(1e-9);
  });

  it('never gives a joint probability above the least likely leg', () => {
    fc.assert(
      fc.property(fc.constantFrom(-7.5, -1.5, 3.5), fc.constantFrom(214.5, 228.5), fc.constantFrom(104.5, 114.5), fc.constantFrom('Over', 'Under'), (spread, total, half, side) => {
        const specs: LegSpec[] = [
          ['spreads', 'fulltime', spread, '1'],
          ['totals', 'fulltime', total, side],
          ['totals', 'p1+p2', half, 'Over'],
        ];
        const legs = fairLegs(BASKETBALL, 11, specs);
        const least = Math.min(...legs.map((leg) => 1 / leg.fairPrice));
        expect(jointProbability(BASKETBALL, 11, specs)).toBeLessThanOrEqual(least + 1e-12);
      }),
      { numRuns: 4 },
    );
  });

  it('splits P(A) into P(A and B) + P(A and not B) for B a first-half total', () => {
    fc.assert(
      fc.property(fc.constantFrom(-7.5, -1.5, 3.5), fc.constantFrom(214.5, 228.5), fc.constantFrom(104.5, 110.5, 114.5), (spread, total, half) => {
        const a: LegSpec[] = [
          ['spreads', 'fulltime', spread, '1'],
          ['totals', 'fulltime', total, 'Over'],
        ];
        const withB = jointProbability(BASKETBALL, 11, [...a, ['totals', 'p1+p2', half, 'Over']]);
        const withNotB = jointProbability(BASKETBALL, 11, [...a, ['totals', 'p1+p2', half, 'Under']]);
        expect(Math.abs(withB + withNotB - jointProbability(BASKETBALL, 11, a))).toBeLessThan(1e-9);
      }),
      { numRuns: 4 },
    );
  });
});
