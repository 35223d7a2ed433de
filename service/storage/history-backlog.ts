// What the history keeps in memory while its database refuses writes (a full disk): the
// unwritten price changes and settlements in order, bounded in bytes; the time ranges of the
// changes dropped beyond the bound (gaps); and when to try the database again (backoff).
// Pure bookkeeping: no I/O, no timers, time passed in.
import type { PriceChange, SettlementRecord } from './history-store.ts';

/**
 * Estimated heap bytes of one queued change and one queued settlement (the object and its array
 * slot; oddsIds and slugs are shared with the simulator's live objects, a settlement's rule is
 * its own). Only an estimate: the bound is about megabytes, not exact bytes.
 */
export const CHANGE_BYTES = 160;
export const SETTLEMENT_BYTES = 240;

/** Gaps kept at most; beyond it the two oldest merge (the range only grows, it never lies). */
export const MAX_GAPS = 100;

/** A time range of price changes that were published but never written (epoch ms, both ends inclusive). */
export interface HistoryGap {
  readonly from: number;
  readonly to: number;
  /** How many changes were dropped in it. */
  readonly changes: number;
}

/** One queued write, in the order it was asked for. */
export type BacklogEntry =
  | { readonly kind: 'changes'; readonly changes: readonly PriceChange[] }
  | { readonly kind: 'settlements'; readonly rows: readonly SettlementRecord[] };

/**
 * Adds `gap` to a list sorted by `from`, merging every range it overlaps or touches (a gap
 * that ends at ms t and one that starts at t + 1 leave no recorded time between them).
 */
export function mergeGap(gaps: readonly HistoryGap[], gap: HistoryGap, maxGaps = MAX_GAPS): HistoryGap[] {
  let merged = gap;
  const out: HistoryGap[] = [];
  for (const g of gaps) {
    if (g.to + 1 < merged.from || merged.to + 1 < g.from) out.push(g);
    else merged = { from: Math.min(g.from, merged.from), to: Math.max(g.to, merged.to), changes: g.changes + merged.changes };
  }
  const at = out.findIndex((g) => g.from > merged.from);
  out.splice(at === -1 ? out.length : at, 0, merged);
  while (out.length > maxGaps) {
    const [first, second] = out;
    if (first === undefined || second === undefined) break;
    out.splice(0, 2, { from: first.from, to: Math.max(first.to, second.to), changes: first.changes + second.changes });
  }
  return out;
}

/**
 * The queue of unwritten history. Changes are admitted while the estimated size stays within
 * `maxBytes`; the rest are dropped, and their time range goes into the current gap, which
 * grows until the queue has been written out (`drained`). Settlements are always kept: each is
 * a fixture's final grade, which nothing could rebuild, and there are only a few hundred per
 * finished fixture. They make their room by dropping the newest queued price changes into the
 * gap, so the bound holds for the whole queue (a full disk must not grow the heap without end);
 * only settlements alone can pass it.
 */
export class HistoryBacklog {
  private readonly entries: BacklogEntry[] = [];
  /** Index of the first unwritten entry, and of its first unwritten change (a long batch is written in chunks). */
  private head = 0;
  private headOffset = 0;
  private queuedChanges = 0;
  private queuedSettlements = 0;
  private gapList: HistoryGap[] = [];
  /** The gap of the current outage, until the queue drains. */
  private open: { from: number; to: number; changes: number } | null = null;

  constructor(readonly maxBytes: number) {}

  get changes(): number {
    return this.queuedChanges;
  }

  get settlements(): number {
    return this.queuedSettlements;
  }

  get bytes(): number {
    return this.queuedChanges * CHANGE_BYTES + this.queuedSettlements * SETTLEMENT_BYTES;
  }

  get isEmpty(): boolean {
    return this.head === this.entries.length;
  }

  /** Every gap so far, the current outage's included, sorted by `from`. */
  get gaps(): readonly HistoryGap[] {
    return this.open === null ? this.gapList : mergeGap(this.gapList, this.open);
  }

  /** Queues what fits of `changes` (the earliest first); the rest widen the current gap. */
  pushChanges(changes: readonly PriceChange[]): void {
    const room = Math.max(0, Math.floor((this.maxBytes - this.bytes) / CHANGE_BYTES));
    const kept = changes.length <= room ? changes : changes.slice(0, room);
    if (kept.length > 0) {
      this.entries.push({ kind: 'changes', changes: kept });
      this.queuedChanges += kept.length;
    }
    if (kept.length < changes.length) this.drop(changes, kept.length);
  }

