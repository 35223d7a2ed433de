// Where the stream cursors live between connections and across page reloads: the serverEpoch,
// the last entryId processed per channel, and the replayChannels of the last login_ok.
// The worker keeps them in IndexedDB (no localStorage in workers); tests use memory or a Storage.
// First: zod's eval probe must not run before jitless is set (the page's CSP forbids eval), and
// this store may land in a chunk that runs before main.tsx's own import of it.
import '../components/zod-jitless.ts';
import { z } from 'zod';
import { entryIdSchema, serverEpochSchema } from '../wire/stream-schemas.ts';

/** The resume state of one stream (one URL): what the next login sends. */
export interface StreamCursors {
  readonly serverEpoch: string;
  /** channel → last entryId processed. */
  readonly lastSeenId: Readonly<Record<string, string>>;
  /** The replayChannels of the login_ok these cursors belong to. */
  readonly replayChannels: readonly string[];
}

const cursorsSchema = z.object({
  serverEpoch: serverEpochSchema,
  lastSeenId: z.record(z.string(), entryIdSchema),
  replayChannels: z.array(z.string()),
});

/** Reads back stored cursors; anything malformed (an old format, a hand edit) counts as none. */
export function parseStoredCursors(value: unknown): StreamCursors | null {
  const result = cursorsSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** Loads and saves the cursors of one stream. `save(null)` forgets them. */
export interface CursorStore {
  load(): Promise<StreamCursors | null>;
  save(cursors: StreamCursors | null): Promise<void>;
}

/** Cursors kept in memory only (tests, and the fallback when no storage works). */
export function memoryCursorStore(initial: StreamCursors | null = null): CursorStore {
  let held = initial;
  return {
    load: () => Promise.resolve(held),
    save: (cursors) => {
      held = cursors;
      return Promise.resolve();
    },
  };
}

/**
 * `store` for a client that must start from nothing (the first client after a change of service):
 * its first load forgets what is stored and gives null, so no cursor of an earlier visit to that
 * service resumes into a book that was just emptied; later loads and every save go to `store`.
 */
export function startingFresh(store: CursorStore): CursorStore {
  let forgotten = false;
  return {
    load: async () => {
      if (forgotten) return store.load();
      forgotten = true;
      await store.save(null);
      return null;
    },
    save: (cursors) => store.save(cursors),
  };
}

/** The storage key of a stream's cursors: per gateway URL (never the API key, which is a secret). */
export function cursorKey(url: string): string {
  return `odds-explorer:stream-cursors:${url}`;
}

/** Cursors in a Web Storage (`localStorage` on the page side), as JSON under `key`. */
export function webStorageCursorStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>, key: string): CursorStore {
  return {
    load: () => {
      const text = storage.getItem(key);
      if (text === null) return Promise.resolve(null);
      try {
        return Promise.resolve(parseStoredCursors(JSON.parse(text)));
      } catch {
        return Promise.resolve(null);
      }
    },
    save: (cursors) => {
      if (cursors === null) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(cursors));
      return Promise.resolve();
    },
  };
}

const DB_NAME = 'odds-explorer-stream';
const STORE = 'cursors';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => {
      resolve(req.result);
    };
    req.onerror = () => {
      reject(req.error ?? new Error('IndexedDB request failed'));
    };
  });
}

/**
 * Cursors in IndexedDB (what the stream worker uses: workers have no localStorage). If IndexedDB
 * fails (private mode, quota), loads give null and saves are dropped: resume then falls back to
 * a re-snapshot, which is correct, only slower.
 */
export function indexedDbCursorStore(factory: IDBFactory, key: string): CursorStore {
  let db: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise((resolve, reject) => {
      const req = factory.open(DB_NAME, 1);
      req.onupgradeneeded = () => {
        req.result.createObjectStore(STORE);
      };
      req.onsuccess = () => {
        resolve(req.result);
      };
      req.onerror = () => {
        reject(req.error ?? new Error('IndexedDB open failed'));
      };
    });
    return db;
  };
  return {
    load: async () => {
      try {
        const store = (await open()).transaction(STORE, 'readonly').objectStore(STORE);
        return parseStoredCursors(await request(store.get(key)));
      } catch {
        return null;
      }
    },
    save: async (cursors) => {
      try {
        const store = (await open()).transaction(STORE, 'readwrite').objectStore(STORE);
        if (cursors === null) await request(store.delete(key));
        else await request(store.put(cursors, key));
      } catch {
        // Dropped on purpose: see the doc comment.
      }
    },
  };
}
