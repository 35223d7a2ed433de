// What the simulator needs of the history store: the append, lifecycle-record, meta and
// retention half of service/storage's HistoryStore (the REST layer uses the read half).
import type { HistoryStore } from '../storage/history-store.ts';

export type HistoryPort = Pick<
  HistoryStore,
  | 'appendChanges'
  | 'appendSettlements'
  | 'readSettlement'
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
