// The producer's history on PostgreSQL (DATABASE_URL): the synchronous HistoryPort the simulator
// writes during its tick, in front of an asynchronous client. Writes are checked and queued in
// memory, then flushed in order every FLUSH_MS as a few multi-row inserts (unnest arrays), one
// transaction per batch. What the simulator reads synchronously (records, meta, counts, size) is
// loaded at open and kept current in memory. The edge reads through pg-history-reads.ts.
import pg from 'pg';
import { HistoryStoreError } from '../history-store.ts';
import type { LifecycleRecord, PriceChange, PruneOptions, PruneReport, SettlementRecord } from '../history-store.ts';
import { pruneTarget, validateChange, validateRecord, validateSettlement } from '../history-validation.ts';
import { encodeFlags, encodePrice } from '../row-codec.ts';
import type { HistoryPort } from '../../sim/history-port.ts';
import { migrate } from './pg-migrations.ts';
import { DAY_MS, KIND_CODE, dayOf, ensurePartition, listPartitions, partitionName, type Kind } from './pg-schema.ts';

/** How often queued writes are flushed: 100–250 ms keeps a batch to a few statements yet the edge's reads at most that stale. */
export const FLUSH_MS = 150;
/** Changes per transaction: bounds the arrays sent at once (a seeded history is millions of changes). */
const MAX_BATCH_CHANGES = 20_000;
/** While PostgreSQL is unreachable, how often the held batch is tried again (the reconnect probe). */
const PROBE_MS = 1_000;
/** How stale sizeBytes() may be: a size query after a flush at most this often. */
const SIZE_REFRESH_MS = 5_000;
/** Daily partitions kept created ahead of the clock. */
const DAYS_AHEAD = 2;

/** Same reservation as the SQLite store, so a caller behaves the same on either. */
const RESERVED_META_KEY = 'schemaVersion';

export interface PgHistoryOptions {
  readonly log?: (line: string) => void;
  /**
   * The simulated clock: it decides which day partitions to create ahead and which days are past
   * (tests pass their own). Flush, probe and size timings use the wall clock.
   */
  readonly now?: () => number;
  readonly flushMs?: number;
  /** Connections of the writer's pool (the flush uses one; the size query another). */
  readonly maxConnections?: number;
}

/**
 * Thrown by a write while PostgreSQL refuses the held batch: ResilientHistory takes it as an
 * outage (not HistoryStoreError), backlogs the write and retries it later.
 */
export class HistoryUnavailableError extends Error {
  override readonly name = 'HistoryUnavailableError';
  readonly code: string | undefined;

