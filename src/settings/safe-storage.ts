// A zustand persist storage that never throws and validates what it reads: unreadable JSON or a
// failing backend (private mode, quota) reads as "nothing stored" and writes are dropped.
import type { PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';

/** A persist storage over `backend`; `read` turns whatever was stored into a valid state. */
export function safePersistStorage<T>(backend: StateStorage, read: (stored: unknown) => T): PersistStorage<T> {
  return {
    getItem: (name) => {
      try {
        const raw = backend.getItem(name);
        if (typeof raw !== 'string') return null;
        const parsed: unknown = JSON.parse(raw);
        if (typeof parsed !== 'object' || parsed === null) return null;
        const { state, version } = parsed as { state?: unknown; version?: unknown };
        const value: StorageValue<T> = { state: read(state) };
        if (typeof version === 'number') value.version = version;
        return value;
      } catch {
        return null;
      }
    },
    setItem: (name, value) => {
      try {
        backend.setItem(name, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the state still holds for this page, just not across reloads.
      }
    },
    removeItem: (name) => {
      try {
        backend.removeItem(name);
      } catch {
        // As above: nothing to do when storage is unavailable.
      }
    },
  };
}

/** Most services whose settings are read back (a stored map larger than this is cut). */
const MAX_SERVICES = 50;

/**
 * A store's `{byService}` read back from storage: base URL → that service's prefs, each read by
 * `read` (which never throws); anything else reads as no service.
 */
export function readByService<T>(stored: unknown, read: (prefs: unknown) => T): { readonly byService: Readonly<Record<string, T>> } {
  const byService = typeof stored === 'object' && stored !== null ? (stored as { byService?: unknown }).byService : undefined;
  if (typeof byService !== 'object' || byService === null) return { byService: {} };
  return { byService: Object.fromEntries(Object.entries(byService).slice(0, MAX_SERVICES).map(([url, prefs]) => [url, read(prefs)])) };
}
