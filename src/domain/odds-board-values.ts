// The odds screen's VALUES of one market — cell states, best prices, overround, no-vig fair
// prices, arbitrage, EV — recomputed from live entries read by oddsId over the layout of
// ./odds-board-layout.ts (which oddsId sits in which cell).
import type { FixtureOdds, OddsEntry } from '../wire/shared-schemas.ts';
import { commissionOf, netPrice, type CommissionRates } from './commission.ts';
import { consensusBook, DevigError, devig } from './devig.ts';
import type { DevigMethod } from './devig.ts';
import { EQUAL_CONSENSUS, selectFairLineBooks, type FairLine, type FairLineExclusion, type FairLineFailure, type FairLineQuote } from './fair-line.ts';
import { MarketError, bestPrices, findArbitrage, overround } from './market.ts';
import type { Arbitrage, BestPrice, PriceQuote } from './market.ts';
import { BoardError, type BoardLayout } from './odds-board-layout.ts';

/** Reads the live entry of an oddsId (the book's lookup); undefined when it holds none. */
export type EntryLookup = (oddsId: string) => OddsEntry | undefined;

/** A lookup over a snapshot's `odds` (bookmaker → oddsId → entry), for tests and first paint. */
export function snapshotLookup(odds: FixtureOdds): EntryLookup {
  const byOddsId = new Map<string, OddsEntry>();
  for (const entries of Object.values(odds)) {
    for (const [oddsId, entry] of Object.entries(entries)) byOddsId.set(oddsId, entry);
  }
  return (oddsId) => byOddsId.get(oddsId);
}

/** What the board needs to know about a bookmaker (a `BookmakerHealth` fits). */
export interface BookStatus {
  readonly suspended: boolean;
  readonly stale: boolean;
}

/**
 * The state a cell shows, most severe first when several hold:
 * `absent` (no entry), `book-suspended`, `market-suspended` (`marketActive: false`),
 * `inactive` (`active: false`), `book-stale`, `active`.
 */
export type CellState = 'absent' | 'book-suspended' | 'market-suspended' | 'inactive' | 'book-stale' | 'active';

export interface ValuesOptions {
  /** The de-vig method of the fair price. */
  readonly method: DevigMethod;
  /** Total stake to split over an arbitrage; default 1 (the split is then a share). */
  readonly stake?: number;
  /** Bookmaker → status (from `bookmaker-health.ts`); a book missing here counts as healthy. */
  readonly bookStatus?: ReadonlyMap<string, BookStatus>;
  /**
   * Whether the prices of stale books count towards best prices, fair prices and arbitrage.
   * Default false: a stale book's price may no longer be on offer (spec 2.4) and is the usual
   * source of phantom arbitrage. Its cells still show, marked `book-stale`.
   */
  readonly countStaleBooks?: boolean;
  /** The books whose de-vigged markets make the fair price; default every book. */
  readonly fairBooks?: ReadonlySet<string>;
  /**
   * The fair line: which books at which weights, how many at least, which one required
   * (`fair-line.ts`); default `EQUAL_CONSENSUS`, every counting book at weight 1.
   */
  readonly fairLine?: FairLine;
  /**
   * Whether to give each fair price its range across the four methods (default true). false
   * de-vigs by the selected method alone (one Shin solve instead of four methods), for pages
   * that do not show the range.
   */
  readonly range?: boolean;
  /**
   * Commission rates on winnings per book (over `DEFAULT_COMMISSION`, `commission.ts`): best
   * price, arbitrage and EV compare prices net of them; shown prices stay gross.
   */
  readonly commission?: CommissionRates;
  /**
   * Books the trader cannot bet at: left out of best price, arbitrage and EV. They still inform
   * the fair price (a hidden sharp book still says what the price is worth).
   */
  readonly hiddenBooks?: ReadonlySet<string>;
}

export interface CellValue {
  readonly oddsId: string;
  readonly entry: OddsEntry | null;
  readonly state: CellState;
  /** Whether the price counts: active, market active, book not suspended (and not stale, by default). */
  readonly counts: boolean;
  /** Whether it is (one of) the row's best counting price, net of commission. */
  readonly best: boolean;
}

