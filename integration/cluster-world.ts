// The cluster as the cluster test and `npm run soak:cluster` drive it (service/cluster, docs/deploy.md):
// the real cluster on a free block of ports, stream-client lanes connected through HAProxy, and
// the faults: an edge killed mid-stream, the producer killed and restarted, Redis restarted
// empty. Each fault ends frozen with every lane's book compared with REST (stream-harness.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { startCluster, type Cluster, type ClusterPart } from '../service/cluster/cluster.ts';
import { AdminClient } from '../service/testing/admin-client.ts';
import { portIsFree } from '../service/testing/service-process.ts';
import type { ReceiveType } from '../src/wire/stream-schemas.ts';
import { apiOf, connectLane, expectBooksEqualRest, KEY, newLane, sleep, waitFor, waitForAsync, type Lane } from './stream-harness.ts';

/** A base port whose next five are free too (the cluster's layout). */
async function freeBlock(): Promise<number> {
  for (let base = 47_000 + Math.floor(Math.random() * 100) * 10; base < 60_000; base += 10) {
    let ok = true;
    for (let i = 0; i < 6 && ok; i++) ok = await portIsFree(base + i);
    if (ok) return base;
  }
  throw new Error('no free block of six ports');
}

/** Per lane: its REST snapshots so far and the replayable channels it holds a cursor of. */
export interface LaneMark {
  readonly snapshots: number;
  readonly cursored: ReadonlySet<string>;
}

export class ClusterWorld {
  readonly lanes: Lane[];
  private constructor(
    readonly cluster: Cluster,
    readonly admin: AdminClient,
    private readonly dataDir: string,
    receiveTypes: readonly ReceiveType[],
  ) {
    this.lanes = receiveTypes.map(newLane);
  }