  constructor(cause: unknown) {
    const message = cause instanceof Error ? cause.message : String(cause);
    super(`PostgreSQL history unavailable: ${message === '' ? 'connection failed' : message}`);
    const code = (cause as { code?: unknown } | null)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

interface QueuedChange {
  readonly change: PriceChange;
  readonly seq: number;
}

interface PrunePlan {
  readonly days: readonly number[];
  readonly events: readonly { readonly kind: Kind; readonly extId: string }[];
}

type Op =
  | { readonly kind: 'changes'; readonly changes: readonly QueuedChange[] }
  | { readonly kind: 'settlements'; readonly rows: readonly SettlementRecord[] }
  | { readonly kind: 'records'; readonly type: Kind; readonly records: readonly LifecycleRecord[] }
  | { readonly kind: 'meta'; readonly key: string; readonly value: string }
  | { readonly kind: 'prune'; readonly plan: PrunePlan };

/** What the simulator knows of one fixture or future without asking the database. */
interface EventState {
  readonly kind: Kind;
  readonly extId: string;
  /** Order first seen (event id order in the database), so records load in the order first saved. */
  readonly order: number;
  record: LifecycleRecord | null;
  /** The earliest changedAt recorded: retention finds which days an event has rows in. */
  firstMs: number | null;
  changes: number;
}

const nameOf = (kind: Kind, extId: string): string => `${kind}\u0000${extId}`;
const extIdOf = (change: PriceChange): string => (change.kind === 'fixture' ? change.fixtureId : change.futureId);

/** Connects, migrates, loads what the simulator reads at start, and returns the open store. */
export async function openPgHistoryStore(url: string, options: PgHistoryOptions = {}): Promise<PgHistoryStore> {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 2, connectionTimeoutMillis: 5_000 });
  // An idle connection cut by the server emits 'error' on the pool; unhandled, it would end the
  // process. The next query finds out and the flush treats it as an outage.
  pool.on('error', () => undefined);
  try {
    const client = await pool.connect();
    const ignore = (): void => undefined;
    client.on('error', ignore); // see writeBatch: the failed query reports it
    try {
      await migrate(client);
    } finally {
      client.off('error', ignore);
      client.release();
    }
    const store = new PgHistoryStore(pool, options);
    await store.load();
    return store;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

export class PgHistoryStore implements HistoryPort {
  private readonly log: (line: string) => void;
  private readonly now: () => number;
  private readonly events = new Map<string, EventState>();
  /** Which fixture or future each oddsId belongs to: a reuse under another is refused at once, as SQLite does. */
  private readonly oddsOwner = new Map<string, string>();
  private readonly meta = new Map<string, string>();
  private nextOrder = 0;
  private nextSeq = 0;
  private changeCount = 0;

  /** Committed ids in the database; a rolled-back batch never adds to them. */
  private readonly eventIds = new Map<string, number>();
  private readonly bookmakerIds = new Map<string, number>();
  private readonly keyIds = new Map<string, number>();
  private readonly partitionDays = new Set<number>();
  /** The first_ms the database holds per event id, so it is only updated when a batch goes earlier. */
  private readonly storedFirst = new Map<number, number>();

  private queue: Op[] = [];
  private flushing: Promise<void> | null = null;
  private failure: unknown = null;
  private lastTry = 0;
  private readonly timer: NodeJS.Timeout;
  private closing: Promise<void> | null = null;

  /** Bytes per day partition, and of everything else (default partition, other tables), as last measured. */
  private partitionBytes = new Map<number, number>();
  private otherBytes = 0;
  private sizeMeasuredAt = 0;

  /** Statements that inserted price changes, and transactions committed: batching made visible for tests and logs. */
  insertStatements = 0;
  commits = 0;

  constructor(
    private readonly pool: pg.Pool,
    options: PgHistoryOptions,
  ) {
    this.log = options.log ?? (() => undefined);
    this.now = options.now ?? (() => Date.now());
    this.timer = setInterval(() => {
      void this.flush();
    }, options.flushMs ?? FLUSH_MS);
    // The flush must not keep a stopping process alive; close() flushes what is left.
    this.timer.unref();
  }

  /** Reads the records, meta, counters and partitions the synchronous side answers from. */
  async load(): Promise<void> {
    const [events, meta, seq, counts, bookmakers] = await Promise.all([
      this.pool.query<{ id: number; kind: number; ext_id: string; first_ms: string | null; finished_at: string | null; record: string | null }>(
        'SELECT id, kind, ext_id, first_ms, finished_at, record FROM event ORDER BY id',
      ),
      this.pool.query<{ key: string; value: string }>('SELECT key, value FROM meta'),
      this.pool.query<{ next: string }>('SELECT next FROM change_seq'),
      this.pool.query<{ event_id: number; n: string }>('SELECT event_id, count(*) AS n FROM price_change GROUP BY event_id'),
      this.pool.query<{ id: number; slug: string }>('SELECT id, slug FROM bookmaker'),
    ]);
    const countOf = new Map(counts.rows.map((r) => [r.event_id, Number(r.n)]));
    for (const row of events.rows) {
      const kind: Kind = row.kind === KIND_CODE.fixture ? 'fixture' : 'future';
      const firstMs = row.first_ms === null ? null : Number(row.first_ms);
      const finishedAt = row.finished_at === null ? null : Number(row.finished_at);
      const changes = countOf.get(row.id) ?? 0;
      this.events.set(nameOf(kind, row.ext_id), {
        kind,
        extId: row.ext_id,
        order: this.nextOrder++,
        record: row.record === null ? null : { id: row.ext_id, json: row.record, finishedAt },
        firstMs,
        changes,
      });
      this.eventIds.set(nameOf(kind, row.ext_id), row.id);
      if (firstMs !== null) this.storedFirst.set(row.id, firstMs);
      this.changeCount += changes;
    }
    for (const row of meta.rows) this.meta.set(row.key, row.value);
    for (const row of bookmakers.rows) this.bookmakerIds.set(row.slug, row.id);
    this.nextSeq = Number(seq.rows[0]?.next ?? 0);
    for (const day of await listPartitions(this.pool)) this.partitionDays.add(day);
    const today = dayOf(this.now());
    for (let day = today; day <= today + DAYS_AHEAD; day += 1) {
      if (!this.partitionDays.has(day) && (await ensurePartition(this.pool, day))) this.partitionDays.add(day);
    }
    await this.refreshSize();
  }

  // ---------------------------------------------------------------- writes (queued)

  appendChanges(changes: readonly PriceChange[]): void {
    this.writable();
    changes.forEach(validateChange);
    // Checked before anything is queued, so a refused batch leaves no trace (all or none).
    const owners = new Map<string, string>();
    for (const change of changes) {
      const name = nameOf(change.kind, extIdOf(change));
      const owner = owners.get(change.oddsId) ?? this.oddsOwner.get(change.oddsId);
      if (owner !== undefined && owner !== name) {
        throw new HistoryStoreError(`oddsId ${change.oddsId} is already recorded under another ${change.kind}`);
      }
      owners.set(change.oddsId, name);
    }
    if (changes.length === 0) return;
    // Queued in pieces of at most a batch, so that one huge append (seeding) never becomes one huge statement.
    let queued: QueuedChange[] = [];
    for (const change of changes) {
      const event = this.eventState(change.kind, extIdOf(change));
      event.firstMs = event.firstMs === null ? change.changedAt : Math.min(event.firstMs, change.changedAt);
      event.changes += 1;
      this.oddsOwner.set(change.oddsId, nameOf(event.kind, event.extId));
      queued.push({ change, seq: this.nextSeq++ });
      if (queued.length === MAX_BATCH_CHANGES) {
        this.queue.push({ kind: 'changes', changes: queued });
        queued = [];
      }
    }
    this.changeCount += changes.length;
    if (queued.length > 0) this.queue.push({ kind: 'changes', changes: queued });
  }

  appendSettlements(rows: readonly SettlementRecord[]): void {
    this.writable();
    rows.forEach(validateSettlement);
    if (rows.length === 0) return;
    for (const row of rows) this.eventState('fixture', row.fixtureId);
    this.queue.push({ kind: 'settlements', rows });
  }

  saveFixtures(records: readonly LifecycleRecord[]): void {
    this.saveRecords('fixture', records);
  }

  saveFutures(records: readonly LifecycleRecord[]): void {
    this.saveRecords('future', records);
  }

  setMeta(key: string, value: string): void {
    this.writable();
    if (key === RESERVED_META_KEY) throw new HistoryStoreError(`meta key "${key}" is reserved by the store`);
    this.meta.set(key, value);
    this.queue.push({ kind: 'meta', key, value });
  }

  // ---------------------------------------------------------------- synchronous reads (from memory)

  loadFixtures(): LifecycleRecord[] {
    return this.records('fixture');
  }

  loadFutures(): LifecycleRecord[] {
    return this.records('future');
  }

  getMeta(key: string): string | null {
    return this.meta.get(key) ?? null;
  }

  /** Changes recorded, queued ones included (what the database holds once they are flushed). */
  countChanges(): number {
    return this.changeCount;
  }

  /** The history tables' size in PostgreSQL (every table, partition and index), as measured at most SIZE_REFRESH_MS ago. */
  sizeBytes(): number {
    let bytes = this.otherBytes;
    for (const b of this.partitionBytes.values()) bytes += b;
    return bytes;
  }

  /** Changes waiting in memory for the next flush (or for PostgreSQL to come back). */
  get queuedChanges(): number {
    let n = 0;
    for (const op of this.queue) if (op.kind === 'changes') n += op.changes.length;
    return n;
  }

  // ---------------------------------------------------------------- retention

  /**
   * Retention by whole days: while over the cap, drops the oldest day partitions before today.
   * Every finished fixture or future with changes in a dropped day is removed entirely (its
   * history in later days, settlements and record too); the rows an unfinished one has in the
   * dropped day are moved to the default partition first, so its history stays whole. The
   * decision is made now, on the sizes last measured; the drop is queued behind the pending
   * writes, so the report's bytesAfter is an estimate that the next size measurement corrects.
   */
  pruneOldest(options: PruneOptions): PruneReport {
    const { maxBytes } = options;
    const targetBytes = pruneTarget(options);
    this.writable();
    const bytesBefore = this.sizeBytes();
    let estimate = bytesBefore;
    const days: number[] = [];
    if (estimate > maxBytes) {
      const today = dayOf(this.now());
      const past = [...this.partitionBytes.keys()].filter((d) => d < today).sort((a, b) => a - b);
      for (const day of past) {
        if (estimate <= targetBytes) break;
        days.push(day);
        estimate -= this.partitionBytes.get(day) ?? 0;
      }
    }
    const lastDayEnd = days.length === 0 ? -Infinity : ((days[days.length - 1] ?? 0) + 1) * DAY_MS;
    const removed = [...this.events.values()]
      .filter((e) => e.record?.finishedAt != null && e.firstMs !== null && e.firstMs < lastDayEnd)
      .sort((a, b) => (a.record?.finishedAt ?? 0) - (b.record?.finishedAt ?? 0) || a.order - b.order);
    let deletedChanges = 0;
    for (const event of removed) {
      deletedChanges += event.changes;
      this.events.delete(nameOf(event.kind, event.extId));
    }
    if (removed.length > 0) {
      const gone = new Set(removed.map((e) => nameOf(e.kind, e.extId)));
      for (const [oddsId, owner] of this.oddsOwner) if (gone.has(owner)) this.oddsOwner.delete(oddsId);
      this.changeCount -= deletedChanges;
    }
    if (days.length > 0) {
      for (const day of days) this.partitionBytes.delete(day);
      this.queue.push({ kind: 'prune', plan: { days, events: removed.map((e) => ({ kind: e.kind, extId: e.extId })) } });
    }
    return {
      prunedFixtureIds: removed.filter((e) => e.kind === 'fixture').map((e) => e.extId),
      prunedFutureIds: removed.filter((e) => e.kind === 'future').map((e) => e.extId),
      deletedChanges,
      bytesBefore,
      bytesAfter: estimate,
      underCap: estimate <= maxBytes,
    };
  }

  // ---------------------------------------------------------------- flushing

  /** Writes everything queued so far; rejects when PostgreSQL refuses it (the batch stays queued). */
  async flushNow(): Promise<void> {
    await this.flush(true);
    if (this.failure !== null) throw new HistoryUnavailableError(this.failure);
  }

  /** Stops taking writes; the queued ones are still flushed by whenClosed(). Closing twice is harmless. */
  close(): void {
    if (this.closing !== null) return;
    clearInterval(this.timer);
    this.closing = (async () => {
      await this.flush(true);
      if (this.queue.length > 0) this.log(`history: closing with ${String(this.queuedChanges)} changes PostgreSQL never accepted`);
      await this.pool.end();
    })();
  }

  /** Resolves when close() has flushed what it could and closed the connections. */
  whenClosed(): Promise<void> {
    return this.closing ?? Promise.resolve();
  }

  /**
   * One flush at a time: the queue is written in batches, in order. A batch PostgreSQL refuses
   * goes back to the front of the queue and every later write throws until it is written (probe
   * every PROBE_MS), so a row is never lost, written twice (inserts are idempotent on the primary
   * key, in case a commit was cut off after it happened) or overtaken.
   */
  private flush(force = false): Promise<void> {
    if (this.flushing !== null) return force ? this.flushing.then(() => this.flush(true)) : this.flushing;
    if (this.queue.length === 0) return Promise.resolve();
    if (!force && this.failure !== null && Date.now() - this.lastTry < PROBE_MS) return Promise.resolve();
    this.lastTry = Date.now();
    this.flushing = this.flushQueue().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushQueue(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      try {
        await this.writeBatch(batch);
      } catch (error) {
        this.queue = [...batch, ...this.queue];
        if (this.failure === null) this.log(`history: PostgreSQL refused a flush (${describe(error)}); holding ${String(this.queuedChanges)} changes`);
        this.failure = error;
        return;
      }
      if (this.failure !== null) {
        this.failure = null;
        this.log('history: PostgreSQL accepts writes again');
      }
    }
    if (Date.now() - this.sizeMeasuredAt >= SIZE_REFRESH_MS) await this.refreshSize().catch(() => undefined);
  }

  /** The next ops to write in one transaction: up to MAX_BATCH_CHANGES changes; a prune alone. */
  private takeBatch(): Op[] {
    const first = this.queue[0];
    if (first?.kind === 'prune') return this.queue.splice(0, 1);
    let n = 0;
    let end = 0;
    for (const op of this.queue) {
      if (op.kind === 'prune') break;
      if (op.kind === 'changes') {
        if (n > 0 && n + op.changes.length > MAX_BATCH_CHANGES) break;
        n += op.changes.length;
      }
      end += 1;
    }
    return this.queue.splice(0, end);
  }

  private async writeBatch(batch: readonly Op[]): Promise<void> {
    const client = await this.pool.connect();
    // A checked-out client emits 'error' when its connection dies (PostgreSQL stopping): the
    // failed query already rejects, and an unheard 'error' would end the producer's thread.
    const ignore = (): void => undefined;
    client.on('error', ignore);
    const txn = new Txn(client, this);
    let broken = false;
    try {
      await client.query('BEGIN');
      for (let i = 0; i < batch.length; ) {
        const op = batch[i];
        if (op === undefined) break;
        if (op.kind === 'changes') {
          // Consecutive appends go out as one statement.
          const changes: QueuedChange[] = [];
          for (; i < batch.length; i += 1) {
            const next = batch[i];
            if (next?.kind !== 'changes') break;
            // A loop, not push(...): spreading a long array as arguments overflows the stack.
            for (const change of next.changes) changes.push(change);
          }
          await txn.insertChanges(changes);
          continue;
        }
        i += 1;
        if (op.kind === 'settlements') await txn.upsertSettlements(op.rows);
        else if (op.kind === 'records') await txn.upsertRecords(op.type, op.records);
        else if (op.kind === 'meta') await client.query('INSERT INTO meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [op.key, op.value]);
        else await txn.prune(op.plan);
      }
      await client.query('COMMIT');
      this.commits += 1;
    } catch (error) {
      broken = true;
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      // A connection that failed mid-transaction may be dead: drop it rather than reuse it.
      client.off('error', ignore);
      client.release(broken);
    }
    txn.committed();
    if (batch.some((op) => op.kind === 'prune')) await this.refreshSize().catch(() => undefined);
  }

  /** Measures the tables' size now (sizeBytes() otherwise refreshes after a flush, at most every SIZE_REFRESH_MS). */
  async refreshSize(): Promise<void> {
    const sizes = await this.pool.query<{ relname: string; bytes: string }>(
      `SELECT c.relname, pg_total_relation_size(c.oid) AS bytes FROM pg_class c
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'`,
    );
    const byDay = new Map<number, number>();
    let other = 0;
    for (const row of sizes.rows) {
      const day = dayFromPartitionName(row.relname);
      if (day === null) other += Number(row.bytes);
      else byDay.set(day, Number(row.bytes));
    }
    this.partitionBytes = byDay;
    this.otherBytes = other;
    this.sizeMeasuredAt = Date.now();
  }

  // ---------------------------------------------------------------- internals

  private writable(): void {
    if (this.closing !== null) throw new HistoryStoreError('the history store is closed');
    if (this.failure !== null) throw new HistoryUnavailableError(this.failure);
  }

  private eventState(kind: Kind, extId: string): EventState {
    const name = nameOf(kind, extId);
    let event = this.events.get(name);
    if (event === undefined) {
      event = { kind, extId, order: this.nextOrder++, record: null, firstMs: null, changes: 0 };
      this.events.set(name, event);
    }
    return event;
  }

  private saveRecords(kind: Kind, records: readonly LifecycleRecord[]): void {
    this.writable();
    records.forEach(validateRecord);
    if (records.length === 0) return;
    for (const record of records) {
      const event = this.eventState(kind, record.id);
      // As in SQLite: saving null never clears a recorded finish.
      event.record = { ...record, finishedAt: record.finishedAt ?? event.record?.finishedAt ?? null };
    }
    this.queue.push({ kind: 'records', type: kind, records });
  }

  private records(kind: Kind): LifecycleRecord[] {
    const out: LifecycleRecord[] = [];
    for (const event of this.events.values()) if (event.kind === kind && event.record !== null) out.push(event.record);
    return out;
  }

  // The transaction helper reads and extends the committed caches through these.
  /** @internal */ ids(): { events: Map<string, number>; bookmakers: Map<string, number>; keys: Map<string, number>; partitions: Set<number>; first: Map<number, number> } {
    return { events: this.eventIds, bookmakers: this.bookmakerIds, keys: this.keyIds, partitions: this.partitionDays, first: this.storedFirst };
  }

  /** @internal */ today(): number {
    return dayOf(this.now());
  }

  /** @internal */ logLine(line: string): void {
    this.log(line);
  }

  /** @internal */ countInsert(): void {
    this.insertStatements += 1;
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

function dayFromPartitionName(name: string): number | null {
  const match = /^price_change_p(\d{4})(\d{2})(\d{2})$/.exec(name);
  if (match === null) return null;
  return dayOf(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/**
 * One batch's transaction. Ids it creates are staged here and join the store's caches only on
 * commit: after a rollback the database has none of them.
 */
class Txn {
  private readonly events = new Map<string, number>();
  private readonly bookmakers = new Map<string, number>();
  private readonly keys = new Map<string, number>();
  private readonly partitions = new Set<number>();
  private readonly first = new Map<number, number>();
  private readonly forgotten: { kind: Kind; extId: string }[] = [];

  constructor(
    private readonly client: pg.PoolClient,
    private readonly store: PgHistoryStore,
  ) {}

  committed(): void {
    const ids = this.store.ids();
    for (const event of this.forgotten) {
      const name = nameOf(event.kind, event.extId);
      const id = ids.events.get(name);
      ids.events.delete(name);
      if (id !== undefined) ids.first.delete(id);
    }
    if (this.forgotten.length > 0) ids.keys.clear(); // the pruned events' keys are gone; the rest are looked up again
    for (const [k, v] of this.events) ids.events.set(k, v);
    for (const [k, v] of this.bookmakers) ids.bookmakers.set(k, v);
    for (const [k, v] of this.keys) ids.keys.set(k, v);
    for (const d of this.partitions) ids.partitions.add(d);
    for (const [k, v] of this.first) ids.first.set(k, v);
  }

  private eventId(name: string): number | undefined {
    return this.events.get(name) ?? this.store.ids().events.get(name);
  }

  /** Ids of the named events, creating the missing rows. */
  private async internEvents(wanted: ReadonlyMap<string, { kind: Kind; extId: string }>): Promise<void> {
    const missing = [...wanted].filter(([name]) => this.eventId(name) === undefined).map(([, e]) => e);
    if (missing.length === 0) return;
    // DO UPDATE (to itself) so that RETURNING also yields the rows that already existed.
    const result = await this.client.query<{ id: number; kind: number; ext_id: string }>(
      `INSERT INTO event (kind, ext_id) SELECT * FROM unnest($1::smallint[], $2::text[])
       ON CONFLICT (kind, ext_id) DO UPDATE SET kind = excluded.kind RETURNING id, kind, ext_id`,
      [missing.map((e) => KIND_CODE[e.kind]), missing.map((e) => e.extId)],
    );
    for (const row of result.rows) this.events.set(nameOf(row.kind === KIND_CODE.fixture ? 'fixture' : 'future', row.ext_id), row.id);
  }

  private async internBookmakers(slugs: ReadonlySet<string>): Promise<void> {
    const known = this.store.ids().bookmakers;
    const missing = [...slugs].filter((s) => !known.has(s) && !this.bookmakers.has(s));
    if (missing.length === 0) return;
    const result = await this.client.query<{ id: number; slug: string }>(
      `INSERT INTO bookmaker (slug) SELECT * FROM unnest($1::text[])
       ON CONFLICT (slug) DO UPDATE SET slug = excluded.slug RETURNING id, slug`,
      [missing],
    );
    for (const row of result.rows) this.bookmakers.set(row.slug, row.id);
  }

  private bookmakerId(slug: string): number {
    const id = this.bookmakers.get(slug) ?? this.store.ids().bookmakers.get(slug);
    if (id === undefined) throw new HistoryStoreError(`bookmaker ${slug} was not interned`);
    return id;
  }

  private keyId(oddsId: string): number | undefined {
    return this.keys.get(oddsId) ?? this.store.ids().keys.get(oddsId);
  }

  async insertChanges(queued: readonly QueuedChange[]): Promise<void> {
    const wanted = new Map<string, { kind: Kind; extId: string }>();
    const slugs = new Set<string>();
    for (const { change } of queued) {
      wanted.set(nameOf(change.kind, extIdOf(change)), { kind: change.kind, extId: extIdOf(change) });
      slugs.add(change.bookmaker);
    }
    await this.internEvents(wanted);
    await this.internBookmakers(slugs);
    const eventIdOf = (change: PriceChange): number => {
      const id = this.eventId(nameOf(change.kind, extIdOf(change)));
      if (id === undefined) throw new HistoryStoreError(`event of ${change.oddsId} was not interned`);
      return id;
    };

    // New oddsIds, once each.
    const newKeys = new Map<string, PriceChange>();
    for (const { change } of queued) if (this.keyId(change.oddsId) === undefined && !newKeys.has(change.oddsId)) newKeys.set(change.oddsId, change);
    const foreign = new Set<string>();
    if (newKeys.size > 0) {
      const keys = [...newKeys.values()];
      const result = await this.client.query<{ id: number; odds_id: string; event_id: number }>(
        `INSERT INTO odds_key (odds_id, event_id, bookmaker_id, selection_id, player_id, market_id)
         SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
         ON CONFLICT (odds_id) DO UPDATE SET odds_id = excluded.odds_id RETURNING id, odds_id, event_id`,
        [
          keys.map((c) => c.oddsId),
          keys.map(eventIdOf),
          keys.map((c) => this.bookmakerId(c.bookmaker)),
          keys.map((c) => (c.kind === 'fixture' ? c.outcomeId : c.participantId)),
          keys.map((c) => c.playerId),
          keys.map((c) => c.marketId),
        ],
      );
      for (const row of result.rows) {
        const change = newKeys.get(row.odds_id);
        // Recorded under another event by an earlier run: the SQLite store would have refused
        // the batch; here the batch was accepted already, so only these changes are left out.
        if (change !== undefined && row.event_id !== eventIdOf(change)) foreign.add(row.odds_id);
        else this.keys.set(row.odds_id, row.id);
      }
      if (foreign.size > 0) this.store.logLine(`history refused changes of ${String(foreign.size)} oddsIds recorded under another event: ${[...foreign].slice(0, 3).join(', ')}`);
    }
    const rows = foreign.size === 0 ? queued : queued.filter((q) => !foreign.has(q.change.oddsId));
    if (rows.length === 0) return;

    // first_ms only moves when a batch reaches earlier than what is stored (nearly never).
    const earliest = new Map<number, number>();
    const days = new Set<number>([this.store.today(), this.store.today() + 1]);
    for (const { change } of rows) {
      const id = eventIdOf(change);
      const at = earliest.get(id);
      if (at === undefined || change.changedAt < at) earliest.set(id, change.changedAt);
      days.add(dayOf(change.changedAt));
    }
    const stored = this.store.ids().first;
    const moved = [...earliest].filter(([id, at]) => at < (this.first.get(id) ?? stored.get(id) ?? Infinity));
    if (moved.length > 0) {
      await this.client.query(
        `UPDATE event e SET first_ms = x.at FROM unnest($1::int[], $2::bigint[]) AS x(id, at)
         WHERE e.id = x.id AND (e.first_ms IS NULL OR e.first_ms > x.at)`,
        [moved.map(([id]) => id), moved.map(([, at]) => at)],
      );
      for (const [id, at] of moved) this.first.set(id, at);
    }

    const partitions = this.store.ids().partitions;
    for (const day of days) {
      if (partitions.has(day) || this.partitions.has(day)) continue;
      if (await ensurePartition(this.client, day)) this.partitions.add(day);
    }

    const encoded = rows.map(({ change, seq }) => ({ change, seq, price: encodePrice(change.price) }));
    this.store.countInsert();
    await this.client.query(
      `INSERT INTO price_change (event_id, changed_at, seq, odds_key, price_milli, price_exact, flags, stake_limit)
       SELECT * FROM unnest($1::int[], $2::bigint[], $3::bigint[], $4::int[], $5::int[], $6::float8[], $7::smallint[], $8::float8[])
       ON CONFLICT DO NOTHING`,
      [
        encoded.map((r) => eventIdOf(r.change)),
        encoded.map((r) => r.change.changedAt),
        encoded.map((r) => r.seq),
        encoded.map((r) => {
          const id = this.keyId(r.change.oddsId);
          if (id === undefined) throw new HistoryStoreError(`oddsId ${r.change.oddsId} was not interned`);
          return id;
        }),
        encoded.map((r) => r.price.milli),
        encoded.map((r) => r.price.exact),
        encoded.map((r) => encodeFlags(r.change.active, r.change.marketActive)),
        encoded.map((r) => r.change.limit),
      ],
    );
    const last = queued[queued.length - 1];
    if (last !== undefined) await this.client.query('UPDATE change_seq SET next = greatest(next, $1)', [last.seq + 1]);
  }

  async upsertSettlements(rows: readonly SettlementRecord[]): Promise<void> {
    // A selection graded twice in one batch: the later grade wins, as it does row by row.
    const bySelection = new Map<string, SettlementRecord>();
    for (const row of rows) bySelection.set(`${row.fixtureId}:${String(row.outcomeId)}:${String(row.playerId)}`, row);
    const unique = [...bySelection.values()];
    await this.internEvents(new Map(unique.map((r) => [nameOf('fixture', r.fixtureId), { kind: 'fixture' as const, extId: r.fixtureId }])));
    await this.client.query(
      `INSERT INTO settlement (event_id, outcome_id, player_id, market_id, grade, rule, score1, score2, settled_at)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::text[], $6::text[], $7::int[], $8::int[], $9::bigint[])
       ON CONFLICT (event_id, outcome_id, player_id) DO UPDATE SET market_id = excluded.market_id, grade = excluded.grade,
         rule = excluded.rule, score1 = excluded.score1, score2 = excluded.score2, settled_at = excluded.settled_at`,
      [
        unique.map((r) => this.eventId(nameOf('fixture', r.fixtureId))),
        unique.map((r) => r.outcomeId),
        unique.map((r) => r.playerId),
        unique.map((r) => r.marketId),
        unique.map((r) => r.grade),
        unique.map((r) => r.rule),
        unique.map((r) => r.score?.participant1Score ?? null),
        unique.map((r) => r.score?.participant2Score ?? null),
        unique.map((r) => r.settledAt),
      ],
    );
  }

  async upsertRecords(kind: Kind, records: readonly LifecycleRecord[]): Promise<void> {
    const byId = new Map<string, LifecycleRecord>();
    for (const r of records) byId.set(r.id, { ...r, finishedAt: r.finishedAt ?? byId.get(r.id)?.finishedAt ?? null });
    const unique = [...byId.values()];
    const result = await this.client.query<{ id: number; ext_id: string }>(
      `INSERT INTO event (kind, ext_id, finished_at, record) SELECT $1, * FROM unnest($2::text[], $3::bigint[], $4::text[])
       ON CONFLICT (kind, ext_id) DO UPDATE SET record = excluded.record, finished_at = coalesce(excluded.finished_at, event.finished_at)
       RETURNING id, ext_id`,
      [KIND_CODE[kind], unique.map((r) => r.id), unique.map((r) => r.finishedAt), unique.map((r) => r.json)],
    );
    for (const row of result.rows) this.events.set(nameOf(kind, row.ext_id), row.id);
  }

  /**
   * Drops the planned days: each partition is detached, the rows of events that stay are moved
   * into the parent (the default partition takes them, as no partition covers the day any more),
   * and the table is dropped. Then the removed events go entirely.
   */
  async prune(plan: PrunePlan): Promise<void> {
    const result = await this.client.query<{ id: number }>(
      'SELECT e.id FROM event e JOIN unnest($1::smallint[], $2::text[]) AS x(kind, ext_id) ON e.kind = x.kind AND e.ext_id = x.ext_id',
      [plan.events.map((e) => KIND_CODE[e.kind]), plan.events.map((e) => e.extId)],
    );
    const ids = result.rows.map((r) => r.id);
    for (const day of plan.days) {
      const table = partitionName(day);
      const exists = await this.client.query('SELECT 1 FROM pg_class WHERE relname = $1 AND relnamespace = current_schema()::regnamespace', [table]);
      if (exists.rowCount === 0) continue;
      await this.client.query(`ALTER TABLE price_change DETACH PARTITION ${table}`);
      await this.client.query(`INSERT INTO price_change SELECT * FROM ${table} WHERE event_id <> ALL($1::int[])`, [ids]);
      await this.client.query(`DROP TABLE ${table}`);
      this.store.ids().partitions.delete(day);
    }
    if (ids.length > 0) {
      for (const table of ['price_change', 'odds_key', 'settlement']) await this.client.query(`DELETE FROM ${table} WHERE event_id = ANY($1::int[])`, [ids]);
      await this.client.query('DELETE FROM event WHERE id = ANY($1::int[])', [ids]);
    }
    this.forgotten.push(...plan.events);
  }
}
