// The simulator's history writer that a failing database cannot stop: a write the store refuses
// for lack of space (SQLITE_FULL) or any other I/O error puts history in "degraded" mode, where
// the unwritten changes wait in a bounded in-memory backlog (service/storage/history-backlog.ts)
// while the live world, REST and the stream carry on; the database is retried with backoff and
// the backlog written out, in order, once it accepts writes again.
import { HistoryBacklog, RetryBackoff } from '../storage/history-backlog.ts';
import type { BacklogEntry, HistoryGap } from '../storage/history-backlog.ts';
import { HistoryStoreError } from '../storage/history-store.ts';
import type { LifecycleRecord, PriceChange, PruneOptions, PruneReport, SettlementRecord } from '../storage/history-store.ts';
import type { HistoryPort } from './history-port.ts';

/** Backlogged changes written per step of the recovery (~1–3 ms of inserts), so REST is answered between steps. */
const DRAIN_CHUNK = 1_000;

/** What /healthz and the summary log line say about the history. */
export interface HistoryHealth {
  readonly status: 'ok' | 'degraded';
  /** When the current outage began (the first failed write), epoch ms; null while ok. */
  readonly degradedSince: number | null;
  /** The last write error of the current outage. */
  readonly lastError: string | null;
  readonly backlog: {
    readonly changes: number;
    readonly settlements: number;
    /** Fixture and future records and meta keys waiting to be saved (their latest state only). */
    readonly records: number;
    /** Estimated memory of the queued changes and settlements. */
    readonly bytes: number;
    readonly limitBytes: number;
  };
  /** When the database is tried next (epoch ms), null while ok. */
  readonly nextRetryAt: number | null;
  /** Published changes that were never written, by time range (see HistoryGap); kept for the process's life. */
  readonly gaps: readonly HistoryGap[];
}

/** The clock and timer of the retries (tests pass a manual one). */
export interface RetryTimers {
  now(): number;
  /** Calls `run` after `ms`; the returned function cancels it. */
  after(ms: number, run: () => void): () => void;
}

export const systemTimers: RetryTimers = {
  now: () => Date.now(),
  after(ms, run) {
    const timer = setTimeout(run, ms);
    // A pending retry must not keep a stopping process alive.
    timer.unref();
    return () => {
      clearTimeout(timer);
    };
  },
};

export interface ResilientHistoryOptions {
  /** The bound of the backlog (estimated bytes of queued changes); beyond it changes are dropped into a gap. */
  readonly backlogBytes: number;
  /** First retry this long after a failure, then doubling up to `retryMaxMs`. Default 250. */
  readonly retryInitialMs?: number;
  readonly retryMaxMs: number;
  readonly timers?: RetryTimers;
  readonly log?: (line: string) => void;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * A HistoryPort over a store that may fail. While every write succeeds it adds one boolean test
 * per call; the backlog, its byte accounting and the retries exist only during an outage.
 * A write the store refuses as malformed (HistoryStoreError) is not an outage: retrying could
 * never succeed, so its changes become a gap at once (and the refusal is logged).
 */
export class ResilientHistory implements HistoryPort {
  private readonly backlog: HistoryBacklog;
  private readonly backoff: RetryBackoff;
  private readonly timers: RetryTimers;
  private readonly log: (line: string) => void;
  private failing = false;
  private since: number | null = null;
  private lastError: string | null = null;
  /** Latest unsaved record per id, and unsaved meta values, while failing. */
  private readonly fixtureRecords = new Map<string, LifecycleRecord>();
  private readonly futureRecords = new Map<string, LifecycleRecord>();
  private readonly meta = new Map<string, string>();
  private cancelRetry: (() => void) | null = null;
  private closed = false;

  constructor(
    private readonly store: HistoryPort,
    options: ResilientHistoryOptions,
  ) {
    this.backlog = new HistoryBacklog(options.backlogBytes);
    this.backoff = new RetryBackoff(options.retryInitialMs ?? 250, options.retryMaxMs);
    this.timers = options.timers ?? systemTimers;
    this.log = options.log ?? (() => undefined);
  }

  get degraded(): boolean {
    return this.failing;
  }

  health(): HistoryHealth {
    return {
      status: this.failing ? 'degraded' : 'ok',
      degradedSince: this.since,
      lastError: this.lastError,
      backlog: {
        changes: this.backlog.changes,
        settlements: this.backlog.settlements,
        records: this.fixtureRecords.size + this.futureRecords.size + this.meta.size,
        bytes: this.backlog.bytes,
        limitBytes: this.backlog.maxBytes,
      },
      nextRetryAt: this.failing ? this.backoff.nextAt : null,
      gaps: this.backlog.gaps,
    };
  }

  // ---------------------------------------------------------------- writes

  appendChanges(changes: readonly PriceChange[]): void {
    if (changes.length === 0) return;
    const done = this.tryWrite(() => {
      this.store.appendChanges(changes);
    }, changes);
    if (!done) this.backlog.pushChanges(changes);
  }

  appendSettlements(rows: readonly SettlementRecord[]): void {
    if (rows.length === 0) return;
    const done = this.tryWrite(() => {
      this.store.appendSettlements(rows);
    });
    if (!done) this.backlog.pushSettlements(rows);
  }

  saveFixtures(records: readonly LifecycleRecord[]): void {
    this.saveRecords(records, this.fixtureRecords, (r) => {
      this.store.saveFixtures(r);
    });
  }

  saveFutures(records: readonly LifecycleRecord[]): void {
    this.saveRecords(records, this.futureRecords, (r) => {
      this.store.saveFutures(r);
    });
  }

