// Throttling of failed authentication and of sockets waiting to log in, end to end against the
// real service process (`tsx service/main.ts`) over real HTTP and WebSocket on loopback, with the
// default thresholds — they are what is under test, so this file sets none of them. Each scenario
// comes from its own loopback address (127.0.0.x: Linux routes the whole /8 to lo), because the
// limits are per address.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { errorBodySchema } from '../../src/wire/rest-schemas.ts';
import { CLOSE_CODES } from '../../src/wire/stream-schemas.ts';
import { StreamClient } from '../gateway/test-support.ts';
import { ServiceProcess } from '../testing/service-process.ts';

const service = new ServiceProcess({ dirPrefix: 'auth-throttle-' });

beforeAll(async () => {
  await service.start({ SIM_FROZEN: '1' });
}, 120_000);

afterAll(async () => {
  await service.close('SIGKILL');
});

interface Answer {
  readonly status: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: unknown;
}

/** GET `path` with `key` in X-API-Key, from `localAddress`, on a socket of its own. */
function get(path: string, key: string, localAddress = '127.0.0.1'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${service.restUrl}${path}`, { headers: { 'X-API-Key': key }, localAddress, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) });
      });
    });
    request.on('error', reject);
  });
}

const randomKey = () => `guess-${randomBytes(12).toString('hex')}`;

/** A login from `localAddress`: how the socket was closed and the error frame before it, if any. */
async function loginFrom(localAddress: string, apiKey: string): Promise<{ code: number; error: Record<string, unknown> | null; loggedIn: boolean }> {
  const client = await StreamClient.login(service.wsUrl, { type: 'login', apiKey, channels: ['fixtures'] }, { localAddress });
  await client.until(() => client.controls.length > 0, 5_000, 'a control frame');
  const first = client.controls[0];
  if (first?.type === 'login_ok') {
    client.close();
    await client.closed;
    return { code: 0, error: null, loggedIn: true };
  }
  const { code } = await client.closed;
  return { code, error: first?.type === 'error' ? { ...first } : null, loggedIn: false };
}

/** Opens a socket from `localAddress` without logging in; resolves with it or with the HTTP refusal. */
function openFrom(localAddress: string): Promise<{ ws: WebSocket } | { refused: Answer }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(service.wsUrl, { localAddress });
    ws.once('open', () => {
      resolve({ ws });
    });
    ws.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      response.on('end', () => {
        resolve({ refused: { status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) } });
        ws.terminate();
      });
    });
    ws.on('error', (error) => {
      if (ws.readyState !== WebSocket.CLOSED) reject(error);
    });
  });
}

describe('failed authentication', () => {
  it('answers 300 parallel random keys with 20 × 401 then 429s carrying the spec body and Retry-After; a valid key still gets 200', async () => {
    const answers = await Promise.all(Array.from({ length: 300 }, () => get('/en/sports', randomKey())));
    const unauthorized = answers.filter((a) => a.status === 401);
    const throttled = answers.filter((a) => a.status === 429);
    expect(unauthorized.length).toBe(20);
    expect(throttled.length).toBe(280);
    for (const answer of throttled) {
      const body = errorBodySchema.parse(answer.body);
      expect(body).toMatchObject({ error: 429, code: 'rate_limited' });
      expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message', 'retryAfterSec']);
      expect(body.retryAfterSec).toBeGreaterThanOrEqual(1);
      expect(body.retryAfterSec).toBeLessThanOrEqual(10);
      expect(answer.headers['retry-after']).toBe(String(body.retryAfterSec));
      expect(body.message).not.toContain('guess-');
    }
    // The same address, the same window: a valid key is never refused by the rule.
    expect((await get('/en/sports', 'demo-key')).status).toBe(200);
    // Nor on the stream; a bad key there is refused as over the limit too (one count for both paths).
    expect((await loginFrom('127.0.0.1', 'demo-key')).loggedIn).toBe(true);
    const refused = await loginFrom('127.0.0.1', randomKey());
    expect(refused.code).toBe(CLOSE_CODES.tooManyFailedLogins);
    expect(refused.error).toMatchObject({ type: 'error', code: 'rate_limited' });
  }, 60_000);

  it('counts failed stream logins: the 21st bad login from an address gets an error frame and 4429, then REST refuses it with 429', async () => {
    const address = '127.0.0.2';
    for (let i = 0; i < 20; i++) {
      const refused = await loginFrom(address, randomKey());
      expect(refused.code).toBe(CLOSE_CODES.unauthorized);
    }
    const over = await loginFrom(address, randomKey());
    expect(over.code).toBe(CLOSE_CODES.tooManyFailedLogins);
    expect(over.error).toMatchObject({ type: 'error', code: 'rate_limited' });
    expect(over.error?.retryAfterSec).toBeGreaterThanOrEqual(1);
    const rest = await get('/en/sports', randomKey(), address);
    expect(rest.status).toBe(429);
    expect(rest.body).toMatchObject({ error: 429, code: 'rate_limited' });
    expect((await loginFrom(address, 'demo-key')).loggedIn).toBe(true);
    expect((await get('/en/sports', 'demo-key', address)).status).toBe(200);
  }, 60_000);
});

describe('sockets waiting to log in', () => {
  it('refuses the 11th pending socket from one address with HTTP 429, not other addresses, and frees a place at login', async () => {
    const address = '127.0.0.3';
    const opened: WebSocket[] = [];
    try {
      for (let i = 0; i < 10; i++) {
        const result = await openFrom(address);
        if (!('ws' in result)) throw new Error(`socket ${String(i + 1)} was refused with ${String(result.refused.status)}`);
        opened.push(result.ws);
      }
      const eleventh = await openFrom(address);
      if (!('refused' in eleventh)) throw new Error('the 11th pending socket was accepted');
      expect(eleventh.refused.status).toBe(429);
      expect(eleventh.refused.body).toMatchObject({ error: 429, code: 'rate_limited', retryAfterSec: 10 });
      expect(eleventh.refused.headers['retry-after']).toBe('10');
      expect(eleventh.refused.headers['x-content-type-options']).toBe('nosniff');
      // Another address is not held back.
      const other = await openFrom('127.0.0.4');
      if (!('ws' in other)) throw new Error('a socket from another address was refused');
      opened.push(other.ws);
      // A socket that logs in is no longer pending: its place is free again.
      const first = opened[0];
      first?.send(JSON.stringify({ type: 'login', apiKey: 'demo-key', channels: ['fixtures'] }));
      await new Promise((resolve) => first?.once('message', resolve));
      const again = await openFrom(address);
      if (!('ws' in again)) throw new Error('no place was freed by the login');
      opened.push(again.ws);
    } finally {
      for (const ws of opened) ws.terminate();
      // Lets the service see these sockets close before the next test counts pending sockets.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }, 60_000);

  it('refuses a pending socket beyond 200 in all, whatever its address', async () => {
    const opened: WebSocket[] = [];
    try {
      // 20 addresses × 10 sockets: each within its own limit, 200 together.
      for (let a = 0; a < 20; a++) {
        const results = await Promise.all(Array.from({ length: 10 }, () => openFrom(`127.0.1.${String(a + 1)}`)));
        for (const result of results) {
          if (!('ws' in result)) throw new Error(`refused before the total limit: ${JSON.stringify(result.refused.body)}`);
          opened.push(result.ws);
        }
      }
      const over = await openFrom('127.0.2.1');
      if (!('refused' in over)) throw new Error('the 201st pending socket was accepted');
      expect(over.refused.status).toBe(429);
      expect(over.refused.body).toMatchObject({ error: 429, code: 'rate_limited' });
      expect(JSON.stringify(over.refused.body)).toContain('200 in all');
    } finally {
      for (const ws of opened) ws.terminate();
    }
  }, 60_000);
});
