// The sheet's table: one row per graded selection (grade, rule, the domain grader's check) with
// each bookmaker's kick-off close and last price, an oddsId copy and a pick for the ticket check.
import { CopyButton } from '../../components/copy-button.tsx';
import { formatPrice } from '../../domain/odds-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { GradeCheck, SheetRow } from './settlement-sheet.ts';

export interface SettlementSheetTableProps {
  readonly rows: readonly SheetRow[];
  /** Only this bookmaker's prices; null: every bookmaker's. */
  readonly bookmaker: string | null;
  /** Display names by slug. */
  readonly names: ReadonlyMap<string, string>;
  readonly picked: ReadonlySet<string>;
  readonly onPick: (oddsId: string) => void;
}

function CheckCell({ check, serviceGrade }: { readonly check: GradeCheck; readonly serviceGrade: string }) {
  switch (check.kind) {
    case 'agrees':
      return <td data-check="agrees">agrees</td>;
    case 'disagrees':
      return (
        <td data-check="disagrees" className="grade-disagrees" role="alert">
          DISAGREES: the domain grader says {check.grade}, the service {serviceGrade} ({check.rule})
        </td>
      );
    case 'not-regraded':
      return <td data-check="not-regraded">not regraded: {check.reason}</td>;
  }
}

export function SettlementSheetTable({ rows, bookmaker, names, picked, onPick }: SettlementSheetTableProps) {
  const format = useSettings((s) => s.oddsFormat);
  const { format: formatTime } = useTimeZone();
  return (
    <table className="settlement-sheet" aria-label="Graded selections">
      <thead>
        <tr>
          <th scope="col">Selection</th>
          <th scope="col">Grade</th>
          <th scope="col">Rule</th>
          <th scope="col">Domain grader</th>
          <th scope="col">Kick-off close → last price, per bookmaker</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const prices = row.prices.filter((p) => bookmaker === null || p.bookmaker === bookmaker);
          return (
            <tr key={row.selection.selectionKey} data-selection-key={row.selection.selectionKey}>
              <th scope="row">{row.label}</th>
              <td data-testid="sheet-grade" data-grade={row.selection.grade} className={`grade grade-${row.selection.grade}`}>
                {row.selection.grade}
              </td>
              <td>{row.selection.rule}</td>
              <CheckCell check={row.check} serviceGrade={row.selection.grade} />
              <td>
                {prices.length === 0 ? (
                  'no recorded price'
                ) : (
                  <ul className="sheet-prices">
                    {prices.map((p) => (
                      <li key={p.oddsId} data-odds-id={p.oddsId}>
                        <label title={p.oddsId}>
                          <input type="checkbox" checked={picked.has(p.oddsId)} onChange={() => { onPick(p.oddsId); }} aria-label={`Pick ${p.oddsId} for the ticket check`} />{' '}
                          {names.get(p.bookmaker) ?? p.bookmaker}
                        </label>{' '}
                        <span title={p.kickOffClose === null ? 'first priced after kick-off' : `since ${formatTime(p.kickOffClose.changedAt)}`}>
                          {p.kickOffClose === null ? '–' : formatPrice(p.kickOffClose.price, format)}
                        </span>{' '}
                        → <span title={`since ${formatTime(p.last.changedAt)}`}>{formatPrice(p.last.price, format)}</span>{' '}
                        <CopyButton text={p.oddsId} label={`oddsId ${p.oddsId}`} />
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
