// The composition root of the embedded service: the producer (the simulator and its history
// writes, in a worker thread of its own; service/producer) and the edge in this thread, which
// folds the producer's feed into its live state (service/edge) and answers everything from it:
// the REST API, the gateway at /ws, the dashboard's files, and the admin API on its own loopback
// port (its knobs forwarded to the producer).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { buildApiHandlers } from './http/api.ts';
import { buildHttpApp } from './http/app.ts';
import { AuthThrottle } from './http/auth-throttle.ts';
import { loadKeyRing } from './http/keys.ts';
import { registerBadgeImages } from './http/routes/media.ts';
import { parlayHandler } from './http/routes/parlay.ts';
import { sgpHandler } from './http/routes/sgp.ts';
import { indexReferenceData } from './catalogue/reference-data.ts';
import { defaultSgpKnobs, type SgpKnobs } from './sgp/port.ts';
import { liveParlayPort } from './sgp/sim-port.ts';
import { startAdminServer } from './admin/admin-server.ts';
import { ensureAdminToken, type AdminToken } from './admin/admin-token.ts';
import { createGateway, type Gateway, type SharedConnectionCap } from './gateway/gateway.ts';
import type { Redis } from 'ioredis';
import { getCatalogue } from './catalogue/catalogue.ts';
import { buildReferenceData } from './catalogue/reference-data.ts';
import type { ServiceConfig } from './config.ts';
import type { HistoryStore } from './storage/history-store.ts';
import { openHistoryReadsFor } from './storage/open-history.ts';
import type { Simulator } from './sim/simulator.ts';
import type { SimClock } from './sim/simulator.ts';
import type { HistoryHealth } from './sim/resilient-history.ts';
import { LiveState } from './edge/live-state.ts';
import { checkReferenceMatches, relayHandlers } from './relay/relay-routes.ts';
import { startProducer, type ProducerHost } from './producer/producer-host.ts';
import type { FeedListener } from './producer/feed.ts';
import type { ReplayLog } from './gateway/replay-log.ts';
import { mkdirSync } from 'node:fs';

/** A handler mounted on the public server: returns true when it answered the request. */
export type RequestHandler = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

export interface Service {
  readonly config: ServiceConfig;
  /**
   * The simulator, when the producer runs in this thread (a manual clock: tests drive it
   * directly). Reading it when the producer has a thread of its own throws: use the admin knobs.
   */
  readonly simulator: Simulator;
  /** The producer: its health, figures and knobs. */
  readonly producer: ProducerHost;
  /** The edge's live state, folded from the producer's feed: what REST and the gateway read. */
  readonly live: LiveState;
  /**
   * The edge's SQLite read connection to the history (the producer holds the one that writes);
   * throws when the history is on PostgreSQL (DATABASE_URL), whose reads are asynchronous only.
   */
  readonly history: HistoryStore;
  /** Whether history writes succeed, with the backlog and gaps of an outage (docs/service.md), as the producer last reported. */
  historyHealth(): HistoryHealth;
  /** The database size the producer last reported (bytes). */
  dbBytes(): number;
  readonly server: http.Server;
  readonly admin: http.Server;
  /** The realtime gateway at `/ws` on the public server. */
  readonly gateway: Gateway;
  /** `http://host:port` of the public server. */
  readonly url: string;
  /** `http://127.0.0.1:port` of the admin API. */
  readonly adminUrl: string;
  /** The admin API's bearer token and its file, `<DATA_DIR>/admin-token` (mode 0600). */
  readonly adminToken: AdminToken;
  /** The SGP fault knobs (also on the admin API as /admin/sgp). */
  readonly sgpKnobs: SgpKnobs;
  /**
   * Asks stream clients to reconnect and keeps streaming `gateway.drainMs` (when any is
   * connected), then stops the producer (its ticks, then its history, flushed and closed), closes
   * both servers and the edge's history connection.
   */
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** A manual clock: the producer then runs in this thread (a clock cannot cross threads). */
  readonly clock?: SimClock;
  readonly log?: (line: string) => void;
  /** Do not start the tick timer (tests drive the simulator with a manual clock). */
  readonly manualTicks?: boolean;
  /** The built dashboard to serve at `/` (vite's dist/); not served when absent. */
  readonly dashboardDir?: string;
  /**
   * Another producer than this process's own (a cluster's edge: the feed on Redis Streams,
   * service/cluster). Resolves once the listener has had the first snapshot.
   */
  readonly producer?: (listener: FeedListener) => Promise<ProducerHost>;
  /** The gateway's replay log and serverEpoch when they are shared (a cluster's Redis streams). */
  readonly replay?: { readonly log: ReplayLog; readonly serverEpoch: string };
  /** A cluster edge's limits, counted with the other edges' (service/cluster/shared-limits.ts). */
  readonly shared?: {
    readonly rateLimitRedis: Redis;
    readonly connectionCap: SharedConnectionCap;
    /** Starts sharing the failed-auth throttle's counts. */
    shareThrottle(throttle: AuthThrottle): Promise<void>;
  };
}

