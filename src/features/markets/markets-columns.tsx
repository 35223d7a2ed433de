// The market catalogue's columns for TanStack Table: ids, names and outcomes shown; sorting by
// the catalogue's comparators and filtering by its predicates (src/domain/catalogue-table.ts).
import type { ColumnDef, FilterFn, RowData, SortingFn } from '@tanstack/react-table';
import {
  catalogueColumnFilters,
  catalogueComparator,
  type CatalogueRow,
  type CatalogueSortKey,
  type LineFilter,
  type TextComparator,
} from '../../domain/catalogue-table.ts';

declare module '@tanstack/react-table' {
  // Layout hints the catalogue's grid reads; type parameters unused but required by the merge.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's CSS grid track, e.g. `6rem` or `minmax(12rem, 2fr)`. */
    readonly width?: string;
    /** Right-aligned figures. */
    readonly numeric?: boolean;
  }
}

/** Column ids that are also sort keys, and the outcomes column. */
export type MarketColumnId = CatalogueSortKey | 'outcomes';

function sortBy(key: CatalogueSortKey, compareText: TextComparator): SortingFn<CatalogueRow> {
  const compare = catalogueComparator(key, compareText);
  return (a, b) => compare(a.original, b.original);
}

const byList =
  (key: 'sportId' | 'marketType' | 'period'): FilterFn<CatalogueRow> =>
  (row, _id, value) =>
    // TanStack hands over the value the page set for this column (see toColumnFilters).
    key === 'sportId'
      ? catalogueColumnFilters.sportId(row.original, value as readonly number[])
      : catalogueColumnFilters[key](row.original, value as readonly string[]);

const byPlayerProp: FilterFn<CatalogueRow> = (row, _id, value) => catalogueColumnFilters.playerProp(row.original, value as boolean | null);
const byLine: FilterFn<CatalogueRow> = (row, _id, value) => catalogueColumnFilters.handicap(row.original, value as LineFilter);

/** The line as traders write it: `+1.5`, `-0.25`, `0`. */
export function formatLine(handicap: number): string {
  return handicap > 0 ? `+${String(handicap)}` : String(handicap);
}

/** The columns, in display order, with their CSS grid widths. */
export function marketColumns(sportName: (sportId: number) => string, compareText: TextComparator): ColumnDef<CatalogueRow>[] {
  return [
    { id: 'marketId', header: 'marketId', accessorKey: 'marketId', sortingFn: sortBy('marketId', compareText), meta: { width: '5.5rem', numeric: true } },
    {
      id: 'sportId',
      header: 'Sport',
      accessorKey: 'sportId',
      cell: (info) => sportName(info.row.original.sportId),
      sortingFn: sortBy('sportId', compareText),
      filterFn: byList('sportId'),
      meta: { width: '7rem' },
    },
    { id: 'marketType', header: 'Type', accessorKey: 'marketType', sortingFn: sortBy('marketType', compareText), filterFn: byList('marketType'), meta: { width: '8rem' } },
    { id: 'period', header: 'Period', accessorKey: 'period', sortingFn: sortBy('period', compareText), filterFn: byList('period'), meta: { width: '5.5rem' } },
    {
      id: 'handicap',
      header: 'Line',
      accessorKey: 'handicap',
      cell: (info) => formatLine(info.row.original.handicap),
      sortingFn: sortBy('handicap', compareText),
      filterFn: byLine,
      meta: { width: '4.5rem', numeric: true },
    },
    {
      id: 'playerProp',
      header: 'Player prop',
      accessorKey: 'playerProp',
      cell: (info) => (info.row.original.playerProp ? 'Yes' : 'No'),
      sortingFn: sortBy('playerProp', compareText),
      filterFn: byPlayerProp,
      meta: { width: '6.5rem' },
    },
    { id: 'marketName', header: 'Name', accessorKey: 'marketName', sortingFn: sortBy('marketName', compareText), meta: { width: 'minmax(12rem, 2fr)' } },
    { id: 'marketNameShort', header: 'Short', accessorKey: 'marketNameShort', sortingFn: sortBy('marketNameShort', compareText), meta: { width: '7rem' } },
    {
      id: 'outcomes',
      header: 'Outcomes (outcomeId name)',
      enableSorting: false,
      cell: (info) => {
        const { outcomeIds, outcomeNames } = info.row.original;
        return (
          <span className="outcomes">
            {outcomeIds.map((outcomeId, i) => (
              <span key={outcomeId} className="outcome">
                <code>{outcomeId}</code> {outcomeNames[i]}
              </span>
            ))}
          </span>
        );
      },
      meta: { width: 'minmax(14rem, 3fr)' },
    },
  ];
}
