// The edge's reads of the PostgreSQL history (HistoryReads): a few SQL statements per request
// on a pool of its own, never one per oddsId. The writer is pg-history-store.ts, in the
// producer's thread; these reads see what it has flushed (at most FLUSH_MS behind).
import pg from 'pg';
import { HistoryStoreError } from '../history-store.ts';
import type {
  FixturePriceChange,
  FuturePriceChange,
  HistoryFilters,
  HistoryReads,
  OpeningAndClosing,
  PriceChange,
  SelectionFilters,
  SettlementRecord,
} from '../history-store.ts';
import { asFixtureChange, asFutureChange, isGrade, isSafeInteger } from '../history-validation.ts';
import { decodeFlags, decodePrice } from '../row-codec.ts';
import { KIND_CODE, type Kind } from './pg-schema.ts';

/** Bounds for an open time range, as in the SQLite store. */
const MIN_TIME = -(2 ** 52);
const MAX_TIME = 2 ** 52;

/** A change row joined with its key; bigint columns come back as float8 (exact below 2^53). */
interface ChangeRow {
  odds_id: string;
  bookmaker: string;
  selection_id: number;
  player_id: number;
  market_id: number | null;
  changed_at: number;
  seq: number;
  price_milli: number;
  price_exact: number | null;
  flags: number;
  stake_limit: number | null;
}

const CHANGE_SELECT = `SELECT k.odds_id, b.slug AS bookmaker, k.selection_id, k.player_id, k.market_id,
  c.changed_at::float8 AS changed_at, c.seq::float8 AS seq, c.price_milli, c.price_exact, c.flags, c.stake_limit
  FROM price_change c JOIN odds_key k ON k.id = c.odds_key JOIN bookmaker b ON b.id = k.bookmaker_id`;

/** Bookmaker and oddsId filters as SQL on k and b; a null array means "any". */
const SELECTION_WHERE = '($2::text[] IS NULL OR b.slug = ANY($2)) AND ($3::text[] IS NULL OR k.odds_id = ANY($3))';

function limitOf(limit: number | undefined): number | null {
  if (limit === undefined) return null; // LIMIT NULL: no limit
  if (!isSafeInteger(limit) || limit < 0) throw new HistoryStoreError(`limit must be a non-negative integer, got ${String(limit)}`);
  return limit;
}

function toChange(kind: Kind, extId: string, row: ChangeRow): PriceChange {
  const { active, marketActive } = decodeFlags(row.flags);
  const common = {
    oddsId: row.odds_id,
    bookmaker: row.bookmaker,
    playerId: row.player_id,
    price: decodePrice(row.price_milli, row.price_exact),
    active,
    marketActive,
    limit: row.stake_limit,
    changedAt: row.changed_at,
  };
  if (kind === 'future') return { kind, futureId: extId, participantId: row.selection_id, marketId: row.market_id, ...common };
  if (row.market_id === null) throw new HistoryStoreError(`fixture price ${row.odds_id} has no marketId`);
  return { kind, fixtureId: extId, outcomeId: row.selection_id, marketId: row.market_id, ...common };
}

/** Opens the edge's read pool; the schema must exist (the producer migrates at its open). */
export function openPgHistoryReads(url: string, options: { maxConnections?: number } = {}): PgHistoryReads {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 4, connectionTimeoutMillis: 5_000 });
  // A connection cut while idle (PostgreSQL restarting) must not end the process; the next read reports it.
  pool.on('error', () => undefined);
  return new PgHistoryReads(pool);
}

export class PgHistoryReads implements HistoryReads {
  constructor(private readonly pool: pg.Pool) {}

  close(): Promise<void> {
    return this.pool.end();
  }

