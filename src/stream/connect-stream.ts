// The page side of the stream: starts the shared stream worker (a SharedWorker, or a dedicated
// Worker where SharedWorker is missing), applies its batches to the page's live book, and acks
// each batch from requestAnimationFrame so the worker posts at most once per frame. It also
// keeps the page's odds interest (reference-counted) and tells the worker when that set changes.
import type { BookmakerBounds, BookSnapshot, LiveBook } from '../book/book.ts';
import type { OpportunityView, ScanConfig, ScanView } from '../book/opportunity-scanner.ts';
import type { OddsInterest } from '../book/use-book.ts';
import type { MoveEvent, MoveSettings } from '../domain/moves.ts';
import type { Market } from '../wire/reference-schemas.ts';
import type { AlertFinds, AlertWatchRequest } from './alert-watch.ts';
import type { PageToWorker, ServiceIdentity, WorkerConfig, WorkerToPage } from './messages.ts';
import { pagePerf, recordBatch } from './page-perf.ts';
import type { StreamStatus } from './stream-client.ts';

export type WorkerKind = 'shared' | 'dedicated' | 'none';

/** The page's end of the worker: a SharedWorker's port or a dedicated Worker. */
export interface WorkerEndpoint {
  postMessage(message: PageToWorker): void;
  onmessage: ((event: MessageEvent<WorkerToPage>) => void) | null;
  close(): void;
}

/** What the page holds: send settings, seeds and odds interest, read the status. */
export interface StreamConnection extends OddsInterest {
  /** (Re)configures the stream; identical settings are a no-op in the worker. */
  configure(config: WorkerConfig): void;
  /** The settings now name this service: another one than the worker's empties every book first. */
  switchService(service: ServiceIdentity): void;
  /** Shares a page's REST seed with every tab's book (it only fills, never undoes a live update). */
  seed(snapshot: BookSnapshot): void;
  reconnect(): void;
  /** Tells the worker what counts as a move. */
  setMoveSettings(settings: MoveSettings): void;
  /** Tells the worker the bookmakers' freshness bounds, so its scans leave overdue books out as the pages do. */
  setBookmakerBounds(bookmakers: readonly BookmakerBounds[]): void;
  /** The moves feed the worker last sent, newest first (the same array until the next). */
  getMoves(): readonly MoveEvent[];
  subscribeMoves(listener: () => void): () => void;
  getStatus(): StreamStatus | null;
  subscribeStatus(listener: () => void): () => void;
  /** Asks the worker to scan for opportunities and send the rows of `view`; null stops it. */
  scan(request: { readonly config: ScanConfig; readonly view: ScanView } | null): void;
  /** Catalogue records for the scan (only catalogued markets can be judged complete). */
  scanCatalogue(markets: readonly Market[]): void;
  /** The latest opportunity rows the worker sent (null before any). */
  getOpportunities(): OpportunityView | null;
  subscribeOpportunities(listener: () => void): () => void;
  /** Asks the worker to scan for the page's EV and arbitrage alert rules (any page); null stops it. */
  watchAlerts(request: AlertWatchRequest | null): void;
  /** The rows the alert watch last sent (null before any, and after it stopped). */
  getAlertFinds(): AlertFinds | null;
  subscribeAlertFinds(listener: () => void): () => void;
  /** Which kind of worker carries the stream ('none': no workers here, e.g. jsdom; nothing streams). */
  readonly kind: WorkerKind;
  close(): void;
}

/** The scan half of a connection that scans nothing (fakes in tests, pages without a worker). */
export const NO_SCAN: Pick<StreamConnection, 'scan' | 'scanCatalogue' | 'getOpportunities' | 'subscribeOpportunities' | 'watchAlerts' | 'getAlertFinds' | 'subscribeAlertFinds'> = {
  scan: () => undefined,
  scanCatalogue: () => undefined,
  getOpportunities: () => null,
  subscribeOpportunities: () => () => undefined,
  watchAlerts: () => undefined,
  getAlertFinds: () => null,
  subscribeAlertFinds: () => () => undefined,
};

