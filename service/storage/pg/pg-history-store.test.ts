import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { ResilientHistory } from '../../sim/resilient-history.ts';
import type { FixturePriceChange, FuturePriceChange, PriceChange, SettlementRecord } from '../history-store.ts';
import { HistoryStoreError } from '../history-store.ts';
import { openPgHistoryReads, type PgHistoryReads } from './pg-history-reads.ts';
import { openPgHistoryStore, type PgHistoryStore } from './pg-history-store.ts';
import { loadMigrations, migrate } from './pg-migrations.ts';
import { DAY_MS, partitionName, dayOf } from './pg-schema.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');
const FIXTURE = 'sr10000017123456';
const OTHER_FIXTURE = 'sr10000017123457';
const FUTURE = 'sr1000001700042510001';

function fx(fixtureId: string, bookmaker: string, outcomeId: number, changedAt: number, price: number, extra: Partial<FixturePriceChange> = {}): FixturePriceChange {
  return {
    kind: 'fixture',
    oddsId: `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`,
    fixtureId,
    bookmaker,
    outcomeId,
    playerId: 0,
    marketId: outcomeId - (outcomeId % 3),
    price,
    active: true,
    marketActive: true,
    limit: null,
    changedAt,
    ...extra,
  };
}

function fu(bookmaker: string, participantId: number, changedAt: number, price: number): FuturePriceChange {
  return {
    kind: 'future',
    oddsId: `${FUTURE}:${bookmaker}:${String(participantId)}`,
    futureId: FUTURE,
    bookmaker,
    participantId,
    playerId: 0,
    marketId: null,
    price,
    active: true,
    marketActive: true,
    limit: null,
    changedAt,
  };
}

const oddsId = (fixtureId: string, bookmaker: string, outcomeId: number): string => `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`;

let server: PostgresServer;
let databases = 0;
let url: string;
let now: number;
let store: PgHistoryStore;
let reads: PgHistoryReads;

beforeAll(async () => {
  server = await startPostgresServer();
}, 60_000);

afterAll(async () => {
  await server.dispose();
});

/** A fresh database per test: CREATE DATABASE copies template1 in a few milliseconds. */
beforeEach(async () => {
  databases += 1;
  url = await server.createDatabase(`history_${String(databases)}`);
  now = T0;
  store = await openPgHistoryStore(url, { now: () => now });
  reads = openPgHistoryReads(url);
});

afterEach(async () => {
  store.close();
  await store.whenClosed();
  await reads.close();
});

async function reopen(): Promise<void> {
  store.close();
  await store.whenClosed();
  store = await openPgHistoryStore(url, { now: () => now });
}

async function query<R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

const prices = (changes: readonly PriceChange[]): number[] => changes.map((c) => c.price);

describe('appendChanges and the fixture reads', () => {
  it('reads every field of a change back as it was appended', async () => {
    const change = fx(FIXTURE, 'pinnacle', 1001, T0 + 7, 2.375, { active: false, marketActive: false, limit: 2500 });
    store.appendChanges([change, fx(FIXTURE, 'bet365', 1001, T0 + 8, 1.234567)]);
    await store.flushNow();
    expect(await reads.readHistoryForFixture(FIXTURE)).toEqual([change, fx(FIXTURE, 'bet365', 1001, T0 + 8, 1.234567)]);
  });

  it('orders by changedAt, changes of the same millisecond in append order, late appends in their place', async () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1001, T0, 1.95), fx(FIXTURE, 'bet365', 1001, T0 + 1000, 2.1)]);
    await store.flushNow();
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 2.0), fx(FIXTURE, 'bet365', 1001, T0 - 100, 1.7)]);
    await store.flushNow();
    expect(prices(await reads.readHistoryForFixture(FIXTURE))).toEqual([1.7, 1.9, 1.95, 2.0, 2.1]);
  });

  it('filters by bookmakers, oddsIds, time window and limit, and nothing of other fixtures', async () => {
    store.appendChanges([
      fx(FIXTURE, 'bet365', 1001, T0, 1.01),
      fx(FIXTURE, 'pinnacle', 1001, T0 + 10, 1.02),
      fx(OTHER_FIXTURE, 'bet365', 1001, T0 + 15, 9),
      fx(FIXTURE, 'bet365', 1002, T0 + 20, 1.03),
      fx(FIXTURE, 'bet365', 1001, T0 + 30, 1.04),
    ]);
    await store.flushNow();
    expect(prices(await reads.readHistoryForFixture(FIXTURE))).toEqual([1.01, 1.02, 1.03, 1.04]);
    expect(prices(await reads.readHistoryForFixture(FIXTURE, { bookmakers: ['bet365'] }))).toEqual([1.01, 1.03, 1.04]);
    expect(prices(await reads.readHistoryForFixture(FIXTURE, { oddsIds: [oddsId(FIXTURE, 'bet365', 1001)], from: T0 + 1, to: T0 + 31 }))).toEqual([1.04]);
    expect(prices(await reads.readHistoryForFixture(FIXTURE, { limit: 2 }))).toEqual([1.01, 1.02]);
    expect(await reads.readHistoryForFixture(FIXTURE, { bookmakers: [] })).toEqual([]);
    expect(await reads.readHistoryForFixture('sr10000017999999')).toEqual([]);
  });

  it('rejects a batch with a malformed change at once and records none of it', async () => {
    expect(() => {
      store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1002, T0, Number.NaN)]);
    }).toThrow(HistoryStoreError);
    await store.flushNow();
    expect(store.countChanges()).toBe(0);
    expect(await reads.readHistoryForFixture(FIXTURE)).toEqual([]);
  });

  it('refuses a batch that reuses an oddsId of another fixture and keeps working', async () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9)]);
    const reused = { ...fx(OTHER_FIXTURE, 'bet365', 1001, T0, 1.9), oddsId: oddsId(FIXTURE, 'bet365', 1001) };
    expect(() => {
      store.appendChanges([fx(OTHER_FIXTURE, 'bet365', 1002, T0, 2), reused]);
    }).toThrow(/another fixture/);
    store.appendChanges([fx(OTHER_FIXTURE, 'bet365', 1002, T0 + 1, 2.2)]);
    await store.flushNow();
    expect(prices(await reads.readHistoryForFixture(OTHER_FIXTURE))).toEqual([2.2]);
    expect(store.countChanges()).toBe(2);
  });
});

