// The stream client: one WebSocket to the v5 gateway — login, decoding by the negotiated
// receiveType, control frames, cursors and resume, backoff, and re-snapshots from REST while
// buffering deltas. React-free and DOM-free: the WebSocket, timers, clock and storage are injected,
// so it runs in the browser's stream worker and in Node tests alike. Output: BookOps.
import type { BookOp } from '../book/book.ts';
import { withoutDropped, withoutDroppedIds } from '../domain/dropped-filters.ts';
import { compareEntryIds } from '../domain/entry-id.ts';
import { FrameGaps, initialFeedHealth, nextFeedHealth, PROBE_TIMEOUT_MS, type FeedEvent, type FeedHealth, type FeedState } from '../domain/feed-health.ts';
import { safeParseWire } from '../wire/validate.ts';
import {
  CLOSE_CODES,
  controlFrameSchema,
  streamUpdateSchema,
  type Channel,
  type ControlFrame,
  type DroppedFilters,
  type LoginFrame,
  type LoginOkFrame,
  type ReceiveType,
  type StreamUpdate,
  CHANNELS,
} from '../wire/stream-schemas.ts';
import { base64ToBytes } from './base64.ts';
import type { CursorStore, StreamCursors } from './cursor-store.ts';
import { createFrameDecoder, decodeText, FrameDecodeError, type DictDecompressorLoader, type FrameDecoder } from './decoders.ts';
import type { SnapshotSource } from './snapshots.ts';

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

/** connected / resuming (replay running) / re-snapshotting (REST fetch running) / offline. */
export type ConnectionPhase = 'connecting' | 'resuming' | 'resnapshotting' | 'connected' | 'offline';

/** What the connection indicator shows. */
export interface StreamStatus {
  readonly phase: ConnectionPhase;
  /** The negotiated receiveType (null until login_ok). */
  readonly receiveType: ReceiveType | null;
  readonly access: { readonly live: boolean; readonly pregame: boolean } | null;
  /** The login's filter values the gateway left out as outside the key (`login_ok.dropped`), or null. */
  readonly dropped: DroppedFilters | null;
  readonly channels: readonly string[];
  readonly replayChannels: readonly string[];
  readonly serverEpoch: string | null;
  /** Channels being rebuilt from REST now. */
  readonly resnapshotChannels: readonly string[];
  /** Data frames per second over the last second. */
  readonly updatesPerSec: number;
  /** now − `ts` of the last data frame, ms (null before any). */
  readonly delayMs: number | null;
  readonly malformedFrames: number;
  /** The last problem in words (close code, error frame, snapshot failure), or null. */
  readonly problem: string | null;
  /** True after a 4401: the key is missing or invalid, the settings must change; no retry. */
  readonly needsSettings: boolean;
  /** Epoch ms of the next reconnect attempt while offline, or null. */
  readonly retryAt: number | null;
  /** Whether the logged-in feed flows (see src/domain/feed-health.ts); `live` while not logged in. */
  readonly feed: FeedStatus;
}

/** The stall rule's verdict on the logged-in feed, and the figures behind it. */
export interface FeedStatus {
  readonly state: FeedState;
  /** How long no frame has come, ms, as of the last check (0 while live). */
  readonly silentForMs: number;
  /** The silence that triggers a probe now: max(5 s, 5 × the median gap of the last minute). */
  readonly thresholdMs: number;
}

/**
 * True when live odds and bookmaker metas reach the book now: logged in, and neither channel is
 * waiting for a re-snapshot (its deltas are buffered meanwhile). Otherwise the age of what the
 * book holds says nothing about a bookmaker (LiveBook.setDelivering).
 */
