// The stream client: one WebSocket to the v5 gateway — login, backoff, the idle watchdog, and the
// parts it composes: the cursors (cursor-tracker.ts), re-snapshots from REST while buffering
// deltas (resnapshot.ts), each socket's frames and control frames (socket-session.ts), the stall
// rule (feed-watch.ts) and the resync after a malformed frame (resync.ts). React-free and
// DOM-free: the WebSocket, timers, clock and storage are injected, so it runs in the browser's
// stream worker and in Node tests alike. Output: BookOps.
import type { BookOp } from '../book/book.ts';
import { CLOSE_CODES, type Channel, type LoginFrame, type LoginOkFrame, type ReceiveType, type StreamUpdate } from '../wire/stream-schemas.ts';
import type { CursorStore } from './cursor-store.ts';
import { CursorTracker } from './cursor-tracker.ts';
import type { DictDecompressorLoader } from './decoders.ts';
import { FeedWatch } from './feed-watch.ts';
import { ResnapshotCoordinator } from './resnapshot.ts';
import { ResyncScheduler } from './resync.ts';
import type { SnapshotSource } from './snapshots.ts';
import { isChannel, SocketSession } from './socket-session.ts';
import { FrameStats, StatusBoard, type StreamStatus } from './stream-status.ts';
import { realTimers, type Timers } from './timers.ts';

// The status types are part of the client's interface: pages import them from here.
export { deliversOdds, type ConnectionPhase, type FeedStatus, type StreamStatus } from './stream-status.ts';
export type { Timers } from './timers.ts';

