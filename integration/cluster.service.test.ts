// The cluster on real engines (issue #24; service/cluster, docs/deploy.md): Debian's Redis carrying
// the feed, the producer process, two edges and Debian's HAProxy in front, all real processes on
// loopback. Stream clients connect through HAProxy; with the simulation frozen before each
// comparison, their books equal REST after each fault: an edge killed mid-stream (its clients
// resume on the other, no re-snapshot, no lost price), the producer killed and restarted (the feed
// resumes under the same epoch; history written before is still served), Redis restarted empty
// (every client is told `snapshot_required server_restarted` and recovers). Limits hold across
// edges. As root a missing engine is installed from Debian's packages (scripts/engines.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { startCluster, type Cluster } from '../service/cluster/cluster.ts';
import { AdminClient } from '../service/testing/admin-client.ts';
import { apiOf, connectLane, expectBooksEqualRest, KEY, newLane, sleep, waitFor, waitForAsync, type Lane } from './stream-harness.ts';

/** Whether `port` can be listened on now. */
function free(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, '127.0.0.1', () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}

/** A base port whose next five are free too (the cluster's layout). */
async function freeBlock(): Promise<number> {
  for (let base = 47_000 + Math.floor(Math.random() * 100) * 10; base < 60_000; base += 10) {
    let ok = true;
    for (let i = 0; i < 6 && ok; i++) ok = await free(base + i);
    if (ok) return base;
  }
  throw new Error('no free block of six ports');
}

let cluster: Cluster;
let admin: AdminClient;
let dataDir: string;
const lanes: Lane[] = [newLane('zstd-dict'), newLane('json')];

const epochs = (): (string | null | undefined)[] => lanes.map((lane) => lane.client?.status.serverEpoch);
const snapshots = (): number[] => lanes.map((lane) => lane.snapshots);
/** The replayable channels (the extended replay mode, the default) the lanes re-snapshotted since `counts`. */
const REPLAYABLE = new Set(['fixtures', 'scores', 'clocks', 'odds', 'oddsFutures']);
const resnapshotted = (counts: readonly number[]): string[] =>
  lanes.flatMap((lane, i) => lane.snapshotChannels.slice(counts[i] ?? 0).flatMap((channels) => channels.filter((channel) => REPLAYABLE.has(channel)).map((channel) => `${lane.receiveType}: ${channel}`)));
const wsUrl = (): string => `${cluster.url.replace('http', 'ws')}/ws`;

async function run(ms: number): Promise<void> {
  await admin.json('POST', '/admin/resume');
  await sleep(ms);
  await admin.json('POST', '/admin/freeze');
}

/** GET a REST path with the demo key; the body as JSON. */
async function getJson<T>(base: string, pathAndQuery: string): Promise<T> {
  const response = await fetch(`${base}/en${pathAndQuery}`, { headers: { 'X-API-Key': KEY } });
  expect(response.status, `${base} ${pathAndQuery}`).toBe(200);
  return (await response.json()) as T;
}

/** Every edge has read the feed up to the producer's freeze: their REST answers agree. */
async function edgesAgree(): Promise<void> {
  const [a, b] = cluster.edges.map((edge) => `http://127.0.0.1:${String(edge.port)}`);
  if (a === undefined || b === undefined) throw new Error('two edges expected');
  await waitForAsync(
    async () => JSON.stringify(await getJson(a, '/fixtures?sportId=10')) === JSON.stringify(await getJson(b, '/fixtures?sportId=10')),
    10_000,
    'both edges answer the same fixtures',
  );
}

async function health(url: string): Promise<{ status: string; stale: boolean; producer: { state: string } }> {
  return (await (await fetch(`${url}/healthz`)).json()) as Awaited<ReturnType<typeof health>>;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-it-'));
  cluster = await startCluster({
    port: await freeBlock(),
    dataDir,
    env: { SEED_PAST_DAYS: '0', SCHEDULE_DAYS: '2', GATEWAY_DRAIN_MS: '200', RESUME_WINDOW_MS: '120000' },
    log: () => undefined,
  });
  admin = AdminClient.forDataDir(cluster.adminUrl, dataDir);
  for (const lane of lanes) connectLane(lane, cluster.url, wsUrl());
  await run(1_000);
}, 240_000);

