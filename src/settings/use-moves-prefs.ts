// The page's moves store, on localStorage, and the move settings and alert rules of the service the
// settings talk to.
import { useCallback } from 'react';
import type { AlertRule } from '../domain/alert-rules.ts';
import type { MoveSettings } from '../domain/moves.ts';
import { browserStorage } from './safe-storage.ts';
import { createMovesStore, DEFAULT_MOVES_PREFS, type MovesPrefs, type MovesState } from './moves-store.ts';
import { useSettings } from './use-settings.ts';

export const useMovesStore = createMovesStore(browserStorage());

export interface MovesActions {
  readonly saveSettings: (settings: MoveSettings) => ReturnType<MovesState['saveSettings']>;
  readonly saveRule: (rule: AlertRule) => ReturnType<MovesState['saveRule']>;
  readonly removeRule: (id: string) => void;
}

/** The current service's move settings and alert rules (the same object until they change). */
export function useMovesPrefs(): MovesPrefs {
  const baseUrl = useSettings((s) => s.baseUrl);
  return useMovesStore((s) => s.byService[baseUrl]) ?? DEFAULT_MOVES_PREFS;
}

/** Setters of the current service's move settings and rules. */
export function useMovesActions(): MovesActions {
  const baseUrl = useSettings((s) => s.baseUrl);
  const { saveSettings, saveRule, removeRule } = useMovesStore.getState();
  return {
    saveSettings: useCallback((settings: MoveSettings) => saveSettings(baseUrl, settings), [saveSettings, baseUrl]),
    saveRule: useCallback((rule: AlertRule) => saveRule(baseUrl, rule), [saveRule, baseUrl]),
    removeRule: useCallback((id: string) => { removeRule(baseUrl, id); }, [removeRule, baseUrl]),
  };
}
