// The stream client and the live book against the REAL embedded service (its own process, as
// `npm run service` runs it) over real sockets: after each kind of interruption, with the
// simulation frozen (POST /admin/freeze) before each comparison, the book equals a fresh REST
// snapshot — in both gateway replay modes, for all four encodings at once (one client and one book
// per encoding side by side: 4 connections, under the 5 per key).
// The service runs as a child process (service/testing/service-process.ts, shared with the chaos soak).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { fetchFixturesInScope, fetchOddsSnapshot } from '../src/api/snapshots.ts';
import { ServiceProcess } from '../service/testing/service-process.ts';
import { LiveBook } from '../src/book/book.ts';
import { RECEIVE_TYPES, type ReceiveType } from '../src/wire/stream-schemas.ts';
import { memoryCursorStore, type CursorStore } from '../src/stream/cursor-store.ts';
import { apiSnapshotSource } from '../src/stream/snapshots.ts';
import { createStreamClient, type StreamClient, type WebSocketConstructor } from '../src/stream/stream-client.ts';
import { isOpen } from '../src/wire/status.ts';

const SPORT_IDS = [10];
const BOOKMAKERS = ['pinnacle', 'bet365'];
/** Wall-clock ms (the service's clock is the system clock): short, so (b) stays short. */
const RESUME_WINDOW_MS = 1_500;
const KEY = 'demo-key';

interface Lane {
  readonly receiveType: ReceiveType;
  readonly book: LiveBook;
  readonly cursors: CursorStore;
  client: StreamClient | null;
  /** REST snapshots the client fetched (a login without cursors, or a `snapshot_required`). */
  snapshots: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class World {
  epoch = '';
  readonly lanes: Lane[] = RECEIVE_TYPES.map((receiveType) => ({ receiveType, book: new LiveBook(), cursors: memoryCursorStore(), client: null, snapshots: 0 }));

  constructor(private readonly service: ServiceProcess) {}

  get url(): string {
    return this.service.restUrl;
  }

  /** Starts the service frozen (same port and data directory on every restart). */
  async start(replayMode: 'extended' | 'public'): Promise<void> {
    await this.service.start({
      SIM_FROZEN: '1',
      GATEWAY_DRAIN_MS: '200',
      GATEWAY_REPLAY_MODE: replayMode,
      RESUME_WINDOW_MS: String(RESUME_WINDOW_MS),
    });
  }

  /** Stops the service: SIGTERM is graceful (reconnect frames, drain), SIGKILL is a crash. */
  async stop(signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
    await this.service.stop(signal);
  }

  /** Lets the simulation run for `ms` of wall time, then freezes it. */
  async run(ms: number): Promise<void> {
    await this.service.admin('resume');
    await sleep(ms);
    await this.service.admin('freeze');
  }

  async resumeSim(): Promise<void> {
    await this.service.admin('resume');
  }

  get api(): ApiClient {
    return createApiClient({ baseUrl: this.url, apiKey: KEY, lang: 'en' });
  }

  connect(lane: Lane): void {
    const rest = apiSnapshotSource(this.api);
    const client = createStreamClient({
      settings: { url: this.service.wsUrl, apiKey: KEY, lang: 'en', receiveType: lane.receiveType, sportIds: SPORT_IDS, bookmakers: BOOKMAKERS },
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      cursors: lane.cursors,
      snapshots: {
        fetch: (request, signal) => {
          lane.snapshots++;
          return rest.fetch(request, signal);
        },
      },
      scope: () => ({ fixtureIds: lane.book.fixtureIds(), futureIds: lane.book.futureIds() }),
      emit: (ops) => {
        lane.book.apply(ops);
        lane.book.flush();
      },
      backoff: { baseMs: 50, maxMs: 500 },
      persistEveryMs: 10,
    });
    lane.client = client;
    void client.start();
  }

  connectAll(): void {
    for (const lane of this.lanes) this.connect(lane);
  }

  async disconnectAll(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => (lane.client === null ? Promise.resolve() : lane.client.stop())));
    for (const lane of this.lanes) lane.client = null;
  }

  /** Waits until every lane is connected with no re-snapshot running and its book equals REST. */
  async expectBooksEqualRest(label: string): Promise<void> {
    await waitFor(() => this.lanes.every((l) => l.client?.status.phase === 'connected' && l.client.status.resnapshotChannels.length === 0), 30_000, `${label}: lanes connected`);
    const expected = await restState(this.api);
    // Not vacuous: the scope holds fixtures, prices and bookmaker metadata.
    expect(Object.keys(expected.odds).length, `${label}: fixtures with odds`).toBeGreaterThan(0);
    expect(Object.keys(expected.metas).length, `${label}: fixtures with meta`).toBeGreaterThan(0);
    for (const lane of this.lanes) {
      // Frames already sent before the freeze may still be in flight: poll briefly before judging.
      const deadline = Date.now() + 3_000;
      for (;;) {
        try {
          expect(bookState(lane.book, expected), `${label}, ${lane.receiveType}`).toEqual(expected);
          break;
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await sleep(50);
        }
      }
      expect(lane.client?.status.malformedFrames, `${label}, ${lane.receiveType}: malformed frames`).toBe(0);
    }
  }

  /** GET /healthz (no key needed). */
  async health(): Promise<{ status: string; stale: boolean; frozen: boolean; producer: { state: string; restarts: number; lastCrash: { reason: string } | null } }> {
    return (await (await fetch(`${this.url}/healthz`)).json()) as Awaited<ReturnType<World['health']>>;
  }

  get admin(): ServiceProcess['adminClient'] {
    return this.service.adminClient;
  }

  serverEpochs(): (string | null | undefined)[] {
    return this.lanes.map((l) => l.client?.status.serverEpoch);
  }

  async close(): Promise<void> {
    await this.disconnectAll();
    await this.service.close('SIGTERM');
  }
}

