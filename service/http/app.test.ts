import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildHttpApp } from './app.ts';
import { invalidFilters } from './errors.ts';
import { loadKeyRing } from './keys.ts';

let app: FastifyInstance;
let base: string;
let port: number;
/** A stand-in for vite's dist/: the dashboard's files are served from it. */
const dashboardDir = mkdtempSync(path.join(tmpdir(), 'app-test-dist-'));

beforeAll(async () => {
  writeFileSync(path.join(dashboardDir, 'index.html'), '<!doctype html><title>Odds Explorer</title>');
  writeFileSync(path.join(dashboardDir, 'app.js'), 'export {};');
  app = await buildHttpApp({
    dashboardDir,
    extraRoutes: (instance) => {
      instance.get('/healthz', () => ({ status: 'ok' }));
    },
    keys: loadKeyRing({ benchmarkMode: false }),
    handlers: {
      sports: (_query, request) => [{ sportId: 10, lang: request.lang }],
      mainOdds: (query) => {
        if (query.tournamentId === 'x') throw invalidFilters('tournamentId must be an integer.');
        return [];
      },
      sgp: () => ({}),
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  port = address.port;
  base = `http://127.0.0.1:${String(port)}`;
});

afterAll(async () => {
  await app.close();
  rmSync(dashboardDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = { 'X-API-Key': 'demo-key' }) => fetch(base + path, { headers });

describe('the REST framework', () => {
  it('answers 401 with the spec body when the key is missing', async () => {
    const res = await get('/en/sports', {});
    expect(res.status).toBe(401);
    const body = (await res.json()) as { error: number; code: string; message: string };
    expect(body).toMatchObject({ error: 401, code: 'unauthorized' });
    expect(body.message).toContain('Missing API key');
  });

  it('answers 401 for an unknown key', async () => {
    const res = await get('/en/sports', { 'X-API-Key': 'nope-nope-nope' });
    expect(res.status).toBe(401);
  });

  it('accepts the key as the apiKey parameter too', async () => {
    const res = await get('/de/sports?apiKey=demo-key', {});
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ sportId: 10, lang: 'de' }]);
  });

  it('refuses two different keys in the header and the parameter', async () => {
    const res = await get('/en/sports?apiKey=demo-basic', { 'X-API-Key': 'demo-key' });
    expect(res.status).toBe(401);
  });

  it('refuses a repeated apiKey parameter with two different keys, the first one valid', async () => {
    const res = await get('/en/sports?apiKey=demo-key&apiKey=demo-basic', {});
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 401, code: 'unauthorized', message: expect.stringContaining('not two different keys') as unknown });
  });

  it('refuses a header and a repeated apiKey parameter when any of them differs', async () => {
    expect((await get('/en/sports?apiKey=demo-key&apiKey=demo-basic', { 'X-API-Key': 'demo-key' })).status).toBe(401);
    expect((await get('/en/sports?apiKey=demo-key&apiKey=nope-nope-nope', { 'X-API-Key': 'demo-key' })).status).toBe(401);
  });

  it('accepts the same key sent several times', async () => {
    expect((await get('/en/sports?apiKey=demo-key&apiKey=demo-key', { 'X-API-Key': 'demo-key' })).status).toBe(200);
  });

  it('answers 403 channel_not_allowed for an endpoint the key is not entitled to', async () => {
    const res = await get('/en/fixtures/odds/sgp?oddsIds=a', { 'X-API-Key': 'demo-basic' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('channel_not_allowed');
  });

  it('answers 404 for an unknown language prefix', async () => {
    const res = await get('/xx/sports');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toContain('Unknown language prefix');
  });

  it('answers 404 with the spec body for an unknown path', async () => {
    const res = await get('/en/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 404, code: 'not_found' });
  });

  it('answers 405 for a method other than GET', async () => {
    const res = await fetch(`${base}/en/sports`, { method: 'POST', headers: { 'X-API-Key': 'demo-key' } });
    expect(res.status).toBe(405);
  });

  it('carries the rate-limit headers on every authenticated response, errors included', async () => {
    const ok = await get('/en/sports');
    expect(ok.headers.get('x-ratelimit-limit')).toBe('200');
    expect(Number(ok.headers.get('x-ratelimit-remaining'))).toBeLessThan(200);
    expect(ok.headers.get('x-ratelimit-reset')).not.toBeNull();
    const bad = await get('/en/fixtures/odds/main?tournamentId=x');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('x-ratelimit-limit')).toBe('10');
  });

  it('limits an odds endpoint to 10 requests per second per key, with Retry-After and retryAfterSec', async () => {
    const statuses: number[] = [];
    let limited: Response | undefined;
    for (let i = 0; i < 12; i++) {
      const res = await get('/en/fixtures/odds/main?tournamentId=1', { 'X-API-Key': 'demo-limited' });
      statuses.push(res.status);
      if (res.status === 429) limited = res;
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(limited?.headers.get('retry-after')).toBe('1');
    expect(await limited?.json()).toMatchObject({ error: 429, code: 'rate_limited', retryAfterSec: 1 });
  });

  it('counts limits per endpoint: another endpoint of the same key is not limited', async () => {
    const res = await get('/en/sports', { 'X-API-Key': 'demo-limited' });
    expect(res.status).toBe(200);
  });

  it('answers a CORS preflight that allows the X-API-Key header', async () => {
    const res = await fetch(`${base}/en/sports`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://elsewhere.test', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-api-key');
    expect(res.headers.get('access-control-allow-origin')).toBe('http://elsewhere.test');
  });
});

describe('security headers', () => {
  const expectSecurityHeaders = (headers: Headers, what: string) => {
    expect({ what, nosniff: headers.get('x-content-type-options'), referrer: headers.get('referrer-policy'), frame: headers.get('x-frame-options') }).toEqual({
      what,
      nosniff: 'nosniff',
      referrer: 'no-referrer',
      frame: 'DENY',
    });
  };

  it('are on every answer of the API, its errors, the dashboard and /healthz', async () => {
    const answers: [string, Response][] = [
      ['200', await get('/en/sports')],
      ['401', await get('/en/sports', {})],
      ['403', await get('/en/fixtures/odds/sgp?oddsIds=a', { 'X-API-Key': 'demo-basic' })],
      ['404 api', await get('/en/nothing-here')],
      ['404 language', await get('/xx/sports')],
      ['405', await fetch(`${base}/en/sports`, { method: 'POST', headers: { 'X-API-Key': 'demo-key' } })],
      ['400 bad escape', await get('/en/sports?x=%zz')],
      ['404 long segment', await get(`/en/${'a'.repeat(600)}`)],
      [
        'preflight',
        await fetch(`${base}/en/sports`, {
          method: 'OPTIONS',
          headers: { Origin: 'http://elsewhere.test', 'Access-Control-Request-Method': 'GET', 'Access-Control-Request-Headers': 'x-api-key' },
        }),
      ],
      ['dashboard index', await get('/', {})],
      ['dashboard route', await get('/fixtures/some-page', {})],
      ['dashboard script', await get('/app.js', {})],
      ['healthz', await get('/healthz', {})],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res.headers, what);
    // The CSP stays on the dashboard's pages.
    expect(answers.find(([what]) => what === 'dashboard index')?.[1].headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it("are on the answer to a request Node's HTTP parser refuses (headers over 16 KB)", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(`GET /en/sports HTTP/1.1\r\nHost: x\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      socket.on('close', () => {
        resolve(text);
      });
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    expect(raw.toLowerCase()).toContain('x-content-type-options: nosniff\r\n');
    expect(raw.toLowerCase()).toContain('referrer-policy: no-referrer\r\n');
    expect(raw.toLowerCase()).toContain('x-frame-options: deny\r\n');
  });
});