/** The longest delay the histogram saw (ms), then starts it afresh. */
function takeMaxDelayMs(histogram: IntervalHistogram): number {
  // An empty histogram reports its max as 0 (and min as a huge sentinel): no sample, no stall.
  const maxMs = histogram.count === 0 ? 0 : histogram.max / 1e6;
  histogram.reset();
  return Math.round(maxMs * 10) / 10;
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => {
      resolve();
    });
    server.closeAllConnections();
  });
}

/** The figures /healthz shows, from the producer's last status and the edge's own view of it. */
function healthOf(service: { producer: ProducerHost; live: LiveState; historyHealth(): HistoryHealth; dbBytes(): number }, startedAt: number): Record<string, unknown> {
  const status = service.producer.status();
  const producer = service.producer.health();
  const history = service.historyHealth();
  const stats = status?.stats;
  return {
    // Still 200: a degraded part is not a reason to stop routing clients here.
    status: history.status === 'ok' && producer.state === 'running' ? 'ok' : 'degraded',
    uptimeSec: Math.round((Date.now() - startedAt) / 1000),
    // While the producer is down the edge serves its last state: stale, and says since when.
    stale: producer.state !== 'running',
    producer,
    frozen: stats?.frozen ?? false,
    fixtures: stats?.fixturesByStatus ?? {},
    live: stats?.live ?? 0,
    oddsEntries: stats?.oddsEntries ?? 0,
    priceChanges: stats?.priceChanges ?? 0,
    dbBytes: service.dbBytes(),
    history,
  };
}

/**
 * Starts everything on `config`: creates DATA_DIR, starts the producer (which opens the history,
 * seeding a fresh one, and starts its ticks) and waits for its first snapshot, then both servers.
 * Throws (before listening) when the data directory holds another catalogue or seed.
 */
