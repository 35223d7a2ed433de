// `/`: where a trader, analyst or support agent starts — what is in play now (per sport, with live
// score and clock from the book), what starts in the next hours, and the tools of the dashboard.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { fixturesQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { ListSkeleton } from '../../components/list-skeleton.tsx';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { QueryFailure } from '../../components/query-failure.tsx';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import { fixturePath } from '../fixtures/fixture-row.tsx';
import { useFixtureLiveValues } from '../fixtures/use-fixture-live-values.ts';
import { useSeedFixtureViews } from '../fixtures/use-list-seed.ts';
import { countBySport, firstToStart, liveInOrder, soonWindow } from './overview-model.ts';
import './overview.css';
import { isPreGame } from '../../wire/status.ts';

/** The lists are fetched again this often, as the fixtures page does. */
const REFRESH_MS = 30_000;
/** How far ahead "starting soon" looks, and how many rows each list shows. */
const SOON_HOURS = 3;
const LIVE_ROWS = 12;
const SOON_ROWS = 10;

const TOOLS: readonly { readonly to: string; readonly label: string; readonly text: string }[] = [
  { to: '/fixtures', label: 'Fixtures and live odds', text: 'Every fixture by sport and tournament; open one for its prices across bookmakers, best price, margin and no-vig fair price.' },
  { to: '/opportunities', label: 'Opportunities', text: '+EV prices and arbitrages across every live and upcoming fixture, against the fair line you chose, with stakes.' },
  { to: '/moves', label: 'Moves and alerts', text: 'Steam and dropping odds as they happen, naming the books that moved and those still on the old price.' },
  { to: '/watchlist', label: 'Watchlist', text: 'The fixtures and markets you starred, with best, fair and EV, live.' },
  { to: '/tracker', label: 'Bet tracker', text: 'Your bets against the kick-off close (CLV), with their grades and profit.' },
  { to: '/markets', label: 'Market catalogue', text: 'Every market of your key, searchable and sortable, exportable as CSV.' },
  { to: '/futures', label: 'Futures', text: 'Outright markets with their price history per participant and bookmaker.' },
  { to: '/parlay', label: 'Parlay and SGP builder', text: 'Price a parlay or same-game parlay at every bookmaker, with why the price differs from the singles.' },
  { to: '/settlement', label: 'Settlement lookup', text: 'The grade of a selection, the rule behind it and the payout at the price in force.' },
  { to: '/settings', label: 'Settings', text: 'Service URL and API key, the bookmakers and sports you follow, language, odds format and theme.' },
];

function useTimeFormat(): (epochSec: number) => string {
  const { format } = useTimeZone();
  return useCallback((epochSec: number) => format(epochSec * 1000), [format]);
}

function fixtureName(view: FixtureView): string {
  return `${view.participants.participant1Name} – ${view.participants.participant2Name}`;
}

/** One live fixture: score, clock and status from the book (seeded by the list). */
function LiveRow({ fixture }: { readonly fixture: FixtureView }) {
  const { status, score, clockLabel: clock } = useFixtureLiveValues(fixture);
  return (
    <tr>
      <td className="muted">{fixture.sport.sportName}</td>
      <td>
        <Link to={fixturePath(fixture.fixtureId)}>{fixtureName(fixture)}</Link>
      </td>
      <td className="numeric">{score === null ? '–' : `${String(score.participant1)}–${String(score.participant2)}`}</td>
      <td className="numeric">{status.live ? (clock ?? 'Live') : status.statusName}</td>
    </tr>
  );
}

/** One fixture about to start; its status from the book once it kicks off. */
function SoonRow({ fixture, formatTime }: { readonly fixture: FixtureView; readonly formatTime: (epochSec: number) => string }) {
  const { status } = useFixtureLiveValues(fixture);
  return (
    <tr>
      <td className="numeric">
        <time dateTime={new Date(fixture.startTime * 1000).toISOString()}>{formatTime(fixture.startTime)}</time>
      </td>
      <td className="muted">{fixture.sport.sportName}</td>
      <td>
        <Link to={fixturePath(fixture.fixtureId)}>{fixtureName(fixture)}</Link>
      </td>
      <td>{isPreGame(status.statusId) ? '' : status.statusName}</td>
    </tr>
  );
}

