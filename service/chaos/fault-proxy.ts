// A fault-injecting WebSocket proxy on loopback, between a stream client and the gateway (chaos
// soak, issue 9): it forwards whole WebSocket messages both ways and, on command or by seeded
// chance, disconnects, stalls (TCP backpressure on the gateway), goes half-open, and delays,
// duplicates or truncates the gateway's frames. Every fault it injects is counted.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { createRng, type Rng } from '../pricing/rng.ts';

/** The faults, as counted. */
export const FAULT_KINDS = ['disconnect', 'stall', 'halfOpen', 'delay', 'duplicate', 'truncate', 'refused'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Per gateway data frame, the chance of each frame-level fault (0 turns it off). */
export interface FrameFaultRates {
  /** Hold this frame and everything after it for `delayMs` (order is kept, as on TCP). */
  readonly delay: number;
  /** Send the frame twice. */
  readonly duplicate: number;
  /** Send only a prefix of the frame's bytes. */
  readonly truncate: number;
}

export interface FaultProxyOptions {
  /** The gateway's address, read at every new connection (`ws://127.0.0.1:PORT/ws`). */
  readonly target: () => string;
  /** Seed of every random choice of the proxy. */
  readonly seed: number;
  /** Frame-level fault rates at start; `setFrameFaults` changes them. Default: all 0. */
  readonly frameFaults?: FrameFaultRates;
  /** Range of one `delay` fault, ms. Default 20–400. */
  readonly delayMs?: readonly [number, number];
  /**
   * Truncate control frames too (login_ok, snapshot_required, dict…). Default false: a truncated
   * control frame is not a network fault a WebSocket can produce (TCP and WebSocket framing
   * deliver whole messages or nothing); truncation stands for a corrupted data frame.
   */
  readonly truncateControl?: boolean;
  /** The port to listen on; default 0 (any free port). Tests held to a port range pass one. */
  readonly port?: number;
}

export interface FaultProxyStats {
  readonly faults: Readonly<Record<FaultKind, number>>;
  /** Client connections accepted (the gateway answered). */
  readonly connections: number;
  /** Open pairs now. */
  readonly open: number;
  /** Gateway messages forwarded to clients (duplicates counted once). */
  readonly framesForwarded: number;
}

export interface FaultProxy {
  /** Where clients connect: `ws://127.0.0.1:<port>/ws`. */
  readonly url: string;
  stats(): FaultProxyStats;
  /** Cuts `which` open pairs (default all) abruptly or with a close frame, at random; returns how many. */
  disconnect(which?: 'all' | 'one'): number;
  /**
   * For `ms`, stops reading from the gateway (its send buffer fills; its pings go unanswered, so a
   * stall longer than its heartbeat gets the socket cut) and holds what was read; then delivers it all in order.
   */
  stall(ms: number, which?: 'all' | 'one'): number;
  /** Forwards nothing either way (pings included) and closes nothing for `ms`; then cuts both sides without a close frame. */
  halfOpen(ms: number, which?: 'all' | 'one'): number;
  setFrameFaults(rates: FrameFaultRates): void;
  /** Turns frame faults off and ends every stall; half-open pairs are cut now. */
  heal(): void;
  close(): Promise<void>;
}

const NO_FRAME_FAULTS: FrameFaultRates = { delay: 0, duplicate: 0, truncate: 0 };

/** Close codes an endpoint may send in a close frame (1005, 1006 and 1015 are reserved for reporting). */
function sendableCloseCode(code: number): boolean {
  return (code >= 1000 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);
}

/** True when a gateway text message is a data frame (`"type":"UPDATE"`), judged without a full parse. */
function isDataText(text: string): boolean {
  return text.includes('"type":"UPDATE"');
}

interface Outgoing {
  readonly data: Buffer;
  readonly isBinary: boolean;
}

/** One client connection and its gateway connection. */
class Pair {
  private queue: Outgoing[] = [];
  private heldUntil = 0;
  private timer: NodeJS.Timeout | null = null;
  private deadTimer: NodeJS.Timeout | null = null;
  /** Half-open: nothing passes and nothing is closed. */
  dead = false;
  closed = false;

  constructor(
    readonly client: WebSocket,
    readonly gateway: WebSocket,
    private readonly proxy: ProxyState,
  ) {
    gateway.on('message', (data: RawData, isBinary: boolean) => {
      if (this.dead || this.closed) return;
      this.fromGateway(toBuffer(data), isBinary);
    });
    gateway.on('ping', (data: Buffer) => {
      // autoPong is off: a half-open pair must not answer the heartbeat.
      if (!this.dead && gateway.readyState === WebSocket.OPEN) gateway.pong(data);
    });
    client.on('message', (data: RawData, isBinary: boolean) => {
      if (this.dead || this.closed) return;
      if (gateway.readyState === WebSocket.OPEN) gateway.send(toBuffer(data), { binary: isBinary });
    });
    gateway.on('close', (code: number, reason: Buffer) => {
      if (this.dead) return;
      this.finish(() => {
        // The gateway's close (1012 after server_upgrade, 4002…) reaches the client as it was sent,
        // after the frames still queued here; a close without a frame (1006) stays one.
        this.flushAll();
        if (sendableCloseCode(code)) client.close(code, reason.toString());
        else client.terminate();
      });
    });
    client.on('close', () => {
      this.finish(() => {
        if (gateway.readyState === WebSocket.OPEN) gateway.close(1000, 'client gone');
        else gateway.terminate();
      });
    });
    client.on('error', () => undefined);
    gateway.on('error', () => undefined);
  }

  private finish(then: () => void): void {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.deadTimer !== null) clearTimeout(this.deadTimer);
    this.proxy.pairs.delete(this);
    then();
  }

  private fromGateway(data: Buffer, isBinary: boolean): void {
    this.proxy.framesForwarded++;
    const rates = this.proxy.rates;
    const rng = this.proxy.rng;
    let out = data;
    if (rates.truncate > 0 && data.length > 1 && rng.next() < rates.truncate) {
      if (this.proxy.truncateControl || isBinary || isDataText(data.toString('utf8'))) {
        out = data.subarray(0, rng.int(1, data.length - 1));
        this.proxy.faults.truncate++;
      }
    }
    if (rates.delay > 0 && rng.next() < rates.delay) {
      const [min, max] = this.proxy.delayMs;
      this.holdFor(rng.int(min, max));
      this.proxy.faults.delay++;
    }
    this.queue.push({ data: out, isBinary });
    if (rates.duplicate > 0 && rng.next() < rates.duplicate) {
      this.queue.push({ data: out, isBinary });
      this.proxy.faults.duplicate++;
    }
    this.pump();
  }

  private holdFor(ms: number): void {
    this.heldUntil = Math.max(this.heldUntil, Date.now() + ms);
  }

  /** Sends what is queued unless held; schedules itself for the end of a hold. */
  private pump(): void {
    if (this.closed || this.dead) return;
    const wait = this.heldUntil - Date.now();
    if (wait > 0) {
      if (this.timer === null) {
        this.timer = setTimeout(() => {
          this.timer = null;
          if (this.gateway.isPaused) this.gateway.resume();
          this.pump();
        }, wait);
      }
      return;
    }
    this.flushAll();
  }

  private flushAll(): void {
    const queue = this.queue;
    this.queue = [];
    if (this.client.readyState !== WebSocket.OPEN) return;
    for (const item of queue) this.client.send(item.data, { binary: item.isBinary });
  }

  /** Cuts the pair: without a close frame (the client sees 1006), or with 1001. */
  disconnect(abrupt: boolean): void {
    if (this.closed) return;
    this.finish(() => {
      if (abrupt) this.client.terminate();
      else this.client.close(1001, 'proxy going away');
      this.gateway.terminate();
    });
  }

  stall(ms: number): void {
    this.holdFor(ms);
    // Stop reading the gateway's socket: its send buffer grows as on a stuck network path.
    if (!this.gateway.isPaused) this.gateway.pause();
    this.pump();
  }

  halfOpen(ms: number): void {
    if (this.dead || this.closed) return;
    this.dead = true;
    this.queue = [];
    this.deadTimer = setTimeout(() => {
      this.cutDead();
    }, ms);
  }

  cutDead(): void {
    this.dead = false;
    this.disconnect(true);
  }

  /** Ends a stall or delay now. */
  release(): void {
    this.heldUntil = 0;
    if (this.timer !== null) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.gateway.isPaused) this.gateway.resume();
    this.pump();
  }
}

