// Which store keeps the history, chosen from the configuration: SQLite under DATA_DIR (the
// default) or PostgreSQL at DATABASE_URL. The producer opens the writer, the edge its reads.
import type { ServiceConfig } from '../config.ts';
import type { HistoryPort } from '../sim/history-port.ts';
import { historyReadsOf, type HistoryReads } from './history-store.ts';
import { openPgHistoryReads } from './pg/pg-history-reads.ts';
import { openPgHistoryStore } from './pg/pg-history-store.ts';
import { openSqliteHistoryStore, type SqliteHistoryStore } from './sqlite-history-store.ts';

export type HistoryLocation = Pick<ServiceConfig, 'dataDir' | 'databaseUrl'>;

/** The producer's history. */
export interface WriterHistory {
  /** What the simulator writes through (wrapped in a ResilientHistory). */
  readonly store: HistoryPort;
  /** The SQLite store (the history-cap knob needs it); null on PostgreSQL. */
  readonly sqlite: SqliteHistoryStore | null;
  /** After `store.close()`: resolves once the queued writes are flushed and the connections closed. */
  closed(): Promise<void>;
}

/** The edge's history: reads only (the producer migrated or created the schema). */
export interface EdgeHistory {
  readonly reads: HistoryReads;
  /** The SQLite read connection; null on PostgreSQL. */
  readonly sqlite: SqliteHistoryStore | null;
  close(): Promise<void>;
}

/** Opens the SQLite history synchronously (the producer in the edge's thread, with a manual clock). */
export function openSqliteWriter(dataDir: string): WriterHistory {
  const sqlite = openSqliteHistoryStore({ dataDir });
  return { store: sqlite, sqlite, closed: () => Promise.resolve() };
}

/**
 * Opens the producer's history: on PostgreSQL it connects, migrates and loads what the simulator
 * reads at start; rejects when PostgreSQL cannot be reached then (a running service degrades
 * instead, see ResilientHistory).
 */
export async function openHistoryFor(location: HistoryLocation, options: { log?: (line: string) => void } = {}): Promise<WriterHistory> {
  if (location.databaseUrl === undefined) return openSqliteWriter(location.dataDir);
  const store = await openPgHistoryStore(location.databaseUrl, options.log === undefined ? {} : { log: options.log });
  return { store, sqlite: null, closed: () => store.whenClosed() };
}

export function openHistoryReadsFor(location: HistoryLocation): EdgeHistory {
  if (location.databaseUrl === undefined) {
    const sqlite = openSqliteHistoryStore({ dataDir: location.dataDir });
    return {
      reads: historyReadsOf(sqlite),
      sqlite,
      close: () => {
        sqlite.close();
        return Promise.resolve();
      },
    };
  }
  const reads = openPgHistoryReads(location.databaseUrl);
  return { reads, sqlite: null, close: () => reads.close() };
}
