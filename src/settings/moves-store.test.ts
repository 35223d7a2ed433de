import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { DEFAULT_ALERT_RULES } from '../domain/alert-rules.ts';
import { DEFAULT_MOVE_SETTINGS } from '../domain/moves.ts';
import { createMovesStore, MOVES_STORAGE_KEY, readMovesPrefs } from './moves-store.ts';

function memory(): StateStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const A = 'http://a.example';
const B = 'http://b.example';

describe('moves store', () => {
  it('keeps settings and rules per service and survives a reload', () => {
    const storage = memory();
    const store = createMovesStore(storage);
    expect(store.getState().saveSettings(A, { steamBooks: 4, steamPoints: 1.5, steamMinutes: 3, dropPoints: 6 })).toEqual([]);
    expect(store.getState().saveRule(A, { id: 'x', name: ' Drops ', kind: 'move', moveKinds: ['drop'], minPoints: 7, includeLive: true, enabled: true, repeatMinutes: 30, notify: false })).toEqual([]);
    const again = createMovesStore(storage);
    const a = again.getState().byService[A];
    expect(a?.settings).toEqual({ steamBooks: 4, steamPoints: 1.5, steamMinutes: 3, dropPoints: 6 });
    expect(a?.rules.map((r) => r.name)).toEqual(['Pre-game steam', 'Drops']);
    expect(again.getState().byService[B]).toBeUndefined();
  });

  it('refuses bad settings, naming the field, and saves nothing', () => {
    const store = createMovesStore(memory());
    expect(store.getState().saveSettings(A, { ...DEFAULT_MOVE_SETTINGS, steamBooks: 1 }).map((p) => p.field)).toEqual(['steamBooks']);
    expect(store.getState().byService[A]).toBeUndefined();
  });

  it('reads corrupt storage back as defaults, dropping bad rules', () => {
    expect(readMovesPrefs({ settings: { steamBooks: 'three' }, rules: [{ id: 'r' }, DEFAULT_ALERT_RULES[0]] })).toEqual({ settings: DEFAULT_MOVE_SETTINGS, rules: DEFAULT_ALERT_RULES });
    const storage = memory();
    storage.data.set(MOVES_STORAGE_KEY, '{not json');
    expect(createMovesStore(storage).getState().byService).toEqual({});
  });

  it('keeps EV and arbitrage rules through a reload, and refuses a bad one naming its field', () => {
    const storage = memory();
    const store = createMovesStore(storage);
    const ev = { id: 'ev', name: 'Value', kind: 'ev', minPercent: 2, books: ['pinnacle'], live: 'pregame', maxPrice: 8, enabled: true, repeatMinutes: 5, notify: true } as const;
    const arb = { id: 'arb', name: 'Arbs', kind: 'arbitrage', minPercent: 0.5, enabled: true, repeatMinutes: 5, notify: false } as const;
    expect(store.getState().saveRule(A, ev)).toEqual([]);
    expect(store.getState().saveRule(A, arb)).toEqual([]);
    expect(store.getState().saveRule(A, { ...arb, id: 'bad', minPercent: -1 }).map((p) => p.field)).toEqual(['minPercent']);
    expect(createMovesStore(storage).getState().byService[A]?.rules).toEqual([...DEFAULT_ALERT_RULES, ev, arb]);
  });
});
