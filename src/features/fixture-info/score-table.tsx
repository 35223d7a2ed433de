// The live score by period: one row per participant, one column per period in match order, and
// the match total last; its caption says what it counts (games per set, kills per map, …).
import type { Scores } from '../../wire/shared-schemas.ts';
import { matchScore, periodLabel, scorePeriodsInOrder, scoreUnits, type Side } from '../../domain/fixture-text.ts';

export function ScoreTable({ scores, sides, sportId }: { readonly scores: Scores; readonly sides: readonly [Side, Side]; readonly sportId: number }) {
  const units = scoreUnits(sportId);
  const periods = scorePeriodsInOrder(Object.keys(scores));
  const total = matchScore(scores);
  if (periods.length === 0 && total === null) return null;
  return (
    <table className="score-table">
      <caption>{units.caption}</caption>
      <thead>
        <tr>
          <th scope="col">
            <span className="fi-sr-only">Participant</span>
          </th>
          {periods.map((key) => {
            const label = periodLabel(key);
            return (
              <th scope="col" key={key}>
                <abbr title={label.long}>{label.short}</abbr>
              </th>
            );
          })}
          <th scope="col">{units.total}</th>
        </tr>
      </thead>
      <tbody>
        {sides.map((side, i) => (
          <tr key={side.participantId}>
            <th scope="row">{side.abbr ?? side.shortName ?? side.name}</th>
            {periods.map((key) => {
              const row = scores[key];
              return <td key={key}>{row === undefined ? '–' : i === 0 ? row.participant1Score : row.participant2Score}</td>;
            })}
            <td className="score-total">{total === null ? '–' : i === 0 ? total.participant1 : total.participant2}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
