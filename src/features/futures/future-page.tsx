// `/futures/:futureId`: a future in any state. Its listing record comes from `/futures`
// (our extension) or, against a service without it, from `/futures/live`; its prices per
// participant and bookmaker — live from the book while open, its closing prices (the last active
// price before settlement, src/domain/future-close.ts) once closed — with best price, overround
// and cross-book arbitrage as the odds screen shows them; its whole recorded history charted (one
// bookmaker at a time, as spec 4.8 requires without oddsIds, or ticked participants across every
// bookmaker through their oddsIds); its settlement; OLV/CLV. Each endpoint feeds its own section:
// one the service does not offer hides only that section.
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { MAX_HISTORY_ODDS_IDS } from '../../api/client.ts';
import { futureClvQuery, futureHistoryQuery, futureQuery, liveFuturesQuery, participantsByIdsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { ClvTable } from '../../components/clv-table.tsx';
import { FilterSelect } from '../../components/filter-select.tsx';
import { LineMovementChart, seriesColor, type ChartSeries } from '../../components/line-movement-chart.tsx';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { FUTURE_REISSUES, ReissueChain } from '../../components/reissue-chain.tsx';
import { futureClosingPrices } from '../../domain/future-close.ts';
import { formatPrice } from '../../domain/odds-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { FutureOddsEntry } from '../../wire/shared-schemas.ts';
import type { Future, FutureClvResponse } from '../../wire/rest-schemas.ts';
import { FutureOutcome } from './future-outcome.tsx';
import {
  bookmakerOptions,
  clvParticipantIds,
  futureClvRows,
  futureOddsId,
  futurePriceTable,
  futureSeries,
  futureTitle,
  type FuturePriceTable,
} from './futures-model.ts';
import { useFutureOddsMany, useSeedFutures } from './use-future-prices.ts';
import './futures.css';
import { isCancelled, isOpen, isOver } from '../../wire/status.ts';

function parseCompare(value: string | null): number[] {
  if (value === null || value === '') return [];
  return [...new Set(value.split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0))];
}

/** The endpoints a future's page uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/futures', '/futures/live', '/futures/odds', '/futures/odds/historical', '/futures/odds/clv', '/participants'];

export function FuturePage() {
  const { futureId = '' } = useParams();
  const client = useApiClient();
  const record = useQuery(futureQuery(client, futureId));
  // A spec-only service has no /futures: its live listing still names the open futures.
  const listing = useQuery({ ...liveFuturesQuery(client), enabled: record.isError });
  const clv = useQuery(futureClvQuery(client, futureId));
  useSeedFutures([futureId], []);

  const future = record.data ?? listing.data?.find((f) => f.futureId === futureId);
  if (record.isPending || (record.isError && listing.isPending) || (future === undefined && clv.isPending)) {
    return <ListSkeleton label="Loading the future" rows={6} />;
  }
  const status = future?.status ?? clv.data?.status;
  const title = future === undefined ? `Future ${futureId}` : futureTitle(future);
  const ids = [...new Set([...(future?.participants.map((p) => p.participantId) ?? []), ...(clv.data === undefined ? [] : clvParticipantIds(clv.data))])];
  const bookmakers = [...new Set([...Object.keys(future?.bookmakers ?? {}), ...Object.keys(clv.data?.odds ?? {})])].sort();
  return (
    <section className="page future-page" aria-labelledby="future-title">
      <h2 id="future-title">{title}</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <p className="history-meta">
        {future === undefined ? '' : `${future.sport.sportName} · ${future.tournament.categoryName} · `}
        {status?.statusName ?? 'status unknown'} · <Link to="/futures">all futures</Link>
      </p>
      {status === undefined || bookmakers.length === 0 ? (
        <>
          <p className="empty-state">This service lists no such future for this key.</p>
          {record.isError && <QueryFailure error={record.error} />}
        </>
      ) : (
        <>
          {isOver(status.statusId) && <FutureSettlement futureId={futureId} future={future} statusId={status.statusId} reissuedFutureId={future?.reissuedFutureId ?? clv.data?.reissuedFutureId ?? null} />}
          <FutureBody
            key={futureId}
            futureId={futureId}
            statusId={status.statusId}
            settledAt={future?.settledAt ?? null}
            clv={clv}
            participantIds={ids}
            knownNames={future?.participants}
            bookmakers={bookmakers}
          />
        </>
      )}
    </section>
  );
}

/** How a closed future ended: its winner and when, or its cancellation and replacement. */
function FutureSettlement({ futureId, future, statusId, reissuedFutureId }: { readonly futureId: string; readonly future: Future | undefined; readonly statusId: number; readonly reissuedFutureId: string | null }) {
  const closedAt = future === undefined ? null : (future.settledAt ?? future.endTime * 1000);
  const { format } = useTimeZone();
  return (
    <section aria-labelledby="future-settlement-title" className="future-settlement">
      <h3 id="future-settlement-title">Settlement</h3>
      <p>
        {isCancelled(statusId) ? 'Cancelled' : 'Finished'}
        {closedAt === null ? '' : ` on ${format(closedAt)}`}
        {future === undefined ? '' : ': '}
        {future !== undefined && <FutureOutcome future={future} />}
      </p>
      {isCancelled(statusId) && <ReissueChain source={FUTURE_REISSUES} id={futureId} next={reissuedFutureId} cancelled />}
    </section>
  );
}

