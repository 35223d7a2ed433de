import { describe, expect, it } from 'vitest';
import { CHANGE_BYTES, HistoryBacklog, RetryBackoff, SETTLEMENT_BYTES, mergeGap } from './history-backlog.ts';
import type { FixturePriceChange, SettlementRecord } from './history-store.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');

function change(changedAt: number, outcomeId = 1): FixturePriceChange {
  return {
    kind: 'fixture',
    oddsId: `id1000001761301227:pinnacle:${String(outcomeId)}:0`,
    fixtureId: 'id1000001761301227',
    bookmaker: 'pinnacle',
    outcomeId,
    playerId: 0,
    marketId: 1,
    price: 1.9,
    active: true,
    marketActive: true,
    limit: null,
    changedAt,
  };
}

/** `n` changes, one per ms from `from`. */
function changes(from: number, n: number): FixturePriceChange[] {
  return Array.from({ length: n }, (_, i) => change(from + i));
}

const settlement: SettlementRecord = {
  fixtureId: 'id1000001761301227',
  outcomeId: 1,
  playerId: 0,
  marketId: 1,
  grade: 'won',
  rule: '1X2: 2 > 1 → won',
  score: { participant1Score: 2, participant2Score: 1 },
  settledAt: T0,
};

describe('HistoryBacklog', () => {
  it('queues changes up to its bound and turns the rest into a gap spanning their changedAt', () => {
    const backlog = new HistoryBacklog(10 * CHANGE_BYTES);
    backlog.pushChanges(changes(T0, 6));
    backlog.pushChanges(changes(T0 + 100, 6));
    expect(backlog.changes).toBe(10);
    expect(backlog.bytes).toBe(10 * CHANGE_BYTES);
    // The last two of the second batch did not fit: T0 + 104 and T0 + 105.
    expect(backlog.gaps).toEqual([{ from: T0 + 104, to: T0 + 105, changes: 2 }]);
  });

  it('widens one gap for the whole outage, however many batches it drops', () => {
    const backlog = new HistoryBacklog(0);
    backlog.pushChanges(changes(T0 + 1_000, 3));
    backlog.pushChanges(changes(T0 + 5_000, 3));
    expect(backlog.gaps).toEqual([{ from: T0 + 1_000, to: T0 + 5_002, changes: 6 }]);
  });

  it('starts a new gap after the backlog drained', () => {
    const backlog = new HistoryBacklog(0);
    backlog.pushChanges(changes(T0, 2));
    backlog.drained();
    backlog.pushChanges(changes(T0 + 10_000, 2));
    expect(backlog.gaps).toEqual([
      { from: T0, to: T0 + 1, changes: 2 },
      { from: T0 + 10_000, to: T0 + 10_001, changes: 2 },
    ]);
  });

  it('keeps settlements beyond the bound and counts them', () => {
    const backlog = new HistoryBacklog(0);
    backlog.pushSettlements([settlement, settlement]);
    expect(backlog.settlements).toBe(2);
    expect(backlog.bytes).toBe(2 * SETTLEMENT_BYTES);
    expect(backlog.gaps).toEqual([]);
  });

  it('makes room for settlements by dropping the newest queued changes into the gap, so the bound holds', () => {
    const backlog = new HistoryBacklog(10 * CHANGE_BYTES);
    backlog.pushChanges(changes(T0, 4));
    backlog.pushChanges(changes(T0 + 100, 6));
    // One settlement (240 bytes) needs the room of two changes (2 × 160): T0 + 104 and T0 + 105 go.
    backlog.pushSettlements([settlement]);
    expect(backlog.settlements).toBe(1);
    expect(backlog.changes).toBe(8);
    expect(backlog.bytes).toBe(8 * CHANGE_BYTES + SETTLEMENT_BYTES);
    expect(backlog.bytes).toBeLessThanOrEqual(10 * CHANGE_BYTES);
    expect(backlog.gaps).toEqual([{ from: T0 + 104, to: T0 + 105, changes: 2 }]);
    // What stays is written in order: the first 4, then the 4 kept of the second batch, then the settlement.
    const written: number[] = [];
    for (let entry = backlog.next(100); entry !== null; entry = backlog.next(100)) {
      if (entry.kind === 'changes') written.push(...entry.changes.map((c) => c.changedAt - T0));
      else written.push(-1);
      backlog.written(entry);
    }
    expect(written).toEqual([0, 1, 2, 3, 100, 101, 102, 103, -1]);
    expect(backlog.bytes).toBe(0);
  });

  it('never drops a change of the entry being written to make room', () => {
    const backlog = new HistoryBacklog(4 * CHANGE_BYTES);
    backlog.pushChanges(changes(T0, 4));
    backlog.pushSettlements([settlement]);
    // Only the head entry holds changes: nothing can give way, the settlement passes the bound.
    expect(backlog.changes).toBe(4);
    expect(backlog.settlements).toBe(1);
    expect(backlog.gaps).toEqual([]);
  });

  it('hands a long batch out in chunks, in order, and frees the room of what was written', () => {
    const backlog = new HistoryBacklog(1_000 * CHANGE_BYTES);
    backlog.pushChanges(changes(T0, 5));
    backlog.pushSettlements([settlement]);
    const written: number[] = [];
    for (let entry = backlog.next(2); entry !== null; entry = backlog.next(2)) {
      if (entry.kind === 'changes') written.push(...entry.changes.map((c) => c.changedAt - T0));
      else written.push(-1);
      backlog.written(entry);
    }
    expect(written).toEqual([0, 1, 2, 3, 4, -1]);
    expect(backlog.isEmpty).toBe(true);
    expect(backlog.bytes).toBe(0);
  });

  it('gives the same entry again until it is written (a failed write loses nothing)', () => {
    const backlog = new HistoryBacklog(1_000 * CHANGE_BYTES);
    backlog.pushChanges(changes(T0, 3));
    const first = backlog.next(2);
    const again = backlog.next(2);
    expect(again).toEqual(first);
    expect(backlog.changes).toBe(3);
  });
});

