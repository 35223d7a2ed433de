// The opportunities scan for alert rules (docs/architecture.md; docs/domain.md, "Alerts"): EV and
// arbitrage rules must be judged on every page, not only while /opportunities is open, so the
// shell asks the worker for an "alert watch" beside (not instead of) the page's own scan. Pages
// with the same scan config (every tab of one browser: one settings store) share one scanner; each
// page gets only the rows at or above its rules' lowest thresholds, best first and capped, at most
// every 500 ms and only when they changed. A module of its own beside the mirror book, wired into
// worker-hub.ts by a few lines, like the moves feed.
import type { BookOp, LiveBook } from '../book/book.ts';
import { OpportunityScanner, type ArbRow, type EvRow, type ScanConfig, type ScanView } from '../book/opportunity-scanner.ts';
import type { OpportunityWatch } from '../domain/alert-rules.ts';
import type { Market } from '../wire/reference-schemas.ts';

/** What a page's alert rules need scanned: the scan's numbers and the rules' thresholds. */
export interface AlertWatchRequest {
  readonly config: ScanConfig;
  readonly watch: OpportunityWatch;
}

/** The rows a page's rules are judged on: +EV prices and arbitrages, best first. */
export interface AlertFinds {
  readonly ev: readonly EvRow[];
  readonly arb: readonly ArbRow[];
}

/** Most rows of each kind a page gets: the best ones (an alert list is read by a person). */
export const ALERT_ROWS_MAX = 50;
/** Rows are sent at most this often (alerts do not need every frame). */
export const ALERT_FINDS_MIN_MS = 500;

export interface AlertWatchOptions<P> {
  readonly book: LiveBook;
  readonly now: () => number;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  /** Every catalogue record the pages sent so far (a new scanner starts with them). */
  readonly catalogue: () => readonly Market[];
  readonly post: (port: P, finds: AlertFinds) => void;
  readonly intervalMs?: number;
  readonly maxRows?: number;
}

export interface AlertWatch<P> {
  /** The page's request now; null stops its watch. */
  set(port: P, request: AlertWatchRequest | null): void;
  /** Catalogue records for every scanner. */
  addCatalogue(markets: readonly Market[]): void;
  /** Notes ops already applied to the book. */
  observe(ops: readonly BookOp[]): void;
  /** The book re-judged its bookmakers with no frame (one going overdue): re-read their verdicts. */
  recheckBooks(): void;
  /** Pages watching. */
  readonly watching: number;
}

interface SharedScanner<P> {
  readonly scanner: OpportunityScanner;
  readonly ports: Set<P>;
}

interface PageWatch {
  readonly configKey: string;
  readonly ev: ScanView | null;
  readonly arb: ScanView | null;
  /** What was last posted (rows' identities and figures), so unchanged rows are not sent again. */
  sentKey: string | null;
}

function viewOf(tab: 'ev' | 'arb', minPercent: number, limit: number, extra: Partial<ScanView>): ScanView {
  return { tab, sports: [], families: [], live: 'all', minPercent, maxAgeSec: null, maxPrice: null, sort: { id: tab === 'ev' ? 'ev' : 'profit', desc: true }, offset: 0, limit, ...extra };
}

export function createAlertWatch<P>(options: AlertWatchOptions<P>): AlertWatch<P> {
  const intervalMs = options.intervalMs ?? ALERT_FINDS_MIN_MS;
  const maxRows = options.maxRows ?? ALERT_ROWS_MAX;
  const scanners = new Map<string, SharedScanner<P>>();
  const pages = new Map<P, PageWatch>();
  let timer: unknown = null;

  function schedule(): void {
    if (timer !== null || pages.size === 0) return;
    timer = options.setTimeout(tick, intervalMs);
  }

  function tick(): void {
    timer = null;
    const at = options.now();
    for (const shared of scanners.values()) {
      shared.scanner.scan();
      for (const port of shared.ports) {
        const page = pages.get(port);
        if (page === undefined) continue;
        const ev = page.ev === null ? [] : (shared.scanner.view(page.ev, at).rows as readonly EvRow[]);
        const arb = page.arb === null ? [] : (shared.scanner.view(page.arb, at).rows as readonly ArbRow[]);
        const key = JSON.stringify([ev.map((r) => [r.key, r.ev, r.live]), arb.map((r) => [r.legs.map((l) => l.oddsId), r.profitRatio, r.live])]);
        if (key === page.sentKey) continue;
        page.sentKey = key;
        options.post(port, { ev, arb });
      }
    }
  }

  function leave(port: P): void {
    const page = pages.get(port);
    if (page === undefined) return;
    pages.delete(port);
    const shared = scanners.get(page.configKey);
    shared?.ports.delete(port);
    // The last page of a config gone: its scanner (an index of every market) goes too.
    if (shared?.ports.size === 0) scanners.delete(page.configKey);
  }

  return {
    set(port, request) {
      const before = pages.get(port);
      leave(port);
      if (request === null) return;
      const configKey = JSON.stringify(request.config);
      let shared = scanners.get(configKey);
      if (shared === undefined) {
        const scanner = new OpportunityScanner(options.book);
        scanner.setConfig(request.config);
        scanner.addCatalogue(options.catalogue());
        scanner.indexAll();
        shared = { scanner, ports: new Set() };
        scanners.set(configKey, shared);
      }
      shared.ports.add(port);
      const { ev, arbitrage } = request.watch;
      pages.set(port, {
        configKey,
        ev: ev === null ? null : viewOf('ev', ev.minPercent, maxRows, { live: ev.live, maxPrice: ev.maxPrice, ...(ev.books === null ? {} : { bookmakers: ev.books }) }),
        arb: arbitrage === null ? null : viewOf('arb', arbitrage.minPercent, maxRows, {}),
        // Same config as before: what the page holds is still right unless the rows differ.
        sentKey: before?.configKey === configKey ? before.sentKey : null,
      });
      schedule();
    },
    addCatalogue(markets) {
      for (const shared of scanners.values()) shared.scanner.addCatalogue(markets);
      schedule();
    },
    observe(ops) {
      if (scanners.size === 0) return;
      for (const shared of scanners.values()) shared.scanner.noteOps(ops);
      schedule();
    },
    recheckBooks() {
      if (scanners.size === 0) return;
      for (const shared of scanners.values()) shared.scanner.recheckBooks();
      schedule();
    },
    get watching() {
      return pages.size;
    },
  };
}
