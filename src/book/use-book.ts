// React bindings of the live book: a context holding the page's LiveBook and one hook per row
// kind, each subscribed to exactly its row, so a change elsewhere renders nothing.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import { LiveBook, type BookmakerMetaLive, type FixtureLive } from './book.ts';
import type { FutureOddsEntry, OddsEntry } from '../wire/schemas.ts';

/** The page's book. Tests and stories provide their own with `<BookContext value={book}>`. */
export const BookContext = createContext<LiveBook>(new LiveBook());

/** The book of the nearest provider (the app-wide one by default). */
export function useLiveBook(): LiveBook {
  return useContext(BookContext);
}

/** The live price of a fixture `oddsId` (bookmaker-scoped), or undefined; re-renders only when that price changes. */
export function useOdds(oddsId: string): OddsEntry | undefined {
  const book = useLiveBook();
  const subscribe = useCallback((listener: () => void) => book.subscribeOdds(oddsId, listener), [book, oddsId]);
  return useSyncExternalStore(subscribe, () => book.getOdds(oddsId));
}

/** The live price of a future `oddsId`, or undefined. */
export function useFutureOdds(oddsId: string): FutureOddsEntry | undefined {
  const book = useLiveBook();
  const subscribe = useCallback((listener: () => void) => book.subscribeFutureOdds(oddsId, listener), [book, oddsId]);
  return useSyncExternalStore(subscribe, () => book.getFutureOdds(oddsId));
}

/** A fixture's live status, scores and clock, or undefined while the book knows nothing of it. */
export function useFixtureLive(fixtureId: string): FixtureLive | undefined {
  const book = useLiveBook();
  const subscribe = useCallback((listener: () => void) => book.subscribeFixture(fixtureId, listener), [book, fixtureId]);
  return useSyncExternalStore(subscribe, () => book.getFixture(fixtureId));
}

/**
 * A bookmaker's BookmakerFixtureMeta on a fixture with `overdue` (its `updatedAt` older than the
 * bookmaker's `maxDelay…InSec` bound: not the age of the last price, a steady price is not stale).
 */
export function useBookmakerMeta(fixtureId: string, bookmaker: string): BookmakerMetaLive | undefined {
  const book = useLiveBook();
  const subscribe = useCallback(
    (listener: () => void) => book.subscribeBookmakerMeta(fixtureId, bookmaker, listener),
    [book, fixtureId, bookmaker],
  );
  return useSyncExternalStore(subscribe, () => book.getBookmakerMeta(fixtureId, bookmaker));
}
