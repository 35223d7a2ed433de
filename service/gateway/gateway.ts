// The realtime gateway at `/ws` (spec 6, docs/stream.md): login, per-socket filtering of the
// simulator's change batches into shared frames, the replay log and resume, heartbeat, and a
// graceful shutdown that asks clients to reconnect.
import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { compareEntryIds, type EntryId } from '../../src/domain/entry-id.ts';
import { CLOSE_CODES } from '../../src/wire/stream-schemas.ts';
import type { Channel, DataFrame, LoginFrame } from '../../src/wire/stream-schemas.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import type { GatewaySettings } from '../config.ts';
import { clientAddress, type AuthThrottle } from '../http/auth-throttle.ts';
import { ApiError, ERROR_CODE, notFound } from '../http/errors.ts';
import type { Entitlement, KeyRing } from '../http/keys.ts';
import { SECURITY_HEADER_LINES } from '../http/security-headers.ts';
import { localizeView } from '../http/localize.ts';
import type { ChangeBatch } from '../sim/change-feed.ts';
import { coalesceFrames } from './coalesce.ts';
import { Connection, type GatewayCounters } from './connection.ts';
import { createFrameEncoder, type FrameEncoder } from './encoding.ts';
import { cursorOf, MemoryReplayLog, type ReplayLog, type ReplayRead } from './replay-log.ts';
import type { GatewaySource } from './source.ts';
import {
  BOOKMAKER_CHANNELS,
  FUTURE_CHANNELS,
  reaches,
  resolveLogin,
  trimByBookmaker,
  type EventScope,
  type Subscription,
} from './subscription.ts';

/** The path of the gateway on the service's HTTP port. */
export const GATEWAY_PATH = '/ws';
/** At most this many open connections per API key (stream note), except benchmark keys in benchmark mode. */
export const MAX_CONNECTIONS_PER_KEY = 5;
/** The largest frame a client may send: a login frame with long id lists, nothing more. */
const MAX_CLIENT_FRAME_BYTES = 256 * 1024;
/** How often slow or behind sockets are looked at between batches. */
const PUMP_EVERY_MS = 50;
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
}

export interface GatewayStats extends Readonly<GatewayCounters> {
  /** Open sockets, logged in or not. */
  readonly connections: number;
  readonly loggedIn: number;
  /** Subscription shapes in use: sockets of one shape share every frame object. */
  readonly shapes: number;
}

export interface Gateway {
  /** Random hex, new on every start: a client that sees it change re-snapshots everything. */
  readonly serverEpoch: string;
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

interface ShapeGroup {
  readonly subscription: Subscription;
  readonly connections: Set<Connection>;
}

/** Decides which channels a resume replays, and which need a snapshot and why. */
interface ResumePlan {
  readonly restarted: boolean;
  readonly exceeded: Channel[];
  readonly reads: { channel: Channel; cursor: EntryId; cursorText: string }[];
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
  const replayLog = options.replayLog ?? new MemoryReplayLog();
  const serverEpoch = options.serverEpoch ?? randomBytes(8).toString('hex');
  const replayChannels = settings.replayMode === 'extended' ? EXTENDED_REPLAY_CHANNELS : PUBLIC_REPLAY_CHANNELS;
  const replaySet = new Set<Channel>(replayChannels);
  const log = options.log ?? (() => undefined);
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
  const connections = new Set<Connection>();
  const groups = new Map<string, ShapeGroup>();
  const perKey = new Map<Entitlement, number>();
  /** Sockets not logged in yet, per client address and in all (the pending limits). */
  const pendingByAddress = new Map<string, number>();
  let pendingTotal = 0;
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
    serverEpoch,
    counters,
    serverEntryIds,
    wallNow: () => performance.now(),
  };

  // ---- frame views: one frame object per (message, subscription view), shared by sockets ----

  /** Per logged frame: its variants by view key (language, bookmaker set); null = nothing to send. */
  const variants = new WeakMap<DataFrame, Map<string, DataFrame | null>>();

  function variant(frame: DataFrame, key: string, build: () => DataFrame | null): DataFrame | null {
    let byKey = variants.get(frame);
    if (byKey === undefined) {
      byKey = new Map();
      variants.set(frame, byKey);
    }
    const cached = byKey.get(key);
    if (cached !== undefined) return cached;
    const built = build();
    byKey.set(key, built);
    return built;
  }

  function idOf(frame: DataFrame): string | null {
    const id = FUTURE_CHANNELS.has(frame.channel) ? frame.payload.futureId : frame.payload.fixtureId;
    return typeof id === 'string' ? id : null;
  }

