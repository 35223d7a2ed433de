// `queryOptions` for the REST answers that seed the live book (src/book): current odds and
// futures prices. Each is fetched once per key — from then on the stream moves those rows in the
// book — and the page seeds the book from the query's data with `useBookSeed` (src/book), never
// in the query function. Keys from ./query-keys.ts; the client is not part of them (the app
// clears the cache when the service, key or language change).
import { queryOptions } from '@tanstack/react-query';
import type { FixtureViewWithOdds } from '../wire/rest-schemas.ts';
import type { ApiClient } from './client.ts';
import { fixtureKeys, futureKeys } from './query-keys.ts';
import { fetchFutureOddsSnapshot, fetchOddsSnapshot } from './snapshots.ts';

/** A seed is asked once: never stale, never refetched on focus (the stream keeps its rows live). */
const once = { staleTime: Number.POSITIVE_INFINITY, refetchOnWindowFocus: false } as const;

/** An id list as the request and the key take it: de-duplicated and sorted. */
function sortedSet(ids: readonly string[]): string[] {
  return [...new Set(ids)].sort();
}

/**
 * The odds snapshot of one fixture (`GET /fixtures/odds`, every market, `bookmakers` empty: every
 * bookmaker of the key); null when the service does not know the fixture or the key may not see it.
 */
export function fixtureOddsSeedQuery(client: ApiClient, fixtureId: string, bookmakers: readonly string[]) {
  const books = sortedSet(bookmakers);
  return queryOptions({
    queryKey: fixtureKeys.oddsSeed(fixtureId, books),
    queryFn: async (): Promise<FixtureViewWithOdds | null> => (await fetchOddsSnapshot(client, [fixtureId], books))[0] ?? null,
    ...once,
    // Gone from the cache soon after the page closes: the book holds the live state.
    gcTime: 0,
  });
}

/**
 * Who seeds the odds of several fixtures: the parlay page (every market of the legs' fixtures,
 * for the fair probabilities) or the slip (the fixtures of legs the book lacks, at their bookmakers).
 */
export type FixturesSeedFor = 'parlay' | 'slip-legs';

/** How long each keeps its answer after its last reader: the parlay's goes at once. */
const SEED_GC_MS: Readonly<Record<FixturesSeedFor, number>> = { parlay: 0, 'slip-legs': 60_000 };

/** The current odds of `fixtureIds` at `bookmakers` (empty: every bookmaker of the key), for `seedFor`. */
export function fixturesOddsSeedQuery(client: ApiClient, seedFor: FixturesSeedFor, fixtureIds: readonly string[], bookmakers: readonly string[]) {
  const ids = sortedSet(fixtureIds);
  const books = sortedSet(bookmakers);
  return queryOptions({
    queryKey: fixtureKeys.fixturesOddsSeed(seedFor, ids, books),
    queryFn: () => fetchOddsSnapshot(client, ids, books),
    ...once,
    gcTime: SEED_GC_MS[seedFor],
  });
}

/** The current prices of `futureIds` (`GET /futures/odds`; `bookmakers` empty: every bookmaker of the key). */
export function futureOddsSeedQuery(client: ApiClient, futureIds: readonly string[], bookmakers: readonly string[]) {
  const ids = sortedSet(futureIds);
  const books = sortedSet(bookmakers);
  return queryOptions({
    queryKey: futureKeys.oddsSeed(ids, books),
    queryFn: () => fetchFutureOddsSnapshot(client, ids, books.length === 0 ? undefined : books),
    ...once,
    gcTime: 0,
  });
}
