// `npm run bench:sgp-cost`: the cost of one SGP quote at one bookmaker, for the heaviest leg
// combinations bettors build, per sport, on the path a real /fixtures/odds/sgp request takes
// (service/http/routes/sgp.ts → SimulatedSgpBackends.price): the book's no-vig legs, the model's
// joint of every subset of the legs (memoised per fixture state as in sim-port.ts), the IPF fit,
// and the caps (the book's maximum price, and every single it quotes that may lie inside the
// parlay). Each run starts from a fresh pricer, as for a fixture whose state just changed (in
// play: every clock step). The book quotes the singles the simulator offers (per line family the
// lines nearest even, fixture-runtime.ts) plus the legs' own markets, at bet365's margins. The
// same-run baseline is the call this bench timed before issue 20: the model's `jointFairPrice` of
// the legs alone (one joint, no fit, no caps). Times are CPU milliseconds of this process, the best
// of a few runs: the 2-core machine is shared.
import { buildFixtureId, parseOddsId } from '../src/domain/ids.ts';
import type { OddsEntry } from '../src/wire/shared-schemas.ts';
import { bookmakerBySlug } from '../service/catalogue/bookmakers.ts';
import { findMarket, getCatalogue } from '../service/catalogue/catalogue.ts';
import type { CatalogueMarket } from '../service/catalogue/types.ts';
import { createFixturePricer } from '../service/pricing/fixture-pricer.ts';
import type { FixturePricer, ModelParams, SgpLeg, SubsetWinProbabilities, WinProbability } from '../service/pricing/fixture-pricer.ts';
import { JOINT_WORK_LIMIT, WorkBudget } from '../service/pricing/joint-states.ts';
import type { InPlayState } from '../service/pricing/score-model.ts';
import { PRE_MATCH } from '../service/pricing/score-model.ts';
import { SimulatedSgpBackends, requestJointPricing } from '../service/sgp/backends.ts';
import { SGP_WORK_LIMIT } from '../service/sgp/book-joint.ts';
import type { SgpAnswer, SgpQuoteRequest } from '../service/sgp/backends.ts';
import { memoSubsetWinProbabilities, memoWinProbability } from '../service/sgp/model-legs.ts';
import { defaultSgpKnobs } from '../service/sgp/port.ts';
import { chooseOfferedMarkets } from '../service/sim/fixture-runtime.ts';
import { PricingQuotes } from '../service/sim/pricing-adapter.ts';
import { reportRow } from './report.ts';

const BENCH = 'bench:sgp-cost';
const RUNS = Number(process.env.BENCH_SGP_RUNS ?? 5);
const BOOK = bookmakerBySlug('bet365');
/** Comma-separated sport names to time (all by default), e.g. for a `node --cpu-prof` run of one sport. */
const ONLY = process.env.BENCH_SGP_SPORTS?.split(',') ?? null;
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

function best(runs: number, fn: () => void): number {
  let min = Infinity;
  for (let r = 0; r < runs; r += 1) {
    const start = cpuMs();
    fn();
    min = Math.min(min, cpuMs() - start);
  }
  return min;
}

/** The bench fixture of a sport (tournament 1, provider fixture 1). */
const fixtureIdOf = (sport: Sport): string => buildFixtureId({ providerSlug: 'sim', sportId: sport.sportId, tournamentId: 1, providerFixtureId: '1' });
const oddsIdOf = (sport: Sport, outcomeId: number): string => `${fixtureIdOf(sport)}:${BOOK.bookmaker}:${String(outcomeId)}:0`;

