// The stream worker's core, free of worker globals so tests can drive it: one stream client and a
// mirror book for all pages, and per page a queue of ops posted at most once per animation frame
// (a page acknowledges each batch from requestAnimationFrame; the worker also waits ~16 ms).
// Odds are the bulk of the stream, so each page gets only the odds of the fixtures and futures it
// declared (`interest`); the other channels are small and reach every page.
import { LiveBook, type BookDump, type BookOp, type BookSnapshot } from '../book/book.ts';
import { OpportunityScanner, type OpportunityView, type ScanView } from '../book/opportunity-scanner.ts';
import type { Market } from '../wire/reference-schemas.ts';
import { createAlertWatch } from './alert-watch.ts';
import type { PageToWorker, ServiceIdentity, WorkerConfig, WorkerToPage } from './messages.ts';
import { createMovesWatch, type Openings } from './moves-watch.ts';
import type { StreamClient, StreamStatus } from './stream-client.ts';
import { deliversOdds } from './stream-status.ts';

/** One page's end of the channel (a MessagePort of the SharedWorker, or the dedicated worker's scope). */
export interface PagePort {
  postMessage(message: WorkerToPage): void;
}

export interface WorkerHubOptions {
  /**
   * Creates the stream client for a config; its ops go to `emit`, its status to `onStatus`.
   * `fresh`: the first client after a change of service, which must ignore stored cursors.
   */
  readonly createClient: (
    config: WorkerConfig,
    book: LiveBook,
    emit: (ops: readonly BookOp[]) => void,
    onStatus: (status: StreamStatus) => void,
    fresh: boolean,
  ) => StreamClient;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  /** Minimum time between two batches to one page, ms (default 16: one frame at 60 Hz). */
  readonly frameMs?: number;
  /** A page that stops acknowledging (a hidden tab: no animation frames) holds at most this many ops; then it gets a full dump instead. */
  readonly maxQueued?: number;
  /** Epoch ms now, for the moves feed and the opportunities' quote ages (default `Date.now`). */
  readonly now?: () => number;
  /** A fixture's openings (OLV) from the configured service, for dropping odds; none: no drops. */
  readonly fetchOpenings?: (config: WorkerConfig, fixtureId: string) => Promise<Openings>;
  /** The odds and metas of these fixtures from REST (a baseline for the moves feed); none: no baselines. */
  readonly fetchBaseline?: (config: WorkerConfig, fixtureIds: readonly string[]) => Promise<BookSnapshot>;
}

/** A page's opportunities scan: its own scanner over the mirror, and what it was last sent. */
interface PageScan {
  readonly scanner: OpportunityScanner;
  configKey: string;
  view: ScanView | null;
  viewKey: string;
  sentVersion: number;
  sentViewKey: string;
  sentAt: number;
}

/** Rows are rebuilt at most this often while only prices move (a changed view answers at once). */
const SCAN_VIEW_MIN_MS = 250;
/** Rows are rebuilt at least this often, as quotes age past the page's maximum age. */
const SCAN_VIEW_MAX_MS = 1_000;

interface PageState {
  queue: BookOp[];
  awaitingAck: boolean;
  resync: boolean;
  statusDirty: boolean;
  /** The fixtures and futures whose odds the page shows (its last `interest`; none until it sends one). */
  fixtures: ReadonlySet<string>;
  futures: ReadonlySet<string>;
  /** The page's opportunities scan; null while it shows none. */
  scan: PageScan | null;
}

const NO_ODDS: BookSnapshot['odds'][number]['odds'] = {};

/** The worker's state; feed it `connect(port)` and `receive(port, message)`. */
export interface WorkerHub {
  connect(port: PagePort): void;
  receive(port: PagePort, message: PageToWorker): void;
  /** Number of pages connected. */
  readonly pages: number;
}

/** How often the mirror re-judges bookmakers against their freshness bounds (as the pages' books do). */
const STALENESS_CHECK_MS = 1_000;

