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

/** Stores kept per service: base URL → that service's state. */
export interface ByService<T> {
  readonly byService: Readonly<Record<string, T>>;
}

/** A per-service store's state read back from storage: each service's part read by `readOne` (at most 50 services); never throws. */
export function readByService<T>(stored: unknown, readOne: (stored: unknown) => T): ByService<T> {
  const byService = typeof stored === 'object' && stored !== null ? (stored as { byService?: unknown }).byService : undefined;
  if (typeof byService !== 'object' || byService === null) return { byService: {} };
  return { byService: Object.fromEntries(Object.entries(byService).slice(0, 50).map(([url, value]) => [url, readOne(value)])) };
}