/**
 * Opens the worker the browser supports: a SharedWorker (one stream for all tabs), else a
 * dedicated Worker; where neither exists (jsdom, old engines) an inert endpoint, so that mounting
 * the provider never crashes a page.
 */
export function openStreamWorker(): { endpoint: WorkerEndpoint; kind: WorkerKind } {
  if (typeof SharedWorker === 'undefined' && typeof Worker === 'undefined') {
    return { kind: 'none', endpoint: { postMessage: () => undefined, onmessage: null, close: () => undefined } };
  }
  if (typeof SharedWorker !== 'undefined') {
    const worker = new SharedWorker(new URL('./stream.worker.ts', import.meta.url), { type: 'module', name: 'odds-stream' });
    const port = worker.port;
    port.start();
    return {
      kind: 'shared',
      endpoint: {
        postMessage: (message) => {
          port.postMessage(message);
        },
        set onmessage(handler) {
          port.onmessage = handler as ((event: MessageEvent) => void) | null;
        },
        get onmessage() {
          return port.onmessage as ((event: MessageEvent<WorkerToPage>) => void) | null;
        },
        close: () => {
          port.close();
        },
      },
    };
  }
  const worker = new Worker(new URL('./stream.worker.ts', import.meta.url), { type: 'module', name: 'odds-stream' });
  return {
    kind: 'dedicated',
    endpoint: {
      postMessage: (message) => {
        worker.postMessage(message);
      },
      set onmessage(handler) {
        worker.onmessage = handler as ((event: MessageEvent) => void) | null;
      },
      get onmessage() {
        return worker.onmessage as ((event: MessageEvent<WorkerToPage>) => void) | null;
      },
      close: () => {
        worker.terminate();
      },
    },
  };
}

export interface ConnectStreamOptions {
  /** Defaults to `openStreamWorker()`. */
  readonly open?: () => { endpoint: WorkerEndpoint; kind: WorkerKind };
  /** Defaults to `requestAnimationFrame` (the ack waits for the next frame). */
  readonly nextFrame?: (callback: () => void) => void;
  /**
   * How long a released interest is kept, ms (default 1,000): a remount (StrictMode, a page
   * change showing the same fixture) re-takes it without a drop and a replay of its prices.
   */
  readonly releaseDelayMs?: number;
  /** Defaults to `setTimeout` (delayed releases). */
  readonly setTimeout?: (callback: () => void, ms: number) => unknown;
}

/**
 * The page's odds interest: holders per fixture and future. The worker hears the whole set, once
 * per task in which it changed (many components mounting together send one message).
 */
function interestRegistry(send: (fixtureIds: string[], futureIds: string[]) => void, releaseDelayMs: number, later: (callback: () => void, ms: number) => unknown) {
  const fixtures = new Map<string, number>();
  const futures = new Map<string, number>();
  let sent = '';
  let pending = false;
  const hold = (counts: Map<string, number>, ids: readonly string[], by: 1 | -1) => {
    for (const id of new Set(ids)) {
      const next = (counts.get(id) ?? 0) + by;
      if (next > 0) counts.set(id, next);
      else counts.delete(id);
    }
  };
  const sendSoon = () => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      const fixtureIds = [...fixtures.keys()].sort();
      const futureIds = [...futures.keys()].sort();
      const key = JSON.stringify([fixtureIds, futureIds]);
      if (key === sent) return;
      sent = key;
      send(fixtureIds, futureIds);
    });
  };
  return (fixtureIds: readonly string[], futureIds: readonly string[]): (() => void) => {
    hold(fixtures, fixtureIds, 1);
    hold(futures, futureIds, 1);
    sendSoon();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      later(() => {
        hold(fixtures, fixtureIds, -1);
        hold(futures, futureIds, -1);
        sendSoon();
      }, releaseDelayMs);
    };
  };
}

