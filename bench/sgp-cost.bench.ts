// `npx tsx bench/sgp-cost.bench.ts`: the cost of one SGP joint fair price for the heaviest leg
// combinations bettors build, per sport (fresh pricer each time, as for a fixture whose state just
// changed), against the previous path measured in the same run (the exact joint of every view,
// then the sum over it, under the old 6·10⁷-unit budget); and of one full model reprice per sport.
// Times are CPU milliseconds of this process, the best of a few runs: the 2-core machine is shared.
import { findMarket, getCatalogue } from '../service/catalogue/catalogue.ts';
import type { CatalogueMarket } from '../service/catalogue/types.ts';
import { createFixturePricer, createScoreModel } from '../service/pricing/fixture-pricer.ts';
import type { ModelParams, SgpLeg } from '../service/pricing/fixture-pricer.ts';
import { JOINT_WORK_LIMIT, JointTooLargeError, SPARSE_WORK, WorkBudget } from '../service/pricing/joint-states.ts';
import { marketProjection } from '../service/pricing/market-families.ts';
import type { DimSpec, InPlayState } from '../service/pricing/score-model.ts';
import { PRE_MATCH } from '../service/pricing/score-model.ts';
import { scoreUnit } from '../service/pricing/score-unit.ts';
import { reportRow } from './report.ts';

const BENCH = 'bench:sgp-cost';
const RUNS = Number(process.env.BENCH_SGP_RUNS ?? 5);
/** The budget before this change (6·10⁷ units, almost all hash-map updates), in today's units. */
const OLD_WORK_LIMIT = 6e7 * SPARSE_WORK;
const catalogue = getCatalogue();

interface Sport {
  readonly name: string;
  readonly sportId: number;
  readonly params: ModelParams;
}

const SPORTS: readonly Sport[] = [
  { name: 'soccer', sportId: 10, params: { model: 'soccer', goals1: 1.6, goals2: 1.1, rho: -0.08, knockout: true } },
  { name: 'basketball', sportId: 11, params: { model: 'basketball', points1: 114, points2: 108 } },
  { name: 'american-football', sportId: 14, params: { model: 'american-football', points1: 24, points2: 21 } },
  { name: 'ice-hockey', sportId: 15, params: { model: 'ice-hockey', goals1: 3.2, goals2: 2.8 } },
  { name: 'baseball', sportId: 13, params: { model: 'baseball', runs1: 4.8, runs2: 4.2 } },
  { name: 'tennis', sportId: 12, params: { model: 'tennis', serve1: 0.66, serve2: 0.6, bestOf: 5 } },
  { name: 'esports', sportId: 83, params: { model: 'esports', kills1: 15, kills2: 13, killWeight: 0.3, bestOf: 3 } },
];

type LegSpec = readonly [marketType: string, period: string, handicap: number, outcome: string];

