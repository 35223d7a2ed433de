// The odds screen's model, in two halves: the LAYOUT (which oddsId sits in which cell: markets
// grouped by type, period, player and line; a row per outcome, a column per bookmaker), built
// once from a snapshot and the catalogue; and the VALUES of one market (cell states, best
// prices, overround, no-vig fair prices, arbitrage), recomputed from live entries read by oddsId.
import type { FixtureBookmakers, FixtureOdds, OddsEntry } from '../wire/shared-schemas.ts';
import type { Market } from '../wire/reference-schemas.ts';
import { commissionOf, netPrice, type CommissionRates } from './commission.ts';
import { consensusBook, DevigError, devig } from './devig.ts';
import type { DevigMethod } from './devig.ts';
import { EQUAL_CONSENSUS, selectFairLineBooks, type FairLine, type FairLineExclusion, type FairLineFailure, type FairLineQuote } from './fair-line.ts';
import { MarketError, bestPrices, findArbitrage, overround } from './market.ts';
import type { Arbitrage, BestPrice, PriceQuote } from './market.ts';
import { compareMarketTypes, comparePeriods } from './market-order.ts';

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

/** One outcome row of a market: the oddsId of each bookmaker column, aligned with `columns`. */
export interface BoardRow {
  /** `{outcomeId}:{playerId}`, unique within the board. */
  readonly key: string;
  readonly outcomeId: number;
  readonly playerId: number;
  /** From the catalogue; null for an outcome the catalogue does not list. */
  readonly outcomeName: string | null;
  /** Whether the catalogue lists the outcome under this market (only those enter the maths). */
  readonly catalogued: boolean;
  /**
   * The cell oddsIds, one per column: the snapshot's key where the book quoted the outcome, else
   * the oddsId it would have (`{fixtureId}:{bookmaker}:{outcomeId}:{playerId}`), so a price that
   * appears later lands in its cell without a rebuild.
   */
  readonly oddsIds: readonly string[];
}

/** One line of one player (or of the match): a `marketId` with a `playerId`, the unit of the maths. */
export interface BoardMarket {
  /** `{marketId}:{playerId}`, unique within the board. */
  readonly key: string;
  readonly marketId: number;
  readonly playerId: number;
  /** The catalogue record; null when the catalogue does not know the `marketId`. */
  readonly market: Market | null;
  /** True when some book marked it `mainLine` in the snapshot (or it stands in for a family with none). */
  readonly mainLine: boolean;
  /** Catalogued outcomes in canonical order, then any outcome the catalogue does not list. */
  readonly rows: readonly BoardRow[];
}

/** The lines of one family — one market type, period and player — main lines first. */
export interface BoardFamily {
  /** `{marketType}|{period}|{playerId}`; `?|?|{playerId}` for markets missing from the catalogue. */
  readonly key: string;
  readonly playerId: number;
  /** Main lines, by line then `marketId`: shown by default. */
  readonly main: readonly BoardMarket[];
  /** Alternate lines, same order: shown on demand. */
  readonly alternates: readonly BoardMarket[];
}

export interface BoardPeriodGroup {
  /** null for the markets missing from the catalogue. */
  readonly period: string | null;
  /** The match family first (playerId 0), then one per player by ascending `playerId`. */
  readonly families: readonly BoardFamily[];
}

export interface BoardTypeGroup {
  /** null: markets the catalogue does not know (shown last, as "other markets"). */
  readonly marketType: string | null;
  readonly playerProp: boolean;
  readonly periods: readonly BoardPeriodGroup[];
}

/** Where one oddsId sits. */
export interface BoardCellRef {
  readonly marketKey: string;
  readonly rowIndex: number;
  readonly columnIndex: number;
}

/** The structure of the odds screen of one fixture; immutable, rebuilt only when it changes. */
export interface BoardLayout {
  readonly fixtureId: string;
  /** Bookmaker slugs, one column each. */
  readonly columns: readonly string[];
  /** By market type ({@link compareMarketTypes}), period ({@link comparePeriods}), family, line. */
  readonly groups: readonly BoardTypeGroup[];
  /** Every market by key. */
  readonly markets: ReadonlyMap<string, BoardMarket>;
  /** Bookmaker slug → column index. */
  readonly columnIndex: ReadonlyMap<string, number>;
  /** `outcomeId` → the `marketId` it is filed under; with {@link cellOf}, the route from a changed price to its market. */
  readonly marketIdByOutcome: ReadonlyMap<number, number>;
  /** `marketId`s quoted in the snapshot but absent from the catalogue, ascending. */
  readonly uncataloguedMarketIds: readonly number[];
}