/** The book's singles on the fixture: the markets the simulator offers, plus `extra` (the legs' markets). */
function bookOddsOf(sport: Sport, pricer: FixturePricer, extra: readonly CatalogueMarket[]): Record<string, OddsEntry> {
  const quotes = new PricingQuotes();
  const nonProps = (catalogue.bySport.get(sport.sportId) ?? []).filter((m) => !m.playerProp);
  const offered = chooseOfferedMarkets(nonProps, pricer, []).map(({ market: m, lined }) => ({ market: m, main: !lined }));
  for (const m of extra) if (!offered.some((o) => o.market === m)) offered.push({ market: m, main: false });
  const odds: Record<string, OddsEntry> = {};
  for (const { market: m, main } of offered) {
    const fair = pricer.fairProbabilities(m, 0);
    if (fair === null) continue;
    const prices = quotes.quote(fair, BOOK, main);
    m.outcomes.forEach((outcome, i) => {
      const price = prices[i] ?? 1.01;
      odds[oddsIdOf(sport, outcome.outcomeId)] = {
        bookmaker: BOOK.bookmaker,
        outcomeId: outcome.outcomeId,
        playerId: 0,
        marketId: m.marketId,
        active: true,
        marketActive: true,
        mainLine: main,
        price,
        priceAmerican: null,
        changedAt: 0,
      };
    });
  }
  return odds;
}

interface Timed {
  readonly label: string;
  readonly legs: number;
  readonly ms: number;
  readonly outcome: string;
  readonly work: number;
  readonly oldMs: number;
}

const backends = new SimulatedSgpBackends({ now: () => 0 }, defaultSgpKnobs());

/** One bookmaker's SGP quote, as the /sgp handler asks for it, from a fresh pricer. */
function quoteOnce(sport: Sport, state: InPlayState, request: Omit<SgpQuoteRequest, 'pricing'>, spent: { work: number }): SgpAnswer {
  const pricer = createFixturePricer(sport.params, state);
  const wins = new Map<string, WinProbability>();
  const subsets = new Map<string, SubsetWinProbabilities>();
  const pricing = requestJointPricing({
    jointFairPrice: () => 'unknown_fixture',
    winProbability: (_fixtureId, legs, budget) => {
      const before = budget?.used ?? 0;
      const win = memoWinProbability(pricer, catalogue, wins, legs, budget);
      spent.work += (budget?.used ?? 0) - before;
      return win;
    },
    subsetWinProbabilities: (_fixtureId, legs, budget) => {
      const before = budget?.used ?? 0;
      const table = memoSubsetWinProbabilities(pricer, catalogue, subsets, legs, budget);
      spent.work += (budget?.used ?? 0) - before;
      return table;
    },
  });
  return backends.price({ ...request, pricing });
}

function describeAnswer(answer: SgpAnswer): string {
  switch (answer.kind) {
    case 'quoted':
      return `quoted ${answer.quote.price.toFixed(2)} (fair ${answer.quote.fairPrice.toFixed(3)})`;
    case 'not_combinable':
      return `not_combinable (${answer.detail.split(':')[0] ?? ''})`;
    case 'unresolved':
      return `unresolved (${answer.cause})`;
  }
}

function timeCombo(sport: Sport, state: InPlayState, specs: readonly LegSpec[]): Timed | string {
  const setup = createFixturePricer(sport.params, state);
  const markets: CatalogueMarket[] = [];
  const legs: SgpLeg[] = [];
  for (const [marketType, period, handicap, outcomeName] of specs) {
    const m = market(sport.sportId, marketType, period, handicap);
    if (m === undefined) return `no market ${marketType} ${period} ${String(handicap)}`;
    const p = setup.fairProbabilities(m, 0)?.[m.outcomes.findIndex((o) => o.outcomeName === outcomeName)];
    if (p === undefined || !(p > 0)) return `unpriceable ${marketType} ${period}`;
    markets.push(m);
    legs.push({ market: m, outcomeName, playerId: 0, fairPrice: 1 / p });
  }
  const bookOdds = bookOddsOf(sport, setup, markets);
  const found = legs.map((leg) => {
    const outcomeId = leg.market.outcomes.find((o) => o.outcomeName === leg.outcomeName)?.outcomeId ?? 0;
    const oddsId = oddsIdOf(sport, outcomeId);
    const entry = bookOdds[oddsId];
    if (entry === undefined) throw new Error(`no entry ${oddsId}`);
    return { leg: parseOddsId(oddsId), entry };
  });
  const terms = BOOK.sgp;
  if (terms === null) throw new Error(`${BOOK.bookmaker} offers no SGP`);
  const request: Omit<SgpQuoteRequest, 'pricing'> = {
    fixtureId: fixtureIdOf(sport),
    parlayId: found.map((f) => f.leg.oddsId).join(','),
    profile: BOOK,
    terms,
    bookmakerFixtureId: 'bench',
    legs: found,
    bookOdds,
  };
  let outcome = '';
  const spent = { work: 0 };
  const ms = best(RUNS, () => {
    spent.work = 0;
    outcome = describeAnswer(quoteOnce(sport, state, request, spent));
  });
  const oldMs = best(RUNS, () => {
    createFixturePricer(sport.params, state).jointFairPrice(legs, new WorkBudget(JOINT_WORK_LIMIT));
  });
  const label = specs.map((s) => `${s[0]} ${s[1]}`).join(', ');
  return { label, legs: legs.length, ms, outcome, work: spent.work, oldMs };
}

