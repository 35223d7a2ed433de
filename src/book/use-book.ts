// React bindings of the live book: a context holding the page's LiveBook and one hook per row
// kind, each subscribed to exactly its row, so a change elsewhere renders nothing; and the odds
// interest a page declares, so that the stream worker sends it only the odds it shows.
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { LiveBook, type BookmakerMetaLive, type BookmakerSummary, type FixtureLive } from './book.ts';
import type { OddsEntry } from '../wire/shared-schemas.ts';

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

/**
 * Where a page declares which fixtures' and futures' odds it shows (the stream connection).
 * Declarations are reference-counted: a fixture stays in the page's interest while any holder
 * keeps it.
 */
export interface OddsInterest {
  /** Adds one holder of these fixtures' and futures' odds; the function returned releases it (once). */
  registerInterest(fixtureIds: readonly string[], futureIds: readonly string[]): () => void;
}

/** The page's odds interest; null without a stream (tests, stories): every hook is then a no-op. */
export const OddsInterestContext = createContext<OddsInterest | null>(null);

const ID_SEP = '\n';

function idsKey(ids: readonly string[]): string {
  return [...new Set(ids)].sort().join(ID_SEP);
}

/**
 * Keeps the odds of `fixtureIds` (and of the futures `futureIds`) live in this page's book while
 * the component is mounted: the stream sends a page only the odds someone on it asked for. Call
 * it wherever odds are read from the book (beside the seed of those odds). New arrays with the
 * same ids do not re-register.
 */
export function useOddsInterest(fixtureIds: readonly string[], futureIds: readonly string[] = []): void {
  const interest = useContext(OddsInterestContext);
  const fixtureKey = idsKey(fixtureIds);
  const futureKey = idsKey(futureIds);
  useEffect(() => {
    if (interest === null || (fixtureKey === '' && futureKey === '')) return undefined;
    return interest.registerInterest(fixtureKey === '' ? [] : fixtureKey.split(ID_SEP), futureKey === '' ? [] : futureKey.split(ID_SEP));
  }, [interest, fixtureKey, futureKey]);
}

/**
 * Per bookmaker, across the book's fixtures: staleOdds, suspended and meta age vs bound. Refreshed
 * every `everyMs` (ages move without any frame), not on every price change.
 */
export function useBookmakerSummaries(everyMs = 1_000): readonly BookmakerSummary[] {
  const book = useLiveBook();
  const [summaries, setSummaries] = useState<readonly BookmakerSummary[]>(() => book.bookmakerSummaries());
  useEffect(() => {
    const timer = setInterval(() => {
      setSummaries(book.bookmakerSummaries());
    }, everyMs);
    return () => {
      clearInterval(timer);
    };
  }, [book, everyMs]);
  return summaries;
}
