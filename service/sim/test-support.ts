// Builds simulators for tests: a real SQLite history in a temp directory, the real catalogue,
// models and quoting, and a manual clock at a fixed instant, so every run sees the same world.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getCatalogue } from '../catalogue/catalogue.ts';
import { buildReferenceData } from '../catalogue/reference-data.ts';
import type { ReferenceData } from '../catalogue/types.ts';
import { PricingModels, PricingQuotes } from './pricing-adapter.ts';
import { ManualClock, Simulator } from './simulator.ts';
import type { SimSettings } from './simulator.ts';
import { openHistory } from './storage-adapter.ts';
import type { SqliteHistoryStore } from '../storage/sqlite-history-store.ts';

export const TEST_SEED = 20261122;
/** 06:00 UTC: no daily-programme match is in play, the rotation supplies the live ones. */
export const TEST_START_MS = Date.parse('2026-11-22T06:00:00Z');

export const TEST_SETTINGS: SimSettings = {
  seed: TEST_SEED,
  simSpeed: 10,
  tickMs: 500,
  quoteRate: 1,
  retentionBytes: 1024 * 1024 * 1024,
  seedPastDays: 0,
  scheduleDays: 1,
  liveKickoffGapSec: 90,
  frozen: false,
};

let reference: ReferenceData | null = null;

/** The reference data of the test seed, built once per test file. */
export function testReference(): ReferenceData {
  reference ??= buildReferenceData(TEST_SEED);
  return reference;
}

export interface TestWorld {
  readonly dir: string;
  readonly clock: ManualClock;
  sim: Simulator;
  history: SqliteHistoryStore;
  /** Stops the simulator and closes the history (the directory stays). */
  stop(): void;
  /** Opens the same directory again, as a restart would. */
  reopen(): void;
  /** Stops and deletes the directory. */
  dispose(): void;
}

export function makeTempDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'odds-sim-'));
}

/** Opens a simulator on `dir` (a fresh temp directory by default). */
export function openTestWorld(settings: Partial<SimSettings> = {}, dir = makeTempDir(), startMs = TEST_START_MS): TestWorld {
  const clock = new ManualClock(startMs);
  const open = (): { sim: Simulator; history: SqliteHistoryStore } => {
    const history = openHistory(dir);
    const ref = testReference();
    const sim = Simulator.open({
      settings: { ...TEST_SETTINGS, ...settings },
      reference: ref,
      catalogue: getCatalogue(),
      models: new PricingModels(ref),
      quoting: new PricingQuotes(),
      history,
      clock,
    });
    return { sim, history };
  };
  const first = open();
  let stopped = false;
  const world: TestWorld = {
    dir,
    clock,
    sim: first.sim,
    history: first.history,
    stop() {
      if (stopped) return;
      stopped = true;
      world.sim.stop();
      world.history.close();
    },
    reopen() {
      world.stop();
      const next = open();
      world.sim = next.sim;
      world.history = next.history;
      stopped = false;
    },
    dispose() {
      world.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return world;
}
