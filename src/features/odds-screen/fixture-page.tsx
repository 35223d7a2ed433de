// `/fixtures/:fixtureId`: the fixture's header, the odds board right under it (what a trader
// opened the page for), the extras (lineups, injuries, stats, external ids) folded into one line
// above the board until asked for, and the parlay slip drawer.
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { EXTRAS_PARAM, FixtureExtras } from '../fixture-info/fixture-extras.tsx';
import { FixtureHeader } from '../fixture-info/fixture-header.tsx';
import { SlipDrawer } from '../slip/slip-drawer.tsx';
import { useSlip } from '../slip/use-slip.ts';
import { FixtureOdds } from './fixture-odds.tsx';

export function FixturePage() {
  const { fixtureId = '' } = useParams();
  const [searchParams] = useSearchParams();
  // A link to a tab (`?info=injuries`) opens the extras; otherwise they wait folded.
  const [extrasOpen, setExtrasOpen] = useState(() => searchParams.has(EXTRAS_PARAM));
  const slip = useSlip();
  return (
    <div className="page fixture-page">
      <FixtureHeader fixtureId={fixtureId} />
      <Link className="settlement-link" to={`/settlement/${encodeURIComponent(fixtureId)}`}>
        Settlement sheet
      </Link>
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
