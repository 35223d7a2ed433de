// The injuries tab: every player reported out, doubtful or questionable, per side, as the stream's
// `injuries` channel last sent the list (a player absent from it is fit).
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { InjuriesPayload } from '../../wire/shared-schemas.ts';
import { injuryStatusText, streamOnlyText } from './extras-text.ts';
import type { Side } from '../../domain/fixture-text.ts';

export function InjuriesPanel({ injuries, sides }: { readonly injuries: InjuriesPayload | undefined; readonly sides: readonly [Side, Side] | null }) {
  const { format } = useTimeZone();
  if (injuries === undefined) return <p className="extras-empty">{streamOnlyText('injury reports', 'injuries')}</p>;
  if (injuries.injuries.length === 0) return <p className="extras-empty">No injuries reported: every player is fit.</p>;
  const sideName = (participantId: number): string => sides?.find((s) => s.participantId === participantId)?.name ?? `participant ${String(participantId)}`;
  return (
    <table className="extras-table">
      <caption>Injury report</caption>
      <thead>
        <tr>
          <th scope="col">Player</th>
          <th scope="col">Team</th>
          <th scope="col">Status</th>
          <th scope="col">Reason</th>
          <th scope="col">Updated</th>
        </tr>
      </thead>
      <tbody>
        {injuries.injuries.map((injury) => (
          <tr key={`${String(injury.participantId)}:${String(injury.playerId)}`}>
            <th scope="row">{injury.playerName}</th>
            <td>{sideName(injury.participantId)}</td>
            <td className={`injury-status is-${injury.status}`}>{injuryStatusText(injury.status)}</td>
            <td>{injury.reason ?? <span className="muted">not reported</span>}</td>
            <td>
              <time dateTime={injury.updatedAt}>{format(Date.parse(injury.updatedAt))}</time>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
