// The head of a fixture's page: sport and tournament, the participants with badges and rotation
// numbers, venue and start, status, the live score by period and the clock, and for a cancelled
// fixture its replacement. Live values come from the book, which the REST view seeds.
import { useQuery } from '@tanstack/react-query';
import { fixtureQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { BookSnapshot } from '../../book/book.ts';
import { liveValuesOf, type FixtureLiveValues } from '../../book/live-values.ts';
import { snapshotOf } from '../../book/snapshot-of.ts';
import { useFixtureLive } from '../../book/use-book.ts';
import { useBookSeed } from '../../book/use-book-seed.ts';
import { QueryFailure } from '../../components/query-failure.tsx';
import { StarButton } from '../../components/star-button.tsx';
import { parseFixtureId } from '../../domain/ids.ts';
import { describeStart } from '../../domain/time-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { useWatchlist } from '../../settings/use-watchlist.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import { CancelledNotice } from './cancelled-notice.tsx';
import { clockLabel, sidesOf, type Side } from '../../domain/fixture-text.ts';
import { ParticipantBadge } from './participant-badge.tsx';
import { ScoreTable } from './score-table.tsx';
import './fixture-info.css';
import { isCancelled } from '../../wire/status.ts';

/** The REST view as the book takes it: it only fills status, scores and clock, never undoes a streamed row. */
function viewSnapshot(view: FixtureView | null): BookSnapshot | null {
  return view === null ? null : snapshotOf({ views: [view] });
}

/** Why `fixtureId` is not one (the IdError's sentence), or null when it is well-formed. */
function fixtureIdProblem(fixtureId: string): string | null {
  try {
    parseFixtureId(fixtureId);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'not a fixtureId';
  }
}

/**
 * The header of the fixture `fixtureId`. A malformed id is said so without a request; an unknown
 * (or not entitled) fixture says that; a failed request says what to do and offers a retry.
 */
export function FixtureHeader({ fixtureId }: { readonly fixtureId: string }) {
  const problem = fixtureIdProblem(fixtureId);
  if (problem !== null) {
    return (
      <section className="fixture-header" aria-label="Fixture">
        <p role="alert">
          “{fixtureId}” is not a fixtureId: {problem}
        </p>
      </section>
    );
  }
  return <LoadedHeader fixtureId={fixtureId} />;
}

function LoadedHeader({ fixtureId }: { readonly fixtureId: string }) {
  const client = useApiClient();
  const rest = useQuery(fixtureQuery(client, fixtureId));
  useBookSeed(rest.data, viewSnapshot);
  const live = useFixtureLive(fixtureId);
  const view = live?.fixture ?? rest.data;

  if (view === undefined || view === null) {
    let body;
    if (rest.isPending) body = <div className="fixture-header-skeleton" role="status" aria-label="Loading the fixture" aria-busy="true" />;
    else if (rest.isError) body = <QueryFailure error={rest.error} onRetry={() => void rest.refetch()} />;
    else body = <p role="status">No fixture {fixtureId}: the service does not know it, or this API key may not see it.</p>;
    return (
      <section className="fixture-header" aria-label="Fixture">
        {body}
      </section>
    );
  }
  return <HeaderView view={view} {...liveValuesOf(live, view)} />;
}

interface HeaderViewProps extends FixtureLiveValues {
  readonly view: FixtureView;
}

function HeaderView({ view, status, scores, clock }: HeaderViewProps) {
  const { timeZone } = useTimeZone();
  const sides = sidesOf(view.participants);
  const titleId = `fixture-title-${view.fixtureId}`;
  const clockText = status.live ? clockLabel(clock) : null;
  const start = new Date(view.startTime * 1000);
  const venue = [view.venue.venueName, view.venue.venueLocation].filter((part): part is string => part !== null && part !== '');
  const [watchlist, { toggleFixture }] = useWatchlist();
  const season = view.season.seasonName === null ? null : view.season.seasonRound === null ? view.season.seasonName : `${view.season.seasonName}, round ${String(view.season.seasonRound)}`;

  return (
    <section className="fixture-header" aria-labelledby={titleId}>
      <p className="fixture-context">
        {[view.sport.sportName, view.tournament.categoryName, view.tournament.tournamentName, season].filter((part) => part !== null && part !== '').join(' · ')}
      </p>
      <h2 id={titleId} className="fixture-title">
        <SideName side={sides[0]} />
        <span className="fixture-versus" aria-label="versus">
          –
        </span>
        <SideName side={sides[1]} />
      </h2>
      <div className="fixture-facts">
        <StarButton
          starred={watchlist.fixtures.includes(view.fixtureId)}
          label={`${view.participants.participant1Name} – ${view.participants.participant2Name}`}
          onToggle={() => {
            toggleFixture(view.fixtureId);
          }}
        />
        <span className={status.live ? 'fixture-status is-live' : `fixture-status status-${String(status.statusId)}`}>{status.statusName}</span>
        {clockText !== null && (
          <span className="fixture-clock">
            <span className="fi-sr-only">Clock: </span>
            {clockText}
          </span>
        )}
        <time dateTime={start.toISOString()}>{describeStart(start.getTime(), status.statusId, timeZone)}</time>
        {venue.length > 0 && (
          <span className="fixture-venue">
            <span className="fi-sr-only">Venue: </span>
            {venue.join(', ')}
          </span>
        )}
      </div>
      {isCancelled(status.statusId) && <CancelledNotice view={view} />}
      <ScoreTable scores={scores} sides={sides} sportId={view.sport.sportId} />
    </section>
  );
}

function SideName({ side }: { readonly side: Side }) {
  return (
    <span className="fixture-side">
      <ParticipantBadge side={side} />
      {side.rotNr !== null && (
        <span className="rot-nr" title="Rotation number">
          <span className="fi-sr-only">rotation number </span>
          {side.rotNr}
        </span>
      )}
      <span className="fixture-side-name">{side.name}</span>
    </span>
  );
}
