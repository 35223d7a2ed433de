// `npm run bench:realism [-- --minutes N]`: does the default market behave like a real one
// (issue 19)? Runs the default simulation (default settings, a fresh seed) in simulated time for
// N minutes (10; 2 in the short form) and samples every quoted main market once a simulated
// second, counting arbitrage as the odds screen does (src/domain/odds-board-values.ts: stale and
// suspended books left out, exchanges net of DEFAULT_COMMISSION). Prints, live and pre-game
// apart: the share of market-samples with an arbitrage, its median and p99 size and duration,
// the share within 60 s after a score; the pre-match moves (sharp 1X2 home open → kick-off, and
// whether every book moved in the last 24 h), from the history of every fixture that kicked off
// (the seeded past and the run); and the guardrails: margin per book against docs/service.md,
// suspended share of live main-market time per book, the books' price noise. It prints; it does
// not assert.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildBoardLayout, type BoardLayout } from '../src/domain/odds-board-layout.ts';
import { marketValues, type BookStatus } from '../src/domain/odds-board-values.ts';
import type { Market } from '../src/wire/reference-schemas.ts';
import type { OddsEntry } from '../src/wire/shared-schemas.ts';
import { getCatalogue } from '../service/catalogue/catalogue.ts';
import { buildReferenceData } from '../service/catalogue/reference-data.ts';
import type { CatalogueMarket } from '../service/catalogue/types.ts';
import { loadConfig } from '../service/config.ts';
import { SHARP_BOOK } from '../service/sim/fixture-runtime.ts';
import { PricingModels, PricingQuotes } from '../service/sim/pricing-adapter.ts';
import { ManualClock, Simulator } from '../service/sim/simulator.ts';
import { openHistory } from '../service/sim/storage-adapter.ts';
import { reportRow } from './report.ts';

const BENCH = 'bench:realism';
const { values: args } = parseArgs({ options: { minutes: { type: 'string', default: '10' } } });
const MINUTES = Number(args.minutes);
if (!(MINUTES > 0)) throw new RangeError(`--minutes must be a positive number, got ${args.minutes}`);
/** A fixed afternoon (UTC), when the daily programme plays besides the rotation. */
const START_MS = Date.parse(process.env.BENCH_REALISM_START ?? '2026-11-22T15:00:00Z');
/** Seconds after a score in which an arbitrage counts as "after a score". */
const AFTER_SCORE_SEC = 60;
/** Layouts are rebuilt this often (new markets, main lines moving). */
const LAYOUT_EVERY_SEC = 30;
/** Each sport's main match-result market: the line whose pre-match move is measured. */
const MATCH_RESULT: Readonly<Record<number, number>> = { 10: 101, 11: 111, 12: 121, 13: 131, 14: 141, 15: 151, 83: 831 };