  function scopeOf(frame: DataFrame, id: string, cache: Map<string, EventScope | null> | null): EventScope | null {
    const future = FUTURE_CHANNELS.has(frame.channel);
    const key = future ? `f:${id}` : id;
    const cached = cache?.get(key);
    if (cached !== undefined) return cached;
    const scope = future ? source.futureScope(id) : source.fixtureScope(id);
    cache?.set(key, scope);
    return scope;
  }

  /** The frame as `sub` sees it: null when it does not reach it, else the shared (possibly trimmed or translated) object. */
  function viewFor(frame: DataFrame, sub: Subscription, scopes: Map<string, EventScope | null> | null): DataFrame | null {
    const id = idOf(frame);
    if (id === null) return null;
    const scope = scopeOf(frame, id, scopes);
    if (scope === null || !reaches(sub, frame.channel, id, scope)) return null;
    if (frame.channel === 'fixtures' && sub.lang !== 'en') {
      const lang = sub.lang;
      return variant(frame, `lang:${lang}`, () => ({
        ...frame,
        payload: localizeView(frame.payload as Parameters<typeof localizeView>[0], lang, reference),
      }));
    }
    if (BOOKMAKER_CHANNELS.has(frame.channel)) {
      const field = frame.channel === 'bookmakers' ? 'bookmakers' : 'odds';
      const record = frame.payload[field];
      if (record === null || typeof record !== 'object') return null;
      const kept = trimByBookmaker(record as Record<string, unknown>, sub.bookmakers);
      if (kept === record) return frame;
      return variant(frame, `bk:${sub.bookmakersKey}`, () => (kept === null ? null : { ...frame, payload: { ...frame.payload, [field]: kept } }));
    }
    return frame;
  }

  // ---- live fan-out ----

  let pumpTimer: NodeJS.Timeout | null = null;

  function pumpAll(): void {
    let needed = false;
    for (const connection of connections) {
      connection.pump();
      if (connection.needsPump) needed = true;
    }
    if (needed && pumpTimer === null) {
      pumpTimer = setInterval(() => {
        pumpAll();
      }, PUMP_EVERY_MS);
      pumpTimer.unref();
    } else if (!needed && pumpTimer !== null) {
      clearInterval(pumpTimer);
      pumpTimer = null;
    }
  }

  function onBatch(batch: ChangeBatch): void {
    const frames = batch.items.map((item) => replayLog.append(item.channel, batch.ts, item.payload));
    if (groups.size > 0) {
      const scopes = new Map<string, EventScope | null>();
      for (const group of groups.values()) {
        for (const frame of frames) {
          const view = viewFor(frame, group.subscription, scopes);
          if (view === null) continue;
          for (const connection of group.connections) connection.deliver(view);
        }
      }
      pumpAll();
    }
    replayLog.trimByAge(batch.ts - settings.resumeWindowMs);
  }

  const unsubscribe = source.onChange(onBatch);

  // ---- resume ----

  function planResume(login: LoginFrame, sub: Subscription): ResumePlan | null {
    if (login.lastSeenId === undefined && login.serverEpoch === undefined) return null;
    if (login.serverEpoch !== serverEpoch) return { restarted: true, exceeded: [], reads: [] };
    if (login.lastSeenId === undefined) return null;
    const now = source.now();
    const exceeded: Channel[] = [];
    const reads: ResumePlan['reads'] = [];
    for (const channel of sub.channels) {
      const cursorText = login.lastSeenId[channel];
      // Cursors of channels that are not replayable are ignored: login_ok's replayChannels told
      // the client to re-snapshot those from REST.
      if (cursorText === undefined || !replaySet.has(channel)) continue;
      const cursor = cursorOf(cursorText);
      const latestText = replayLog.latestCursor(channel);
      const latest = latestText === null ? null : cursorOf(latestText);
      if (cursor === null || latest === null || compareEntryIds(cursor, latest) > 0) {
        // Not a cursor this epoch handed out: nothing can be replayed from it.
        exceeded.push(channel);
      } else if (compareEntryIds(cursor, latest) === 0 || cursor.ms >= now - settings.resumeWindowMs) {
        // The latest entry of a quiet channel is within the window whatever its age.
        reads.push({ channel, cursor, cursorText });
      } else {
        exceeded.push(channel);
      }
    }
    return { restarted: false, exceeded, reads };
  }