describe('readHistoryPagesForFixture', () => {
  async function pagesOf(iterable: AsyncIterable<FixturePriceChange[]>): Promise<number[][]> {
    const out: number[][] = [];
    for await (const page of iterable) out.push(prices(page));
    return out;
  }

  beforeEach(async () => {
    store.appendChanges([
      fx(FIXTURE, 'bet365', 1001, T0, 1.01),
      fx(FIXTURE, 'pinnacle', 1001, T0 + 10, 1.02),
      fx(FIXTURE, 'bet365', 1002, T0 + 10, 1.03),
      fx(OTHER_FIXTURE, 'bet365', 1001, T0 + 15, 9.0),
      fx(FIXTURE, 'bet365', 1001, T0 + 20, 1.04),
    ]);
    store.appendChanges([fx(FIXTURE, 'pinnacle', 1001, T0 + 30, 1.05), fx(FIXTURE, 'bet365', 1002, T0 + 40, 1.06)]);
    await store.flushNow();
  });

  it('gives the rows of one read, in order, in pages of at most pageRows', async () => {
    expect(await pagesOf(reads.readHistoryPagesForFixture(FIXTURE, {}, 2))).toEqual([[1.01, 1.02], [1.03, 1.04], [1.05, 1.06]]);
    expect(await pagesOf(reads.readHistoryPagesForFixture(FIXTURE, {}, 4))).toEqual([[1.01, 1.02, 1.03, 1.04], [1.05, 1.06]]);
  });

  it('applies bookmakers, oddsIds, the time window and the row limit as one read does', async () => {
    expect(await pagesOf(reads.readHistoryPagesForFixture(FIXTURE, { bookmakers: ['bet365'] }, 1))).toEqual([[1.01], [1.03], [1.04], [1.06]]);
    expect(await pagesOf(reads.readHistoryPagesForFixture(FIXTURE, { oddsIds: [oddsId(FIXTURE, 'bet365', 1002)], from: T0 + 10, to: T0 + 40 }, 5))).toEqual([[1.03]]);
    expect(await pagesOf(reads.readHistoryPagesForFixture(FIXTURE, { limit: 3 }, 2))).toEqual([[1.01, 1.02], [1.03]]);
    expect(await pagesOf(reads.readHistoryPagesForFixture(FIXTURE, { bookmakers: [] }, 2))).toEqual([]);
    expect(await pagesOf(reads.readHistoryPagesForFixture('sr10000017999999', {}, 2))).toEqual([]);
  });

  it('leaves out what is appended between pages, new prices included', async () => {
    const pages = reads.readHistoryPagesForFixture(FIXTURE, {}, 3)[Symbol.asyncIterator]();
    const first = await pages.next();
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0 + 50, 1.07), fx(FIXTURE, 'unibet', 1001, T0 + 35, 1.08)]);
    await store.flushNow();
    const rest: number[] = [];
    for (let page = await pages.next(); page.done !== true; page = await pages.next()) rest.push(...prices(page.value));
    expect([...prices(first.done === true ? [] : first.value), ...rest]).toEqual([1.01, 1.02, 1.03, 1.04, 1.05, 1.06]);
  });

  it('refuses a page size that is not a positive integer', async () => {
    await expect(pagesOf(reads.readHistoryPagesForFixture(FIXTURE, {}, 0))).rejects.toThrow(HistoryStoreError);
  });
});

