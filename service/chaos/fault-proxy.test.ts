// The fault proxy between a real ws client and a scripted "gateway" (a ws server) on loopback:
// each fault does what it says, and is counted.
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { startFaultProxy, type FaultProxy, type FrameFaultRates } from './fault-proxy.ts';

interface Harness {
  readonly proxy: FaultProxy;
  readonly client: WebSocket;
  /** The gateway's side of the connection. */
  readonly upstream: WebSocket;
  /** What the client received, in order: text as strings, binary as byte lengths. */
  readonly received: (string | number)[];
  readonly closed: Promise<number>;
}

const servers: WebSocketServer[] = [];
const proxies: FaultProxy[] = [];
afterEach(async () => {
  for (const proxy of proxies.splice(0)) await proxy.close();
  for (const server of servers.splice(0)) {
    for (const c of server.clients) c.terminate();
    await new Promise<void>((resolve) => {
      server.close(() => {
        resolve();
      });
    });
  }
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(predicate: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(5);
  }
}

async function connect(frameFaults?: FrameFaultRates): Promise<Harness> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', () => { resolve(); }));
  const port = (server.address() as AddressInfo).port;
  const upstreamReady = new Promise<WebSocket>((resolve) => server.once('connection', resolve));
  const proxy = await startFaultProxy({ target: () => `ws://127.0.0.1:${String(port)}/ws`, seed: 1, ...(frameFaults ? { frameFaults } : {}) });
  proxies.push(proxy);
  const client = new WebSocket(proxy.url);
  const received: (string | number)[] = [];
  client.on('message', (data: RawData, isBinary: boolean) => {
    const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as Buffer);
    received.push(isBinary ? bytes.length : bytes.toString('utf8'));
  });
  const closed = new Promise<number>((resolve) => client.once('close', resolve));
  await new Promise((resolve, reject) => {
    client.once('open', resolve);
    client.once('error', reject);
  });
  return { proxy, client, upstream: await upstreamReady, received, closed };
}

const data = (n: number): string => JSON.stringify({ channel: 'odds', type: 'UPDATE', payload: { n }, ts: n, entryId: `${String(n)}-0` });

describe('fault proxy', () => {
  it('forwards text and binary messages both ways unchanged when no fault is set', async () => {
    const h = await connect();
    const fromClient = new Promise<string>((resolve) => h.upstream.once('message', (m: Buffer) => { resolve(m.toString()); }));
    h.client.send('{"type":"login"}');
    expect(await fromClient).toBe('{"type":"login"}');
    h.upstream.send(data(1));
    h.upstream.send(Buffer.alloc(10), { binary: true });
    await until(() => h.received.length === 2);
    expect(h.received).toEqual([data(1), 10]);
  });

  it('duplicates every frame at rate 1 and counts it', async () => {
    const h = await connect({ delay: 0, duplicate: 1, truncate: 0 });
    h.upstream.send(data(1));
    await until(() => h.received.length === 2);
    expect(h.received).toEqual([data(1), data(1)]);
    expect(h.proxy.stats().faults.duplicate).toBe(1);
  });

  it('truncates data frames but leaves control frames whole by default', async () => {
    const h = await connect({ delay: 0, duplicate: 0, truncate: 1 });
    h.upstream.send('{"type":"resume_complete","serverEpoch":"ab"}');
    h.upstream.send(Buffer.alloc(100), { binary: true });
    h.upstream.send(data(2));
    await until(() => h.received.length === 3);
    expect(h.received[0]).toBe('{"type":"resume_complete","serverEpoch":"ab"}');
    expect(h.received[1]).toBeLessThan(100);
    expect((h.received[2] as string).length).toBeLessThan(data(2).length);
    expect(h.proxy.stats().faults.truncate).toBe(2);
  });

  it('delays frames without reordering them', async () => {
    const h = await connect({ delay: 0.5, duplicate: 0, truncate: 0 });
    for (let i = 0; i < 20; i++) h.upstream.send(data(i));
    await until(() => h.received.length === 20, 10_000);
    expect(h.received).toEqual(Array.from({ length: 20 }, (_, i) => data(i)));
    expect(h.proxy.stats().faults.delay).toBeGreaterThan(0);
  });

  it('holds everything during a stall and then delivers it in order', async () => {
    const h = await connect();
    h.proxy.stall(300);
    h.upstream.send(data(1));
    h.upstream.send(data(2));
    await sleep(150);
    expect(h.received).toEqual([]);
    await until(() => h.received.length === 2);
    expect(h.received).toEqual([data(1), data(2)]);
    expect(h.proxy.stats().faults.stall).toBe(1);
  });

  it('passes nothing while half-open and closes nothing until the end, then cuts without a close frame', async () => {
    const h = await connect();
    h.proxy.halfOpen(300);
    h.upstream.send(data(1));
    h.upstream.close(1000);
    await sleep(150);
    expect(h.received).toEqual([]);
    expect(h.client.readyState).toBe(WebSocket.OPEN);
    expect(await h.closed).toBe(1006);
    expect(h.proxy.stats().faults.halfOpen).toBe(1);
  });

  it('passes the gateway close code on after the frames before it', async () => {
    const h = await connect();
    h.upstream.send(data(1));
    h.upstream.close(1012, 'server_upgrade');
    expect(await h.closed).toBe(1012);
    expect(h.received).toEqual([data(1)]);
  });

  it('disconnects on command and counts it', async () => {
    const h = await connect();
    expect(h.proxy.disconnect('all')).toBe(1);
    expect([1001, 1006]).toContain(await h.closed);
    expect(h.proxy.stats().faults.disconnect).toBe(1);
  });

  it('refuses the client with HTTP 502 when the gateway cannot be reached', async () => {
    const proxy = await startFaultProxy({ target: () => 'ws://127.0.0.1:1/ws', seed: 1 });
    proxies.push(proxy);
    const client = new WebSocket(proxy.url);
    const status = await new Promise<number>((resolve) => {
      client.once('unexpected-response', (_request, response) => { resolve(response.statusCode ?? 0); });
      client.once('error', () => undefined);
    });
    expect(status).toBe(502);
    expect(proxy.stats().faults.refused).toBe(1);
  });
});
