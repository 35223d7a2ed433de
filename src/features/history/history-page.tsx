// `/fixtures/:fixtureId/history`: line movement of one market's outcomes (one series per
// bookmaker, following the live book while the fixture is open), each book's kick-off close
// (from the recorded history) beside the spec's last-before-settlement price, the CLV of a taken
// price against the reference the user picks, and the chain of replacements of a cancelled
// fixture (`reissuedFixtureId`).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { fixtureClvQuery, fixtureHistoryQuery, marketsBySportQuery } from '../../api/queries.ts';
import { NotOfferedError } from '../../api/api-error.ts';
import { MAX_HISTORY_ODDS_IDS } from '../../api/client.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { usePlayerNameOf } from '../../api/use-player-names.ts';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { useFixtureLive } from '../../book/use-book.ts';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { FIXTURE_REISSUES, ReissueChain } from '../../components/reissue-chain.tsx';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { HistoryChart } from './history-chart.tsx';
import { closingLines, kickoffOf } from '../../domain/closing-line.ts';
import { DEVIG_METHODS, type DevigMethod } from '../../domain/devig.ts';
import type { ClvFixtureView } from '../../wire/rest-schemas.ts';
import { ClosingLineTable } from './closing-line-table.tsx';
import { clvPlayerIds, isProvisional, marketChoices, type MarketChoice } from './history-model.ts';
import './history.css';
import { isCancelled } from '../../wire/status.ts';

