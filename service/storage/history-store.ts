// The service's one storage seam: every price change, suspension and settlement the simulator
// produces goes in here, and the REST layer reads OLV, CLV and historical odds back out.
import type { Grade } from '../../src/domain/grade.ts';
import type { Score } from '../../src/domain/settlement.ts';

/** Fields shared by fixture and future price changes. */
interface PriceChangeFields {
  /** The unique key of one price (spec 2.1). */
  readonly oddsId: string;
  readonly bookmaker: string;
  /** `0` for non-player markets. */
  readonly playerId: number;
  /** Decimal odds. */
  readonly price: number;
  readonly active: boolean;
  readonly marketActive: boolean;
  /** Maximum stake at the price; null when none is stated. */
  readonly limit: number | null;
  /** Epoch milliseconds, UTC (spec 2.8). */
  readonly changedAt: number;
}

/** A change of one fixture price: a new price, a suspension (`active: false`) or a resumption. */
export interface FixturePriceChange extends PriceChangeFields {
  readonly kind: 'fixture';
  readonly fixtureId: string;
  readonly outcomeId: number;
  readonly marketId: number;
}

/** A change of one future price, keyed `{futureId}:{bookmaker}:{participantId}`. */
export interface FuturePriceChange extends PriceChangeFields {
  readonly kind: 'future';
  readonly futureId: string;
  readonly participantId: number;
  /** The future's market; null while it has none (spec 2.7). */
  readonly marketId: number | null;
}

export type PriceChange = FixturePriceChange | FuturePriceChange;

/** One graded selection of a fixture (a selection key is `{fixtureId}:{outcomeId}:{playerId}`). */
export interface SettlementRecord {
  readonly fixtureId: string;
  readonly outcomeId: number;
  readonly playerId: number;
  readonly marketId: number;
  readonly grade: Grade;
  /** The grader's sentence saying why, e.g. `Over 2.5: total 3 > 2.5 → won`. */
  readonly rule: string;
  /** The score the selection was graded on; null when none applied (e.g. void). */
  readonly score: Score | null;
  /** Epoch milliseconds. */
  readonly settledAt: number;
}

/** A half-open time window on `changedAt`: `from` ≤ changedAt < `to` (epoch ms). */
export interface TimeRange {
  readonly from?: number;
  readonly to?: number;
  /** At most this many rows, the earliest first. */
  readonly limit?: number;
}

/**
 * Which prices of one fixture or future to read. Absent means all; an empty list matches nothing
 * (so a caller that parsed an empty parameter must pass `undefined`, not `[]`). When both are
 * given, a price must match both.
 */
export interface SelectionFilters {
  readonly bookmakers?: readonly string[];
  readonly oddsIds?: readonly string[];
}

export interface HistoryFilters extends SelectionFilters, TimeRange {}

/** OLV and CLV of one price: its first recorded change and its last change before a cut-off. */
export interface OpeningAndClosing<C extends PriceChange> {
  readonly opening: C;
  /** Null when the price has no change before the cut-off. */
  readonly closing: C | null;
}

/** A simulator lifecycle record (fixture or future), kept as an opaque JSON text. */
export interface LifecycleRecord {
  readonly id: string;
  readonly json: string;
  /**
   * When the fixture or future finished or was cancelled (epoch ms); null while upcoming or live.
   * Retention only ever drops finished ones. Saving null never clears a recorded finish.
   */
  readonly finishedAt: number | null;
}

export interface PruneOptions {
  /** The cap on the database size in bytes. Nothing is dropped while the data fits under it. */
  readonly maxBytes: number;
  /**
   * Once over the cap, drop down to this size so that the next few appends do not trigger
   * another prune at once. Default: 90 % of `maxBytes`.
   */
  readonly targetBytes?: number;
}

export interface PruneReport {
  /** Fixtures and futures removed entirely (history, settlements and record), oldest first. */
  readonly prunedFixtureIds: readonly string[];
  readonly prunedFutureIds: readonly string[];
  readonly deletedChanges: number;
  /** Database size on disk (main file + WAL) before and after, bytes. */
  readonly bytesBefore: number;
  readonly bytesAfter: number;
  /** False when the unfinished fixtures alone exceed the cap (they are never dropped). */
  readonly underCap: boolean;
}

/**
 * The history store as its writer sees it: synchronous, like the simulator's tick that writes it
 * (through service/sim/history-port.ts and ResilientHistory, in the producer's thread) and
 * better-sqlite3. The edge reads through {@link HistoryReads}, which is asynchronous. Reads of
 * one fixture or future never run a query per oddsId. One writer (the producer).
 */
export interface HistoryStore {
  /** Records a batch of changes atomically: all of them or, on error, none. */
  appendChanges(changes: readonly PriceChange[]): void;
  /** Records graded selections; grading a selection again replaces its earlier row. */
  appendSettlements(rows: readonly SettlementRecord[]): void;
  /** A fixture's settlement, one row per selection, by outcomeId then playerId. */
  readSettlement(fixtureId: string): SettlementRecord[];

