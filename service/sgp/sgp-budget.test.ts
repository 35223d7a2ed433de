// One book's SGP has one work budget (`SGP_WORK_LIMIT`, 10⁷ units, ≤ 20 ms of CPU): the fit's
// subset joints are its heaviest part. The combinations pinned here are bench:sgp-cost's and
// docs/api-parlay-sgp.md's: the heaviest basketball parlay quoted, and the lightest refused.
import { describe, expect, it } from 'vitest';
import { findMarket, getCatalogue } from '../catalogue/catalogue.ts';
import { createFixturePricer } from '../pricing/fixture-pricer.ts';
import type { ModelParams, SgpLeg } from '../pricing/fixture-pricer.ts';
import { SGP_WORK_LIMIT, sgpBudget } from './book-joint.ts';

const catalogue = getCatalogue();
const BASKETBALL: ModelParams = { model: 'basketball', points1: 114, points2: 108 };

type LegSpec = readonly [marketType: string, period: string, handicap: number, outcome: string];

function legsOf(specs: readonly LegSpec[]): SgpLeg[] {
  return specs.map(([marketType, period, handicap, outcomeName]) => {
    const market = findMarket(catalogue, 11, marketType, period, handicap);
    if (market === undefined) throw new Error(`no basketball market ${marketType} ${period} ${String(handicap)}`);
    return { market, outcomeName, playerId: 0, fairPrice: 2 };
  });
}

const SPREAD_TOTAL_HALF_TOTAL: readonly LegSpec[] = [
  ['spreads', 'fulltime', -5.5, '1'],
  ['totals', 'fulltime', 222.5, 'Over'],
  ['totals', 'p1+p2', 110.5, 'Over'],
];

describe('the SGP work budget', () => {
  it('quotes basketball game spread + game total + first-half total, its subsets in under 7·10⁶ units', () => {
    const budget = sgpBudget();
    const table = createFixturePricer(BASKETBALL).subsetWinProbabilities(legsOf(SPREAD_TOTAL_HALF_TOTAL), budget);
    if (!(table instanceof Float64Array)) throw new Error(`refused: ${table.reason}`);
    expect(table[0b111]).toBeGreaterThan(0);
    // The contraction of the last half skips the sums over a projection no leg of the subset
    // reads ({spread, first-half total}, {total, first-half total}): 9.5·10⁶ units before.
    expect(budget.used).toBeLessThan(7e6);
    expect(budget.used).toBeLessThanOrEqual(SGP_WORK_LIMIT);
  });

  it('refuses the same with a first-quarter total as joint_too_large', () => {
    const table = createFixturePricer(BASKETBALL).subsetWinProbabilities(legsOf([...SPREAD_TOTAL_HALF_TOTAL, ['totals', 'p1', 55.5, 'Over']]), sgpBudget());
    expect(table).toMatchObject({ kind: 'not_combinable', reason: 'joint_too_large' });
  });
});
