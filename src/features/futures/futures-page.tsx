// `/futures`: futures by state with filters held in the URL (state, sport, text). Open ones come
// from the spec's /futures/live, each with the favourite at a chosen bookmaker live from the book
// (seeded from REST); finished and cancelled ones from /futures?statusId= (our extension), each
// with its outcome, and "not offered" against a service without it.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { futuresQuery, liveFuturesQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { FilterSelect } from '../../components/filter-select.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { SearchField } from '../../components/search-field.tsx';
import { formatPrice } from '../../domain/odds-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { Future } from '../../wire/rest-schemas.ts';
import { bookmakerOptions, CLOSED_STATUS_ID, filterFutures, futureOddsId, futureTitle, parseFuturesFilters, type FutureState } from './futures-model.ts';
import { FutureOutcome } from './future-outcome.tsx';
import { useFutureOddsMany, useSeedFutures } from './use-future-prices.ts';
import './futures.css';

/** The endpoints the futures list uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/futures/live', '/futures', '/futures/odds'];
const STATE_OPTIONS: readonly { readonly value: FutureState; readonly label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'finished', label: 'Finished' },
  { value: 'cancelled', label: 'Cancelled' },
];

export function FuturesPage() {
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const filters = parseFuturesFilters(params);
  const open = filters.state === 'open';
  const live = useQuery({ ...liveFuturesQuery(client), enabled: open });
  const closed = useQuery({ ...futuresQuery(client, { statusId: open ? 2 : CLOSED_STATUS_ID[filters.state] }), enabled: !open });
  const futures = open ? live : closed;
  const all = useMemo(() => futures.data ?? [], [futures.data]);
  const shown = useMemo(() => filterFutures(all, filters), [all, filters]);
  const sportOptions = useMemo(
    () =>
      [...new Map(all.map((f) => [f.sport.sportId, f.sport.sportName])).entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([sportId, sportName]) => ({ value: String(sportId), label: sportName })),
    [all],
  );
  // Bookmakers by how many futures they quote, so the default covers the most rows.
  const bookmakers = useMemo(() => {
    const counts = new Map<string, number>();
    for (const f of all) for (const b of Object.keys(f.bookmakers)) counts.set(b, (counts.get(b) ?? 0) + 1);
    return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([b]) => b);
  }, [all]);
  const bookmaker = params.get('book') ?? bookmakers[0] ?? '';
  const shownIds = useMemo(() => shown.map((f) => f.futureId), [shown]);
  const seed = useSeedFutures(bookmaker === '' || !open ? [] : shownIds, bookmaker === '' ? [] : [bookmaker]);

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: name === 'q' });
  };

  return (
    <section className="page futures-page" aria-labelledby="futures-title">
      <h2 id="futures-title">Futures</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <div className="filter-bar">
        <FilterSelect
          id="futures-state"
          label="State"
          value={filters.state}
          options={STATE_OPTIONS}
          onChange={(value) => {
            set('state', value === 'open' ? '' : value);
          }}
        />
        <FilterSelect
          id="futures-sport"
          label="Sport"
          value={filters.sportId === null ? '' : String(filters.sportId)}
          anyLabel="All sports"
          options={sportOptions}
          onChange={(value) => {
            set('sport', value);
          }}
        />
        <SearchField
          id="futures-search"
          label="Search"
          placeholder="Tournament, season or team"
          value={filters.search}
          onChange={(text) => {
            set('q', text);
          }}
        />
        {open && (
          <FilterSelect
            id="futures-book"
            label="Prices from"
            value={bookmaker}
            options={bookmakerOptions(bookmakers)}
            onChange={(value) => {
              set('book', value);
            }}
          />
        )}
      </div>
      {futures.isPending ? (
        <ListSkeleton label="Loading futures" rows={8} />
      ) : futures.isError ? (
        <QueryFailure error={futures.error} onRetry={() => void futures.refetch()} />
      ) : shown.length === 0 ? (
        <p className="empty-state">No futures match these filters.</p>
      ) : !open ? (
        <>
          <p className="list-count">
            {shown.length} of {all.length} {filters.state} futures
          </p>
          <ClosedFuturesTable futures={shown} />
        </>
      ) : (
        <>
          <p className="list-count">
            {shown.length} of {all.length} futures{seed.isError ? ' · live prices could not be loaded' : ''}
          </p>
          <table className="futures-table" aria-label="Futures">
            <thead>
              <tr>
                <th scope="col">Future</th>
                <th scope="col">Sport</th>
                <th scope="col">Status</th>
                <th scope="col">Participants</th>
                <th scope="col">Bookmakers</th>
                <th scope="col">Favourite at {bookmaker}</th>
                <th scope="col">Price</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((f) => (
                <FutureRow key={f.futureId} future={f} bookmaker={bookmaker} />
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}

function FutureRow({ future, bookmaker }: { readonly future: Future; readonly bookmaker: string }) {
  const format = useSettings((s) => s.oddsFormat);
  const oddsIds = useMemo(() => future.participants.map((p) => futureOddsId(future.futureId, bookmaker, p.participantId)), [future, bookmaker]);
  const prices = useFutureOddsMany(oddsIds);
  let best: { name: string; price: number } | null = null;
  for (const [i, entry] of prices.entries()) {
    const name = future.participants[i]?.participantName;
    if (entry === undefined || !entry.active || name === undefined) continue;
    if (best === null || entry.price < best.price) best = { name, price: entry.price };
  }
  return (
    <tr data-future-id={future.futureId}>
      <td className="name">
        <Link to={`/futures/${encodeURIComponent(future.futureId)}`}>{futureTitle(future)}</Link>
        <div className="muted">{future.tournament.categoryName}</div>
      </td>
      <td className="name">{future.sport.sportName}</td>
      <td className="name">{future.status.statusName}</td>
      <td>{future.participants.length}</td>
      <td>{Object.keys(future.bookmakers).length}</td>
      <td className="name">
        {best?.name ?? <span className="muted">{bookmaker in future.bookmakers ? 'no live price' : `not offered by ${bookmaker}`}</span>}
      </td>
      <td className="live-price">{best === null ? '—' : formatPrice(best.price, format)}</td>
    </tr>
  );
}

/** Finished and cancelled futures: when each closed and how (winner, or void and its replacement). */
function ClosedFuturesTable({ futures }: { readonly futures: readonly Future[] }) {
  const { format } = useTimeZone();
  return (
    <table className="futures-table" aria-label="Futures">
      <thead>
        <tr>
          <th scope="col">Future</th>
          <th scope="col">Sport</th>
          <th scope="col">Status</th>
          <th scope="col">Closed</th>
          <th scope="col">Outcome</th>
        </tr>
      </thead>
      <tbody>
        {futures.map((f) => (
          <tr key={f.futureId} data-future-id={f.futureId}>
            <td className="name">
              <Link to={`/futures/${encodeURIComponent(f.futureId)}`}>{futureTitle(f)}</Link>
              <div className="muted">{f.tournament.categoryName}</div>
            </td>
            <td className="name">{f.sport.sportName}</td>
            <td className="name">{f.status.statusName}</td>
            <td>{format(f.settledAt ?? f.endTime * 1000)}</td>
            <td className="name">
              <FutureOutcome future={f} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