/** Creates the hub. Nothing connects until a page sends `configure`. */
export function createWorkerHub(options: WorkerHubOptions): WorkerHub {
  const frameMs = options.frameMs ?? 16;
  const maxQueued = options.maxQueued ?? 100_000;
  const pages = new Map<PagePort, PageState>();
  const mirror = new LiveBook();
  let client: StreamClient | null = null;
  let configKey: string | null = null;
  /** The service of the current clients (`worldOf`); null until the first configure. */
  let world: string | null = null;
  /** Moves on every change of service: a client of an older world emits into nothing. */
  let generation = 0;
  /** The next client is the first of a new world: it starts without cursors. */
  let freshCursors = false;
  /** The old world's client closing; the next one starts after it (both may share a cursor key). */
  let stopping: Promise<void> | null = null;
  let status: StreamStatus | null = null;
  let flushTimer: unknown = null;
  let scanTimer: unknown = null;
  const now = options.now ?? Date.now;
  /**
   * Every bookmaker whose prices may sit in a page's book (the logins' and the seeds'): dropping a
   * fixture's odds from a page is an authoritative empty snapshot, which drops only these.
   */
  const knownBookmakers = new Set<string>();
  let currentConfig: WorkerConfig | null = null;
  const fetchOpenings = options.fetchOpenings;
  // The moves feed reads the mirror after each batch; every page hears the feed whole.
  const moves = createMovesWatch({
    book: mirror,
    now: options.now ?? Date.now,
    setTimeout: options.setTimeout,
    onChange: (list) => {
      for (const port of pages.keys()) port.postMessage({ type: 'moves', moves: list });
    },
    ...(fetchOpenings === undefined
      ? {}
      : { fetchOpenings: (fixtureId: string) => (currentConfig === null ? Promise.reject(new Error('not configured')) : fetchOpenings(currentConfig, fixtureId)) }),
    requestBaseline: (fixtureIds) => {
      baselineQueue.push(...fixtureIds);
      pumpBaseline();
    },
  });
  /** Every catalogue record the pages sent (by marketId): a scan started later starts with them. */
  const catalogue = new Map<number, Market>();
  // Alert rules' scan, shared by pages with the same config, whatever page they show.
  const alerts = createAlertWatch<PagePort>({
    book: mirror,
    now,
    setTimeout: options.setTimeout,
    catalogue: () => [...catalogue.values()],
    post: (port, finds) => {
      port.postMessage({ type: 'alertFinds', finds });
    },
  });
  // Baselines: at most one request a second, 50 fixtures each (a tenth of the odds bucket's 10/s).
  const baselineQueue: string[] = [];
  let baselineTimer: unknown = null;
  function pumpBaseline(): void {
    const fetchBaseline = options.fetchBaseline;
    if (baselineTimer !== null || fetchBaseline === undefined || currentConfig === null || baselineQueue.length === 0) return;
    const own = generation;
    fetchBaseline(currentConfig, baselineQueue.splice(0, 50)).then(
      (snapshot) => {
        // A non-authoritative seed: it only fills, never undoes a newer price.
        if (own === generation) emit([{ op: 'seed', snapshot, authoritative: false }]);
      },
      () => undefined,
    );
    baselineTimer = options.setTimeout(() => {
      baselineTimer = null;
      pumpBaseline();
    }, 1_000);
  }

  function emit(ops: readonly BookOp[]): void {
    mirror.apply(ops);
    // The mirror has no subscribers: flushing only clears its dirty lists.
    mirror.flush();
    moves.observe(ops);
    alerts.observe(ops);
    for (const page of pages.values()) page.scan?.scanner.noteOps(ops);
    for (const op of ops) if (op.op === 'seed') noteBookmakers(op.snapshot);
    for (const page of pages.values()) {
      if (page.resync) continue;
      for (const op of ops) {
        const scoped = scopeOp(op, page);
        if (scoped !== null) page.queue.push(scoped);
      }
      checkBacklog(page);
    }
    scheduleFlush();
  }

  function checkBacklog(page: PageState): void {
    if (page.queue.length > maxQueued) {
      page.queue = [];
      page.resync = true;
    }
  }

  function noteBookmakers(snapshot: BookSnapshot): void {
    for (const bookmaker of snapshot.bookmakers) knownBookmakers.add(bookmaker);
    for (const o of snapshot.odds) for (const bookmaker in o.odds) knownBookmakers.add(bookmaker);
    for (const f of snapshot.futuresOdds) for (const bookmaker in f.odds) knownBookmakers.add(bookmaker);
  }

  /** The op as this page gets it: odds of fixtures and futures outside its interest left out (null: nothing left). */
  function scopeOp(op: BookOp, page: PageState): BookOp | null {
    switch (op.op) {
      case 'update': {
        const frame = op.frame;
        if (frame.channel === 'odds') return page.fixtures.has(frame.payload.fixtureId) ? op : null;
        if (frame.channel === 'oddsFutures') return page.futures.has(frame.payload.futureId) ? op : null;
        return op;
      }
      case 'seed':
        return { op: 'seed', snapshot: scopeSnapshot(op.snapshot, page), authoritative: op.authoritative };
      case 'load':
        return { op: 'load', dump: scopeDump(op.dump, page) };
      case 'reset':
        return op;
      default: {
        const unhandled: never = op;
        throw new Error(`unknown book op ${JSON.stringify(unhandled)}`);
      }
    }
  }

  /**
   * A snapshot without the prices of fixtures and futures outside the page's interest. A fixture's
   * entry stays (with no odds) for its bookmaker metas, which every page keeps; an authoritative
   * snapshot then drops that fixture's prices on the page, which holds none of them anyway.
   */
  function scopeSnapshot(snapshot: BookSnapshot, page: PageState): BookSnapshot {
    let odds = snapshot.odds;
    if (odds.some((o) => !page.fixtures.has(o.fixtureId) && hasKeys(o.odds))) {
      odds = odds.map((o) => (page.fixtures.has(o.fixtureId) ? o : { fixtureId: o.fixtureId, odds: NO_ODDS, bookmakers: o.bookmakers }));
    }
    let futuresOdds = snapshot.futuresOdds;
    if (futuresOdds.some((f) => !page.futures.has(f.futureId))) futuresOdds = futuresOdds.filter((f) => page.futures.has(f.futureId));
    return odds === snapshot.odds && futuresOdds === snapshot.futuresOdds ? snapshot : { ...snapshot, odds, futuresOdds };
  }

  function scopeDump(dump: BookDump, page: PageState): BookDump {
    return {
      fixtures: dump.fixtures,
      odds: dump.odds.filter((o) => page.fixtures.has(o.fixtureId)),
      futuresOdds: dump.futuresOdds.filter((f) => page.futures.has(f.futureId)),
    };
  }

  /** An authoritative empty snapshot of the odds of these fixtures and futures: the page drops its prices of them. */
  function dropOp(fixtureIds: readonly string[], futureIds: readonly string[]): BookOp {
    const bookmakers = new Set(knownBookmakers);
    for (const fixtureId of fixtureIds) for (const bookmaker in mirror.fixtureOdds(fixtureId)) bookmakers.add(bookmaker);
    const channels: BookSnapshot['channels'] = [...(fixtureIds.length > 0 ? (['odds'] as const) : []), ...(futureIds.length > 0 ? (['oddsFutures'] as const) : [])];
    return {
      op: 'seed',
      snapshot: { channels, fixtureIds, futureIds, bookmakers: [...bookmakers], fixtures: [], odds: [], futuresOdds: [] },
      authoritative: true,
    };
  }

  /** The mirror's current prices of these fixtures and futures, as a dump to merge (null: it holds none). */
  function replay(fixtureIds: readonly string[], futureIds: readonly string[]): BookDump | null {
    const odds: BookDump['odds'][number][] = [];
    for (const fixtureId of fixtureIds) {
      const byBookmaker = mirror.fixtureOdds(fixtureId);
      for (const bookmaker in byBookmaker) {
        const entries = byBookmaker[bookmaker] ?? {};
        for (const oddsId in entries) {
          const entry = entries[oddsId];
          if (entry !== undefined) odds.push({ fixtureId, oddsId, entry });
        }
      }
    }
    let futuresOdds: BookDump['futuresOdds'] = [];
    if (futureIds.length > 0) {
      // The book has no per-future index; futures are few and a page adds them rarely.
      const wanted = new Set(futureIds);
      futuresOdds = mirror.dump().futuresOdds.filter((f) => wanted.has(f.futureId));
    }
    return odds.length === 0 && futuresOdds.length === 0 ? null : { odds, futuresOdds, fixtures: [] };
  }

  /**
   * Replaces the page's interest. New fixtures and futures first get the mirror's prices (queued
   * before any later delta, so no price is missed); those that left are dropped from the page's
   * book, after every delta already queued for them, so no row outlives its updates.
   */
  function setInterest(page: PageState, fixtureIds: readonly string[], futureIds: readonly string[]): void {
    const fixtures = new Set(fixtureIds);
    const futures = new Set(futureIds);
    const addedFixtures = [...fixtures].filter((id) => !page.fixtures.has(id));
    const addedFutures = [...futures].filter((id) => !page.futures.has(id));
    const removedFixtures = [...page.fixtures].filter((id) => !fixtures.has(id));
    const removedFutures = [...page.futures].filter((id) => !futures.has(id));
    page.fixtures = fixtures;
    page.futures = futures;
    // A page awaiting a full dump gets it scoped by the new interest.
    if (page.resync) return;
    if (removedFixtures.length > 0 || removedFutures.length > 0) page.queue.push(dropOp(removedFixtures, removedFutures));
    const dump = replay(addedFixtures, addedFutures);
    if (dump !== null) page.queue.push({ op: 'load', dump });
    checkBacklog(page);
    scheduleFlush();
  }

  /**
   * A page's own seed may carry prices outside its interest (an answer that came after the page
   * stopped showing them): it has applied them already, so it is told to drop them again.
   */
  function dropForeignSeed(page: PageState, snapshot: BookSnapshot): void {
    if (page.resync) return;
    const fixtureIds = snapshot.odds.filter((o) => !page.fixtures.has(o.fixtureId) && hasKeys(o.odds)).map((o) => o.fixtureId);
    const futureIds = snapshot.futuresOdds.filter((f) => !page.futures.has(f.futureId) && hasKeys(f.odds)).map((f) => f.futureId);
    if (fixtureIds.length > 0 || futureIds.length > 0) page.queue.push(dropOp(fixtureIds, futureIds));
  }

  /**
   * Once a second while a stream runs: the mirror re-judges its bookmakers against their bounds (a
   * book goes overdue with no frame arriving), and the scans re-read the verdicts, as the pages'
   * books do (src/app/stream-provider.tsx).
   */
  let stalenessTimer: unknown = null;
  function scheduleStaleness(): void {
    if (stalenessTimer !== null || client === null) return;
    stalenessTimer = options.setTimeout(() => {
      stalenessTimer = null;
      mirror.checkStaleness();
      mirror.flush();
      recheckBooks();
      scheduleStaleness();
    }, STALENESS_CHECK_MS);
  }

  function recheckBooks(): void {
    for (const page of pages.values()) page.scan?.scanner.recheckBooks();
    alerts.recheckBooks();
    scheduleFlush();
  }

  function onStatus(next: StreamStatus): void {
    status = next;
    // The age of what the mirror holds is evidence against a book only while the stream delivers.
    mirror.setDelivering(deliversOdds(next));
    for (const page of pages.values()) page.statusDirty = true;
    scheduleFlush();
  }

  function scheduleFlush(): void {
    if (flushTimer !== null) return;
    flushTimer = options.setTimeout(flush, frameMs);
  }

  /** Schedules a flush in `ms` for scans whose rows are due later. */
  function scheduleScanFlush(ms: number): void {
    if (scanTimer !== null) return;
    scanTimer = options.setTimeout(() => {
      scanTimer = null;
      scheduleFlush();
    }, ms);
  }

  /** The page's rows when they are due (changed view at once; moved prices every 250 ms; ages every second). */
  function scanRows(scan: PageScan, at: number): OpportunityView | undefined {
    if (scan.view === null) return undefined;
    const since = at - scan.sentAt;
    const viewChanged = scan.viewKey !== scan.sentViewKey;
    const pricesMoved = scan.scanner.version !== scan.sentVersion;
    if (!viewChanged && !(pricesMoved && since >= SCAN_VIEW_MIN_MS) && since < SCAN_VIEW_MAX_MS) {
      scheduleScanFlush(pricesMoved ? SCAN_VIEW_MIN_MS - since : SCAN_VIEW_MAX_MS - since);
      return undefined;
    }
    scan.sentVersion = scan.scanner.version;
    scan.sentViewKey = scan.viewKey;
    scan.sentAt = at;
    return scan.scanner.view(scan.view, at);
  }

  function flush(): void {
    flushTimer = null;
    const at = now();
    for (const [port, page] of pages) {
      // Each changed market once per batch, whether or not the page can take rows now.
      page.scan?.scanner.scan();
      if (page.awaitingAck) continue;
      const opportunities = page.scan === null ? undefined : scanRows(page.scan, at);
      const hasWork = page.queue.length > 0 || page.resync || page.statusDirty || opportunities !== undefined;
      // A page still owing an ack is served when its ack arrives (receive → scheduleFlush).
      if (!hasWork) continue;
      const ops: BookOp[] = page.resync ? [{ op: 'reset' }, { op: 'load', dump: scopeDump(mirror.dump(), page) }] : page.queue;
      port.postMessage({ type: 'batch', ops, status: page.statusDirty ? status : null, ...(opportunities === undefined ? {} : { opportunities }) });
      page.queue = [];
      page.resync = false;
      page.statusDirty = false;
      page.awaitingAck = true;
    }
  }

  /**
   * A change of service is a new world: stop the old stream, empty the mirror and every page's
   * book, forget the bookmakers seen, and start the next client without cursors, so that no
   * fixture, odds or bookmaker id of the old service reaches the new one (a re-snapshot's scope
   * is the book's fixtures).
   */
  function enterWorld(service: ServiceIdentity): void {
    const next = worldOf(service);
    if (next === world) return;
    const first = world === null;
    world = next;
    if (first) return;
    generation += 1;
    freshCursors = true;
    if (client !== null) stopping = client.stop();
    client = null;
    configKey = null;
    mirror.reset();
    mirror.flush();
    moves.reset();
    alerts.observe([{ op: 'reset' }]);
    for (const page of pages.values()) page.scan?.scanner.noteOps([{ op: 'reset' }]);
    knownBookmakers.clear();
    for (const page of pages.values()) {
      page.queue = [{ op: 'reset' }];
      page.resync = false;
    }
    scheduleFlush();
  }

  function configure(config: WorkerConfig): void {
    enterWorld({ restBaseUrl: config.restBaseUrl, apiKey: config.stream.apiKey });
    const key = JSON.stringify(config);
    if (key === configKey) return;
    configKey = key;
    currentConfig = config;
    for (const bookmaker of config.stream.bookmakers) knownBookmakers.add(bookmaker);
    const previous = client;
    const fresh = freshCursors;
    freshCursors = false;
    const own = generation;
    // A new login scope: the old client persists its cursors on stop, the new one resumes from them.
    const next = options.createClient(
      config,
      mirror,
      (ops) => {
        if (own === generation) emit(ops);
      },
      (nextStatus) => {
        if (own === generation) onStatus(nextStatus);
      },
      fresh,
    );
    client = next;
    scheduleStaleness();
    const before = previous === null ? stopping : previous.stop();
    if (before === null) void next.start();
    else
      void before.then(() => {
        if (client === next) void next.start();
      });
  }

  /** The page's scan, started over everything the mirror holds. */
  function ensureScan(page: PageState): PageScan {
    if (page.scan === null) {
      const scanner = new OpportunityScanner(mirror);
      scanner.addCatalogue([...catalogue.values()]);
      scanner.indexAll();
      page.scan = { scanner, configKey: '', view: null, viewKey: '', sentVersion: -1, sentViewKey: '', sentAt: Number.NEGATIVE_INFINITY };
    }
    return page.scan;
  }

  return {
    connect(port) {
      // A late page starts from everything the mirror holds.
      pages.set(port, { queue: [], awaitingAck: false, resync: true, statusDirty: status !== null, fixtures: new Set(), futures: new Set(), scan: null });
      const feed = moves.moves();
      if (feed.length > 0) port.postMessage({ type: 'moves', moves: feed });
      scheduleFlush();
    },
    receive(port, message) {
      const page = pages.get(port);
      if (page === undefined) return;
      switch (message.type) {
        case 'configure':
          configure(message.config);
          break;
        case 'service':
          enterWorld(message.service);
          break;
        case 'ack':
          page.awaitingAck = false;
          scheduleFlush();
          break;
        case 'seed':
          emit([{ op: 'seed', snapshot: message.snapshot, authoritative: false }]);
          dropForeignSeed(page, message.snapshot);
          break;
        case 'interest':
          setInterest(page, message.fixtureIds, message.futureIds);
          break;
        case 'moveSettings':
          moves.setSettings(message.settings);
          break;
        case 'bookmakerBounds':
          mirror.setBookmakerBounds(message.bookmakers);
          recheckBooks();
          break;
        case 'reconnect':
          client?.reconnectNow();
          break;
        case 'scan':
          if (message.request === null) page.scan = null;
          else {
            const scan = ensureScan(page);
            const configKey = JSON.stringify(message.request.config);
            if (configKey !== scan.configKey) {
              scan.configKey = configKey;
              scan.scanner.setConfig(message.request.config);
              // New numbers for every row: the page gets them at once.
              scan.sentViewKey = '';
            }
            scan.view = message.request.view;
            scan.viewKey = JSON.stringify(message.request.view);
          }
          scheduleFlush();
          break;
        case 'scanCatalogue':
          for (const market of message.markets) catalogue.set(market.marketId, market);
          if (page.scan !== null) {
            page.scan.scanner.addCatalogue(message.markets);
            page.scan.sentViewKey = '';
            scheduleFlush();
          }
          alerts.addCatalogue(message.markets);
          break;
        case 'alertWatch':
          alerts.set(port, message.request);
          break;
        case 'bye':
          pages.delete(port);
          alerts.set(port, null);
          if (pages.size === 0 && client !== null) {
            // The last page left: close the stream (a SharedWorker lives on a moment after its pages).
            void client.stop();
            client = null;
            configKey = null;
          }
          break;
        default: {
          const unhandled: never = message;
          throw new Error(`unknown page message ${JSON.stringify(unhandled)}`);
        }
      }
    },
    get pages() {
      return pages.size;
    },
  };
}

/** The identity of a service as the worker compares it (the key stays in memory). */
function worldOf(service: ServiceIdentity): string {
  return `${service.restBaseUrl}\u0000${service.apiKey}`;
}

function hasKeys(record: object): boolean {
  for (const key in record) if (Object.hasOwn(record, key)) return true;
  return false;
}
