// The stream client against a scripted gateway on a real loopback socket (ws), one behaviour each.
import { encode } from '@msgpack/msgpack';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import type { BookOp, BookSnapshot } from '../book/book.ts';
import { oddsEntry, oddsFrame } from '../book/book-test-data.ts';
import type { LoginFrame } from '../wire/stream-schemas.ts';
import { memoryCursorStore, type CursorStore } from './cursor-store.ts';
import type { SnapshotRequest, SnapshotSource } from './snapshots.ts';
import { createStreamClient, explainClose, type StreamClient, type StreamClientOptions, type StreamSettings, type WebSocketConstructor } from './stream-client.ts';

interface Gateway {
  readonly url: string;
  readonly logins: LoginFrame[];
  /** Resolves with the server side of the next connection, after its login. */
  nextConnection(): Promise<WebSocket>;
  close(): Promise<void>;
}

async function startGateway(): Promise<Gateway> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', () => { resolve(); }));
  const logins: LoginFrame[] = [];
  const waiting: ((ws: WebSocket) => void)[] = [];
  const ready: WebSocket[] = [];
  server.on('connection', (ws) => {
    ws.once('message', (data: Buffer) => {
      logins.push(JSON.parse(data.toString()) as LoginFrame);
      const take = waiting.shift();
      if (take) take(ws);
      else ready.push(ws);
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `ws://127.0.0.1:${String(port)}/ws`,
    logins,
    nextConnection: () => {
      const ws = ready.shift();
      return ws ? Promise.resolve(ws) : new Promise((resolve) => waiting.push(resolve));
    },
    close: () =>
      new Promise((resolve) => {
        for (const c of server.clients) c.terminate();
        server.close(() => { resolve(); });
      }),
  };
}

function loginOk(over: { receiveType?: string; serverEpoch?: string; replayChannels?: string[]; channels?: string[] } = {}): string {
  return JSON.stringify({
    type: 'login_ok',
    access: { live: true, pregame: true },
    channels: over.channels ?? ['fixtures', 'odds'],
    receiveType: over.receiveType ?? 'json',
    resume: { serverEpoch: over.serverEpoch ?? 'e1', resumeWindowMs: 60000, replayChannels: over.replayChannels ?? ['fixtures'], serverEntryIds: {} },
  });
}

const EMPTY: BookSnapshot = { channels: [], fixtureIds: [], futureIds: [], bookmakers: [], fixtures: [], odds: [], futuresOdds: [] };

/** A snapshot source whose fetches the test resolves by hand. */
function manualSnapshots(): SnapshotSource & { requests: SnapshotRequest[]; resolveNext(): void } {
  const resolvers: (() => void)[] = [];
  const requests: SnapshotRequest[] = [];
  return {
    requests,
    fetch(request) {
      requests.push(request);
      return new Promise((resolve) => resolvers.push(() => { resolve({ ...EMPTY, channels: request.channels }); }));
    },
    resolveNext() {
      resolvers.shift()?.();
    },
  };
}

const instantSnapshots: SnapshotSource = { fetch: (request) => Promise.resolve({ ...EMPTY, channels: request.channels }) };

let gateway: Gateway | undefined;
let client: StreamClient | undefined;
afterEach(async () => {
  await client?.stop();
  await gateway?.close();
  client = undefined;
  gateway = undefined;
});

function until(predicate: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (predicate()) resolve();
      else if (Date.now() > deadline) reject(new Error('condition not met in time'));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

async function setup(
  settings: Partial<StreamSettings> = {},
  snapshots: SnapshotSource = instantSnapshots,
  cursors: CursorStore = memoryCursorStore(),
  idleTimeoutMs = 0,
  extra: Partial<StreamClientOptions> = {},
) {
  gateway = await startGateway();
  const ops: BookOp[] = [];
  client = createStreamClient({
    settings: { url: gateway.url, apiKey: 'demo-key', lang: 'en', receiveType: 'json', bookmakers: ['pinnacle'], sportIds: [10], ...settings },
    WebSocket: WebSocket as unknown as WebSocketConstructor,
    cursors,
    snapshots,
    scope: () => ({ fixtureIds: [], futureIds: [] }),
    emit: (batch) => ops.push(...batch),
    backoff: { baseMs: 10, maxMs: 50 },
    persistEveryMs: 10,
    idleTimeoutMs,
    ...extra,
  });
  await client.start();
  return { gw: gateway, ops, client };
}

describe('stream client', () => {
  it('logs in with the key, filters, lang and the asked receiveType in the login frame', async () => {
    const { gw } = await setup({ receiveType: 'zstd' });
    await gw.nextConnection();
    expect(gw.logins[0]).toMatchObject({ type: 'login', apiKey: 'demo-key', lang: 'en', receiveType: 'zstd', bookmakers: ['pinnacle'], sportIds: [10] });
  });

  it('decodes by the negotiated receiveType, not the one asked for', async () => {
    const { gw, ops, client: c } = await setup({ receiveType: 'zstd' });
    const ws = await gw.nextConnection();
    ws.send(loginOk({ receiveType: 'binary' }));
    ws.send(encode(oddsFrame([oddsEntry(10)])));
    await until(() => ops.some((o) => o.op === 'update'));
    expect(c.status.receiveType).toBe('binary');
  });

  it('emits the authoritative seed first, then the deltas buffered while the snapshot was fetched', async () => {
    const snapshots = manualSnapshots();
    const { gw, ops } = await setup({}, snapshots);
    const ws = await gw.nextConnection();
    ws.send(loginOk());
    await until(() => snapshots.requests.length === 1);
    ws.send(JSON.stringify(oddsFrame([oddsEntry(10)])));
    await new Promise((r) => setTimeout(r, 30));
    expect(ops).toEqual([]);
    snapshots.resolveNext();
    await until(() => ops.length >= 2);
    expect(ops.map((o) => o.op)).toEqual(['seed', 'update']);
  });

  it('re-snapshots every subscribed channel on the first connection, having no cursors', async () => {
    const snapshots = manualSnapshots();
    const { gw } = await setup({}, snapshots);
    (await gw.nextConnection()).send(loginOk({ channels: ['fixtures', 'odds', 'scores'] }));
    await until(() => snapshots.requests.length === 1);
    expect(snapshots.requests[0]?.channels).toEqual(['fixtures', 'odds', 'scores']);
  });

  it('resumes with serverEpoch and lastSeenId of the replay channels only, and re-snapshots the rest', async () => {
    const cursors = memoryCursorStore({ serverEpoch: 'e1', lastSeenId: { fixtures: '5-1', odds: '5-2' }, replayChannels: ['fixtures'] });
    const snapshots = manualSnapshots();
    const { gw } = await setup({}, snapshots, cursors);
    const ws = await gw.nextConnection();
    expect(gw.logins[0]).toMatchObject({ serverEpoch: 'e1', lastSeenId: { fixtures: '5-1' } });
    ws.send(loginOk({ serverEpoch: 'e1' }));
    await until(() => snapshots.requests.length === 1);
    expect(snapshots.requests[0]?.channels).toEqual(['odds']);
  });

  it('re-snapshots everything when login_ok brings a new serverEpoch', async () => {
    const cursors = memoryCursorStore({ serverEpoch: 'e1', lastSeenId: { fixtures: '5-1' }, replayChannels: ['fixtures'] });
    const snapshots = manualSnapshots();
    const { gw } = await setup({}, snapshots, cursors);
    (await gw.nextConnection()).send(loginOk({ serverEpoch: 'e2' }));
    await until(() => snapshots.requests.length === 1);
    expect(snapshots.requests[0]?.channels).toEqual(['fixtures', 'odds']);
  });

  it('persists the cursor of each processed data frame', async () => {
    const cursors = memoryCursorStore();
    const { gw, ops } = await setup({}, instantSnapshots, cursors);
    const ws = await gw.nextConnection();
    ws.send(loginOk());
    await until(() => ops.length === 1);
    ws.send(JSON.stringify({ channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '77-3', payload: { nope: true } }));
    ws.send(JSON.stringify({ ...oddsFrame([oddsEntry(10)]), entryId: '80-1' }));
    await until(() => ops.length === 2);
    await until(() => false, 40).catch(() => undefined);
    expect((await cursors.load())?.lastSeenId).toEqual({ odds: '80-1' });
  });

  it('counts malformed frames and emits nothing for them', async () => {
    const { gw, ops, client: c } = await setup({}, instantSnapshots);
    const ws = await gw.nextConnection();
    ws.send(loginOk());
    await until(() => ops.length === 1);
    ws.send('{not json');
    ws.send(new Uint8Array([1, 2, 3]));
    ws.send(JSON.stringify({ channel: 'odds', type: 'UPDATE', ts: 1, entryId: '1-1', payload: { fixtureId: 'f', odds: { b: { x: { price: 'high' } } } } }));
    await until(() => c.status.malformedFrames === 3);
    expect(ops).toHaveLength(1);
  });

  it('after a malformed frame, reconnects and resumes from the cursor held before it, not from later frames', async () => {
    const { gw, ops } = await setup({}, instantSnapshots);
    const ws = await gw.nextConnection();
    ws.send(loginOk({ replayChannels: ['fixtures', 'odds'] }));
    await until(() => ops.length === 1);
    ws.send(JSON.stringify({ ...oddsFrame([oddsEntry(10)]), entryId: '80-1' }));
    // A truncated frame: whatever it carried is lost unless the stream is resumed from before it.
    ws.send(JSON.stringify({ ...oddsFrame([oddsEntry(11)]), entryId: '81-1' }).slice(0, 40));
    ws.send(JSON.stringify({ ...oddsFrame([oddsEntry(12)]), entryId: '82-1' }));
    await gw.nextConnection();
    expect(gw.logins[1]).toMatchObject({ serverEpoch: 'e1', lastSeenId: { odds: '80-1' } });
  });

  it('clears the cursors of the channels of snapshot_required and re-fetches them', async () => {
    const cursors = memoryCursorStore({ serverEpoch: 'e1', lastSeenId: { fixtures: '5-1' }, replayChannels: ['fixtures'] });
    const snapshots = manualSnapshots();
    const { gw } = await setup({}, snapshots, cursors);
    const ws = await gw.nextConnection();
    ws.send(loginOk({ serverEpoch: 'e1' }));
    await until(() => snapshots.requests.length === 1);
    snapshots.resolveNext();
    ws.send(JSON.stringify({ type: 'snapshot_required', reason: 'resume_window_exceeded', channels: ['fixtures'], serverEpoch: 'e1', resumeWindowMs: 60000, serverEntryIds: {} }));
    await until(() => snapshots.requests.length === 2);
    expect(snapshots.requests[1]?.channels).toEqual(['fixtures']);
    await until(() => false, 40).catch(() => undefined);
    expect((await cursors.load())?.lastSeenId).toEqual({});
  });

  it('treats a cursor past the resume window as routine: no problem line, a re-snapshot phase', async () => {
    const cursors = memoryCursorStore({ serverEpoch: 'e1', lastSeenId: { fixtures: '5-1' }, replayChannels: ['fixtures'] });
    const snapshots = manualSnapshots();
    const { gw, client: started } = await setup({}, snapshots, cursors);
    const ws = await gw.nextConnection();
    ws.send(loginOk({ serverEpoch: 'e1' }));
    await until(() => snapshots.requests.length === 1);
    snapshots.resolveNext();
    ws.send(JSON.stringify({ type: 'snapshot_required', reason: 'resume_window_exceeded', channels: ['fixtures'], serverEpoch: 'e1', resumeWindowMs: 60000, serverEntryIds: {} }));
    await until(() => snapshots.requests.length === 2);
    expect(started.status).toMatchObject({ phase: 'resnapshotting', problem: null });
  });

  it('replaces a socket that goes silent (half-open) with a resuming reconnect', async () => {
    const { gw, ops } = await setup({}, instantSnapshots, memoryCursorStore(), 150);
    const ws = await gw.nextConnection();
    ws.send(loginOk({ replayChannels: ['fixtures', 'odds'] }));
    await until(() => ops.length === 1);
    ws.send(JSON.stringify({ ...oddsFrame([oddsEntry(10)]), entryId: '90-1' }));
    // The server side stays open but sends nothing more: only the watchdog can notice.
    await gw.nextConnection();
    expect(gw.logins[1]).toMatchObject({ serverEpoch: 'e1', lastSeenId: { odds: '90-1' } });
  });

  describe('the stall rule', () => {
    /** A clock the test moves forward; the client's checks run every 10 ms of real time. */
    function skewedClock() {
      let skew = 0;
      return { now: () => Date.now() + skew, skip: (ms: number) => { skew += ms; } };
    }

    it('says stalled when the feed is silent past 5 s and the service does not answer the probe within 2 s', async () => {
      const clock = skewedClock();
      const probes: AbortSignal[] = [];
      const { gw, client: c } = await setup({}, instantSnapshots, memoryCursorStore(), 0, {
        now: clock.now,
        feedCheckEveryMs: 10,
        probe: (signal) => {
          probes.push(signal);
          return new Promise<void>(() => undefined);
        },
      });
      const ws = await gw.nextConnection();
      ws.send(loginOk());
      await until(() => c.status.phase === 'connected');
      expect(c.status.feed.state).toBe('live');
      clock.skip(5_100);
      await until(() => probes.length === 1);
      expect(c.status.feed.state).toBe('silent');
      await until(() => c.status.feed.state === 'stalled', 4_000);
      expect(probes[0]?.aborted).toBe(true);
      ws.send(JSON.stringify(oddsFrame([oddsEntry(10)])));
      await until(() => c.status.feed.state === 'live');
    });

    it('says no updates for N s, not stalled, when the service answers the probe (a frozen world)', async () => {
      const clock = skewedClock();
      const { gw, client: c } = await setup({}, instantSnapshots, memoryCursorStore(), 0, { now: clock.now, feedCheckEveryMs: 10, probe: () => Promise.resolve() });
      const ws = await gw.nextConnection();
      ws.send(loginOk());
      await until(() => c.status.phase === 'connected');
      clock.skip(12_000);
      await until(() => c.status.feed.state === 'silent' && c.status.feed.silentForMs >= 12_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(c.status.feed.state).toBe('silent');
    });

    it('says stalled at once when the probe cannot reach the service', async () => {
      const clock = skewedClock();
      const { gw, client: c } = await setup({}, instantSnapshots, memoryCursorStore(), 0, {
        now: clock.now,
        feedCheckEveryMs: 10,
        probe: () => Promise.reject(new TypeError('fetch failed')),
      });
      (await gw.nextConnection()).send(loginOk());
      await until(() => c.status.phase === 'connected');
      clock.skip(6_000);
      await until(() => c.status.feed.state === 'stalled', 500);
    });

    it('waits five median gaps of a sparse feed before probing', async () => {
      const clock = skewedClock();
      let probes = 0;
      const { gw, ops, client: c } = await setup({}, instantSnapshots, memoryCursorStore(), 0, {
        now: clock.now,
        feedCheckEveryMs: 10,
        probe: () => {
          probes++;
          return Promise.resolve();
        },
      });
      const ws = await gw.nextConnection();
      ws.send(loginOk());
      await until(() => c.status.phase === 'connected');
      // Frames 3 s apart: the threshold is 15 s, so 8 s of silence is no reason to probe.
      for (let i = 0; i < 5; i++) {
        clock.skip(3_000);
        ws.send(JSON.stringify(oddsFrame([oddsEntry(10 + i)])));
        await until(() => ops.filter((o) => o.op === 'update').length === i + 1);
      }
      await until(() => c.status.feed.thresholdMs >= 15_000);
      clock.skip(8_000);
      await new Promise((r) => setTimeout(r, 60));
      expect(probes).toBe(0);
      expect(c.status.feed.state).toBe('live');
      clock.skip(8_000);
      await until(() => probes === 1);
    });
  });

  it('reconnects at once on a reconnect control frame, resuming', async () => {
    const { gw, ops } = await setup({}, instantSnapshots);
    const ws = await gw.nextConnection();
    ws.send(loginOk());
    await until(() => ops.length === 1);
    ws.send(JSON.stringify({ type: 'reconnect', reason: 'server_upgrade' }));
    await gw.nextConnection();
    expect(gw.logins[1]?.serverEpoch).toBe('e1');
  });

  // 4429: a bad key from an address over its failed-login limit; retrying would keep it throttled.
  it.each([
    [4401, /API key was refused/],
    [4429, /too many failed attempts/],
  ])('stops retrying after a %i and asks for the settings', async (code, problem) => {
    const { gw, client: c } = await setup();
    (await gw.nextConnection()).close(code, 'refused');
    await until(() => c.status.needsSettings);
    expect(c.status).toMatchObject({ phase: 'offline', retryAt: null });
    expect(c.status.problem).toMatch(problem);
  });

  it('shows in its status what login_ok.dropped says the key may not see, and nothing once a login drops nothing', async () => {
    const { gw, client: c } = await setup({ sportIds: [14, 10], bookmakers: ['bet365', 'pinnacle'] });
    const dropped = { sports: [{ sportId: 14, sportName: 'American Football' }], bookmakers: [{ bookmaker: 'bet365', bookmakerName: 'bet365' }] };
    const first = await gw.nextConnection();
    first.send(JSON.stringify({ ...(JSON.parse(loginOk()) as object), dropped }));
    await until(() => c.status.dropped !== null);
    expect(c.status.dropped).toEqual(dropped);
    c.reconnectNow();
    (await gw.nextConnection()).send(loginOk());
    await until(() => c.status.dropped === null);
  });

  it('re-snapshots only what login_ok did not drop, so REST is never asked for a sport or bookmaker outside the key', async () => {
    const snapshots = manualSnapshots();
    const { gw } = await setup({ sportIds: [14, 10], bookmakers: ['bet365', 'pinnacle'] }, snapshots);
    const dropped = { sports: [{ sportId: 14, sportName: 'American Football' }], bookmakers: [{ bookmaker: 'bet365' }] };
    (await gw.nextConnection()).send(JSON.stringify({ ...(JSON.parse(loginOk()) as object), dropped }));
    await until(() => snapshots.requests.length === 1);
    expect(snapshots.requests[0]?.sportIds).toEqual([10]);
    expect(snapshots.requests[0]?.bookmakers).toEqual(['pinnacle']);
  });

  it('keeps the gateway\'s 4403 message, which lists what was dropped, in the problem', async () => {
    const { gw, client: c } = await setup({ sportIds: [14] });
    const ws = await gw.nextConnection();
    ws.send(JSON.stringify({ type: 'error', code: 'channel_not_allowed', message: "Nothing to subscribe to: none of the sportIds is entitled to this key. Outside this key's access: sportIds 14 (American Football)." }));
    ws.close(4403, 'channel_not_allowed');
    await until(() => c.status.phase === 'offline' && c.status.problem?.includes('4403') === true);
    expect(c.status.problem).toContain('sportIds 14 (American Football)');
    expect(c.status.retryAt).toBeNull();
  });

  it('retries with backoff after a 4003 and says why in words', async () => {
    const { gw, client: c } = await setup();
    (await gw.nextConnection()).close(4003, 'too many connections');
    await until(() => c.status.phase === 'offline');
    expect(c.status.problem).toMatch(/at most 5 per key/);
    expect(c.status.retryAt).not.toBeNull();
  });
});

describe('explainClose', () => {
  it.each([4001, 4002, 4003, 4401, 4403, 4429, 1006])('explains close code %i in words', (code) => {
    expect(explainClose(code, '')).toContain(String(code));
  });
});
