// The client side of the chaos soak (soak.ts): a Node child process that runs the
// REAL stream client (the worker's code: createStreamClient + LiveBook + REST re-snapshots) per
// receiveType, measures the time from each (re)connect to a consistent book, counts what the
// gateway and the proxy did to it, and on request compares every book with a fresh REST snapshot.
// It runs as a child process beside the parent that drives the fault proxy and the episodes; the
// two talk over the fork IPC channel in JSON.
import { performance } from 'node:perf_hooks';
import { WebSocket, type RawData } from 'ws';
import { z } from 'zod';
import { createApiClient, type ApiClient } from '../../src/api/client.ts';
import { fetchFixturesInScope, fetchOddsSnapshot } from '../../src/api/snapshots.ts';
import { LiveBook } from '../../src/book/book.ts';
import { RECEIVE_TYPES, type ReceiveType } from '../../src/wire/stream-schemas.ts';
import { memoryCursorStore } from '../../src/stream/cursor-store.ts';
import { apiSnapshotSource } from '../../src/stream/snapshots.ts';
import { createStreamClient, type StreamClient, type WebSocketConstructor } from '../../src/stream/stream-client.ts';
import { isOpen } from '../../src/wire/status.ts';

/** The child's configuration: JSON in argv[2]. */
export interface SoakClientConfig {
  /** The stream URL (the fault proxy's). */
  readonly wsUrl: string;
  /** The service's REST base URL (direct, not through the proxy). */
  readonly restUrl: string;
  readonly apiKey: string;
  readonly receiveTypes: readonly ReceiveType[];
  readonly sportIds: readonly number[];
  readonly bookmakers: readonly string[];
}

/** Parent → child. */
export type SoakCommand = { readonly cmd: 'settle'; readonly timeoutMs: number } | { readonly cmd: 'stop' };

/** One lane's result (one client, one book, one receiveType). */
export interface SoakLaneResult {
  readonly receiveType: string;
  readonly settled: boolean;
  /** Prices present on both sides with different content, active on REST only, active in the book only. */
  readonly differingPrices: number;
  readonly missingPrices: number;
  readonly extraPrices: number;
  readonly comparedPrices: number;
  /** Fixtures whose status, scores or clock differ; bookmaker metas that differ. */
  readonly differingFixtures: number;
  readonly differingMetas: number;
  readonly examples: readonly string[];
  readonly malformedFrames: number;
  readonly connects: number;
  readonly loginOks: number;
  readonly replays: number;
  readonly snapshotRequired: Readonly<Record<string, number>>;
  readonly reconnectRequests: number;
  /**
   * ms from a socket's open: to a consistent book on the first connect (`initial`) and after a
   * reconnect that re-snapshotted something (`resnapshot`); to `resume_complete` after a reconnect
   * that replayed (`replay`); and from a mid-stream `snapshot_required` to a consistent book (`inStream`).
   */
  readonly recoveryMs: { readonly initial: readonly number[]; readonly replay: readonly number[]; readonly resnapshot: readonly number[]; readonly inStream: readonly number[] };
  /** Reconnects whose socket closed before the book was consistent again. */
  readonly abortedRecoveries: number;
  /** The slowest recoveries, with what came before them (close code, or the frame that asked). */
  readonly slowest: readonly string[];
  readonly lastProblem: string | null;
}

/** Child → parent. */
export type SoakClientMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'result'; readonly lanes: readonly SoakLaneResult[]; readonly unhandledErrors: readonly string[] };

