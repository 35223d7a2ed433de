// The realtime gateway at `/ws` (spec 6, docs/stream.md): the upgrade and its limits, login,
// heartbeat, and a graceful shutdown that asks clients to reconnect; composing the replay log,
// frame views (frame-views.ts), resume (resume.ts) and the socket bookkeeping and fan-out
// (connection-registry.ts).
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { CLOSE_CODES } from '../../src/wire/stream-schemas.ts';
import type { Channel } from '../../src/wire/stream-schemas.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import type { GatewaySettings } from '../config.ts';
import { requestAddress, type AuthThrottle } from '../http/auth-throttle.ts';
import { ApiError, ERROR_CODE, notFound } from '../http/errors.ts';
import type { KeyRing } from '../http/keys.ts';
import { SECURITY_HEADER_LINES } from '../http/security-headers.ts';
import type { ChangeBatch } from '../sim/change-feed.ts';
import { Connection, type GatewayCounters } from './connection.ts';
import { ConnectionRegistry } from './connection-registry.ts';
import { createFrameEncoder, type FrameEncoder } from './encoding.ts';
import { FrameViews } from './frame-views.ts';
import { MemoryReplayLog, type ReplayLog } from './replay-log.ts';
import { Resumer } from './resume.ts';
import type { GatewaySource } from './source.ts';
import { resolveLogin, type LoginResult, type Subscription } from './subscription.ts';

/** The path of the gateway on the service's HTTP port. */
export const GATEWAY_PATH = '/ws';
/** At most this many open connections per API key (stream note), except benchmark keys in benchmark mode. */
export const MAX_CONNECTIONS_PER_KEY = 5;
/** The largest frame a client may send: a login frame with long id lists, nothing more. */
const MAX_CLIENT_FRAME_BYTES = 256 * 1024;
/** Close code of a graceful shutdown (IANA: "Service Restart"); the `reconnect` frame came first. */
const CLOSE_SERVICE_RESTART = 1012;
/** After the close frame, how long a socket gets to finish the close handshake before it is cut. */
const CLOSE_GRACE_MS = 2_000;

const PUBLIC_REPLAY_CHANNELS: readonly Channel[] = ['fixtures', 'scores', 'clocks'];
const EXTENDED_REPLAY_CHANNELS: readonly Channel[] = ['fixtures', 'scores', 'clocks', 'odds', 'oddsFutures'];

export interface GatewayOptions {
  readonly source: GatewaySource;
  readonly keys: KeyRing;
  readonly reference: ReferenceIndex;
  readonly settings: GatewaySettings;
  /** Benchmark mode: the benchmark keys (limitsExempt) are exempt from the connection limit. */
  readonly benchmarkMode: boolean;
  /**
   * Throttles failed logins per client address (shared with REST). Absent: failed logins are
   * never throttled (tests of the gateway alone); the service always gives one.
   */
  readonly authThrottle?: AuthThrottle | undefined;
  /** Defaults to `createFrameEncoder({ zstd: settings.zstd })` (which loads the dictionaries). */
  readonly encoder?: FrameEncoder;
  /** Defaults to an in-memory log. */
  readonly replayLog?: ReplayLog;
  /** Defaults to random hex, new on every start. */
  readonly serverEpoch?: string;
  readonly log?: (line: string) => void;
  /** Proxies whose X-Forwarded-For names the client (a cluster's HAProxy): per-address caps count the client. */
  readonly trustedProxies?: ReadonlySet<string>;
  /**
   * The per-key connection cap counted with a cluster's other edges (service/cluster/shared-limits.ts).
   * Absent: this gateway is the only one and counts its own.
   */
  readonly connectionCap?: SharedConnectionCap;
}

/** A connection cap shared by several gateways: a place is taken atomically across all of them. */
export interface SharedConnectionCap {
  /** Takes one of the key's `max` places; false when all are taken. Rejects when the count cannot be reached. */
  reserve(apiKey: string, max: number): Promise<boolean>;
  /** Gives a place back. */
  release(apiKey: string): void;
}

export interface GatewayStats extends Readonly<GatewayCounters> {
  /** Open sockets, logged in or not. */
  readonly connections: number;
  readonly loggedIn: number;
  /** Subscription shapes in use: sockets of one shape share every frame object. */
  readonly shapes: number;
}