/**
 * Connects the page's `book` to the stream worker. Each batch is applied and flushed at once
 * (subscribers of changed rows render), and acknowledged on the next animation frame.
 */
export function connectStream(book: LiveBook, options: ConnectStreamOptions = {}): StreamConnection {
  const { endpoint, kind } = (options.open ?? openStreamWorker)();
  const nextFrame = options.nextFrame ?? ((callback: () => void) => requestAnimationFrame(() => { callback(); }));
  let status: StreamStatus | null = null;
  const listeners = new Set<() => void>();
  let moves: readonly MoveEvent[] = [];
  const moveListeners = new Set<() => void>();
  let opportunities: OpportunityView | null = null;
  const opportunityListeners = new Set<() => void>();
  let alertFinds: AlertFinds | null = null;
  const alertListeners = new Set<() => void>();
  let closed = false;
  const registerInterest = interestRegistry(
    (fixtureIds, futureIds) => {
      if (!closed) endpoint.postMessage({ type: 'interest', fixtureIds, futureIds });
    },
    options.releaseDelayMs ?? 1_000,
    options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms)),
  );

  endpoint.onmessage = (event) => {
    const message = event.data;
    if (message.type === 'moves') {
      moves = message.moves;
      for (const listener of [...moveListeners]) listener();
      return;
    }
    if (message.type === 'alertFinds') {
      alertFinds = message.finds;
      for (const listener of [...alertListeners]) listener();
      return;
    }
    const perf = pagePerf();
    const appliedBefore = book.applied;
    book.apply(message.ops);
    book.flush();
    if (message.status !== null) {
      status = message.status;
      for (const listener of [...listeners]) listener();
    }
    if (message.opportunities !== undefined) {
      opportunities = message.opportunities;
      for (const listener of [...opportunityListeners]) listener();
    }
    nextFrame(() => {
      if (perf !== undefined) recordBatch(perf, book.applied - appliedBefore, message.ops, Date.now());
      if (!closed) endpoint.postMessage({ type: 'ack' });
    });
  };

  const bye = (): void => {
    if (!closed) endpoint.postMessage({ type: 'bye' });
  };
  if (typeof addEventListener === 'function') addEventListener('pagehide', bye);

  return {
    kind,
    configure: (config) => {
      endpoint.postMessage({ type: 'configure', config });
    },
    switchService: (service) => {
      endpoint.postMessage({ type: 'service', service });
    },
    seed: (snapshot) => {
      endpoint.postMessage({ type: 'seed', snapshot });
    },
    reconnect: () => {
      endpoint.postMessage({ type: 'reconnect' });
    },
    registerInterest,
    setMoveSettings: (settings) => {
      endpoint.postMessage({ type: 'moveSettings', settings });
    },
    setBookmakerBounds: (bookmakers) => {
      endpoint.postMessage({ type: 'bookmakerBounds', bookmakers });
    },
    getMoves: () => moves,
    subscribeMoves: (listener) => {
      moveListeners.add(listener);
      return () => moveListeners.delete(listener);
    },
    getStatus: () => status,
    subscribeStatus: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    scan: (request) => {
      if (request === null) opportunities = null;
      if (!closed) endpoint.postMessage({ type: 'scan', request });
    },
    scanCatalogue: (markets) => {
      if (!closed) endpoint.postMessage({ type: 'scanCatalogue', markets });
    },
    getOpportunities: () => opportunities,
    subscribeOpportunities: (listener) => {
      opportunityListeners.add(listener);
      return () => opportunityListeners.delete(listener);
    },
    watchAlerts: (request) => {
      if (request === null) alertFinds = null;
      if (!closed) endpoint.postMessage({ type: 'alertWatch', request });
    },
    getAlertFinds: () => alertFinds,
    subscribeAlertFinds: (listener) => {
      alertListeners.add(listener);
      return () => alertListeners.delete(listener);
    },
    close: () => {
      bye();
      closed = true;
      if (typeof removeEventListener === 'function') removeEventListener('pagehide', bye);
      endpoint.close();
    },
  };
}