  async readSettlement(fixtureId: string): Promise<SettlementRecord[]> {
    const result = await this.pool.query<{
      outcome_id: number;
      player_id: number;
      market_id: number;
      grade: string;
      rule: string;
      score1: number | null;
      score2: number | null;
      settled_at: number;
    }>(
      `SELECT s.outcome_id, s.player_id, s.market_id, s.grade, s.rule, s.score1, s.score2, s.settled_at::float8 AS settled_at
       FROM settlement s JOIN event e ON e.id = s.event_id WHERE e.kind = $1 AND e.ext_id = $2 ORDER BY s.outcome_id, s.player_id`,
      [KIND_CODE.fixture, fixtureId],
    );
    return result.rows.map((row) => {
      if (!isGrade(row.grade)) throw new HistoryStoreError(`stored grade ${JSON.stringify(row.grade)} is unknown`);
      return {
        fixtureId,
        outcomeId: row.outcome_id,
        playerId: row.player_id,
        marketId: row.market_id,
        grade: row.grade,
        rule: row.rule,
        score: row.score1 === null || row.score2 === null ? null : { participant1Score: row.score1, participant2Score: row.score2 },
        settledAt: row.settled_at,
      };
    });
  }

  async readHistoryForFixture(fixtureId: string, filters: HistoryFilters = {}): Promise<FixturePriceChange[]> {
    return (await this.readEventHistory('fixture', fixtureId, filters)).map(asFixtureChange);
  }

  async readHistoryForFuture(futureId: string, filters: HistoryFilters = {}): Promise<FuturePriceChange[]> {
    return (await this.readEventHistory('future', futureId, filters)).map(asFutureChange);
  }

  /**
   * Keyset pages on (changed_at, seq). The read covers the changes stored when the first page is
   * taken: seq is handed out in append order and committed in that order, so every change
   * flushed after the first page has a seq at or past the counter read then.
   */
  async *readHistoryPagesForFixture(fixtureId: string, filters: HistoryFilters, pageRows: number): AsyncGenerator<FixturePriceChange[], void, undefined> {
    if (!isSafeInteger(pageRows) || pageRows < 1) throw new HistoryStoreError(`pageRows must be a positive integer, got ${String(pageRows)}`);
    const start = await this.pool.query<{ id: number; next: number }>(
      'SELECT e.id, (SELECT next::float8 FROM change_seq) AS next FROM event e WHERE e.kind = $1 AND e.ext_id = $2',
      [KIND_CODE.fixture, fixtureId],
    );
    const event = start.rows[0];
    if (event === undefined) return;
    if (filters.bookmakers?.length === 0 || filters.oddsIds?.length === 0) return;
    let left = filters.limit === undefined ? Infinity : (limitOf(filters.limit) ?? Infinity);
    let cursor = { at: filters.from ?? MIN_TIME, seq: -1 };
    const to = filters.to ?? MAX_TIME;
    while (left > 0) {
      const n = Math.min(pageRows, left);
      const page = await this.pool.query<ChangeRow>(
        `${CHANGE_SELECT} WHERE c.event_id = $1 AND ${SELECTION_WHERE}
         AND (c.changed_at, c.seq) > ($4, $5) AND c.changed_at < $6 AND c.seq < $7
         ORDER BY c.changed_at, c.seq LIMIT $8`,
        [event.id, filters.bookmakers ?? null, filters.oddsIds ?? null, cursor.at, cursor.seq, to, event.next, n],
      );
      const last = page.rows[page.rows.length - 1];
      if (last === undefined) return;
      cursor = { at: last.changed_at, seq: last.seq };
      left -= page.rows.length;
      yield page.rows.map((row) => asFixtureChange(toChange('fixture', fixtureId, row)));
      if (page.rows.length < n) return;
    }
  }

  async readOpeningAndClosing(fixtureId: string, closingBeforeMs: number, filters: SelectionFilters = {}): Promise<Map<string, OpeningAndClosing<FixturePriceChange>>> {
    const out = new Map<string, OpeningAndClosing<FixturePriceChange>>();
    for (const [oddsId, pair] of await this.readEventOpeningAndClosing('fixture', fixtureId, closingBeforeMs, filters)) {
      out.set(oddsId, { opening: asFixtureChange(pair.opening), closing: pair.closing === null ? null : asFixtureChange(pair.closing) });
    }
    return out;
  }

