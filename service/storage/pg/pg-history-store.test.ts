import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPostgresServer, type PostgresServer } from '../../testing/postgres-server.ts';
import { FIXTURE, FUTURE, T0, describeHistoryContract, fu, fx } from '../../testing/history-contract.ts';
import { ResilientHistory } from '../../sim/resilient-history.ts';
import type { PriceChange } from '../history-store.ts';
import { openPgHistoryReads, type PgHistoryReads } from './pg-history-reads.ts';
import { openPgHistoryStore, type PgHistoryStore } from './pg-history-store.ts';
import { loadMigrations, migrate } from './pg-migrations.ts';
import { DAY_MS, dayOf, partitionName } from './pg-schema.ts';

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

/** A fresh database per store: CREATE DATABASE copies the empty template in well under 100 ms. */
async function freshDatabase(): Promise<string> {
  databases += 1;
  return server.createDatabase(`history_${String(databases)}`);
}

interface PgHistory {
  readonly url: string;
  readonly writer: PgHistoryStore;
  readonly reads: PgHistoryReads;
  flush(): Promise<void>;
}

async function openPgHistory(at: string): Promise<PgHistory> {
  const writer = await openPgHistoryStore(at, { now: () => T0 });
  return { url: at, writer, reads: openPgHistoryReads(at), flush: () => writer.flushNow() };
}

async function closePgHistory(history: PgHistory): Promise<void> {
  history.writer.close();
  await history.writer.whenClosed();
  await history.reads.close();
}

describeHistoryContract('PostgreSQL', {
  open: async () => openPgHistory(await freshDatabase()),
  reopen: async (current) => {
    await closePgHistory(current);
    return openPgHistory(current.url);
  },
  close: closePgHistory,
});

describe('PostgreSQL history store', () => {
  beforeEach(async () => {
    url = await freshDatabase();
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

    it('writes one huge append (a seeded history) in bounded batches', async () => {
      const seeded = Array.from({ length: 45_000 }, (_, i) => fx(FIXTURE, 'bet365', 1001 + (i % 50), T0 + Math.floor(i / 50), 1.5 + (i % 10) / 100));
      store.appendChanges(seeded);
      await store.flushNow();
      expect(store.insertStatements).toBe(3);
      expect(Number((await query<{ n: string }>('SELECT count(*) AS n FROM price_change'))[0]?.n)).toBe(45_000);
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
});
