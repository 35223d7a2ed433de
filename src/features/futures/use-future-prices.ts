// Live futures prices for the futures pages: seeding the live book from `GET /futures/odds` (the
// stream's oddsFutures channel moves them afterwards) and reading many prices with one subscription.
import { useQuery } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { futureOddsSeedQuery } from '../../api/seed-queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { BookSnapshot, LiveBook } from '../../book/book.ts';
import { snapshotOf } from '../../book/snapshot-of.ts';
import { useLiveBook, useOddsInterest } from '../../book/use-book.ts';
import { useBookSeed } from '../../book/use-book-seed.ts';
import type { FutureOddsResponse } from '../../wire/rest-schemas.ts';
import type { FutureOddsEntry } from '../../wire/shared-schemas.ts';

/** Futures prices as the book takes them. */
function futuresSnapshot(futuresOdds: FutureOddsResponse): BookSnapshot {
  return snapshotOf({ futuresOdds });
}

/** Seeds the book with the current prices of `futureIds` from `bookmakers` (empty: all of the key). */
export function useSeedFutures(futureIds: readonly string[], bookmakers: readonly string[]) {
  const client = useApiClient();
  useOddsInterest([], futureIds);
  const query = useQuery({ ...futureOddsSeedQuery(client, futureIds, bookmakers), enabled: futureIds.length > 0 });
  useBookSeed(query.data, futuresSnapshot);
  return query;
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
