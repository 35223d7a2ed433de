// `/markets`: the market catalogue in a TanStack Table — search, sort and filters held in the
// URL, thousands of rows virtualized, and a CSV export of exactly the rows the filters leave.
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useCallback, useDeferredValue, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { IgnoredFilters } from '../../components/ignored-filters.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { NoMatches } from '../../components/no-matches.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import {
  catalogueCsv,
  catalogueFacets,
  matchesSearch,
  searchTokens,
  type CatalogueFilters,
  type CatalogueRow,
  type CatalogueSortKey,
} from '../../domain/catalogue-table.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { downloadText } from '../../components/csv-download.ts';
import { MarketFiltersBar } from './market-filters-bar.tsx';
import { marketCatalogueStateToParams, parseMarketCatalogueState } from './market-filters.ts';
import { marketColumns } from './markets-columns.tsx';
import { MarketsTable } from './markets-table.tsx';
import { useMarketCatalogue } from './use-market-catalogue.ts';

/** The column filters TanStack applies, from the URL's filters (empty ones left out). */
function toColumnFilters(filters: CatalogueFilters): ColumnFiltersState {
  const out: ColumnFiltersState = [];
  if (filters.sportIds !== undefined && filters.sportIds.length > 0) out.push({ id: 'sportId', value: filters.sportIds });
  if (filters.marketTypes !== undefined && filters.marketTypes.length > 0) out.push({ id: 'marketType', value: filters.marketTypes });
  if (filters.periods !== undefined && filters.periods.length > 0) out.push({ id: 'period', value: filters.periods });
  if (filters.playerProp === true || filters.playerProp === false) out.push({ id: 'playerProp', value: filters.playerProp });
  if (filters.line !== undefined) out.push({ id: 'handicap', value: filters.line });
  return out;
}

const globalFilterFn = (row: { readonly original: CatalogueRow }, _columnId: string, tokens: readonly string[]) =>
  matchesSearch(row.original, tokens);

/** The endpoints the market catalogue uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/sports', '/markets'];

export function MarketsPage() {
  const [params, setParams] = useSearchParams();
  const { filters, sorting, problems } = useMemo(() => parseMarketCatalogueState(params), [params]);
  const lang = useSettings((s) => s.lang);
  const catalogue = useMarketCatalogue();

  const sportNames = useMemo(() => new Map(catalogue.sports.map((s) => [s.sportId, s.sportName])), [catalogue.sports]);
  const sportName = useCallback((sportId: number) => sportNames.get(sportId) ?? `Sport ${String(sportId)}`, [sportNames]);
  const compareText = useMemo(() => new Intl.Collator(lang, { numeric: true }).compare, [lang]);
  const columns = useMemo(() => marketColumns(sportName, compareText), [sportName, compareText]);

  const search = useDeferredValue(filters.search ?? '');
  const tokens = useMemo(() => searchTokens(search), [search]);
  const columnFilters = useMemo(() => toColumnFilters(filters), [filters]);
  const sortingState = useMemo<SortingState>(() => sorting.map((s) => ({ id: s.id, desc: s.desc })), [sorting]);

  const write = useCallback(
    (next: { filters: CatalogueFilters; sorting: readonly { id: CatalogueSortKey; desc: boolean }[] }, typing = false) => {
      setParams(marketCatalogueStateToParams(next), { replace: typing });
    },
    [setParams],
  );
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sortingState) : updater;
      write({ filters, sorting: next.map((s) => ({ id: s.id as CatalogueSortKey, desc: s.desc })) });
    },
    [filters, sortingState, write],
  );

  // TanStack Table keeps its row models outside React by design; the page re-renders on URL changes.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<CatalogueRow>({
    data: catalogue.rows as CatalogueRow[],
    columns,
    state: { sorting: sortingState, columnFilters, globalFilter: tokens.length > 0 ? tokens : undefined },
    onSortingChange,
    getRowId: (row) => String(row.marketId),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    globalFilterFn,
    // The search covers the whole row (searchText), so one column is enough to run it once per row.
    getColumnCanGlobalFilter: (column) => column.id === 'marketName',
    sortDescFirst: false,
    enableMultiSort: true,
    isMultiSortEvent: (event) => (event as MouseEvent).shiftKey,
  });
  const shownRows = table.getRowModel().rows;

  const facetRows = useMemo(
    () => (filters.sportIds === undefined ? catalogue.rows : catalogue.rows.filter((r) => filters.sportIds?.includes(r.sportId) === true)),
    [catalogue.rows, filters.sportIds],
  );
  const facets = useMemo(() => {
    const scoped = catalogueFacets(facetRows);
    return { ...scoped, sportIds: catalogueFacets(catalogue.rows).sportIds };
  }, [facetRows, catalogue.rows]);

  const exportCsv = () => {
    const csv = catalogueCsv(
      shownRows.map((row) => row.original),
      { bom: true },
    );
    downloadText(csv, `market-catalogue-${lang}.csv`, 'text/csv;charset=utf-8');
  };

  return (
    <section className="page" aria-labelledby="markets-title">
      <h2 id="markets-title">Market catalogue</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <MarketFiltersBar
        filters={filters}
        facets={facets}
        sportName={sportName}
        onChange={(next, typing) => {
          write({ filters: next, sorting }, typing);
        }}
      />
      <IgnoredFilters problems={problems} />
      {catalogue.error !== null ? (
        <QueryFailure error={catalogue.error} onRetry={catalogue.retry} />
      ) : catalogue.isPending ? (
        <ListSkeleton label="Loading the market catalogue" rows={12} />
      ) : (
        <>
          <div className="list-toolbar">
            <p className="list-count" role="status" aria-live="polite">
              {shownRows.length === catalogue.rows.length
                ? `${String(shownRows.length)} markets`
                : `${String(shownRows.length)} of ${String(catalogue.rows.length)} markets`}
            </p>
            <button type="button" onClick={exportCsv} disabled={shownRows.length === 0}>
              Export CSV ({shownRows.length} rows)
            </button>
            <span className="hint">Shift+click a column to sort by several.</span>
          </div>
          {shownRows.length === 0 ? (
            <NoMatches
              message="No market matches these filters."
              onClear={() => {
                write({ filters: {}, sorting });
              }}
            />
          ) : (
            <MarketsTable table={table} label="Market catalogue" />
          )}
        </>
      )}
    </section>
  );
}
