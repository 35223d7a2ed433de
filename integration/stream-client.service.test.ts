// The stream client and the live book against the REAL embedded service (its own process, as
// `npm run service` runs it) over real sockets: after each kind of interruption, with the
// simulation frozen (POST /admin/freeze) before each comparison, the book equals a fresh REST
// snapshot — in both gateway replay modes, for all four encodings at once (one client and one book
// per encoding side by side: 4 connections, under the 5 per key).
// The service runs as a child process (service/testing/service-process.ts, shared with the chaos soak).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../src/api/client.ts';
import { ServiceProcess } from '../service/testing/service-process.ts';
import { RECEIVE_TYPES } from '../src/wire/stream-schemas.ts';
import { apiOf, connectLane, expectBooksEqualRest, newLane, sleep, waitForAsync, KEY, type Lane } from './stream-harness.ts';

/** Wall-clock ms (the service's clock is the system clock): short, so (b) stays short. */
const RESUME_WINDOW_MS = 1_500;

class World {
  epoch = '';
  readonly lanes: Lane[] = RECEIVE_TYPES.map(newLane);

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
    return apiOf(this.url);
  }

  connect(lane: Lane): void {
    connectLane(lane, this.url, this.service.wsUrl);
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
    await expectBooksEqualRest(this.lanes, this.api, label);
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
