// Loads the current price of every leg the live book does not hold yet (after a reload, or a leg
// of another fixture): one `/fixtures/odds` call for those legs' fixtures and bookmakers, seeded
// into the book, which the stream then keeps live. The book stays the one owner of live prices.
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { fixturesOddsSeedQuery } from '../../api/seed-queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { BookSnapshot } from '../../book/book.ts';
import { snapshotOf } from '../../book/snapshot-of.ts';
import { useLiveBook } from '../../book/use-book.ts';
import { useBookSeed } from '../../book/use-book-seed.ts';
import { parseOddsId } from '../../domain/ids.ts';
import type { FixtureOdds } from '../../wire/shared-schemas.ts';
import type { FixtureViewWithOdds } from '../../wire/rest-schemas.ts';

/** Only the legs' prices and their bookmakers' metas go into the book: the rest is the odds board's to seed. */
function legsSnapshot(views: readonly FixtureViewWithOdds[], legs: ReadonlySet<string>): BookSnapshot {
  const odds = views.map((view) => {
    const kept: Record<string, Record<string, FixtureOdds[string][string]>> = {};
    for (const [bookmaker, entries] of Object.entries(view.odds)) {
      for (const [oddsId, entry] of Object.entries(entries)) if (legs.has(oddsId)) (kept[bookmaker] ??= {})[oddsId] = entry;
    }
    return { fixtureId: view.fixtureId, odds: kept };
  });
  return snapshotOf({ odds, metas: views });
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
    return { fixtureIds: [...fixtureIds], bookmakers: [...bookmakers] };
  }, [missingKey]);

  const snapshot = useQuery({ ...fixturesOddsSeedQuery(client, 'slip-legs', scope.fixtureIds, scope.bookmakers), enabled: scope.fixtureIds.length > 0 });
  // A new leg re-seeds from the same answer: its price may be in it already.
  const toSnapshot = useCallback((views: readonly FixtureViewWithOdds[]) => legsSnapshot(views, new Set(legs)), [legs]);
  useBookSeed(snapshot.data, toSnapshot);

  return { error: snapshot.error };
}