  /** Starts the cluster (frozen once the lanes have their first state) and connects one lane per receiveType. */
  static async start(receiveTypes: readonly ReceiveType[], log: (line: string) => void = () => undefined): Promise<ClusterWorld> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'cluster-it-'));
    const cluster = await startCluster({
      port: await freeBlock(),
      dataDir,
      env: { SEED_PAST_DAYS: '0', SCHEDULE_DAYS: '2', GATEWAY_DRAIN_MS: '200', RESUME_WINDOW_MS: '120000' },
      log,
      throwaway: true,
    });
    const world = new ClusterWorld(cluster, AdminClient.forDataDir(cluster.adminUrl, dataDir), dataDir, receiveTypes);
    for (const lane of world.lanes) connectLane(lane, cluster.url, world.wsUrl);
    await world.run(1_000);
    return world;
  }

  get url(): string {
    return this.cluster.url;
  }

  get wsUrl(): string {
    return `${this.cluster.url.replace('http', 'ws')}/ws`;
  }

  edgeUrl(edge: ClusterPart): string {
    return `http://127.0.0.1:${String(edge.port)}`;
  }

  epochs(): (string | null | undefined)[] {
    return this.lanes.map((lane) => lane.client?.status.serverEpoch);
  }

  /** Lets the simulation run `ms`, then freezes it. */
  async run(ms: number): Promise<void> {
    await this.admin.json('POST', '/admin/resume');
    await sleep(ms);
    await this.admin.json('POST', '/admin/freeze');
  }

  async marks(): Promise<LaneMark[]> {
    return Promise.all(
      this.lanes.map(async (lane) => {
        const replayable = new Set(lane.client?.status.replayChannels);
        const cursored = Object.keys((await lane.cursors.load())?.lastSeenId ?? {}).filter((channel) => replayable.has(channel));
        return { snapshots: lane.snapshots, cursored: new Set(cursored) };
      }),
    );
  }

  /**
   * Replayable channels a lane re-snapshotted from REST since `before` although it held a cursor
   * of them: each one a resume the cluster failed (a channel without a cursor, or not replayable,
   * is always re-snapshotted on a reconnect, by the protocol).
   */
  resnapshotted(before: readonly LaneMark[]): string[] {
    return this.lanes.flatMap((lane, i) => {
      const mark = before[i];
      if (mark === undefined) return [];
      return lane.snapshotChannels.slice(mark.snapshots).flatMap((channels) => channels.filter((channel) => mark.cursored.has(channel)).map((channel) => `${lane.receiveType}: ${channel}`));
    });
  }

  /** GET a REST path with the demo key; the body as JSON. */
  async getJson<T>(base: string, pathAndQuery: string): Promise<T> {
    const response = await fetch(`${base}/en${pathAndQuery}`, { headers: { 'X-API-Key': KEY } });
    expect(response.status, `${base} ${pathAndQuery}`).toBe(200);
    return (await response.json()) as T;
  }

  async health(url = this.url): Promise<{ status: string; stale: boolean; producer: { state: string } }> {
    return (await (await fetch(`${url}/healthz`)).json()) as Awaited<ReturnType<ClusterWorld['health']>>;
  }

  /** Every edge has read the feed up to the producer's freeze: their REST answers agree, and the lanes' books equal REST. */
  async expectConsistent(label: string): Promise<void> {
    const [a, b] = this.cluster.edges.map((edge) => this.edgeUrl(edge));
    if (a === undefined || b === undefined) throw new Error('two edges expected');
    await waitForAsync(
      async () => JSON.stringify(await this.getJson(a, '/fixtures?sportId=10')) === JSON.stringify(await this.getJson(b, '/fixtures?sportId=10')),
      10_000,
      `${label}: both edges answer the same fixtures`,
    );
    await expectBooksEqualRest(this.lanes, apiOf(this.url), label);
  }

  /** Kills each edge in turn mid-stream (the other one up), restarting it frozen; the lanes must resume, not re-snapshot. */
  async killEdges(): Promise<void> {
    // Running until every lane holds a cursor of the busy channel (odds) to resume from.
    await this.admin.json('POST', '/admin/resume');
    await waitForAsync(async () => (await this.marks()).every((mark) => mark.cursored.has('odds')), 30_000, 'an odds cursor on every lane');
    const before = { epochs: this.epochs(), marks: await this.marks() };
    for (const edge of this.cluster.edges) {
      await this.admin.json('POST', '/admin/resume');
      await sleep(500);
      await edge.stop('SIGKILL');
      // The clients reconnect through HAProxy to the other edge while prices keep moving.
      await sleep(2_000);
      await this.admin.json('POST', '/admin/freeze');
      await edge.start();
      // HAProxy sends clients to it again after its next health check (every 500 ms while it is
      // down); killing the other edge before that would leave HAProxy none to send them to.
      await sleep(1_500);
    }
    await this.expectConsistent('after the edges were killed');
    expect(this.epochs()).toEqual(before.epochs);
    expect(this.resnapshotted(before.marks), 'REST re-snapshots of channels the lanes held cursors of').toEqual([]);
  }

  /** Kills the producer and starts it again: the edges serve stale meanwhile; the feed then resumes under the same epoch. */
  async restartProducer(): Promise<void> {
    const before = { epochs: this.epochs(), marks: await this.marks() };
    await this.admin.json('POST', '/admin/resume');
    await sleep(500);
    await this.cluster.producer.stop('SIGKILL');
    await waitForAsync(async () => (await this.health()).producer.state === 'down', 15_000, 'the edges saw the producer down');
    expect(await this.health()).toMatchObject({ status: 'degraded', stale: true });
    await this.cluster.producer.start();
    await this.run(1_000);
    await this.expectConsistent('after the producer restarted');
    expect(this.epochs()).toEqual(before.epochs);
    expect(this.resnapshotted(before.marks), 'REST re-snapshots of channels the lanes held cursors of').toEqual([]);
  }

  /** Crashes the producer's thread (the process restarts it): the feed goes on under the same epoch, books equal REST. */
  async crashProducerThread(): Promise<void> {
    const before = { epochs: this.epochs(), marks: await this.marks() };
    // Restarts counted before this crash (an earlier round's count would otherwise pass at once,
    // while the crashed thread is still ending).
    const { restarts } = await this.admin.json<{ restarts: number }>('GET', '/admin/producer');
    await this.admin.json('POST', '/admin/resume');
    await sleep(500);
    await this.admin.json('POST', '/admin/producer-crash');
    await waitForAsync(
      async () => {
        const health = await this.admin.json<{ state: string; restarts: number }>('GET', '/admin/producer');
        return health.state === 'running' && health.restarts > restarts;
      },
      60_000,
      'the producer thread restarted',
    );
    await this.run(1_000);
    await this.expectConsistent('after the producer thread crashed');
    expect(this.epochs()).toEqual(before.epochs);
    expect(this.resnapshotted(before.marks), 'REST re-snapshots of channels the lanes held cursors of').toEqual([]);
  }

  /** Restarts Redis empty: every lane must get a new serverEpoch (snapshot_required server_restarted) and recover. */
  async restartRedis(): Promise<void> {
    const before = this.epochs();
    await this.cluster.redis.stop('SIGKILL');
    await this.cluster.redis.start();
    await waitFor(() => this.epochs().every((epoch, i) => epoch !== before[i]), 30_000, 'a new serverEpoch on every lane');
    await this.run(500);
    await this.expectConsistent('after Redis restarted empty');
    expect(new Set(this.epochs()).size).toBe(1);
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((lane) => lane.client?.stop() ?? Promise.resolve()));
    await this.cluster.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
