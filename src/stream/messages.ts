// The messages between a page and the stream worker (structured-cloneable, no functions).
import type { BookmakerBounds, BookOp, BookSnapshot } from '../book/book.ts';
import type { MoveEvent, MoveSettings } from '../domain/moves.ts';
import type { OpportunityView, ScanConfig, ScanView } from '../book/opportunity-scanner.ts';
import type { Market } from '../wire/reference-schemas.ts';
import type { AlertFinds, AlertWatchRequest } from './alert-watch.ts';
import type { StreamSettings, StreamStatus } from './stream-client.ts';

/** What the worker needs to connect: the stream login and the REST service for re-snapshots. */
export interface WorkerConfig {
  readonly stream: StreamSettings;
  /** `http(s)://host` of the REST service (same key and lang as the stream). */
  readonly restBaseUrl: string;
}

/** Which service a page talks to: its REST base URL and the key it sends (compared, never stored). */
export interface ServiceIdentity {
  readonly restBaseUrl: string;
  readonly apiKey: string;
}

export type PageToWorker =
  /**
   * The page's settings now name this service. Another service than the worker's is a new world:
   * the stream stops and the worker's book, every page's book and the cursors are emptied before
   * the next `configure` connects to it (the old service's ids mean nothing to the new one).
   */
  | { readonly type: 'service'; readonly service: ServiceIdentity }
  /** Connect with these settings; a change of settings reconnects with resume. Same settings: no-op. */
  | { readonly type: 'configure'; readonly config: WorkerConfig }
  /** The page applied the last batch and rendered (sent from requestAnimationFrame): the next may come. */
  | { readonly type: 'ack' }
  /** A page's REST seed, shared with every tab (non-authoritative: it only fills). */
  | { readonly type: 'seed'; readonly snapshot: BookSnapshot }
  /**
   * The complete set of fixtures and futures whose odds the page shows (replaces the last set).
   * Only their `odds` / `oddsFutures` reach the page; the other channels reach every page. A
   * fixture or future new to the set first gets the worker's current prices, then its deltas; one
   * that left it has its prices dropped from the page's book.
   */
  | { readonly type: 'interest'; readonly fixtureIds: readonly string[]; readonly futureIds: readonly string[] }
  /** What counts as a move (the trader's settings; the last page to send them wins: one browser, one store). */
  | { readonly type: 'moveSettings'; readonly settings: MoveSettings }
  /** The bookmakers' freshness bounds (`GET /bookmakers`): the worker's scans and moves judge overdue books by them. */
  | { readonly type: 'bookmakerBounds'; readonly bookmakers: readonly BookmakerBounds[] }
  /** Reconnect now (the indicator's "retry"). */
  | { readonly type: 'reconnect' }
  /**
   * Scan every fixture's markets for opportunities with `config` and send the rows of `view`
   * (docs/stream-client.md, "The opportunities scan"); null stops the page's scan.
   */
  | { readonly type: 'scan'; readonly request: { readonly config: ScanConfig; readonly view: ScanView } | null }
  /** Catalogue records for the page's scan and its alert watch (the markets they can judge complete). */
  | { readonly type: 'scanCatalogue'; readonly markets: readonly Market[] }
  /**
   * Scan for the page's EV and arbitrage alert rules, whatever page is open (src/stream/alert-watch.ts):
   * the rows at or above their thresholds come back as `alertFinds`; null stops it.
   */
  | { readonly type: 'alertWatch'; readonly request: AlertWatchRequest | null }
  /** The page is going away (pagehide). */
  | { readonly type: 'bye' };

export type WorkerToPage =
  | {
      readonly type: 'batch';
      /** Book ops to apply in order. */
      readonly ops: readonly BookOp[];
      /** The stream status when it changed since the last batch, else null. */
      readonly status: StreamStatus | null;
      /** The rows of the page's opportunities view when they changed since the last batch. */
      readonly opportunities?: OpportunityView;
    }
  /** The moves feed (src/stream/moves-watch.ts), newest first, whenever it changed; no ack. */
  | { readonly type: 'moves'; readonly moves: readonly MoveEvent[] }
  /** The rows the page's alert watch asked for, best first, whenever they changed (at most every 500 ms); no ack. */
  | { readonly type: 'alertFinds'; readonly finds: AlertFinds };

/** A batch of book ops, as the worker posts it. */
export type WorkerBatch = Extract<WorkerToPage, { readonly type: 'batch' }>;