interface Comparable {
  readonly fixtures: Record<string, unknown>;
  readonly odds: Record<string, unknown>;
  readonly metas: Record<string, unknown>;
}

/** A fresh REST snapshot of the subscribed scope, in the shape compared. */
async function restState(api: ApiClient): Promise<Comparable> {
  const views = await fetchFixturesInScope(api, { sportIds: SPORT_IDS });
  const open = views.filter((v) => isOpen(v.status.statusId)).map((v) => v.fixtureId);
  const odds = await fetchOddsSnapshot(api, open, BOOKMAKERS);
  return {
    fixtures: Object.fromEntries(views.map((v) => [v.fixtureId, { status: v.status, scores: v.scores, clock: v.clock }])),
    odds: Object.fromEntries(odds.filter((v) => Object.keys(v.odds).length > 0).map((v) => [v.fixtureId, v.odds])),
    metas: Object.fromEntries(odds.filter((v) => Object.keys(v.bookmakers).length > 0).map((v) => [v.fixtureId, v.bookmakers])),
  };
}

/** The book's state over the same fixtures: active prices only (REST lists active prices only). */
function bookState(book: LiveBook, over: Comparable): Comparable {
  const fixtures: Record<string, unknown> = {};
  for (const id of Object.keys(over.fixtures)) {
    const live = book.getFixture(id);
    fixtures[id] = { status: live?.status, scores: live?.scores, clock: live?.clock ?? null };
  }
  const odds: Record<string, unknown> = {};
  const metas: Record<string, unknown> = {};
  for (const id of book.fixtureIds()) {
    const active: Record<string, Record<string, unknown>> = {};
    for (const [bookmaker, entries] of Object.entries(book.fixtureOdds(id))) {
      for (const [oddsId, entry] of Object.entries(entries)) if (entry.active) (active[bookmaker] ??= {})[oddsId] = entry;
    }
    if (Object.keys(active).length > 0) odds[id] = active;
    const m = book.fixtureBookmakers(id);
    if (Object.keys(m).length > 0) metas[id] = m;
  }
  return { fixtures, odds, metas };
}

