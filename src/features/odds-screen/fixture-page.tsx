// `/fixtures/:fixtureId`: the fixture's header, its extras (lineups, injuries, stats, external
// ids), the odds board, and the parlay slip drawer.
import { useParams } from 'react-router';
import { FixtureExtras } from '../fixture-info/fixture-extras.tsx';
import { FixtureHeader } from '../fixture-info/fixture-header.tsx';
import { SlipDrawer } from '../slip/slip-drawer.tsx';
import { useSlip } from '../slip/use-slip.ts';
import { FixtureOdds } from './fixture-odds.tsx';

export function FixturePage() {
  const { fixtureId = '' } = useParams();
  const slip = useSlip();
  return (
    <div className="page fixture-page">
      <FixtureHeader fixtureId={fixtureId} />
      <FixtureExtras fixtureId={fixtureId} />
      <section aria-labelledby="odds-title" className="odds-section">
        <h3 id="odds-title">Odds</h3>
        <FixtureOdds key={fixtureId} fixtureId={fixtureId} slip={slip} />
      </section>
      <SlipDrawer />
    </div>
  );
}
