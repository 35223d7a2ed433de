import { describe, expect, it } from 'vitest';
import { createWatchlistStore, readWatchlist, WATCHLIST_STORAGE_KEY } from './watchlist-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

const A = 'http://a.example';
const B = 'http://b.example';
const MARKET = { fixtureId: 'f1', marketId: 1, playerId: 0 };

describe('the watchlist store', () => {
  it('stars and unstars fixtures and markets per service, newest first, across a reload', () => {
    const storage = memoryStorage();
    const store = createWatchlistStore(storage);
    store.getState().toggleFixture(A, 'f1');
    store.getState().toggleFixture(A, 'f2');
    store.getState().toggleMarket(A, MARKET);
    store.getState().toggleFixture(B, 'f9');
    const reloaded = createWatchlistStore(storage).getState().byService;
    expect(reloaded[A]).toEqual({ fixtures: ['f2', 'f1'], markets: [MARKET] });
    expect(reloaded[B]).toEqual({ fixtures: ['f9'], markets: [] });
    store.getState().toggleFixture(A, 'f1');
    store.getState().toggleMarket(A, { ...MARKET });
    expect(store.getState().byService[A]).toEqual({ fixtures: ['f2'], markets: [] });
  });

  it('drops corrupt, foreign and repeated items when reading back, never throwing', () => {
    expect(readWatchlist({ fixtures: ['f1', 7, '', 'f1'], markets: [MARKET, { fixtureId: 'f1', marketId: -1, playerId: 0 }, MARKET, 'x'] })).toEqual({ fixtures: ['f1'], markets: [MARKET] });
    expect(readWatchlist('garbage')).toEqual({ fixtures: [], markets: [] });
    const store = createWatchlistStore(memoryStorage({ [WATCHLIST_STORAGE_KEY]: '{not json' }));
    expect(store.getState().byService).toEqual({});
  });
});