function InPlay() {
  const client = useApiClient();
  const list = useQuery({ ...fixturesQuery(client, { live: true }), refetchInterval: REFRESH_MS });
  useSeedFixtureViews(list.data);
  const sports = useMemo(() => countBySport(list.data ?? []), [list.data]);
  const rows = useMemo(() => liveInOrder(list.data ?? []).slice(0, LIVE_ROWS), [list.data]);
  const total = list.data?.length ?? 0;

  return (
    <section className="overview-card" aria-labelledby="overview-live">
      <h3 id="overview-live">In play now</h3>
      {list.isPending ? (
        <ListSkeleton label="Loading live fixtures" rows={4} />
      ) : list.isError ? (
        <QueryFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : total === 0 ? (
        <p className="muted">No fixture is in play right now.</p>
      ) : (
        <>
          <ul className="sport-chips" aria-label="Live fixtures per sport">
            {sports.map((sport) => (
              <li key={sport.sportId}>
                <Link to={`/fixtures?sport=${String(sport.sportId)}&live=true`}>
                  {sport.sportName} <span className="chip-count">{sport.count}</span>
                </Link>
              </li>
            ))}
          </ul>
          <table className="overview-table">
            <caption className="visually-hidden">Live fixtures</caption>
            <thead>
              <tr>
                <th scope="col">Sport</th>
                <th scope="col">Fixture</th>
                <th scope="col" className="numeric">Score</th>
                <th scope="col" className="numeric">Clock</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((fixture) => (
                <LiveRow key={fixture.fixtureId} fixture={fixture} />
              ))}
            </tbody>
          </table>
          <p>
            <Link to="/fixtures?live=true">{total > rows.length ? `All ${String(total)} live fixtures` : 'Live fixtures in the list'}</Link>
          </p>
        </>
      )}
    </section>
  );
}

function StartingSoon() {
  const client = useApiClient();
  // Fixed at mount (to the minute) so the query key holds; the refetch brings newly scheduled fixtures.
  const [window] = useState(() => soonWindow(Date.now(), SOON_HOURS));
  const list = useQuery({ ...fixturesQuery(client, { statusId: 0, ...window }), refetchInterval: REFRESH_MS });
  useSeedFixtureViews(list.data);
  const rows = useMemo(() => firstToStart(list.data ?? [], SOON_ROWS), [list.data]);
  const formatTime = useTimeFormat();

  return (
    <section className="overview-card" aria-labelledby="overview-soon">
      <h3 id="overview-soon">Starting in the next {SOON_HOURS} hours</h3>
      {list.isPending ? (
        <ListSkeleton label="Loading the fixtures about to start" rows={4} />
      ) : list.isError ? (
        <QueryFailure error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="muted">No fixture starts in the next {SOON_HOURS} hours.</p>
      ) : (
        <>
          <table className="overview-table">
            <caption className="visually-hidden">Fixtures starting soon</caption>
            <thead>
              <tr>
                <th scope="col" className="numeric">Start</th>
                <th scope="col">Sport</th>
                <th scope="col">Fixture</th>
                <th scope="col">
                  <span className="visually-hidden">Status</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((fixture) => (
                <SoonRow key={fixture.fixtureId} fixture={fixture} formatTime={formatTime} />
              ))}
            </tbody>
          </table>
          <p>
            <Link to="/fixtures?status=0">All pre-game fixtures</Link>
          </p>
        </>
      )}
    </section>
  );
}

/** The endpoints the overview uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/fixtures', '/fixtures/odds/main', '/bookmakers'];

export function OverviewPage() {
  return (
    <section className="page overview" aria-labelledby="overview-title">
      <h2 id="overview-title">Overview</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      <p className="overview-tagline">
        Live odds across bookmakers, line movement with opening and closing line value, parlay and same-game parlay prices,
        and settlements — in one place.
      </p>
      <div className="overview-grid">
        <InPlay />
        <StartingSoon />
      </div>
      <section aria-labelledby="overview-tools">
        <h3 id="overview-tools">Tools</h3>
        <ul className="overview-tools">
          {TOOLS.map((tool) => (
            <li key={tool.to}>
              <Link to={tool.to}>{tool.label}</Link>
              <p className="muted">{tool.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
