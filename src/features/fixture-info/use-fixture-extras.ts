// A fixture's injuries, lineups and live statistics as the stream last delivered them, re-rendering
// only when that fixture's extras change.
import { useCallback, useSyncExternalStore } from 'react';
import { useLiveBook } from '../../book/use-book.ts';
import { extrasStoreOf, type FixtureExtrasLive } from './extras-store.ts';

/** The extras held for `fixtureId` (an empty object until the stream sent any). */
export function useFixtureExtras(fixtureId: string): FixtureExtrasLive {
  const store = extrasStoreOf(useLiveBook());
  const subscribe = useCallback((listener: () => void) => store.subscribe(fixtureId, listener), [store, fixtureId]);
  return useSyncExternalStore(subscribe, () => store.get(fixtureId));
}
