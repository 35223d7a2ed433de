// The relay's forwarded routes in the real HTTP app, against a real HTTP server on loopback as the
// upstream: the caller's key judges the legs before anything is forwarded, the caller's key never
// travels on (the upstream sees its own key, in the header), reference answers are cached, and a
// full forwarding queue answers the spec's 429 body.
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildHttpApp } from '../http/app.ts';
import { loadKeyRing } from '../http/keys.ts';
import { freePortsIn } from '../testing/service-process.ts';
import { relayHandlers } from './relay-routes.ts';
import { UpstreamRest } from './upstream-rest.ts';

const FIXTURE = 'id1000102160078756';
const leg = (bookmaker: string, outcomeId: number) => `${FIXTURE}:${bookmaker}:${String(outcomeId)}:0`;

interface World {
  readonly app: FastifyInstance;
  readonly seen: { url: string; key: string | undefined }[];
  readonly rest: UpstreamRest;
}

const open: { server: http.Server; app: FastifyInstance; rest: UpstreamRest }[] = [];

async function world(delayMs: number, maxForwardQueue = 20): Promise<World> {
  const seen: { url: string; key: string | undefined }[] = [];
  const [port] = await freePortsIn(1, 4960, 4979);
  const server = http.createServer((request, response) => {
    const key = request.headers['x-api-key'];
    seen.push({ url: request.url ?? '', key: typeof key === 'string' ? key : undefined });
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ answeredBy: 'upstream', url: request.url }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const rest = new UpstreamRest({ url: `http://127.0.0.1:${String(port)}`, key: 'upstream-key', log: () => undefined, maxForwardQueue });
  const app = await buildHttpApp({ keys: loadKeyRing({ benchmarkMode: false }), handlers: relayHandlers(rest) });
  open.push({ server, app, rest });
  return { app, seen, rest };
}

afterEach(async () => {
  for (const { server, app, rest } of open.splice(0)) {
    rest.close();
    await app.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => {
      resolve();
    }));
  }
});

describe('relay routes', () => {
  it('forwards a parlay with the upstream key, never the caller’s', async () => {
    const { app, seen } = await world(0);
    const response = await app.inject({ method: 'GET', url: `/en/fixtures/odds/parlay?oddsIds=${leg('pinnacle', 101)}&apiKey=demo-key` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ answeredBy: 'upstream' });
    expect(seen).toEqual([{ url: `/en/fixtures/odds/parlay?oddsIds=${encodeURIComponent(leg('pinnacle', 101))}`, key: 'upstream-key' }]);
  });

  it('refuses a leg outside the caller’s key with 403 and forwards nothing', async () => {
    const { app, seen } = await world(0);
    const response = await app.inject({ method: 'GET', url: `/en/fixtures/odds/sgp?oddsIds=${leg('bet365', 101)}`, headers: { 'x-api-key': 'demo-limited' } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 403, code: 'channel_not_allowed' });
    expect(seen).toEqual([]);
  });

  it('asks the upstream once for a reference answer and keeps it', async () => {
    const { app, seen } = await world(0);
    for (let i = 0; i < 3; i++) {
      const response = await app.inject({ method: 'GET', url: '/de/markets?sportId=10', headers: { 'x-api-key': 'demo-key' } });
      expect(response.json()).toMatchObject({ url: '/de/markets?sportId=10' });
    }
    expect(seen).toHaveLength(1);
  });

  it('answers 429 with the spec’s body when the forwarding queue is full', async () => {
    const { app } = await world(400, 1);
    const calls = [101, 102, 103].map((outcomeId) => app.inject({ method: 'GET', url: `/en/fixtures/odds/parlay?oddsIds=${leg('pinnacle', outcomeId)}`, headers: { 'x-api-key': 'demo-key' } }));
    const responses = await Promise.all(calls);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.json()).toMatchObject({ error: 429, code: 'rate_limited', retryAfterSec: expect.any(Number) as unknown });
    expect(refused[0]?.headers['retry-after']).toBeDefined();
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(2);
  });
});
