// Opens the history of DATA_DIR for the simulator: service/storage's SQLite HistoryStore.
import { openSqliteHistoryStore } from '../storage/sqlite-history-store.ts';
import type { SqliteHistoryStore } from '../storage/sqlite-history-store.ts';

/** Opens (creating when needed) the history database of `dataDir`. */
export function openHistory(dataDir: string): SqliteHistoryStore {
  return openSqliteHistoryStore({ dataDir });
}
