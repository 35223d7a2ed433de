// The opportunities scanner: keeps `scanMarket` (src/domain/opportunities.ts) current over a live
// book — every market of every fixture the book holds — recomputing each changed market once per
// `scan()`, and answers a page's view (filters, sort, window) with only the rows it shows. The
// stream worker runs one per page that opened /opportunities, over its mirror book (worker-hub.ts);
// `npm run bench:scanner` runs the same code in Node.
import type { CommissionRates } from '../domain/commission.ts';
import type { DevigMethod } from '../domain/devig.ts';
import type { FairLine } from '../domain/fair-line.ts';
import { parseFixtureId } from '../domain/ids.ts';
import { NO_FINDS, scanLinesOf, scanMarketLines, type ArbitrageFindLeg, type EvFind, type MarketScan, type ScanBookStatus, type ScanLine, type ScanOptions, type ScanQuote } from '../domain/opportunities.ts';
import type { Market } from '../wire/reference-schemas.ts';
import type { OddsEntry } from '../wire/shared-schemas.ts';
import { isBookmakerStale, type BookOp, type LiveBook } from './book.ts';

/** What the scan computes with: a change of any of it rescans every market. */
export interface ScanConfig {
  readonly fairLine: FairLine;
  readonly method: DevigMethod;
  readonly commission: CommissionRates;
  /** The books I can bet at; null: every book. */
  readonly bettable: readonly string[] | null;
  /** Books hidden in the board settings: never a leg or an EV row (they still inform the fair line). */
  readonly hidden: readonly string[];
}

export type OpportunityTab = 'ev' | 'arb';
export type LiveFilter = 'all' | 'live' | 'pregame';
export type EvSortId = 'ev' | 'price' | 'fair' | 'age' | 'fixture' | 'book' | 'selection';
export type ArbSortId = 'profit' | 'age' | 'fixture' | 'market';

/** Which rows a page shows: filters, sort and the window of rows in view. */
export interface ScanView {
  readonly tab: OpportunityTab;
  /** Sport ids; empty: every sport. */
  readonly sports: readonly number[];
  /** Market types (`1x2`, `totals`, …); empty: every family. */
  readonly families: readonly string[];
  /** EV rows only at these books (the alert watch's EV rules); absent: the config's bettable books. */
  readonly bookmakers?: readonly string[];
  readonly live: LiveFilter;
  /** Minimum EV (EV tab) or guaranteed return (arbitrage tab), in percent. */
  readonly minPercent: number;
  /** Maximum age of the quote (EV) or of the oldest leg (arbitrage), seconds; null: any. */
  readonly maxAgeSec: number | null;
  /** Highest decimal price of an EV row (the long shots' fair lines are the least sure); null: any. */
  readonly maxPrice: number | null;
  readonly sort: { readonly id: EvSortId | ArbSortId; readonly desc: boolean };
  readonly offset: number;
  readonly limit: number;
}

/** What a row says about its fixture and market. */
interface RowContext {
  readonly fixtureId: string;
  readonly fixtureName: string;
  readonly sportId: number;
  readonly live: boolean;
  readonly marketId: number;
  readonly playerId: number;
  readonly marketName: string;
  readonly marketType: string;
}

export interface EvRow extends RowContext {
  /** The price's oddsId: unique. */
  readonly key: string;
  readonly oddsId: string;
  readonly outcomeId: number;
  readonly outcomeName: string;
  readonly bookmaker: string;
  readonly price: number;
  readonly netPrice: number;
  readonly fairProbability: number;
  readonly fairPrice: number;
  readonly ev: number;
  readonly changedAt: number;
}

export interface ArbRowLeg extends ArbitrageFindLeg {
  readonly outcomeName: string;
}

export interface ArbRow extends RowContext {
  /** `{fixtureId}|{marketId}|{playerId}`. */
  readonly key: string;
  readonly impliedSum: number;
  readonly profitRatio: number;
  readonly legs: readonly ArbRowLeg[];
  readonly oldestChangedAt: number;
}

export type OpportunityView =
  | { readonly tab: 'ev'; readonly rows: readonly EvRow[]; readonly total: number; readonly offset: number; readonly markets: number }
  | { readonly tab: 'arb'; readonly rows: readonly ArbRow[]; readonly total: number; readonly offset: number; readonly markets: number };

