import { describe, expect, it } from 'vitest';
import { BOARD_PREFS_STORAGE_KEY, createBoardPrefsStore, DEFAULT_BOARD_PREFS, readBoardPrefs } from './board-prefs-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

describe('board prefs', () => {
  it('keeps the prefs of each service apart and across a reload', () => {
    const storage = memoryStorage();
    const store = createBoardPrefsStore(storage);
    store.getState().update('http://a.example', { hidden: ['bet365'], sharpFirst: true });
    store.getState().update('http://b.example', { density: 'compact' });
    const reloaded = createBoardPrefsStore(storage);
    expect(reloaded.getState().byService['http://a.example']).toEqual({ ...DEFAULT_BOARD_PREFS, hidden: ['bet365'], sharpFirst: true });
    expect(reloaded.getState().byService['http://b.example']?.density).toBe('compact');
    expect(reloaded.getState().byService['http://b.example']?.hidden).toEqual([]);
  });

  it('falls back field by field on a corrupt store, and refuses a commission of 100% or more', () => {
    const storage = memoryStorage({
      [BOARD_PREFS_STORAGE_KEY]: JSON.stringify({ state: { byService: { 'http://a.example': { hidden: 'bet365', density: 'tiny', commission: { 'betfair-ex': 0.02 } } } } }),
    });
    expect(createBoardPrefsStore(storage).getState().byService['http://a.example']).toEqual({ ...DEFAULT_BOARD_PREFS, commission: { 'betfair-ex': 0.02 } });
    expect(readBoardPrefs({ commission: { 'betfair-ex': 1 } }).commission).toEqual({});
    expect(createBoardPrefsStore(memoryStorage({ [BOARD_PREFS_STORAGE_KEY]: '{not json' })).getState().byService).toEqual({});
  });
});