/** A row's best price: the highest net of commission among the bettable counting prices. */
export interface RowBest extends BestPrice {
  /** The gross (shown) price of the first book in `bookmakers`. */
  price: number;
  /** What it pays net of that book's commission; equal to `price` at a book without one. */
  netPrice: number;
}

/** A fair price of an outcome and its spread across the de-vig methods. */
export interface FairValue {
  /** Consensus fair probability under the selected method. */
  readonly probability: number;
  /** 1/probability, unrounded. */
  readonly price: number;
  /** Lowest and highest fair price across multiplicative, additive (where defined), power, Shin; null with `range: false`. */
  readonly range: { readonly min: number; readonly max: number } | null;
}

export interface RowValues {
  readonly key: string;
  readonly cells: readonly CellValue[];
  /** The highest counting net price and every book offering it; null when none counts. */
  readonly best: RowBest | null;
  /** Null when no reference book has a complete counting market, or for an uncatalogued outcome. */
  readonly fair: FairValue | null;
  /** Expected value per unit staked at the best net price against the fair probability: p·q − 1; null without both. */
  readonly ev: number | null;
}

/** One leg of an arbitrage: stake it at `price` with any of `bookmakers`. */
export interface ArbitrageLeg {
  readonly outcomeId: number;
  readonly rowKey: string;
  /** Gross (shown) price; the stake split uses `netPrice`. */
  readonly price: number;
  readonly netPrice: number;
  readonly bookmakers: readonly string[];
  readonly stake: number;
}

export interface BoardArbitrage extends Arbitrage {
  /** Same order as the rows. */
  readonly legs: readonly ArbitrageLeg[];
}

export interface MarketValues {
  readonly key: string;
  readonly rows: readonly RowValues[];
  /**
   * Per column (aligned with `layout.columns`): the book's overround Σ1/p − 1 on this market,
   * from its prices that are active in an active market, when it has one for every outcome;
   * else null (an incomplete market understates the margin).
   */
  readonly overround: readonly (number | null)[];
  /** The books whose complete counting markets make the consensus book of the fair prices; sorted. */
  readonly fairBooks: readonly string[];
  /** The fair line's weight of each of `fairBooks`, aligned with it. */
  readonly fairWeights: readonly number[];
  /** The books the fair line weighs but leaves out (stale, suspended, incomplete), in column order. */
  readonly fairExcluded: readonly { readonly bookmaker: string; readonly reason: Exclude<FairLineExclusion, 'not-weighted'> }[];
  /** Why the market has no fair price under the fair line (null when it has one, or is uncatalogued). */
  readonly fairFailure: FairLineFailure | null;
  /** Null when the best prices leave no arbitrage (or do not cover the market). */
  readonly arbitrage: BoardArbitrage | null;
}

const RANGE_METHODS = ['multiplicative', 'additive', 'power', 'shin'] as const;
type RangeMethod = (typeof RANGE_METHODS)[number];

function cellState(entry: OddsEntry | undefined, status: BookStatus | undefined): CellState {
  if (entry === undefined) return 'absent';
  if (status?.suspended === true) return 'book-suspended';
  if (!entry.marketActive) return 'market-suspended';
  if (!entry.active) return 'inactive';
  if (status?.stale === true) return 'book-stale';
  return 'active';
}

// Consensus fair probabilities per method: each outcome's implied probability 1/price averaged
// over the reference books (a "consensus book"), then de-vigged once per method. One de-vig per
// method, however many books: Shin's bisection costs microseconds, and a page recomputes a
// market on every price change.
function consensus(bookPrices: readonly (readonly number[])[], weights: readonly number[], methods: readonly RangeMethod[]): Map<RangeMethod, number[]> {
  const result = new Map<RangeMethod, number[]>();
  if (bookPrices.length === 0) return result;
  const consensusPrices = consensusBook(bookPrices, weights);
  for (const method of methods) {
    try {
      result.set(method, devig(consensusPrices, method));
    } catch (error) {
      // Additive is undefined on some markets (a longshot's share of the margin exceeds its
      // probability): the method then has no fair price there, and the range skips it.
      if (!(error instanceof DevigError)) throw error;
    }
  }
  return result;
}

