// The cluster on real engines (issue #24; service/cluster, docs/deploy.md): Debian's Redis carrying
// the feed, the producer process, two edges and Debian's HAProxy in front, all real processes on
// loopback. Stream clients connect through HAProxy; with the simulation frozen before each
// comparison, their books equal REST after each fault: an edge killed mid-stream (its clients
// resume on the other, no re-snapshot, no lost price), the producer killed and restarted (the feed
// resumes under the same epoch; history written before is still served), Redis restarted empty
// (every client is told `snapshot_required server_restarted` and recovers). Limits hold across
// edges. As root a missing engine is installed from Debian's packages (scripts/engines.ts).
// `npm run soak:cluster` runs the same faults for minutes (integration/chaos/cluster-soak.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ClusterWorld } from './cluster-world.ts';
import { apiOf, expectBooksEqualRest, KEY, sleep } from './stream-harness.ts';

let world: ClusterWorld;

beforeAll(async () => {
  world = await ClusterWorld.start(['zstd-dict', 'json']);
}, 240_000);

afterAll(async () => {
  await world.close();
}, 60_000);

describe('the cluster: Redis Streams feed, two edges behind HAProxy', () => {
  it('streams through HAProxy a book equal to REST, and both edges answer the same state', async () => {
    await world.expectConsistent('initial');
    await expectBooksEqualRest(world.lanes, apiOf(world.url), 'initial');
  }, 60_000);

  it('an edge killed mid-stream: its clients resume on the other edge with no lost price and no re-snapshot', async () => {
    await world.killEdges();
  }, 120_000);

  it('the producer killed and restarted: the feed resumes under the same epoch, and history written before is still served', async () => {
    const fixtures = await world.getJson<{ fixtureId: string }[]>(world.url, '/fixtures?sportId=10');
    const fixtureId = fixtures[0]?.fixtureId;
    if (fixtureId === undefined) throw new Error('no soccer fixture');
    type Rows = Record<string, Record<string, Record<string, unknown>>>;
    const historical = async (): Promise<Rows> => (await world.getJson<{ odds: Rows }>(world.url, `/fixtures/odds/historical?fixtureId=${fixtureId}&bookmakers=pinnacle`)).odds;
    const before = await historical();
    const rowsBefore = Object.values(before).flatMap((byOddsId) => Object.values(byOddsId).flatMap((byTime) => Object.keys(byTime)));
    expect(rowsBefore.length, 'history rows before the restart').toBeGreaterThan(0);
    await world.restartProducer();
    // Every row served before the restart is served after it, unchanged (the history only grows).
    const after = await historical();
    for (const [bookmaker, byOddsId] of Object.entries(before)) {
      for (const [oddsId, byTime] of Object.entries(byOddsId)) {
        for (const [changedAt, row] of Object.entries(byTime)) expect(after[bookmaker]?.[oddsId]?.[changedAt], `${oddsId} at ${changedAt}`).toEqual(row);
      }
    }
  }, 180_000);

  it('Redis restarted empty: every client gets snapshot_required server_restarted and recovers', async () => {
    await world.restartRedis();
  }, 120_000);

  it('counts the rate limits, failed logins and connections per key across both edges', async () => {
    const [edgeA, edgeB] = world.cluster.edges.map((edge) => world.edgeUrl(edge));
    if (edgeA === undefined || edgeB === undefined) throw new Error('two edges expected');
    const fixtures = await world.getJson<{ fixtureId: string }[]>(world.url, '/fixtures?sportId=10');
    const fixtureId = fixtures[0]?.fixtureId ?? '';
    // The odds bucket allows 10 requests a second per key: 16 alternating between the edges get 10 through.
    await sleep(1_100);
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const response = await fetch(`${i % 2 === 0 ? edgeA : edgeB}/en/fixtures/odds?fixtureId=${fixtureId}&bookmakers=pinnacle`, { headers: { 'X-API-Key': KEY } });
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status !== 429).length, statuses.join(' ')).toBe(10);
    // The failed-auth throttle (20 failures per 10 s per address) counts the failures on both edges.
    const failures: number[] = [];
    for (let i = 0; i < 24; i++) {
      const response = await fetch(`${i % 2 === 0 ? edgeA : edgeB}/en/sports`, { headers: { 'X-API-Key': 'not-a-key' } });
      failures.push(response.status);
    }
    expect(failures.slice(0, 20).every((status) => status === 401), failures.join(' ')).toBe(true);
    expect(failures.slice(21).every((status) => status === 429), failures.join(' ')).toBe(true);
    // Five connections per key in all: the lanes hold two; three more on the edges, then a sixth is refused on either.
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
    const results = await Promise.all([login(edgeA), login(edgeB), login(edgeA)]);
    expect(results).toEqual(['ok', 'ok', 'ok']);
    // Two at once, one on each edge: the count is taken atomically, so both are refused.
    expect(await Promise.all([login(edgeB), login(edgeA)])).toEqual(['too_many_connections', 'too_many_connections']);
    for (const ws of opened) ws.close();
  }, 60_000);
});
