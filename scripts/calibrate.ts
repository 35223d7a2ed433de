// `npm run calibrate -- --matches N [--seed S]`: are the closing lines calibrated (issue 19)?
// Plays N programme fixtures per sport (soccer and tennis) in simulated time — no wall clock, no
// HTTP — with the service's own code: the fixture's information path, the model, every book's
// noise, margin and rounding (FixtureRuntime on the match-result market alone), priced only at
// the opening and at the kick-off close; then the match engine plays the match from the kick-off
// strength and the settlement grades it. Reports, for the sharp close, a soft book's close and
// the openings: a 10-bin reliability table, the calibration slope (logistic recalibration of the
// outcome on logit p) with its 95 % interval, the log-loss, and the paired per-match log-loss
// differences with bootstrap standard errors.
import { parseArgs } from 'node:util';
import { devig } from '../src/domain/devig.ts';
import { getCatalogue } from '../service/catalogue/catalogue.ts';
import { buildReferenceData } from '../service/catalogue/reference-data.ts';
import type { BookmakerProfile, CatalogueMarket } from '../service/catalogue/types.ts';
import { createRng } from '../service/pricing/rng.ts';
import type { Rng } from '../service/pricing/rng.ts';
import { FixtureRuntime, newRecord, OPEN_HORIZON_SEC, SHARP_BOOK } from '../service/sim/fixture-runtime.ts';
import type { ChangeSink, StepContext } from '../service/sim/fixture-runtime.ts';
import { advanceMatch } from '../service/sim/match-engine.ts';
import type { MatchEvent } from '../service/sim/match-engine.ts';
import { PricingModels, PricingQuotes } from '../service/sim/pricing-adapter.ts';
import { SchedulePlanner } from '../service/sim/schedule.ts';
import { gradeOffered } from '../service/sim/settle.ts';
import type { PlannedFixture } from '../service/sim/schedule.ts';

const { values: args } = parseArgs({
  options: { matches: { type: 'string', default: '5000' }, seed: { type: 'string', default: '20261122' } },
});
const MATCHES = Number(args.matches);
const SEED = Number(args.seed);
if (!Number.isInteger(MATCHES) || MATCHES < 10) throw new RangeError(`--matches must be an integer ≥ 10, got ${args.matches}`);
if (!Number.isInteger(SEED)) throw new RangeError(`--seed must be an integer, got ${args.seed}`);

/** Soccer 1X2 and tennis's match winner: each sport's main match-result market. */
const SPORTS: readonly { readonly sportId: number; readonly name: string; readonly marketId: number }[] = [
  { sportId: 10, name: 'soccer 1X2', marketId: 101 },
  { sportId: 12, name: 'tennis match winner', marketId: 121 },
];
/** The soft book whose close is compared: the biggest retail book. */
const SOFT_BOOK = 'bet365';
const BOOTSTRAP = 1000;

const noop = (): void => undefined;
const sink: ChangeSink = { oddsChanged: noop, metaChanged: noop, scoreChanged: noop, clockChanged: noop, statusChanged: noop, statsChanged: noop, goal: noop };
const context = (nowMs: number): StepContext => ({ nowMs, simSpeed: 10, quoteRate: 1, sink, bookStale: () => false, coarse: false });

/** One price source's forecast of one match: de-vigged probabilities and the outcome that won. */
interface Forecast {
  readonly probs: readonly number[];
  readonly won: number;
}

type Source = 'sharp close' | 'soft close' | 'sharp opening' | 'soft opening' | 'kick-off model';
/** `kick-off model`: the model's fair probabilities at the kick-off strength, no book: the reference. */
const SOURCES: readonly Source[] = ['sharp close', 'soft close', 'sharp opening', 'soft opening', 'kick-off model'];

/** The book's prices on the market, de-vigged by the book's own margin method; null when it does not quote it. */
function forecastOf(runtime: FixtureRuntime, slug: string, width: number): number[] | null {
  const line = runtime.lines.get(slug);
  if (line === undefined) return null;
  const prices: number[] = [];
  for (let k = 0; k < width; k++) {
    const entry = line.entries[k];
    if (entry === undefined) return null;
    prices.push(entry.price);
  }
  return devig(prices, line.book.marginMethod);
}

