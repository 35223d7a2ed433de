// `/fixtures/:fixtureId`: the fixture's header, the odds board right under it (what a trader
// opened the page for: at 1024 × 768 its first market is in the window), the extras (lineups,
// injuries, stats, external ids) folded into one line above the board until asked for, the
// links to line movement and the settlement sheet on the odds heading's line, and the slip. A finished fixture shows its
// result and closing prices instead of the board, a cancelled one says it has none; every
// fixture links to its line movement. With `?at=<ISO time>` the board is the one of that past
// moment (../features/odds-screen/past-board.tsx), whatever the fixture's status now. Route
// composition, so in src/app: it puts fixture-info, the odds screen and the slip together.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { fixtureQuery } from '../api/queries.ts';
import { useApiClient } from '../api/use-api-client.ts';
import { useFixtureLive } from '../book/use-book.ts';
import { NotOfferedLine } from '../components/not-offered-line.tsx';
import { EXTRAS_PARAM, FixtureExtras } from '../features/fixture-info/fixture-extras.tsx';
import { FixtureHeader } from '../features/fixture-info/fixture-header.tsx';
import { useFixtureExtrasAsked } from '../features/fixture-info/use-fixture-extras.ts';
import { SlipDrawer } from '../features/slip/slip-drawer.tsx';
import { slipLegs } from '../features/slip/use-slip.ts';
import { BoardSlipContext } from '../features/odds-screen/board-slip.ts';
import { FixtureFinal } from '../features/odds-screen/fixture-final.tsx';
import { FixtureOdds } from '../features/odds-screen/fixture-odds.tsx';
import { AT_PARAM, PastBoard } from '../features/odds-screen/past-board.tsx';
import { isCancelled, isFinished } from '../wire/status.ts';

/** The endpoints a fixture's page uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/fixtures/odds', '/markets', '/bookmakers', '/players', '/fixtures/odds/clv', '/fixtures/injuries', '/fixtures/lineups', '/fixtures/stats', '/mapping/fixtures'];

export function FixturePage() {
  const { fixtureId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const atText = searchParams.get(AT_PARAM);
  // A link to a tab (`?info=injuries`) opens the extras; otherwise they wait folded.
  const [extrasOpen, setExtrasOpen] = useState(() => searchParams.has(EXTRAS_PARAM));
  useFixtureExtrasAsked(fixtureId);
  const client = useApiClient();
  const rest = useQuery(fixtureQuery(client, fixtureId));
  const live = useFixtureLive(fixtureId);
  // The book's status is newer than the REST view's: a match ending while the page is open turns it.
  const statusId = live?.status?.statusId ?? rest.data?.status.statusId;
  const sportId = rest.data?.sport.sportId;
  return (
    <div className="page fixture-page">
      {/* On a phone, the one scroll area above the slip's sheet (app.css); elsewhere no box at all. */}
      <div className="fixture-page-body">
        <FixtureHeader fixtureId={fixtureId} />
        <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
        <details
          className="fixture-extras-fold"
          open={extrasOpen}
          onToggle={(event) => {
            setExtrasOpen(event.currentTarget.open);
          }}
        >
          <summary>Lineups, injuries, live stats and external ids</summary>
          {extrasOpen && <FixtureExtras fixtureId={fixtureId} />}
        </details>
        <section aria-labelledby="odds-title" className="odds-section">
          <div className="odds-section-head">
            <h3 id="odds-title">{atText !== null ? 'Odds at a past moment' : isFinished(statusId) ? 'Result and closing prices' : 'Odds'}</h3>
            <Link to={`/fixtures/${encodeURIComponent(fixtureId)}/history`}>Line movement and closing lines</Link>
            <Link className="settlement-link" to={`/settlement/${encodeURIComponent(fixtureId)}`}>
              Settlement sheet
            </Link>
            {atText === null && (
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  // A second ago: the latest moment that is surely past when the board reads it.
                  setSearchParams((current) => {
                    const next = new URLSearchParams(current);
                    next.set(AT_PARAM, new Date(Date.now() - 1000).toISOString());
                    return next;
                  });
                }}
              >
                The board at a past moment
              </button>
            )}
          </div>
          {atText !== null ? (
            <PastBoard key={fixtureId} fixtureId={fixtureId} atText={atText} />
          ) : isFinished(statusId) && sportId !== undefined ? (
            <FixtureFinal key={fixtureId} fixtureId={fixtureId} sportId={sportId} />
          ) : isCancelled(statusId) ? (
            <p className="empty-state" role="status">
              This fixture was cancelled: it has no prices and no close, and its bets are void. The notice above links its replacement, if it was
              reissued.
            </p>
          ) : (
            <BoardSlipContext value={slipLegs}>
              <FixtureOdds key={fixtureId} fixtureId={fixtureId} />
            </BoardSlipContext>
          )}
        </section>
      </div>
      <SlipDrawer />
    </div>
  );
}
