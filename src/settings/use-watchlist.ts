// The page's watchlist store, on localStorage, and the watchlist of the service the settings talk to.
import { useCallback } from 'react';
import { browserStorage } from './safe-storage.ts';
import { useSettings } from './use-settings.ts';
import { createWatchlistStore, EMPTY_WATCHLIST, type Watchlist, type WatchedMarket } from './watchlist-store.ts';

export const useWatchlistStore = createWatchlistStore(browserStorage());

export interface WatchlistActions {
  readonly toggleFixture: (fixtureId: string) => void;
  readonly toggleMarket: (market: WatchedMarket) => void;
}

/** The current service's watchlist, and its toggles. */
export function useWatchlist(): readonly [Watchlist, WatchlistActions] {
  const baseUrl = useSettings((s) => s.baseUrl);
  const watchlist = useWatchlistStore((s) => s.byService[baseUrl]) ?? EMPTY_WATCHLIST;
  const { toggleFixture, toggleMarket } = useWatchlistStore.getState();
  const actions: WatchlistActions = {
    toggleFixture: useCallback((fixtureId: string) => { toggleFixture(baseUrl, fixtureId); }, [toggleFixture, baseUrl]),
    toggleMarket: useCallback((market: WatchedMarket) => { toggleMarket(baseUrl, market); }, [toggleMarket, baseUrl]),
  };
  return [watchlist, actions] as const;
}