export interface Gateway {
  /**
   * Random hex, new on every start (or the shared feed's, in a cluster): a client that sees it
   * change re-snapshots everything.
   */
  readonly serverEpoch: string;
  /**
   * The feed's store lost its streams (a new or flushed Redis): the ids handed out so far mean
   * nothing now. Takes the new epoch and sends every logged-in socket `snapshot_required
   * {reason: "server_restarted"}` for all its channels; frames then go on under the new epoch.
   */
  restartEpoch(serverEpoch: string): void;
  readonly replayLog: ReplayLog;
  /** The replayable channels of the configured replay mode. */
  readonly replayChannels: readonly Channel[];
  /**
   * The HTTP server's `upgrade` handler: takes `/ws` (any query string), answers anything else
   * with 404 and, while shutting down, `/ws` with 503.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  stats(): GatewayStats;
  /**
   * Graceful shutdown: sends `reconnect {reason: "server_upgrade"}` to every logged-in socket,
   * keeps streaming `drainMs` (skipped when nobody is connected), then closes every socket with
   * 1012 and stops listening to the source. Idempotent.
   */
  close(): Promise<void>;
}

function pathOf(url: string | undefined): string {
  const s = url ?? '';
  const q = s.indexOf('?');
  return q === -1 ? s : s.slice(0, q);
}

