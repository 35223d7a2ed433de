// A bookmaker's column header: its name, marked when the book is suspended, stale (staleOdds or
// meta overdue against its maxDelay…InSec bound) or has its participants rotated, with the
// reasons on hover (title) and as the header's accessible description.
import { memo } from 'react';
import { describeReason, type ColumnHealth } from './use-column-health.ts';

export interface BookmakerHeaderProps {
  readonly bookmaker: string;
  readonly name: string;
  readonly health: ColumnHealth | undefined;
}

export const BookmakerHeader = memo(function BookmakerHeader({ bookmaker, name, health }: BookmakerHeaderProps) {
  const reasons = health?.reasons ?? [];
  if (reasons.length === 0) {
    return (
      <div role="columnheader" className="book-header" data-bookmaker={bookmaker} title={name}>
        {name}
      </div>
    );
  }
  const text = reasons.map(describeReason).join('. ');
  const descriptionId = `book-health-${bookmaker}`;
  const kind = health?.suspended === true ? 'suspended' : health?.stale === true ? 'stale' : 'note';
  return (
    <div
      role="columnheader"
      className={`book-header book-header-${kind}`}
      data-bookmaker={bookmaker}
      data-health={reasons.map((r) => r.code).join(' ')}
      title={`${name}: ${text}`}
      aria-describedby={descriptionId}
    >
      {name}{' '}
      <span className="book-mark" aria-hidden="true">
        {kind === 'suspended' ? '✕' : kind === 'stale' ? '⚠' : '⇄'}
      </span>
      <span id={descriptionId} className="visually-hidden">
        {text}
      </span>
    </div>
  );
});
