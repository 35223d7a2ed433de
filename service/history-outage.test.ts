// A full disk, end to end: the real service process, its history database capped at its current
// size (POST /admin/history-cap → a real SQLITE_FULL on the next write that needs a page), over
// real HTTP and a real WebSocket. The service must keep serving live prices on REST and the
// stream, report the outage in /healthz and in its summary line, and once space returns write
// every change it published meanwhile into history, except those inside a reported gap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import { dataFrameSchema, oddsPayloadSchema } from '../src/wire/stream-schemas.ts';
import { ServiceProcess } from './testing/service-process.ts';

const KEY = 'demo-key';
const BOOKMAKERS = ['pinnacle', 'bet365'];
/** ~3,300 queued changes (160 bytes each): several seconds of backlog before the first gap. */
const BACKLOG_KB = 512;

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  history: z.object({
    status: z.enum(['ok', 'degraded']),
    degradedSince: z.number().nullable(),
    lastError: z.string().nullable(),
    backlog: z.object({ changes: z.number(), bytes: z.number(), limitBytes: z.number() }),
    gaps: z.array(z.object({ from: z.number(), to: z.number(), changes: z.number() })),
  }),
});
type Health = z.infer<typeof healthSchema>;

/** One odds entry as the stream published it. */
interface Published {
  readonly fixtureId: string;
  readonly bookmaker: string;
  readonly oddsId: string;
  readonly changedAt: number;
  readonly price: number;
  /** Date.now() when the frame arrived. */
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

const service = new ServiceProcess({
  dirPrefix: 'history-outage-',
  onStdout: (text) => {
    stdout += text;
  },
  onUnexpectedExit: (code, signal) => {
    exitedUnexpectedly = `code ${String(code)}, signal ${String(signal)}`;
  },
});
let stdout = '';
let exitedUnexpectedly: string | null = null;
const published: Published[] = [];
let socket: WebSocket | null = null;

/** An admin call with the install's token and a JSON body (service/testing/admin-client.ts). */
function admin(route: string, body: Record<string, unknown>): Promise<Response> {
  return service.adminClient.fetch('POST', route, body);
}

/** Caps the history database's pages (null lifts the cap). */
async function capHistory(maxPages: number | null): Promise<void> {
  const response = await admin('/admin/history-cap', { maxPages });
  expect(response.status).toBe(200);
}

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

function inGap(gaps: Health['history']['gaps'], changedAt: number): boolean {
  return gaps.some((g) => g.from <= changedAt && changedAt <= g.to);
}

beforeAll(async () => {
  await service.start({
    LOG_EVERY_SEC: '1',
    HISTORY_BACKLOG_KB: String(BACKLOG_KB),
    HISTORY_RETRY_MAX_MS: '500',
  });
  await subscribe();
}, 120_000);

afterAll(async () => {
  socket?.close();
  await service.close('SIGTERM');
});

describe('a full history disk (real SQLITE_FULL)', () => {
  it('refuses a history cap that is not a positive integer or null, saying so', async () => {
    for (const body of [{}, { maxPages: 0 }, { maxPages: 2.5 }, { maxPages: '10' }]) {
      const response = await admin('/admin/history-cap', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 400, message: '"maxPages" must be a positive integer, or null to lift the cap' });
    }
    expect((await health()).history.status).toBe('ok');
  });

  it('keeps serving, reports the outage, then writes every published change not inside a reported gap', async () => {
    expect((await health()).history.status).toBe('ok');
    await waitFor('odds on the stream', () => Promise.resolve(published.length > 0 ? true : null));
    // Past the burst of books opening at start, so the backlog takes seconds to fill.
    await sleep(3_000);

    // The database may grow no more: the next write that needs a page fails with SQLITE_FULL.
    await capHistory(1);
    const degraded = await waitFor('history degraded in /healthz', async () => {
      const h = await health();
      return h.history.status === 'degraded' ? h : null;
    });
    expect(degraded.status).toBe('degraded');
    expect(degraded.history.lastError).toContain('SQLITE_FULL');
    const since = degraded.history.degradedSince ?? Number.NaN;
    // Anything published from now on was made after the failure: queued or dropped, never written at once.
    const degradedSeenAt = Date.now();

    // The backlog fills to its bound; what comes after is a gap with its time range.
    const withGap = await waitFor('a gap in /healthz', async () => {
      const h = await health();
      return h.history.gaps.length > 0 ? h : null;
    });
    expect(withGap.history.backlog.changes).toBeGreaterThan(0);
    expect(withGap.history.backlog.bytes).toBeGreaterThan(0);
    expect(withGap.history.backlog.bytes).toBeLessThanOrEqual(BACKLOG_KB * 1024);
    expect(withGap.history.backlog.limitBytes).toBe(BACKLOG_KB * 1024);

    // The stream and REST still serve prices made during the outage.
    const seenAt = published.length;
    const fresh = await waitFor('a price made during the outage on the stream', () =>
      Promise.resolve(published.slice(seenAt).find((p) => p.changedAt > since) ?? null),
    );
    const odds = await waitFor('a price made during the outage on REST', async () => {
      const response = await rest(`/fixtures/odds?fixtureIds=${fresh.fixtureId}&bookmakers=${BOOKMAKERS.join(',')}&since=${String(since + 1)}`);
      expect(response.status).toBe(200);
      const views = z.array(z.object({ odds: z.record(z.string(), z.record(z.string(), z.object({ changedAt: z.number() }))) })).parse(await response.json());
      const changedAts = views.flatMap((v) => Object.values(v.odds).flatMap((byId) => Object.values(byId).map((e) => e.changedAt)));
      return changedAts.length > 0 ? changedAts : null;
    });
    expect(Math.min(...odds)).toBeGreaterThan(since);
    // History reads keep working too (they need no new page).
    expect((await rest(`/fixtures/odds/historical?fixtureId=${fresh.fixtureId}&bookmakers=${BOOKMAKERS.join(',')}`)).status).toBe(200);

    await waitFor('the summary line saying degraded', () =>
      Promise.resolve(/\[history degraded: backlog \d+ changes.*SQLITE_FULL/.test(stdout) ? true : null),
    );

    // Space returns: history resumes, the backlog is written, /healthz is ok again, the gap stays reported.
    await capHistory(null);
    const recovered = await waitFor('history ok again in /healthz', async () => {
      const h = await health();
      return h.history.status === 'ok' ? h : null;
    });
    const recoveredSeenAt = Date.now();
    expect(recovered.status).toBe('ok');
    expect(recovered.history.backlog.changes).toBe(0);
    expect(recovered.history.gaps.length).toBeGreaterThan(0);
    const publishedBefore = published.length;
    // History resumes: a change published after the recovery is written at once.
    await waitFor('a change after the recovery', () => Promise.resolve(published.length > publishedBefore + 5 ? true : null));
    socket?.close();
    const { gaps } = (await health()).history;

    // Every published change is in the recorded odds, unless inside a reported gap.
    const last = new Map<string, Published>();
    for (const p of published) last.set(`${p.oddsId}@${String(p.changedAt)}`, p);
    const byFixture = new Map<string, Published[]>();
    for (const p of last.values()) if (!inGap(gaps, p.changedAt)) byFixture.set(p.fixtureId, [...(byFixture.get(p.fixtureId) ?? []), p]);
    const missing: Published[] = [];
    let checkedDuringOutage = 0;
    for (const [fixtureId, list] of byFixture) {
      const from = Math.min(...list.map((p) => p.changedAt));
      const to = Math.max(...list.map((p) => p.changedAt)) + 1;
      const response = await rest(`/fixtures/odds/historical?fixtureId=${fixtureId}&bookmakers=${BOOKMAKERS.join(',')}&from=${String(from)}&to=${String(to)}`);
      expect(response.status).toBe(200);
      const recorded = historicalSchema.parse(await response.json()).odds;
      for (const p of list) {
        const row = recorded[p.bookmaker]?.[p.oddsId]?.[String(p.changedAt)];
        if (row?.price !== p.price) missing.push(p);
        if (p.receivedAt > degradedSeenAt && p.receivedAt < recoveredSeenAt) checkedDuringOutage += 1;
      }
    }
    expect(missing).toEqual([]);
    // Changes that waited in the backlog were among those checked, not only the times around the outage.
    expect(checkedDuringOutage).toBeGreaterThan(0);
    expect(exitedUnexpectedly).toBeNull();
  }, 180_000);
});