const unhandled: string[] = [];
process.on('uncaughtException', (error) => {
  unhandled.push(`uncaughtException: ${error.stack ?? error.message}`);
});
process.on('unhandledRejection', (reason) => {
  unhandled.push(`unhandledRejection: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type RecoveryList = 'initial' | 'replay' | 'resnapshot' | 'inStream';

class Lane {
  readonly book = new LiveBook();
  readonly client: StreamClient;
  connects = 0;
  loginOks = 0;
  replays = 0;
  reconnectRequests = 0;
  readonly snapshotRequired: Record<string, number> = {};
  readonly recoveryMs: Record<RecoveryList, number[]> = { initial: [], replay: [], resnapshot: [], inStream: [] };
  abortedRecoveries = 0;
  readonly recoveryLog: { kind: RecoveryList; ms: number; after: string }[] = [];
  /** What ended the last socket, for the recovery log. */
  private lastClose = 'first connect';
  /** The recovery being timed: since when, how it started, whether a re-snapshot was part of it. */
  private recovering: {
    since: number;
    kind: 'initial' | 'reconnect' | 'inStream';
    resnapshot: boolean;
    /** A replay runs on this connection (login resumed in the same serverEpoch): wait for resume_complete. */
    replaying: boolean;
    replayed: boolean;
  } | null = null;
  /** The serverEpoch and lastSeenId of the socket's login frame (read as the client sends it). */
  private login: { serverEpoch: unknown; lastSeenId: unknown } | null = null;

  constructor(
    readonly receiveType: ReceiveType,
    config: SoakClientConfig,
    api: ApiClient,
  ) {
    const observe = (ws: WebSocket): void => {
      ws.on('open', () => {
        this.onOpen();
      });
      ws.on('message', (data: RawData, isBinary: boolean) => {
        if (!isBinary) this.onText(rawText(data));
      });
      ws.on('close', (code: number, reason: Buffer) => {
        this.lastClose = `close ${String(code)}${reason.length > 0 ? ` ${reason.toString()}` : ''}`;
        this.onSocketClosed();
      });
    };
    // The client's WebSocket, observed: `ws` calls the `on(...)` listeners registered here before
    // the client's own `on*` handlers, in the same dispatch.
    const onLogin = (text: string): void => {
      try {
        const login = JSON.parse(text) as { serverEpoch?: unknown; lastSeenId?: unknown };
        this.login = { serverEpoch: login.serverEpoch, lastSeenId: login.lastSeenId };
      } catch {
        this.login = null;
      }
    };
    class ObservedWebSocket extends WebSocket {
      constructor(url: string) {
        super(url);
        observe(this);
      }

      // The client sends one frame, its login (string).
      override send(data: string): void {
        onLogin(data);
        super.send(data);
      }
    }
    const Observed = ObservedWebSocket as unknown as WebSocketConstructor;
    this.client = createStreamClient({
      settings: { url: config.wsUrl, apiKey: config.apiKey, lang: 'en', receiveType, sportIds: config.sportIds, bookmakers: config.bookmakers, clientName: 'chaos-soak' },
      WebSocket: Observed,
      cursors: memoryCursorStore(),
      snapshots: apiSnapshotSource(api),
      scope: () => ({ fixtureIds: this.book.fixtureIds(), futureIds: this.book.futureIds() }),
      emit: (ops) => {
        this.book.apply(ops);
        this.book.flush();
      },
      onStatus: () => {
        this.onStatus();
      },
      backoff: { baseMs: 100, maxMs: 2_000 },
      persistEveryMs: 50,
    });
  }

  private onOpen(): void {
    this.connects++;
    if (this.recovering !== null) this.abortedRecoveries++;
    this.recovering = { since: performance.now(), kind: this.connects === 1 ? 'initial' : 'reconnect', resnapshot: false, replaying: false, replayed: false };
  }

  private onSocketClosed(): void {
    if (this.recovering !== null) {
      this.abortedRecoveries++;
      this.recovering = null;
    }
  }

  private onText(text: string): void {
    if (text.includes('"type":"UPDATE"')) return;
    let frame: unknown;
    try {
      frame = JSON.parse(text);
    } catch {
      return; // A truncated control frame: the client counts it as malformed.
    }
    if (typeof frame !== 'object' || frame === null) return;
    const f = frame as { type?: unknown; reason?: unknown; resume?: { serverEpoch?: unknown } };
    if (f.type === 'login_ok') {
      this.loginOks++;
      // The gateway replays (and ends with resume_complete) when the login resumed in its epoch.
      if (this.recovering !== null && this.login !== null) {
        this.recovering.replaying = this.login.lastSeenId !== undefined && this.login.serverEpoch === f.resume?.serverEpoch;
      }
    }
    else if (f.type === 'reconnect') this.reconnectRequests++;
    else if (f.type === 'resume_complete') {
      this.replays++;
      // The replayed frames came before it and are applied: the replayed channels are whole again.
      const r = this.recovering;
      if (r !== null && !r.replayed) {
        r.replayed = true;
        if (r.kind === 'reconnect') this.record('replay', performance.now() - r.since, this.lastClose);
        this.onStatus();
      }
    } else if (f.type === 'snapshot_required') {
      const reason = typeof f.reason === 'string' ? f.reason : 'unknown';
      this.snapshotRequired[reason] = (this.snapshotRequired[reason] ?? 0) + 1;
      // On a settled connection (client_backpressure): timed from its arrival.
      this.recovering ??= { since: performance.now(), kind: 'inStream', resnapshot: true, replaying: false, replayed: false };
    }
  }

  private onStatus(): void {
    const r = this.recovering;
    if (r === null) return;
    const status = this.client.status;
    if (status.resnapshotChannels.length > 0) r.resnapshot = true;
    // The client may say `connected` when its re-snapshot ends before the replay does: the book is
    // whole only when both are done.
    if (status.phase === 'connected' && status.resnapshotChannels.length === 0 && (!r.replaying || r.replayed)) {
      const ms = performance.now() - r.since;
      if (r.kind === 'initial') this.record('initial', ms, 'first connect');
      else if (r.kind === 'inStream') this.record('inStream', ms, 'snapshot_required on an open socket');
      else if (r.resnapshot) this.record('resnapshot', ms, this.lastClose);
      this.recovering = null;
    }
  }

  private record(kind: RecoveryList, ms: number, after: string): void {
    this.recoveryMs[kind].push(ms);
    this.recoveryLog.push({ kind, ms, after });
  }

  slowest(n: number): string[] {
    return [...this.recoveryLog]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, n)
      .map((r) => `${r.kind} ${r.ms.toFixed(0)} ms after ${r.after}`);
  }

  get consistent(): boolean {
    const status = this.client.status;
    return status.phase === 'connected' && status.resnapshotChannels.length === 0;
  }
}

/** Deep equality of JSON-like values (key order ignored). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

interface Comparison {
  differingPrices: number;
  missingPrices: number;
  extraPrices: number;
  comparedPrices: number;
  differingFixtures: number;
  differingMetas: number;
  examples: string[];
}

/**
 * The book against REST: every fixture view of the subscribed sports (status, scores, clock); the
 * active prices of those that are pre-game or live and of every fixture the book holds (an active
 * price REST does not list is `extra`); the bookmaker metadata of the pre-game and live ones.
 */
async function compare(book: LiveBook, api: ApiClient, config: SoakClientConfig): Promise<Comparison> {
  const views = await fetchFixturesInScope(api, { sportIds: config.sportIds });
  const open = new Set(views.filter((v) => isOpen(v.status.statusId)).map((v) => v.fixtureId));
  const fixtureIds = [...new Set([...book.fixtureIds(), ...open])];
  const rest = await fetchOddsSnapshot(api, fixtureIds, config.bookmakers);
  const out: Comparison = { differingPrices: 0, missingPrices: 0, extraPrices: 0, comparedPrices: 0, differingFixtures: 0, differingMetas: 0, examples: [] };
  const note = (line: string): void => {
    if (out.examples.length < 8) out.examples.push(line);
  };
  for (const view of views) {
    const live = book.getFixture(view.fixtureId);
    const mine = { status: live?.status, scores: live?.scores, clock: live?.clock ?? null };
    const theirs = { status: view.status, scores: view.scores, clock: view.clock };
    if (!same(mine, theirs)) {
      out.differingFixtures++;
      note(`fixture ${view.fixtureId}: book ${JSON.stringify(mine)} REST ${JSON.stringify(theirs)}`);
    }
  }
  const restById = new Map(rest.map((v) => [v.fixtureId, v]));
  for (const fixtureId of fixtureIds) {
    const theirs = restById.get(fixtureId);
    const restOdds = theirs?.odds ?? {};
    const bookOdds = book.fixtureOdds(fixtureId);
    const bookmakers = new Set([...Object.keys(restOdds), ...Object.keys(bookOdds)]);
    for (const bookmaker of bookmakers) {
      const r = restOdds[bookmaker] ?? {};
      const b = bookOdds[bookmaker] ?? {};
      for (const [oddsId, entry] of Object.entries(r)) {
        out.comparedPrices++;
        const mine = b[oddsId];
        if (mine?.active !== true) {
          out.missingPrices++;
          note(`missing ${fixtureId} ${bookmaker} ${oddsId}: REST ${JSON.stringify(entry)} book ${JSON.stringify(mine)}`);
        } else if (!same(mine, entry)) {
          out.differingPrices++;
          note(`differs ${fixtureId} ${bookmaker} ${oddsId}: REST ${JSON.stringify(entry)} book ${JSON.stringify(mine)}`);
        }
      }
      for (const [oddsId, entry] of Object.entries(b)) {
        if (entry.active && r[oddsId] === undefined) {
          out.extraPrices++;
          note(`extra ${fixtureId} ${bookmaker} ${oddsId}: book ${JSON.stringify(entry)}`);
        }
      }
    }
    // Bookmaker metadata is kept for pre-game and live fixtures only (docs/stream-client.md, scope).
    if (!open.has(fixtureId)) continue;
    const restMetas = theirs?.bookmakers ?? {};
    const bookMetas = book.fixtureBookmakers(fixtureId);
    for (const bookmaker of new Set([...Object.keys(restMetas), ...Object.keys(bookMetas)])) {
      if (!same(restMetas[bookmaker], bookMetas[bookmaker])) {
        out.differingMetas++;
        const view = views.find((v) => v.fixtureId === fixtureId);
        const known = book.getFixture(fixtureId) === undefined ? 'not in the book' : 'in the book';
        note(`meta ${fixtureId} (${known}; REST status ${String(view?.status.statusId)}, start ${new Date(view?.startTime ?? 0).toISOString()}) ${bookmaker}: REST ${JSON.stringify(restMetas[bookmaker])} book ${JSON.stringify(bookMetas[bookmaker])}`);
      }
    }
  }
  return out;
}

const differences = (c: Comparison): number => c.differingPrices + c.missingPrices + c.extraPrices + c.differingFixtures + c.differingMetas;

async function settle(lanes: readonly Lane[], api: ApiClient, config: SoakClientConfig, timeoutMs: number): Promise<SoakLaneResult[]> {
  const deadline = Date.now() + timeoutMs;
  while (!lanes.every((l) => l.consistent) && Date.now() < deadline) await sleep(50);
  const results: SoakLaneResult[] = [];
  for (const lane of lanes) {
    // Frames sent just before the freeze may still be on their way: judge again briefly.
    let comparison = await compare(lane.book, api, config);
    const until = Date.now() + 3_000;
    while (differences(comparison) > 0 && Date.now() < until) {
      await sleep(250);
      comparison = await compare(lane.book, api, config);
    }
    const status = lane.client.status;
    results.push({
      receiveType: lane.receiveType,
      settled: lane.consistent,
      ...comparison,
      malformedFrames: status.malformedFrames,
      connects: lane.connects,
      loginOks: lane.loginOks,
      replays: lane.replays,
      snapshotRequired: { ...lane.snapshotRequired },
      reconnectRequests: lane.reconnectRequests,
      recoveryMs: lane.recoveryMs,
      abortedRecoveries: lane.abortedRecoveries,
      slowest: lane.slowest(3),
      lastProblem: status.problem,
    });
  }
  return results;
}

function send(message: SoakClientMessage): void {
  process.send?.(message);
}

const configSchema = z.object({
  wsUrl: z.string(),
  restUrl: z.string(),
  apiKey: z.string(),
  receiveTypes: z.array(z.enum(RECEIVE_TYPES)),
  sportIds: z.array(z.number()),
  bookmakers: z.array(z.string()),
});

function parseConfig(text: string | undefined): SoakClientConfig {
  if (text === undefined) throw new Error('soak-client: the configuration (JSON) is the first argument');
  const result = configSchema.safeParse(JSON.parse(text));
  if (!result.success) throw new Error(`soak-client: bad configuration: ${result.error.message}`);
  return result.data;
}

function rawText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}

function main(): void {
  if (process.send === undefined) throw new Error('soak-client runs as a child of integration/chaos/soak.ts (fork with IPC)');
  const config = parseConfig(process.argv[2]);
  const api = createApiClient({ baseUrl: config.restUrl, apiKey: config.apiKey, lang: 'en' });
  const lanes = config.receiveTypes.map((t) => new Lane(t, config, createApiClient({ baseUrl: config.restUrl, apiKey: config.apiKey, lang: 'en' })));
  for (const lane of lanes) void lane.client.start();
  process.on('message', (raw: unknown) => {
    const message = raw as SoakCommand;
    if (message.cmd === 'settle') {
      settle(lanes, api, config, message.timeoutMs).then(
        (results) => {
          send({ type: 'result', lanes: results, unhandledErrors: [...unhandled] });
        },
        (error: unknown) => {
          unhandled.push(`settle failed: ${error instanceof Error ? error.message : String(error)}`);
          send({ type: 'result', lanes: [], unhandledErrors: [...unhandled] });
        },
      );
    } else {
      void Promise.all(lanes.map((l) => l.client.stop())).then(() => process.exit(0));
    }
  });
  send({ type: 'ready' });
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