function* plans(planner: SchedulePlanner, sportId: number, fromDay: number): Generator<PlannedFixture> {
  for (let day = fromDay; ; day--) for (const plan of planner.programme(day)) if (plan.sportId === sportId && !plan.knockout) yield plan;
}

/** Plays one fixture: opening, every book open, the close, kick-off, the match; the graded outcome. */
function playFixture(
  plan: PlannedFixture,
  market: CatalogueMarket,
  models: PricingModels,
  quoting: PricingQuotes,
  books: readonly BookmakerProfile[],
): Partial<Record<Source, Forecast>> | null {
  const rng: Rng = createRng(`${String(SEED)}/fixture/${plan.fixtureId}/run/0`);
  const runtime = new FixtureRuntime(newRecord(plan, []), [market], models, quoting, rng);
  const kickOffMs = plan.startTime * 1000;
  const width = market.outcomes.length;
  runtime.step(context(kickOffMs - OPEN_HORIZON_SEC.sharp * 1000), 0, books);
  // Each book's opening: its first quote, when it opens (the horizon less its jitter).
  const openingOf = (slug: string): number[] | null => {
    const line = runtime.lines.get(slug);
    if (line === undefined) return null;
    runtime.step(context(Math.max(line.opensAtMs, kickOffMs - OPEN_HORIZON_SEC.sharp * 1000)), 0, books);
    return forecastOf(runtime, slug, width);
  };
  const sharpOpening = openingOf(SHARP_BOOK);
  const softOpening = openingOf(SOFT_BOOK);
  // The last information lands a minute before kick-off; every lag is ≤ 20 s.
  runtime.step(context(kickOffMs - 30_000), 0, books);
  runtime.step(context(kickOffMs - 1), 0, books);
  const sharpClose = forecastOf(runtime, SHARP_BOOK, width);
  const softClose = forecastOf(runtime, SOFT_BOOK, width);
  runtime.start(context(kickOffMs));
  const fair = models.model(runtime.params, runtime.record.match, []).fairProbabilities(market, 0);
  const events: MatchEvent[] = [];
  for (let guard = 0; runtime.record.match.phase !== 'done' && guard < 1000; guard++) {
    events.length = 0;
    advanceMatch(runtime.record.match, runtime.rules, runtime.matchParams, [], 600, rng, events);
  }
  const won = market.outcomes.findIndex((o) => gradeOffered(runtime.record.match, market, o.outcomeName, 0).grade === 'won');
  if (won < 0) return null;
  const result: Partial<Record<Source, Forecast>> = {};
  const put = (source: Source, probs: number[] | null): void => {
    if (probs !== null) result[source] = { probs, won };
  };
  put('sharp close', sharpClose);
  put('soft close', softClose);
  put('sharp opening', sharpOpening);
  put('soft opening', softOpening);
  put('kick-off model', fair === null ? null : [...fair]);
  return result;
}

const logit = (p: number): number => Math.log(p / (1 - p));

/** Logistic recalibration y ~ a + b·logit(p) by Newton's method: the slope b and its standard error. */
function calibrationSlope(pairs: readonly (readonly [number, number])[]): { slope: number; se: number } {
  let a = 0;
  let b = 1;
  let se = Number.NaN;
  for (let iteration = 0; iteration < 50; iteration++) {
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
    for (const [p, y] of pairs) {
      const x = logit(Math.min(1 - 1e-9, Math.max(1e-9, p)));
      const q = 1 / (1 + Math.exp(-(a + b * x)));
      const w = q * (1 - q);
      ga += y - q;
      gb += (y - q) * x;
      haa += w;
      hab += w * x;
      hbb += w * x * x;
    }
    const det = haa * hbb - hab * hab;
    const da = (hbb * ga - hab * gb) / det;
    const db = (haa * gb - hab * ga) / det;
    a += da;
    b += db;
    se = Math.sqrt(haa / det);
    if (Math.abs(da) + Math.abs(db) < 1e-10) break;
  }
  return { slope: b, se };
}