export function deliversOdds(status: StreamStatus | null): boolean {
  if (status === null || (status.phase !== 'connected' && status.phase !== 'resuming')) return false;
  return !status.resnapshotChannels.some((channel) => channel === 'odds' || channel === 'bookmakers');
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
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
const LIVE_FEED: FeedStatus = { state: 'live', silentForMs: 0, thresholdMs: 5_000 };
const DEFAULT_IDLE_TIMEOUT_MS = 45_000;
const SNAPSHOT_RETRY_MS = 2_000;
/** Malformed frames further apart than this start the resync backoff afresh. */
const RESYNC_STREAK_RESET_MS = 30_000;

/**
 * Creates a stream client. Nothing happens until `start()`. Frames come out as ops through
 * `emit`: updates in arrival order, and for a re-snapshot one authoritative seed followed by
 * the deltas of its channels buffered since its request was sent.
 */
export function createStreamClient(options: StreamClientOptions): StreamClient {
  const settings = options.settings;
  const timers: Timers = options.timers ?? {
    setTimeout: (cb, ms) => setTimeout(cb, ms),
    clearTimeout: (h) => {
      clearTimeout(h as ReturnType<typeof setTimeout>);
    },
  };
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const backoff = options.backoff ?? { baseMs: 500, maxMs: 30_000 };
  const persistEveryMs = options.persistEveryMs ?? 1_000;
  const maxBuffered = options.maxBuffered ?? 200_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
  const feedCheckEveryMs = options.feedCheckEveryMs ?? 500;

  let socket: WebSocketLike | null = null;
  let stopped = false;
  let attempt = 0;
  let retryTimer: unknown = null;
  let loginTimer: unknown = null;
  let idleTimer: unknown = null;
  let persistTimer: unknown = null;
  let cursors: StreamCursors | null = null;
  let cursorsDirty = false;
  /** channel → buffered frames while that channel is being re-snapshotted. */
  const pending = new Map<Channel, StreamUpdate[]>();
  let snapshotRunning = false;
  let snapshotAgain = false;
  let snapshotAbort: AbortController | null = null;
  let frameTimes: number[] = [];
  /**
   * The cursors as they were at the first malformed frame since the last connect: a frame that
   * cannot be read may have carried a change that nothing later repeats, so the next connect
   * resumes from here (replay, or re-snapshot of what is not replayable). Cursors keep moving
   * meanwhile; the next connect rewinds them to these.
   */
  let gapCursors: Readonly<Record<string, string>> | null = null;
  let resyncTimer: unknown = null;
  let resyncStreak = 0;
  let lastMalformedAt = Number.NEGATIVE_INFINITY;
  /** The stall rule's state while a socket is logged in (null otherwise), the gaps it judges by, and its timers. */
  let feedHealth: FeedHealth | null = null;
  const frameGaps = new FrameGaps();
  let feedCheckTimer: unknown = null;
  let probeTimer: unknown = null;
  let probeAbort: AbortController | null = null;
  // Read through functions: the flags change across awaits, which narrowing cannot see.
  const isStopped = (): boolean => stopped;
  const mustRefetch = (): boolean => snapshotAgain;

  let status: StreamStatus = {
    phase: 'offline',
    receiveType: null,
    access: null,
    dropped: null,
    channels: [],
    replayChannels: [],
    serverEpoch: null,
    resnapshotChannels: [],
    updatesPerSec: 0,
    delayMs: null,
    malformedFrames: 0,
    problem: null,
    needsSettings: false,
    retryAt: null,
    feed: LIVE_FEED,
  };

  function setStatus(patch: Partial<StreamStatus>): void {
    status = { ...status, ...patch };
    options.onStatus?.(status);
  }

  function phaseAfterLogin(resuming: boolean): ConnectionPhase {
    if (pending.size > 0) return 'resnapshotting';
    return resuming ? 'resuming' : 'connected';
  }

  // --- cursors ---------------------------------------------------------------------------

  function schedulePersist(): void {
    cursorsDirty = true;
    if (persistTimer !== null) return;
    persistTimer = timers.setTimeout(() => {
      persistTimer = null;
      void persist();
    }, persistEveryMs);
  }

  async function persist(): Promise<void> {
    if (!cursorsDirty) return;
    cursorsDirty = false;
    await options.cursors.save(cursors);
  }

  function advanceCursor(channel: string, entryId: string): void {
    if (cursors === null) return;
    const held = cursors.lastSeenId[channel];
    if (held !== undefined && compareEntryIds(entryId, held) <= 0) return;
    cursors = { ...cursors, lastSeenId: { ...cursors.lastSeenId, [channel]: entryId } };
    schedulePersist();
  }

  // --- connection ------------------------------------------------------------------------

  function connect(): void {
    if (stopped) return;
    retryTimer = null;
    if (resyncTimer !== null) {
      timers.clearTimeout(resyncTimer);
      resyncTimer = null;
    }
    if (gapCursors !== null) {
      if (cursors !== null) cursors = { ...cursors, lastSeenId: gapCursors };
      gapCursors = null;
    }
    setStatus({ phase: 'connecting', retryAt: null });
    const ws = new options.WebSocket(settings.url);
    socket = ws;
    ws.binaryType = 'arraybuffer';
    let decoder: FrameDecoder | null = null;
    let decoderReady: Promise<FrameDecoder> | null = null;
    /** Frames received while the decoder of the negotiated mode loads (zstd-dict imports wasm). */
    let queue: unknown[] = [];
    let resuming = false;
    /** The message of the gateway's `error` frame, which comes before its close. */
    let refusal: string | null = null;

    const handleControl = (frame: ControlFrame): void => {
      switch (frame.type) {
        case 'login_ok':
          // One login, one answer: a second login_ok would replace the decoder (and its
          // dictionaries) mid-stream, so it counts as malformed instead.
          if (decoderReady !== null) {
            countMalformed();
            break;
          }
          timers.clearTimeout(loginTimer);
          resuming = onLoginOk(frame);
          startFeedWatch();
          attempt = 0;
          decoderReady = createFrameDecoder(frame.receiveType, options.loadDict);
          decoderReady.then(
            (ready) => {
              if (socket !== ws) return;
              decoder = ready;
              const waiting = queue;
              queue = [];
              for (const data of waiting) handleMessage(data);
              setStatus({ phase: phaseAfterLogin(resuming) });
            },
            (error: unknown) => {
              setStatus({ problem: `Cannot decode ${frame.receiveType}: ${(error as Error).message}` });
              ws.close(1000, 'decoder unavailable');
            },
          );
          break;
        case 'resume_complete':
          resuming = false;
          setStatus({ phase: phaseAfterLogin(false) });
          break;
        case 'snapshot_required': {
          const channels = frame.channels.filter(isChannel);
          if (cursors !== null) {
            const lastSeenId = { ...cursors.lastSeenId };
            for (const c of channels) Reflect.deleteProperty(lastSeenId, c);
            cursors = { ...cursors, serverEpoch: frame.serverEpoch, lastSeenId };
            schedulePersist();
          }
          requestSnapshot(channels);
          // A cursor older than the window (a reload after a quiet minute) is the protocol's
          // normal way back, handled by the re-snapshot the phase already shows: not a problem.
          if (frame.reason !== 'resume_window_exceeded') {
            setStatus({ problem: `Replay impossible (${frame.reason}): re-fetching ${channels.join(', ')} from REST.` });
          }
          break;
        }
        case 'reconnect':
          // The server keeps streaming a few seconds, but resuming at once loses nothing.
          setStatus({ problem: `The gateway asked for a reconnect (${frame.reason}).` });
          reconnectNow();
          break;
        case 'dict':
          try {
            decoder?.addDictionary(frame.dictId, base64ToBytes(frame.data));
          } catch {
            countMalformed();
          }
          break;
        case 'error':
          refusal = frame.message;
          setStatus({ problem: `${frame.code}: ${frame.message}`, needsSettings: frame.code === 'unauthorized' || status.needsSettings });
          break;
        default: {
          const unhandled: never = frame;
          throw new Error(`unhandled control frame ${JSON.stringify(unhandled)}`);
        }
      }
    };

    const handleData = (value: unknown): void => {
      const parsed = safeParseWire(streamUpdateSchema, value, 'stream data frame');
      if (!parsed.ok) {
        countMalformed();
        return;
      }
      const frame = parsed.value;
      frameTimes.push(now());
      setDelay(frame.ts);
      advanceCursor(frame.channel, frame.entryId);
      const buffer = pending.get(frame.channel);
      if (buffer !== undefined) {
        buffer.push(frame);
        if (buffer.length > maxBuffered) {
          // A stuck REST fetch must not grow memory without bound: drop and fetch again later.
          buffer.length = 0;
          snapshotAgain = true;
        }
        return;
      }
      options.emit([{ op: 'update', frame }]);
    };

    function handleMessage(data: unknown): void {
      try {
        if (decoder === null && decoderReady !== null) {
          // The negotiated decoder is loading: keep every frame, dict frames included, in order.
          queue.push(data);
          return;
        }
        if (typeof data === 'string') {
          const value = decodeText(data);
          const type = typeof value === 'object' && value !== null ? (value as { type?: unknown }).type : undefined;
          if (type === 'UPDATE') {
            if (decoder === null) queue.push(data);
            else handleData(value);
            return;
          }
          const control = safeParseWire(controlFrameSchema, value, 'stream control frame');
          if (!control.ok) {
            countMalformed();
            return;
          }
          handleControl(control.value);
          return;
        }
        const bytes = toBytes(data);
        if (bytes === null) {
          countMalformed();
          return;
        }
        if (decoder === null) {
          queue.push(bytes);
          return;
        }
        handleData(decoder.decodeBinary(bytes));
      } catch (error) {
        if (error instanceof FrameDecodeError) countMalformed();
        else throw error;
      }
    }

    ws.onopen = () => {
      ws.send(JSON.stringify(loginFrame()));
      loginTimer = timers.setTimeout(() => {
        if (socket === ws) ws.close(4000, 'no login_ok');
      }, LOGIN_TIMEOUT_MS);
    };
    ws.onmessage = (event) => {
      if (socket !== ws) return;
      armIdleWatchdog(ws);
      noteFrame();
      handleMessage(event.data);
    };
    ws.onerror = () => {
      // The close event follows with the code; nothing to do here.
    };
    ws.onclose = (event) => {
      timers.clearTimeout(loginTimer);
      if (socket !== ws) return;
      socket = null;
      onClosed(event.code, event.reason, refusal);
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
    if (cursors !== null) {
      frame.serverEpoch = cursors.serverEpoch;
      const lastSeenId: Record<string, string> = {};
      for (const channel of cursors.replayChannels) {
        const id = cursors.lastSeenId[channel];
        if (id !== undefined) lastSeenId[channel] = id;
      }
      frame.lastSeenId = lastSeenId;
    }
    return frame;
  }

  /** Applies login_ok: decides what to re-snapshot; returns whether a replay is running. */
  function onLoginOk(frame: LoginOkFrame): boolean {
    const resume = frame.resume;
    const subscribed = frame.channels.filter(isChannel);
    const replay = new Set(resume.replayChannels);
    const sameEpoch = cursors !== null && cursors.serverEpoch === resume.serverEpoch;
    const resnapshot: Channel[] = [];
    let resuming = false;
    for (const channel of subscribed) {
      const cursor = sameEpoch ? cursors?.lastSeenId[channel] : undefined;
      // New epoch, no cursor, or not replayable: the stream cannot fill the gap, REST must.
      if (!sameEpoch || !replay.has(channel) || cursor === undefined) resnapshot.push(channel);
      else resuming = true;
    }
    const lastSeenId: Record<string, string> = {};
    if (sameEpoch && cursors !== null) {
      for (const channel of subscribed) {
        const id = cursors.lastSeenId[channel];
        if (id !== undefined && replay.has(channel)) lastSeenId[channel] = id;
      }
    }
    cursors = { serverEpoch: resume.serverEpoch, lastSeenId, replayChannels: [...resume.replayChannels] };
    schedulePersist();
    setStatus({
      receiveType: frame.receiveType,
      access: { live: frame.access.live, pregame: frame.access.pregame },
      dropped: frame.dropped ?? null,
      channels: frame.channels,
      replayChannels: resume.replayChannels,
      serverEpoch: resume.serverEpoch,
      needsSettings: false,
      problem: sameEpoch || status.serverEpoch === null ? status.problem : 'The service restarted (new serverEpoch): re-fetching everything.',
    });
    requestSnapshot(resnapshot);
    return resuming;
  }

  function onClosed(code: number, reason: string, refusal: string | null): void {
    stopFeedWatch();
    const explained = explainClose(code, reason);
    // A 4403's message says what the key may not see: the user needs it to fix the settings.
    const problem = code === CLOSE_CODES.nothingToSubscribe && refusal !== null ? `${explained} ${refusal}` : explained;
    if (stopped) {
      setStatus({ phase: 'offline' });
      return;
    }
    // 4429 is a bad key too (sent only once the address is over its failed-login limit).
    const badKey = code === CLOSE_CODES.unauthorized || code === CLOSE_CODES.tooManyFailedLogins;
    if (badKey || code === CLOSE_CODES.nothingToSubscribe) {
      // Retrying cannot help until the settings change (and retrying a bad key only keeps the address throttled).
      setStatus({ phase: 'offline', problem, needsSettings: badKey, retryAt: null });
      return;
    }
    const cap = Math.min(backoff.maxMs, backoff.baseMs * 2 ** attempt);
    // Equal jitter: at least half the exponential delay, so a crowd of clients spreads out.
    const delay = code === CLOSE_CODES.tooManyConnections ? Math.max(cap, 5_000) : cap / 2 + (random() * cap) / 2;
    attempt = Math.min(attempt + 1, 20);
    setStatus({ phase: 'offline', problem, retryAt: now() + delay });
    retryTimer = timers.setTimeout(connect, delay);
  }

  function armIdleWatchdog(ws: WebSocketLike): void {
    if (idleTimeoutMs <= 0) return;
    if (idleTimer !== null) timers.clearTimeout(idleTimer);
    idleTimer = timers.setTimeout(() => {
      idleTimer = null;
      if (socket !== ws || stopped) return;
      setStatus({ problem: `No frame from the gateway for ${String(Math.round(idleTimeoutMs / 1000))} s: the connection looks dead; reconnecting.` });
      reconnectNow();
    }, idleTimeoutMs);
  }

  function reconnectNow(): void {
    stopFeedWatch();
    const ws = socket;
    socket = null;
    if (retryTimer !== null) timers.clearTimeout(retryTimer);
    ws?.close(1000, 'reconnecting');
    void persist().then(() => {
      connect();
    });
  }

  // --- stall rule (docs/stream-client.md, "A stalled feed") -------------------------------

  function feedEvent(event: FeedEvent): void {
    if (feedHealth === null) return;
    const step = nextFeedHealth(feedHealth, event);
    feedHealth = step.health;
    if (step.probe) runProbe();
    const silentForMs = feedHealth.state === 'live' ? 0 : Math.max(0, event.at - feedHealth.lastFrameAt);
    // Shown to 0.1 s: a sparse feed's median moves a little at every frame.
    const thresholdMs = event.type === 'check' ? Math.round(event.thresholdMs / 100) * 100 : status.feed.thresholdMs;
    const shown = status.feed;
    // Frames come by the hundred a second: the status (posted to every page) changes only when
    // what the header shows does — the state, or while not live the whole seconds of silence.
    if (shown.state === feedHealth.state && shown.thresholdMs === thresholdMs && Math.floor(shown.silentForMs / 1000) === Math.floor(silentForMs / 1000)) return;
    setStatus({ feed: { state: feedHealth.state, silentForMs, thresholdMs } });
  }

  function noteFrame(): void {
    if (feedHealth === null) return;
    const t = now();
    frameGaps.record(t);
    if (feedHealth.state !== 'live') {
      endProbe();
      feedEvent({ type: 'frame', at: t });
    } else {
      // The common case, hundreds of times a second: no status change, nothing posted.
      feedHealth = nextFeedHealth(feedHealth, { type: 'frame', at: t }).health;
    }
  }

  function startFeedWatch(): void {
    stopFeedWatch();
    const t = now();
    frameGaps.restart();
    feedHealth = initialFeedHealth(t);
    setStatus({ feed: { ...LIVE_FEED, thresholdMs: frameGaps.thresholdMs(t) } });
    const check = (): void => {
      feedCheckTimer = timers.setTimeout(check, feedCheckEveryMs);
      const at = now();
      feedEvent({ type: 'check', at, thresholdMs: frameGaps.thresholdMs(at) });
    };
    feedCheckTimer = timers.setTimeout(check, feedCheckEveryMs);
  }

  function stopFeedWatch(): void {
    if (feedCheckTimer !== null) timers.clearTimeout(feedCheckTimer);
    feedCheckTimer = null;
    endProbe();
    feedHealth = null;
    if (status.feed.state !== 'live') setStatus({ feed: { ...status.feed, state: 'live', silentForMs: 0 } });
  }

  function endProbe(): void {
    if (probeTimer !== null) timers.clearTimeout(probeTimer);
    probeTimer = null;
    probeAbort?.abort();
    probeAbort = null;
  }

  function runProbe(): void {
    endProbe();
    const probe = options.probe;
    if (probe === undefined) {
      feedEvent({ type: 'probe-answered', at: now() });
      return;
    }
    const abort = new AbortController();
    probeAbort = abort;
    // Only the probe in flight may report: an ended one (timed out, or replaced) is ignored.
    const report = (type: 'probe-answered' | 'probe-failed'): void => {
      if (probeAbort !== abort) return;
      if (probeTimer !== null) timers.clearTimeout(probeTimer);
      probeTimer = null;
      probeAbort = null;
      feedEvent({ type, at: now() });
    };
    probeTimer = timers.setTimeout(() => {
      report('probe-failed');
      abort.abort();
    }, PROBE_TIMEOUT_MS);
    probe(abort.signal).then(
      () => {
        report('probe-answered');
      },
      () => {
        report('probe-failed');
      },
    );
  }

  // --- re-snapshot -----------------------------------------------------------------------

  function requestSnapshot(channels: readonly Channel[]): void {
    const rest = channels.filter((c) => c !== 'injuries' && c !== 'lineups' && c !== 'stats');
    if (rest.length === 0) return;
    for (const channel of rest) {
      if (pending.has(channel)) snapshotAgain = true;
      else pending.set(channel, []);
    }
    setStatus({ phase: 'resnapshotting', resnapshotChannels: [...pending.keys()] });
    if (!snapshotRunning) void runSnapshots();
  }

  async function runSnapshots(): Promise<void> {
    snapshotRunning = true;
    try {
      while (pending.size > 0 && !stopped) {
        snapshotAgain = false;
        const channels = [...pending.keys()];
        // Only deltas received after the request is sent are needed on top of the snapshot.
        for (const channel of channels) pending.set(channel, []);
        const scope = options.scope();
        // What login_ok dropped stays out: REST refuses it with a 403 that no retry heals.
        const chosen = withoutDropped({ sportIds: settings.sportIds ?? [], bookmakers: settings.bookmakers }, status.dropped);
        snapshotAbort = new AbortController();
        let snapshot;
        try {
          snapshot = await options.snapshots.fetch(
            {
              channels,
              fixtureIds: withoutDroppedIds(scope.fixtureIds, status.dropped),
              futureIds: withoutDroppedIds(scope.futureIds, status.dropped),
              bookmakers: chosen.bookmakers,
              sportIds: chosen.sportIds,
            },
            snapshotAbort.signal,
          );
        } catch (error) {
          if (isStopped()) return;
          setStatus({ problem: `Re-snapshot of ${channels.join(', ')} failed: ${(error as Error).message}; retrying.` });
          await new Promise((resolve) => timers.setTimeout(() => { resolve(undefined); }, SNAPSHOT_RETRY_MS));
          continue;
        }
        // A snapshot_required for a channel of this fetch arrived meanwhile: fetch again.
        if (mustRefetch()) continue;
        const ops: BookOp[] = [{ op: 'seed', snapshot, authoritative: true }];
        for (const channel of channels) {
          for (const frame of pending.get(channel) ?? []) ops.push({ op: 'update', frame });
          pending.delete(channel);
        }
        options.emit(ops);
      }
    } finally {
      snapshotRunning = false;
      snapshotAbort = null;
    }
    if (!stopped) {
      setStatus({
        resnapshotChannels: [],
        phase: socket === null ? 'offline' : status.phase === 'resnapshotting' ? 'connected' : status.phase,
      });
    }
  }

  // --- stats -----------------------------------------------------------------------------

  function countMalformed(): void {
    setStatus({ malformedFrames: status.malformedFrames + 1 });
    scheduleResync();
  }

  /**
   * After a malformed frame: reconnect shortly and resume from the cursors held before it (see
   * `gapCursors`). The delay grows while malformed frames keep coming (a gateway that sends the
   * same bad frame on every replay must not be hammered); a burst of them costs one reconnect.
   */
  function scheduleResync(): void {
    const t = now();
    if (t - lastMalformedAt > RESYNC_STREAK_RESET_MS) resyncStreak = 0;
    lastMalformedAt = t;
    if (gapCursors === null && cursors !== null) gapCursors = cursors.lastSeenId;
    if (resyncTimer !== null || stopped) return;
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** resyncStreak);
    resyncStreak = Math.min(resyncStreak + 1, 20);
    resyncTimer = timers.setTimeout(() => {
      resyncTimer = null;
      if (stopped) return;
      setStatus({ problem: 'A stream frame could not be read: resuming from the last good position.' });
      reconnectNow();
    }, delay);
  }

  let lastStatsAt = 0;
  function setDelay(ts: number): void {
    const t = now();
    if (t - lastStatsAt < 250) return;
    lastStatsAt = t;
    frameTimes = frameTimes.filter((x) => t - x < 1000);
    setStatus({ delayMs: Math.max(0, t - ts), updatesPerSec: frameTimes.length });
  }

  return {
    async start() {
      cursors = await options.cursors.load();
      connect();
    },
    async stop() {
      stopped = true;
      snapshotAbort?.abort();
      if (retryTimer !== null) timers.clearTimeout(retryTimer);
      if (resyncTimer !== null) timers.clearTimeout(resyncTimer);
      if (persistTimer !== null) timers.clearTimeout(persistTimer);
      if (idleTimer !== null) timers.clearTimeout(idleTimer);
      timers.clearTimeout(loginTimer);
      stopFeedWatch();
      socket?.close(1000, 'client stopped');
      socket = null;
      setStatus({ phase: 'offline', retryAt: null });
      await persist();
    },
    reconnectNow,
    get status() {
      return status;
    },
  };
}

function isChannel(name: string): name is Channel {
  return (CHANNELS as readonly string[]).includes(name);
}

/** The bytes of a binary message: ArrayBuffer (browsers, ws with binaryType arraybuffer) or a view. */
function toBytes(data: unknown): Uint8Array | null {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  return null;
}