  /** The changes of one price (fixture or future), by changedAt. */
  readHistory(oddsId: string, range?: TimeRange): PriceChange[];
  /** The changes of a fixture's prices, by changedAt (changes at the same ms in append order). */
  readHistoryForFixture(fixtureId: string, filters?: HistoryFilters): FixturePriceChange[];
  readHistoryForFuture(futureId: string, filters?: HistoryFilters): FuturePriceChange[];
  /**
   * The rows of `readHistoryForFixture`, in order, in pages of at most `pageRows`; each page is
   * one short query, so a caller may yield to the event loop between pages (a large history then
   * never blocks other requests for its whole read). The read covers the changes stored when the
   * first page is taken.
   */
  readHistoryPagesForFixture(fixtureId: string, filters: HistoryFilters, pageRows: number): Iterable<FixturePriceChange[]>;
  /** The first recorded change of a price (its OLV), or null when it has none. */
  readFirst(oddsId: string): PriceChange | null;
  /** The last change of a price with changedAt < `timeMs` (its CLV when `timeMs` is the settlement). */
  readLastBefore(oddsId: string, timeMs: number): PriceChange | null;
  /** Per oddsId of the fixture: first change, and last change with changedAt < `closingBeforeMs`. */
  readOpeningAndClosing(
    fixtureId: string,
    closingBeforeMs: number,
    filters?: SelectionFilters,
  ): Map<string, OpeningAndClosing<FixturePriceChange>>;
  readFutureOpeningAndClosing(
    futureId: string,
    closingBeforeMs: number,
    filters?: SelectionFilters,
  ): Map<string, OpeningAndClosing<FuturePriceChange>>;

  /** Upserts fixture records by id. */
  saveFixtures(records: readonly LifecycleRecord[]): void;
  /** Every stored fixture record, in the order first saved. */
  loadFixtures(): LifecycleRecord[];
  saveFutures(records: readonly LifecycleRecord[]): void;
  loadFutures(): LifecycleRecord[];

  getMeta(key: string): string | null;
  setMeta(key: string, value: string): void;

  /** Number of stored price changes. Counts every row: for summaries and tests, not hot paths. */
  countChanges(): number;
  /** Database size on disk (main file + WAL), bytes. */
  sizeBytes(): number;
  /**
   * Retention: once the data exceeds `maxBytes`, removes the oldest finished fixtures and
   * futures (by finishedAt) until it is under `targetBytes`, then gives the space back to the
   * file system. Upcoming and live ones are never touched.
   */
  pruneOldest(options: PruneOptions): PruneReport;
  /** Closes the store; later calls throw. Closing twice is harmless. */
  close(): void;
}

/** A call the store refuses: a malformed change, a foreign or future-version database, ... */
export class HistoryStoreError extends Error {
  override readonly name = 'HistoryStoreError';
}

/**
 * What the edge reads of the history (REST's historical, CLV and settlement answers):
 * asynchronous, so that a store in another thread, process or server (PostgreSQL, issue #24)
 * answers through the same interface. The edge reads; only the producer writes.
 */
export interface HistoryReads {
  readSettlement(fixtureId: string): Promise<SettlementRecord[]>;
  readHistoryForFuture(futureId: string, filters?: HistoryFilters): Promise<FuturePriceChange[]>;
  /** See {@link HistoryStore.readHistoryPagesForFixture}: pages of at most `pageRows`, in order. */
  readHistoryPagesForFixture(fixtureId: string, filters: HistoryFilters, pageRows: number): AsyncIterable<FixturePriceChange[]>;
  readOpeningAndClosing(fixtureId: string, closingBeforeMs: number, filters?: SelectionFilters): Promise<Map<string, OpeningAndClosing<FixturePriceChange>>>;
  readFutureOpeningAndClosing(futureId: string, closingBeforeMs: number, filters?: SelectionFilters): Promise<Map<string, OpeningAndClosing<FuturePriceChange>>>;
}

/** A synchronous store's reads behind the asynchronous interface (SQLite: each read is one bounded query set). */
export function historyReadsOf(store: HistoryStore): HistoryReads {
  return {
    readSettlement: (fixtureId) => Promise.resolve(store.readSettlement(fixtureId)),
    readHistoryForFuture: (futureId, filters) => Promise.resolve(store.readHistoryForFuture(futureId, filters)),
    // eslint-disable-next-line @typescript-eslint/require-await -- the interface is asynchronous; this store answers a page at a time at once
    async *readHistoryPagesForFixture(fixtureId, filters, pageRows) {
      yield* store.readHistoryPagesForFixture(fixtureId, filters, pageRows);
    },
    readOpeningAndClosing: (fixtureId, before, filters) => Promise.resolve(store.readOpeningAndClosing(fixtureId, before, filters)),
    readFutureOpeningAndClosing: (futureId, before, filters) => Promise.resolve(store.readFutureOpeningAndClosing(futureId, before, filters)),
  };
}
