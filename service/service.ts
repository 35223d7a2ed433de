// The composition root of the embedded service: reference data and catalogue, the history
// store under DATA_DIR, the simulator, the public HTTP server (for now GET /healthz; the REST
// API mounts on it) and the admin API on its own loopback port.
import { mkdirSync } from 'node:fs';
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
import { simulatorParlayPort } from './sgp/sim-port.ts';
import { startAdminServer } from './admin/admin-server.ts';
import { ensureAdminToken, type AdminToken } from './admin/admin-token.ts';
import { createGateway, type Gateway } from './gateway/gateway.ts';
import { simulatorSource } from './gateway/source.ts';
import { getCatalogue } from './catalogue/catalogue.ts';
import { buildReferenceData } from './catalogue/reference-data.ts';
import type { ServiceConfig } from './config.ts';
import type { HistoryStore } from './storage/history-store.ts';
import type { ReferenceData } from './catalogue/types.ts';
import { PricingModels, PricingQuotes } from './sim/pricing-adapter.ts';
import { Simulator } from './sim/simulator.ts';
import type { SimClock } from './sim/simulator.ts';
import { ResilientHistory } from './sim/resilient-history.ts';
import type { HistoryHealth } from './sim/resilient-history.ts';
import { openHistory } from './sim/storage-adapter.ts';

/** A handler mounted on the public server: returns true when it answered the request. */
export type RequestHandler = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

export interface Service {
  readonly config: ServiceConfig;
  readonly simulator: Simulator;
  /** The history store, for reads (writes go through the simulator's ResilientHistory). */
  readonly history: HistoryStore;
  /** Whether history writes succeed, with the backlog and gaps of an outage (docs/service.md). */
  historyHealth(): HistoryHealth;
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
   * connected), then stops the simulation, flushes and closes the history, closes both servers.
   */
  close(): Promise<void>;
}

export interface ServiceOptions {
  readonly clock?: SimClock;
  readonly log?: (line: string) => void;
  /** Do not start the tick timer (tests drive the simulator with a manual clock). */
  readonly manualTicks?: boolean;
  /** The built dashboard to serve at `/` (vite's dist/); not served when absent. */
  readonly dashboardDir?: string;
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

/**
 * Starts everything on `config`: creates DATA_DIR, opens the history (seeding a fresh one),
 * starts the simulator's ticks and both servers. Throws (before listening) when the data
 * directory holds another catalogue or seed.
 */
export async function startService(config: ServiceConfig, options: ServiceOptions = {}): Promise<Service> {
  const log = options.log ?? (() => undefined);
  const startedAt = Date.now();
  mkdirSync(config.dataDir, { recursive: true });
  const adminToken = ensureAdminToken(config.dataDir);
  const history = openHistory(config.dataDir);
  // Every simulator write goes through it: a full disk degrades history, never the service.
  const recorder = new ResilientHistory(history, {
    backlogBytes: config.historyBacklogBytes,
    retryMaxMs: config.historyRetryMaxMs,
    log,
  });
  let simulator: Simulator;
  let models: PricingModels;
  let reference: ReferenceData;
  try {
    reference = buildReferenceData(config.seed);
    models = new PricingModels(reference);
    simulator = Simulator.open({
      settings: config,
      reference,
      catalogue: getCatalogue(),
      models,
      quoting: new PricingQuotes(),
      history: recorder,
      log,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
  } catch (error) {
    recorder.close();
    throw error;
  }
  const catalogue = getCatalogue();
  const referenceIndex = indexReferenceData(reference);
  const sgpKnobs = defaultSgpKnobs();
  const parlayPort = simulatorParlayPort(simulator, models, catalogue, referenceIndex, (id) => simulator.wasPurged(id));
  // One key ring for REST and the stream, so a key sees the same things on both paths.
  const keys = loadKeyRing({ file: config.keysFile, benchmarkMode: config.benchmarkMode });
  // Built before listening: a missing zstd dictionary fails the start, not the first zstd login.
  // One throttle for both paths too: a key guessed on the stream counts as one guessed over REST.
  const authThrottle = new AuthThrottle(config.authThrottle);
  const gateway = createGateway({
    source: simulatorSource(simulator),
    keys,
    authThrottle,
    reference: referenceIndex,
    settings: config.gateway,
    benchmarkMode: config.benchmarkMode,
    log,
  });
  // Benchmark mode only: /healthz reports the longest event-loop stall since the previous
  // /healthz, so a bench can see what a load does to every other request (bench:history-load).
  const loopDelay = config.benchmarkMode ? monitorEventLoopDelay({ resolution: 5 }) : null;
  loopDelay?.enable();
  const app = await buildHttpApp({
    keys,
    authThrottle,
    handlers: {
      ...buildApiHandlers({
        reference: referenceIndex,
        catalogue,
        fixtures: {
          fixtureIds: () => simulator.fixtureIds(),
          view: (id) => simulator.fixtureView(id),
          odds: (id) => simulator.fixtureOdds(id),
          bookmakers: (id) => simulator.fixtureBookmakers(id),
          versions: simulator,
        },
        futures: simulator.futures,
        extras: {
          injuries: (id) => simulator.injuriesOf(id),
          lineups: (id) => simulator.lineupsOf(id),
          stats: (id) => simulator.statsOf(id),
        },
        store: history,
        settledAt: (id) => simulator.fixtureRecord(id)?.finishedAtMs ?? null,
        now: () => simulator.now(),
      }),
      parlay: parlayHandler({ port: parlayPort }),
      sgp: sgpHandler({ port: parlayPort, knobs: sgpKnobs }),
    },
    dashboardDir: options.dashboardDir,
    extraRoutes: (instance) => {
      registerBadgeImages(instance, referenceIndex);
      instance.get('/healthz', () => {
        const stats = simulator.stats();
        const historyHealth = recorder.health();
        return {
          // Still 200: a degraded history is not a reason to stop routing clients here.
          status: historyHealth.status,
          uptimeSec: Math.round((Date.now() - startedAt) / 1000),
          frozen: stats.frozen,
          fixtures: stats.fixturesByStatus,
          live: stats.live,
          oddsEntries: stats.oddsEntries,
          priceChanges: stats.priceChanges,
          dbBytes: history.sizeBytes(),
          history: historyHealth,
          ...(loopDelay === null ? {} : { eventLoopMaxDelayMs: takeMaxDelayMs(loopDelay) }),
        };
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
  const admin = await startAdminServer(simulator, config.adminPort, adminToken, sgpKnobs, (maxPages) => history.capPages(maxPages));
  const adminPort = (admin.address() as AddressInfo).port;
  if (options.manualTicks !== true) simulator.start();
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed = false;
  return {
    config,
    simulator,
    history,
    historyHealth: () => recorder.health(),
    server,
    admin,
    gateway,
    url: `http://${host}:${String(address.port)}`,
    adminUrl: `http://127.0.0.1:${String(adminPort)}`,
    adminToken,
    sgpKnobs,
    async close() {
      if (closed) return;
      closed = true;
      await gateway.close();
      loopDelay?.disable();
      simulator.stop();
      await Promise.all([app.close(), closeServer(admin)]);
      recorder.close();
    },
  };
}