describe('mergeGap', () => {
  it('merges overlapping and touching ranges and keeps the others apart, sorted', () => {
    let gaps = mergeGap([], { from: 100, to: 200, changes: 1 });
    gaps = mergeGap(gaps, { from: 500, to: 600, changes: 1 });
    gaps = mergeGap(gaps, { from: 10, to: 20, changes: 1 });
    expect(gaps.map((g) => [g.from, g.to])).toEqual([[10, 20], [100, 200], [500, 600]]);
    gaps = mergeGap(gaps, { from: 201, to: 300, changes: 2 });
    expect(gaps.map((g) => [g.from, g.to, g.changes])).toEqual([[10, 20, 1], [100, 300, 3], [500, 600, 1]]);
    gaps = mergeGap(gaps, { from: 150, to: 550, changes: 4 });
    expect(gaps.map((g) => [g.from, g.to, g.changes])).toEqual([[10, 20, 1], [100, 600, 8]]);
  });

  it('stays within its count by merging the oldest ranges (covering more time, never less)', () => {
    let gaps = mergeGap([], { from: 0, to: 1, changes: 1 }, 3);
    for (const from of [10, 20, 30]) gaps = mergeGap(gaps, { from, to: from + 1, changes: 1 }, 3);
    expect(gaps.map((g) => [g.from, g.to, g.changes])).toEqual([[0, 11, 2], [20, 21, 1], [30, 31, 1]]);
  });
});

describe('RetryBackoff', () => {
  it('doubles the wait after each failure up to the maximum and starts over after a success', () => {
    const backoff = new RetryBackoff(250, 1_000);
    expect(backoff.nextAt).toBeNull();
    const waits = [0, 1, 2, 3, 4].map(() => backoff.failed(T0) - T0);
    expect(waits).toEqual([250, 500, 1_000, 1_000, 1_000]);
    expect(backoff.nextAt).toBe(T0 + 1_000);
    backoff.succeeded();
    expect(backoff.nextAt).toBeNull();
    expect(backoff.failed(T0) - T0).toBe(250);
  });
});
