// The stream worker: one WebSocket per browser for every open tab. Loaded as a SharedWorker
// (one per origin) or, where SharedWorker is missing, as a dedicated Worker per tab. Decoding,
// cursors (IndexedDB), re-snapshots and batching happen here; pages only apply batches.
/// <reference lib="webworker" />
import '../components/zod-jitless.ts';
import { createApiClient, isLang } from '../api/client.ts';
import { fetchOddsSnapshot } from '../api/snapshots.ts';
import { cursorKey, indexedDbCursorStore, memoryCursorStore, startingFresh } from './cursor-store.ts';
import type { PageToWorker, WorkerConfig } from './messages.ts';
import { openingsOfClv } from './moves-watch.ts';
import { serviceProbe } from './service-probe.ts';
import { apiSnapshotSource } from './snapshots.ts';
import { createStreamClient, type WebSocketConstructor } from './stream-client.ts';
import { createWorkerHub, type PagePort } from './worker-hub.ts';

function apiOf(config: WorkerConfig) {
  const lang = config.stream.lang;
  return createApiClient({ baseUrl: config.restBaseUrl, apiKey: config.stream.apiKey, lang: isLang(lang) ? lang : 'en' });
}

const hub = createWorkerHub({
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  // Openings for dropping odds: the CLV answer's OLV per oddsId (one request per fixture).
  fetchOpenings: async (config, fixtureId) => openingsOfClv((await apiOf(config).fixtureClv({ fixtureId })).odds),
  // Baselines for the moves feed: every book's price of fixtures first seen in a delta.
  fetchBaseline: async (config, fixtureIds) => ({
    channels: ['odds', 'bookmakers'],
    fixtureIds: [...fixtureIds],
    futureIds: [],
    bookmakers: [...config.stream.bookmakers],
    fixtures: [],
    odds: (await fetchOddsSnapshot(apiOf(config), fixtureIds, config.stream.bookmakers)).map((v) => ({ fixtureId: v.fixtureId, odds: v.odds, bookmakers: v.bookmakers })),
    futuresOdds: [],
  }),
  createClient: (config, book, emit, onStatus, fresh) => {
    const lang = config.stream.lang;
    const api = apiOf(config);
    const stored = typeof indexedDB === 'undefined' ? memoryCursorStore() : indexedDbCursorStore(indexedDB, cursorKey(config.stream.url));
    return createStreamClient({
      settings: config.stream,
      WebSocket: WebSocket as unknown as WebSocketConstructor,
      cursors: fresh ? startingFresh(stored) : stored,
      snapshots: apiSnapshotSource(api),
      scope: () => ({ fixtureIds: book.fixtureIds(), futureIds: book.futureIds() }),
      emit,
      onStatus,
      probe: serviceProbe({ restBaseUrl: config.restBaseUrl, apiKey: config.stream.apiKey, lang }, self.location.origin),
    });
  },
});

interface PortLike extends PagePort {
  onmessage: ((event: MessageEvent<PageToWorker>) => void) | null;
}

function attach(port: PortLike): void {
  hub.connect(port);
  port.onmessage = (event) => {
    hub.receive(port, event.data);
  };
}

const scope = self as unknown as { onconnect?: unknown } & PortLike;
if ('onconnect' in scope) {
  // SharedWorker: every tab connects through its own MessagePort.
  (self as unknown as { onconnect: (event: MessageEvent) => void }).onconnect = (event) => {
    const port = event.ports[0];
    if (port !== undefined) {
      attach(port);
      port.start();
    }
  };
} else {
  // Dedicated worker (fallback): the one page talks to the worker scope itself.
  attach(scope);
}
