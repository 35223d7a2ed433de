// A fixture's injuries, lineups and live statistics: seeded once from REST (/fixtures/injuries,
// /lineups, /stats), then kept by the stream; re-renders only when that fixture's extras change.
import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { fixtureInjuriesQuery, fixtureLineupsQuery, fixtureMappingQuery, fixtureStatsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useLiveBook } from '../../book/use-book.ts';
import { extrasStoreOf, type FixtureExtrasLive } from './extras-store.ts';

/** The extras held for `fixtureId` (an empty object until REST or the stream gave any). */
export function useFixtureExtras(fixtureId: string): FixtureExtrasLive {
  const store = extrasStoreOf(useLiveBook());
  const client = useApiClient();
  // A service without these endpoints answers "not offered": the tabs then fill from the stream
  // alone, so a failure here is not shown (the tab says what it is waiting for).
  const [injuries, lineups, stats] = useQueries({
    queries: [fixtureInjuriesQuery(client, fixtureId), fixtureLineupsQuery(client, fixtureId), fixtureStatsQuery(client, fixtureId)],
  });
  useEffect(() => {
    for (const payload of injuries.data ?? []) store.seed({ channel: 'injuries', payload });
    for (const payload of lineups.data ?? []) store.seed({ channel: 'lineups', payload });
    for (const payload of stats.data ?? []) store.seed({ channel: 'stats', payload });
  }, [store, injuries.data, lineups.data, stats.data]);
  const subscribe = useCallback((listener: () => void) => store.subscribe(fixtureId, listener), [store, fixtureId]);
  return useSyncExternalStore(subscribe, () => store.get(fixtureId));
}

/**
 * Asks for the extras' seeds and the fixture's external ids with the page rather than when the
 * fold opens: the page then says at once which of them the service does not offer (its "not
 * offered" line), and the fold opens on answers already cached.
 */
export function useFixtureExtrasAsked(fixtureId: string): void {
  const client = useApiClient();
  useQueries({
    queries: [
      fixtureInjuriesQuery(client, fixtureId),
      fixtureLineupsQuery(client, fixtureId),
      fixtureStatsQuery(client, fixtureId),
      fixtureMappingQuery(client, [fixtureId]),
    ],
  });
}