/** Refuses an upgrade with a plain HTTP answer: the spec's error body and the security headers. */
function rejectUpgrade(socket: Duplex, error: ApiError): void {
  const body = JSON.stringify(error.toBody());
  const retryAfter = error.retryAfterSec === undefined ? '' : `Retry-After: ${String(error.retryAfterSec)}\r\n`;
  socket.end(
    `HTTP/1.1 ${String(error.status)} ${STATUS_CODES[error.status] ?? ''}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
      `${SECURITY_HEADER_LINES}${retryAfter}\r\n${body}`,
    () => {
      socket.destroy();
    },
  );
}


/** Creates the gateway and starts listening to the source (the replay log fills from now on). */
export function createGateway(options: GatewayOptions): Gateway {
  const { source, keys, reference, settings } = options;
  const encoder = options.encoder ?? createFrameEncoder({ zstd: settings.zstd });
  const replayLog: ReplayLog = options.replayLog ?? new MemoryReplayLog();
  let serverEpoch = options.serverEpoch ?? randomBytes(8).toString('hex');
  const replayChannels = settings.replayMode === 'extended' ? EXTENDED_REPLAY_CHANNELS : PUBLIC_REPLAY_CHANNELS;
  const replaySet = new Set<Channel>(replayChannels);
  const log = options.log ?? (() => undefined);
  const trustedProxies = options.trustedProxies ?? new Set<string>();
  const counters: GatewayCounters = {
    framesSent: 0,
    bytesSent: 0,
    replayedFrames: 0,
    coalescedFrames: 0,
    droppedFrames: 0,
    behindEvents: 0,
    backpressureSnapshots: 0,
    backpressureCloses: 0,
    heartbeatTerminations: 0,
  };
  const registry = new ConnectionRegistry();
  /** Connections holding a place of the shared connection cap (given back when they close). */
  const shared = new Set<Connection>();
  const connections = registry.connections;
  let closing = false;
  let closed: Promise<void> | null = null;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_FRAME_BYTES, clientTracking: false });

  const serverEntryIds = (channels: readonly Channel[]): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const channel of channels) {
      const latest = replayLog.latestCursor(channel);
      if (latest !== null) out[channel] = latest;
    }
    return out;
  };
  const ctx = {
    encoder,
    settings,
    get serverEpoch() {
      return serverEpoch;
    },
    counters,
    serverEntryIds,
    wallNow: () => performance.now(),
  };
  const views = new FrameViews(source, reference);
  const resumer = new Resumer({
    replayLog,
    get serverEpoch() {
      return serverEpoch;
    },
    settings,
    replayable: replaySet,
    views,
    now: () => source.now(),
    serverEntryIds,
    pumpAll: () => {
      registry.pumpAll();
    },
  });

  function onBatch(batch: ChangeBatch): void {
    const frames = batch.items.map((item) => replayLog.append(item.channel, batch.ts, item.payload, item.entryId));
    registry.deliver(frames, views);
    replayLog.trimByAge(batch.ts - settings.resumeWindowMs);
  }

  const unsubscribe = source.onChange(onBatch);

  function login(connection: Connection, address: string, text: string): void {
    const result = resolveLogin(text, keys, reference, (futureId) => source.futureScope(futureId));
    if (!result.ok) {
      const { closeCode, code, message } = result.refusal;
      const retryAfterSec = closeCode === CLOSE_CODES.unauthorized ? (options.authThrottle?.fail(address) ?? null) : null;
      if (retryAfterSec !== null) {
        connection.refuse(
          CLOSE_CODES.tooManyFailedLogins,
          ERROR_CODE.rateLimited,
          `Too many failed API key attempts from this address. Retry in ${String(retryAfterSec)} s.`,
          retryAfterSec,
        );
        return;
      }
      connection.refuse(closeCode, code, message);
      return;
    }
    // A shared log (a cluster's Redis streams) may not have reached a cursor another edge handed
    // out yet (this edge reads the feed a few ms behind): wait for it briefly rather than call the
    // cursor unknown and make the client re-snapshot.
    const { lastSeenId } = result.login;
    const behind = result.login.serverEpoch === serverEpoch && lastSeenId !== undefined ? replayLog.caughtUp?.(lastSeenId) : undefined;
    const cap = options.connectionCap;
    const exempt = options.benchmarkMode && result.subscription.entitlement.limitsExempt;
    if (behind === undefined && (cap === undefined || exempt)) {
      admit(connection, result, null);
      return;
    }
    const apiKey = result.subscription.entitlement.apiKey;
    void (async () => {
      await behind;
      let placed: boolean | null = null;
      if (cap !== undefined && !exempt) {
        // Redis away: this edge's own count decides (admit's check), and says so in the log.
        placed = await cap.reserve(apiKey, MAX_CONNECTIONS_PER_KEY).catch((error: unknown) => {
          log(`gateway: the shared connection count is unreachable (${error instanceof Error ? error.message : String(error)}); counting this edge's only`);
          return null;
        });
      }
      if (connection.closed) {
        if (placed === true) cap?.release(apiKey);
        return;
      }
      if (placed === true) shared.add(connection);
      admit(connection, result, placed);
    })();
  }

  /** `snapshot_required {reason: "server_restarted"}` for all of a subscription's channels, under the current epoch. */
  function serverRestarted(sub: Subscription): Parameters<Connection['sendControl']>[0] {
    return {
      type: 'snapshot_required',
      reason: 'server_restarted',
      channels: [...sub.channels],
      serverEpoch,
      resumeWindowMs: settings.resumeWindowMs,
      serverEntryIds: serverEntryIds(sub.channels),
    };
  }

  /** Admits a resolved login: the per-key cap, login_ok, the resume plan, and the fan-out. */
  function admit(connection: Connection, result: Extract<LoginResult, { ok: true }>, placed: boolean | null): void {
    const sub = result.subscription;
    const exempt = options.benchmarkMode && sub.entitlement.limitsExempt;
    const full = placed === null ? registry.openFor(sub.entitlement) >= MAX_CONNECTIONS_PER_KEY : !placed;
    if (!exempt && full) {
      connection.refuse(
        CLOSE_CODES.tooManyConnections,
        'too_many_connections',
        `At most ${String(MAX_CONNECTIONS_PER_KEY)} connections per API key are allowed; close one first.`,
      );
      return;
    }
    const receiveType = encoder.negotiate(sub.askedReceiveType);
    connection.subscription = sub;
    connection.receiveType = receiveType;
    connection.sendControl({
      type: 'login_ok',
      access: { ...sub.access },
      channels: [...sub.channels],
      receiveType,
      resume: {
        serverEpoch,
        resumeWindowMs: settings.resumeWindowMs,
        replayChannels: sub.channels.filter((c) => replaySet.has(c)),
        serverEntryIds: serverEntryIds(sub.channels),
      },
      ...(result.dropped === null ? {} : { dropped: result.dropped }),
    });
    if (receiveType === 'zstd-dict') for (const frame of encoder.dictFrames(sub.channels)) connection.sendControl(frame);
    const plan = resumer.plan(result.login, sub);
    if (plan?.restarted === true) connection.sendControl(serverRestarted(sub));
    registry.join(connection, sub);
    if (plan !== null && !plan.restarted) {
      // From here on live frames are held until the replay is sent (no gap, no duplicate).
      connection.beginReplay();
      resumer.run(connection, sub, plan).catch((error: unknown) => {
        log(`gateway: replay failed: ${error instanceof Error ? error.message : String(error)}`);
        connection.close(1011, 'replay_failed');
      });
    }
  }

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const connection = new Connection(ws, ctx);
    connections.add(connection);
    const address = requestAddress(request, trustedProxies);
    const releasePending = registry.holdPending(address);
    const loginTimer = setTimeout(() => {
      if (connection.subscription === null) {
        connection.refuse(CLOSE_CODES.noLogin, 'login_timeout', `No login frame within ${String(settings.loginTimeoutMs)} ms.`);
      }
    }, settings.loginTimeoutMs);
    loginTimer.unref();
    ws.on('message', (data, isBinary) => {
      // Subscriptions are fixed at login; anything a client sends afterwards is ignored.
      if (connection.subscription !== null || connection.closed) return;
      clearTimeout(loginTimer);
      if (isBinary) {
        connection.refuse(CLOSE_CODES.noLogin, 'invalid_login', 'The login frame must be a JSON text frame.');
        return;
      }
      const bytes = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
      login(connection, address, bytes.toString('utf8'));
      // Logged in, or refused and closing: either way no longer waiting for a login.
      releasePending();
    });
    ws.on('pong', () => {
      connection.alive = true;
    });
    ws.on('error', () => {
      // A protocol error (oversized or malformed frame): ws closes the socket itself.
    });
    ws.on('close', () => {
      releasePending();
      clearTimeout(loginTimer);
      connection.closed = true;
      registry.leave(connection);
      if (shared.delete(connection) && connection.subscription !== null) options.connectionCap?.release(connection.subscription.entitlement.apiKey);
    });
  });

  const heartbeat = setInterval(() => {
    for (const connection of connections) {
      if (!connection.alive) {
        counters.heartbeatTerminations++;
        connection.closed = true;
        connection.ws.terminate();
        continue;
      }
      connection.alive = false;
      connection.ws.ping();
    }
  }, settings.heartbeatMs);
  heartbeat.unref();

  async function shutdown(): Promise<void> {
    closing = true;
    let announced = 0;
    for (const connection of connections) {
      if (connection.subscription === null) continue;
      connection.sendControl({ type: 'reconnect', reason: 'server_upgrade' });
      announced++;
    }
    if (announced > 0 && settings.drainMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, settings.drainMs));
    }
    unsubscribe();
    clearInterval(heartbeat);
    registry.stopPump();
    const open = [...connections];
    await Promise.all(
      open.map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (connection.ws.readyState === connection.ws.CLOSED) {
              resolve();
              return;
            }
            const cut = setTimeout(() => {
              connection.ws.terminate();
            }, CLOSE_GRACE_MS);
            connection.ws.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            connection.close(CLOSE_SERVICE_RESTART, 'server_upgrade');
          }),
      ),
    );
    await new Promise<void>((resolve) => {
      wss.close(() => {
        resolve();
      });
    });
  }

  return {
    get serverEpoch() {
      return serverEpoch;
    },
    restartEpoch(next) {
      serverEpoch = next;
      for (const connection of connections) {
        const sub = connection.subscription;
        if (sub === null || connection.closed) continue;
        connection.sendControl(serverRestarted(sub));
      }
    },
    replayLog,
    replayChannels,
    handleUpgrade(request, socket, head) {
      if (pathOf(request.url) !== GATEWAY_PATH) {
        rejectUpgrade(socket, notFound(`No WebSocket endpoint at this path: the gateway is at ${GATEWAY_PATH}.`));
        return;
      }
      if (closing) {
        rejectUpgrade(socket, new ApiError(503, ERROR_CODE.serviceUnavailable, 'The service is shutting down: reconnect in a few seconds.'));
        return;
      }
      const address = requestAddress(request, trustedProxies);
      const fromAddress = registry.pendingFrom(address);
      if (fromAddress >= settings.pendingPerAddress || registry.pending >= settings.pendingMax) {
        // A pending socket frees its place by logging in or, at the latest, at its login deadline.
        const retryAfterSec = Math.max(1, Math.ceil(settings.loginTimeoutMs / 1000));
        const which =
          fromAddress >= settings.pendingPerAddress
            ? `${String(settings.pendingPerAddress)} from one address`
            : `${String(settings.pendingMax)} in all`;
        rejectUpgrade(
          socket,
          new ApiError(429, ERROR_CODE.rateLimited, `Too many sockets waiting to log in (at most ${which}): log in on an open one, or retry in ${String(retryAfterSec)} s.`, retryAfterSec),
        );
        return;
      }
      wss.handleUpgrade(request, socket, head, (ws) => {
        wss.emit('connection', ws, request);
      });
    },
    stats() {
      return { ...counters, connections: connections.size, loggedIn: registry.loggedIn(), shapes: registry.shapes };
    },
    close() {
      closed ??= shutdown();
      return closed;
    },
  };
}
