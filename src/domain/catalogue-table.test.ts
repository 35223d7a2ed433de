import { describe, expect, it } from 'vitest';
import type { Market } from '../wire/reference-schemas.ts';
import {
  CATALOGUE_CSV_COLUMNS,
  CATALOGUE_SORT_KEYS,
  catalogueColumnFilters,
  catalogueComparator,
  catalogueCsv,
  catalogueFacets,
  catalogueRow,
  catalogueRows,
  foldForSearch,
  isCatalogueSortKey,
  matchesSearch,
  searchTokens,
} from './catalogue-table.ts';
import type { CatalogueFilters, CatalogueRow, CatalogueSort, CatalogueSortKey, TextComparator } from './catalogue-table.ts';

const market = (
  marketId: number,
  sportId: number,
  marketType: string,
  period: string,
  handicap: number,
  marketName: string,
  names: string[],
  playerProp = false,
): Market => ({
  marketId,
  marketLength: names.length,
  sportId,
  playerProp,
  handicap,
  period,
  marketType,
  marketName,
  marketNameShort: marketType.toUpperCase(),
  outcomes: names.map((outcomeName, i) => ({ outcomeId: marketId + i, outcomeName })),
});

const MARKETS: Market[] = [
  market(1013, 10, 'totals', 'result', 3.5, 'Total Goals', ['Over', 'Under']),
  market(1001, 10, '1x2', 'result', 0, 'Match Result', ['1', 'X', '2']),
  market(1011, 10, 'totals', 'result', 2.5, 'Total Goals', ['Over', 'Under']),
  market(1015, 10, 'totals', 'p1', 0.5, 'Total Goals 1st Half', ['Over', 'Under']),
  market(1101, 11, 'players-points', 'fulltime', 20.5, 'Player Points', ['Over', 'Under'], true),
  market(1103, 11, 'spreads', 'fulltime', -4.5, 'Handicap', ['1', '2']),
  market(1201, 12, 'moneyline', 'result', 0, 'Vainqueur du match, équipe', ['1', '2']),
];
const ROWS = catalogueRows(MARKETS);
const ids = (rows: readonly { marketId: number }[]) => rows.map((r) => r.marketId);

/** The rows the markets table keeps: every column predicate and the search (markets-columns.tsx, markets-page.tsx). */
function filterRows(rows: readonly CatalogueRow[], filters: CatalogueFilters): CatalogueRow[] {
  return rows.filter(
    (row) =>
      catalogueColumnFilters.sportId(row, filters.sportIds) &&
      catalogueColumnFilters.marketType(row, filters.marketTypes) &&
      catalogueColumnFilters.period(row, filters.periods) &&
      catalogueColumnFilters.playerProp(row, filters.playerProp) &&
      catalogueColumnFilters.handicap(row, filters.line) &&
      matchesSearch(row, filters.search ?? ''),
  );
}

/** The rows in the table's order: TanStack Table's sort levels over the column comparators, stable on the default order. */
function sortRows(rows: readonly CatalogueRow[], sorting: readonly CatalogueSort[], compareText?: TextComparator): CatalogueRow[] {
  const levels = sorting.map(({ id, desc }) => {
    const compare = catalogueComparator(id, compareText);
    return desc ? (a: CatalogueRow, b: CatalogueRow) => compare(b, a) : compare;
  });
  return [...rows].sort((a, b) => levels.reduce((order, compare) => order || compare(a, b), 0));
}

describe('catalogue rows', () => {
  it('flattens a record with its outcome ids and names', () => {
    const row = catalogueRow(MARKETS[1] as Market);
    expect(row).toMatchObject({ marketId: 1001, marketType: '1x2', outcomeIds: [1001, 1002, 1003], outcomeNames: ['1', 'X', '2'] });
  });

  it('lists rows by sport, type, period, line and marketId', () => {
    expect(ids(ROWS)).toEqual([1001, 1011, 1013, 1015, 1103, 1101, 1201]);
  });
});

describe('search', () => {
  it('folds case, accents and whitespace', () => {
    expect(foldForSearch('  Équipe   GAGNANTE ')).toBe('equipe gagnante');
    expect(searchTokens('  ')).toEqual([]);
  });

  it('finds a market by name, accent-insensitively', () => {
    expect(ids(filterRows(ROWS, { search: 'EQUIPE' }))).toEqual([1201]);
  });

  it('finds a market by marketId or by an outcomeId', () => {
    expect(ids(filterRows(ROWS, { search: '1102' }))).toEqual([1101]);
    expect(ids(filterRows(ROWS, { search: '1014' }))).toEqual([1013]);
  });

  it('finds markets by outcome name', () => {
    expect(ids(filterRows(ROWS, { search: 'under' }))).toEqual([1011, 1013, 1015, 1101]);
  });

  it('requires every token to match', () => {
    expect(ids(filterRows(ROWS, { search: 'total half' }))).toEqual([1015]);
    expect(matchesSearch(ROWS[0] ?? catalogueRow(MARKETS[0] as Market), ['match', 'nothing'])).toBe(false);
  });

  it('keeps every row for an empty query', () => {
    expect(filterRows(ROWS, { search: '' })).toHaveLength(ROWS.length);
  });
});