interface MarketIndex {
  readonly key: string;
  readonly fixtureId: string;
  readonly marketId: number;
  readonly playerId: number;
  /**
   * The market's quotes as the book holds them, by oddsId in first-seen order: kept current as
   * each update is noted (one book read per update) instead of re-read in full per recompute.
   */
  readonly quotes: Map<string, HeldQuote>;
  /**
   * `quotes` grouped by book and outcome for the catalogue entry `linesFor` (`scanLinesOf`): kept
   * while prices only move (the lines hold the quote objects, which change in place); null once a
   * quote came, went, or changed book or outcome.
   */
  lines: ScanLine[] | null;
  linesFor: CatalogueEntry | null;
}

/**
 * A quote as the scanner holds it: updated in place as each update is noted (no object per
 * update), with its market, so an update finds where it goes by one lookup of its oddsId. Never
 * held by a find: finds copy the fields they show.
 */
interface HeldQuote extends ScanQuote {
  readonly market: MarketIndex;
  bookmaker: string;
  outcomeId: number;
  price: number;
  active: boolean;
  marketActive: boolean;
  changedAt: number;
}

/** What a row says about its fixture, read once per fixture until a fixtures frame or a seed changes it. */
interface FixtureContext {
  readonly fixtureName: string;
  readonly sportId: number;
  readonly live: boolean;
  /** The fixture's books' state as the scan reads it (one function per fixture, not one per recompute). */
  readonly bookStatus: (bookmaker: string) => ScanBookStatus | undefined;
}

interface CatalogueEntry {
  readonly market: Market;
  readonly outcomeIds: readonly number[];
  readonly outcomeNames: ReadonlyMap<number, string>;
  readonly outcomePositions: ReadonlyMap<number, number>;
}

interface MarketFinds {
  /** What the market's rows say of their fixture and market, as at the recompute. */
  readonly context: RowContext;
  readonly outcomeNames: ReadonlyMap<number, string>;
  readonly ev: readonly EvFind[];
  /**
   * The EV rows of `ev`, built when a view first reads them: a market recomputed at every batch
   * builds its rows at most once per view sent (every 250 ms), not once per recompute.
   */
  evRows: readonly EvRow[] | null;
  readonly arb: ArbRow | null;
}

const SEP = '|';

/** The four states a book can be in, shared: a recompute reads one per book and keeps none. */
const BOOK_STATUS: readonly ScanBookStatus[] = [
  { stale: false, suspended: false },
  { stale: true, suspended: false },
  { stale: false, suspended: true },
  { stale: true, suspended: true },
];

function marketKeyOf(fixtureId: string, marketId: number, playerId: number): string {
  return fixtureId + SEP + String(marketId) + SEP + String(playerId);
}

