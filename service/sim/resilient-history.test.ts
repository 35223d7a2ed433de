// ResilientHistory over a real SQLite store made full with max_page_count (a real SQLITE_FULL),
// on a manual retry clock.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CHANGE_BYTES } from '../storage/history-backlog.ts';
import type { FixturePriceChange } from '../storage/history-store.ts';
import { openSqliteHistoryStore, type SqliteHistoryStore } from '../storage/sqlite-history-store.ts';
import { ResilientHistory, type RetryTimers } from './resilient-history.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');
const FIXTURE = 'id1000001761301227';

/** `n` changes of one fixture, one per ms from `from`, over 50 prices. */
function changes(from: number, n: number): FixturePriceChange[] {
  return Array.from({ length: n }, (_, i) => ({
    kind: 'fixture' as const,
    oddsId: `${FIXTURE}:pinnacle:${String(i % 50)}:0`,
    fixtureId: FIXTURE,
    bookmaker: 'pinnacle',
    outcomeId: i % 50,
    playerId: 0,
    marketId: 1,
    price: 1.5 + (i % 97) / 100,
    active: true,
    marketActive: true,
    limit: null,
    changedAt: from + i,
  }));
}

/** A clock and timer that move only when told; records every wait asked for. */
class ManualTimers implements RetryTimers {
  t = T0;
  readonly waits: number[] = [];
  private pending: { at: number; run: () => void }[] = [];

  now(): number {
    return this.t;
  }

  after(ms: number, run: () => void): () => void {
    const item = { at: this.t + ms, run };
    this.pending.push(item);
    this.waits.push(ms);
    return () => {
      this.pending = this.pending.filter((p) => p !== item);
    };
  }

  /** Moves the clock by `ms`, running every timer that falls due, in time order. */
  advance(ms: number): void {
    const until = this.t + ms;
    for (;;) {
      const due = this.pending.filter((p) => p.at <= until).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.pending = this.pending.filter((p) => p !== due);
      this.t = due.at;
      due.run();
    }
    this.t = until;
  }
}

let dir: string;
let store: SqliteHistoryStore;
let timers: ManualTimers;
let lines: string[];

function open(backlogBytes = 1_000_000 * CHANGE_BYTES, retryMaxMs = 4_000): ResilientHistory {
  return new ResilientHistory(store, { backlogBytes, retryMaxMs, timers, log: (line) => lines.push(line) });
}

/** Every stored changedAt of the fixture, in order. */
function stored(): number[] {
  return store.readHistoryForFixture(FIXTURE).map((c) => c.changedAt);
}

const range = (from: number, n: number): number[] => Array.from({ length: n }, (_, i) => from + i);

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'resilient-history-'));
  store = openSqliteHistoryStore({ dataDir: dir });
  timers = new ManualTimers();
  lines = [];
});

afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('ResilientHistory', () => {
  it('writes straight to the store while it accepts writes', () => {
    const history = open();
    history.appendChanges(changes(T0, 10));
    expect(stored()).toEqual(range(T0, 10));
    expect(history.health()).toMatchObject({ status: 'ok', backlog: { changes: 0, bytes: 0 }, gaps: [] });
  });

  it('keeps the changes of a write that hit SQLITE_FULL and writes them, in order, once space returns', () => {
    const history = open();
    history.appendChanges(changes(T0, 10));
    store.capPages(1);
    history.appendChanges(changes(T0 + 10, 3_000));
    history.appendChanges(changes(T0 + 3_010, 5));
    expect(history.health()).toMatchObject({
      status: 'degraded',
      degradedSince: T0,
      backlog: { changes: 3_005, bytes: 3_005 * CHANGE_BYTES },
      gaps: [],
    });
    expect(history.health().lastError).toContain('SQLITE_FULL');
    expect(lines.some((l) => l.startsWith('history degraded: SQLITE_FULL'))).toBe(true);

    timers.advance(250); // the first retry: still full
    expect(history.health().status).toBe('degraded');
    expect(stored()).toEqual(range(T0, 10));

    store.capPages(null);
    timers.advance(500);
    expect(history.health()).toMatchObject({ status: 'ok', degradedSince: null, backlog: { changes: 0 }, nextRetryAt: null, gaps: [] });
    expect(stored()).toEqual(range(T0, 3_015));
    expect(lines.some((l) => l.startsWith('history recovered'))).toBe(true);
  });

  it('retries with doubling waits up to the maximum while the database stays full', () => {
    const history = open(1_000_000 * CHANGE_BYTES, 2_000);
    store.capPages(1);
    history.appendChanges(changes(T0, 3_000));
    timers.advance(10_000);
    expect(timers.waits.slice(0, 7)).toEqual([250, 500, 1_000, 2_000, 2_000, 2_000, 2_000]);
    expect(history.health().nextRetryAt).toBeGreaterThan(timers.now());
  });

  it('drops the changes beyond the bound into a gap that stays reported after the recovery', () => {
    const history = open(100 * CHANGE_BYTES);
    store.capPages(1);
    history.appendChanges(changes(T0, 3_000));
    history.appendChanges(changes(T0 + 5_000, 10));
    expect(history.health()).toMatchObject({
      status: 'degraded',
      backlog: { changes: 100, bytes: 100 * CHANGE_BYTES, limitBytes: 100 * CHANGE_BYTES },
      gaps: [{ from: T0 + 100, to: T0 + 5_009, changes: 2_910 }],
    });
    store.capPages(null);
    timers.advance(250);
    expect(stored()).toEqual(range(T0, 100));
    expect(history.health()).toMatchObject({ status: 'ok', gaps: [{ from: T0 + 100, to: T0 + 5_009, changes: 2_910 }] });
  });

  it('saves the latest record and meta of the outage on recovery, without clearing a recorded finish', () => {
    const history = open();
    store.capPages(1);
    history.appendChanges(changes(T0, 3_000));
    history.saveFixtures([{ id: FIXTURE, json: '{"v":1}', finishedAt: T0 + 1 }]);
    history.saveFixtures([{ id: FIXTURE, json: '{"v":2}', finishedAt: null }]);
    history.setMeta('rotationNextSlot', '42');
    expect(history.getMeta('rotationNextSlot')).toBe('42');
    expect(history.health().backlog.records).toBe(2);
    store.capPages(null);
    timers.advance(250);
    expect(store.loadFixtures()).toEqual([{ id: FIXTURE, json: '{"v":2}', finishedAt: T0 + 1 }]);
    expect(store.getMeta('rotationNextSlot')).toBe('42');
    expect(history.health().backlog.records).toBe(0);
  });

  it('turns a batch the store refuses as malformed into a gap at once, without degrading', () => {
    const history = open();
    const bad = changes(T0, 3).map((c) => ({ ...c, price: Number.NaN }));
    history.appendChanges(bad);
    expect(history.health()).toMatchObject({ status: 'ok', gaps: [{ from: T0, to: T0 + 2, changes: 3 }] });
    history.appendChanges(changes(T0 + 10, 2));
    expect(stored()).toEqual([T0 + 10, T0 + 11]);
  });

  it('writes the backlog when closed, if the database accepts writes by then', () => {
    const history = open();
    store.capPages(1);
    history.appendChanges(changes(T0, 3_000));
    store.capPages(null);
    history.close();
    store = openSqliteHistoryStore({ dataDir: dir });
    expect(stored()).toEqual(range(T0, 3_000));
  });
});
