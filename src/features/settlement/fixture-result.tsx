// One fixture's result on the settlement lookup: who played, its status, when it was settled, and
// the score of every period the service recorded.
import { Link } from 'react-router';
import { describeStart } from '../../domain/time-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import type { SettlementResponse } from '../../wire/rest-schemas.ts';

/** Periods in match order (p1, p2, … overtime), then the whole-match rows (result, fulltime). */
const WHOLE_MATCH = ['result', 'fulltime'];
function periodOrder(a: string, b: string): number {
  const ra = WHOLE_MATCH.indexOf(a);
  const rb = WHOLE_MATCH.indexOf(b);
  // -1 (a period) sorts before the whole-match rows.
  return ra < 0 && rb < 0 ? a.localeCompare(b, 'en', { numeric: true }) : ra - rb;
}

export interface FixtureResultProps {
  readonly fixtureId: string;
  readonly view: FixtureView | undefined;
  readonly settlement: SettlementResponse;
  /** Graded here from the final score: the service offers no settlement. */
  readonly gradedHere?: boolean;
}

export function FixtureResult({ fixtureId, view, settlement, gradedHere = false }: FixtureResultProps) {
  const name = view === undefined ? fixtureId : `${view.participants.participant1Name} – ${view.participants.participant2Name}`;
  const rows = Object.entries(settlement.scores).sort(([a], [b]) => periodOrder(a, b));
  const { timeZone, format } = useTimeZone();
  return (
    <section className="fixture-result" aria-label={`Result of ${name}`} data-fixture-id={fixtureId}>
      <h3>
        <Link to={`/settlement/${encodeURIComponent(fixtureId)}`}>{name}</Link>
      </h3>
      <p>
        {settlement.status.statusName}
        {view === undefined ? '' : ` · ${describeStart(view.startTime * 1000, settlement.status.statusId, timeZone)}`} ·{' '}
        {gradedHere
          ? 'graded here from the final score: the service offers no settlement'
          : settlement.settledAt === null
            ? 'not settled yet: grades are provisional or absent'
            : `settled ${format(settlement.settledAt)}`}
      </p>
      {rows.length === 0 ? (
        <p>No score recorded.</p>
      ) : (
        <table className="score-by-period" data-testid="scores">
          <caption>Score by period</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">{view?.participants.participant1Name ?? 'Participant 1'}</th>
              <th scope="col">{view?.participants.participant2Name ?? 'Participant 2'}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([period, row]) => (
              <tr key={period}>
                <th scope="row">{period}</th>
                <td>{row.participant1Score}</td>
                <td>{row.participant2Score}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