  pushSettlements(rows: readonly SettlementRecord[]): void {
    if (rows.length === 0) return;
    this.entries.push({ kind: 'settlements', rows });
    this.queuedSettlements += rows.length;
    const over = this.bytes - this.maxBytes;
    if (over > 0) this.dropNewestChanges(Math.ceil(over / CHANGE_BYTES));
  }

  /**
   * Drops up to `count` of the most recently queued changes into the current gap. The head
   * entry is left alone: part of it may be on its way to the store (`next()` handed it out).
   */
  private dropNewestChanges(count: number): void {
    let left = count;
    for (let i = this.entries.length - 1; i > this.head && left > 0; i -= 1) {
      const entry = this.entries[i];
      if (entry === undefined || entry.kind !== 'changes') continue;
      const keep = Math.max(0, entry.changes.length - left);
      this.drop(entry.changes, keep);
      left -= entry.changes.length - keep;
      this.queuedChanges -= entry.changes.length - keep;
      this.entries[i] = { kind: 'changes', changes: entry.changes.slice(0, keep) };
    }
  }

  /** Records `changes` from index `start` on as never written (the store refused them, or no room). */
  drop(changes: readonly PriceChange[], start = 0): void {
    const dropped = start === 0 ? changes : changes.slice(start);
    if (dropped.length === 0) return;
    let from = Number.POSITIVE_INFINITY;
    let to = Number.NEGATIVE_INFINITY;
    for (const change of dropped) {
      if (change.changedAt < from) from = change.changedAt;
      if (change.changedAt > to) to = change.changedAt;
    }
    const n = dropped.length;
    if (this.open === null) this.open = { from, to, changes: n };
    else {
      this.open.from = Math.min(this.open.from, from);
      this.open.to = Math.max(this.open.to, to);
      this.open.changes += n;
    }
  }

  /**
   * The next write to try: at most `maxChanges` changes of the oldest entry, or its settlements;
   * null when the queue is empty. `written()` removes it once stored.
   */
  next(maxChanges: number): BacklogEntry | null {
    const entry = this.entries[this.head];
    if (entry === undefined) return null;
    if (entry.kind === 'settlements') return entry;
    const end = Math.min(entry.changes.length, this.headOffset + maxChanges);
    if (this.headOffset === 0 && end === entry.changes.length) return entry;
    return { kind: 'changes', changes: entry.changes.slice(this.headOffset, end) };
  }

  /** The entry `next()` returned was stored. */
  written(entry: BacklogEntry): void {
    const head = this.entries[this.head];
    if (head === undefined) return;
    if (entry.kind === 'settlements') {
      this.queuedSettlements -= entry.rows.length;
      this.advance();
      return;
    }
    this.queuedChanges -= entry.changes.length;
    this.headOffset += entry.changes.length;
    if (head.kind === 'settlements' || this.headOffset >= head.changes.length) this.advance();
  }

  /** The queue has been written out: the current outage's gap, if any, is closed. */
  drained(): void {
    if (this.open !== null) this.gapList = mergeGap(this.gapList, this.open);
    this.open = null;
    this.entries.length = 0;
    this.head = 0;
    this.headOffset = 0;
  }

  private advance(): void {
    this.head += 1;
    this.headOffset = 0;
    // Written entries are released in bulk rather than shifted one by one (O(n) each).
    if (this.head >= 1024 && this.head * 2 >= this.entries.length) {
      this.entries.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** When to try a failing database again: `initialMs` after the first failure, doubling to `maxMs`. */
export class RetryBackoff {
  private delay: number;
  private at: number | null = null;

  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
  ) {
    this.delay = initialMs;
  }

  /** A try failed at `nowMs`: returns when to try next. */
  failed(nowMs: number): number {
    const at = nowMs + this.delay;
    this.at = at;
    this.delay = Math.min(this.maxMs, this.delay * 2);
    return at;
  }

  /** Writes succeed again: the next failure starts over from `initialMs`. */
  succeeded(): void {
    this.delay = this.initialMs;
    this.at = null;
  }

  /** When the next try is due (epoch ms), or null while nothing failed. */
  get nextAt(): number | null {
    return this.at;
  }
}
