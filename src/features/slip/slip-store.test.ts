import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { LIMIT_MESSAGE } from './slip-legs.ts';
import { createSlipStore, SLIP_STORAGE_KEY } from './slip-store.ts';
import { leg, manyLegs } from './slip-test-data.ts';

function memoryStorage(initial: Record<string, string> = {}): StateStorage & { readonly items: Map<string, string> } {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => {
      items.set(name, value);
    },
    removeItem: (name) => {
      items.delete(name);
    },
  };
}

describe('the slip store', () => {
  it('toggles a leg in and out', () => {
    const store = createSlipStore({ storage: memoryStorage() });
    store.getState().toggle(leg(101));
    expect(store.getState().legs).toEqual([leg(101)]);
    store.getState().toggle(leg(101));
    expect(store.getState().legs).toEqual([]);
  });

  it('restores the legs in a new page from storage', () => {
    const storage = memoryStorage();
    const first = createSlipStore({ storage });
    first.getState().toggle(leg(102));
    first.getState().toggle(leg(101));
    const second = createSlipStore({ storage });
    expect(second.getState().legs).toEqual([leg(101), leg(102)]);
  });

  it('says why a 21st leg was not added and keeps 20', () => {
    const store = createSlipStore({ storage: memoryStorage() });
    store.getState().setLegs(manyLegs(20));
    store.getState().toggle(leg(10_999));
    expect(store.getState().legs).toHaveLength(20);
    expect(store.getState().notice).toBe(LIMIT_MESSAGE);
  });

  it('reads corrupt storage as an empty slip', () => {
    const store = createSlipStore({ storage: memoryStorage({ [SLIP_STORAGE_KEY]: '{not json' }) });
    expect(store.getState().legs).toEqual([]);
  });

  it('drops stored legs that are not valid oddsIds', () => {
    const stored = JSON.stringify({ state: { legs: [leg(101), 'bogus', 42] }, version: 1 });
    const store = createSlipStore({ storage: memoryStorage({ [SLIP_STORAGE_KEY]: stored }) });
    expect(store.getState().legs).toEqual([leg(101)]);
  });

  it('persists only the legs, not the notice', () => {
    const storage = memoryStorage();
    const store = createSlipStore({ storage });
    store.getState().setLegs([leg(101), 'bogus']);
    expect(store.getState().notice).not.toBeNull();
    expect(JSON.parse(storage.items.get(SLIP_STORAGE_KEY) ?? '{}')).toEqual({ state: { legs: [leg(101)] }, version: 1 });
  });
});