function sportOf(fixtureId: string): number {
  try {
    return parseFixtureId(fixtureId).sportId;
  } catch {
    return -1;
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class OpportunityScanner {
  private readonly markets = new Map<string, MarketIndex>();
  private readonly byFixture = new Map<string, Set<MarketIndex>>();
  /** fixtureId → marketId → playerId → market: a new quote finds its market without building its key string. */
  private readonly lookup = new Map<string, Map<number, Map<number, MarketIndex>>>();
  /** oddsId → the quote held: an update of a known price is one lookup and an in-place write. */
  private readonly held = new Map<string, HeldQuote>();
  private readonly dirty = new Set<MarketIndex>();
  /** Keys of markets a reindex dropped: their finds go at the next `scan()` unless the market is back. */
  private readonly dropped = new Set<string>();
  private readonly finds = new Map<string, MarketFinds>();
  private readonly catalogue = new Map<number, CatalogueEntry>();
  private readonly fixtureContexts = new Map<string, FixtureContext>();
  /** Per fixture and bookmaker, whether its prices are blocked (stale or suspended) as last seen. */
  private readonly bookStates = new Map<string, boolean>();
  private options: ScanOptions | null = null;
  /** Moves whenever the finds change: a view built at the same version is the same. */
  version = 0;
  /** Markets recomputed so far (for the bench). */
  recomputed = 0;

  constructor(private readonly book: LiveBook) {}

  /** Sets what the scan computes with; every market is computed again at the next `scan()`. */
  setConfig(config: ScanConfig): void {
    const bettable = config.bettable === null ? null : new Set(config.bettable);
    const hidden = new Set(config.hidden);
    this.options = {
      fairLine: config.fairLine,
      method: config.method,
      commission: config.commission,
      canBet: (bookmaker) => !hidden.has(bookmaker) && (bettable === null || bettable.has(bookmaker)),
    };
    this.markAll();
  }

  /** Adds catalogue records (a market the catalogue does not know is never scanned: its completeness cannot be judged). */
  addCatalogue(markets: readonly Market[]): void {
    let added = false;
    for (const market of markets) {
      if (!this.catalogue.has(market.marketId)) added = true;
      this.catalogue.set(market.marketId, { market, outcomeIds: market.outcomes.map((o) => o.outcomeId), outcomeNames: new Map(market.outcomes.map((o) => [o.outcomeId, o.outcomeName])), outcomePositions: new Map(market.outcomes.map((o, i) => [o.outcomeId, i])) });
    }
    if (added) this.markAll();
  }

  /** Indexes every fixture the book holds (a scanner that starts after the book filled). */
  indexAll(): void {
    for (const fixtureId of this.book.fixtureIds()) this.reindexFixture(fixtureId);
  }

  /** Notes what `ops` (already applied to the book) changed: those markets are computed at the next `scan()`. */
  noteOps(ops: readonly BookOp[]): void {
    for (const op of ops) {
      switch (op.op) {
        case 'update': {
          const frame = op.frame;
          if (frame.channel === 'odds') {
            const { fixtureId, odds } = frame.payload;
            for (const bookmaker in odds) {
              const entries = odds[bookmaker];
              for (const oddsId in entries) {
                const entry = entries[oddsId];
                // The book may have kept a newer price than the frame's: the scan reads what it holds.
                if (entry !== undefined) this.noteOdds(fixtureId, oddsId, entry.marketId, entry.playerId, this.book.getOdds(oddsId));
              }
            }
          } else if (frame.channel === 'bookmakers') {
            // Metas refresh often (updatedAt); only a book turning stale, suspended or back rescans the fixture.
            const { fixtureId } = frame.payload;
            for (const bookmaker in frame.payload.bookmakers) {
              if (this.noteBookState(fixtureId, bookmaker)) {
                this.markFixture(fixtureId);
                break;
              }
            }
          } else if (frame.channel === 'fixtures') {
            // Live or pre-game is read at view time; a finished fixture's markets close through odds frames.
            this.fixtureContexts.delete(frame.payload.fixtureId);
            this.version += 1;
          }
          break;
        }
        case 'seed':
          this.fixtureContexts.clear();
          for (const o of op.snapshot.odds) this.reindexFixture(o.fixtureId);
          if (op.authoritative) for (const fixtureId of op.snapshot.fixtureIds) this.reindexFixture(fixtureId);
          break;
        case 'load': {
          this.fixtureContexts.clear();
          const fixtureIds = new Set<string>();
          for (const o of op.dump.odds) fixtureIds.add(o.fixtureId);
          for (const f of op.dump.fixtures) fixtureIds.add(f.fixtureId);
          for (const fixtureId of fixtureIds) this.reindexFixture(fixtureId);
          break;
        }
        case 'reset':
          this.fixtureContexts.clear();
          this.bookStates.clear();
          this.markets.clear();
          this.byFixture.clear();
          this.lookup.clear();
          this.held.clear();
          this.dirty.clear();
          this.dropped.clear();
          this.finds.clear();
          this.version += 1;
          break;
        default: {
          const unknown: never = op;
          throw new Error(`unknown book op ${JSON.stringify(unknown)}`);
        }
      }
    }
  }

  /** Markets waiting for `scan()`. */
  get pending(): number {
    let gone = 0;
    for (const key of this.dropped) if (!this.markets.has(key)) gone += 1;
    return this.dirty.size + gone;
  }

  /** Markets indexed. */
  get marketCount(): number {
    return this.markets.size;
  }

  /** Recomputes every changed market once; returns how many. */
  scan(): number {
    const options = this.options;
    if (options === null || (this.dirty.size === 0 && this.dropped.size === 0)) return 0;
    let count = 0;
    let changed = false;
    for (const key of this.dropped) {
      // A market the reindex put back is in `dirty` under a new index: computed below.
      if (this.markets.has(key)) continue;
      count += 1;
      if (this.finds.delete(key)) changed = true;
    }
    this.dropped.clear();
    for (const market of this.dirty) {
      count += 1;
      const finds = this.computeMarket(market, options);
      if (finds === null) {
        if (this.finds.delete(market.key)) changed = true;
      } else {
        this.finds.set(market.key, finds);
        changed = true;
      }
    }
    this.dirty.clear();
    this.recomputed += count;
    if (changed) this.version += 1;
    return count;
  }

  /** The rows of `view` at `nowMs`: filtered, sorted, and only the window asked for. */
  view(view: ScanView, nowMs: number): OpportunityView {
    const sports = new Set(view.sports);
    const families = new Set(view.families);
    const books = view.bookmakers === undefined ? null : new Set(view.bookmakers);
    const minRatio = view.minPercent / 100;
    const oldest = view.maxAgeSec === null ? Number.NEGATIVE_INFINITY : nowMs - view.maxAgeSec * 1000;
    const maxPrice = view.maxPrice ?? Number.POSITIVE_INFINITY;
    const liveOf = new Map<string, boolean>();
    const isLive = (fixtureId: string): boolean => {
      let live = liveOf.get(fixtureId);
      if (live === undefined) {
        live = this.book.getFixture(fixtureId)?.status?.live ?? false;
        liveOf.set(fixtureId, live);
      }
      return live;
    };
    const keep = (row: RowContext): boolean => {
      if (sports.size > 0 && !sports.has(row.sportId)) return false;
      if (families.size > 0 && !families.has(row.marketType)) return false;
      if (view.live !== 'all' && isLive(row.fixtureId) !== (view.live === 'live')) return false;
      return true;
    };
    const sign = view.sort.desc ? -1 : 1;
    const window = <T>(rows: T[]): T[] => rows.slice(Math.max(0, view.offset), Math.max(0, view.offset) + Math.max(0, view.limit));
    if (view.tab === 'ev') {
      const rows: EvRow[] = [];
      for (const finds of this.finds.values()) {
        if (!keep(finds.context)) continue;
        finds.evRows ??= evRowsOf(finds);
        for (const row of finds.evRows) {
          if (row.ev >= minRatio && row.changedAt >= oldest && row.price <= maxPrice && (books === null || books.has(row.bookmaker))) rows.push(isLive(row.fixtureId) === row.live ? row : { ...row, live: !row.live });
        }
      }
      const by = evSort(view.sort.id);
      rows.sort((a, b) => sign * by(a, b) || compareText(a.key, b.key));
      return { tab: 'ev', rows: window(rows), total: rows.length, offset: view.offset, markets: this.markets.size };
    }
    const rows: ArbRow[] = [];
    for (const finds of this.finds.values()) {
      const row = finds.arb;
      if (row !== null && row.profitRatio >= minRatio && row.oldestChangedAt >= oldest && keep(row)) rows.push(isLive(row.fixtureId) === row.live ? row : { ...row, live: !row.live });
    }
    const by = arbSort(view.sort.id);
    rows.sort((a, b) => sign * by(a, b) || compareText(a.key, b.key));
    return { tab: 'arb', rows: window(rows), total: rows.length, offset: view.offset, markets: this.markets.size };
  }

  /** Notes `entry`, the book's price of `oddsId` now (undefined: the book no longer holds it). */
  private noteOdds(fixtureId: string, oddsId: string, marketId: number, playerId: number, entry: OddsEntry | undefined): void {
    const held = this.held.get(oddsId);
    if (held !== undefined) {
      const market = held.market;
      if (entry !== undefined && market.marketId === marketId && market.playerId === playerId && market.fixtureId === fixtureId) {
        // The hot path: a price the scanner holds moved.
        if (held.bookmaker !== entry.bookmaker || held.outcomeId !== entry.outcomeId) market.lines = null;
        held.bookmaker = entry.bookmaker;
        held.outcomeId = entry.outcomeId;
        held.price = entry.price;
        held.active = entry.active;
        held.marketActive = entry.marketActive;
        held.changedAt = entry.changedAt;
        this.dirty.add(market);
        return;
      }
      market.quotes.delete(oddsId);
      market.lines = null;
      this.held.delete(oddsId);
      this.dirty.add(market);
    }
    if (entry === undefined) return;
    let byMarket = this.lookup.get(fixtureId);
    if (byMarket === undefined) {
      byMarket = new Map();
      this.lookup.set(fixtureId, byMarket);
    }
    let byPlayer = byMarket.get(marketId);
    if (byPlayer === undefined) {
      byPlayer = new Map();
      byMarket.set(marketId, byPlayer);
    }
    let market = byPlayer.get(playerId);
    if (market === undefined) {
      const key = marketKeyOf(fixtureId, marketId, playerId);
      market = { key, fixtureId, marketId, playerId, quotes: new Map(), lines: null, linesFor: null };
      byPlayer.set(playerId, market);
      this.markets.set(key, market);
      let markets = this.byFixture.get(fixtureId);
      if (markets === undefined) {
        markets = new Set();
        this.byFixture.set(fixtureId, markets);
      }
      markets.add(market);
    }
    const quote: HeldQuote = { market, oddsId, bookmaker: entry.bookmaker, outcomeId: entry.outcomeId, price: entry.price, active: entry.active, marketActive: entry.marketActive, changedAt: entry.changedAt };
    market.quotes.set(oddsId, quote);
    market.lines = null;
    this.held.set(oddsId, quote);
    this.dirty.add(market);
  }

  /**
   * Re-reads every held bookmaker's verdict (stale, overdue, suspended) after the book re-judged
   * them with no frame arriving (`LiveBook.checkStaleness`: a book going overdue); the fixtures of
   * the ones that changed are recomputed at the next `scan()`.
   */
  recheckBooks(): void {
    for (const fixtureId of this.byFixture.keys()) {
      let changed = false;
      for (const bookmaker in this.book.fixtureBookmakers(fixtureId)) if (this.noteBookState(fixtureId, bookmaker)) changed = true;
      if (changed) this.markFixture(fixtureId);
    }
  }

  /** Records whether the book's prices on the fixture are blocked now; true when that changed. */
  private noteBookState(fixtureId: string, bookmaker: string): boolean {
    const meta = this.book.getBookmakerMeta(fixtureId, bookmaker);
    const blocked = meta !== undefined && (isBookmakerStale(meta) || meta.meta.suspended);
    const key = fixtureId + SEP + bookmaker;
    const before = this.bookStates.get(key) ?? false;
    if (blocked) this.bookStates.set(key, true);
    else this.bookStates.delete(key);
    return before !== blocked;
  }

  private markFixture(fixtureId: string): void {
    for (const market of this.byFixture.get(fixtureId) ?? []) this.dirty.add(market);
  }

  private markAll(): void {
    for (const market of this.markets.values()) this.dirty.add(market);
  }

  /** Rebuilds a fixture's index from the book (a seed may have dropped rows). */
  private reindexFixture(fixtureId: string): void {
    for (const market of this.byFixture.get(fixtureId) ?? []) {
      this.markets.delete(market.key);
      this.dirty.delete(market);
      this.dropped.add(market.key);
      for (const oddsId of market.quotes.keys()) if (this.held.get(oddsId)?.market === market) this.held.delete(oddsId);
    }
    this.byFixture.delete(fixtureId);
    this.lookup.delete(fixtureId);
    for (const bookmaker in this.book.fixtureBookmakers(fixtureId)) this.noteBookState(fixtureId, bookmaker);
    const odds = this.book.fixtureOdds(fixtureId);
    for (const bookmaker in odds) {
      const entries = odds[bookmaker];
      for (const oddsId in entries) {
        const entry = entries[oddsId];
        if (entry !== undefined) this.noteOdds(fixtureId, oddsId, entry.marketId, entry.playerId, entry);
      }
    }
  }

  private fixtureContext(fixtureId: string): FixtureContext {
    let context = this.fixtureContexts.get(fixtureId);
    if (context === undefined) {
      const fixture = this.book.getFixture(fixtureId);
      const participants = fixture?.fixture?.participants;
      context = {
        fixtureName: participants === undefined ? fixtureId : `${participants.participant1Name} – ${participants.participant2Name}`,
        sportId: fixture?.fixture?.sport.sportId ?? sportOf(fixtureId),
        live: fixture?.status?.live ?? false,
        // Read live at every call: a book's state is never cached here.
        bookStatus: (bookmaker) => {
          const meta = this.book.getBookmakerMeta(fixtureId, bookmaker);
          return meta === undefined ? undefined : BOOK_STATUS[(isBookmakerStale(meta) ? 1 : 0) + (meta.meta.suspended ? 2 : 0)];
        },
      };
      this.fixtureContexts.set(fixtureId, context);
    }
    return context;
  }

  private computeMarket(market: MarketIndex, options: ScanOptions): MarketFinds | null {
    const known = this.catalogue.get(market.marketId);
    if (known === undefined || known.outcomeIds.length !== known.market.marketLength) return null;
    const record = known.market;
    const { fixtureId } = market;
    const fixture = this.fixtureContext(fixtureId);
    if (market.lines === null || market.linesFor !== known) {
      market.lines = scanLinesOf(known.outcomeIds, market.quotes.values(), known.outcomePositions);
      market.linesFor = known;
    }
    // scanMarket over the kept grouping: the same finds as a scan of `quotes` from scratch.
    const scan: MarketScan = market.quotes.size === 0 ? NO_FINDS : scanMarketLines(known.outcomeIds.length, market.lines, fixture.bookStatus, options);
    if (scan === NO_FINDS) return null;
    const { fixtureName, sportId, live } = fixture;
    const { marketId, playerId } = market;
    const { marketName, marketType } = record;
    const context: RowContext = { fixtureId, fixtureName, sportId, live, marketId, playerId, marketName, marketType };
    const arbitrage = scan.arbitrage;
    return {
      context,
      outcomeNames: known.outcomeNames,
      ev: scan.ev,
      evRows: null,
      arb:
        arbitrage === null
          ? null
          : {
              fixtureId, fixtureName, sportId, live, marketId, playerId, marketName, marketType,
              key: market.key,
              impliedSum: arbitrage.impliedSum,
              profitRatio: arbitrage.profitRatio,
              oldestChangedAt: arbitrage.oldestChangedAt,
              legs: arbitrage.legs.map((leg) => ({ ...leg, outcomeName: known.outcomeNames.get(leg.outcomeId) ?? String(leg.outcomeId) })),
            },
    };
  }
}

/** A market's EV rows: plain literals of one shape (no spreads). */
function evRowsOf(finds: MarketFinds): EvRow[] {
  const { fixtureId, fixtureName, sportId, live, marketId, playerId, marketName, marketType } = finds.context;
  const rows: EvRow[] = [];
  for (const find of finds.ev) {
    rows.push({
      fixtureId, fixtureName, sportId, live, marketId, playerId, marketName, marketType,
      key: find.oddsId,
      oddsId: find.oddsId,
      outcomeId: find.outcomeId,
      outcomeName: finds.outcomeNames.get(find.outcomeId) ?? String(find.outcomeId),
      bookmaker: find.bookmaker,
      price: find.price,
      netPrice: find.netPrice,
      fairProbability: find.fairProbability,
      fairPrice: 1 / find.fairProbability,
      ev: find.ev,
      changedAt: find.changedAt,
    });
  }
  return rows;
}

function evSort(id: EvSortId | ArbSortId): (a: EvRow, b: EvRow) => number {
  switch (id) {
    case 'price':
      return (a, b) => a.price - b.price;
    case 'fair':
      return (a, b) => a.fairPrice - b.fairPrice;
    case 'age':
      // Older first when ascending: age grows as changedAt falls.
      return (a, b) => b.changedAt - a.changedAt;
    case 'fixture':
      return (a, b) => compareText(a.fixtureName, b.fixtureName);
    case 'book':
      return (a, b) => compareText(a.bookmaker, b.bookmaker);
    case 'selection':
      return (a, b) => compareText(a.marketName + a.outcomeName, b.marketName + b.outcomeName);
    default:
      return (a, b) => a.ev - b.ev;
  }
}

function arbSort(id: EvSortId | ArbSortId): (a: ArbRow, b: ArbRow) => number {
  switch (id) {
    case 'age':
      return (a, b) => b.oldestChangedAt - a.oldestChangedAt;
    case 'fixture':
      return (a, b) => compareText(a.fixtureName, b.fixtureName);
    case 'market':
      return (a, b) => compareText(a.marketName, b.marketName);
    default:
      return (a, b) => a.profitRatio - b.profitRatio;
  }
}