  setMeta(key: string, value: string): void {
    const done = this.tryWrite(() => {
      this.store.setMeta(key, value);
    });
    if (!done) this.meta.set(key, value);
  }

  /** Retention; a failed prune is logged and reported as having dropped nothing (it is retried at the next check). */
  pruneOldest(options: PruneOptions): PruneReport {
    try {
      return this.store.pruneOldest(options);
    } catch (error) {
      this.log(`retention failed: ${describe(error)}`);
      const bytes = this.store.sizeBytes();
      return { prunedFixtureIds: [], prunedFutureIds: [], deletedChanges: 0, bytesBefore: bytes, bytesAfter: bytes, underCap: false };
    }
  }

  /** Tries once more to write what is pending (a stop must not wait for backoff), then closes the store. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.cancelRetry?.();
    this.cancelRetry = null;
    if (this.failing) this.lastTry();
    this.store.close();
  }

  // ---------------------------------------------------------------- reads (unchanged)

  loadFixtures(): LifecycleRecord[] {
    return this.store.loadFixtures();
  }

  loadFutures(): LifecycleRecord[] {
    return this.store.loadFutures();
  }

  getMeta(key: string): string | null {
    return this.meta.get(key) ?? this.store.getMeta(key);
  }

  countChanges(): number {
    return this.store.countChanges();
  }

  sizeBytes(): number {
    return this.store.sizeBytes();
  }

  // ---------------------------------------------------------------- outage and recovery

  private saveRecords(records: readonly LifecycleRecord[], pending: Map<string, LifecycleRecord>, save: (r: readonly LifecycleRecord[]) => void): void {
    if (records.length === 0) return;
    const done = this.tryWrite(() => {
      save(records);
    });
    if (done) return;
    for (const record of records) {
      // As the store does: a later save without a finish never clears a recorded one.
      const finishedAt = record.finishedAt ?? pending.get(record.id)?.finishedAt ?? null;
      pending.set(record.id, { ...record, finishedAt });
    }
  }

  /**
   * The healthy path: runs `write` unless an outage is on. True when that is the end of it
   * (written, or refused as malformed); false when the data must wait in memory.
   */
  private tryWrite(write: () => void, changes: readonly PriceChange[] | null = null): boolean {
    if (this.failing) return false;
    try {
      write();
      return true;
    } catch (error) {
      if (this.refused(error, changes)) return true;
      this.fail(error);
      return false;
    }
  }

  /** A HistoryStoreError is the store refusing the data itself: logged, its changes become a gap. */
  private refused(error: unknown, changes: readonly PriceChange[] | null): boolean {
    if (!(error instanceof HistoryStoreError)) return false;
    if (changes !== null) {
      this.backlog.drop(changes);
      // Outside an outage nothing else will close the gap.
      if (!this.failing) this.backlog.drained();
    }
    this.log(`history refused a write, not retried: ${error.message}`);
    return true;
  }

  private fail(error: unknown): void {
    const now = this.timers.now();
    this.lastError = describe(error);
    if (!this.failing) {
      this.failing = true;
      this.since = now;
      this.log(
        `history degraded: ${this.lastError}; serving on, unwritten changes wait in memory ` +
          `(up to ${(this.backlog.maxBytes / 1048576).toFixed(1)} MB, then gaps), retrying with backoff`,
      );
    }
    this.schedule(this.backoff.failed(now) - now);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.cancelRetry?.();
    this.cancelRetry = this.timers.after(Math.max(0, ms), () => {
      this.cancelRetry = null;
      if (this.drainStep()) this.schedule(0);
    });
  }

  /**
   * Writes the next piece of the backlog (a chunk of changes, a batch of settlements, or, once
   * they are all written, the pending records and meta). Returns true when there is more to
   * write now; false when recovered, or when the store failed again (a retry is scheduled).
   */
  private drainStep(): boolean {
    const entry = this.backlog.next(DRAIN_CHUNK);
    try {
      if (entry !== null) {
        this.write(entry);
        this.backlog.written(entry);
        return true;
      }
      this.writePendingState();
    } catch (error) {
      if (entry !== null && this.refused(error, entry.kind === 'changes' ? entry.changes : null)) {
        this.backlog.written(entry);
        return true;
      }
      this.fail(error);
      return false;
    }
    this.recovered();
    return false;
  }

  private lastTry(): void {
    while (this.drainStep()) {
      // Written chunk by chunk until done or the store fails again.
    }
    if (!this.failing) return;
    const { changes, settlements } = this.backlog;
    this.log(`history: closing while degraded; ${String(changes)} changes and ${String(settlements)} settlements were never written`);
  }

  private write(entry: BacklogEntry): void {
    if (entry.kind === 'changes') this.store.appendChanges(entry.changes);
    else this.store.appendSettlements(entry.rows);
  }

  private writePendingState(): void {
    if (this.fixtureRecords.size > 0) {
      this.store.saveFixtures([...this.fixtureRecords.values()]);
      this.fixtureRecords.clear();
    }
    if (this.futureRecords.size > 0) {
      this.store.saveFutures([...this.futureRecords.values()]);
      this.futureRecords.clear();
    }
    for (const [key, value] of this.meta) {
      this.store.setMeta(key, value);
      this.meta.delete(key);
    }
  }

  private recovered(): void {
    this.backlog.drained();
    const seconds = this.since === null ? 0 : (this.timers.now() - this.since) / 1000;
    const gaps = this.backlog.gaps.length;
    this.log(`history recovered after ${seconds.toFixed(1)} s: backlog written${gaps > 0 ? `; ${String(gaps)} gap(s) in /healthz` : ''}`);
    this.failing = false;
    this.since = null;
    this.lastError = null;
    this.backoff.succeeded();
  }
}
