// Loads the current price of every leg the live book does not hold yet (after a reload, or a leg
// of another fixture): one `/fixtures/odds` call for those legs' fixtures and bookmakers, seeded
// into the book, which the stream then keeps live. The book stays the one owner of live prices.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../api/client.ts';
import { useEffect, useMemo } from 'react';
import { fixtureKeys } from '../../api/query-keys.ts';
import { fetchOddsSnapshot } from '../../api/snapshots.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { BookSnapshot } from '../../book/book.ts';
import { useLiveBook } from '../../book/use-book.ts';
import { parseOddsId } from '../../domain/ids.ts';
import type { FixtureOdds } from '../../wire/shared-schemas.ts';
import type { FixtureViewWithOdds } from '../../wire/rest-schemas.ts';

/** Only the legs' prices and their bookmakers' metas go into the book: the rest is the odds board's to seed. */
export function legsSnapshot(views: readonly FixtureViewWithOdds[], legs: ReadonlySet<string>): BookSnapshot {
  const odds = views.map((view) => {
    const kept: Record<string, Record<string, FixtureOdds[string][string]>> = {};
    for (const [bookmaker, entries] of Object.entries(view.odds)) {
      for (const [oddsId, entry] of Object.entries(entries)) if (legs.has(oddsId)) (kept[bookmaker] ??= {})[oddsId] = entry;
    }
    return { fixtureId: view.fixtureId, odds: kept, bookmakers: view.bookmakers };
  });
  return {
    channels: ['odds', 'bookmakers'],
    fixtureIds: views.map((v) => v.fixtureId),
    futureIds: [],
    bookmakers: [...new Set(views.flatMap((v) => Object.keys(v.bookmakers)))],
    fixtures: [],
    odds,
    futuresOdds: [],
  };
}

/** The current prices of some fixtures at some bookmakers, to seed legs the book lacks. */
export function legPricesQuery(client: ApiClient, scope: { readonly fixtureIds: readonly string[]; readonly bookmakers: readonly string[] }) {
  // Keys hold no client identity: the app clears the cache when the service, key or language change.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  return queryOptions({
    queryKey: [...fixtureKeys.all, 'slip-leg-prices', scope] as const,
    queryFn: () => fetchOddsSnapshot(client, scope.fixtureIds, scope.bookmakers),
    // A one-off seed: from then on the stream moves these prices in the book.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** Seeds the prices of the legs the book lacks; returns the failure of that load, if any. */
export function useSeedLegPrices(legs: readonly string[]): { readonly error: unknown } {
  const client = useApiClient();
  const book = useLiveBook();
  // Read at render: a leg the board (or the stream) already put in the book needs no request.
  const missing = legs.filter((oddsId) => book.getOdds(oddsId) === undefined);
  const missingKey = missing.join(',');
  const scope = useMemo(() => {
    const fixtureIds = new Set<string>();
    const bookmakers = new Set<string>();
    for (const oddsId of missingKey === '' ? [] : missingKey.split(',')) {
      const leg = parseOddsId(oddsId);
      fixtureIds.add(leg.fixtureId);
      bookmakers.add(leg.bookmaker);
    }
    return { fixtureIds: [...fixtureIds].sort(), bookmakers: [...bookmakers].sort() };
  }, [missingKey]);

  const snapshot = useQuery({ ...legPricesQuery(client, scope), enabled: scope.fixtureIds.length > 0 });

  const legSet = useMemo(() => new Set(legs), [legs]);
  useEffect(() => {
    if (snapshot.data === undefined) return;
    book.seed(legsSnapshot(snapshot.data, legSet), false);
    book.flush();
  }, [book, snapshot.data, legSet]);

  return { error: snapshot.error };
}
