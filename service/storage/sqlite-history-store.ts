// HistoryStore on SQLite through better-sqlite3 (synchronous), in one file under the data
// directory. The layout and why: sqlite-schema.ts.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { HistoryStoreError } from './history-store.ts';
import type {
  FixturePriceChange,
  FuturePriceChange,
  HistoryFilters,
  HistoryStore,
  LifecycleRecord,
  OpeningAndClosing,
  PriceChange,
  PruneOptions,
  PruneReport,
  SelectionFilters,
  SettlementRecord,
  TimeRange,
} from './history-store.ts';
import { asFixtureChange, asFutureChange, isGrade, isSafeInteger, pruneTarget, validateChange, validateRecord, validateSettlement } from './history-validation.ts';
import { decodeFlags, decodePrice, encodeFlags, encodePrice } from './row-codec.ts';
import { SCHEMA_VERSION_META_KEY, prepareDatabase } from './sqlite-schema.ts';

export const HISTORY_FILE_NAME = 'odds-history.sqlite';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `DATA_DIR` when set, else `<project>/.data`. */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.DATA_DIR;
  return path.resolve(fromEnv !== undefined && fromEnv !== '' ? fromEnv : path.join(PROJECT_ROOT, '.data'));
}

export interface OpenHistoryOptions {
  /** Created when missing. Default: defaultDataDir(). */
  readonly dataDir?: string;
  readonly fileName?: string;
}

/** Opens (creating directory and schema on first start) the history store of a data directory. */
export function openSqliteHistoryStore(options: OpenHistoryOptions = {}): SqliteHistoryStore {
  const dataDir = options.dataDir ?? defaultDataDir();
  mkdirSync(dataDir, { recursive: true });
  return new SqliteHistoryStore(path.join(dataDir, options.fileName ?? HISTORY_FILE_NAME));
}

type Kind = PriceChange['kind'];
const KIND_CODE: Readonly<Record<Kind, number>> = { fixture: 0, future: 1 };

/** Bounds for an open time range; far outside any epoch-ms value yet exact doubles. */
const MIN_TIME = -(2 ** 52);
const MAX_TIME = 2 ** 52;

interface CachedEvent {
  readonly id: number;
  readonly kind: Kind;
  readonly extId: string;
  /** Epoch ms that at_rel counts from; null until the first change. */
  base: number | null;
  /** The key_no the event's next new oddsId gets; undefined = not looked up. */
  nextKeyNo: number | undefined;
  /** The latest (at_rel, seq) stored for the event: undefined = not looked up, null = none. */
  tail: { at: number; seq: number } | null | undefined;
}

interface CachedKey {
  readonly eventId: number;
  readonly keyNo: number;
}

interface KeyInfo {
  /** key_no: unique within the event only. */
  readonly id: number;
  readonly oddsId: string;
  readonly bookmaker: string;
  readonly selectionId: number;
  readonly playerId: number;
  readonly marketId: number | null;
}

interface KeyRow {
  id: number;
  odds_id: string;
  bookmaker: string;
  selection_id: number;
  player_id: number;
  market_id: number | null;
}

interface KeyWithEventRow extends KeyRow {
  event_id: number;
  kind: number;
  ext_id: string;
  base_ms: number | null;
}

interface ChangeRow {
  odds_key: number;
  at_rel: number;
  price_milli: number;
  price_exact: number | null;
  flags: number;
  stake_limit: number | null;
}

interface PagedChangeRow extends ChangeRow {
  seq: number;
}

interface EventRow {
  id: number;
  base_ms: number | null;
}

interface SettlementRow {
  outcome_id: number;
  player_id: number;
  market_id: number;
  grade: string;
  rule: string;
  score1: number | null;
  score2: number | null;
  settled_at: number;
}

const CHANGE_COLUMNS = 'odds_key, at_rel, price_milli, price_exact, flags, stake_limit';
const IN_KEYS = 'odds_key IN (SELECT value FROM json_each(?))';

function limitOf(limit: number | undefined): number {
  if (limit === undefined) return -1; // SQLite: a negative LIMIT means none
  if (!isSafeInteger(limit) || limit < 0) throw new HistoryStoreError(`limit must be a non-negative integer, got ${String(limit)}`);
  return limit;
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0; // the WAL does not exist after a clean close
  }
}