interface BodyProps {
  readonly futureId: string;
  readonly statusId: number;
  readonly settledAt: number | null;
  readonly clv: UseQueryResult<FutureClvResponse>;
  readonly participantIds: readonly number[];
  readonly knownNames: readonly { readonly participantId: number; readonly participantName: string }[] | undefined;
  readonly bookmakers: readonly string[];
}

function FutureBody({ futureId, statusId, settledAt, clv, participantIds, knownNames, bookmakers }: BodyProps) {
  const client = useApiClient();
  const format = useSettings((s) => s.oddsFormat);
  const { timeZone } = useTimeZone();
  const [params, setParams] = useSearchParams();
  const bookParam = params.get('book');
  const bookmaker = bookParam !== null && bookmakers.includes(bookParam) ? bookParam : (bookmakers[0] ?? '');
  const compare = parseCompare(params.get('compare'));
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
  const provisional = isOpen(statusId);
  const series = useMemo(
    () => (history.data === undefined ? [] : futureSeries(history.data, provisional ? history.dataUpdatedAt : undefined)),
    [history.data, history.dataUpdatedAt, provisional],
  );
  // A listing may hold no participants (spec 2.7: "may be empty"), and CLV may not be offered:
  // the recorded history names them too.
  const allIds = useMemo(() => [...new Set([...participantIds, ...series.map((s) => s.participantId)])], [participantIds, series]);
  // Names from the listing record; for any it lacks (a spec-only service), ask /participants.
  const named = new Set(knownNames?.map((p) => p.participantId) ?? []);
  const unnamed = allIds.filter((id) => !named.has(id));
  const lookup = useQuery({ ...participantsByIdsQuery(client, unnamed), enabled: unnamed.length > 0 });
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const p of lookup.data ?? []) map.set(p.participantId, p.participantName);
    for (const p of knownNames ?? []) map.set(p.participantId, p.participantName);
    return map;
  }, [lookup.data, knownNames]);
  const nameOf = (id: number) => names.get(id) ?? `Participant ${String(id)}`;
  // Listing order (roughly the market's), then the rest by id.
  const participants = [...(knownNames?.map((p) => p.participantId) ?? []), ...allIds.filter((id) => !named.has(id)).sort((a, b) => a - b)];

  return (
    <>
      {provisional ? (
        <>
          <h3>Prices now</h3>
          <p className="hint">Live from the stream. Tick participants to compare their price history across every bookmaker.</p>
          <LivePriceTable futureId={futureId} participants={participants} bookmakers={bookmakers} nameOf={nameOf} compare={compare} onToggle={toggleCompare} />
        </>
      ) : (
        <>
          <h3>Closing prices</h3>
          <p className="hint">
            Each bookmaker&apos;s last price on offer before the future {isCancelled(statusId) ? 'was cancelled' : 'was settled'} (a future has no kick-off). Tick
            participants to compare their price history across every bookmaker.
          </p>
          <ClosingPriceTable futureId={futureId} settledAt={settledAt} participants={participants} bookmakers={bookmakers} nameOf={nameOf} compare={compare} onToggle={toggleCompare} />
        </>
      )}

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
        <LineMovementChart
          key={`book:${bookmaker}`}
          title={`Price history at ${bookmaker}`}
          format={format}
          timeZone={timeZone}
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
      ) : (
        compare.map((id) => (
          <div key={id} className="compare-participant">
            <h4>{nameOf(id)}</h4>
            <LineMovementChart
              key={`cmp:${String(id)}`}
              title={`Price history of ${nameOf(id)}`}
              format={format}
              timeZone={timeZone}
              series={series
                .filter((s) => s.participantId === id)
                .map((s): ChartSeries => ({ key: s.bookmaker, label: s.bookmaker, color: seriesColor(bookmakers.indexOf(s.bookmaker)), points: s.points, opening: s.opening }))}
            />
          </div>
        ))
      )}

      <h3>{compare.length === 0 ? `Opening and closing lines at ${bookmaker}` : 'Opening and closing lines'}</h3>
      {clv.isPending ? (
        <ListSkeleton label="Loading the opening and closing lines" rows={4} />
      ) : clv.isError ? (
        <QueryFailure error={clv.error} onRetry={() => void clv.refetch()} />
      ) : compare.length === 0 ? (
        <ClvTable
          selection={`every participant at ${bookmaker}`}
          rows={futureClvRows(clv.data, { bookmaker })}
          rowHeader="Participant"
          rowLabel={(row) => nameOf(clvParticipant(row.key))}
          format={format}
          provisional={provisional}
          timeZone={timeZone}
        />
      ) : (
        compare.map((id) => <ClvTable key={id} selection={nameOf(id)} rows={futureClvRows(clv.data, { participantId: id })} format={format} provisional={provisional} timeZone={timeZone} />)
      )}
    </>
  );
}

