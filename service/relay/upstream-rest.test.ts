// The relay's upstream client against a real HTTP server on loopback that plays the upstream's
// rate limiting (spec 8's headers, a 429 with Retry-After): the key travels in the header only,
// a 429 is waited out and sent again, a spent budget pauses the queue, and forwarded calls beyond
// the queue's bound are shed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePortsIn } from '../testing/service-process.ts';
import { bucketOf, UpstreamQueueFull, UpstreamRest } from './upstream-rest.ts';

interface Seen {
  readonly url: string;
  readonly key: string | undefined;
  readonly at: number;
}

type Answer = (seen: Seen, index: number) => { status: number; headers?: Record<string, string>; body: unknown; delayMs?: number };

let server: http.Server | null = null;

async function upstream(answer: Answer): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const [port] = await freePortsIn(1, 4980, 4999);
  server = http.createServer((request, response) => {
    const key = request.headers['x-api-key'];
    const entry = { url: request.url ?? '', key: typeof key === 'string' ? key : undefined, at: Date.now() };
    seen.push(entry);
    const { status, headers, body, delayMs } = answer(entry, seen.length - 1);
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    }, delayMs ?? 0);
  });
  await new Promise<void>((resolve) => server?.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${String(address.port)}`, seen };
}

afterEach(async () => {
  await new Promise<void>((resolve) => {
    if (server === null) resolve();
    else {
      server.close(() => {
        resolve();
      });
      server.closeAllConnections();
    }
  });
  server = null;
});

const log = (): void => undefined;

describe('UpstreamRest', () => {
  it('sends the key in the X-API-Key header and never in the URL', async () => {
    const world = await upstream(() => ({ status: 200, body: [] }));
    const rest = new UpstreamRest({ url: world.url, key: 'upstream-secret', log });
    await rest.get('/en/sports');
    expect(world.seen[0]?.key).toBe('upstream-secret');
    expect(world.seen[0]?.url).toBe('/en/sports');
    rest.close();
  });

  it("waits out a 429's Retry-After and sends the request again", async () => {
    const world = await upstream((_seen, index) =>
      index === 0 ? { status: 429, headers: { 'retry-after': '1' }, body: { error: 429, message: 'slow down', code: 'rate_limited', retryAfterSec: 1 } } : { status: 200, body: ['ok'] },
    );
    const rest = new UpstreamRest({ url: world.url, key: 'k', log });
    const answer = await rest.get('/en/fixtures/odds?fixtureIds=x');
    expect(answer).toEqual({ status: 200, body: ['ok'] });
    expect(world.seen).toHaveLength(2);
    expect((world.seen[1]?.at ?? 0) - (world.seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(rest.counts.rateLimited).toBe(1);
    rest.close();
  });

  it('pauses the bucket when X-RateLimit-Remaining reaches 0, until X-RateLimit-Reset', async () => {
    const world = await upstream((_seen, index) => ({
      status: 200,
      headers: { 'x-ratelimit-limit': '2', 'x-ratelimit-remaining': index === 0 ? '0' : '1', 'x-ratelimit-reset': '1' },
      body: [],
    }));
    const rest = new UpstreamRest({ url: world.url, key: 'k', log });
    await Promise.all([rest.get('/en/sports'), rest.get('/en/tournaments')]);
    expect((world.seen[1]?.at ?? 0) - (world.seen[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    rest.close();
  });

  it('sheds forwarded calls beyond its queue with the wait a caller should retry after', async () => {
    const world = await upstream(() => ({ status: 200, body: {}, delayMs: 300 }));
    const rest = new UpstreamRest({ url: world.url, key: 'k', log, maxForwardQueue: 2 });
    const calls = [0, 1, 2, 3].map(() => rest.forward('/en/fixtures/odds/parlay?oddsIds=a'));
    const results = await Promise.allSettled(calls);
    const shed = results.filter((r) => r.status === 'rejected').map((r) => (r).reason as unknown);
    expect(shed.length).toBeGreaterThan(0);
    expect(shed.every((reason) => reason instanceof UpstreamQueueFull && reason.retryAfterSec >= 1)).toBe(true);
    rest.close();
  });

  it('counts parlay, SGP and odds reads in the odds bucket and the rest in the other', () => {
    expect(bucketOf('/en/fixtures/odds/sgp?oddsIds=a')).toBe('odds');
    expect(bucketOf('/de/futures/odds?futureIds=a')).toBe('odds');
    expect(bucketOf('/en/fixtures?fixtureIds=a')).toBe('other');
    expect(bucketOf('/en/markets?sportId=10')).toBe('other');
  });
});
