// The desk's team search: fixtures of the date range (and sport) whose participant names hold every
// word typed, newest first, each linked to its settlement sheet. One `/fixtures` request per search
// (names come with the fixtures), well within the key's 200 requests a minute.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { describeFailure } from '../../api/api-error.ts';
import { fixturesQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { describeStart } from '../../domain/time-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import { namesMatch } from './settlement-lookup.ts';

export interface TeamSearchProps {
  readonly name: string;
  /** Epoch seconds, inclusive. */
  readonly fromSec: number;
  /** Epoch seconds, inclusive. */
  readonly toSec: number;
  readonly sportId: number | null;
  /** The range and sport in words, for the "no match" sentence. */
  readonly rangeText: string;
}

function scoreText(view: FixtureView): string {
  const row = view.scores.fulltime ?? view.scores.result;
  return row === undefined ? '–' : `${String(row.participant1Score)}–${String(row.participant2Score)}`;
}

export function TeamSearchResults({ name, fromSec, toSec, sportId, rangeText }: TeamSearchProps) {
  const client = useApiClient();
  const { timeZone } = useTimeZone();
  const fixtures = useQuery(fixturesQuery(client, { startTimeFrom: fromSec, startTimeTo: toSec, ...(sportId === null ? {} : { sportId }) }));
  if (fixtures.error != null) return <p role="alert">{describeFailure(fixtures.error)}</p>;
  if (fixtures.data === undefined) return <p>Searching fixtures…</p>;
  const found = fixtures.data
    .filter((f) => namesMatch(name, [f.participants.participant1Name, f.participants.participant1ShortName, f.participants.participant2Name, f.participants.participant2ShortName]))
    .sort((a, b) => b.startTime - a.startTime || a.fixtureId.localeCompare(b.fixtureId));
  if (found.length === 0) {
    return (
      <p role="alert" data-testid="no-match">
        No fixture {rangeText} has a team named “{name}”. Check the spelling, widen the dates or pick another sport.
      </p>
    );
  }
  return (
    <table className="settlement-search-results" aria-label="Fixtures found">
      <thead>
        <tr>
          <th scope="col">Fixture</th>
          <th scope="col">Date</th>
          <th scope="col">Status</th>
          <th scope="col">Score</th>
        </tr>
      </thead>
      <tbody>
        {found.map((f) => (
          <tr key={f.fixtureId} data-fixture-id={f.fixtureId}>
            <th scope="row">
              <Link to={`/settlement/${encodeURIComponent(f.fixtureId)}`}>
                {f.participants.participant1Name} – {f.participants.participant2Name}
              </Link>
              <br />
              <small>
                {f.tournament.tournamentName} · <code>{f.fixtureId}</code>
              </small>
            </th>
            <td>{describeStart(f.startTime * 1000, f.status.statusId, timeZone)}</td>
            <td>{f.status.statusName}</td>
            <td>{scoreText(f)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