interface PriceTableProps {
  readonly futureId: string;
  readonly participants: readonly number[];
  readonly bookmakers: readonly string[];
  readonly nameOf: (participantId: number) => string;
  readonly compare: readonly number[];
  readonly onToggle: (participantId: number) => void;
}

/** An open future's prices, live from the book. */
function LivePriceTable(props: PriceTableProps) {
  const { futureId, participants, bookmakers } = props;
  const oddsIds = useMemo(() => participants.flatMap((id) => bookmakers.map((b) => futureOddsId(futureId, b, id))), [futureId, participants, bookmakers]);
  const entries = useFutureOddsMany(oddsIds);
  const table = useMemo(() => {
    const byId = new Map<string, FutureOddsEntry>();
    entries.forEach((entry, i) => {
      const id = oddsIds[i];
      if (entry !== undefined && id !== undefined) byId.set(id, entry);
    });
    return futurePriceTable(futureId, participants, bookmakers, (id) => byId.get(id));
  }, [entries, oddsIds, futureId, participants, bookmakers]);
  return <PriceTable {...props} table={table} label="Prices per participant and bookmaker" />;
}

/** A closed future's closing prices, from each bookmaker's whole recorded history (spec 4.8, one bookmaker per request). */
function ClosingPriceTable(props: PriceTableProps & { readonly settledAt: number | null }) {
  const { futureId, participants, bookmakers, settledAt } = props;
  const client = useApiClient();
  const histories = useQueries({ queries: bookmakers.map((b) => futureHistoryQuery(client, futureId, { bookmakers: [b] })) });
  const pending = histories.some((h) => h.isPending);
  const failed = histories.find((h) => h.isError);
  if (pending) return <ListSkeleton label="Loading the closing prices" rows={6} />;
  if (failed !== undefined) return <QueryFailure error={failed.error} onRetry={() => void failed.refetch()} />;
  // Not memoised: a closed future's history no longer changes, so this runs on the rare re-render only.
  const closes = new Map<string, FutureOddsEntry>();
  for (const h of histories) {
    if (h.data === undefined) continue;
    for (const [oddsId, entry] of futureClosingPrices(h.data.odds, settledAt)) closes.set(oddsId, entry);
  }
  const table = futurePriceTable(futureId, participants, bookmakers, (id) => closes.get(id));
  return <PriceTable {...props} table={table} label="Closing prices per participant and bookmaker" />;
}

