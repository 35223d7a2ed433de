// The moment of the board at a past moment: a range over the fixture's recorded span, the moment
// as a date and time in the user's zone, steps to the previous and next change of any price on
// the board, and the way back to the live board.
import { Link } from 'react-router';
import { nextChange, previousChange, type BoardHistory } from '../../domain/board-history.ts';
import { formatMoment, fromZonedInput, toZonedInput } from '../../domain/time-format.ts';

export interface MomentScrubberProps {
  readonly history: BoardHistory;
  readonly span: { readonly from: number; readonly to: number };
  readonly atMs: number;
  readonly timeZone: string;
  /** Moves the board; `replace` while dragging or typing (one history entry, not one per step). */
  readonly onMove: (atMs: number, replace: boolean) => void;
  readonly liveHref: string;
}

export function MomentScrubber({ history, span, atMs, timeZone, onMove, liveHref }: MomentScrubberProps) {
  const previous = previousChange(history, atMs);
  const next = nextChange(history, atMs);
  return (
    <div className="moment-scrubber" role="group" aria-label="Moment of the board">
      <input
        type="range"
        className="moment-range"
        aria-label="Moment"
        aria-valuetext={formatMoment(atMs, timeZone)}
        min={span.from}
        max={span.to}
        step={1}
        value={Math.min(span.to, Math.max(span.from, atMs))}
        onChange={(event) => {
          onMove(Number(event.target.value), true);
        }}
      />
      <label>
        At ({timeZone}){' '}
        <input
          type="datetime-local"
          step="1"
          value={toZonedInput(atMs, timeZone)}
          onChange={(event) => {
            const ms = fromZonedInput(event.target.value, timeZone);
            if (ms !== null) onMove(ms, true);
          }}
        />
      </label>
      <button
        type="button"
        disabled={previous === null}
        onClick={() => {
          if (previous !== null) onMove(previous, false);
        }}
      >
        ◀ Previous change
      </button>
      <button
        type="button"
        disabled={next === null}
        onClick={() => {
          if (next !== null) onMove(next, false);
        }}
      >
        Next change ▶
      </button>
      <Link to={liveHref}>Back to live</Link>
      <span className="hint">
        Recorded from {formatMoment(span.from, timeZone)} to {formatMoment(span.to, timeZone)}.
      </span>
    </div>
  );
}