/** The part of a WebSocket the client uses: the browser's and `ws`'s both fit. */
export interface WebSocketLike {
  binaryType: string;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onclose: ((event: { readonly code: number; readonly reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export type WebSocketConstructor = new (url: string) => WebSocketLike;

/** What the login asks for (filters are fixed at login: changing them means a new connection). */
export interface StreamSettings {
  /** `ws(s)://host/ws`. */
  readonly url: string;
  readonly apiKey: string;
  readonly lang: string;
  readonly receiveType: ReceiveType;
  /** Channels to subscribe; omitted: every channel the key may see. */
  readonly channels?: readonly Channel[];
  readonly sportIds?: readonly number[];
  readonly bookmakers: readonly string[];
  readonly clientName?: string;
}


export interface StreamClientOptions {
  readonly settings: StreamSettings;
  readonly WebSocket: WebSocketConstructor;
  readonly cursors: CursorStore;
  readonly snapshots: SnapshotSource;
  /** The fixtures and futures the book holds: the scope of odds re-snapshots (see docs/stream-client.md). */
  readonly scope: () => { readonly fixtureIds: readonly string[]; readonly futureIds: readonly string[] };
  /** Receives the book ops in order. */
  readonly emit: (ops: readonly BookOp[]) => void;
  readonly onStatus?: (status: StreamStatus) => void;
  readonly timers?: Timers;
  readonly now?: () => number;
  readonly random?: () => number;
  readonly loadDict?: DictDecompressorLoader;
  /** Backoff: first delay and cap, ms. */
  readonly backoff?: { readonly baseMs: number; readonly maxMs: number };
  /** How often cursors are persisted, ms (each data frame moves them; storage is not written per frame). */
  readonly persistEveryMs?: number;
  /** Most frames buffered during a re-snapshot before the buffer is dropped and the snapshot redone. */
  readonly maxBuffered?: number;
  /**
   * A logged-in socket that delivers nothing for this long is presumed half-open (a browser sees
   * neither the gateway's pings nor a dead TCP peer) and is replaced by a resuming reconnect.
   * 0 turns the watchdog off. Default 45 s: above the gateway's 30 s heartbeat, and a false alarm
   * on a quiet stream costs one replay.
   */
  readonly idleTimeoutMs?: number;
  /**
   * Asks the service whether it is up (a cheap REST call): resolves on any answer, rejects when it
   * cannot be reached; aborted after 2 s. A feed silent past its threshold is probed: answered,
   * it is `silent` (nothing changes); unanswered, `stalled`. Without one, a silent feed is never
   * called stalled (nothing tells a stall from a quiet world).
   */
  readonly probe?: (signal: AbortSignal) => Promise<void>;
  /** How often the silence is checked against the threshold, ms (default 500: a stall shows within threshold + 2.5 s). */
  readonly feedCheckEveryMs?: number;
}

/** A running stream client. */
export interface StreamClient {
  /** Loads the cursors and connects. */
  start(): Promise<void>;
  /** Closes for good (persists the cursors first). */
  stop(): Promise<void>;
  /** Drops the socket now and reconnects at once (tests; the `reconnect` control does the same). */
  reconnectNow(): void;
  readonly status: StreamStatus;
}

/** A close code explained in words; 4401 and 4429 also send the user to the settings. */
export function explainClose(code: number, reason: string): string {
  const why = reason === '' ? '' : ` (${reason})`;
  switch (code) {
    case CLOSE_CODES.noLogin:
      return `The gateway closed the stream: no valid login frame in time (4001)${why}.`;
    case CLOSE_CODES.unauthorized:
      return `The API key was refused by the stream gateway (4401)${why}. Check the key in the settings.`;
    case CLOSE_CODES.tooManyFailedLogins:
      return `The API key was refused by the stream gateway, and this address made too many failed attempts (4429)${why}. Check the key in the settings.`;
    case CLOSE_CODES.nothingToSubscribe:
      return `This key may not subscribe to any of the chosen channels, sports or bookmakers (4403)${why}.`;
    case CLOSE_CODES.tooManyConnections:
      return `Too many stream connections for this key (4003: at most 5 per key)${why}. Close other dashboards or devices using it; retrying.`;
    case CLOSE_CODES.backpressure:
      return `The stream could not keep up and the gateway dropped it (4002)${why}; reconnecting, some channels will be re-fetched.`;
    case 1000:
    case 1001:
      return `The gateway closed the stream (${String(code)})${why}; reconnecting.`;
    default:
      return `The stream connection was lost (${String(code)})${why}; reconnecting.`;
  }
}


const LOGIN_TIMEOUT_MS = 15_000;
const DEFAULT_IDLE_TIMEOUT_MS = 45_000;

/**
 * Creates a stream client. Nothing happens until `start()`. Frames come out as ops through
 * `emit`: updates in arrival order, and for a re-snapshot one authoritative seed followed by
 * the deltas of its channels buffered since its request was sent.
 */
export function createStreamClient(options: StreamClientOptions): StreamClient {
  const settings = options.settings;
  const timers = options.timers ?? realTimers;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? { baseMs: 500, maxMs: 30_000 };
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;

  // The connection: the socket in use, and the timers of its life cycle.
  let socket: WebSocketLike | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: unknown = null;
  let loginTimer: unknown = null;
  let idleTimer: unknown = null;
  const isStopped = (): boolean => stopped;

  const status = new StatusBoard(options.onStatus);
  const stats = new FrameStats(status, now);
  const cursors = new CursorTracker(options.cursors, timers, options.persistEveryMs ?? 1_000);
  const feed = new FeedWatch({ status, timers, now, probe: options.probe, checkEveryMs: options.feedCheckEveryMs ?? 500 });
  const resnapshot = new ResnapshotCoordinator({
    snapshots: options.snapshots,
    scope: options.scope,
    filters: settings,
    emit: options.emit,
    status,
    timers,
    maxBuffered: options.maxBuffered ?? 200_000,
    isStopped,
    isConnected: () => socket !== null,
  });
  const resync = new ResyncScheduler({
    timers,
    now,
    backoff,
    isStopped,
    markGap: () => {
      cursors.markGap();
    },
    resync: () => {
      status.set({ problem: 'A stream frame could not be read: resuming from the last good position.' });
      reconnectNow();
    },
  });

  function malformed(): void {
    status.set({ malformedFrames: status.current.malformedFrames + 1 });
    resync.malformed();
  }

  function data(frame: StreamUpdate): void {
    stats.frame(frame.ts);
    cursors.advance(frame.channel, frame.entryId);
    if (!resnapshot.buffer(frame)) options.emit([{ op: 'update', frame }]);
  }

  /** Applies login_ok: decides what to re-snapshot; returns whether a replay is running. */
  function loggedIn(frame: LoginOkFrame): boolean {
    timers.clearTimeout(loginTimer);
    const resume = frame.resume;
    const subscribed: Channel[] = frame.channels.filter(isChannel);
    const decision = cursors.loggedIn(resume, subscribed);
    const shown = status.current;
    status.set({
      receiveType: frame.receiveType,
      access: { live: frame.access.live, pregame: frame.access.pregame },
      dropped: frame.dropped ?? null,
      channels: frame.channels,
      replayChannels: resume.replayChannels,
      serverEpoch: resume.serverEpoch,
      needsSettings: false,
      problem: decision.sameEpoch || shown.serverEpoch === null ? shown.problem : 'The service restarted (new serverEpoch): re-fetching everything.',
    });
    resnapshot.request(decision.resnapshot);
    feed.start();
    attempt = 0;
    return decision.resuming;
  }

  function connect(): void {
    if (stopped) return;
    retryTimer = null;
    resync.cancel();
    cursors.rewindToGap();
    status.set({ phase: 'connecting', retryAt: null });
    const ws = new options.WebSocket(settings.url);
    socket = ws;
    ws.binaryType = 'arraybuffer';
    const session = new SocketSession(
      ws,
      { status, cursors, resnapshot, loadDict: options.loadDict, loggedIn, data, malformed, reconnectNow },
      () => socket === ws,
    );
    ws.onopen = () => {
      ws.send(JSON.stringify(loginFrame()));
      loginTimer = timers.setTimeout(() => {
        if (socket === ws) ws.close(4000, 'no login_ok');
      }, LOGIN_TIMEOUT_MS);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      armIdleWatchdog(ws);
      feed.noteFrame();
      session.receive(event.data);
    };
    ws.onerror = () => {
      // The close event follows with the code; nothing to do here.
    };
    ws.onclose = (event) => {
      timers.clearTimeout(loginTimer);
      if (socket !== ws) return;
      socket = null;
      onClosed(event.code, event.reason, session.refusal);
    };
  }

  function loginFrame(): LoginFrame {
    const frame: LoginFrame = {
      type: 'login',
      apiKey: settings.apiKey,
      lang: settings.lang,
      receiveType: settings.receiveType,
      bookmakers: [...settings.bookmakers],
      clientName: settings.clientName ?? 'odds-explorer',
    };
    if (settings.channels !== undefined) frame.channels = [...settings.channels];
    if (settings.sportIds !== undefined && settings.sportIds.length > 0) frame.sportIds = [...settings.sportIds];
    const resume = cursors.resumeFields();
    if (resume !== null) {
      frame.serverEpoch = resume.serverEpoch;
      frame.lastSeenId = resume.lastSeenId;
    }
    return frame;
  }

  function onClosed(code: number, reason: string, refusal: string | null): void {
    feed.stop();
    const explained = explainClose(code, reason);
    // A 4403's message says what the key may not see: the user needs it to fix the settings.
    const problem = code === CLOSE_CODES.nothingToSubscribe && refusal !== null ? `${explained} ${refusal}` : explained;
    if (stopped) {
      status.set({ phase: 'offline' });
      return;
    }
    // 4429 is a bad key too (sent only once the address is over its failed-login limit).
    const badKey = code === CLOSE_CODES.unauthorized || code === CLOSE_CODES.tooManyFailedLogins;
    if (badKey || code === CLOSE_CODES.nothingToSubscribe) {
      // Retrying cannot help until the settings change (and retrying a bad key only keeps the address throttled).
      status.set({ phase: 'offline', problem, needsSettings: badKey, retryAt: null });
      return;
    }
    const cap = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
    // Equal jitter: at least half the exponential delay, so a crowd of clients spreads out.
    const delay = code === CLOSE_CODES.tooManyConnections ? Math.max(cap, 5_000) : cap / 2 + (random() * cap) / 2;
    attempt = Math.min(attempt + 1, 20);
    status.set({ phase: 'offline', problem, retryAt: now() + delay });
    retryTimer = timers.setTimeout(connect, delay);
  }

  function armIdleWatchdog(ws: WebSocketLike): void {
    if (idleTimeoutMs <= 0) return;
    if (idleTimer !== null) timers.clearTimeout(idleTimer);
    idleTimer = timers.setTimeout(() => {
      idleTimer = null;
      if (socket !== ws || stopped) return;
      status.set({ problem: `No frame from the gateway for ${String(Math.round(idleTimeoutMs / 1000))} s: the connection looks dead; reconnecting.` });
      reconnectNow();
    }, idleTimeoutMs);
  }

  function reconnectNow(): void {
    feed.stop();
    const ws = socket;
    socket = null;
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    ws?.close(1000, 'reconnecting');
    void cursors.persist().then(() => {
      connect();
    });
  }

  return {
    async start() {
      await cursors.load();
      connect();
    },
    async stop() {
      stopped = true;
      resnapshot.stop();
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
      resync.cancel();
      cursors.stop();
      if (idleTimer !== null) timers.clearTimeout(idleTimer);
      timers.clearTimeout(loginTimer);
      feed.stop();
      socket?.close(1000, 'client stopped');
      socket = null;
      status.set({ phase: 'offline', retryAt: null });
      await cursors.persist();
    },
    reconnectNow,
    get status(): StreamStatus {
      return status.current;
    },
  };
}
