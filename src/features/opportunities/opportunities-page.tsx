// `/opportunities`: every +EV price and cross-book arbitrage across every live and upcoming
// fixture the key can see, scanned in the stream worker over its live book (use-opportunity-scan).
// The page's state (tab, filters, sort, stakes) is in the URL, so a view is restorable from a link;
// the page holds only the rows in view. A row opens the fixture's odds screen on that price.
import { useQuery } from '@tanstack/react-query';
import { getCoreRowModel, useReactTable, type SortingState, type Updater } from '@tanstack/react-table';
import { useCallback, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { bookmakersQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { usePlayerNameOf } from '../../api/use-player-names.ts';
import type { ArbRow, EvRow } from '../../book/opportunity-scanner.ts';
import { FilterBar } from '../../components/filter-bar.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { SavedViewsMenu } from '../../components/saved-views-menu.tsx';
import { DEVIG_METHODS } from '../../domain/devig.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { CheckListFilter } from './check-list-filter.tsx';
import { arbColumns, cellPath, evColumns } from './opportunity-columns.tsx';
import { OpportunityGrid } from './opportunity-grid.tsx';
import { readParams, scanViewOf, sortParam } from './opportunity-params.ts';
import { OpportunityThresholds } from './opportunity-thresholds.tsx';
import { StakeBar } from './stake-bar.tsx';
import { useOpportunityScan } from './use-opportunity-scan.ts';
import './opportunities.css';

/** Rows asked for around the view: a window moves in steps of this, so scrolling asks rarely. */
const WINDOW_STEP = 25;
const EV_ROW_HEIGHT = 34;
const ARB_ROW_HEIGHT = 64;

export function OpportunitiesPage() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readParams(search), [search]);
  const setParams = useCallback(
    (patch: Record<string, string | null>) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(name);
            else next.set(name, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  const [range, setRange] = useState({ first: 0, last: 30 });
  const offset = Math.floor(Math.max(0, range.first - WINDOW_STEP) / WINDOW_STEP) * WINDOW_STEP;
  const limit = Math.ceil((range.last - offset + 2 * WINDOW_STEP) / WINDOW_STEP) * WINDOW_STEP;
  const view = useMemo(() => scanViewOf(params, offset, limit), [params, offset, limit]);
  const scan = useOpportunityScan(params.method, params.books, view);
  const client = useApiClient();
  const bookmakers = useQuery(bookmakersQuery(client));
  const nameOf = useBookmakerNameOf();
  const format = useSettings((s) => s.oddsFormat);
  const fairLine = useFairLine();
  const navigate = useNavigate();

  const rows = scan.view?.tab === params.tab ? scan.view : null;
  const sorting = useMemo<SortingState>(() => [{ id: params.sort.id, desc: params.sort.desc }], [params.sort]);
  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      // A third click clears TanStack's sort: keep a sort, flipped.
      const sort = first === undefined ? { id: params.sort.id, desc: !params.sort.desc } : { id: first.id, desc: first.desc };
      setParams({ sort: sortParam(sort as typeof params.sort) });
    },
    [sorting, params, setParams],
  );
  const onRange = useCallback((first: number, last: number) => {
    setRange((current) => (current.first === first && current.last === last ? current : { first, last }));
  }, []);
  const playerIds = useMemo(() => (rows === null ? [] : rows.rows.map((row) => row.playerId)), [rows]);
  const playerNameOf = usePlayerNameOf(playerIds);
  const evColumnDefs = useMemo(() => evColumns({ nameOf, playerNameOf, format, params }), [nameOf, playerNameOf, format, params]);
  const arbColumnDefs = useMemo(() => arbColumns({ nameOf, playerNameOf, format, params }), [nameOf, playerNameOf, format, params]);
  const evData = useMemo(() => (rows?.tab === 'ev' ? [...rows.rows] : []), [rows]);
  const arbData = useMemo(() => (rows?.tab === 'arb' ? [...rows.rows] : []), [rows]);
  // TanStack Table keeps its state outside React; the rows come sorted from the worker (manual sorting).
  // eslint-disable-next-line react-hooks/incompatible-library
  const evTable = useReactTable<EvRow>({
    data: evData,
    columns: evColumnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.key,
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: true,
    state: { sorting },
    onSortingChange,
  });
  const arbTable = useReactTable<ArbRow>({
    data: arbData,
    columns: arbColumnDefs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.key,
    manualSorting: true,
    enableSortingRemoval: false,
    sortDescFirst: true,
    state: { sorting },
    onSortingChange,
  });
  const openEv = useCallback((row: EvRow) => void navigate(cellPath(row.fixtureId, row.oddsId)), [navigate]);
  const openArb = useCallback((row: ArbRow) => void navigate(cellPath(row.fixtureId, row.legs[0]?.oddsId ?? '')), [navigate]);

  const sportOptions = scan.sports.map((s) => ({ value: String(s.sportId), label: s.sportName }));
  const bookOptions = (bookmakers.data ?? []).map((b) => ({ value: b.bookmaker, label: bookmakerLabel(b) }));
  const familyOptions = scan.families.map((f) => ({ value: f, label: f }));
  const filters = Object.fromEntries([...search.keys()].filter((k) => k !== 'tab' && k !== 'sort').map((k) => [k, true]));
  const isEv = params.tab === 'ev';
  const total = rows?.total ?? 0;

  return (
    <div className="page opportunities-page">
      <h2>Opportunities</h2>
      <SavedViewsMenu page="opportunities" />
      <p className="hint">
        Every live and upcoming fixture, every quoted market, scanned as prices move. Fair line: <Link to="/settings#fair-line">{fairLine.name}</Link>, de-vigged{' '}
        {params.method}; stale and suspended books never count; prices are compared net of exchange commission.
      </p>
      <div role="tablist" aria-label="Opportunity kind" className="opportunity-tabs">
        {(['ev', 'arb'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={params.tab === tab}
            onClick={() => {
              setParams({ tab: tab === 'ev' ? null : 'arb', sort: null });
            }}
          >
            {tab === 'ev' ? '+EV' : 'Arbitrage'}
          </button>
        ))}
      </div>
      <FilterBar
        label="Opportunity filters"
        filters={filters}
        onClear={() => {
          setSearch(params.tab === 'arb' ? { tab: 'arb' } : {}, { replace: true });
        }}
      >
        <CheckListFilter label="Sports" anyLabel="every sport" options={sportOptions} chosen={params.sports.map(String)} onChange={(chosen) => { setParams({ sports: chosen.join(',') }); }} />
        <CheckListFilter label="Markets" anyLabel="every family" options={familyOptions} chosen={params.families} onChange={(chosen) => { setParams({ families: chosen.join(',') }); }} />
        <CheckListFilter label="Books I can bet at" anyLabel="every book" options={bookOptions} chosen={params.books} onChange={(chosen) => { setParams({ books: chosen.join(',') }); }} />
        <FilterSelect
          id="opportunity-live"
          label="Live or pre-game"
          value={params.live === 'all' ? '' : params.live}
          anyLabel="Both"
          options={[
            { value: 'live', label: 'Live' },
            { value: 'pregame', label: 'Pre-game' },
          ]}
          onChange={(value) => {
            setParams({ live: value });
          }}
        />
        <OpportunityThresholds params={params} setParams={setParams} />
        <FilterSelect
          id="opportunity-devig"
          label="De-vig"
          value={params.method}
          options={DEVIG_METHODS.map((m) => ({ value: m, label: m }))}
          onChange={(value) => {
            setParams({ devig: value === 'multiplicative' ? null : value });
          }}
        />
      </FilterBar>
      <StakeBar params={params} setParams={setParams} />
      {!scan.scanning ? (
        <p className="empty-state" role="status">
          The scan runs in the stream worker, which this browser does not start: open the page in a browser with Web Workers.
        </p>
      ) : (
        <>
          <p className="opportunity-count" role="status" aria-live="polite">
            {rows === null
              ? 'Scanning…'
              : `${String(total)} ${isEv ? `price${total === 1 ? '' : 's'} at or above +${String(params.minEv)}% EV` : `arbitrage${total === 1 ? '' : 's'} at or above ${String(params.minArb)}% return`} across ${String(rows.markets)} markets`}
            {scan.catalogueErrors > 0 && ` — the market catalogue of ${String(scan.catalogueErrors)} sport(s) did not load: their markets are not scanned.`}
          </p>
          {isEv ? (
            <OpportunityGrid table={evTable} label="+EV prices" total={total} offset={rows?.offset ?? 0} rowHeight={EV_ROW_HEIGHT} onRange={onRange} onOpen={openEv} />
          ) : (
            <OpportunityGrid table={arbTable} label="Arbitrages" total={total} offset={rows?.offset ?? 0} rowHeight={ARB_ROW_HEIGHT} onRange={onRange} onOpen={openArb} />
          )}
        </>
      )}
    </div>
  );
}
