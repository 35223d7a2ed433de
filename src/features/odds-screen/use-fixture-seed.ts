// Seeds the live book with one fixture's current odds, bookmaker metas and view from REST (all
// markets, the chosen bookmakers). After that the stream moves the prices; a `snapshot_required`
// is handled by the stream client, which re-snapshots every fixture the book holds — this one
// included — so the page seeds once per visit and never keeps a second copy of live prices.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { fixtureKeys } from '../../api/query-keys.ts';
import { fetchOddsSnapshot } from '../../api/snapshots.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { LiveBook } from '../../book/book.ts';
import { useLiveBook, useOddsInterest } from '../../book/use-book.ts';
import type { FixtureViewWithOdds } from '../../wire/rest-schemas.ts';

/** Fills the book from a snapshot (never undoing a newer row the stream delivered) and notifies its readers. */
export function seedFixture(book: LiveBook, view: FixtureViewWithOdds, bookmakers: readonly string[]): void {
  book.seed(
    {
      channels: ['fixtures', 'scores', 'clocks', 'odds', 'bookmakers'],
      fixtureIds: [view.fixtureId],
      futureIds: [],
      bookmakers: bookmakers.length > 0 ? [...bookmakers] : [...new Set([...Object.keys(view.odds), ...Object.keys(view.bookmakers)])],
      fixtures: [view],
      odds: [{ fixtureId: view.fixtureId, odds: view.odds, bookmakers: view.bookmakers }],
      futuresOdds: [],
    },
    false,
  );
  book.flush();
}

/**
 * The odds snapshot of one fixture (`GET /fixtures/odds`, every market, `bookmakers` empty: every
 * bookmaker of the key), seeded into `book` as it arrives; null when the service does not know
 * the fixture or the key may not see it. It only seeds the book, so it is never refetched on focus.
 */
export function fixtureOddsSeedQuery(client: ApiClient, book: LiveBook, fixtureId: string, bookmakers: readonly string[]) {
  const books = [...new Set(bookmakers)].sort();
  // The client and the book are the page's own (the cache is cleared when the client changes).
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [...fixtureKeys.detail(fixtureId), 'odds-seed', { bookmakers: books }] as const,
    queryFn: async (): Promise<FixtureViewWithOdds | null> => {
      const view = (await fetchOddsSnapshot(client, [fixtureId], books))[0] ?? null;
      if (view !== null) seedFixture(book, view, books);
      return view;
    },
    staleTime: Number.POSITIVE_INFINITY,
    // Gone from the cache soon after the page closes: the book holds the live state.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export type FixtureSeed =
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly error: unknown; readonly retry: () => void }
  | { readonly state: 'unknown' }
  | { readonly state: 'seeded'; readonly view: FixtureViewWithOdds; readonly seededAt: number };

/**
 * Seeds the book with the fixture's snapshot and says where that stands; `seededAt` (epoch ms of
 * the answer) changes with each seed, so a layout built "once per snapshot" can key on it.
 */
export function useFixtureSeed(fixtureId: string, bookmakers: readonly string[]): FixtureSeed {
  const client = useApiClient();
  const book = useLiveBook();
  useOddsInterest([fixtureId]);
  const query = useQuery(fixtureOddsSeedQuery(client, book, fixtureId, bookmakers));
  if (query.isPending) return { state: 'loading' };
  if (query.isError) return { state: 'error', error: query.error, retry: () => void query.refetch() };
  if (query.data === null) return { state: 'unknown' };
  return { state: 'seeded', view: query.data, seededAt: query.dataUpdatedAt };
}