function toBuffer(data: RawData): Buffer {
  if (Array.isArray(data)) return Buffer.concat(data);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return data;
}

interface ProxyState {
  readonly rng: Rng;
  readonly pairs: Set<Pair>;
  readonly faults: Record<FaultKind, number>;
  readonly delayMs: readonly [number, number];
  readonly truncateControl: boolean;
  rates: FrameFaultRates;
  framesForwarded: number;
}

/**
 * Starts the proxy on 127.0.0.1 (`options.port`, else an ephemeral port). A client's upgrade is answered only once the
 * gateway accepted the proxy's own connection, so an unreachable gateway (a restart) looks to the
 * client like a failed connect (HTTP 502, counted as `refused`), not like an accepted socket that
 * closes. Only the upgrade path and the messages are forwarded, not the client's headers.
 */
export async function startFaultProxy(options: FaultProxyOptions): Promise<FaultProxy> {
  const state: ProxyState = {
    rng: createRng(options.seed),
    pairs: new Set(),
    faults: Object.fromEntries(FAULT_KINDS.map((k) => [k, 0])) as Record<FaultKind, number>,
    delayMs: options.delayMs ?? [20, 400],
    truncateControl: options.truncateControl ?? false,
    rates: options.frameFaults ?? NO_FRAME_FAULTS,
    framesForwarded: 0,
  };
  let connections = 0;
  const wss = new WebSocketServer({ noServer: true, clientTracking: false, perMessageDeflate: false });
  const server = http.createServer((_request, response) => {
    response.writeHead(426).end();
  });

  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    const gateway = new WebSocket(options.target(), { autoPong: false, perMessageDeflate: false });
    gateway.binaryType = 'nodebuffer';
    let settled = false;
    const refuse = (): void => {
      if (settled) return;
      settled = true;
      state.faults.refused++;
      socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      socket.destroy();
    };
    gateway.once('error', refuse);
    gateway.once('unexpected-response', refuse);
    gateway.once('open', () => {
      if (settled) return;
      settled = true;
      wss.handleUpgrade(request, socket, head, (client) => {
        connections++;
        state.pairs.add(new Pair(client, gateway, state));
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const pick = (which: 'all' | 'one'): Pair[] => {
    const open = [...state.pairs].filter((p) => !p.closed && !p.dead);
    if (which === 'all' || open.length <= 1) return open;
    const one = open[state.rng.int(0, open.length - 1)];
    return one === undefined ? [] : [one];
  };

  return {
    url: `ws://127.0.0.1:${String(port)}/ws`,
    stats: () => ({ faults: { ...state.faults }, connections, open: state.pairs.size, framesForwarded: state.framesForwarded }),
    disconnect(which = 'all') {
      const pairs = pick(which);
      for (const pair of pairs) pair.disconnect(state.rng.next() < 0.5);
      state.faults.disconnect += pairs.length;
      return pairs.length;
    },
    stall(ms, which = 'all') {
      const pairs = pick(which);
      for (const pair of pairs) pair.stall(ms);
      state.faults.stall += pairs.length;
      return pairs.length;
    },
    halfOpen(ms, which = 'all') {
      const pairs = pick(which);
      for (const pair of pairs) pair.halfOpen(ms);
      state.faults.halfOpen += pairs.length;
      return pairs.length;
    },
    setFrameFaults(rates) {
      state.rates = rates;
    },
    heal() {
      state.rates = NO_FRAME_FAULTS;
      for (const pair of [...state.pairs]) {
        if (pair.dead) pair.cutDead();
        else pair.release();
      }
    },
    async close() {
      for (const pair of [...state.pairs]) pair.disconnect(true);
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      });
    },
  };
}
