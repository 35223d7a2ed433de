// The odds screen's LAYOUT: which oddsId sits in which cell — markets grouped by type, period,
// player and line; a row per outcome, a column per bookmaker — built once from a snapshot and the
// catalogue, rebuilt only when a price arrives that has no cell. Its values (cell states, best
// prices, fair prices, arbitrage) are ./odds-board-values.ts, recomputed per market from live entries.
import type { FixtureBookmakers, FixtureOdds } from '../wire/shared-schemas.ts';
import type { Market } from '../wire/reference-schemas.ts';
import { compareMarketTypes, comparePeriods } from './market-order.ts';

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