/** Work units per CPU millisecond of every combination that charged at least 10⁶ units (the budget's calibration). */
const rates: { readonly label: string; readonly unitsPerMs: number }[] = [];
const quotedSet: string[] = [];
const refusedSet: string[] = [];

for (const sport of SPORTS.filter((s) => ONLY === null || ONLY.includes(s.name))) {
  let worst: Timed | null = null;
  for (const specs of COMBOS[sport.name] ?? []) {
    const timed = timeCombo(sport, PRE_MATCH, specs);
    if (typeof timed === 'string') {
      console.log(`${sport.name}: skipped (${timed})`);
      continue;
    }
    console.log(
      `${sport.name} ${String(timed.legs)} legs (${timed.label}): ${timed.ms.toFixed(1)} ms, ${timed.outcome}, ${timed.work.toExponential(2)} units; jointFairPrice alone ${timed.oldMs.toFixed(1)} ms`,
    );
    if (worst === null || timed.ms > worst.ms) worst = timed;
    const name = `${sport.name} ${String(timed.legs)} legs (${timed.label})`;
    (timed.outcome.startsWith('quoted') ? quotedSet : refusedSet).push(timed.outcome.startsWith('quoted') ? name : `${name}: ${timed.outcome}`);
    if (timed.work >= 1e6) rates.push({ label: `${sport.name} ${String(timed.legs)} legs`, unitsPerMs: timed.work / timed.ms });
  }
  if (worst !== null) {
    reportRow({
      bench: BENCH,
      metric: `SGP quote at ${BOOK.bookmaker}, worst combo, ${sport.name} pre-match (${String(worst.legs)} legs, ${worst.outcome.split(' ')[0] ?? ''})`,
      value: worst.ms,
      unit: 'ms',
      baseline: { label: "the same legs' jointFairPrice alone (the call timed before issue 20)", value: worst.oldMs },
      target: { op: '<=', value: 20 },
      note: `${worst.label}; ${worst.work.toExponential(2)} work units of ${SGP_WORK_LIMIT.toExponential(0)}`,
    });
  }
  const nonProps = (catalogue.bySport.get(sport.sportId) ?? []).filter((m) => !m.playerProp);
  const repriceMs = best(RUNS, () => {
    const pricer = createFixturePricer(sport.params, PRE_MATCH);
    for (const m of nonProps) pricer.fairProbabilities(m, 0);
  });
  reportRow({ bench: BENCH, metric: `model reprice, ${sport.name} (${String(nonProps.length)} markets, pre-match)`, value: repriceMs, unit: 'ms', baseline: null, target: null });
}

console.log(`quoted (${String(quotedSet.length)}):\n  ${quotedSet.join('\n  ')}`);
console.log(`refused (${String(refusedSet.length)}):\n  ${refusedSet.join('\n  ')}`);
if (rates.length > 0) {
  for (const r of rates) console.log(`work rate, ${r.label}: ${(r.unitsPerMs / 1000).toFixed(0)}·10³ units/ms`);
  const slowest = rates.reduce((a, b) => (b.unitsPerMs < a.unitsPerMs ? b : a));
  reportRow({
    bench: BENCH,
    metric: 'work budget: units per CPU ms, slowest combination charging ≥ 10⁶ units',
    value: slowest.unitsPerMs,
    unit: 'units/ms',
    baseline: null,
    target: null,
    note: `${slowest.label}; the SGP budget of ${SGP_WORK_LIMIT.toExponential(1)} units is ${(SGP_WORK_LIMIT / slowest.unitsPerMs).toFixed(1)} ms at this rate`,
  });
}