/** The URL parameter of the de-vig method of the consensus and no-vig CLV. */
const DEVIG_PARAM = 'devig';
/** The endpoints the line-movement page uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/fixtures/odds/clv', '/fixtures/odds/historical', '/markets'];

export function HistoryPage() {
  const { fixtureId = '' } = useParams();
  const client = useApiClient();
  const clv = useQuery(fixtureClvQuery(client, fixtureId));
  const sportId = clv.data?.sport.sportId;
  const catalogue = useQuery({ ...marketsBySportQuery(client, sportId ?? 0), enabled: sportId !== undefined });
  const playerIds = useMemo(() => clvPlayerIds(clv.data), [clv.data]);
  const playerNameOf = usePlayerNameOf(playerIds);

  if (clv.isPending) return <ListSkeleton label="Loading the fixture's recorded prices" rows={6} />;
  if (clv.isError) {
    return (
      <section className="page history-page">
        <h2>Line movement</h2>
        <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
        <QueryFailure error={clv.error} onRetry={() => void clv.refetch()} />
      </section>
    );
  }
  const view = clv.data;
  const title = `${view.participants.participant1Name} – ${view.participants.participant2Name}`;
  return (
    <section className="page history-page" aria-labelledby="history-title">
      <h2 id="history-title">Line movement: {title}</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <p className="history-meta">
        {view.sport.sportName} · {view.tournament.tournamentName} · {view.status.statusName} ·{' '}
        <Link to={`/fixtures/${encodeURIComponent(fixtureId)}`}>odds screen</Link>
      </p>
      <ReissueChain source={FIXTURE_REISSUES} id={fixtureId} next={view.reissuedFixtureId} cancelled={isCancelled(view.status.statusId)} />
      {catalogue.isPending ? (
        <ListSkeleton label="Loading market names" rows={3} />
      ) : (
        <HistoryBody key={fixtureId} fixtureId={fixtureId} markets={marketChoices(view, catalogue.data ?? [], playerNameOf)} clvView={view} />
      )}
    </section>
  );
}

function HistoryBody({ fixtureId, markets, clvView }: { readonly fixtureId: string; readonly markets: readonly MarketChoice[]; readonly clvView: ClvFixtureView }) {
  const client = useApiClient();
  const format = useSettings((s) => s.oddsFormat);
  const [params, setParams] = useSearchParams();
  const market = markets.find((m) => m.key === params.get('market')) ?? markets[0];
  const outcomeParam = Number(params.get('outcome'));
  const outcome = market?.outcomes.find((o) => o.outcomeId === outcomeParam) ?? market?.outcomes[0];
  const oddsIds = useMemo(() => (market?.oddsIds ?? []).slice(0, MAX_HISTORY_ODDS_IDS), [market]);
  const history = useQuery({ ...fixtureHistoryQuery(client, { fixtureId, oddsIds }), enabled: oddsIds.length > 0 });
  // The book's status is newer than the CLV answer's: a fixture that finishes while the page is
  // open stops following the stream.
  const live = useFixtureLive(fixtureId);
  const provisional = isProvisional(live?.status?.statusId ?? clvView.status.statusId);

  const bookmakers = useMemo(() => Object.keys(clvView.odds).sort(), [clvView.odds]);
  const nameOf = useBookmakerNameOf();
  const method: DevigMethod = DEVIG_METHODS.find((m) => m === params.get(DEVIG_PARAM)) ?? 'multiplicative';
  const kickoff = useMemo(() => kickoffOf(clvView), [clvView]);
  // The consensus close follows the trader's chosen fair line, as the odds screen's fair column does.
  const fairLine = useFairLine();
  // A service without price history still has the spec's opening and last-before-settlement
  // prices: the table shows them, each kick-off close "—" with the reason.
  const historyNotOffered = history.error instanceof NotOfferedError;
  const lines = useMemo(() => {
    if (market === undefined || outcome === undefined) return null;
    const recorded = history.data ?? (historyNotOffered ? { fixtureId, odds: {} } : undefined);
    return recorded === undefined ? null : closingLines(clvView, recorded, market, outcome.outcomeId, method, fairLine);
  }, [history.data, historyNotOffered, fixtureId, market, outcome, clvView, method, fairLine]);

  if (market === undefined || outcome === undefined) return <p className="empty-state">The service recorded no prices for this fixture.</p>;
  const choose = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) merged.set(k, v);
    setParams(merged, { replace: true });
  };
  const selectionName = `${outcome.name} (${market.name})`;

  return (
    <>
      <div className="filter-bar">
        <div className="filter">
          <label htmlFor="history-market">Market</label>
          <select
            id="history-market"
            value={market.key}
            onChange={(e) => {
              const next = markets.find((m) => m.key === e.target.value);
              choose({ market: e.target.value, outcome: String(next?.outcomes[0]?.outcomeId ?? '') });
            }}
          >
            {markets.map((m) => (
              <option key={m.key} value={m.key}>
                {m.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="filter outcome-picker">
          <legend>Outcome</legend>
          {market.outcomes.map((o) => (
            <label key={o.outcomeId} className="filter-check">
              <input
                type="radio"
                name="history-outcome"
                checked={o.outcomeId === outcome.outcomeId}
                onChange={() => {
                  choose({ market: market.key, outcome: String(o.outcomeId) });
                }}
              />
              {o.name}
            </label>
          ))}
        </fieldset>
      </div>
      <h3>{selectionName}</h3>
      {history.isPending ? (
        <ListSkeleton label="Loading the price history" rows={6} />
      ) : history.isError ? (
        <QueryFailure error={history.error} onRetry={() => void history.refetch()} />
      ) : (
        <HistoryChart
          key={`${market.key}:${String(outcome.outcomeId)}`}
          fixtureId={fixtureId}
          history={history.data}
          historyAt={history.dataUpdatedAt}
          outcomeId={outcome.outcomeId}
          playerId={market.playerId}
          bookmakers={bookmakers}
          provisional={provisional}
          title={`Line movement of ${selectionName}`}
          format={format}
          kickoff={kickoff}
          nameOf={nameOf}
        />
      )}
      <h3>Opening and closing lines</h3>
      {lines === null ? (
        history.isError ? null : <ListSkeleton label="Loading the closing lines" rows={4} />
      ) : (
        <ClosingLineTable
          selection={selectionName}
          lines={lines}
          kickoff={kickoff}
          format={format}
          method={method}
          onMethodChange={(next) => {
            choose({ [DEVIG_PARAM]: next });
          }}
          nameOf={nameOf}
          fairLineName={fairLine.name}
          {...(historyNotOffered ? { closesUnavailable: 'the service keeps no price history to read it from' } : {})}
        />
      )}
    </>
  );
}
