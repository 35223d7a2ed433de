// `/watchlist`: the fixtures and markets the trader starred (on the fixtures list, a fixture's
// header and a market's title), each market's outcomes with their best price, fair price under
// the chosen fair line and EV, live from the book. The de-vig method is the odds screen's URL
// parameter (`devig`), so a link keeps it.
import { Link, useSearchParams } from 'react-router';
import { useBookmakerNameOf } from '../../api/use-bookmaker-names.ts';
import { FairLineLabel } from '../../components/fair-line-label.tsx';
import { useSettings } from '../../settings/use-settings.ts';
import { useWatchlist } from '../../settings/use-watchlist.ts';
import { DEVIG_PARAM, devigMethodOf } from '../odds-screen/use-board-view.ts';
import { WatchedFixture } from './watched-fixture.tsx';
import './watchlist.css';

export function WatchlistPage() {
  const [watchlist] = useWatchlist();
  const [params] = useSearchParams();
  const method = devigMethodOf(params.get(DEVIG_PARAM));
  const format = useSettings((s) => s.oddsFormat);
  const nameOf = useBookmakerNameOf();
  // Starred fixtures first (newest first), then the other fixtures of starred markets.
  const fixtureIds = [...new Set([...watchlist.fixtures, ...watchlist.markets.map((m) => m.fixtureId)])];

  return (
    <section className="page watchlist-page" aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">Watchlist</h2>
      <p className="hint">
        Best price net of commission over the books you bet at, fair price and EV as on the odds screen ({method} de-vig).{' '}
        <FairLineLabel method={method} nameOf={nameOf} />
      </p>
      {fixtureIds.length === 0 ? (
        <div className="empty-state" role="status">
          <p>
            Nothing starred yet. Star a fixture on the <Link to="/fixtures">Fixtures</Link> list or in its header, or a market by its
            title on the fixture&apos;s odds screen; it shows here with its best, fair and EV, live.
          </p>
        </div>
      ) : (
        fixtureIds.map((fixtureId) => (
          <WatchedFixture
            key={fixtureId}
            fixtureId={fixtureId}
            fixtureStarred={watchlist.fixtures.includes(fixtureId)}
            markets={watchlist.markets.filter((m) => m.fixtureId === fixtureId)}
            method={method}
            format={format}
            nameOf={nameOf}
          />
        ))
      )}
    </section>
  );
}
