// The page's stream connection and live book, as React context, and the hooks that read them.
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { BookmakerSummary } from '../../book/book.ts';
import { useLiveBook } from '../../book/use-book.ts';
import type { StreamConnection } from '../../stream/connect-stream.ts';
import type { StreamStatus } from '../../stream/stream-client.ts';

/** The page's connection to the stream worker; null outside `<StreamProvider>` (e.g. in tests of pages). */
export const StreamContext = createContext<StreamConnection | null>(null);

/** The stream connection, or null when none is provided. */
export function useStreamConnection(): StreamConnection | null {
  return useContext(StreamContext);
}

/** The latest stream status (null until the worker reported one, or without a provider). */
export function useStreamStatus(): StreamStatus | null {
  const connection = useStreamConnection();
  const subscribe = useCallback(
    (listener: () => void): (() => void) => {
      if (connection === null) return () => undefined;
      const unsubscribe = connection.subscribeStatus(listener);
      return () => {
        unsubscribe();
      };
    },
    [connection],
  );
  return useSyncExternalStore(subscribe, () => connection?.getStatus() ?? null);
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