/** Mean and bootstrap standard error of the mean, from a seeded stream. */
function meanWithBootstrapSe(values: readonly number[], rng: Rng): { mean: number; se: number } {
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  let sum = 0;
  let sumSq = 0;
  for (let r = 0; r < BOOTSTRAP; r++) {
    let total = 0;
    for (let i = 0; i < n; i++) total += values[rng.int(0, n - 1)] ?? 0;
    const m = total / n;
    sum += m;
    sumSq += m * m;
  }
  const bootMean = sum / BOOTSTRAP;
  return { mean, se: Math.sqrt(Math.max(0, sumSq / BOOTSTRAP - bootMean * bootMean)) };
}

const logLoss = (f: Forecast): number => -Math.log(Math.max(1e-12, f.probs[f.won] ?? 0));
const pct = (x: number): string => `${(x * 100).toFixed(1)} %`;

function report(name: string, matches: readonly Partial<Record<Source, Forecast>>[]): void {
  console.log(`\n## ${name}: ${String(matches.length)} matches`);
  for (const source of SOURCES) {
    const forecasts = matches.flatMap((m) => (m[source] === undefined ? [] : [m[source]]));
    // Each outcome of each match is one (forecast probability, happened) pair.
    const pairs: [number, number][] = forecasts.flatMap((f) => f.probs.map((p, k): [number, number] => [p, k === f.won ? 1 : 0]));
    const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
    for (const [p, y] of pairs) {
      const bin = bins[Math.min(9, Math.floor(p * 10))];
      if (bin === undefined) continue;
      bin.n++;
      bin.p += p;
      bin.y += y;
    }
    const { slope, se } = calibrationSlope(pairs);
    const ll = forecasts.reduce((sum, f) => sum + logLoss(f), 0) / forecasts.length;
    console.log(`\n${source} (${String(forecasts.length)} matches): slope ${slope.toFixed(3)} [95 % CI ${(slope - 1.96 * se).toFixed(3)}, ${(slope + 1.96 * se).toFixed(3)}], log-loss ${ll.toFixed(4)}`);
    console.log('  bin        n     mean p   observed');
    bins.forEach((bin, i) => {
      if (bin.n === 0) return;
      console.log(`  ${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}  ${String(bin.n).padStart(6)}  ${pct(bin.p / bin.n).padStart(7)}  ${pct(bin.y / bin.n).padStart(7)}`);
    });
  }
  const rng = createRng(`${String(SEED)}/calibrate/bootstrap/${name}`);
  for (const [a, b] of [
    ['sharp close', 'sharp opening'],
    ['sharp close', 'soft opening'],
    ['sharp close', 'soft close'],
  ] as const) {
    const diffs = matches.flatMap((m) => {
      const x = m[a];
      const y = m[b];
      return x === undefined || y === undefined ? [] : [logLoss(x) - logLoss(y)];
    });
    const { mean, se } = meanWithBootstrapSe(diffs, rng);
    console.log(`\nlog-loss ${a} − ${b}: ${mean.toFixed(5)} (bootstrap SE ${se.toFixed(5)}, ${(mean / se).toFixed(1)} SE, ${String(diffs.length)} paired matches)`);
  }
}

const started = performance.now();
const reference = buildReferenceData(SEED);
const models = new PricingModels(reference);
const quoting = new PricingQuotes();
const planner = new SchedulePlanner(reference, SEED, 0);
const catalogue = getCatalogue();
const today = SchedulePlanner.dayOf(Math.floor(Date.parse('2026-11-22T00:00:00Z') / 1000));
console.log(`calibrate: ${String(MATCHES)} matches per sport, seed ${String(SEED)}, sharp ${SHARP_BOOK}, soft ${SOFT_BOOK}`);
for (const { sportId, name, marketId } of SPORTS) {
  const market = catalogue.bySport.get(sportId)?.find((m) => m.marketId === marketId);
  if (market === undefined) throw new Error(`market ${String(marketId)} is not in the catalogue`);
  const books = reference.bookmakers.filter((b) => b.sportIds.includes(sportId));
  const matches: Partial<Record<Source, Forecast>>[] = [];
  for (const plan of plans(planner, sportId, today)) {
    if (matches.length >= MATCHES) break;
    const played = playFixture(plan, market, models, quoting, books);
    if (played !== null) matches.push(played);
  }
  report(name, matches);
}
console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