/** Every statement the store runs, prepared once per connection. */
function prepareStatements(db: Database.Database) {
  const scan = (where: string, order: 'ASC' | 'DESC', limit: '' | ' LIMIT ?' | ' LIMIT 1', columns = CHANGE_COLUMNS): string =>
    `SELECT ${columns} FROM price_change WHERE ${where} ORDER BY at_rel ${order}, seq ${order}${limit}`;
  return {
    eventByExt: db.prepare<[number, string], EventRow>('SELECT id, base_ms FROM event WHERE kind = ? AND ext_id = ?'),
    insertEvent: db.prepare<[number, string]>('INSERT INTO event (kind, ext_id) VALUES (?, ?)'),
    setBase: db.prepare<[number, number]>('UPDATE event SET base_ms = ? WHERE id = ?'),
    keyByOddsId: db.prepare<[string], { event_id: number; key_no: number }>(
      'SELECT event_id, key_no FROM odds_key WHERE odds_id = ?',
    ),
    maxKeyNo: db.prepare<[number], { n: number | null }>('SELECT max(key_no) AS n FROM odds_key WHERE event_id = ?'),
    insertKey: db.prepare<[number, number, string, number, number, number, number | null]>(
      'INSERT INTO odds_key (event_id, key_no, odds_id, bookmaker_id, selection_id, player_id, market_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    insertBookmaker: db.prepare<[string]>('INSERT INTO bookmaker (slug) VALUES (?)'),
    allBookmakers: db.prepare<[], { id: number; slug: string }>('SELECT id, slug FROM bookmaker'),
    tail: db.prepare<[number], { at_rel: number; seq: number }>(
      'SELECT at_rel, seq FROM price_change WHERE event_id = ? ORDER BY at_rel DESC, seq DESC LIMIT 1',
    ),
    maxSeqAt: db.prepare<[number, number], { seq: number | null }>(
      'SELECT max(seq) AS seq FROM price_change WHERE event_id = ? AND at_rel = ?',
    ),
    insertChange: db.prepare<[number, number, number, number, number, number | null, number, number | null]>(
      'INSERT INTO price_change (event_id, at_rel, seq, odds_key, price_milli, price_exact, flags, stake_limit) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    ),
    keysOfEvent: db.prepare<[number], KeyRow>(
      `SELECT k.key_no AS id, k.odds_id, b.slug AS bookmaker, k.selection_id, k.player_id, k.market_id
       FROM odds_key k JOIN bookmaker b ON b.id = k.bookmaker_id WHERE k.event_id = ? ORDER BY k.key_no`,
    ),
    keyWithEvent: db.prepare<[string], KeyWithEventRow>(
      `SELECT k.key_no AS id, k.odds_id, b.slug AS bookmaker, k.selection_id, k.player_id, k.market_id,
              e.id AS event_id, e.kind, e.ext_id, e.base_ms
       FROM odds_key k JOIN bookmaker b ON b.id = k.bookmaker_id JOIN event e ON e.id = k.event_id
       WHERE k.odds_id = ?`,
    ),
    rangeAll: db.prepare<[number, number, number, number], ChangeRow>(
      scan('event_id = ? AND at_rel >= ? AND at_rel < ?', 'ASC', ' LIMIT ?'),
    ),
    rangeKeys: db.prepare<[number, number, number, string, number], ChangeRow>(
      scan(`event_id = ? AND at_rel >= ? AND at_rel < ? AND ${IN_KEYS}`, 'ASC', ' LIMIT ?'),
    ),
    // Keyset pages: the rows after the cursor (at_rel, seq) up to an end row, in index order.
    pageAll: db.prepare<[number, number, number, number, number, number, number], PagedChangeRow>(
      scan('event_id = ? AND (at_rel, seq) > (?, ?) AND (at_rel, seq) <= (?, ?) AND at_rel < ?', 'ASC', ' LIMIT ?', `${CHANGE_COLUMNS}, seq`),
    ),
    pageKeys: db.prepare<[number, number, number, number, number, number, string, number], PagedChangeRow>(
      scan(`event_id = ? AND (at_rel, seq) > (?, ?) AND (at_rel, seq) <= (?, ?) AND at_rel < ? AND ${IN_KEYS}`, 'ASC', ' LIMIT ?', `${CHANGE_COLUMNS}, seq`),
    ),
    beforeAllDesc: db.prepare<[number, number], ChangeRow>(scan('event_id = ? AND at_rel < ?', 'DESC', '')),
    beforeKeysDesc: db.prepare<[number, number, string], ChangeRow>(
      scan(`event_id = ? AND at_rel < ? AND ${IN_KEYS}`, 'DESC', ''),
    ),
    rangeOne: db.prepare<[number, number, number, number, number], ChangeRow>(
      scan('event_id = ? AND odds_key = ? AND at_rel >= ? AND at_rel < ?', 'ASC', ' LIMIT ?'),
    ),
    beforeOneDesc: db.prepare<[number, number, number], ChangeRow>(
      scan('event_id = ? AND odds_key = ? AND at_rel < ?', 'DESC', ' LIMIT 1'),
    ),
    upsertSettlement: db.prepare<
      [number, number, number, number, string, string, number | null, number | null, number]
    >(
      `INSERT OR REPLACE INTO settlement (event_id, outcome_id, player_id, market_id, grade, rule, score1, score2, settled_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    settlementsOf: db.prepare<[number], SettlementRow>(
      `SELECT outcome_id, player_id, market_id, grade, rule, score1, score2, settled_at
       FROM settlement WHERE event_id = ? ORDER BY outcome_id, player_id`,
    ),
    upsertRecord: db.prepare<[number, string, number | null, string]>(
      `INSERT INTO event (kind, ext_id, finished_at, record) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, ext_id) DO UPDATE SET
         record = excluded.record,
         finished_at = coalesce(excluded.finished_at, event.finished_at)`,
    ),
    recordsOf: db.prepare<[number], { ext_id: string; record: string; finished_at: number | null }>(
      'SELECT ext_id, record, finished_at FROM event WHERE kind = ? AND record IS NOT NULL ORDER BY id',
    ),
    getMeta: db.prepare<[string], { value: string }>('SELECT value FROM meta WHERE key = ?'),
    setMeta: db.prepare<[string, string]>(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    countChanges: db.prepare<[], { n: number }>('SELECT count(*) AS n FROM price_change'),
    finishedEvents: db.prepare<[], { id: number; kind: number; ext_id: string }>(
      'SELECT id, kind, ext_id FROM event WHERE finished_at IS NOT NULL ORDER BY finished_at, id',
    ),
    countEventChanges: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM price_change WHERE event_id = ?'),
    countEventKeys: db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM odds_key WHERE event_id = ?'),
    deleteChanges: db.prepare<[number]>('DELETE FROM price_change WHERE event_id = ?'),
    deleteKeys: db.prepare<[number]>('DELETE FROM odds_key WHERE event_id = ?'),
    deleteSettlements: db.prepare<[number]>('DELETE FROM settlement WHERE event_id = ?'),
    deleteEvent: db.prepare<[number]>('DELETE FROM event WHERE id = ?'),
  };
}

type Statements = ReturnType<typeof prepareStatements>;

export class SqliteHistoryStore implements HistoryStore {
  readonly file: string;
  private readonly db: Database.Database;
  private readonly events = new Map<string, CachedEvent>();
  private readonly keys = new Map<string, CachedKey>();
  private readonly bookmakers = new Map<string, number>();

  private readonly stmt: Statements;
  /** SQLite's own max_page_count for this connection, restored when a page cap is lifted. */
  private readonly defaultMaxPages: number;

  constructor(file: string) {
    this.file = file;
    this.db = new Database(file);
    try {
      prepareDatabase(this.db);
    } catch (error) {
      this.db.close();
      throw error;
    }
    this.stmt = prepareStatements(this.db);
    this.defaultMaxPages = this.pragmaNumber('max_page_count');
    this.loadBookmakers();
  }

  /**
   * Caps the database at `maxPages` pages (null lifts the cap), so that a write needing a page
   * more fails with a real SQLITE_FULL, as on a full disk: tests and drills use it. SQLite never
   * caps below the current size, so a small number means "no new page from now on". Returns the
   * cap in force and the current page count. Lasts for this connection only (not stored).
   */
  capPages(maxPages: number | null): { maxPages: number; pageCount: number } {
    if (maxPages !== null && (!isSafeInteger(maxPages) || maxPages < 1)) {
      throw new HistoryStoreError(`maxPages must be a positive integer or null, got ${String(maxPages)}`);
    }
    const cap = this.db.pragma(`max_page_count = ${String(maxPages ?? this.defaultMaxPages)}`, { simple: true });
    if (typeof cap !== 'number') throw new HistoryStoreError(`PRAGMA max_page_count returned ${String(cap)}`);
    return { maxPages: cap, pageCount: this.pragmaNumber('page_count') };
  }

  // ---------------------------------------------------------------- writes

  appendChanges(changes: readonly PriceChange[]): void {
    // Validate first so that a bad row aborts before the transaction touches the caches.
    changes.forEach(validateChange);
    this.guardCaches(() => {
      this.db.transaction(() => {
        for (const change of changes) this.insertChange(change);
      })();
    });
  }

  appendSettlements(rows: readonly SettlementRecord[]): void {
    rows.forEach(validateSettlement);
    this.guardCaches(() => {
      this.db.transaction(() => {
        for (const row of rows) {
          const event = this.eventFor('fixture', row.fixtureId);
          this.stmt.upsertSettlement.run(
            event.id,
            row.outcomeId,
            row.playerId,
            row.marketId,
            row.grade,
            row.rule,
            row.score?.participant1Score ?? null,
            row.score?.participant2Score ?? null,
            row.settledAt,
          );
        }
      })();
    });
  }

  saveFixtures(records: readonly LifecycleRecord[]): void {
    this.saveRecords('fixture', records);
  }

  saveFutures(records: readonly LifecycleRecord[]): void {
    this.saveRecords('future', records);
  }

  setMeta(key: string, value: string): void {
    if (key === SCHEMA_VERSION_META_KEY) throw new HistoryStoreError(`meta key "${key}" is reserved by the store`);
    this.stmt.setMeta.run(key, value);
  }

  // ---------------------------------------------------------------- reads

  readSettlement(fixtureId: string): SettlementRecord[] {
    const event = this.findEvent('fixture', fixtureId);
    if (event === null) return [];
    return this.stmt.settlementsOf.all(event.id).map((row) => {
      if (!isGrade(row.grade)) throw new HistoryStoreError(`stored grade ${JSON.stringify(row.grade)} is unknown`);
      return {
        fixtureId,
        outcomeId: row.outcome_id,
        playerId: row.player_id,
        marketId: row.market_id,
        grade: row.grade,
        rule: row.rule,
        score:
          row.score1 === null || row.score2 === null
            ? null
            : { participant1Score: row.score1, participant2Score: row.score2 },
        settledAt: row.settled_at,
      };
    });
  }

  readHistory(oddsId: string, range: TimeRange = {}): PriceChange[] {
    const found = this.findKey(oddsId);
    if (found === null) return [];
    const { key, event, kind, extId, base } = found;
    const rows = this.stmt.rangeOne.all(event, key.id, ...this.relRange(range, base), limitOf(range.limit));
    return rows.map((row) => this.toChange(kind, extId, base, key, row));
  }

  readHistoryForFixture(fixtureId: string, filters: HistoryFilters = {}): FixturePriceChange[] {
    return this.readEventHistory('fixture', fixtureId, filters).map(asFixtureChange);
  }

  *readHistoryPagesForFixture(fixtureId: string, filters: HistoryFilters, pageRows: number): Generator<FixturePriceChange[], void, undefined> {
    for (const page of this.eventHistoryPages('fixture', fixtureId, filters, pageRows)) yield page.map(asFixtureChange);
  }

  readHistoryForFuture(futureId: string, filters: HistoryFilters = {}): FuturePriceChange[] {
    return this.readEventHistory('future', futureId, filters).map(asFutureChange);
  }

  readFirst(oddsId: string): PriceChange | null {
    return this.readHistory(oddsId, { limit: 1 })[0] ?? null;
  }

  readLastBefore(oddsId: string, timeMs: number): PriceChange | null {
    const found = this.findKey(oddsId);
    if (found === null) return null;
    const { key, event, kind, extId, base } = found;
    const row = this.stmt.beforeOneDesc.get(event, key.id, timeMs - base);
    return row === undefined ? null : this.toChange(kind, extId, base, key, row);
  }

  readOpeningAndClosing(
    fixtureId: string,
    closingBeforeMs: number,
    filters: SelectionFilters = {},
  ): Map<string, OpeningAndClosing<FixturePriceChange>> {
    const out = new Map<string, OpeningAndClosing<FixturePriceChange>>();
    for (const [oddsId, pair] of this.readEventOpeningAndClosing('fixture', fixtureId, closingBeforeMs, filters)) {
      out.set(oddsId, {
        opening: asFixtureChange(pair.opening),
        closing: pair.closing === null ? null : asFixtureChange(pair.closing),
      });
    }
    return out;
  }

  readFutureOpeningAndClosing(
    futureId: string,
    closingBeforeMs: number,
    filters: SelectionFilters = {},
  ): Map<string, OpeningAndClosing<FuturePriceChange>> {
    const out = new Map<string, OpeningAndClosing<FuturePriceChange>>();
    for (const [oddsId, pair] of this.readEventOpeningAndClosing('future', futureId, closingBeforeMs, filters)) {
      out.set(oddsId, {
        opening: asFutureChange(pair.opening),
        closing: pair.closing === null ? null : asFutureChange(pair.closing),
      });
    }
    return out;
  }

  loadFixtures(): LifecycleRecord[] {
    return this.loadRecords('fixture');
  }

  loadFutures(): LifecycleRecord[] {
    return this.loadRecords('future');
  }

  getMeta(key: string): string | null {
    return this.stmt.getMeta.get(key)?.value ?? null;
  }

  countChanges(): number {
    return this.stmt.countChanges.get()?.n ?? 0;
  }

  sizeBytes(): number {
    return fileSize(this.file) + fileSize(`${this.file}-wal`);
  }

  // ---------------------------------------------------------------- retention

  pruneOldest(options: PruneOptions): PruneReport {
    const { maxBytes } = options;
    const targetBytes = pruneTarget(options);
    const bytesBefore = this.sizeBytes();
    const prunedFixtureIds: string[] = [];
    const prunedFutureIds: string[] = [];
    const prunedEventIds = new Set<number>();
    let deletedChanges = 0;
    // Decide on the pages in use, not the file size: freed pages stay in the file until the
    // vacuum below, and the WAL holds copies of pages until a checkpoint.
    let used = this.usedBytes();
    if (used > maxBytes) {
      const candidates = this.stmt.finishedEvents.all();
      // Events are deleted in chunks, one transaction each (a commit per event costs more than
      // the delete itself). A chunk is sized from an estimate of what its events occupy; the
      // estimate is recalibrated on the pages each chunk actually freed, and the loop goes on
      // until the measured size is under the target, so the estimate never decides alone.
      let scale = 1;
      let next = 0;
      while (used > targetBytes && next < candidates.length) {
        const chunk: { id: number; kind: number; ext_id: string }[] = [];
        let estimate = 0;
        while (next < candidates.length && estimate * scale < used - targetBytes) {
          const event = candidates[next];
          next += 1;
          if (event === undefined) break;
          chunk.push(event);
          estimate += this.estimateEventBytes(event.id);
        }
        this.db.transaction(() => {
          for (const event of chunk) {
            deletedChanges += this.stmt.deleteChanges.run(event.id).changes;
            this.stmt.deleteKeys.run(event.id);
            this.stmt.deleteSettlements.run(event.id);
            this.stmt.deleteEvent.run(event.id);
          }
        })();
        for (const event of chunk) {
          prunedEventIds.add(event.id);
          (event.kind === KIND_CODE.fixture ? prunedFixtureIds : prunedFutureIds).push(event.ext_id);
        }
        const after = this.usedBytes();
        if (estimate > 0 && after < used) scale = (used - after) / estimate;
        used = after;
      }
      this.forgetEvents(prunedEventIds);
    }
    if (this.pragmaNumber('freelist_count') > 0) {
      // Incremental vacuum moves live pages into the holes and truncates the file: cost in
      // proportion to what was freed. A full VACUUM would rewrite the whole database through the
      // WAL (the WAL briefly grows to the database's size) and block the simulator for seconds.
      // Deleting whole events keeps the remaining pages full, so there is little to compact.
      this.db.pragma('incremental_vacuum');
    }
    if (bytesBefore > maxBytes || prunedEventIds.size > 0) {
      // The shrink reaches the main file only when the WAL is checkpointed; TRUNCATE also
      // empties the WAL so the bytes are really given back.
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    }
    return {
      prunedFixtureIds,
      prunedFutureIds,
      deletedChanges,
      bytesBefore,
      bytesAfter: this.sizeBytes(),
      underCap: this.usedBytes() <= maxBytes,
    };
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ---------------------------------------------------------------- internals

  private pragmaNumber(name: string): number {
    const value = this.db.pragma(name, { simple: true });
    if (typeof value !== 'number') throw new HistoryStoreError(`PRAGMA ${name} returned ${String(value)}`);
    return value;
  }

  /**
   * A deliberately high guess of the bytes an event occupies (measured: 25–30 per change, ~110
   * per oddsId with its odds_id index entry), so a prune chunk rather deletes too little than
   * too much.
   */
  private estimateEventBytes(eventId: number): number {
    const changes = this.stmt.countEventChanges.get(eventId)?.n ?? 0;
    const keys = this.stmt.countEventKeys.get(eventId)?.n ?? 0;
    return changes * 40 + keys * 150;
  }

  private usedBytes(): number {
    return (this.pragmaNumber('page_count') - this.pragmaNumber('freelist_count')) * this.pragmaNumber('page_size');
  }

  private loadBookmakers(): void {
    this.bookmakers.clear();
    for (const row of this.stmt.allBookmakers.all()) this.bookmakers.set(row.slug, row.id);
  }

  /**
   * Runs a write; if it fails the transaction rolled back, so every cached id or tail it may
   * have added is dropped (they are reloaded from the database on demand).
   */
  private guardCaches(write: () => void): void {
    try {
      write();
    } catch (error) {
      this.events.clear();
      this.keys.clear();
      this.loadBookmakers();
      throw error;
    }
  }

  private forgetEvents(eventIds: ReadonlySet<number>): void {
    if (eventIds.size === 0) return;
    for (const [name, event] of this.events) if (eventIds.has(event.id)) this.events.delete(name);
    for (const [oddsId, key] of this.keys) if (eventIds.has(key.eventId)) this.keys.delete(oddsId);
  }

  private findEvent(kind: Kind, extId: string): CachedEvent | null {
    const name = `${kind}\u0000${extId}`;
    const cached = this.events.get(name);
    if (cached !== undefined) return cached;
    const row = this.stmt.eventByExt.get(KIND_CODE[kind], extId);
    if (row === undefined) return null;
    const event: CachedEvent = { id: row.id, kind, extId, base: row.base_ms, nextKeyNo: undefined, tail: undefined };
    this.events.set(name, event);
    return event;
  }

  private eventFor(kind: Kind, extId: string): CachedEvent {
    const existing = this.findEvent(kind, extId);
    if (existing !== null) return existing;
    const id = Number(this.stmt.insertEvent.run(KIND_CODE[kind], extId).lastInsertRowid);
    const event: CachedEvent = { id, kind, extId, base: null, nextKeyNo: 0, tail: null };
    this.events.set(`${kind}\u0000${extId}`, event);
    return event;
  }

  private bookmakerId(slug: string): number {
    const known = this.bookmakers.get(slug);
    if (known !== undefined) return known;
    const id = Number(this.stmt.insertBookmaker.run(slug).lastInsertRowid);
    this.bookmakers.set(slug, id);
    return id;
  }

  private keyFor(change: PriceChange, event: CachedEvent): number {
    let key = this.keys.get(change.oddsId);
    if (key === undefined) {
      const row = this.stmt.keyByOddsId.get(change.oddsId);
      if (row !== undefined) {
        key = { eventId: row.event_id, keyNo: row.key_no };
      } else {
        event.nextKeyNo ??= (this.stmt.maxKeyNo.get(event.id)?.n ?? -1) + 1;
        const keyNo = event.nextKeyNo;
        event.nextKeyNo += 1;
        const selection = change.kind === 'fixture' ? change.outcomeId : change.participantId;
        this.stmt.insertKey.run(
          event.id,
          keyNo,
          change.oddsId,
          this.bookmakerId(change.bookmaker),
          selection,
          change.playerId,
          change.marketId,
        );
        key = { eventId: event.id, keyNo };
      }
      this.keys.set(change.oddsId, key);
    }
    if (key.eventId !== event.id) {
      throw new HistoryStoreError(`oddsId ${change.oddsId} is already recorded under another ${change.kind}`);
    }
    return key.keyNo;
  }

  /**
   * The tie-breaker of a change at `at` within its event. Appends come in time order, so this is
   * nearly always 0 (a new millisecond) or the previous seq + 1 (same tick); only an append
   * earlier than the event's latest change needs a lookup.
   */
  private nextSeq(event: CachedEvent, at: number): number {
    if (event.tail === undefined) {
      const row = this.stmt.tail.get(event.id);
      event.tail = row === undefined ? null : { at: row.at_rel, seq: row.seq };
    }
    const tail = event.tail;
    if (tail === null || at > tail.at) {
      event.tail = { at, seq: 0 };
      return 0;
    }
    if (at === tail.at) {
      tail.seq += 1;
      return tail.seq;
    }
    const max = this.stmt.maxSeqAt.get(event.id, at)?.seq ?? null;
    return max === null ? 0 : max + 1;
  }

  private insertChange(change: PriceChange): void {
    const extId = change.kind === 'fixture' ? change.fixtureId : change.futureId;
    const event = this.eventFor(change.kind, extId);
    let base = event.base;
    if (base === null) {
      base = change.changedAt;
      event.base = base;
      this.stmt.setBase.run(base, event.id);
    }
    const key = this.keyFor(change, event);
    const at = change.changedAt - base;
    const price = encodePrice(change.price);
    this.stmt.insertChange.run(
      event.id,
      at,
      this.nextSeq(event, at),
      key,
      price.milli,
      price.exact,
      encodeFlags(change.active, change.marketActive),
      change.limit,
    );
  }

  private saveRecords(kind: Kind, records: readonly LifecycleRecord[]): void {
    records.forEach(validateRecord);
    this.guardCaches(() => {
      this.db.transaction(() => {
        for (const r of records) this.stmt.upsertRecord.run(KIND_CODE[kind], r.id, r.finishedAt, r.json);
      })();
    });
  }

  private loadRecords(kind: Kind): LifecycleRecord[] {
    return this.stmt.recordsOf
      .all(KIND_CODE[kind])
      .map((row) => ({ id: row.ext_id, json: row.record, finishedAt: row.finished_at }));
  }

  private findKey(
    oddsId: string,
  ): { key: KeyInfo; event: number; kind: Kind; extId: string; base: number } | null {
    const row = this.stmt.keyWithEvent.get(oddsId);
    // A key exists only once a change was appended, which set the event's base.
    if (row === undefined || row.base_ms === null) return null;
    return {
      key: this.keyInfo(row),
      event: row.event_id,
      kind: row.kind === KIND_CODE.fixture ? 'fixture' : 'future',
      extId: row.ext_id,
      base: row.base_ms,
    };
  }

  private keyInfo(row: KeyRow): KeyInfo {
    return {
      id: row.id,
      oddsId: row.odds_id,
      bookmaker: row.bookmaker,
      selectionId: row.selection_id,
      playerId: row.player_id,
      marketId: row.market_id,
    };
  }

  /** The event's prices that pass `filters`, and whether that is all of them. */
  private selectKeys(eventId: number, filters: SelectionFilters): { keys: KeyInfo[]; all: boolean } {
    const every = this.stmt.keysOfEvent.all(eventId).map((row) => this.keyInfo(row));
    const bookmakers = filters.bookmakers === undefined ? null : new Set(filters.bookmakers);
    const oddsIds = filters.oddsIds === undefined ? null : new Set(filters.oddsIds);
    const keys = every.filter(
      (k) => (bookmakers === null || bookmakers.has(k.bookmaker)) && (oddsIds === null || oddsIds.has(k.oddsId)),
    );
    return { keys, all: keys.length === every.length };
  }

  private relRange(range: TimeRange, base: number): [number, number] {
    return [range.from === undefined ? MIN_TIME : range.from - base, range.to === undefined ? MAX_TIME : range.to - base];
  }

  private readEventHistory(kind: Kind, extId: string, filters: HistoryFilters): PriceChange[] {
    const event = this.findEvent(kind, extId);
    if (event === null || event.base === null) return [];
    const base = event.base;
    const { keys, all } = this.selectKeys(event.id, filters);
    if (keys.length === 0) return [];
    const byId = new Map(keys.map((k) => [k.id, k]));
    const [from, to] = this.relRange(filters, base);
    const limit = limitOf(filters.limit);
    const rows = all
      ? this.stmt.rangeAll.all(event.id, from, to, limit)
      : this.stmt.rangeKeys.all(event.id, from, to, JSON.stringify([...byId.keys()]), limit);
    return rows.map((row) => this.toChange(kind, extId, base, this.keyOfRow(byId, row), row));
  }

  /**
   * `readEventHistory` in pages of at most `pageRows`, one keyset query per page (no statement
   * stays open between pages: the connection is shared with the writer). The end is the event's
   * latest row when the first page is read, so appends made between pages are left out, as one
   * query would have left them out.
   */
  private *eventHistoryPages(kind: Kind, extId: string, filters: HistoryFilters, pageRows: number): Generator<PriceChange[], void, undefined> {
    if (!isSafeInteger(pageRows) || pageRows < 1) throw new HistoryStoreError(`pageRows must be a positive integer, got ${String(pageRows)}`);
    const event = this.findEvent(kind, extId);
    if (event === null || event.base === null) return;
    const base = event.base;
    const { keys, all } = this.selectKeys(event.id, filters);
    const end = this.stmt.tail.get(event.id);
    if (keys.length === 0 || end === undefined) return;
    const byId = new Map(keys.map((k) => [k.id, k]));
    const idsJson = JSON.stringify([...byId.keys()]);
    const [from, to] = this.relRange(filters, base);
    let left = filters.limit === undefined ? Infinity : limitOf(filters.limit);
    // seq starts at 0, so (from, -1) puts the cursor just before the first row at `from`.
    let cursor = { at: from, seq: -1 };
    while (left > 0) {
      const n = Math.min(pageRows, left);
      const rows = all
        ? this.stmt.pageAll.all(event.id, cursor.at, cursor.seq, end.at_rel, end.seq, to, n)
        : this.stmt.pageKeys.all(event.id, cursor.at, cursor.seq, end.at_rel, end.seq, to, idsJson, n);
      const last = rows[rows.length - 1];
      if (last === undefined) return;
      cursor = { at: last.at_rel, seq: last.seq };
      left -= rows.length;
      // A key missing from byId was created by an append made after the first page (at an
      // earlier time than the end row): not part of this read.
      yield rows.flatMap((row) => {
        const key = byId.get(row.odds_key);
        return key === undefined ? [] : [this.toChange(kind, extId, base, key, row)];
      });
      if (rows.length < n) return;
    }
  }

  /**
   * OLV and CLV of every selected price of one event in two range scans: forward until every
   * price has its first change, backward from the cut-off until every price that had changed
   * by then has its last one. A scan stops as soon as it has them all.
   */
  private readEventOpeningAndClosing(
    kind: Kind,
    extId: string,
    closingBeforeMs: number,
    filters: SelectionFilters,
  ): Map<string, OpeningAndClosing<PriceChange>> {
    const result = new Map<string, OpeningAndClosing<PriceChange>>();
    const event = this.findEvent(kind, extId);
    if (event === null || event.base === null) return result;
    const base = event.base;
    const { keys, all } = this.selectKeys(event.id, filters);
    if (keys.length === 0) return result;
    const byId = new Map(keys.map((k) => [k.id, k]));
    const idsJson = JSON.stringify([...byId.keys()]);

    const opening = new Map<number, ChangeRow>();
    const forward = all
      ? this.stmt.rangeAll.iterate(event.id, MIN_TIME, MAX_TIME, -1)
      : this.stmt.rangeKeys.iterate(event.id, MIN_TIME, MAX_TIME, idsJson, -1);
    for (const row of forward) {
      if (!opening.has(row.odds_key)) {
        opening.set(row.odds_key, row);
        if (opening.size === byId.size) break;
      }
    }

    const cutoff = closingBeforeMs - base;
    let wanted = 0;
    for (const row of opening.values()) if (row.at_rel < cutoff) wanted += 1;
    const closing = new Map<number, ChangeRow>();
    if (wanted > 0) {
      const backward = all
        ? this.stmt.beforeAllDesc.iterate(event.id, cutoff)
        : this.stmt.beforeKeysDesc.iterate(event.id, cutoff, idsJson);
      for (const row of backward) {
        if (!closing.has(row.odds_key)) {
          closing.set(row.odds_key, row);
          if (closing.size === wanted) break;
        }
      }
    }

    for (const key of keys) {
      const first = opening.get(key.id);
      if (first === undefined) continue; // interned but its change rolled back: cannot happen, skip
      const last = closing.get(key.id);
      result.set(key.oddsId, {
        opening: this.toChange(kind, extId, base, key, first),
        closing: last === undefined ? null : this.toChange(kind, extId, base, key, last),
      });
    }
    return result;
  }

  private keyOfRow(byId: ReadonlyMap<number, KeyInfo>, row: ChangeRow): KeyInfo {
    const key = byId.get(row.odds_key);
    if (key === undefined) throw new HistoryStoreError(`change row refers to unknown odds key ${String(row.odds_key)}`);
    return key;
  }

  private toChange(kind: Kind, extId: string, base: number, key: KeyInfo, row: ChangeRow): PriceChange {
    const { active, marketActive } = decodeFlags(row.flags);
    const common = {
      oddsId: key.oddsId,
      bookmaker: key.bookmaker,
      playerId: key.playerId,
      price: decodePrice(row.price_milli, row.price_exact),
      active,
      marketActive,
      limit: row.stake_limit,
      changedAt: base + row.at_rel,
    };
    if (kind === 'future') {
      return { kind, futureId: extId, participantId: key.selectionId, marketId: key.marketId, ...common };
    }
    if (key.marketId === null) throw new HistoryStoreError(`fixture price ${key.oddsId} has no marketId`);
    return { kind, fixtureId: extId, outcomeId: key.selectionId, marketId: key.marketId, ...common };
  }
}