afterAll(async () => {
  await Promise.all(lanes.map((lane) => lane.client?.stop() ?? Promise.resolve()));
  await cluster.close();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the cluster: Redis Streams feed, two edges behind HAProxy', () => {
  it('streams through HAProxy a book equal to REST, and both edges answer the same state', async () => {
    await edgesAgree();
    await expectBooksEqualRest(lanes, apiOf(cluster.url), 'initial');
  }, 60_000);

  it('an edge killed mid-stream: its clients resume on the other edge with no lost price and no re-snapshot', async () => {
    const before = { epochs: epochs(), snapshots: snapshots() };
    await admin.json('POST', '/admin/resume');
    await sleep(500);
    // Both lanes' sockets go through HAProxy to one edge or the other: killing each edge in turn
    // (the other one up) moves every client at least once.
    for (const edge of cluster.edges) {
      await edge.stop('SIGKILL');
      await sleep(1_500);
      await edge.start();
    }
    await admin.json('POST', '/admin/freeze');
    await edgesAgree();
    await expectBooksEqualRest(lanes, apiOf(cluster.url), 'after the edges were killed');
    expect(epochs()).toEqual(before.epochs);
    // Replayable channels resumed from the channels' streams: the only REST snapshots taken since
    // are of channels no resume covers (login_ok's replayChannels leaves them out).
    expect(resnapshotted(before.snapshots), 'REST re-snapshots of replayable channels').toEqual([]);
  }, 120_000);

  it('the producer killed and restarted: the feed resumes under the same epoch, and history written before is still served', async () => {
    const fixtures = await getJson<{ fixtureId: string }[]>(cluster.url, '/fixtures?sportId=10');
    const fixtureId = fixtures[0]?.fixtureId;
    if (fixtureId === undefined) throw new Error('no soccer fixture');
    const historical = async (): Promise<number> => {
      const response = await fetch(`${cluster.url}/en/fixtures/odds/historical?fixtureId=${fixtureId}&bookmakers=pinnacle`, { headers: { 'X-API-Key': KEY } });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { odds?: Record<string, unknown> } | unknown[];
      return JSON.stringify(body).length;
    };
    const historyBefore = await historical();
    expect(historyBefore).toBeGreaterThan(50);
    const before = { epochs: epochs(), snapshots: snapshots() };
    await cluster.producer.stop('SIGKILL');
    await waitForAsync(async () => (await health(cluster.url)).producer.state === 'down', 15_000, 'the edges saw the producer down');
    expect(await health(cluster.url)).toMatchObject({ status: 'degraded', stale: true });
    await cluster.producer.start();
    await run(1_000);
    await edgesAgree();
    await expectBooksEqualRest(lanes, apiOf(cluster.url), 'after the producer restarted');
    expect(epochs()).toEqual(before.epochs);
    expect(resnapshotted(before.snapshots), 'REST re-snapshots of replayable channels').toEqual([]);
    expect(await historical()).toBeGreaterThanOrEqual(historyBefore);
  }, 180_000);

  it('Redis restarted empty: every client gets snapshot_required server_restarted and recovers', async () => {
    const before = epochs();
    await cluster.redis.stop('SIGKILL');
    await cluster.redis.start();
    await waitFor(() => epochs().every((epoch, i) => epoch !== before[i]), 30_000, 'a new serverEpoch on every lane');
    await run(500);
    await edgesAgree();
    await expectBooksEqualRest(lanes, apiOf(cluster.url), 'after Redis restarted empty');
    expect(new Set(epochs()).size).toBe(1);
  }, 120_000);

  it('counts the rate limits, failed logins and connections per key across both edges', async () => {
    const [edgeA, edgeB] = cluster.edges.map((edge) => `http://127.0.0.1:${String(edge.port)}`);
    if (edgeA === undefined || edgeB === undefined) throw new Error('two edges expected');
    const fixtures = await getJson<{ fixtureId: string }[]>(cluster.url, '/fixtures?sportId=10');
    const fixtureId = fixtures[0]?.fixtureId ?? '';
    // The odds bucket allows 10 requests a second per key: 16 alternating between the edges get 10 through.
    await sleep(1_100);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const response = await fetch(`${i % 2 === 0 ? edgeA : edgeB}/en/fixtures/odds?fixtureId=${fixtureId}&bookmakers=pinnacle`, { headers: { 'X-API-Key': KEY } });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 429).length, statuses.join(' ')).toBe(10);
    // The failed-auth throttle (20 failures per 10 s per address), through HAProxy to both edges.
    const failures: number[] = [];
    for (let i = 0; i < 24; i++) {
      const response = await fetch(`${i % 2 === 0 ? edgeA : edgeB}/en/sports`, { headers: { 'X-API-Key': 'not-a-key' } });
      failures.push(response.status);
    }
    expect(failures.slice(0, 20).every((status) => status === 401), failures.join(' ')).toBe(true);
    expect(failures.slice(21).every((status) => status === 429), failures.join(' ')).toBe(true);
    // Five connections per key in all: the lanes hold two; three more on the edges, then a sixth is refused.
    const opened: WebSocket[] = [];
    const login = (url: string): Promise<string> =>
      new Promise((resolve) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
        opened.push(ws);
        ws.on('open', () => {
          ws.send(JSON.stringify({ type: 'login', apiKey: KEY, channels: ['fixtures'] }));
        });
        ws.on('message', (data: Buffer) => {
          const frame = JSON.parse(data.toString()) as { type?: string; code?: string };
          if (frame.type === 'login_ok' || frame.type === 'error') resolve(frame.type === 'login_ok' ? 'ok' : (frame.code ?? 'error'));
        });
        ws.on('close', (code) => {
          resolve(`closed ${String(code)}`);
        });
      });
    const results: string[] = [];
    for (const url of [edgeA, edgeB, edgeA]) {
      results.push(await login(url));
      await sleep(300);
    }
    expect(results).toEqual(['ok', 'ok', 'ok']);
    const sixth = await login(edgeB);
    expect(sixth).not.toBe('ok');
    for (const ws of opened) ws.close();
  }, 60_000);
});
