// The dashboard's one way to keep state in the browser: the page's storage (localStorage, or one
// that refuses every call where the browser refuses the page its storage) and a zustand persist
// storage over it that never throws and validates what it reads: unreadable JSON or a failing
// backend (disabled, private mode, quota) reads as "nothing stored" and writes are dropped. The
// settings, board prefs, fair lines and the slip persist through it; the tracker uses the
// backend directly, so that it can say when its bets cannot be kept.
import type { PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';

/** A synchronous storage (what localStorage is): the stores hydrate from it on the first render. */
export type SyncStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function refuse(): never {
  throw new Error('This browser does not let the page use its storage.');
}

/** Where the browser refuses the page its storage: every call throws, and each user says so its way. */
const REFUSED_STORAGE: SyncStorage = { getItem: refuse, setItem: refuse, removeItem: refuse };

/**
 * The page's localStorage. Reading `window.localStorage` itself can throw (storage disabled): then
 * a storage that refuses every call, which `safePersistStorage` reads as "nothing stored" (the
 * stores keep their defaults for this page) and the tracker reports as a problem.
 */
export function browserStorage(): SyncStorage {
  try {
    return window.localStorage;
  } catch {
    return REFUSED_STORAGE;
  }
}

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

/** Stores kept per service: base URL → that service's state. */
export interface ByService<T> {
  readonly byService: Readonly<Record<string, T>>;
}

/**
 * A store's `{byService}` read back from storage: base URL → that service's part, each read by
 * `readOne` (which never throws); anything else reads as no service.
 */
export function readByService<T>(stored: unknown, readOne: (stored: unknown) => T): ByService<T> {
  const byService = typeof stored === 'object' && stored !== null ? (stored as { byService?: unknown }).byService : undefined;
  if (typeof byService !== 'object' || byService === null) return { byService: {} };
  return { byService: Object.fromEntries(Object.entries(byService).slice(0, MAX_SERVICES).map(([url, value]) => [url, readOne(value)])) };
}
