// How a closed future ended, in words: the winner of a finished one (when the service names it),
// or that a cancelled one is void, with its replacement.
import { Link } from 'react-router';
import type { Future } from '../../wire/rest-schemas.ts';
import { isCancelled, isFinished } from '../../wire/status.ts';

export function FutureOutcome({ future }: { readonly future: Future }) {
  const { statusId } = future.status;
  if (isCancelled(statusId)) {
    return (
      <span className="future-outcome">
        Cancelled: bets are void
        {future.reissuedFutureId !== null && (
          <>
            {' · replaced by '}
            <Link to={`/futures/${encodeURIComponent(future.reissuedFutureId)}`}>{future.reissuedFutureId}</Link>
          </>
        )}
      </span>
    );
  }
  if (!isFinished(statusId)) return <span className="muted">open</span>;
  const winnerId = future.winnerParticipantId;
  if (winnerId == null) return <span className="muted">the service does not name the winner</span>;
  const winner = future.participants.find((p) => p.participantId === winnerId);
  return <span className="future-outcome">Won by {winner?.participantName ?? `participant ${String(winnerId)}`}</span>;
}