/** What a layout is built from. */
export interface BoardInput {
  readonly fixtureId: string;
  /** The snapshot's `odds`: bookmaker slug → oddsId → entry (spec 2.2). */
  readonly odds: FixtureOdds;
  /** The catalogue records of the fixture's markets (`GET /markets?marketIds=…`). */
  readonly markets: readonly Market[] | ReadonlyMap<number, Market>;
  /** The snapshot's `bookmakers`: a book listed here gets a column even before it quotes. */
  readonly bookmakers?: FixtureBookmakers;
  /** Column order: these slugs first (those present), every other book after, by slug. */
  readonly bookmakerOrder?: readonly string[];
}

/** Thrown when the board is asked about something it does not hold. */
export class BoardError extends Error {
  override readonly name = 'BoardError';
}

interface MarketDraft {
  readonly marketId: number;
  readonly playerId: number;
  readonly market: Market | null;
  mainLine: boolean;
  readonly bookmakers: Set<string>;
  /** outcomeId → column → snapshot oddsId. */
  readonly quoted: Map<number, Map<string, string>>;
}

// `Array.isArray` types its guard as `any[]`, which would leak `any` into the list branch.
function isMarketList(markets: readonly Market[] | ReadonlyMap<number, Market>): markets is readonly Market[] {
  return Array.isArray(markets);
}

function orderColumns(input: BoardInput): string[] {
  const present = new Set([...Object.keys(input.odds), ...Object.keys(input.bookmakers ?? {})]);
  const first = (input.bookmakerOrder ?? []).filter((slug, index, list) => present.has(slug) && list.indexOf(slug) === index);
  const firstSet = new Set(first);
  return [...first, ...[...present].filter((slug) => !firstSet.has(slug)).sort()];
}

const familyKeyOf = (market: Market | null, playerId: number): string =>
  market === null ? `?|?|${String(playerId)}` : `${market.marketType}|${market.period}|${String(playerId)}`;

function compareLines(a: MarketDraft, b: MarketDraft): number {
  return (a.market?.handicap ?? 0) - (b.market?.handicap ?? 0) || a.marketId - b.marketId;
}

/**
 * Builds the layout of a fixture's odds screen from its snapshot and the catalogue.
 * - A market is one `marketId` for one `playerId` (each player of a prop has a complete market
 *   of their own); markets are grouped by `marketType`, then `period`, then family (the match,
 *   then each player), and listed by line (`handicap`) then `marketId`.
 * - A line is a main line when any book marked one of its entries `mainLine` in the snapshot;
 *   every other line of its family is an alternate. A family where no book marks a main line
 *   shows the line quoted by the most books (the lowest on a tie) as main, so no family is
 *   hidden behind "alternates" entirely.
 * - Rows follow the catalogue's canonical outcome order; an outcome the catalogue does not list
 *   under the market (inconsistent data) gets a row after them, so every quoted price has a
 *   cell. Markets missing from the catalogue go last, in a group with `marketType: null`.
 * - Every row has a cell per column; see {@link BoardRow.oddsIds}.
 * Costs O(entries + rows × columns); a busy fixture (16 books × 1,300 entries) takes a few ms.
 * @throws BoardError when two oddsIds claim one cell (same bookmaker, outcome and player),
 *   naming both, or when one `outcomeId` is filed under two `marketId`s.
 */