describe('opening and closing, futures, settlements', () => {
  it('pairs each price with its first change and its last change before the cut-off', async () => {
    store.appendChanges([
      fx(FIXTURE, 'bet365', 1001, T0, 1.5),
      fx(FIXTURE, 'pinnacle', 1001, T0 + 100, 1.6),
      fx(FIXTURE, 'bet365', 1001, T0 + 1000, 1.7),
      fx(FIXTURE, 'bet365', 1001, T0 + 3000, 1.8),
      fx(FIXTURE, 'unibet', 1001, T0 + 5000, 1.9),
    ]);
    await store.flushNow();
    const pairs = await reads.readOpeningAndClosing(FIXTURE, T0 + 2000);
    expect([...pairs].map(([id, p]) => [id, p.opening.price, p.closing?.price ?? null])).toEqual([
      [oddsId(FIXTURE, 'bet365', 1001), 1.5, 1.7],
      [oddsId(FIXTURE, 'pinnacle', 1001), 1.6, 1.6],
      [oddsId(FIXTURE, 'unibet', 1001), 1.9, null],
    ]);
    expect([...(await reads.readOpeningAndClosing(FIXTURE, T0 + 2000, { bookmakers: ['pinnacle'] })).keys()]).toEqual([oddsId(FIXTURE, 'pinnacle', 1001)]);
    expect((await reads.readOpeningAndClosing('sr10000017999999', T0)).size).toBe(0);
  });

  it('reads a future history and its opening and closing, apart from a fixture with the same id', async () => {
    store.appendChanges([fu('bet365', 7, T0, 5.0), fu('pinnacle', 7, T0 + 10, 5.5), fu('bet365', 7, T0 + 20, 4.5), fx(FUTURE, 'bet365', 1001, T0, 1.1)]);
    await store.flushNow();
    expect(await reads.readHistoryForFuture(FUTURE, { bookmakers: ['bet365'] })).toEqual([fu('bet365', 7, T0, 5.0), fu('bet365', 7, T0 + 20, 4.5)]);
    const pairs = await reads.readFutureOpeningAndClosing(FUTURE, T0 + 15);
    expect(pairs.get(`${FUTURE}:bet365:7`)?.closing?.price).toBe(5.0);
    expect(prices(await reads.readHistoryForFixture(FUTURE))).toEqual([1.1]);
  });

  it('round-trips settlements in outcome order, a regrade replacing the earlier grade', async () => {
    const row = (outcomeId: number, grade: SettlementRecord['grade']): SettlementRecord => ({
      fixtureId: FIXTURE,
      outcomeId,
      playerId: 0,
      marketId: 1,
      grade,
      rule: `rule ${String(outcomeId)}`,
      score: { participant1Score: 2, participant2Score: 1 },
      settledAt: T0,
    });
    store.appendSettlements([row(2, 'lost'), row(1, 'won')]);
    store.appendSettlements([{ ...row(2, 'void'), score: null }]);
    expect(() => {
      store.appendSettlements([{ ...row(3, 'won'), grade: 'maybe' as SettlementRecord['grade'] }]);
    }).toThrow(HistoryStoreError);
    await store.flushNow();
    expect(await reads.readSettlement(FIXTURE)).toEqual([row(1, 'won'), { ...row(2, 'void'), score: null }]);
    expect(await reads.readSettlement(OTHER_FIXTURE)).toEqual([]);
  });
});

