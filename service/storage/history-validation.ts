// Checks of what a caller hands the history store, shared by the SQLite and PostgreSQL stores so
// both refuse exactly the same malformed changes, settlements and records (HistoryStoreError).
import { GRADES } from '../../src/domain/grade.ts';
import type { Grade } from '../../src/domain/grade.ts';
import { HistoryStoreError } from './history-store.ts';
import type { FixturePriceChange, FuturePriceChange, LifecycleRecord, PriceChange, PruneOptions, SettlementRecord } from './history-store.ts';

export function isGrade(value: string): value is Grade {
  return (GRADES as readonly string[]).includes(value);
}

export function isSafeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

function requireNonEmpty(value: unknown, what: string): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw new HistoryStoreError(`${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  }
}

function requireInteger(value: unknown, what: string): void {
  if (!isSafeInteger(value)) throw new HistoryStoreError(`${what} must be an integer, got ${String(value)}`);
}

export function validateChange(change: PriceChange, index: number): void {
  const at = `change ${String(index)} (${change.oddsId})`;
  // The union is only a compile-time promise; callers may build changes from parsed data.
  const kind: unknown = change.kind;
  if (kind !== 'fixture' && kind !== 'future') {
    throw new HistoryStoreError(`${at}: kind must be 'fixture' or 'future', got ${String(kind)}`);
  }
  requireNonEmpty(change.oddsId, `${at}: oddsId`);
  requireNonEmpty(change.bookmaker, `${at}: bookmaker`);
  requireInteger(change.playerId, `${at}: playerId`);
  requireInteger(change.changedAt, `${at}: changedAt`);
  if (!Number.isFinite(change.price)) throw new HistoryStoreError(`${at}: price must be finite, got ${String(change.price)}`);
  if (change.limit !== null && !Number.isFinite(change.limit)) {
    throw new HistoryStoreError(`${at}: limit must be finite or null, got ${String(change.limit)}`);
  }
  if (change.kind === 'fixture') {
    requireNonEmpty(change.fixtureId, `${at}: fixtureId`);
    requireInteger(change.outcomeId, `${at}: outcomeId`);
    requireInteger(change.marketId, `${at}: marketId`);
  } else {
    requireNonEmpty(change.futureId, `${at}: futureId`);
    requireInteger(change.participantId, `${at}: participantId`);
    if (change.marketId !== null) requireInteger(change.marketId, `${at}: marketId`);
  }
}

export function validateSettlement(row: SettlementRecord, index: number): void {
  const at = `settlement ${String(index)}`;
  requireNonEmpty(row.fixtureId, `${at}: fixtureId`);
  requireInteger(row.outcomeId, `${at}: outcomeId`);
  requireInteger(row.playerId, `${at}: playerId`);
  requireInteger(row.marketId, `${at}: marketId`);
  requireInteger(row.settledAt, `${at}: settledAt`);
  if (!isGrade(row.grade)) throw new HistoryStoreError(`${at}: unknown grade ${JSON.stringify(row.grade)}`);
  if (typeof row.rule !== 'string') throw new HistoryStoreError(`${at}: rule must be a string`);
  if (row.score !== null) {
    requireInteger(row.score.participant1Score, `${at}: participant1Score`);
    requireInteger(row.score.participant2Score, `${at}: participant2Score`);
  }
}

export function validateRecord(record: LifecycleRecord, index: number): void {
  const at = `record ${String(index)}`;
  requireNonEmpty(record.id, `${at}: id`);
  if (typeof record.json !== 'string') throw new HistoryStoreError(`${at}: json must be a string`);
  if (record.finishedAt !== null) requireInteger(record.finishedAt, `${at}: finishedAt`);
}

/** A change read back as a fixture price; a future price there means a corrupt store. */
export function asFixtureChange(change: PriceChange): FixturePriceChange {
  if (change.kind !== 'fixture') throw new HistoryStoreError(`${change.oddsId} is not a fixture price`);
  return change;
}

/** A change read back as a future price; a fixture price there means a corrupt store. */
export function asFutureChange(change: PriceChange): FuturePriceChange {
  if (change.kind !== 'future') throw new HistoryStoreError(`${change.oddsId} is not a future price`);
  return change;
}

/** The size retention brings a store down to (`targetBytes`, 90 % of `maxBytes` by default), both checked. */
export function pruneTarget(options: PruneOptions): number {
  const { maxBytes } = options;
  const targetBytes = options.targetBytes ?? Math.floor(maxBytes * 0.9);
  if (!isSafeInteger(maxBytes) || maxBytes <= 0) throw new HistoryStoreError(`maxBytes must be a positive integer, got ${String(maxBytes)}`);
  if (!isSafeInteger(targetBytes) || targetBytes <= 0 || targetBytes > maxBytes) {
    throw new HistoryStoreError(`targetBytes must be a positive integer up to maxBytes, got ${String(targetBytes)}`);
  }
  return targetBytes;
}
