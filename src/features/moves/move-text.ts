// A move in words, the same on the moves page, in the alert list and in a browser notification.
import type { MoveEvent } from '../../domain/moves.ts';
import type { MoveLabel } from './use-move-labels.ts';

export const KIND_LABEL: Readonly<Record<MoveEvent['kind'], string>> = { steam: 'Steam', drop: 'Dropping odds' };

/** `2.6 pts` — moves are measured in implied percentage points, one decimal. */
export function formatPoints(points: number): string {
  return `${points.toFixed(1)} pts`;
}

/** `Steam ▲ shortening 2.6 pts: Home – Away, Match result 1` */
export function moveTitle(move: MoveEvent, label: MoveLabel | undefined): string {
  const arrow = move.direction === 'shortening' ? '▲' : '▼';
  const what = label === undefined ? move.selectionKey : `${label.fixture}, ${label.market} ${label.outcome}`;
  return `${KIND_LABEL[move.kind]} ${arrow} ${move.direction} ${formatPoints(move.points)}: ${what}`;
}

/** `Moved: bet365, Unibet, Betway. Still on the old price: Pinnacle.` */
export function moveBooksText(move: MoveEvent, nameOf: (slug: string) => string): string {
  const moved = `Moved: ${move.moved.map((b) => nameOf(b.bookmaker)).join(', ')}.`;
  return move.still.length === 0 ? moved : `${moved} Still on the old price: ${move.still.map((b) => nameOf(b.bookmaker)).join(', ')}.`;
}
