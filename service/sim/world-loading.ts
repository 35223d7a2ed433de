// Opening the simulator on its history store: the data directory must hold the world this code
// builds (same catalogue, same seed); then the stored fixtures are loaded and quoted again, or a
// fresh world is seeded (finished fixtures with price histories, live and upcoming ones).
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { FixtureRecord } from './fixture-runtime.ts';
import { isoOf } from './fixture-runtime.ts';
import type { HistoryPort } from './history-port.ts';
import type { SimEngine } from './sim-engine.ts';
import { DataDirMismatchError } from './sim-types.ts';

const META_FINGERPRINT = 'catalogueFingerprint';
const META_SEED = 'seed';
const META_STARTED = 'firstStartedAt';
/** Seeding writes its history in batches of this many changes, so memory stays flat. */
const SEED_FLUSH_CHANGES = 100_000;

/** Throws `DataDirMismatchError` when the store was built by another catalogue or seed; else stamps it with ours. */
export function checkDataDir(history: HistoryPort, catalogue: CatalogueIndex, seed: number): void {
  const storedFingerprint = history.getMeta(META_FINGERPRINT);
  if (storedFingerprint !== null && storedFingerprint !== catalogue.fingerprint) {
    throw new DataDirMismatchError(
      `the market catalogue stored in the data directory (fingerprint ${storedFingerprint}) differs from the ` +
        `catalogue this code builds (${catalogue.fingerprint}); refusing to start, since market and outcome ids ` +
        'would be mixed. Start with a fresh DATA_DIR (or restore the code that built it).',
    );
  }
  const storedSeed = history.getMeta(META_SEED);
  if (storedSeed !== null && storedSeed !== String(seed)) {
    throw new DataDirMismatchError(
      `the data directory was seeded with seed ${storedSeed}, not ${String(seed)}; its fixtures, ` +
        `participants and players belong to that seed. Start with --seed ${storedSeed} or a fresh DATA_DIR.`,
    );
  }
  history.setMeta(META_FINGERPRINT, catalogue.fingerprint);
  history.setMeta(META_SEED, String(seed));
}

/** Loads the stored fixtures, schedule and futures; answers how many fixtures there were. */
export function loadWorld(engine: SimEngine): number {
  const rows = engine.history.loadFixtures();
  for (const { json } of rows) {
    const record = JSON.parse(json) as FixtureRecord;
    engine.adopt(record);
  }
  engine.keeper.load();
  engine.futures.load(engine.history.loadFutures());
  engine.rebuildActive();
  return rows.length;
}

/**
 * After a restart: tops the schedule up and lets every open fixture's books quote again now
 * (during startup rather than in one long first tick).
 */
export function reopenWorld(engine: SimEngine): void {
  const nowMs = engine.clock.now();
  engine.topUp(nowMs);
  const ctx = engine.context(nowMs);
  for (const runtime of engine.activeFixtures) engine.stepFixture(runtime, ctx, 0);
  engine.rebuildActive();
  engine.retire(nowMs, true);
  engine.lastTickMs = nowMs;
}

/** A fresh data directory: plans the window, plays its past fixture by fixture, seeds the futures. */
export function seedWorld(engine: SimEngine): void {
  const started = performance.now();
  const { settings, history, world } = engine;
  const nowMs = engine.clock.now();
  history.setMeta(META_STARTED, isoOf(nowMs));
  engine.publishing = false;
  for (const plan of engine.keeper.seedPlans(Math.floor(nowMs / 1000), settings.seedPastDays)) engine.addFixture(plan);
  // The past is played out fixture by fixture, at a coarse pace, with the same code as live.
  for (const runtime of [...world.fixtures.values()]) engine.fastForward(runtime, nowMs);
  engine.futures.seed(nowMs, { pastMs: settings.seedPastDays * 86_400_000, quoteRate: settings.quoteRate }, (changes) => {
    engine.recordFutureChanges(changes);
    // Days of futures at their normal pace are millions of rows: written as they come.
    if (engine.pendingChangeCount >= SEED_FLUSH_CHANGES) engine.flushHistory();
  });
  engine.flushHistory();
  engine.saveAll();
  engine.publishing = true;
  engine.rebuildActive();
  engine.retire(nowMs, true);
  engine.lastTickMs = nowMs;
  engine.log(
    `seeded a fresh data directory in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
      `${String(world.fixtures.size)} fixtures, ${String(world.counters.priceChanges)} price changes, ` +
      `${String(world.counters.settlements)} settlements`,
  );
}
