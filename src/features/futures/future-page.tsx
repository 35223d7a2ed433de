// `/futures/:futureId`: a future's prices per participant and bookmaker, live from the book; its
// recorded prices charted (one bookmaker at a time, as spec 4.8 requires without oddsIds, or
// ticked participants across every bookmaker through their oddsIds); OLV/CLV with the CLV of a
// taken price both ways; the replacements of a cancelled future (`reissuedFutureId`).
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MAX_HISTORY_ODDS_IDS } from '../../api/client.ts';
import { futureClvQuery, futureHistoryQuery, liveFuturesQuery, participantsByIdsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useFutureOdds } from '../../book/use-book.ts';
import { ClvTable } from '../../components/clv-table.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { LineMovementChart, seriesColor, type ChartSeries } from '../../components/line-movement-chart.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { formatPrice } from '../../domain/odds-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import type { FutureClvResponse } from '../../wire/schemas.ts';
import { FutureReissueChain } from './future-reissue-chain.tsx';
import { bookmakerOptions, clvParticipantIds, futureClvRows, futureOddsId, futureSeries, futureTitle } from './futures-model.ts';
import { useSeedFutures } from './use-future-prices.ts';
import './futures.css';

function parseCompare(value: string | null): number[] {
  if (value === null || value === '') return [];
  return [...new Set(value.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0))];
}

/** The endpoints a future's page uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/futures/live', '/futures/odds', '/futures/odds/historical', '/futures/odds/clv', '/participants'];

export function FuturePage() {
  const { futureId = '' } = useParams();
  const client = useApiClient();
  const clv = useQuery(futureClvQuery(client, futureId));
  const listing = useQuery(liveFuturesQuery(client));
  const future = listing.data?.find((f) => f.futureId === futureId);
  useSeedFutures([futureId], []);

  // Without CLV (a failed or not offered /futures/odds/clv) the listing still gives the prices and
  // the history: the page says what is missing where the CLV table would be, and shows the rest.
  if (clv.isPending || (clv.isError && listing.isPending)) return <ListSkeleton label="Loading the future" rows={6} />;
  if (clv.isError && future === undefined) {
    return (
      <section className="page future-page">
        <h2>Future {futureId}</h2>
        <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
        <QueryFailure error={clv.error} onRetry={() => void clv.refetch()} />
      </section>
    );
  }
  const title = future === undefined ? `Future ${futureId}` : futureTitle(future);
  const ids = [...new Set([...(clv.data === undefined ? [] : clvParticipantIds(clv.data)), ...(future?.participants.map((p) => p.participantId) ?? [])])];
  const bookmakers = [...new Set([...Object.keys(clv.data?.odds ?? {}), ...Object.keys(future?.bookmakers ?? {})])].sort();
  const status = clv.data?.status ?? future?.status;
  return (
    <section className="page future-page" aria-labelledby="future-title">
      <h2 id="future-title">{title}</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <p className="history-meta">
        {future === undefined ? '' : `${future.sport.sportName} · ${future.tournament.categoryName} · `}
        {status?.statusName} · <Link to="/futures">all futures</Link>
      </p>
      {clv.data !== undefined && (
        <FutureReissueChain futureId={futureId} next={clv.data.reissuedFutureId} cancelled={clv.data.status.statusId === 3} />
      )}
      <FutureBody
        key={futureId}
        futureId={futureId}
        clv={clv.data}
        clvFailure={clv.isError ? <QueryFailure error={clv.error} onRetry={() => void clv.refetch()} /> : null}
        provisional={status === undefined || status.statusId === 0 || status.statusId === 1}
        participantIds={ids}
        knownNames={future?.participants}
        bookmakers={bookmakers}
      />
    </section>
  );
}

interface BodyProps {
  readonly futureId: string;
  /** Undefined when `/futures/odds/clv` failed: then `clvFailure` stands where its table would. */
  readonly clv: FutureClvResponse | undefined;
  readonly clvFailure: ReactNode;
  /** Open (pre-game or live): the closing figures are provisional, the history may grow. */
  readonly provisional: boolean;
  readonly participantIds: readonly number[];
  readonly knownNames: readonly { readonly participantId: number; readonly participantName: string }[] | undefined;
  readonly bookmakers: readonly string[];
}

