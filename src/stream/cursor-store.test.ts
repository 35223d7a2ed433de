import { describe, expect, it } from 'vitest';
import { cursorKey, memoryCursorStore, parseStoredCursors, startingFresh, webStorageCursorStore } from './cursor-store.ts';

function fakeStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const cursors = { serverEpoch: 'a1b2', lastSeenId: { fixtures: '1700000000000-3' }, replayChannels: ['fixtures', 'scores'] };

describe('cursor stores', () => {
  it('gives back what a memory store saved', async () => {
    const store = memoryCursorStore();
    await store.save(cursors);
    expect(await store.load()).toEqual(cursors);
  });
  it('keeps cursors in a Web Storage across store instances, as after a reload', async () => {
    const storage = fakeStorage();
    await webStorageCursorStore(storage, cursorKey('ws://h/ws')).save(cursors);
    expect(await webStorageCursorStore(storage, cursorKey('ws://h/ws')).load()).toEqual(cursors);
  });
  it('forgets cursors saved as null', async () => {
    const storage = fakeStorage();
    const store = webStorageCursorStore(storage, 'k');
    await store.save(cursors);
    await store.save(null);
    expect(await store.load()).toBeNull();
  });
  it('reads malformed stored cursors as none', async () => {
    const storage = fakeStorage();
    storage.setItem('k', '{"serverEpoch":"zz","lastSeenId":{}}');
    expect(await webStorageCursorStore(storage, 'k').load()).toBeNull();
    storage.setItem('k', 'not json');
    expect(await webStorageCursorStore(storage, 'k').load()).toBeNull();
  });
  it('refuses an entryId that is not a cursor', () => {
    expect(parseStoredCursors({ ...cursors, lastSeenId: { odds: '12' } })).toBeNull();
  });
  it('never puts the API key in the storage key', () => {
    expect(cursorKey('wss://odds.example/ws')).toBe('odds-explorer:stream-cursors:wss://odds.example/ws');
  });

  it('starts a client of a new service without the cursors stored for it, and forgets them', async () => {
    const stored = memoryCursorStore(cursors);
    const fresh = startingFresh(stored);
    expect(await fresh.load()).toBeNull();
    expect(await stored.load()).toBeNull();
    await fresh.save(cursors);
    expect(await fresh.load()).toEqual(cursors);
  });
});