async function waitFor(predicate: () => boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitForAsync(predicate: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const world = new World(new ServiceProcess({ dirPrefix: 'stream-it-' }));

describe.each(['extended', 'public'] as const)('stream client against the real gateway, replay mode %s', (mode) => {
  beforeAll(async () => {
    // The extended run ends by a graceful restart into the public mode: that is (d) of extended.
    if (mode === 'extended') {
      await world.start(mode);
      world.connectAll();
    }
    await world.run(500);
  }, 90_000);

  it('holds the REST state after the first connection (a full re-snapshot, no cursors yet)', async () => {
    await world.expectBooksEqualRest(`${mode} initial`);
  }, 60_000);

  it('(a) equals REST after a disconnect within the resume window', async () => {
    await world.resumeSim();
    await sleep(300);
    await world.disconnectAll();
    await sleep(300);
    world.connectAll();
    await world.run(300);
    await world.expectBooksEqualRest(`${mode} (a)`);
  }, 60_000);

  it('(b) equals REST after a disconnect longer than the resume window', async () => {
    await world.resumeSim();
    await sleep(300);
    await world.disconnectAll();
    await sleep(RESUME_WINDOW_MS + 1_000);
    world.connectAll();
    await world.run(300);
    await world.expectBooksEqualRest(`${mode} (b)`);
  }, 60_000);

  it('(c) equals REST after a service crash and restart (a new serverEpoch)', async () => {
    const before = world.serverEpochs();
    await world.stop('SIGKILL');
    await world.start(mode);
    await world.run(500);
    await world.expectBooksEqualRest(`${mode} (c)`);
    expect(world.serverEpochs().every((e, i) => e !== before[i])).toBe(true);
  }, 90_000);

  it('(e) keeps answering while the producer thread crashes and restarts, and equals REST after, with no re-snapshot', async () => {
    const epochs = world.serverEpochs();
    const snapshots = world.lanes.map((l) => l.snapshots);
    await world.resumeSim();
    await sleep(300);
    await world.admin.json('POST', '/admin/producer-crash');
    // The edge notices the thread's end and serves its last state, marked stale, until the restart.
    await waitForAsync(async () => (await world.health()).producer.state === 'down', 10_000, 'the producer reported down');
    const down = await world.health();
    expect(down).toMatchObject({ status: 'degraded', stale: true });
    expect(down.producer.lastCrash?.reason).toContain('producer crash requested');
    const listing = await fetch(`${world.url}/en/fixtures?sportId=10`, { headers: { 'X-API-Key': KEY } });
    expect(listing.status).toBe(200);
    expect(listing.headers.get('warning')).toContain('Stale');
    expect(((await listing.json()) as unknown[]).length).toBeGreaterThan(0);
    await waitForAsync(async () => (await world.health()).producer.state === 'running', 60_000, 'the producer restarted');
    const up = await world.health();
    // Running, as the crashed producer was (the service was started with SIM_FROZEN=1).
    expect(up).toMatchObject({ status: 'ok', stale: false, frozen: false });
    expect(up.producer.restarts).toBeGreaterThanOrEqual(1);
    await world.run(500);
    await world.expectBooksEqualRest(`${mode} (e)`);
    // The stream never broke: same server, same epoch, no REST re-snapshot by any lane.
    expect(world.serverEpochs()).toEqual(epochs);
    expect(world.lanes.map((l) => l.snapshots)).toEqual(snapshots);
  }, 120_000);

  it('(d) equals REST after a graceful reconnect (server_upgrade) into the next service', async () => {
    const before = world.serverEpochs();
    await world.resumeSim();
    // SIGTERM: the gateway sends `reconnect` to every client, drains, closes; the clients retry
    // until the successor listens on the same port.
    await world.stop('SIGTERM');
    await world.start('public');
    await world.run(500);
    await world.expectBooksEqualRest(`${mode} (d)`);
    expect(world.serverEpochs().every((e, i) => e !== before[i])).toBe(true);
  }, 90_000);
});

afterAll(async () => {
  await world.close();
}, 30_000);