describe('filters', () => {
  it('filters by sport, market type and period', () => {
    expect(ids(filterRows(ROWS, { sportIds: [11, 12] }))).toEqual([1103, 1101, 1201]);
    expect(ids(filterRows(ROWS, { marketTypes: ['totals'], periods: ['p1'] }))).toEqual([1015]);
  });

  it('filters player props in or out', () => {
    expect(ids(filterRows(ROWS, { playerProp: true }))).toEqual([1101]);
    expect(filterRows(ROWS, { playerProp: false })).toHaveLength(ROWS.length - 1);
    expect(filterRows(ROWS, { playerProp: null })).toHaveLength(ROWS.length);
  });

  it('filters lines by value and by inclusive range', () => {
    expect(ids(filterRows(ROWS, { line: { values: [2.5, 3.5] } }))).toEqual([1011, 1013]);
    expect(ids(filterRows(ROWS, { line: { min: 0.5, max: 3.5 } }))).toEqual([1011, 1013, 1015]);
    expect(ids(filterRows(ROWS, { line: { max: -1 } }))).toEqual([1103]);
  });

  it('treats empty lists as no filter', () => {
    expect(filterRows(ROWS, { sportIds: [], marketTypes: [], periods: [], line: { values: [] } })).toHaveLength(ROWS.length);
  });

  it('exposes each filter as a column predicate', () => {
    const row = ROWS[0] ?? catalogueRow(MARKETS[0] as Market);
    expect(catalogueColumnFilters.sportId(row, [10])).toBe(true);
    expect(catalogueColumnFilters.marketType(row, ['totals'])).toBe(false);
    expect(catalogueColumnFilters.handicap(row, undefined)).toBe(true);
  });
});

describe('sorting', () => {
  it('sorts by a column, descending, with the default order breaking ties', () => {
    expect(ids(sortRows(ROWS, [{ id: 'handicap', desc: true }]))).toEqual([1101, 1013, 1011, 1015, 1001, 1201, 1103]);
    expect(ids(sortRows(ROWS, [{ id: 'marketName', desc: false }]))).toEqual([1103, 1001, 1101, 1011, 1013, 1015, 1201]);
  });

  it('sorts by several columns, the first one first', () => {
    expect(ids(sortRows(ROWS, [{ id: 'playerProp', desc: true }, { id: 'marketLength', desc: true }]))).toEqual([
      1101, 1001, 1011, 1013, 1015, 1103, 1201,
    ]);
  });

  it('sorts types and periods in the odds board order', () => {
    expect(ids(sortRows(ROWS, [{ id: 'marketType', desc: false }]))).toEqual([1001, 1201, 1103, 1011, 1013, 1015, 1101]);
    expect(ids(sortRows(ROWS, [{ id: 'period', desc: false }])).slice(0, 3)).toEqual([1001, 1011, 1013]);
  });

  it('sorts names with a collator when given one', () => {
    const byLength = (a: string, b: string) => a.length - b.length;
    expect(ids(sortRows(ROWS, [{ id: 'marketNameShort', desc: false }], byLength)).slice(0, 2)).toEqual([1001, 1011]);
  });

  it('recognises exactly the sortable columns in text from a URL', () => {
    expect(CATALOGUE_SORT_KEYS.every(isCatalogueSortKey)).toBe(true);
    expect(['outcomeIds', 'outcomeNames', 'searchText', 'market', '', 'MarketId', 'toString'].some(isCatalogueSortKey)).toBe(false);
  });

  it('rejects an unknown column from an untyped caller', () => {
    expect(() => catalogueComparator('nope' as CatalogueSortKey)).toThrow(/unknown catalogue sort column nope/);
  });
});

describe('facets', () => {
  it('lists each option once with its count, in display order', () => {
    const facets = catalogueFacets(ROWS);
    expect(facets.sportIds).toEqual([
      { value: 10, count: 4 },
      { value: 11, count: 2 },
      { value: 12, count: 1 },
    ]);
    expect(facets.marketTypes.map((f) => f.value)).toEqual(['1x2', 'moneyline', 'spreads', 'totals', 'players-points']);
    expect(facets.periods.map((f) => f.value)).toEqual(['result', 'fulltime', 'p1']);
    expect(facets.lines.map((f) => f.value)).toEqual([-4.5, 0, 0.5, 2.5, 3.5, 20.5]);
  });
});

describe('catalogueCsv', () => {
  it('writes a header and one record per row, outcomes joined', () => {
    const csv = catalogueCsv(filterRows(ROWS, { marketTypes: ['1x2', 'spreads'] }));
    expect(csv.split('\r\n')).toEqual([
      CATALOGUE_CSV_COLUMNS.join(','),
      '1001,10,1x2,result,0,false,3,Match Result,1X2,1001 | 1002 | 1003,1 | X | 2',
      '1103,11,spreads,fulltime,-4.5,false,2,Handicap,SPREADS,1103 | 1104,1 | 2',
      '',
    ]);
  });

  it('uses the given header labels and quotes names with commas', () => {
    const csv = catalogueCsv(filterRows(ROWS, { sportIds: [12] }), { headers: { marketName: 'Nom' } });
    expect(csv).toContain(',Nom,');
    expect(csv).toContain('"Vainqueur du match, équipe"');
  });

  it('defuses a market name that looks like a formula', () => {
    const row = catalogueRow(market(1301, 13, 'totals', 'result', 8.5, '=cmd()', ['Over', 'Under']));
    expect(catalogueCsv([row]).split('\r\n')[1]).toContain(",'=cmd(),");
  });
});