/**
 * The live values of one market: each cell's state, the best counting price per row, each
 * book's overround, the consensus no-vig fair price per outcome, and any arbitrage.
 *
 * A price COUNTS (towards best, fair and arbitrage) when its entry is `active`, its market is
 * `marketActive`, its book is not suspended and — unless `countStaleBooks` — not stale.
 *
 * Fair price (the rule; see docs/domain.md): the reference books (`fairBooks`, default all)
 * whose counting prices cover all `marketLength` outcomes form a consensus book — per outcome
 * the mean of their implied probabilities 1/price — which is de-vigged by the method
 * (`worst-case`: per outcome the lowest of the four methods, as `devig` defines it). The range
 * is the lowest and highest fair price over multiplicative, additive (where defined), power
 * and Shin. A market missing from the catalogue, or whose catalogue record lists a different
 * number of outcomes than `marketLength`, gets no fair price, overround or arbitrage: its
 * completeness cannot be judged.
 *
 * Best price, arbitrage and EV compare prices NET of each book's commission (`netPrice`,
 * `commission.ts`) over the bettable books (not in `hiddenBooks`); shown prices stay gross.
 * Arbitrage is `findArbitrage` over the best net prices of the catalogued outcomes, the stake
 * split across them (legs name every book offering the best price). EV is
 * best net price × fair probability − 1.
 *
 * Cost: O(rows × columns) plus one de-vig per method — microseconds.
 * @throws BoardError when `marketKey` is not in the layout; MarketError for a stake that is not
 *   finite and positive.
 */