const QUARTERS = ['p1', 'p2', 'p3', 'p4'];
const HALVES_AND_QUARTERS = (marketType: string): LegSpec[] => [
  [marketType, 'fulltime', 0, '1'],
  [marketType, 'p1+p2', 0, '1'],
  [marketType, 'p3+p4+overtime', 0, '1'],
  ...QUARTERS.map((q): LegSpec => [marketType, q, 0, '1']),
];
/** Per sport: the leg combinations timed (catalogue markets); the first is the brief's 4-leg combo where it applies. */
const COMBOS: Readonly<Record<string, readonly (readonly LegSpec[])[]>> = {
  soccer: [
    [['1x2', 'result', 0, '1'], ['1x2', 'p1', 0, '1'], ['totals', 'p2', 1.5, 'Over'], ['bothteamsscore', 'result', 0, 'Yes']],
    [['1x2', 'result', 0, '1'], ['correctscore', 'p1', 0, '1:0'], ['totals', 'result', 2.5, 'Over'], ['spreads', 'p2', -0.5, '1'], ['toqualify', 'fulltime', 0, '1']],
  ],
  basketball: [
    HALVES_AND_QUARTERS('moneyline').slice(0, 4),
    HALVES_AND_QUARTERS('moneyline'),
    [['spreads', 'fulltime', -5.5, '1'], ['totals', 'fulltime', 222.5, 'Over']],
    [['spreads', 'fulltime', -5.5, '1'], ['totals', 'p1+p2', 110.5, 'Over'], ['spreads', 'p3+p4+overtime', -2.5, '1'], ['totals', 'p1', 55.5, 'Over']],
    // Both scores of the game and an overlapping row: the second half is added backwards.
    [['spreads', 'fulltime', -5.5, '1'], ['totals', 'fulltime', 222.5, 'Over'], ['totals', 'p1+p2', 110.5, 'Over']],
    [['totals', 'fulltime', 222.5, 'Over'], ['spreads', 'p1+p2', -2.5, '1']],
  ],
  'american-football': [
    HALVES_AND_QUARTERS('moneyline').slice(0, 4),
    HALVES_AND_QUARTERS('moneyline'),
    [['spreads', 'fulltime', -3.5, '1'], ['totals', 'fulltime', 44.5, 'Over'], ['totals', 'p1+p2', 22.5, 'Over']],
    [['spreads', 'fulltime', -3.5, '1'], ['totals', 'p1+p2', 22.5, 'Over'], ['spreads', 'p3+p4+overtime', -1.5, '1'], ['totals', 'p1', 10.5, 'Over']],
    [['totals', 'fulltime', 44.5, 'Over'], ['spreads', 'p1+p2', -1.5, '1']],
  ],
  'ice-hockey': [
    [['moneyline', 'fulltime', 0, '1'], ['1x2', 'p1', 0, '1'], ['1x2', 'p2', 0, '1'], ['1x2', 'p3', 0, '1'], ['totals', 'result', 5.5, 'Over']],
  ],
  baseball: [
    [['moneyline', 'fulltime', 0, '1'], ['moneyline', 'p1+p2+p3+p4+p5', 0, '1'], ['moneyline', 'p1+p2+p3', 0, '1'], ['1x2', 'p1', 0, 'X']],
    [['moneyline', 'fulltime', 0, '1'], ['totals', 'fulltime', 8.5, 'Over'], ['totals', 'p1+p2+p3+p4+p5', 4.5, 'Over'], ['totals', 'p1+p2+p3', 2.5, 'Over'], ...['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'].map((q): LegSpec => ['totals', q, 0.5, 'Over'])],
  ],
  tennis: [
    [['moneyline', 'fulltime', 0, '1'], ['moneyline', 'p1', 0, '1'], ['moneyline', 'p2', 0, '1'], ['totals-games', 'fulltime', 38.5, 'Under'], ['spreads-games', 'p3', -1.5, '1']],
    [['moneyline', 'fulltime', 0, '1'], ['totals-games', 'fulltime', 38.5, 'Over'], ['totals-games', 'p1', 9.5, 'Over'], ['totals-games', 'p2', 9.5, 'Over'], ['totals-games', 'p3', 9.5, 'Over'], ['spreads-games', 'p4', -1.5, '1']],
  ],
  esports: [
    [['moneyline', 'result', 0, '1'], ['moneyline', 'p1', 0, '1'], ['moneyline', 'p2', 0, '1'], ['moneyline', 'p3', 0, '1']],
    [['moneyline', 'result', 0, '1'], ['totals-kills', 'p1', 27.5, 'Over'], ['totals-kills', 'p2', 27.5, 'Over'], ['totals-kills', 'p3', 27.5, 'Over'], ['spreads-kills', 'p1', -2.5, '1'], ['firstblood', 'p2', 0, '1']],
  ],
};

function cpuMs(): number {
  return process.cpuUsage().user / 1000;
}

function market(sportId: number, marketType: string, period: string, handicap: number): CatalogueMarket | undefined {
  return findMarket(catalogue, sportId, marketType, period, handicap) ?? catalogue.bySport.get(sportId)?.find((m) => m.marketType === marketType && m.period === period);
}

function legsOf(sport: Sport, specs: readonly LegSpec[]): SgpLeg[] | string {
  const pricer = createFixturePricer(sport.params, PRE_MATCH);
  const legs: SgpLeg[] = [];
  for (const [marketType, period, handicap, outcomeName] of specs) {
    const m = market(sport.sportId, marketType, period, handicap);
    if (m === undefined) return `no market ${marketType} ${period} ${String(handicap)}`;
    const p = pricer.fairProbabilities(m, 0)?.[m.outcomes.findIndex((o) => o.outcomeName === outcomeName)];
    if (p === undefined || !(p > 0)) return `unpriceable ${marketType} ${period}`;
    legs.push({ market: m, outcomeName, playerId: 0, fairPrice: 1 / p });
  }
  return legs;
}