  async function runResume(connection: Connection, sub: Subscription, plan: ResumePlan): Promise<void> {
    const results: { channel: Channel; cursorText: string; read: ReplayRead }[] = [];
    for (const r of plan.reads) results.push({ channel: r.channel, cursorText: r.cursorText, read: await replayLog.readAfter(r.channel, r.cursor) });
    if (connection.closed) return;
    const exceeded = [...plan.exceeded, ...results.filter((r) => !r.read.complete).map((r) => r.channel)];
    if (exceeded.length > 0) {
      connection.sendControl({
        type: 'snapshot_required',
        reason: 'resume_window_exceeded',
        channels: exceeded,
        serverEpoch,
        resumeWindowMs: settings.resumeWindowMs,
        serverEntryIds: serverEntryIds(exceeded),
      });
    }
    const readUpTo = new Map<Channel, string>();
    for (const { channel, cursorText, read } of results) {
      if (!read.complete) continue;
      const last = read.entries[read.entries.length - 1];
      readUpTo.set(channel, last?.entryId ?? cursorText);
      const visible: DataFrame[] = [];
      for (const entry of read.entries) {
        const view = viewFor(entry, sub, null);
        if (view !== null) visible.push(view);
      }
      for (const frame of coalesceFrames(visible)) connection.replay(frame);
    }
    connection.endReplay(readUpTo);
    pumpAll();
  }

  // ---- connections ----

  function join(connection: Connection, sub: Subscription): void {
    let group = groups.get(sub.shapeKey);
    if (group === undefined) {
      group = { subscription: sub, connections: new Set() };
      groups.set(sub.shapeKey, group);
    }
    group.connections.add(connection);
    perKey.set(sub.entitlement, (perKey.get(sub.entitlement) ?? 0) + 1);
  }

  function leave(connection: Connection): void {
    connections.delete(connection);
    const sub = connection.subscription;
    if (sub === null) return;
    const group = groups.get(sub.shapeKey);
    group?.connections.delete(connection);
    if (group?.connections.size === 0) groups.delete(sub.shapeKey);
    const n = (perKey.get(sub.entitlement) ?? 1) - 1;
    if (n <= 0) perKey.delete(sub.entitlement);
    else perKey.set(sub.entitlement, n);
  }

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
    const sub = result.subscription;
    const exempt = options.benchmarkMode && sub.entitlement.limitsExempt;
    if (!exempt && (perKey.get(sub.entitlement) ?? 0) >= MAX_CONNECTIONS_PER_KEY) {
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
    const plan = planResume(result.login, sub);
    if (plan?.restarted === true) {
      connection.sendControl({
        type: 'snapshot_required',
        reason: 'server_restarted',
        channels: [...sub.channels],
        serverEpoch,
        resumeWindowMs: settings.resumeWindowMs,
        serverEntryIds: serverEntryIds(sub.channels),
      });
    }
    join(connection, sub);
    if (plan !== null && !plan.restarted) {
      // From here on live frames are held until the replay is sent (no gap, no duplicate).
      connection.beginReplay();
      runResume(connection, sub, plan).catch((error: unknown) => {
        log(`gateway: replay failed: ${error instanceof Error ? error.message : String(error)}`);
        connection.close(1011, 'replay_failed');
      });
    }
  }

  /** Counts a new socket as pending; the returned function (idempotent) stops counting it. */
  function holdPending(address: string): () => void {
    pendingTotal++;
    pendingByAddress.set(address, (pendingByAddress.get(address) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      pendingTotal--;
      const n = (pendingByAddress.get(address) ?? 1) - 1;
      if (n <= 0) pendingByAddress.delete(address);
      else pendingByAddress.set(address, n);
    };
  }

  wss.on('connection', (ws: WebSocket, request: IncomingMessage) => {
    const connection = new Connection(ws, ctx);
    connections.add(connection);
    const address = clientAddress(request.socket.remoteAddress);
    const releasePending = holdPending(address);
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
      leave(connection);
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
    if (pumpTimer !== null) clearInterval(pumpTimer);
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
    serverEpoch,
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
      const address = clientAddress(request.socket.remoteAddress);
      const fromAddress = pendingByAddress.get(address) ?? 0;
      if (fromAddress >= settings.pendingPerAddress || pendingTotal >= settings.pendingMax) {
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
      let loggedIn = 0;
      for (const connection of connections) if (connection.subscription !== null) loggedIn++;
      return { ...counters, connections: connections.size, loggedIn, shapes: groups.size };
    },
    close() {
      closed ??= shutdown();
      return closed;
    },
  };
}