describe('records, meta and restart', () => {
  it('keeps history, settlements, records and meta across close and reopen', async () => {
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9)]);
    store.saveFixtures([{ id: FIXTURE, json: '{"a":1}', finishedAt: null }, { id: OTHER_FIXTURE, json: '{"b":1}', finishedAt: T0 }]);
    store.saveFixtures([{ id: OTHER_FIXTURE, json: '{"b":2}', finishedAt: null }]);
    store.saveFutures([{ id: FUTURE, json: '{"f":1}', finishedAt: null }]);
    store.setMeta('seed', '42');
    expect(() => {
      store.setMeta('schemaVersion', '9');
    }).toThrow(HistoryStoreError);
    await reopen();
    expect(store.loadFixtures()).toEqual([
      { id: FIXTURE, json: '{"a":1}', finishedAt: null },
      { id: OTHER_FIXTURE, json: '{"b":2}', finishedAt: T0 },
    ]);
    expect(store.loadFutures()).toEqual([{ id: FUTURE, json: '{"f":1}', finishedAt: null }]);
    expect(store.getMeta('seed')).toBe('42');
    expect(store.getMeta('missing')).toBeNull();
    expect(store.countChanges()).toBe(1);
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 2.0)]);
    await store.flushNow();
    expect(prices(await reads.readHistoryForFixture(FIXTURE))).toEqual([1.9, 2.0]);
  });
});

describe('schema', () => {
  it('applies each migration once: opening again, or migrating again, changes nothing', async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect(await migrate(client)).toEqual([]);
    } finally {
      await client.end();
    }
    await reopen();
    const rows = await query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations ORDER BY version');
    expect(rows).toEqual(loadMigrations().map((m) => ({ version: m.version, name: m.name })));
  });

  it('indexes price changes by time with BRIN', async () => {
    const rows = await query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE tablename = 'price_change'");
    expect(rows.some((r) => /USING brin \(changed_at\)/.test(r.indexdef))).toBe(true);
  });

  it('creates a partition per day: ahead of the clock, and for every day a batch reaches', async () => {
    const partitions = async (): Promise<string[]> =>
      (await query<{ relname: string }>("SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'price_change'::regclass ORDER BY 1")).map((r) => r.relname);
    const today = dayOf(T0);
    expect(await partitions()).toEqual(['price_change_default', partitionName(today), partitionName(today + 1), partitionName(today + 2)]);
    store.appendChanges([fx(FIXTURE, 'bet365', 1001, T0 - 3 * DAY_MS, 1.5), fx(FIXTURE, 'bet365', 1001, T0 + 10 * DAY_MS, 1.6)]);
    await store.flushNow();
    expect(await partitions()).toContain(partitionName(today - 3));
    expect(await partitions()).toContain(partitionName(today + 10));
    const placed = await query<{ part: string }>('SELECT tableoid::regclass::text AS part FROM price_change ORDER BY changed_at');
    expect(placed.map((r) => r.part)).toEqual([partitionName(today - 3), partitionName(today + 10)]);
  });
});

