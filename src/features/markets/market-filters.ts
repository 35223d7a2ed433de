// The market catalogue's search, filters and sort as they live in the URL
// (`/markets?sport=10&type=totals&prop=false&sort=-handicap,marketName`): parsed leniently (a bad
// value is dropped and named), written canonically.
import { isCatalogueSortKey, type CatalogueFilters, type CatalogueSort } from '../../domain/catalogue-table.ts';

/** The catalogue page's state kept in the URL. */
export interface MarketCatalogueState {
  readonly filters: CatalogueFilters;
  readonly sorting: readonly CatalogueSort[];
}

/** The URL search parameter of each part. */
export const MARKET_PARAMS = {
  search: 'q',
  sportIds: 'sport',
  marketTypes: 'type',
  periods: 'period',
  playerProp: 'prop',
  lines: 'line',
  lineMin: 'lineMin',
  lineMax: 'lineMax',
  sort: 'sort',
} as const;

/** Longest search text kept from a URL. */
export const MAX_SEARCH_LENGTH = 200;
/** Most values kept per list parameter: more are ignored (the catalogue has far fewer distinct values). */
export const MAX_LIST_VALUES = 100;
/** Market types and periods are slugs: letters, digits, `_` and `-`. */
const SLUG = /^[a-z0-9_-]{1,60}$/iu;
const NUMBER = /^-?\d{1,6}(\.\d{1,4})?$/u;

function list(params: URLSearchParams, name: string): string[] {
  const raw = params.get(name);
  if (raw === null) return [];
  return [...new Set(raw.split(',').map((part) => part.trim()).filter((part) => part !== ''))].slice(0, MAX_LIST_VALUES);
}

/** The state of the URL's search parameters and one sentence per value that was dropped. */
export function parseMarketCatalogueState(params: URLSearchParams): MarketCatalogueState & { readonly problems: readonly string[] } {
  const problems: string[] = [];
  const bad = (name: string, value: string, expected: string) => {
    problems.push(`Ignored ${name}=${value.slice(0, 40)}: ${expected}.`);
  };
  const filters: { -readonly [K in keyof CatalogueFilters]: CatalogueFilters[K] } = {};

  const search = params.get(MARKET_PARAMS.search);
  if (search !== null && search.trim() !== '') filters.search = search.slice(0, MAX_SEARCH_LENGTH);

  const sportIds: number[] = [];
  for (const value of list(params, MARKET_PARAMS.sportIds)) {
    if (/^\d{1,6}$/u.test(value) && Number(value) > 0) sportIds.push(Number(value));
    else bad(MARKET_PARAMS.sportIds, value, 'a sportId is a positive whole number');
  }
  if (sportIds.length > 0) filters.sportIds = sportIds;

  for (const [key, name] of [
    ['marketTypes', MARKET_PARAMS.marketTypes],
    ['periods', MARKET_PARAMS.periods],
  ] as const) {
    const values: string[] = [];
    for (const value of list(params, name)) {
      if (SLUG.test(value)) values.push(value);
      else bad(name, value, 'expected a slug such as totals or p1');
    }
    if (values.length > 0) filters[key] = values;
  }

  const prop = params.get(MARKET_PARAMS.playerProp);
  if (prop !== null && prop !== '') {
    if (prop === 'true') filters.playerProp = true;
    else if (prop === 'false') filters.playerProp = false;
    else bad(MARKET_PARAMS.playerProp, prop, 'prop is true (player props only) or false (none)');
  }

  const line: { values?: number[]; min?: number; max?: number } = {};
  const lines: number[] = [];
  for (const value of list(params, MARKET_PARAMS.lines)) {
    if (NUMBER.test(value)) lines.push(Number(value));
    else bad(MARKET_PARAMS.lines, value, 'a line is a number such as -1.5');
  }
  if (lines.length > 0) line.values = lines;
  for (const [key, name] of [
    ['min', MARKET_PARAMS.lineMin],
    ['max', MARKET_PARAMS.lineMax],
  ] as const) {
    const value = params.get(name)?.trim();
    if (value === undefined || value === '') continue;
    if (NUMBER.test(value)) line[key] = Number(value);
    else bad(name, value, 'a line bound is a number such as 2.5');
  }
  if (line.min !== undefined && line.max !== undefined && line.min > line.max) {
    problems.push(`Ignored lineMax=${String(line.max)}: it is below lineMin=${String(line.min)}.`);
    delete line.max;
  }
  if (line.values !== undefined || line.min !== undefined || line.max !== undefined) filters.line = line;

  const sorting: CatalogueSort[] = [];
  for (const value of list(params, MARKET_PARAMS.sort)) {
    const desc = value.startsWith('-');
    const id = desc ? value.slice(1) : value;
    if (!isCatalogueSortKey(id)) {
      bad(MARKET_PARAMS.sort, value, 'not a sortable column');
      continue;
    }
    if (!sorting.some((s) => s.id === id)) sorting.push({ id, desc });
  }
  return { filters, sorting, problems };
}

/** The URL search parameters of a state, in a fixed order, empty parts left out. */
export function marketCatalogueStateToParams(state: MarketCatalogueState): URLSearchParams {
  const { filters, sorting } = state;
  const params = new URLSearchParams();
  if (filters.search !== undefined && filters.search !== '') params.set(MARKET_PARAMS.search, filters.search);
  if (filters.sportIds !== undefined && filters.sportIds.length > 0) params.set(MARKET_PARAMS.sportIds, filters.sportIds.join(','));
  if (filters.marketTypes !== undefined && filters.marketTypes.length > 0) params.set(MARKET_PARAMS.marketTypes, filters.marketTypes.join(','));
  if (filters.periods !== undefined && filters.periods.length > 0) params.set(MARKET_PARAMS.periods, filters.periods.join(','));
  if (filters.playerProp === true || filters.playerProp === false) params.set(MARKET_PARAMS.playerProp, String(filters.playerProp));
  const line = filters.line;
  if (line?.values !== undefined && line.values.length > 0) params.set(MARKET_PARAMS.lines, line.values.join(','));
  if (line?.min !== undefined) params.set(MARKET_PARAMS.lineMin, String(line.min));
  if (line?.max !== undefined) params.set(MARKET_PARAMS.lineMax, String(line.max));
  if (sorting.length > 0) params.set(MARKET_PARAMS.sort, sorting.map((s) => (s.desc ? `-${s.id}` : s.id)).join(','));
  return params;
}