export async function startService(config: ServiceConfig, options: ServiceOptions = {}): Promise<Service> {
  const log = options.log ?? (() => undefined);
  const startedAt = Date.now();
  mkdirSync(config.dataDir, { recursive: true });
  const adminToken = ensureAdminToken(config.dataDir);
  let producer: ProducerHost | null = null;
  const live = new LiveState(() => (producer === null ? Date.now() : producer.now()));
  const listener: FeedListener = (message) => {
    live.fold(message);
  };
  producer = await (options.producer === undefined
    ? startProducer(config, { log, listener, ...(options.clock === undefined ? {} : { clock: options.clock }) })
    : options.producer(listener));
  const host = producer;
  // The producer created or migrated the schema: this connection only reads. A producer in this
  // thread (a manual clock) opens synchronously, so on SQLite only: the edge reads the same store.
  const edgeHistory = openHistoryReadsFor(options.clock === undefined ? config : { dataDir: config.dataDir, databaseUrl: undefined });
  const historyReads = edgeHistory.reads;
  // The producer's figures: its last status (in this thread, counted at the call).
  const historyHealth = (): HistoryHealth => {
    const health = host.status()?.history;
    if (health !== undefined) return health;
    return { status: 'ok', degradedSince: null, lastError: null, backlog: { changes: 0, settlements: 0, records: 0, bytes: 0, limitBytes: config.historyBacklogBytes }, nextRetryAt: null, gaps: [] };
  };
  const dbBytes = (): number => host.status()?.dbBytes ?? 0;
  const reference = buildReferenceData(config.seed);
  const catalogue = getCatalogue();
  const referenceIndex = indexReferenceData(reference);
  if (host.upstream !== null) void checkReferenceMatches(host.upstream, new Set(referenceIndex.tournamentById.keys()), log);
  const sgpKnobs = defaultSgpKnobs();
  const parlayPort = liveParlayPort(live, catalogue, referenceIndex);
  // One key ring for REST and the stream, so a key sees the same things on both paths.
  const keys = loadKeyRing({ file: config.keysFile, benchmarkMode: config.benchmarkMode });
  // Built before listening: a missing zstd dictionary fails the start, not the first zstd login.
  // One throttle for both paths too: a key guessed on the stream counts as one guessed over REST.
  const authThrottle = new AuthThrottle(config.authThrottle);
  await options.shared?.shareThrottle(authThrottle);
  const trustedProxies = new Set(config.trustedProxies);
  const gateway = createGateway({
    source: live.gatewaySource,
    keys,
    authThrottle,
    reference: referenceIndex,
    settings: config.gateway,
    benchmarkMode: config.benchmarkMode,
    log,
    trustedProxies,
    ...(options.replay === undefined ? {} : { replayLog: options.replay.log, serverEpoch: options.replay.serverEpoch }),
    ...(options.shared === undefined ? {} : { connectionCap: options.shared.connectionCap }),
  });
  // Benchmark mode only: /healthz reports the longest event-loop stall since the previous
  // /healthz, so a bench can see what a load does to every other request (bench:history-load).
  const loopDelay = config.benchmarkMode ? monitorEventLoopDelay({ resolution: 5 }) : null;
  loopDelay?.enable();
  const app = await buildHttpApp({
    keys,
    authThrottle,
    trustedProxies,
    rateLimitRedis: options.shared?.rateLimitRedis,
    handlers: {
      ...buildApiHandlers({
        reference: referenceIndex,
        catalogue,
        fixtures: live,
        futures: live.futures,
        extras: live,
        store: historyReads,
        settledAt: (id) => live.settledAt(id),
        now: () => live.now(),
      }),
      parlay: parlayHandler({ port: parlayPort }),
      sgp: sgpHandler({ port: parlayPort, knobs: sgpKnobs }),
      // Relay mode: what the feed does not carry comes from the upstream (cached or forwarded).
      ...(host.upstream === null ? {} : relayHandlers(host.upstream)),
    },
    dashboardDir: options.dashboardDir,
    extraRoutes: (instance) => {
      registerBadgeImages(instance, referenceIndex);
      instance.get('/healthz', () => ({
        ...healthOf({ producer: host, live, historyHealth, dbBytes }, startedAt),
        ...(loopDelay === null ? {} : { eventLoopMaxDelayMs: takeMaxDelayMs(loopDelay) }),
      }));
      // RFC 9111's "stale" warning while the producer is down: the answer is the last state held.
      instance.addHook('onSend', (_request, reply, payload, done) => {
        if (host.health().state !== 'running') void reply.header('warning', '110 - "Response is Stale: the odds producer is restarting"');
        done(null, payload);
      });
    },
    onInternalError: (error, method, path) => {
      log(`internal error on ${method} ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    },
  });
  await app.listen({ port: config.port, host: config.host });
  const server = app.server;
  const address = server.address() as AddressInfo;
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    gateway.handleUpgrade(request, socket, head);
  });
  const admin = await startAdminServer(host, config.adminPort, adminToken, sgpKnobs);
  const adminPort = (admin.address() as AddressInfo).port;
  if (options.manualTicks !== true) host.simulator?.start();
  const hostName = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed = false;
  return {
    config,
    get simulator(): Simulator {
      if (host.simulator === null) throw new Error('the producer runs in its own thread: drive it with the admin knobs, or start the service with a manual clock');
      return host.simulator;
    },
    producer: host,
    live,
    get history(): HistoryStore {
      if (edgeHistory.sqlite === null) throw new Error('the history is on PostgreSQL (DATABASE_URL): read it through the REST API or PgHistoryReads');
      return edgeHistory.sqlite;
    },
    historyHealth,
    dbBytes,
    server,
    admin,
    gateway,
    url: `http://${hostName}:${String(address.port)}`,
    adminUrl: `http://127.0.0.1:${String(adminPort)}`,
    adminToken,
    sgpKnobs,
    async close() {
      if (closed) return;
      closed = true;
      await gateway.close();
      loopDelay?.disable();
      await host.close();
      await Promise.all([app.close(), closeServer(admin)]);
      await edgeHistory.close();
    },
  };
}