/** The previous path: the exact joint of every view the legs need, then Σ over its states. */
function oldPath(params: ModelParams, state: InPlayState, legs: readonly SgpLeg[]): string {
  const model = createScoreModel(params, state);
  const dims: DimSpec[] = [];
  for (const leg of legs) {
    const projection = marketProjection(leg.market.marketType);
    if (projection === null) return 'special';
    const unit = scoreUnit(leg.market);
    if (projection === 'cell') dims.push({ period: leg.market.period, unit, projection: 'team1' }, { period: leg.market.period, unit, projection: 'team2' });
    else dims.push({ period: leg.market.period, unit, projection });
  }
  try {
    const joint = model.joint(dims, new WorkBudget(OLD_WORK_LIMIT));
    let sum = 0;
    joint?.states.forEach((_key, p) => {
      sum += p;
    });
    return sum > 0 ? 'priced' : 'empty';
  } catch (error) {
    if (error instanceof JointTooLargeError) return 'joint_too_large';
    throw error;
  }
}

function best(runs: number, fn: () => void): number {
  let min = Infinity;
  for (let r = 0; r < runs; r += 1) {
    const start = cpuMs();
    fn();
    min = Math.min(min, cpuMs() - start);
  }
  return min;
}

const state = PRE_MATCH;
for (const sport of SPORTS) {
  let worst = { ms: -1, legs: 0, outcome: '', work: 0, oldMs: 0, oldOutcome: '' };
  for (const specs of COMBOS[sport.name] ?? []) {
    const legs = legsOf(sport, specs);
    if (typeof legs === 'string') {
      console.log(`${sport.name}: skipped (${legs})`);
      continue;
    }
    let outcome = '';
    let work = 0;
    const ms = best(RUNS, () => {
      const budget = new WorkBudget(JOINT_WORK_LIMIT);
      const price = createFixturePricer(sport.params, state).jointFairPrice(legs, budget);
      outcome = price.kind === 'priced' ? `priced ${price.fairPrice.toFixed(4)}` : price.reason;
      work = budget.used;
    });
    let oldOutcome = '';
    const oldMs = best(1, () => {
      oldOutcome = oldPath(sport.params, state, legs);
    });
    console.log(
      `${sport.name} ${String(legs.length)} legs (${specs.map((s) => `${s[0]} ${s[1]}`).join(', ')}): ${ms.toFixed(1)} ms, ${outcome}, ${work.toExponential(2)} units; old path ${oldMs.toFixed(0)} ms (${oldOutcome})`,
    );
    if (ms > worst.ms) worst = { ms, legs: legs.length, outcome, work, oldMs, oldOutcome };
  }
  if (worst.ms >= 0) {
    reportRow({
      bench: BENCH,
      metric: `SGP joint fair price, worst combo, ${sport.name} (${String(worst.legs)} legs, ${worst.outcome.split(' ')[0] ?? ''})`,
      value: worst.ms,
      unit: 'ms',
      // The previous path cannot take a leg graded off the score (first blood, to qualify).
      baseline: worst.oldOutcome === 'special' ? null : { label: `previous exact joint (${worst.oldOutcome})`, value: worst.oldMs },
      target: { op: '<=', value: 20 },
      note: `${worst.work.toExponential(2)} work units of ${JOINT_WORK_LIMIT.toExponential(0)}`,
    });
  }
  const nonProps = (catalogue.bySport.get(sport.sportId) ?? []).filter((m) => !m.playerProp);
  const repriceMs = best(RUNS, () => {
    const pricer = createFixturePricer(sport.params, state);
    for (const m of nonProps) pricer.fairProbabilities(m, 0);
  });
  reportRow({ bench: BENCH, metric: `model reprice, ${sport.name} (${String(nonProps.length)} markets, pre-match)`, value: repriceMs, unit: 'ms', baseline: null, target: null });
}