function percent(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}

/** Participants as rows, bookmakers as columns, the best price marked, each book's overround, any arbitrage. */
function PriceTable({ futureId, bookmakers, nameOf, compare, onToggle, table, label }: PriceTableProps & { readonly table: FuturePriceTable; readonly label: string }) {
  const format = useSettings((s) => s.oddsFormat);
  const { format: formatTime } = useTimeZone();
  const { arbitrage } = table;
  return (
    <>
      <div className="futures-prices">
        <table className="futures-table" aria-label={label}>
          <thead>
            <tr>
              <th scope="col">Compare</th>
              <th scope="col">Participant</th>
              {bookmakers.map((b) => (
                <th key={b} scope="col">
                  {b}
                </th>
              ))}
              <th scope="col">Best</th>
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.participantId} data-participant-id={String(row.participantId)}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Compare ${nameOf(row.participantId)} across bookmakers`}
                    checked={compare.includes(row.participantId)}
                    onChange={() => {
                      onToggle(row.participantId);
                    }}
                  />
                </td>
                <th scope="row">{nameOf(row.participantId)}</th>
                {row.cells.map((entry, column) => {
                  const b = bookmakers[column] ?? '';
                  const oddsId = futureOddsId(futureId, b, row.participantId);
                  if (entry === undefined) return <td key={b} className="muted">—</td>;
                  const best = entry.active && row.best?.bookmakers.includes(b) === true;
                  return (
                    <td
                      key={b}
                      className={`${entry.active ? 'live-price' : 'suspended'}${best ? ' best-price' : ''}`}
                      data-odds-id={oddsId}
                      title={formatTime(entry.changedAt)}
                      aria-label={best ? `${formatPrice(entry.price, format)}, best price` : undefined}
                    >
                      {formatPrice(entry.price, format)}
                    </td>
                  );
                })}
                <td className="best-column">{row.best === null ? '—' : `${formatPrice(row.best.price, format)} ${row.best.bookmakers.join(', ')}`}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="overround-row">
              <td />
              <th scope="row">Overround</th>
              {table.overround.map((value, column) => (
                <td key={bookmakers[column] ?? column}>{value === null ? '—' : percent(value)}</td>
              ))}
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
      {arbitrage === null ? (
        <p className="hint">No arbitrage across bookmakers: the best prices add up to {impliedOf(table)}.</p>
      ) : (
        <p className="arbitrage" role="status">
          Arbitrage: {percent(arbitrage.profitRatio)} profit backing every participant at its best price (Σ 1/price = {arbitrage.impliedSum.toFixed(4)}).
        </p>
      )}
    </>
  );
}

/** Σ 1/best price, as a percentage, or "an incomplete market" when a participant has none. */
function impliedOf(table: FuturePriceTable): string {
  let sum = 0;
  if (table.rows.length === 0) return 'an incomplete market';
  for (const row of table.rows) {
    if (row.best === null) return 'an incomplete market';
    sum += 1 / row.best.price;
  }
  return `${(sum * 100).toFixed(1)}% implied`;
}

/** The participantId at the end of a future oddsId. */
function clvParticipant(oddsId: string): number {
  return Number(oddsId.slice(oddsId.lastIndexOf(':') + 1));
}
