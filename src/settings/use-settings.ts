// The page's one settings store, on the browser's localStorage, kept in step across open tabs.
import { browserStorage } from './safe-storage.ts';
import { createSettingsStore, effectiveApiKey, SETTINGS_STORAGE_KEY, type SettingsStore } from './settings-store.ts';

/** The origin that served the dashboard: where the embedded service answers. */
export const DASHBOARD_ORIGIN = window.location.origin;

/** The system's colour preference; jsdom and old engines lack matchMedia, and then it is light. */
function prefersDark(): boolean {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

// Storage the browser refuses: the store keeps its defaults for this page (./safe-storage.ts).
export const useSettings: SettingsStore = createSettingsStore({
  storage: browserStorage(),
  env: { origin: DASHBOARD_ORIGIN, prefersDark: prefersDark() },
});

// Another tab changed the settings: take them over, so every tab talks to the same service.
window.addEventListener('storage', (event) => {
  if (event.key === SETTINGS_STORAGE_KEY) void useSettings.persist.rehydrate();
});

/** The API key the current settings send (see `effectiveApiKey`). */
export function useEffectiveApiKey(): string {
  return useSettings((s) => effectiveApiKey(s, DASHBOARD_ORIGIN));
}
