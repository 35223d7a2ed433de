// The page's one settings store, on the browser's localStorage, kept in step across open tabs.
import { createSettingsStore, effectiveApiKey, SETTINGS_STORAGE_KEY, type SettingsStore } from './settings-store.ts';

/** The origin that served the dashboard: where the embedded service answers. */
export const DASHBOARD_ORIGIN = window.location.origin;

/** Reading localStorage can throw (storage disabled); the store then keeps its defaults. */
function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The system's colour preference; jsdom and old engines lack matchMedia, and then it is light. */
function prefersDark(): boolean {
  try {
    return window.matchMedia('(prefers-color-scheme: dark)').matches;
  } catch {
    return false;
  }
}

const backend = browserStorage();

export const useSettings: SettingsStore = createSettingsStore({
  storage: backend ?? { getItem: () => null, setItem: () => undefined, removeItem: () => undefined },
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
