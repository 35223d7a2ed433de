// The trader's watchlist: starred fixtures and starred markets (one market line of a fixture, for
// one player or the match), per service (base URL) and persisted in the browser. Read back item by
// item: a corrupt or foreign entry is dropped, never a crash.
// First: zod's eval probe must not run before jitless is set (the page's CSP forbids eval), and
// this store may land in a chunk that runs before main.tsx's own import of it.
import '../components/zod-jitless.ts';
import { z } from 'zod';
import { create, type StateCreator } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { readByService, safePersistStorage, type ByService } from './safe-storage.ts';

export const WATCHLIST_STORAGE_KEY = 'odds-explorer.watchlist.v1';
/** The most items of each kind kept: a watchlist, not a second fixtures list. */
export const MAX_WATCHED = 100;

/** A starred market: `{marketId}:{playerId}` of one fixture's board (playerId 0 for the match). */
export interface WatchedMarket {
  readonly fixtureId: string;
  readonly marketId: number;
  readonly playerId: number;
}

export interface Watchlist {
  /** Starred fixtureIds, newest first. */
  readonly fixtures: readonly string[];
  /** Starred markets, newest first. */
  readonly markets: readonly WatchedMarket[];
}

export const EMPTY_WATCHLIST: Watchlist = { fixtures: [], markets: [] };

const fixtureIdSchema = z.string().min(1).max(200);
const marketSchema = z.object({
  fixtureId: fixtureIdSchema,
  marketId: z.number().int().min(0),
  playerId: z.number().int().min(0),
});

/** Whether two market references name the same market of the same fixture. */
export function sameMarket(a: WatchedMarket, b: WatchedMarket): boolean {
  return a.fixtureId === b.fixtureId && a.marketId === b.marketId && a.playerId === b.playerId;
}

/** A watchlist read back from storage: each valid, distinct item; never throws. */
export function readWatchlist(stored: unknown): Watchlist {
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const fixtures: string[] = [];
  for (const item of Array.isArray(record.fixtures) ? record.fixtures.slice(0, MAX_WATCHED) : []) {
    const parsed = fixtureIdSchema.safeParse(item);
    if (parsed.success && !fixtures.includes(parsed.data)) fixtures.push(parsed.data);
  }
  const markets: WatchedMarket[] = [];
  for (const item of Array.isArray(record.markets) ? record.markets.slice(0, MAX_WATCHED) : []) {
    const parsed = marketSchema.safeParse(item);
    if (parsed.success && !markets.some((m) => sameMarket(m, parsed.data))) markets.push(parsed.data);
  }
  return { fixtures, markets };
}

export interface WatchlistState extends ByService<Watchlist> {
  /** Stars `fixtureId` at `baseUrl`, or unstars it when starred. */
  readonly toggleFixture: (baseUrl: string, fixtureId: string) => void;
  /** Stars `market` at `baseUrl`, or unstars it when starred. */
  readonly toggleMarket: (baseUrl: string, market: WatchedMarket) => void;
}

/** A watchlist store persisted in `storage`; hydrates at once from a synchronous storage. */
export function createWatchlistStore(storage: StateStorage) {
  const creator: StateCreator<WatchlistState, [], [], WatchlistState> = (set) => {
    const change = (baseUrl: string, next: (current: Watchlist) => Watchlist): void => {
      set((state) => ({ byService: { ...state.byService, [baseUrl]: next(state.byService[baseUrl] ?? EMPTY_WATCHLIST) } }));
    };
    return {
      byService: {},
      toggleFixture: (baseUrl, fixtureId) => {
        change(baseUrl, (current) => ({
          ...current,
          fixtures: current.fixtures.includes(fixtureId) ? current.fixtures.filter((id) => id !== fixtureId) : [fixtureId, ...current.fixtures].slice(0, MAX_WATCHED),
        }));
      },
      toggleMarket: (baseUrl, market) => {
        const item: WatchedMarket = { fixtureId: market.fixtureId, marketId: market.marketId, playerId: market.playerId };
        change(baseUrl, (current) => ({
          ...current,
          markets: current.markets.some((m) => sameMarket(m, item)) ? current.markets.filter((m) => !sameMarket(m, item)) : [item, ...current.markets].slice(0, MAX_WATCHED),
        }));
      },
    };
  };
  return create<WatchlistState>()(
    persist<WatchlistState, [], [], ByService<Watchlist>>(creator, {
      name: WATCHLIST_STORAGE_KEY,
      storage: safePersistStorage(storage, (stored) => readByService(stored, readWatchlist)),
      partialize: ({ byService }) => ({ byService }),
    }),
  );
}
