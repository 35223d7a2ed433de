// The market catalogue page's row model: one row per Market record (spec 2.6) with its search
// text, the filter predicates and sort comparators a TanStack Table wraps, facets and CSV export.
import type { Market } from '../wire/reference-schemas.ts';
import { toCsv } from './csv.ts';
import type { CsvCell, CsvOptions } from './csv.ts';
import { compareMarketTypes, compareNatural, comparePeriods } from './market-order.ts';

/** One catalogue row: the record's fields flattened, plus its outcome lists and search text. */
export interface CatalogueRow {
  readonly market: Market;
  readonly marketId: number;
  readonly sportId: number;
  readonly marketType: string;
  readonly period: string;
  /** The line (`handicap`); 0 for lineless markets. */
  readonly handicap: number;
  readonly playerProp: boolean;
  readonly marketLength: number;
  readonly marketName: string;
  readonly marketNameShort: string;
  /** `outcomeId`s in canonical order. */
  readonly outcomeIds: readonly number[];
  /** `outcomeName`s in canonical order. */
  readonly outcomeNames: readonly string[];
  /** Folded (see {@link foldForSearch}) name, short name, ids, type, period and outcome names. */
  readonly searchText: string;
}

/**
 * Text as search compares it: Unicode-decomposed with combining marks removed, lower-cased
 * without a locale, whitespace collapsed — so `equipe` finds `Équipe` and `GOALS` finds `goals`
 * in every language, and the result never depends on the machine's locale.
 */
