// A finished fixture's odds section: the result of each main market and its closing prices —
// every book's kick-off close per outcome, the best close and the consensus close — where the
// live board would have nothing left to show. The score by period is in the header above.
import { useQueries, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { fixtureClvQuery, fixtureHistoryQuery, marketsBySportQuery, settlementQuery } from '../../api/queries.ts';
import { MAX_LIST_IDS } from '../../api/client.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { closingLines, NO_CLOSE_TEXT, type ClosingLines } from '../../domain/closing-line.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import type { ClvFixtureView, FixtureHistoricalOddsResponse } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { mainMarkets, marketResult } from './final-markets.ts';

function historyPath(fixtureId: string, market: Market): string {
  return `/fixtures/${encodeURIComponent(fixtureId)}/history?market=${String(market.marketId)}:0`;
}

/**
 * The chunks' answers as one (each chunk holds other oddsIds, so bookmakers' maps are joined);
 * undefined until every chunk is in. A module function, so React Query keeps its result while
 * the answers stay the same.
 */
function combineHistories(results: readonly UseQueryResult<FixtureHistoricalOddsResponse>[]) {
  const failed = results.find((r) => r.isError);
  if (results.some((r) => r.data === undefined)) return { data: undefined, failed };
  const odds: FixtureHistoricalOddsResponse['odds'] = {};
  for (const { data } of results) for (const [bookmaker, byId] of Object.entries(data?.odds ?? {})) odds[bookmaker] = { ...odds[bookmaker], ...byId };
  return { data: { fixtureId: results[0]?.data?.fixtureId ?? '', odds }, failed };
}

const GRADE_TEXT: Readonly<Record<string, string>> = { won: 'won', 'half-won': 'half won', push: 'push (stake back)', 'half-lost': 'half lost', void: 'void', lost: 'lost' };

export function FixtureFinal({ fixtureId, sportId }: { readonly fixtureId: string; readonly sportId: number }) {
  const client = useApiClient();
  const format = useSettings((s) => s.oddsFormat);
  const clv = useQuery(fixtureClvQuery(client, fixtureId));
  const catalogue = useQuery(marketsBySportQuery(client, sportId));
  const settlement = useQuery(settlementQuery(client, fixtureId));
  const nameOf = useBookmakerNameOf();

  const markets = useMemo(() => {
    if (clv.data === undefined || catalogue.data === undefined) return [];
    const quoted = new Set(Object.values(clv.data.odds).flatMap((byId) => Object.values(byId).filter((p) => p.clv.playerId === 0).map((p) => p.clv.outcomeId)));
    return mainMarkets(catalogue.data.filter((m) => m.outcomes.some((o) => quoted.has(o.outcomeId))));
  }, [clv.data, catalogue.data]);
  const oddsIds = useMemo(() => {
    if (clv.data === undefined) return [];
    const outcomes = new Set(markets.flatMap((m) => m.outcomes.map((o) => o.outcomeId)));
    return Object.values(clv.data.odds)
      .flatMap((byId) => Object.entries(byId).filter(([, p]) => p.clv.playerId === 0 && outcomes.has(p.clv.outcomeId)).map(([id]) => id))
      .sort();
  }, [clv.data, markets]);
  // Chunked: a request line holds about a hundred oddsIds (docs/api.md).
  const chunks = useMemo(() => Array.from({ length: Math.ceil(oddsIds.length / MAX_LIST_IDS) }, (_, i) => oddsIds.slice(i * MAX_LIST_IDS, (i + 1) * MAX_LIST_IDS)), [oddsIds]);
  const histories = useQueries({ queries: chunks.map((ids) => fixtureHistoryQuery(client, { fixtureId, oddsIds: ids })), combine: combineHistories });
  const history = histories.data;

  const failed = [clv, catalogue, settlement, histories.failed].find((q) => q?.isError === true);
  if (failed !== undefined) return <QueryFailure error={failed.error} onRetry={() => void failed.refetch()} />;
  if (clv.data === undefined || catalogue.data === undefined || settlement.data === undefined || history === undefined) {
    return <ListSkeleton label="Loading the result and the closing prices" rows={8} />;
  }
  const selections = settlement.data.selections;
  return (
    <div className="fixture-final">
      {markets.length === 0 ? (
        <p className="empty-state">No bookmaker quoted a main market of this fixture.</p>
      ) : (
        <>
          <table className="final-results" aria-label="Result of each main market">
            <thead>
              <tr>
                <th scope="col">Market</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody>
              {markets.map((market) => {
                const result = marketResult(market, selections);
                const notLost = result.filter((r) => r.grade !== 'lost');
                return (
                  <tr key={market.marketId}>
                    <th scope="row">{market.marketName}</th>
                    <td>{result.length === 0 ? 'not graded yet' : notLost.length === 0 ? 'every outcome lost' : notLost.map((r) => `${r.name} ${GRADE_TEXT[r.grade] ?? r.grade}`).join(' · ')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <h4>Closing prices (kick-off close)</h4>
          {markets.map((market, i) => (
            <details key={market.marketId} className="final-closes" open={i === 0}>
              <summary>{market.marketName}</summary>
              <MarketCloses fixtureId={fixtureId} market={market} clvView={clv.data} recorded={history} format={format} nameOf={nameOf} />
            </details>
          ))}
        </>
      )}
    </div>
  );
}

interface MarketClosesProps {
  readonly fixtureId: string;
  readonly market: Market;
  readonly clvView: ClvFixtureView;
  readonly recorded: FixtureHistoricalOddsResponse;
  readonly format: OddsFormat;
  readonly nameOf: (slug: string) => string;
}

/** One main market's kick-off closes: a row per book, a column per outcome, then best and consensus. */
function MarketCloses({ fixtureId, market, clvView, recorded, format, nameOf }: MarketClosesProps) {
  const perOutcome: ClosingLines[] = useMemo(
    () => market.outcomes.map((o) => closingLines(clvView, recorded, { playerId: 0, outcomes: market.outcomes }, o.outcomeId, 'multiplicative')),
    [clvView, recorded, market],
  );
  const bookmakers = [...new Set(perOutcome.flatMap((lines) => lines.rows.map((r) => r.bookmaker)))].sort();
  const consensus = perOutcome[0]?.consensus ?? null;
  return (
    <>
      <table className="final-close-table" aria-label={`Closing prices of ${market.marketName}`}>
        <thead>
          <tr>
            <th scope="col">Bookmaker</th>
            {market.outcomes.map((o) => (
              <th key={o.outcomeId} scope="col">
                {o.outcomeName}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {bookmakers.map((bookmaker) => (
            <tr key={bookmaker} data-bookmaker={bookmaker}>
              <th scope="row">{nameOf(bookmaker)}</th>
              {perOutcome.map((lines, i) => {
                const close = lines.rows.find((r) => r.bookmaker === bookmaker)?.close;
                return (
                  <td key={market.outcomes[i]?.outcomeId ?? i}>
                    {close === undefined ? '' : close.kind === 'close' ? formatPrice(close.price, format) : <span title={NO_CLOSE_TEXT[close.reason]}>—</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="best-close">
            <th scope="row">Best close</th>
            {perOutcome.map((lines, i) => (
              <td key={market.outcomes[i]?.outcomeId ?? i} title={lines.best?.bookmakers.map(nameOf).join(', ')}>
                {lines.best === null ? '—' : formatPrice(lines.best.price, format)}
              </td>
            ))}
          </tr>
          <tr className="consensus-close">
            <th scope="row">Consensus close</th>
            {market.outcomes.map((o, i) => {
              const price = consensus?.prices[i];
              return <td key={o.outcomeId}>{price === undefined ? '—' : formatPrice(price, format)}</td>;
            })}
          </tr>
        </tfoot>
      </table>
      <p className="hint">
        Close = each book&apos;s last active price at or before kick-off; consensus = mean implied probability of the complete closes,
        margin removed (multiplicative). <Link to={historyPath(fixtureId, market)}>Line movement and CLV of {market.marketName}</Link>
      </p>
    </>
  );
}
