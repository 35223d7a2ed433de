// The admin API's guard, end to end against the real service process over HTTP: only a program on
// this machine holding the install's token drives the knobs; a browser page (Origin,
// Sec-Fetch-Site), a rebound DNS name (Host) or a form post (text/plain) does not.
import { chmodSync, existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceProcess } from '../testing/service-process.ts';

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers: http.IncomingHttpHeaders;
}

describe('the admin API of a running service', () => {
  let stdout = '';
  const service = new ServiceProcess({
    dirPrefix: 'odds-admin-guard-',
    onStdout: (text) => {
      stdout += text;
    },
  });
  const tokenFile = path.join(service.dir, 'admin-token');
  let token = '';

  /** One request with exactly these headers (node:http sends Host as given, unlike fetch). */
  function send(method: string, route: string, headers: Readonly<Record<string, string>>, body?: string): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port: service.adminPort, method, path: route, headers }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown, headers: response.headers });
        });
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  const host = (): string => `127.0.0.1:${String(service.adminPort)}`;
  const bearer = (): Record<string, string> => ({ host: host(), authorization: `Bearer ${token}` });
  const json = { 'content-type': 'application/json' };
  const frozen = async (): Promise<unknown> => ((await send('GET', '/admin/state', bearer())).body as { frozen: boolean }).frozen;
  const sgpEnabled = async (): Promise<unknown> => ((await send('GET', '/admin/sgp', bearer())).body as { enabled: boolean }).enabled;

  beforeAll(async () => {
    await service.start({});
    // Asserted below; read leniently so that each test, not the set-up, says what is missing.
    token = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : '';
  }, 120_000);

  afterAll(async () => {
    await service.close('SIGTERM');
  });

  it('creates the token file readable by its owner only, and prints its path but not the token', () => {
    expect(existsSync(tokenFile)).toBe(true);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect(token).toMatch(/^[\w-]{32,}$/u);
    expect(stdout).toContain(tokenFile);
    expect(stdout).not.toContain(token);
  });

  it('answers the right token, with JSON bodies and with none', async () => {
    const freeze = await send('POST', '/admin/freeze', bearer());
    expect({ status: freeze.status, body: freeze.body }).toEqual({ status: 200, body: { frozen: true } });
    expect(await frozen()).toBe(true);
    expect((await send('POST', '/admin/resume', { ...bearer(), 'content-type': 'application/json; charset=utf-8' }, '{}')).status).toBe(200);
    expect(await frozen()).toBe(false);
    for (const name of ['localhost', '[::1]', '127.0.0.1']) {
      expect((await send('GET', '/admin/state', { ...bearer(), host: name })).status).toBe(200);
    }
  });

  it('refuses a request without the token, or with another, with a 401 error body', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${token}`, `Bearer ${token}x`]) {
      const headers: Record<string, string> = authorization === undefined ? { host: host() } : { host: host(), authorization };
      const answer = await send('POST', '/admin/freeze', headers);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ error: 401, code: 'unauthorized', message: expect.stringContaining(tokenFile) as unknown });
    }
    expect(await frozen()).toBe(false);
  });

  it('refuses what a page on another origin sends, even with the token: Origin or Sec-Fetch-Site', async () => {
    // fetch(…, {mode: 'no-cors', method: 'POST'}) from http://localhost:5173 in Chromium.
    const noCors = await send('POST', '/admin/freeze', { ...bearer(), origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' });
    expect(noCors).toMatchObject({ status: 403, body: { error: 403, code: 'forbidden' } });
    // A cross-site GET carries no Origin, only Sec-Fetch-Site; a same-origin one is refused too.
    for (const site of ['cross-site', 'same-site', 'same-origin']) {
      expect((await send('GET', '/admin/state', { ...bearer(), 'sec-fetch-site': site })).status).toBe(403);
    }
    expect((await send('GET', '/admin/state', { ...bearer(), origin: 'null' })).status).toBe(403);
    // A browser's own navigation (typed URL) is `none`: not a page's request.
    expect((await send('GET', '/admin/state', { ...bearer(), 'sec-fetch-site': 'none' })).status).toBe(200);
    expect(await frozen()).toBe(false);
  });

  it('sends the public port\'s security headers on every answer, refusals included', async () => {
    for (const headers of [bearer(), { host: host() }]) {
      const answer = await send('GET', '/admin/state', headers);
      expect(answer.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
    }
  });

  it('refuses a foreign Host (DNS rebinding)', async () => {
    for (const name of ['evil.example', `evil.example:${String(service.adminPort)}`, '127.0.0.1.evil.example', 'localhost.']) {
      const answer = await send('POST', '/admin/freeze', { ...bearer(), host: name });
      expect(answer).toMatchObject({ status: 403, body: { error: 403, code: 'forbidden' } });
    }
    expect(await frozen()).toBe(false);
  });

  it('refuses a body that is not application/json with 415 (a text/plain form post)', async () => {
    const formPost = await send('POST', '/admin/sgp', { ...bearer(), 'content-type': 'text/plain' }, '{"enabled":false}');
    expect(formPost).toMatchObject({ status: 415, body: { error: 415, code: 'unsupported_media_type' } });
    expect((await send('POST', '/admin/sgp', bearer(), '{"enabled":false}')).status).toBe(415);
    expect((await send('POST', '/admin/sgp', { ...bearer(), 'content-type': 'application/x-www-form-urlencoded' }, 'enabled=false')).status).toBe(415);
    expect(await sgpEnabled()).toBe(true);
    expect((await send('POST', '/admin/sgp', { ...bearer(), ...json }, '{"enabled":false}')).status).toBe(200);
    expect(await sgpEnabled()).toBe(false);
    expect((await send('POST', '/admin/sgp', { ...bearer(), ...json }, '{"enabled":true}')).status).toBe(200);
  });

  it('runs the firehose on one fixture, says how far it got, stops it, and refuses a bad rate with a 400 body', async () => {
    const post = (body: unknown) => send('POST', '/admin/firehose', { ...bearer(), ...json }, JSON.stringify(body));
    const fixtures = (await send('GET', '/admin/fixtures?status=1,0', bearer())).body as { fixtureId: string; bookmakers: string[] }[];
    const fixture = fixtures.find((f) => f.bookmakers.length > 1);
    if (fixture === undefined) throw new Error('no quoted fixture');
    expect(await post({ fixtureId: fixture.fixtureId, updatesPerSec: 'fast' })).toMatchObject({ status: 400, body: { error: 400, message: '"updatesPerSec" must be a number, or null to stop' } });
    expect(await post({ fixtureId: fixture.fixtureId, updatesPerSec: -1 })).toMatchObject({ status: 400, body: { error: 400, code: 'knob_error' } });
    expect(await post({ fixtureId: 'id404', updatesPerSec: 100 })).toMatchObject({ status: 404, body: { error: 404 } });
    const started = await post({ fixtureId: fixture.fixtureId, updatesPerSec: 500 });
    expect(started).toMatchObject({ status: 200, body: { fixtureId: fixture.fixtureId, updatesPerSec: 500 } });
    expect((started.body as { entries: number }).entries).toBeGreaterThan(0);
    // The next ticks requote; on a loaded machine the first may take a while, so ask until one has.
    const progress = async () => (await send('GET', '/admin/firehose', bearer())).body as { firehose: { fixtureId: string; changes: number } | null };
    await expect.poll(async () => (await progress()).firehose?.changes ?? 0, { timeout: 15_000, interval: 250 }).toBeGreaterThan(0);
    expect((await progress()).firehose?.fixtureId).toBe(fixture.fixtureId);
    expect(await post({ updatesPerSec: null })).toMatchObject({ status: 200, body: { stopped: fixture.fixtureId } });
    expect((await send('GET', '/admin/firehose', bearer())).body).toEqual({ firehose: null });
  });

  it('keeps the token across a restart, and narrows a widened file mode back to 0600', async () => {
    await service.stop('SIGTERM');
    chmodSync(tokenFile, 0o644);
    await service.start({});
    expect(readFileSync(tokenFile, 'utf8').trim()).toBe(token);
    expect(statSync(tokenFile).mode & 0o777).toBe(0o600);
    expect((await send('GET', '/admin/state', bearer())).status).toBe(200);
  }, 120_000);
});