describe('batching', () => {
  it('writes many appends as a few multi-row INSERT statements, flushed by the timer', async () => {
    for (let i = 0; i < 500; i++) store.appendChanges([fx(FIXTURE, 'bet365', 1001 + (i % 7), T0 + i, 1.5 + (i % 10) / 100)]);
    expect(store.insertStatements).toBe(0);
    const deadline = Date.now() + 5_000;
    while (store.queuedChanges > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await store.flushNow();
    expect(store.insertStatements).toBeLessThanOrEqual(2);
    expect((await reads.readHistoryForFixture(FIXTURE)).length).toBe(500);
  });
});

describe('pruneOldest', () => {
  const A = 'sr10000017000001'; // day 0 only, finished
  const B = 'sr10000017000002'; // days 0 and 1, still live
  const C = 'sr10000017000003'; // day 1 only, finished
  const day0 = Date.parse('2026-11-19T10:00:00Z');

  async function fill(): Promise<void> {
    const batch: PriceChange[] = [];
    for (let i = 0; i < 200; i++) {
      batch.push(fx(A, 'bet365', 1000 + (i % 20), day0 + i * 1000, 1.5 + (i % 9) / 100));
      batch.push(fx(B, 'bet365', 1000 + (i % 20), day0 + i * 1000, 2.5));
      batch.push(fx(B, 'bet365', 1000 + (i % 20), day0 + DAY_MS + i * 1000, 2.6));
      batch.push(fx(C, 'bet365', 1000 + (i % 20), day0 + DAY_MS + i * 1000, 3.5));
      batch.push(fu('bet365', i % 5, day0 + i * 1000, 9));
    }
    store.appendChanges(batch);
    store.saveFixtures([
      { id: A, json: '{}', finishedAt: day0 + DAY_MS / 2 },
      { id: B, json: '{}', finishedAt: null },
      { id: C, json: '{}', finishedAt: day0 + DAY_MS + DAY_MS / 2 },
    ]);
    store.saveFutures([{ id: FUTURE, json: '{}', finishedAt: null }]);
    await store.flushNow();
    await store.refreshSize();
  }

  it('does nothing while the data fits under the cap', async () => {
    await fill();
    const report = store.pruneOldest({ maxBytes: 1024 * 1024 * 1024 });
    expect(report.prunedFixtureIds).toEqual([]);
    expect(report.underCap).toBe(true);
    expect(store.countChanges()).toBe(1000);
  });

  it("drops the oldest day partition with its finished fixtures whole, and keeps unfinished fixtures' and futures' rows", async () => {
    await fill();
    const before = store.sizeBytes();
    const report = store.pruneOldest({ maxBytes: before - 1, targetBytes: before - 1 });
    expect(report.prunedFixtureIds).toEqual([A]);
    expect(report.prunedFutureIds).toEqual([]);
    expect(report.deletedChanges).toBe(200);
    expect(store.countChanges()).toBe(800);
    expect(store.loadFixtures().map((r) => r.id)).toEqual([B, C]);
    await store.flushNow();

    const parts = (await query<{ relname: string }>("SELECT relname FROM pg_class WHERE relname LIKE 'price\\_change\\_p%'")).map((r) => r.relname);
    expect(parts).not.toContain(partitionName(dayOf(day0)));
    expect(parts).toContain(partitionName(dayOf(day0) + 1));
    expect(await reads.readHistoryForFixture(A)).toEqual([]);
    expect((await reads.readHistoryForFixture(B)).length).toBe(400);
    expect((await reads.readHistoryForFixture(C)).length).toBe(200);
    expect((await reads.readHistoryForFuture(FUTURE)).length).toBe(200);
    expect(store.sizeBytes()).toBeLessThan(before);
    // The dropped day now lives in the default partition: a late change of that day still has a home.
    store.appendChanges([fx(B, 'bet365', 1000, day0 - 5, 2.4)]);
    await store.flushNow();
    expect((await reads.readHistoryForFixture(B))[0]?.price).toBe(2.4);
  });

  it('never drops data of today, nor unfinished fixtures, even over the cap', async () => {
    now = day0;
    store.appendChanges([fx(B, 'bet365', 1000, day0, 2.5)]);
    await store.flushNow();
    await store.refreshSize();
    const report = store.pruneOldest({ maxBytes: 4096 });
    expect(report.prunedFixtureIds).toEqual([]);
    expect(report.underCap).toBe(false);
    await store.flushNow();
    expect((await reads.readHistoryForFixture(B)).length).toBe(1);
  });

  it('accepts appends to a pruned fixture id as a new fixture', async () => {
    await fill();
    store.pruneOldest({ maxBytes: 4096 });
    store.appendChanges([fx(A, 'bet365', 1000, T0, 3.3)]);
    await store.flushNow();
    expect(prices(await reads.readHistoryForFixture(A))).toEqual([3.3]);
  });
});

describe('PostgreSQL outage', () => {
  it('degrades history while PostgreSQL is down and writes the backlog in order once it is back, nothing lost or twice', async () => {
    const logged: string[] = [];
    const recorder = new ResilientHistory(store, { backlogBytes: 10 * 1024 * 1024, retryInitialMs: 50, retryMaxMs: 200, log: (line) => logged.push(line) });
    const appended: PriceChange[] = [];
    let t = T0;
    const tick = (): void => {
      const batch = [fx(FIXTURE, 'bet365', 1001 + (t % 5), t, 1.5 + (t % 50) / 100), fx(FIXTURE, 'pinnacle', 1001, t, 2)];
      t += 1;
      appended.push(...batch);
      recorder.appendChanges(batch);
    };
    const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

    for (let i = 0; i < 20; i++) tick();
    await store.flushNow();
    await server.stop();
    try {
      const deadline = Date.now() + 10_000;
      while (!recorder.degraded && Date.now() < deadline) {
        tick();
        await sleep(20);
      }
      expect(recorder.health().status).toBe('degraded');
      expect(recorder.health().lastError).toMatch(/PostgreSQL history unavailable/);
      for (let i = 0; i < 30; i++) tick();
      expect(recorder.health().backlog.changes).toBeGreaterThan(0);
    } finally {
      await server.start();
    }
    const deadline = Date.now() + 15_000;
    while ((recorder.degraded || store.queuedChanges > 0) && Date.now() < deadline) {
      tick();
      await sleep(50);
    }
    await store.flushNow();
    expect(recorder.health().status).toBe('ok');
    expect(recorder.health().gaps).toEqual([]);
    const stored = await reads.readHistoryForFixture(FIXTURE);
    expect(stored.length).toBe(appended.length);
    // Every change once, in append order (changedAt rises with each tick; pinnacle follows bet365 in a tick).
    expect(stored).toEqual(appended);
    expect(logged.some((line) => line.startsWith('history recovered'))).toBe(true);
  }, 40_000);
});
