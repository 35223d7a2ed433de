// PostgreSQL unreachable, end to end: the real service process with its history on a real
// PostgreSQL 15 (DATABASE_URL), over real HTTP and a real WebSocket. Stopping PostgreSQL must
// degrade history exactly as a full disk does: the service keeps serving, /healthz reports it,
// and once PostgreSQL is back every change published meanwhile is in history, once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { dataFrameSchema, oddsPayloadSchema } from '../src/wire/stream-schemas.ts';
import { startPostgresServer, type PostgresServer } from './testing/postgres-server.ts';
import { ServiceProcess } from './testing/service-process.ts';

const KEY = 'demo-key';
const BOOKMAKERS = ['pinnacle', 'bet365'];

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  history: z.object({
    status: z.enum(['ok', 'degraded']),
    lastError: z.string().nullable(),
    backlog: z.object({ changes: z.number() }),
    gaps: z.array(z.object({ from: z.number(), to: z.number(), changes: z.number() })),
  }),
});
type Health = z.infer<typeof healthSchema>;

interface Published {
  readonly fixtureId: string;
  readonly bookmaker: string;
  readonly oddsId: string;
  readonly changedAt: number;
  readonly price: number;
  readonly receivedAt: number;
}

const historicalSchema = z.object({
  odds: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.object({ price: z.number(), changedAt: z.number() })))),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | null>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== null) return found;
    if (Date.now() > deadline) throw new Error(`timed out after ${String(timeoutMs)} ms waiting for ${what}`);
    await sleep(100);
  }
}

let postgres: PostgresServer;
let databaseUrl = '';
const service = new ServiceProcess({ dirPrefix: 'history-pg-' });
const published: Published[] = [];
let socket: WebSocket | null = null;

async function health(): Promise<Health> {
  const response = await fetch(`${service.restUrl}/healthz`);
  expect(response.status).toBe(200);
  return healthSchema.parse(await response.json());
}

async function rest(pathAndQuery: string): Promise<Response> {
  return fetch(`${service.restUrl}/en${pathAndQuery}`, { headers: { 'X-API-Key': KEY } });
}

/** Logs in on the stream for the odds of live fixtures at two bookmakers and records every entry. */
async function subscribe(): Promise<void> {
  const ws = new WebSocket(service.wsUrl);
  socket = ws;
  const loggedIn = new Promise<void>((resolve, reject) => {
    ws.on('message', (data: Buffer) => {
      const json: unknown = JSON.parse(data.toString('utf8'));
      if (typeof json === 'object' && json !== null && 'type' in json && json.type === 'login_ok') resolve();
      const frame = dataFrameSchema.safeParse(json);
      if (!frame.success || frame.data.channel !== 'odds') return;
      const payload = oddsPayloadSchema.parse(frame.data.payload);
      for (const [bookmaker, byId] of Object.entries(payload.odds)) {
        for (const [oddsId, entry] of Object.entries(byId)) {
          published.push({ fixtureId: payload.fixtureId, bookmaker, oddsId, changedAt: entry.changedAt, price: entry.price, receivedAt: Date.now() });
        }
      }
    });
    ws.once('error', reject);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => {
      resolve();
    });
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'login', apiKey: KEY, channels: ['odds'], bookmakers: BOOKMAKERS, live: true, pregame: false, receiveType: 'json' }));
  await loggedIn;
}

beforeAll(async () => {
  postgres = await startPostgresServer();
  databaseUrl = await postgres.createDatabase('odds');
  await service.start({ DATABASE_URL: databaseUrl, HISTORY_RETRY_MAX_MS: '500' });
  await subscribe();
}, 120_000);

afterAll(async () => {
  socket?.close();
  await service.close('SIGTERM');
  await postgres.dispose();
});

describe('history on PostgreSQL', () => {
  it('keeps serving while PostgreSQL is down, reports it, and writes every published change once when it is back', async () => {
    await waitFor('odds on the stream', () => Promise.resolve(published.length > 0 ? true : null));
    await sleep(1_000);
    expect((await health()).history.status).toBe('ok');

    await postgres.stop();
    const stoppedAt = Date.now();
    const degraded = await waitFor('history degraded in /healthz', async () => {
      const h = await health();
      return h.history.status === 'degraded' ? h : null;
    });
    expect(degraded.status).toBe('degraded');
    expect(degraded.history.lastError).toContain('PostgreSQL history unavailable');
    // Live prices are still served, on the stream and on REST.
    const seen = published.length;
    const fresh = await waitFor('a price on the stream during the outage', () => Promise.resolve(published.slice(seen)[0] ?? null));
    expect((await rest(`/fixtures/odds?fixtureIds=${fresh.fixtureId}&bookmakers=${BOOKMAKERS.join(',')}`)).status).toBe(200);
    await sleep(1_000);

    await postgres.start();
    const recovered = await waitFor('history ok again in /healthz', async () => {
      const h = await health();
      return h.history.status === 'ok' && h.history.backlog.changes === 0 ? h : null;
    });
    expect(recovered.history.gaps).toEqual([]);
    const publishedBefore = published.length;
    await waitFor('a change after the recovery', () => Promise.resolve(published.length > publishedBefore + 5 ? true : null));
    socket?.close();

    // Nothing lost, nothing written twice: once the world is frozen and the writer has caught up,
    // the table holds exactly as many rows as the simulator appended (a fresh database).
    await service.adminClient.json<unknown>('POST', '/admin/freeze', {});
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const counts = async (): Promise<{ appended: number; stored: number }> => {
        const stats = z.object({ priceChanges: z.number() }).parse(await service.adminClient.json<unknown>('GET', '/admin/state'));
        const rows = await client.query<{ n: string }>('SELECT count(*) AS n FROM price_change');
        return { appended: stats.priceChanges, stored: Number(rows.rows[0]?.n) };
      };
      const caughtUp = await waitFor('the writer to catch up', async () => {
        const c = await counts();
        return c.stored >= c.appended ? c : null;
      });
      expect(caughtUp.stored).toBe(caughtUp.appended);
    } finally {
      await client.end();
    }

    const last = new Map<string, Published>();
    for (const p of published) last.set(`${p.oddsId}@${String(p.changedAt)}`, p);
    const byFixture = new Map<string, Published[]>();
    for (const p of last.values()) byFixture.set(p.fixtureId, [...(byFixture.get(p.fixtureId) ?? []), p]);
    const missing: Published[] = [];
    let duringOutage = 0;
    for (const [fixtureId, list] of byFixture) {
      const from = Math.min(...list.map((p) => p.changedAt));
      const to = Math.max(...list.map((p) => p.changedAt)) + 1;
      const response = await rest(`/fixtures/odds/historical?fixtureId=${fixtureId}&bookmakers=${BOOKMAKERS.join(',')}&from=${String(from)}&to=${String(to)}`);
      expect(response.status).toBe(200);
      const recorded = historicalSchema.parse(await response.json()).odds;
      for (const p of list) {
        if (recorded[p.bookmaker]?.[p.oddsId]?.[String(p.changedAt)]?.price !== p.price) missing.push(p);
        if (p.receivedAt > stoppedAt) duringOutage += 1;
      }
    }
    expect(missing).toEqual([]);
    expect(duringOutage).toBeGreaterThan(0);
  }, 120_000);
});
