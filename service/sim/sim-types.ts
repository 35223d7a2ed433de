// The simulator's vocabulary shared by its parts and its callers: the settings it reads, its
// clock, what it is built from, the counters it reports and the errors it throws.
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { ReferenceData } from '../catalogue/types.ts';
import type { HistoryPort } from './history-port.ts';
import type { ModelPort, QuotePort } from './model-port.ts';

/** The settings the simulator reads (a subset of ServiceConfig). */
export interface SimSettings {
  readonly seed: number;
  readonly simSpeed: number;
  readonly tickMs: number;
  readonly quoteRate: number;
  readonly retentionBytes: number;
  readonly seedPastDays: number;
  readonly scheduleDays: number;
  readonly liveKickoffGapSec: number;
  readonly frozen: boolean;
  /** Wall ms a timer-driven tick runs before it yields to the event loop (default 3; 0 yields after every step). */
  readonly tickSliceMs?: number;
}

/** Where the simulator reads the time: the system clock, or a manual one for tests. */
export interface SimClock {
  now(): number;
}

export const systemClock: SimClock = { now: () => Date.now() };

/** A clock that only moves when told to (tests, `--frozen` stepping). */
export class ManualClock implements SimClock {
  constructor(private t: number) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface SimulatorDeps {
  readonly settings: SimSettings;
  readonly reference: ReferenceData;
  readonly catalogue: CatalogueIndex;
  readonly models: ModelPort;
  readonly quoting: QuotePort;
  readonly history: HistoryPort;
  readonly clock?: SimClock;
  readonly log?: (line: string) => void;
}

/** The data directory holds another world than the code builds: refuse rather than mix ids. */
export class DataDirMismatchError extends Error {
  override readonly name = 'DataDirMismatchError';
}

/**
 * How long the timer-driven ticks held the event loop since the last read: the longest tick
 * (first slice to last, other work between slices included) and the longest single step (the
 * unit no slice can split: one fixture's step, a history chunk, the feed's flush…) with what it
 * was. The periodic log prints them, so a stall shows with its cause.
 */
export interface TickTimings {
  readonly ticks: number;
  readonly longestTickMs: number;
  readonly longestStepMs: number;
  readonly longestStep: string;
}

/** Counters for the log summary and /healthz. */
export interface SimStats {
  readonly fixturesByStatus: Readonly<Record<string, number>>;
  /** sportId → fixtures of that sport (every status). */
  readonly fixturesBySport: Readonly<Record<string, number>>;
  /** Markets offered over the pre-game and live fixtures being quoted. */
  readonly marketsOffered: number;
  readonly bookmakers: number;
  readonly live: number;
  readonly quotedFixtures: number;
  readonly oddsEntries: number;
  readonly priceChanges: number;
  readonly goals: number;
  readonly settlements: number;
  readonly frozen: boolean;
  readonly ticks: number;
}

/** A target of the suspension knob: a whole fixture, one bookmaker on it, or one market. */
export interface SuspensionTarget {
  readonly fixtureId: string;
  readonly bookmaker?: string;
  readonly marketId?: number;
}

/** A knob used on something that does not exist or cannot take it (the admin API answers 400/404). */
export class KnobError extends Error {
  override readonly name = 'KnobError';
}