export function marketValues(layout: BoardLayout, marketKey: string, lookup: EntryLookup, options: ValuesOptions): MarketValues {
  const market = layout.markets.get(marketKey);
  if (market === undefined) throw new BoardError(`market ${marketKey} is not on the board of ${layout.fixtureId}`);
  const stake = options.stake ?? 1;
  // Checked here, not only by findArbitrage, so a bad stake fails whether or not prices line up.
  if (!Number.isFinite(stake) || stake <= 0) throw new MarketError(`stake must be a finite positive number, got ${String(stake)}`);
  const { columns } = layout;
  const countStale = options.countStaleBooks === true;
  const statuses = columns.map((bookmaker) => options.bookStatus?.get(bookmaker));

  const cellRows = market.rows.map((row) =>
    row.oddsIds.map((oddsId, column) => {
      const entry = lookup(oddsId);
      const state = cellState(entry, statuses[column]);
      const counts = state === 'active' || (state === 'book-stale' && countStale);
      return { oddsId, entry, state, counts };
    }),
  );

  const hidden = options.hiddenBooks;
  const rates = columns.map((bookmaker) => commissionOf(bookmaker, options.commission));
  const bests = cellRows.map((cells): RowBest | null => {
    const quotes: PriceQuote[] = [];
    const grossOf = new Map<string, number>();
    cells.forEach((cell, column) => {
      const bookmaker = columns[column] ?? '';
      if (!cell.counts || cell.entry === undefined || hidden?.has(bookmaker) === true) return;
      quotes.push({ bookmaker, outcomeId: 0, price: netPrice(cell.entry.price, rates[column] ?? 0), active: true });
      grossOf.set(bookmaker, cell.entry.price);
    });
    const best = bestPrices(quotes).get(0);
    if (best === undefined) return null;
    return { price: grossOf.get(best.bookmakers[0] ?? '') ?? best.price, netPrice: best.price, bookmakers: best.bookmakers };
  });

  const record = market.market;
  const cataloguedRows = market.rows.map((row, index) => ({ row, index })).filter(({ row }) => row.catalogued);
  const consistent = record !== null && cataloguedRows.length === record.marketLength && record.marketLength >= 2;

  const overrounds = columns.map((_, column): number | null => {
    if (!consistent) return null;
    const prices: number[] = [];
    for (const { index } of cataloguedRows) {
      const entry = cellRows[index]?.[column]?.entry;
      if (entry === undefined || !entry.active || !entry.marketActive) return null;
      prices.push(entry.price);
    }
    return overround(prices);
  });

  const quotes: FairLineQuote[] = [];
  if (consistent) {
    columns.forEach((bookmaker, column) => {
      if (options.fairBooks !== undefined && !options.fairBooks.has(bookmaker)) return;
      let prices: number[] | null = [];
      for (const { index } of cataloguedRows) {
        const cell = cellRows[index]?.[column];
        // A price of exactly 1 is a settled outcome: nothing to de-vig.
        if (cell?.entry === undefined || !cell.counts || cell.entry.price <= 1) {
          prices = null;
          break;
        }
        prices.push(cell.entry.price);
      }
      const status = statuses[column];
      quotes.push({ bookmaker, prices, stale: status?.stale === true && !countStale, suspended: status?.suspended === true });
    });
  }
  const selection = selectFairLineBooks(options.fairLine ?? EQUAL_CONSENSUS, quotes);
  // The consensus sums in column order (the books' order on the board); only the names are sorted.
  const fairLineBooks = consistent && selection.failure === null ? selection.used : [];
  const fairSorted = [...fairLineBooks].sort((a, b) => (a.bookmaker < b.bookmaker ? -1 : a.bookmaker > b.bookmaker ? 1 : 0));
  const fairExcluded = selection.excluded.flatMap(({ bookmaker, reason }) => (reason === 'not-weighted' ? [] : [{ bookmaker, reason }]));
  const { method } = options;
  const methods = options.range !== false || method === 'worst-case' ? RANGE_METHODS : [method];
  const byMethod = consensus(
    fairLineBooks.map((book) => book.prices),
    fairLineBooks.map((book) => book.weight),
    methods,
  );
  const fairAt = (position: number): FairValue | null => {
    const candidates = [...byMethod.values()].map((probabilities) => probabilities[position] ?? Number.NaN);
    const probability = method === 'worst-case' ? Math.min(...candidates) : byMethod.get(method)?.[position];
    if (probability === undefined || candidates.length === 0) return null;
    return {
      probability,
      price: 1 / probability,
      range: options.range === false ? null : { min: 1 / Math.max(...candidates), max: 1 / Math.min(...candidates) },
    };
  };
  const fairByRow = new Map(cataloguedRows.map(({ index }, position) => [index, fairAt(position)]));

  let arbitrage: BoardArbitrage | null = null;
  if (consistent) {
    const legs = cataloguedRows.map(({ row, index }) => ({ row, best: bests[index] ?? null }));
    if (legs.every((leg) => leg.best !== null)) {
      const found = findArbitrage(
        legs.map(({ row, best }) => ({ outcomeId: row.outcomeId, price: best?.netPrice ?? 1 })),
        record.marketLength,
        stake,
      );
      if (found !== null) {
        const stakeOf = new Map(found.stakes.map(({ outcomeId, stake }) => [outcomeId, stake]));
        arbitrage = {
          ...found,
          legs: legs.map(({ row, best }) => ({
            outcomeId: row.outcomeId,
            rowKey: row.key,
            price: best?.price ?? 1,
            netPrice: best?.netPrice ?? 1,
            bookmakers: best?.bookmakers ?? [],
            stake: stakeOf.get(row.outcomeId) ?? 0,
          })),
        };
      }
    }
  }

  const rows = market.rows.map((row, index): RowValues => {
    const best = bests[index] ?? null;
    const fair = fairByRow.get(index) ?? null;
    return {
      key: row.key,
      cells: (cellRows[index] ?? []).map(({ oddsId, entry, state, counts }, column) => ({
        oddsId,
        entry: entry ?? null,
        state,
        counts,
        best: best !== null && best.bookmakers.includes(columns[column] ?? ''),
      })),
      best,
      fair,
      ev: best === null || fair === null ? null : best.netPrice * fair.probability - 1,
    };
  });
  return {
    key: market.key,
    rows,
    overround: overrounds,
    fairBooks: fairSorted.map((book) => book.bookmaker),
    fairWeights: fairSorted.map((book) => book.weight),
    fairExcluded,
    fairFailure: consistent ? selection.failure : null,
    arbitrage,
  };
}
