// `npm run bench:sim`: the simulator at capacity with history recording on and the producer's
// feed published (each message copied as between threads), against the same
// changes appended straight to the store; and the database growth per hour at the default rate.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getCatalogue } from '../service/catalogue/catalogue.ts';
import { buildReferenceData } from '../service/catalogue/reference-data.ts';
import { loadConfig } from '../service/config.ts';
import type { HistoryPort } from '../service/sim/history-port.ts';
import { PricingModels, PricingQuotes } from '../service/sim/pricing-adapter.ts';
import { ResilientHistory } from '../service/sim/resilient-history.ts';
import { Simulator } from '../service/sim/simulator.ts';
import type { SimSettings } from '../service/sim/simulator.ts';
import { openHistory } from '../service/sim/storage-adapter.ts';
import type { PriceChange } from '../service/storage/history-store.ts';
import { HISTORY_FILE_NAME } from '../service/storage/sqlite-history-store.ts';
import { Producer } from '../service/producer/producer.ts';
import { reportRow } from './report.ts';

const BENCH = 'bench:sim';
const RUN_MS = Number(process.env.BENCH_SIM_MS ?? 20_000);
const DEFAULT_RUN_MS = Number(process.env.BENCH_SIM_DEFAULT_MS ?? 60_000);

function tempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'odds-sim-bench-'));
}

/** Wraps the history so that every appended batch is also kept (for the baseline replay). */
function recording(history: HistoryPort, batches: (readonly PriceChange[])[] | null): HistoryPort {
  if (batches === null) return history;
  return {
    appendChanges: (changes) => {
      batches.push(changes.slice());
      history.appendChanges(changes);
    },
    appendSettlements: (rows) => {
      history.appendSettlements(rows);
    },
    saveFixtures: (rows) => {
      history.saveFixtures(rows);
    },
    loadFixtures: () => history.loadFixtures(),
    saveFutures: (rows) => {
      history.saveFutures(rows);
    },
    loadFutures: () => history.loadFutures(),
    getMeta: (key) => history.getMeta(key),
    setMeta: (key, value) => {
      history.setMeta(key, value);
    },
    countChanges: () => history.countChanges(),
    sizeBytes: () => history.sizeBytes(),
    pruneOldest: (options) => history.pruneOldest(options),
    close: () => {
      history.close();
    },
  };
}

interface Run {
  readonly changesPerSec: number;
  readonly activeFixtures: number;
  readonly live: number;
  readonly bytesPerChange: number;
  readonly ticks: number;
}