export function buildBoardLayout(input: BoardInput): BoardLayout {
  const { fixtureId } = input;
  const catalogue: ReadonlyMap<number, Market> = isMarketList(input.markets)
    ? new Map(input.markets.map((market) => [market.marketId, market]))
    : input.markets;
  const columns = orderColumns(input);
  // marketId → playerId → draft: numeric keys, so no key string is built per entry.
  const draftsByMarket = new Map<number, Map<number, MarketDraft>>();
  const drafts: MarketDraft[] = [];
  for (const [bookmaker, entries] of Object.entries(input.odds)) {
    // Object.keys and an indexed read: Object.entries would allocate a pair per entry.
    for (const oddsId of Object.keys(entries)) {
      const entry = entries[oddsId];
      if (entry === undefined) continue;
      let byPlayer = draftsByMarket.get(entry.marketId);
      if (byPlayer === undefined) {
        byPlayer = new Map();
        draftsByMarket.set(entry.marketId, byPlayer);
      }
      let draft = byPlayer.get(entry.playerId);
      if (draft === undefined) {
        draft = {
          marketId: entry.marketId,
          playerId: entry.playerId,
          market: catalogue.get(entry.marketId) ?? null,
          mainLine: false,
          bookmakers: new Set(),
          quoted: new Map(),
        };
        byPlayer.set(entry.playerId, draft);
        drafts.push(draft);
      }
      if (entry.mainLine) draft.mainLine = true;
      draft.bookmakers.add(bookmaker);
      let byColumn = draft.quoted.get(entry.outcomeId);
      if (byColumn === undefined) {
        byColumn = new Map();
        draft.quoted.set(entry.outcomeId, byColumn);
      }
      const other = byColumn.get(bookmaker);
      if (other !== undefined) {
        throw new BoardError(
          `oddsIds ${other} and ${oddsId} both claim bookmaker ${bookmaker}, outcomeId ` +
            `${String(entry.outcomeId)}, playerId ${String(entry.playerId)}: one price per cell`,
        );
      }
      byColumn.set(bookmaker, oddsId);
    }
  }

  const markets = new Map<string, BoardMarket>();
  const marketIdByOutcome = new Map<number, number>();
  const toMarket = (draft: MarketDraft, mainLine: boolean): BoardMarket => {
    const key = `${String(draft.marketId)}:${String(draft.playerId)}`;
    const listed = draft.market?.outcomes ?? [];
    const listedIds = new Set(listed.map((outcome) => outcome.outcomeId));
    const extra = [...draft.quoted.keys()].filter((outcomeId) => !listedIds.has(outcomeId)).sort((a, b) => a - b);
    const outcomes = [
      ...listed.map((outcome) => ({ outcomeId: outcome.outcomeId, outcomeName: outcome.outcomeName, catalogued: true })),
      ...extra.map((outcomeId) => ({ outcomeId, outcomeName: null, catalogued: false })),
    ];
    const rows = outcomes.map(({ outcomeId, outcomeName, catalogued }): BoardRow => {
      const filed = marketIdByOutcome.get(outcomeId);
      if (filed !== undefined && filed !== draft.marketId) {
        throw new BoardError(
          `outcomeId ${String(outcomeId)} is filed under marketIds ${String(filed)} and ${String(draft.marketId)}: ` +
            'an outcome belongs to one market (spec 2.1)',
        );
      }
      marketIdByOutcome.set(outcomeId, draft.marketId);
      const quoted = draft.quoted.get(outcomeId);
      const oddsIds = columns.map(
        (bookmaker) => quoted?.get(bookmaker) ?? `${fixtureId}:${bookmaker}:${String(outcomeId)}:${String(draft.playerId)}`,
      );
      return { key: `${String(outcomeId)}:${String(draft.playerId)}`, outcomeId, playerId: draft.playerId, outcomeName, catalogued, oddsIds };
    });
    const market: BoardMarket = { key, marketId: draft.marketId, playerId: draft.playerId, market: draft.market, mainLine, rows };
    markets.set(key, market);
    return market;
  };

  // type → period → family → lines, as nested maps, then sorted.
  const tree = new Map<string, { marketType: string | null; playerProp: boolean; periods: Map<string, { period: string | null; families: Map<string, MarketDraft[]> }> }>();
  for (const draft of drafts) {
    const typeKey = draft.market === null ? '\u0000?' : draft.market.marketType;
    let typeNode = tree.get(typeKey);
    if (typeNode === undefined) {
      typeNode = { marketType: draft.market?.marketType ?? null, playerProp: draft.market?.playerProp ?? draft.playerId !== 0, periods: new Map() };
      tree.set(typeKey, typeNode);
    }
    const periodKey = draft.market?.period ?? '\u0000?';
    let periodNode = typeNode.periods.get(periodKey);
    if (periodNode === undefined) {
      periodNode = { period: draft.market?.period ?? null, families: new Map() };
      typeNode.periods.set(periodKey, periodNode);
    }
    const familyKey = familyKeyOf(draft.market, draft.playerId);
    const lines = periodNode.families.get(familyKey);
    if (lines === undefined) periodNode.families.set(familyKey, [draft]);
    else lines.push(draft);
  }

  const groups: BoardTypeGroup[] = [...tree.values()]
    .sort((a, b) => compareNullLast(a.marketType, b.marketType, compareMarketTypes))
    .map((typeNode) => ({
      marketType: typeNode.marketType,
      playerProp: typeNode.playerProp,
      periods: [...typeNode.periods.values()]
        .sort((a, b) => compareNullLast(a.period, b.period, comparePeriods))
        .map((periodNode) => ({
          period: periodNode.period,
          families: [...periodNode.families.entries()]
            .map(([key, lines]) => buildFamily(key, lines.sort(compareLines), toMarket))
            .sort((a, b) => a.playerId - b.playerId),
        })),
    }));

  const uncataloguedMarketIds = [...new Set(drafts.filter((d) => d.market === null).map((d) => d.marketId))].sort((a, b) => a - b);
  const columnIndex = new Map(columns.map((bookmaker, index) => [bookmaker, index]));
  return { fixtureId, columns, groups, markets, columnIndex, marketIdByOutcome, uncataloguedMarketIds };
}

