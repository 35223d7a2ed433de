// The composition root of the embedded service: reference data and catalogue, the history
// store under DATA_DIR, the simulator, the public HTTP server (for now GET /healthz; the REST
// API mounts on it) and the admin API on its own loopback port.
import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startAdminServer } from './admin/admin-server.ts';
import { getCatalogue } from './catalogue/catalogue.ts';
import { buildReferenceData } from './catalogue/reference-data.ts';
import type { ServiceConfig } from './config.ts';
import type { HistoryPort } from './sim/history-port.ts';
import { PricingModels, PricingQuotes } from './sim/pricing-adapter.ts';
import { Simulator } from './sim/simulator.ts';
import type { SimClock } from './sim/simulator.ts';
import { openHistory } from './sim/storage-adapter.ts';

/** A handler mounted on the public server: returns true when it answered the request. */
export type RequestHandler = (request: http.IncomingMessage, response: http.ServerResponse) => boolean;

export interface Service {
  readonly config: ServiceConfig;
  readonly simulator: Simulator;
  readonly history: HistoryPort;
  readonly server: http.Server;
  readonly admin: http.Server;
  /** `http://host:port` of the public server. */
  readonly url: string;
  /** `http://127.0.0.1:port` of the admin API. */
  readonly adminUrl: string;
  /** Adds a handler before the 404 fallback (the REST API mounts here). */
  mount(handler: RequestHandler): void;
  /** Stops the simulation, flushes and closes the history, closes both servers. */
  close(): Promise<void>;
}

export interface ServiceOptions {
  readonly clock?: SimClock;
  readonly log?: (line: string) => void;
  /** Do not start the tick timer (tests drive the simulator with a manual clock). */
  readonly manualTicks?: boolean;
}

function sendJson(response: http.ServerResponse, status: number, payload: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  response.end(JSON.stringify(payload));
}

async function listen(server: http.Server, port: number, host: string): Promise<AddressInfo> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server.address() as AddressInfo;
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
  const history = openHistory(config.dataDir);
  let simulator: Simulator;
  try {
    const reference = buildReferenceData(config.seed);
    simulator = Simulator.open({
      settings: config,
      reference,
      catalogue: getCatalogue(),
      models: new PricingModels(reference),
      quoting: new PricingQuotes(),
      history,
      log,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
  } catch (error) {
    history.close();
    throw error;
  }
  const handlers: RequestHandler[] = [];
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'GET' && path === '/healthz') {
      const stats = simulator.stats();
      sendJson(response, 200, {
        status: 'ok',
        uptimeSec: Math.round((Date.now() - startedAt) / 1000),
        frozen: stats.frozen,
        fixtures: stats.fixturesByStatus,
        live: stats.live,
        oddsEntries: stats.oddsEntries,
        priceChanges: stats.priceChanges,
        dbBytes: history.sizeBytes(),
      });
      return;
    }
    for (const handler of handlers) if (handler(request, response)) return;
    sendJson(response, 404, { error: 404, message: `no route ${request.method ?? 'GET'} ${path ?? '/'}`, code: 'not_found' });
  });
  const address = await listen(server, config.port, config.host);
  const admin = await startAdminServer(simulator, config.adminPort);
  const adminPort = (admin.address() as AddressInfo).port;
  if (options.manualTicks !== true) simulator.start();
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closed = false;
  return {
    config,
    simulator,
    history,
    server,
    admin,
    url: `http://${host}:${String(address.port)}`,
    adminUrl: `http://127.0.0.1:${String(adminPort)}`,
    mount(handler) {
      handlers.push(handler);
    },
    async close() {
      if (closed) return;
      closed = true;
      simulator.stop();
      await Promise.all([closeServer(server), closeServer(admin)]);
      history.close();
    },
  };
}