export function foldForSearch(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** The row of one Market record. */
export function catalogueRow(market: Market): CatalogueRow {
  const outcomeIds = market.outcomes.map((outcome) => outcome.outcomeId);
  const outcomeNames = market.outcomes.map((outcome) => outcome.outcomeName);
  const searchText = foldForSearch(
    [
      market.marketName,
      market.marketNameShort,
      String(market.marketId),
      market.marketType,
      market.period,
      ...outcomeIds.map(String),
      ...outcomeNames,
    ].join(' '),
  );
  return {
    market,
    marketId: market.marketId,
    sportId: market.sportId,
    marketType: market.marketType,
    period: market.period,
    handicap: market.handicap,
    playerProp: market.playerProp,
    marketLength: market.marketLength,
    marketName: market.marketName,
    marketNameShort: market.marketNameShort,
    outcomeIds,
    outcomeNames,
    searchText,
  };
}

/** Rows of a `GET /markets` answer, in the catalogue's default order ({@link compareCatalogueDefault}). */
export function catalogueRows(markets: readonly Market[]): CatalogueRow[] {
  return markets.map(catalogueRow).sort(compareCatalogueDefault);
}

/** The search box's query as folded tokens; every token must occur in a row (AND). */
export function searchTokens(query: string): string[] {
  const folded = foldForSearch(query);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * Whether a row matches a search query: every whitespace-separated token occurs somewhere in
 * its name, short name, `marketId`, `outcomeId`s, outcome names, type or period (substring,
 * case- and accent-insensitive). An empty query matches every row.
 */
export function matchesSearch(row: CatalogueRow, query: string | readonly string[]): boolean {
  const tokens = typeof query === 'string' ? searchTokens(query) : query;
  return tokens.every((token) => row.searchText.includes(token));
}

/**
 * A line filter: `values` keeps rows whose handicap is one of them; `min`/`max` bound it
 * (inclusive). Absent parts do not filter.
 */
export interface LineFilter {
  readonly values?: readonly number[];
  readonly min?: number;
  readonly max?: number;
}

/** Every filter of the catalogue page; an absent or empty part keeps every row. */
export interface CatalogueFilters {
  readonly search?: string;
  readonly sportIds?: readonly number[];
  readonly marketTypes?: readonly string[];
  readonly periods?: readonly string[];
  /** true: player props only; false: no player props; null/absent: both. */
  readonly playerProp?: boolean | null;
  readonly line?: LineFilter;
}

function inList<T>(value: T, list: readonly T[] | undefined): boolean {
  return list === undefined || list.length === 0 || list.includes(value);
}

/**
 * The per-column predicates, keyed by column id, for TanStack Table `filterFn`s: e.g.
 * `filterFn: (row, _id, value) => catalogueColumnFilters.sportId(row.original, value)`.
 * An empty or absent value keeps the row.
 */
export const catalogueColumnFilters = {
  sportId: (row: CatalogueRow, value: readonly number[] | undefined): boolean => inList(row.sportId, value),
  marketType: (row: CatalogueRow, value: readonly string[] | undefined): boolean => inList(row.marketType, value),
  period: (row: CatalogueRow, value: readonly string[] | undefined): boolean => inList(row.period, value),
  playerProp: (row: CatalogueRow, value: boolean | null | undefined): boolean =>
    value === null || value === undefined || row.playerProp === value,
  handicap: (row: CatalogueRow, value: LineFilter | undefined): boolean => {
    if (value === undefined) return true;
    const { values, min, max } = value;
    if (values !== undefined && values.length > 0 && !values.includes(row.handicap)) return false;
    if (min !== undefined && row.handicap < min) return false;
    return max === undefined || row.handicap <= max;
  },
} as const;

/** The sortable columns: every scalar field of a row (the outcome lists are not sortable). */
export const CATALOGUE_SORT_KEYS = [
  'marketId',
  'sportId',
  'marketType',
  'period',
  'handicap',
  'playerProp',
  'marketLength',
  'marketName',
  'marketNameShort',
] as const;
export type CatalogueSortKey = (typeof CATALOGUE_SORT_KEYS)[number];

const SORT_KEY_SET: ReadonlySet<string> = new Set(CATALOGUE_SORT_KEYS);

/** Whether text (e.g. from a URL) names a sortable column. */
export function isCatalogueSortKey(value: string): value is CatalogueSortKey {
  return SORT_KEY_SET.has(value);
}

/** One sort level, as TanStack Table's `SortingState` holds it. */
export interface CatalogueSort {
  readonly id: CatalogueSortKey;
  readonly desc: boolean;
}

/** Compares names for sorting: pass `new Intl.Collator(lang, { numeric: true }).compare` for the UI language. */
export type TextComparator = (a: string, b: string) => number;

/**
 * The comparator of one column, ascending: types and periods in the board's order
 * (`market-order.ts`), names by `compareText` (default {@link compareNatural}, code units with
 * numbers as numbers — pass a collator for the UI language), the rest numerically
 * (false before true).
 */
export function catalogueComparator(
  key: CatalogueSortKey,
  compareText: TextComparator = compareNatural,
): (a: CatalogueRow, b: CatalogueRow) => number {
  switch (key) {
    case 'marketId':
    case 'sportId':
    case 'handicap':
    case 'marketLength':
      return (a, b) => a[key] - b[key];
    case 'playerProp':
      return (a, b) => Number(a.playerProp) - Number(b.playerProp);
    case 'marketType':
      return (a, b) => compareMarketTypes(a.marketType, b.marketType);
    case 'period':
      return (a, b) => comparePeriods(a.period, b.period);
    case 'marketName':
    case 'marketNameShort':
      return (a, b) => compareText(a[key], b[key]);
    default: {
      // Keys arrive from URLs, so guard at runtime too.
      const unknown: never = key;
      throw new RangeError(`unknown catalogue sort column ${String(unknown)}`);
    }
  }
}

/**
 * The catalogue's default order: sport, market type, period, line, `marketId` — the order the
 * odds board groups markets in.
 */
export function compareCatalogueDefault(a: CatalogueRow, b: CatalogueRow): number {
  return (
    a.sportId - b.sportId ||
    compareMarketTypes(a.marketType, b.marketType) ||
    comparePeriods(a.period, b.period) ||
    a.handicap - b.handicap ||
    a.marketId - b.marketId
  );
}

/** A filter option and how many rows have it. */
export interface FacetValue<T> {
  readonly value: T;
  readonly count: number;
}

/** The options of each filter, with counts, in display order. */
export interface CatalogueFacets {
  readonly sportIds: readonly FacetValue<number>[];
  readonly marketTypes: readonly FacetValue<string>[];
  readonly periods: readonly FacetValue<string>[];
  readonly lines: readonly FacetValue<number>[];
}

function facet<T>(rows: readonly CatalogueRow[], read: (row: CatalogueRow) => T, compare: (a: T, b: T) => number): FacetValue<T>[] {
  const counts = new Map<T, number>();
  for (const row of rows) {
    const value = read(row);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()].sort(([a], [b]) => compare(a, b)).map(([value, count]) => ({ value, count }));
}

/** The distinct sports, market types, periods and lines of some rows (e.g. the unfiltered set). */
export function catalogueFacets(rows: readonly CatalogueRow[]): CatalogueFacets {
  return {
    sportIds: facet(rows, (row) => row.sportId, (a, b) => a - b),
    marketTypes: facet(rows, (row) => row.marketType, compareMarketTypes),
    periods: facet(rows, (row) => row.period, comparePeriods),
    lines: facet(rows, (row) => row.handicap, (a, b) => a - b),
  };
}

/** The CSV export's columns, in order; identifiers never change with the language. */
export const CATALOGUE_CSV_COLUMNS = [
  'marketId',
  'sportId',
  'marketType',
  'period',
  'handicap',
  'playerProp',
  'marketLength',
  'marketName',
  'marketNameShort',
  'outcomeIds',
  'outcomeNames',
] as const;
export type CatalogueCsvColumn = (typeof CATALOGUE_CSV_COLUMNS)[number];

/** Separates the outcomes inside the `outcomeIds` and `outcomeNames` cells. */
export const OUTCOME_SEPARATOR = ' | ';

export interface CatalogueCsvOptions extends CsvOptions {
  /** Header labels (e.g. translated); a column without one is headed by its id. */
  readonly headers?: Partial<Record<CatalogueCsvColumn, string>>;
}

/**
 * The rows (pass exactly what is filtered and sorted on screen) as CSV (`csv.ts`): a header,
 * then one record per market; the outcomes of a market in two cells, ids and names each joined
 * by {@link OUTCOME_SEPARATOR} in canonical order.
 */
export function catalogueCsv(rows: readonly CatalogueRow[], options: CatalogueCsvOptions = {}): string {
  const header = CATALOGUE_CSV_COLUMNS.map((column) => options.headers?.[column] ?? column);
  const records = rows.map((row): CsvCell[] => [
    row.marketId,
    row.sportId,
    row.marketType,
    row.period,
    row.handicap,
    row.playerProp,
    row.marketLength,
    row.marketName,
    row.marketNameShort,
    row.outcomeIds.join(OUTCOME_SEPARATOR),
    row.outcomeNames.join(OUTCOME_SEPARATOR),
  ]);
  return toCsv([header, ...records], options);
}