  async readFutureOpeningAndClosing(futureId: string, closingBeforeMs: number, filters: SelectionFilters = {}): Promise<Map<string, OpeningAndClosing<FuturePriceChange>>> {
    const out = new Map<string, OpeningAndClosing<FuturePriceChange>>();
    for (const [oddsId, pair] of await this.readEventOpeningAndClosing('future', futureId, closingBeforeMs, filters)) {
      out.set(oddsId, { opening: asFutureChange(pair.opening), closing: pair.closing === null ? null : asFutureChange(pair.closing) });
    }
    return out;
  }

  // ---------------------------------------------------------------- internals

  private async eventId(kind: Kind, extId: string): Promise<number | null> {
    const result = await this.pool.query<{ id: number }>('SELECT id FROM event WHERE kind = $1 AND ext_id = $2', [KIND_CODE[kind], extId]);
    return result.rows[0]?.id ?? null;
  }

  private async readEventHistory(kind: Kind, extId: string, filters: HistoryFilters): Promise<PriceChange[]> {
    if (filters.bookmakers?.length === 0 || filters.oddsIds?.length === 0) return [];
    const limit = limitOf(filters.limit);
    const id = await this.eventId(kind, extId);
    if (id === null) return [];
    const result = await this.pool.query<ChangeRow>(
      `${CHANGE_SELECT} WHERE c.event_id = $1 AND ${SELECTION_WHERE} AND c.changed_at >= $4 AND c.changed_at < $5
       ORDER BY c.changed_at, c.seq LIMIT $6`,
      [id, filters.bookmakers ?? null, filters.oddsIds ?? null, filters.from ?? MIN_TIME, filters.to ?? MAX_TIME, limit],
    );
    return result.rows.map((row) => toChange(kind, extId, row));
  }

  /**
   * OLV and CLV of every selected price of one event: two statements, each one pass over the
   * event's rows (DISTINCT ON keeps the first row per oddsId in the order asked).
   */
  private async readEventOpeningAndClosing(kind: Kind, extId: string, closingBeforeMs: number, filters: SelectionFilters): Promise<Map<string, OpeningAndClosing<PriceChange>>> {
    const result = new Map<string, OpeningAndClosing<PriceChange>>();
    if (filters.bookmakers?.length === 0 || filters.oddsIds?.length === 0) return result;
    const id = await this.eventId(kind, extId);
    if (id === null) return result;
    const selection = [id, filters.bookmakers ?? null, filters.oddsIds ?? null];
    const [opening, closing] = await Promise.all([
      this.pool.query<ChangeRow>(
        `SELECT DISTINCT ON (c.odds_key) ${CHANGE_SELECT.slice('SELECT '.length)} WHERE c.event_id = $1 AND ${SELECTION_WHERE}
         ORDER BY c.odds_key, c.changed_at, c.seq`,
        selection,
      ),
      this.pool.query<ChangeRow>(
        `SELECT DISTINCT ON (c.odds_key) ${CHANGE_SELECT.slice('SELECT '.length)} WHERE c.event_id = $1 AND ${SELECTION_WHERE} AND c.changed_at < $4
         ORDER BY c.odds_key, c.changed_at DESC, c.seq DESC`,
        [...selection, closingBeforeMs],
      ),
    ]);
    const last = new Map(closing.rows.map((row) => [row.odds_id, row]));
    // In the order the prices were first recorded, as the SQLite store lists them (by key).
    for (const row of opening.rows) {
      const close = last.get(row.odds_id);
      result.set(row.odds_id, { opening: toChange(kind, extId, row), closing: close === undefined ? null : toChange(kind, extId, close) });
    }
    return result;
  }
}
