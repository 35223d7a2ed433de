// What the simulator needs of the history store: the append, lifecycle-record, meta and
// retention half of service/storage's HistoryStore (the REST layer uses the read half, through
// HistoryReads). Nothing here reads history back, so a store whose reads are asynchronous
// (PostgreSQL) can answer it from memory. The service gives it a ResilientHistory
// (resilient-history.ts): a failing disk degrades history, no write here throws.
import type { HistoryStore } from '../storage/history-store.ts';

export type HistoryPort = Pick<
  HistoryStore,
  | 'appendChanges'
  | 'appendSettlements'
  | 'saveFixtures'
  | 'loadFixtures'
  | 'saveFutures'
  | 'loadFutures'
  | 'getMeta'
  | 'setMeta'
  | 'countChanges'
  | 'sizeBytes'
  | 'pruneOldest'
  | 'close'
>;