/** Runs the simulator on the system clock for `ms` after seeding; counts recorded changes. */
async function runSimulator(settings: SimSettings, ms: number, batches: (readonly PriceChange[])[] | null): Promise<Run> {
  const dir = tempDir();
  const history = openHistory(dir);
  try {
    const reference = buildReferenceData(settings.seed);
    const models = new PricingModels(reference);
    const recorder = new ResilientHistory(history, { backlogBytes: 100 * 1024 * 1024, retryMaxMs: 30_000 });
    const sim = Simulator.open({
      settings,
      reference,
      catalogue: getCatalogue(),
      models,
      quoting: new PricingQuotes(),
      // As the service writes: through ResilientHistory (healthy here, so it adds next to nothing).
      history: recording(recorder, batches),
    });
    // As the service runs it: the producer publishes its feed, and each message is copied as
    // postMessage copies it to the edge (structured clone), in this thread.
    const producer = new Producer({ simulator: sim, models, recorder, history, historyCap: null });
    producer.subscribe((message) => {
      structuredClone(message);
    });
    // Warm-up: let the first requotes of the freshly opened books pass.
    sim.start();
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    if (batches !== null) batches.length = 0;
    const changes0 = history.countChanges();
    const ticks0 = sim.stats().ticks;
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const elapsed = (performance.now() - t0) / 1000;
    sim.stop();
    producer.stop();
    const stats = sim.stats();
    const total = history.countChanges();
    const changes = total - changes0;
    // Closing checkpoints the WAL into the file: its size over every change stored is the
    // cost of a change with its share of settlements, records and indexes.
    history.close();
    const fileBytes = statSync(path.join(dir, HISTORY_FILE_NAME)).size;
    return {
      changesPerSec: changes / elapsed,
      activeFixtures: stats.quotedFixtures,
      live: stats.live,
      bytesPerChange: total > 0 ? fileBytes / total : 0,
      ticks: stats.ticks - ticks0,
    };
  } finally {
    history.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same batches appended to a fresh store: straight (the storage ceiling), or through the
 * ResilientHistory the service writes with (what its healthy path adds).
 */
function replay(batches: readonly (readonly PriceChange[])[], resilient = false): number {
  const dir = tempDir();
  const store = openHistory(dir);
  const history: HistoryPort = resilient ? new ResilientHistory(store, { backlogBytes: 100 * 1024 * 1024, retryMaxMs: 30_000 }) : store;
  try {
    let n = 0;
    const t0 = performance.now();
    for (const batch of batches) {
      history.appendChanges(batch);
      n += batch.length;
    }
    return n / ((performance.now() - t0) / 1000);
  } finally {
    history.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const defaults = loadConfig({}, []);
  const base: SimSettings = { ...defaults, seedPastDays: 0, scheduleDays: 1, frozen: false };
  // Capacity: a kick-off every 15 s keeps ~40 fixtures live and ~220 quoted pre-game; books
  // requote 10× faster than the demo default.
  const capacity: SimSettings = { ...base, quoteRate: Number(process.env.BENCH_QUOTE_RATE ?? 10), liveKickoffGapSec: Number(process.env.BENCH_GAP ?? 15), tickMs: 100 };
  const batches: (readonly PriceChange[])[] = [];
  const run = await runSimulator(capacity, RUN_MS, batches);
  const ceiling = replay(batches);
  const throughResilient = replay(batches, true);
  reportRow({
    bench: BENCH,
    metric: `recorded price changes at capacity (${String(run.activeFixtures)} quoted fixtures, ${String(run.live)} live)`,
    value: run.changesPerSec,
    unit: 'changes/s',
    baseline: { label: 'same batches appended straight to the store', value: ceiling },
    target: { op: '>=', value: 5_000 },
    note: `${String(RUN_MS / 1000)} s on the system clock after seeding and a 3 s warm-up; quoteRate ${String(capacity.quoteRate)}, a kick-off every ${String(capacity.liveKickoffGapSec)} s; ${String(run.ticks)} ticks of ${String(capacity.tickMs)} ms (mean ${(RUN_MS / Math.max(1, run.ticks)).toFixed(0)} ms apart); ${run.bytesPerChange.toFixed(0)} bytes per stored change on disk (file after checkpoint / changes)`,
  });
  reportRow({
    bench: BENCH,
    metric: 'the same batches appended through ResilientHistory (healthy path)',
    value: throughResilient,
    unit: 'changes/s',
    baseline: { label: 'same batches appended straight to the store', value: ceiling },
    target: null,
    note: `${String(batches.length)} batches; the healthy path adds one boolean test and a try per batch, the backlog exists only during an outage`,
  });
  const demo = await runSimulator(base, DEFAULT_RUN_MS, null);
  const perHour = demo.changesPerSec * 3600 * (run.bytesPerChange > 0 ? run.bytesPerChange : demo.bytesPerChange);
  reportRow({
    bench: BENCH,
    metric: 'database growth per hour at the default rate',
    value: perHour / 1024 / 1024,
    unit: 'MB/h',
    baseline: null,
    target: null,
    note:
      `extrapolated: ${demo.changesPerSec.toFixed(0)} changes/s measured over ${String(DEFAULT_RUN_MS / 1000)} s with the default settings ` +
      `(${String(demo.live)} live, ${String(demo.activeFixtures)} quoted) × 3600 × ${run.bytesPerChange.toFixed(0)} bytes per stored change (file after checkpoint / changes, capacity run); ` +
      `retention caps the file at RETENTION_MB (${String(defaults.retentionBytes / 1024 / 1024)} MB)`,
  });
}

await main();
