// Live futures prices for the futures pages: seeding the live book from `GET /futures/odds` (the
// stream's oddsFutures channel moves them afterwards) and reading many prices with one subscription.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import type { ApiClient } from '../../api/client.ts';
import { futureKeys } from '../../api/query-keys.ts';
import { fetchFutureOddsSnapshot } from '../../api/snapshots.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { LiveBook } from '../../book/book.ts';
import { useLiveBook, useOddsInterest } from '../../book/use-book.ts';
import type { FutureOddsEntry } from '../../wire/shared-schemas.ts';

function futuresSeedQuery(client: ApiClient, book: LiveBook, futureIds: readonly string[], bookmakers: readonly string[]) {
  const ids = [...new Set(futureIds)].sort();
  const books = [...new Set(bookmakers)].sort();
  // The client and the book are the page's own (the cache is cleared when the client changes).
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [...futureKeys.all, 'odds-seed', { futureIds: ids, bookmakers: books }] as const,
    queryFn: async () => {
      const futuresOdds = await fetchFutureOddsSnapshot(client, ids, books.length === 0 ? undefined : books);
      book.seed({ channels: ['oddsFutures'], fixtureIds: [], futureIds: ids, bookmakers: books, fixtures: [], odds: [], futuresOdds }, false);
      book.flush();
      return futuresOdds.length;
    },
    // Only seeds the book, which holds the live prices afterwards.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** Seeds the book with the current prices of `futureIds` from `bookmakers` (empty: all of the key). */
export function useSeedFutures(futureIds: readonly string[], bookmakers: readonly string[]) {
  const client = useApiClient();
  const book = useLiveBook();
  useOddsInterest([], futureIds);
  return useQuery({ ...futuresSeedQuery(client, book, futureIds, bookmakers), enabled: futureIds.length > 0 });
}

/**
 * The live prices of several future `oddsId`s (undefined where the book has none), as one array
 * that keeps its identity until one of them changes, so a row re-renders only then.
 */
interface ManyStore {
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => readonly (FutureOddsEntry | undefined)[];
}

// The array returned keeps its identity while every entry does (useSyncExternalStore needs that).
function manyStore(book: LiveBook, ids: readonly string[]): ManyStore {
  let last: readonly (FutureOddsEntry | undefined)[] = [];
  return {
    subscribe: (listener) => {
      const offs = ids.map((id) => book.subscribeFutureOdds(id, listener));
      return () => {
        for (const off of offs) off();
      };
    },
    getSnapshot: () => {
      const next = ids.map((id) => book.getFutureOdds(id));
      if (next.length === last.length && next.every((entry, i) => entry === last[i])) return last;
      last = next;
      return next;
    },
  };
}

/**
 * The live prices of several future `oddsId`s (undefined where the book has none), as one array
 * that keeps its identity until one of them changes, so a row re-renders only then.
 */
export function useFutureOddsMany(oddsIds: readonly string[]): readonly (FutureOddsEntry | undefined)[] {
  const book = useLiveBook();
  const key = oddsIds.join('\n');
  const store = useMemo(() => manyStore(book, key === '' ? [] : key.split('\n')), [book, key]);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
