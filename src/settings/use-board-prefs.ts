// The page's board prefs store, on localStorage, and the prefs of the service the settings talk to.
import { useCallback } from 'react';
import { browserStorage } from './safe-storage.ts';
import { createBoardPrefsStore, DEFAULT_BOARD_PREFS, type BoardPrefs } from './board-prefs-store.ts';
import { useSettings } from './use-settings.ts';

export const useBoardPrefsStore = createBoardPrefsStore(browserStorage());

/** The board prefs of the current service, and a setter for them. */
export function useBoardPrefs(): readonly [BoardPrefs, (patch: Partial<BoardPrefs>) => void] {
  const baseUrl = useSettings((s) => s.baseUrl);
  const prefs = useBoardPrefsStore((s) => s.byService[baseUrl]) ?? DEFAULT_BOARD_PREFS;
  const update = useBoardPrefsStore((s) => s.update);
  const set = useCallback((patch: Partial<BoardPrefs>) => {
    update(baseUrl, patch);
  }, [update, baseUrl]);
  return [prefs, set] as const;
}
