// Seeds the live book with one fixture's current odds, bookmaker metas and view from REST (all
// markets, the chosen bookmakers). After that the stream moves the prices; a `snapshot_required`
// is handled by the stream client, which re-snapshots every fixture the book holds — this one
// included — so the page seeds once per visit and never keeps a second copy of live prices.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fixtureOddsSeedQuery } from '../../api/seed-queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { snapshotOf } from '../../book/snapshot-of.ts';
import { useOddsInterest } from '../../book/use-book.ts';
import { useBookSeed } from '../../book/use-book-seed.ts';
import type { FixtureViewWithOdds } from '../../wire/rest-schemas.ts';

export type FixtureSeed =
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly error: unknown; readonly retry: () => void }
  | { readonly state: 'unknown' }
  | { readonly state: 'seeded'; readonly view: FixtureViewWithOdds; readonly seededAt: number };

/**
 * Seeds the book with the fixture's snapshot and says where that stands; `seededAt` (epoch ms of
 * the answer) changes with each seed, so a layout built "once per snapshot" can key on it. The
 * state is 'seeded' only once the book holds the answer.
 */
export function useFixtureSeed(fixtureId: string, bookmakers: readonly string[]): FixtureSeed {
  const client = useApiClient();
  useOddsInterest([fixtureId]);
  const query = useQuery(fixtureOddsSeedQuery(client, fixtureId, bookmakers));
  // The bookmakers asked for (empty: every bookmaker of the key, then those the answer holds).
  const booksKey = [...new Set(bookmakers)].sort().join('\n');
  const books = useMemo(() => (booksKey === '' ? [] : booksKey.split('\n')), [booksKey]);
  const toSnapshot = useCallback(
    (view: FixtureViewWithOdds | null) => (view === null ? null : snapshotOf({ views: [view], odds: [view], metas: [view], bookmakers: books })),
    [books],
  );
  const seeded = useBookSeed(query.data, toSnapshot);
  if (query.isError) return { state: 'error', error: query.error, retry: () => void query.refetch() };
  if (query.data === undefined || (query.data !== null && !seeded)) return { state: 'loading' };
  if (query.data === null) return { state: 'unknown' };
  return { state: 'seeded', view: query.data, seededAt: query.dataUpdatedAt };
}