function FutureBody({ futureId, clv, clvFailure, provisional, participantIds, knownNames, bookmakers }: BodyProps) {
  const client = useApiClient();
  const format = useSettings((s) => s.oddsFormat);
  const [params, setParams] = useSearchParams();
  // Names from the listing; a cancelled or finished future is not listed, so ask /participants.
  const lookup = useQuery({ ...participantsByIdsQuery(client, participantIds), enabled: knownNames === undefined && participantIds.length > 0 });
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const p of lookup.data ?? []) map.set(p.participantId, p.participantName);
    for (const p of knownNames ?? []) map.set(p.participantId, p.participantName);
    return map;
  }, [lookup.data, knownNames]);
  const nameOf = (id: number) => names.get(id) ?? `Participant ${String(id)}`;
  // Listing order (roughly the market's), else by id.
  const participants = knownNames === undefined ? participantIds : [...(knownNames.map((p) => p.participantId)), ...participantIds.filter((id) => !names.has(id))];

  const bookParam = params.get('book');
  const bookmaker = bookParam !== null && bookmakers.includes(bookParam) ? bookParam : (bookmakers[0] ?? '');
  const compare = parseCompare(params.get('compare')).filter((id) => participantIds.includes(id));
  const write = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(name);
    else next.set(name, value);
    setParams(next, { replace: true });
  };
  const toggleCompare = (id: number) => {
    const next = compare.includes(id) ? compare.filter((c) => c !== id) : [...compare, id];
    write('compare', next.join(','));
  };

  // Spec 4.8: without oddsIds exactly one bookmaker; with them, any bookmakers.
  const query =
    compare.length === 0
      ? { bookmakers: [bookmaker] }
      : { oddsIds: compare.flatMap((id) => bookmakers.map((b) => futureOddsId(futureId, b, id))).slice(0, MAX_HISTORY_ODDS_IDS) };
  const history = useQuery({ ...futureHistoryQuery(client, futureId, query), enabled: bookmaker !== '' });
  const series = useMemo(
    () => (history.data === undefined ? [] : futureSeries(history.data, provisional ? history.dataUpdatedAt : undefined)),
    [history.data, history.dataUpdatedAt, provisional],
  );

  return (
    <>
      <h3>Prices now</h3>
      <p className="hint">Live from the stream. Tick participants to compare their price history across every bookmaker.</p>
      <div className="futures-prices">
        <table className="futures-table" aria-label="Prices per participant and bookmaker">
          <thead>
            <tr>
              <th scope="col">Compare</th>
              <th scope="col">Participant</th>
              {bookmakers.map((b) => (
                <th key={b} scope="col">
                  {b}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {participants.map((id) => (
              <tr key={id} data-participant-id={String(id)}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Compare ${nameOf(id)} across bookmakers`}
                    checked={compare.includes(id)}
                    onChange={() => {
                      toggleCompare(id);
                    }}
                  />
                </td>
                <th scope="row">{nameOf(id)}</th>
                {bookmakers.map((b) => (
                  <LivePriceCell key={b} oddsId={futureOddsId(futureId, b, id)} format={format} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <h3>Price history</h3>
      {compare.length === 0 ? (
        <div className="filter-bar">
          <FilterSelect
            id="future-book"
            label="Bookmaker"
            value={bookmaker}
            options={bookmakerOptions(bookmakers)}
            onChange={(value) => {
              write('book', value);
            }}
          />
          <p className="hint">One bookmaker at a time: every participant at {bookmaker}.</p>
        </div>
      ) : (
        <p className="hint">
          Comparing {compare.map(nameOf).join(', ')} across every bookmaker.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              write('compare', '');
            }}
          >
            Back to one bookmaker
          </button>
        </p>
      )}
      {history.isPending ? (
        <ListSkeleton label="Loading the price history" rows={6} />
      ) : history.isError ? (
        <QueryFailure error={history.error} onRetry={() => void history.refetch()} />
      ) : compare.length === 0 ? (
        <>
          <LineMovementChart
            key={`book:${bookmaker}`}
            title={`Price history at ${bookmaker}`}
            format={format}
            series={series.map(
              (s): ChartSeries => ({
                key: String(s.participantId),
                label: nameOf(s.participantId),
                color: seriesColor(participants.indexOf(s.participantId)),
                points: s.points,
                opening: s.opening,
              }),
            )}
          />
          <h3>Opening and closing lines at {bookmaker}</h3>
          {clv === undefined ? clvFailure : <ClvTable
            selection={`every participant at ${bookmaker}`}
            rows={futureClvRows(clv, { bookmaker })}
            rowHeader="Participant"
            rowLabel={(row) => nameOf(clvParticipant(row.key))}
            format={format}
            provisional={provisional}
          />}
        </>
      ) : (
        compare.map((id) => (
          <div key={id} className="compare-participant">
            <h4>{nameOf(id)}</h4>
            <LineMovementChart
              key={`cmp:${String(id)}`}
              title={`Price history of ${nameOf(id)}`}
              format={format}
              series={series
                .filter((s) => s.participantId === id)
                .map((s): ChartSeries => ({ key: s.bookmaker, label: s.bookmaker, color: seriesColor(bookmakers.indexOf(s.bookmaker)), points: s.points, opening: s.opening }))}
            />
            {clv === undefined ? clvFailure : <ClvTable selection={nameOf(id)} rows={futureClvRows(clv, { participantId: id })} format={format} provisional={provisional} />}
          </div>
        ))
      )}
    </>
  );
}

/** The participantId at the end of a future oddsId. */
function clvParticipant(oddsId: string): number {
  return Number(oddsId.slice(oddsId.lastIndexOf(':') + 1));
}

function LivePriceCell({ oddsId, format }: { readonly oddsId: string; readonly format: Parameters<typeof formatPrice>[1] }) {
  const entry = useFutureOdds(oddsId);
  if (entry === undefined) return <td className="muted">—</td>;
  return (
    <td className={entry.active ? 'live-price' : 'suspended'} data-odds-id={oddsId} title={new Date(entry.changedAt).toLocaleString()}>
      {formatPrice(entry.price, format)}
    </td>
  );
}
