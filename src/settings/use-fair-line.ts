// The page's fair-line store, on localStorage, and the fair lines of the service the settings
// talk to: `useFairLine()` is all a page needs to follow the trader's chosen fair line.
import { useCallback } from 'react';
import { browserStorage } from './safe-storage.ts';
import { chosenPreset, createFairLineStore, DEFAULT_FAIR_LINE_PREFS, type FairLinePrefs, type FairLinePreset, type PresetProblem } from './fair-line-store.ts';
import { useSettings } from './use-settings.ts';

export const useFairLineStore = createFairLineStore(browserStorage());

/** The chosen fair line of the current service (the same object until it changes). */
export function useFairLine(): FairLinePreset {
  const baseUrl = useSettings((s) => s.baseUrl);
  const prefs = useFairLineStore((s) => s.byService[baseUrl]) ?? DEFAULT_FAIR_LINE_PREFS;
  return chosenPreset(prefs);
}

export interface FairLineActions {
  readonly save: (preset: FairLinePreset, replacing?: string) => PresetProblem[];
  readonly remove: (name: string) => void;
  readonly choose: (name: string) => void;
}

/** The fair lines of the current service, and their setters. */
export function useFairLinePrefs(): readonly [FairLinePrefs, FairLineActions] {
  const baseUrl = useSettings((s) => s.baseUrl);
  const prefs = useFairLineStore((s) => s.byService[baseUrl]) ?? DEFAULT_FAIR_LINE_PREFS;
  const { save, remove, choose } = useFairLineStore.getState();
  const actions: FairLineActions = {
    save: useCallback((preset: FairLinePreset, replacing?: string) => save(baseUrl, preset, replacing), [save, baseUrl]),
    remove: useCallback((name: string) => { remove(baseUrl, name); }, [remove, baseUrl]),
    choose: useCallback((name: string) => { choose(baseUrl, name); }, [choose, baseUrl]),
  };
  return [prefs, actions] as const;
}
