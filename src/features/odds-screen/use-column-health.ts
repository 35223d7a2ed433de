// The state of each bookmaker column on one fixture (suspended, stale odds, meta overdue against
// its maxDelay…InSec bound, participants rotated), read from the live book's BookmakerFixtureMeta
// rows and re-rendering only when a verdict changes, not on every re-confirmed `updatedAt`.
import { useMemo, useSyncExternalStore } from 'react';
import { isBookmakerStale, type LiveBook } from '../../book/book.ts';
import { useLiveBook } from '../../book/use-book.ts';
import type { HealthReason } from '../../domain/bookmaker-health.ts';
import type { BookStatus } from '../../domain/odds-board-values.ts';

/** One column's state: what the values need (suspended, stale) and the reasons the header shows. */
export interface ColumnHealth extends BookStatus {
  readonly bookmaker: string;
  /** Empty when the book is healthy (or has no meta on this fixture yet). */
  readonly reasons: readonly HealthReason[];
}

export interface BoardHealth {
  readonly byBookmaker: ReadonlyMap<string, ColumnHealth>;
  /** Changes exactly when some column's verdict changes: a cheap key for memoized values. */
  readonly signature: string;
}

function columnHealth(book: LiveBook, fixtureId: string, bookmaker: string, live: boolean, now: number): ColumnHealth {
  const row = book.getBookmakerMeta(fixtureId, bookmaker);
  if (row === undefined) return { bookmaker, suspended: false, stale: false, reasons: [] };
  const { meta } = row;
  const reasons: HealthReason[] = [];
  if (meta.suspended) reasons.push({ code: 'suspended' });
  if (meta.staleOdds) reasons.push({ code: 'staleOdds', responseCode: meta.staleOddsResponseCode });
  // The book judges the latest sign of life (updatedAt or a price's changedAt) against the bound
  // of the delivery mode (and re-judges every second), so the verdict here is the one every other
  // page shows. An unreadable updatedAt is noted, but is no evidence of staleness.
  if (Number.isNaN(row.updatedAtMs)) reasons.push({ code: 'updatedAtUnreadable', updatedAt: meta.updatedAt });
  if (row.overdue && row.maxDelaySec !== null && row.evidenceAtMs !== null) {
    reasons.push({ code: 'updatedAtOverdue', ageMs: now - row.evidenceAtMs, boundSec: row.maxDelaySec, mode: live ? 'live' : 'pregame' });
  }
  if (meta.participantsRotated) reasons.push({ code: 'participantsRotated' });
  return { bookmaker, suspended: meta.suspended, stale: isBookmakerStale(row), reasons };
}

function verdictOf(book: LiveBook, fixtureId: string, bookmaker: string): string {
  const row = book.getBookmakerMeta(fixtureId, bookmaker);
  if (row === undefined) return '-';
  const m = row.meta;
  return `${m.suspended ? 'S' : ''}${m.staleOdds ? 'T' : ''}${row.overdue ? `O${String(row.maxDelaySec)}` : ''}${Number.isNaN(row.updatedAtMs) ? 'U' : ''}${m.participantsRotated ? 'R' : ''}`;
}

/** Builds the per-board health store: subscribe/getSnapshot for useSyncExternalStore, cached by verdict. */
export function createHealthStore(book: LiveBook, fixtureId: string, columns: readonly string[], live: boolean, now: () => number = Date.now) {
  let cached: BoardHealth | null = null;
  return {
    subscribe: (listener: () => void): (() => void) => {
      const offs = columns.map((bookmaker) => book.subscribeBookmakerMeta(fixtureId, bookmaker, listener));
      return () => {
        for (const off of offs) off();
      };
    },
    getSnapshot: (): BoardHealth => {
      const signature = columns.map((bookmaker) => `${bookmaker}:${verdictOf(book, fixtureId, bookmaker)}`).join('|');
      if (cached?.signature !== signature) {
        const at = now();
        cached = { signature, byBookmaker: new Map(columns.map((b) => [b, columnHealth(book, fixtureId, b, live, at)])) };
      }
      return cached;
    },
  };
}

/** The health of every column of a fixture's board; a new object only when a verdict changed. */
export function useColumnHealth(fixtureId: string, columns: readonly string[], live: boolean): BoardHealth {
  const book = useLiveBook();
  const store = useMemo(() => createHealthStore(book, fixtureId, columns, live), [book, fixtureId, columns, live]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

/** A health reason in words, for the column header's title and its accessible description. */
export function describeReason(reason: HealthReason): string {
  switch (reason.code) {
    case 'suspended':
      return 'Suspended: takes no bets on this fixture';
    case 'staleOdds':
      return `Stale odds: degraded connection, prices may not be current${reason.responseCode === null ? '' : ` (response ${JSON.stringify(reason.responseCode)})`}`;
    case 'updatedAtOverdue':
      return `Overdue: no confirmation or price change for ${String(Math.round(reason.ageMs / 1000))} s, expected every ${String(reason.boundSec)} s (${reason.mode})`;
    case 'updatedAtUnreadable':
      return `Freshness unknown: updatedAt "${reason.updatedAt}" is not a valid time`;
    case 'participantsRotated':
      return 'Participants rotated: this bookmaker lists the sides the other way round';
    default: {
      const unknown: never = reason;
      return String(unknown);
    }
  }
}