// The defaults; the environment may override them (e.g. SEED_PAST_DAYS=0 for a quick look).
const config = loadConfig(process.env, []);
const reference = buildReferenceData(config.seed);
const catalogue = getCatalogue();
const dir = mkdtempSync(path.join(os.tmpdir(), 'odds-realism-'));
const history = openHistory(dir);
const clock = new ManualClock(START_MS);
const started = performance.now();
const sim = Simulator.open({
  settings: config,
  reference,
  catalogue,
  models: new PricingModels(reference),
  quoting: new PricingQuotes(),
  history,
  clock,
});
console.log(`seeded the default world (${String(config.seedPastDays)} past days) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const wireMarkets = new Map<number, Market>();
function wireMarket(market: CatalogueMarket): Market {
  let wire = wireMarkets.get(market.marketId);
  if (wire === undefined) {
    wire = { ...market, marketName: market.marketName.en, outcomes: market.outcomes.map((o) => ({ ...o })) };
    wireMarkets.set(market.marketId, wire);
  }
  return wire;
}
const bookOffersLive = new Map(reference.bookmakers.map((b) => [b.bookmaker, b.offersLive]));
const catalogueById = new Map<number, Market>();
for (const market of catalogue.markets) catalogueById.set(market.marketId, wireMarket(market));

type Phase = 'live' | 'pre-game';
interface PhaseStats {
  samples: number;
  withArb: number;
  sizes: number[];
  durations: number[];
  afterScoreSamples: number;
  afterScoreWithArb: number;
}
const stats: Record<Phase, PhaseStats> = {
  live: { samples: 0, withArb: 0, sizes: [], durations: [], afterScoreSamples: 0, afterScoreWithArb: 0 },
  'pre-game': { samples: 0, withArb: 0, sizes: [], durations: [], afterScoreSamples: 0, afterScoreWithArb: 0 },
};
/** `fixture|market` → second its current arbitrage started, and its phase. */
const openArbs = new Map<string, { since: number; phase: Phase }>();
const layouts = new Map<string, { layout: BoardLayout; mainKeys: string[]; builtAt: number; entries: number }>();
const lastScoreSec = new Map<string, number>();
const goalsSeen = new Map<string, number>();
/** Per book: main-margin samples (overround), live main-market samples and how many suspended. */
const margins = new Map<string, number[]>();
const liveQuoted = new Map<string, number>();
const liveSuspended = new Map<string, number>();
const add = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

function layoutOf(fixtureId: string, odds: Readonly<Record<string, Readonly<Record<string, OddsEntry>>>>, second: number) {
  const entries = Object.values(odds).reduce((n, e) => n + Object.keys(e).length, 0);
  const cached = layouts.get(fixtureId);
  if (cached !== undefined && cached.entries === entries && second - cached.builtAt < LAYOUT_EVERY_SEC) return cached;
  const layout = buildBoardLayout({ fixtureId, odds, markets: catalogueById, bookmakers: sim.fixtureBookmakers(fixtureId) });
  const mainKeys = layout.groups.flatMap((g) => g.periods.flatMap((p) => p.families.flatMap((f) => f.main.map((m) => m.key))));
  const built = { layout, mainKeys, builtAt: second, entries };
  layouts.set(fixtureId, built);
  return built;
}

function sample(second: number): void {
  const seen = new Set<string>();
  for (const view of sim.fixtureViews({ statusIds: [0, 1] })) {
    const fixtureId = view.fixtureId;
    const odds = sim.fixtureOdds(fixtureId);
    if (Object.keys(odds).length === 0) continue;
    const phase: Phase = sim.runtime(fixtureId)?.statusId === 1 ? 'live' : 'pre-game';
    const runtime = sim.runtime(fixtureId);
    const goals = runtime?.goals ?? 0;
    if (goals > (goalsSeen.get(fixtureId) ?? goals)) lastScoreSec.set(fixtureId, second);
    goalsSeen.set(fixtureId, goals);
    const afterScore = phase === 'live' && second - (lastScoreSec.get(fixtureId) ?? Number.NEGATIVE_INFINITY) <= AFTER_SCORE_SEC;
    const metas = sim.fixtureBookmakers(fixtureId);
    const bookStatus = new Map<string, BookStatus>(Object.entries(metas).map(([slug, meta]) => [slug, { suspended: meta.suspended, stale: meta.staleOdds }]));
    const { layout, mainKeys } = layoutOf(fixtureId, odds, second);
    const byOddsId = new Map<string, OddsEntry>();
    for (const entries of Object.values(odds)) for (const [oddsId, entry] of Object.entries(entries)) byOddsId.set(oddsId, entry);
    const lookup = (oddsId: string): OddsEntry | undefined => byOddsId.get(oddsId);
    for (const key of mainKeys) {
      const values = marketValues(layout, key, lookup, { method: 'multiplicative', bookStatus, range: false });
      const market = layout.markets.get(key)?.market ?? null;
      const quotedBy = layout.columns.filter((_, column) => values.rows.some((row) => row.cells[column]?.entry !== null));
      if (quotedBy.length === 0) continue;
      const s = stats[phase];
      s.samples++;
      if (afterScore) s.afterScoreSamples++;
      const id = `${fixtureId}|${key}`;
      seen.add(id);
      const arb = values.arbitrage;
      if (arb !== null) {
        if (process.env.BENCH_REALISM_WHERE === '1' && arb.profitRatio > 0.05) {
          // Where the large ones are: the fixture, market and legs (books and prices).
          const legs = arb.legs.map((leg) => `${String(leg.outcomeId)}@${leg.bookmakers.join('/')} ${String(leg.price)}`).join(', ');
          console.log(`+${String(second)} s ${phase} ${fixtureId} ${market?.marketType ?? '?'} ${market?.period ?? '?'} ${String(market?.handicap ?? '')}: +${(arb.profitRatio * 100).toFixed(1)} % ${legs}`);
        }
        s.withArb++;
        s.sizes.push(arb.profitRatio);
        if (afterScore) s.afterScoreWithArb++;
        if (!openArbs.has(id)) openArbs.set(id, { since: second, phase });
      } else closeArb(id, second);
      // Guardrails: the main margin (lineless match-result markets) and live suspensions.
      const mainMargin = market !== null && market.handicap === 0 && !market.playerProp && (market.period === 'result' || market.period === 'fulltime');
      layout.columns.forEach((slug, column) => {
        if (!quotedBy.includes(slug)) return;
        // A book that does not offer live closes at kick-off: closed, not suspended. A market
        // closed for good (a finished period) is not a suspension either: the book's flag is.
        if (phase === 'live' && bookOffersLive.get(slug) === true) {
          add(liveQuoted, slug);
          if (metas[slug]?.suspended === true) add(liveSuspended, slug);
        }
        const overround = values.overround[column];
        if (mainMargin && overround !== null && overround !== undefined) {
          const list = margins.get(slug) ?? [];
          list.push(overround);
          margins.set(slug, list);
        }
      });
    }
  }
  for (const id of [...openArbs.keys()]) if (!seen.has(id)) closeArb(id, second);
}

function closeArb(id: string, second: number): void {
  const open = openArbs.get(id);
  if (open === undefined) return;
  stats[open.phase].durations.push(second - open.since);
  openArbs.delete(id);
}

const quantile = (values: readonly number[], q: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

const runStarted = performance.now();
const seconds = Math.round(MINUTES * 60);
for (let second = 0; second < seconds; second++) {
  sim.advance(1000);
  sample(second);
}
for (const id of [...openArbs.keys()]) closeArb(id, seconds);
const runSec = (performance.now() - runStarted) / 1000;
console.log(`ran ${String(MINUTES)} simulated minutes (${String(seconds)} samples a market) in ${runSec.toFixed(0)} s wall time`);

for (const phase of ['live', 'pre-game'] as const) {
  const s = stats[phase];
  const target = phase === 'live' ? 0.03 : 0.01;
  const note = `${String(s.samples)} market-samples`;
  reportRow({ bench: BENCH, metric: `${phase}: market-samples with an arbitrage`, value: s.withArb / Math.max(1, s.samples), unit: 'share', baseline: null, target: { op: '<=', value: target }, note });
  reportRow({ bench: BENCH, metric: `${phase}: arbitrage size, median`, value: quantile(s.sizes, 0.5), unit: 'ratio', baseline: null, target: { op: '<=', value: 0.015 } });
  reportRow({ bench: BENCH, metric: `${phase}: arbitrage size, p99`, value: quantile(s.sizes, 0.99), unit: 'ratio', baseline: null, target: { op: '<=', value: 0.05 } });
  reportRow({ bench: BENCH, metric: `${phase}: arbitrage duration, median`, value: quantile(s.durations, 0.5), unit: 's', baseline: null, target: { op: '<=', value: 20 }, note: `${String(s.durations.length)} arbitrages` });
  reportRow({ bench: BENCH, metric: `${phase}: arbitrage duration, p99`, value: quantile(s.durations, 0.99), unit: 's', baseline: null, target: null });
  if (phase === 'live') {
    reportRow({
      bench: BENCH,
      metric: `live: market-samples within ${String(AFTER_SCORE_SEC)} s after a score with an arbitrage`,
      value: s.afterScoreWithArb / Math.max(1, s.afterScoreSamples),
      unit: 'share',
      baseline: null,
      target: null,
      note: `${String(s.afterScoreSamples)} market-samples`,
    });
  }
}

// Pre-match moves, from the history of every fixture that kicked off (seeded past and the run).
const moves: Record<string, number[]> = {};
let bookFixturePairs = 0;
const unmoved: string[] = [];
const nowMs = sim.now();
for (const view of sim.fixtureViews({ statusIds: [1, 2] })) {
  const kickOffMs = view.trueStartTime === null ? Number.NaN : Date.parse(view.trueStartTime);
  const sportId = view.sport.sportId;
  const marketId = MATCH_RESULT[sportId];
  if (!Number.isFinite(kickOffMs) || marketId === undefined) continue;
  const seeded = kickOffMs < START_MS;
  const sport = sportId === 10 ? 'soccer 1X2' : 'other sports, match result';
  const olvClv = history.readOpeningAndClosing(view.fixtureId, kickOffMs);
  const byBook = new Map<string, { opening: number; closing: number | null; oddsId: string }[]>();
  for (const [oddsId, { opening, closing }] of olvClv) {
    if (opening.marketId !== marketId) continue;
    const list = byBook.get(opening.bookmaker) ?? [];
    list.push({ opening: opening.price, closing: closing?.price ?? null, oddsId });
    byBook.set(opening.bookmaker, list);
  }
  const sharpHome = olvClv.get(`${view.fixtureId}:${SHARP_BOOK}:${String(marketId)}:0`);
  if (sharpHome?.closing !== null && sharpHome !== undefined) {
    const key = `${sport} (${seeded ? 'seeded past' : 'kicked off in the run'})`;
    (moves[key] ??= []).push(Math.abs(1 / sharpHome.closing.price - 1 / sharpHome.opening.price));
  }
  // Did each book that quoted the market before kick-off move a price in its last 24 h?
  for (const [slug, outcomes] of byBook) {
    if (outcomes.every((o) => o.closing === null)) continue;
    bookFixturePairs++;
    const moved = outcomes.some(({ oddsId }) => {
      const rows = history.readHistory(oddsId, { from: kickOffMs - 86_400_000, to: kickOffMs });
      let last = history.readLastBefore(oddsId, kickOffMs - 86_400_000)?.price ?? rows[0]?.price;
      return rows.some((row) => {
        const changed = row.price !== last;
        last = row.price;
        return changed;
      });
    });
    if (!moved) unmoved.push(`${slug}@${view.fixtureId}`);
  }
}
for (const [key, list] of Object.entries(moves).sort()) {
  reportRow({
    bench: BENCH,
    metric: `pre-match: sharp ${key} home open → kick-off move, median`,
    value: quantile(list, 0.5) * 100,
    unit: 'pp',
    baseline: null,
    target: key.startsWith('soccer') ? { op: '>=', value: 1.5 } : null,
    note: `${String(list.length)} fixtures`,
  });
}
reportRow({
  bench: BENCH,
  metric: 'pre-match: books that moved a match-result price in the last 24 h before a kick-off they quote',
  value: 1 - unmoved.length / Math.max(1, bookFixturePairs),
  unit: 'share',
  baseline: null,
  target: { op: '>=', value: 1 },
  note: `${String(bookFixturePairs)} book-fixture pairs${unmoved.length > 0 ? `; unmoved: ${unmoved.slice(0, 5).join(', ')}` : ''}`,
});

// Guardrails, per book.
console.log('\nbook            margin table  median main margin  within ±0.5 pt  live suspended  noise (logit σ)');
let worstMargin = 0;
let worstSuspended = 0;
for (const book of reference.bookmakers) {
  const median = quantile(margins.get(book.bookmaker) ?? [], 0.5);
  const off = Math.abs(median - book.margin);
  if (Number.isFinite(off)) worstMargin = Math.max(worstMargin, off);
  const quoted = liveQuoted.get(book.bookmaker) ?? 0;
  const suspended = quoted === 0 ? Number.NaN : (liveSuspended.get(book.bookmaker) ?? 0) / quoted;
  if (Number.isFinite(suspended)) worstSuspended = Math.max(worstSuspended, suspended);
  console.log(
    `${book.bookmaker.padEnd(15)} ${(book.margin * 100).toFixed(1).padStart(10)} %  ${(median * 100).toFixed(2).padStart(16)} %  ${(off <= 0.005 ? 'yes' : 'NO').padStart(14)}  ${Number.isFinite(suspended) ? `${(suspended * 100).toFixed(1)} %` : '—'}`.padEnd(100).slice(0, 88) +
      `  ${book.quoteNoise.toFixed(3)}`,
  );
}
reportRow({ bench: BENCH, metric: 'guardrail: worst |median main margin − table| over books', value: worstMargin * 100, unit: 'pt', baseline: null, target: { op: '<=', value: 0.5 } });
reportRow({ bench: BENCH, metric: 'guardrail: worst suspended share of live main-market time over books', value: worstSuspended, unit: 'share', baseline: null, target: { op: '<=', value: 0.15 } });
console.log(`(simulated until ${new Date(nowMs).toISOString()})`);

sim.stop();
history.close();
rmSync(dir, { recursive: true, force: true });