function compareNullLast(a: string | null, b: string | null, compare: (x: string, y: string) => number): number {
  if (a === null || b === null) return (a === null ? 1 : 0) - (b === null ? 1 : 0);
  return compare(a, b);
}

function buildFamily(key: string, lines: MarketDraft[], toMarket: (draft: MarketDraft, mainLine: boolean) => BoardMarket): BoardFamily {
  let marked = lines.filter((line) => line.mainLine);
  if (marked.length === 0) {
    // No book marks a main line: the most widely quoted line stands in (lowest line on a tie).
    const most = Math.max(...lines.map((line) => line.bookmakers.size));
    marked = lines.filter((line) => line.bookmakers.size === most).slice(0, 1);
  }
  const main = new Set(marked);
  const first = lines[0];
  return {
    key,
    playerId: first === undefined ? 0 : first.playerId,
    main: lines.filter((line) => main.has(line)).map((line) => toMarket(line, true)),
    alternates: lines.filter((line) => !main.has(line)).map((line) => toMarket(line, false)),
  };
}

/**
 * Where an oddsId sits in the layout, or undefined when it has no cell — another fixture, a new
 * market, player or bookmaker: the page then rebuilds the layout from the book. Reads the
 * oddsId's segments (no map of every cell is kept) and confirms the cell holds exactly it.
 */
export function cellOf(layout: BoardLayout, oddsId: string): BoardCellRef | undefined {
  const segments = oddsId.split(':');
  if (segments.length !== 4) return undefined;
  const [fixtureId, bookmaker = '', outcomeText, playerText] = segments;
  if (fixtureId !== layout.fixtureId) return undefined;
  const outcomeId = Number(outcomeText);
  const marketId = layout.marketIdByOutcome.get(outcomeId);
  const columnIndex = layout.columnIndex.get(bookmaker);
  if (marketId === undefined || columnIndex === undefined) return undefined;
  const marketKey = `${String(marketId)}:${String(Number(playerText))}`;
  const rows = layout.markets.get(marketKey)?.rows ?? [];
  const rowIndex = rows.findIndex((row) => row.outcomeId === outcomeId);
  return rows[rowIndex]?.oddsIds[columnIndex] === oddsId ? { marketKey, rowIndex, columnIndex } : undefined;
}

/** Every market in display order: groups, periods, families, main lines then alternates. */
export function boardMarketsInOrder(layout: BoardLayout, includeAlternates = true): BoardMarket[] {
  const out: BoardMarket[] = [];
  for (const group of layout.groups) {
    for (const period of group.periods) {
      for (const family of period.families) {
        out.push(...family.main);
        if (includeAlternates) out.push(...family.alternates);
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------------------------

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
