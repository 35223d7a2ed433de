// `/fixtures/:fixtureId`: the fixture's header, the odds board right under it (what a trader
// opened the page for), the extras (lineups, injuries, stats, external ids) folded into one line
// above the board until asked for, and the parlay slip drawer.
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { EXTRAS_PARAM, FixtureExtras } from '../fixture-info/fixture-extras.tsx';
import { FixtureHeader } from '../fixture-info/fixture-header.tsx';
import { useFixtureExtrasAsked } from '../fixture-info/use-fixture-extras.ts';
import { SlipDrawer } from '../slip/slip-drawer.tsx';
import { useSlip } from '../slip/use-slip.ts';
import { FixtureOdds } from './fixture-odds.tsx';

/** The endpoints a fixture's page uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/fixtures/odds', '/markets', '/bookmakers', '/players', '/fixtures/odds/clv', '/fixtures/injuries', '/fixtures/lineups', '/fixtures/stats', '/mapping/fixtures'];

export function FixturePage() {
  const { fixtureId = '' } = useParams();
  const [searchParams] = useSearchParams();
  // A link to a tab (`?info=injuries`) opens the extras; otherwise they wait folded.
  const [extrasOpen, setExtrasOpen] = useState(() => searchParams.has(EXTRAS_PARAM));
  const slip = useSlip();
  useFixtureExtrasAsked(fixtureId);
  return (
    <div className="page fixture-page">
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
        <h3 id="odds-title">Odds</h3>
        <FixtureOdds key={fixtureId} fixtureId={fixtureId} slip={slip} />
      </section>
      <SlipDrawer />
    </div>
  );
}
