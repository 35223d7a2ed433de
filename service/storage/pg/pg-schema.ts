// What the PostgreSQL history's code shares about its layout: event kind codes, UTC days and
// their partitions of price_change (migrations/001_history.sql creates the table and its default).
import type pg from 'pg';
import type { PriceChange } from '../history-store.ts';

export type Kind = PriceChange['kind'];
export const KIND_CODE: Readonly<Record<Kind, number>> = { fixture: 0, future: 1 };

export const DAY_MS = 86_400_000;

/** The UTC day of an epoch-ms time, as days since 1970-01-01. */
export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** `price_change_pYYYYMMDD`: sorts by day, and says which day at a glance in psql. */
export function partitionName(day: number): string {
  const date = new Date(day * DAY_MS).toISOString();
  return `price_change_p${date.slice(0, 4)}${date.slice(5, 7)}${date.slice(8, 10)}`;
}

/** The days that have a partition of their own. */
export async function listPartitions(db: pg.Pool | pg.ClientBase): Promise<number[]> {
  const result = await db.query<{ day: string }>(
    `SELECT (regexp_match(c.relname, '^price_change_p(\\d{8})$'))[1] AS day
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'price_change'::regclass AND c.relname ~ '^price_change_p\\d{8}$'`,
  );
  return result.rows.map((r) => dayOf(Date.UTC(Number(r.day.slice(0, 4)), Number(r.day.slice(4, 6)) - 1, Number(r.day.slice(6, 8)))));
}

/**
 * Creates the partition of `day` unless the default partition already holds rows of that day
 * (a day retention dropped, whose unfinished events' rows were kept there: PostgreSQL would
 * refuse the partition, and the default serves that day well enough). True when it exists now.
 */
export async function ensurePartition(db: pg.Pool | pg.ClientBase, day: number): Promise<boolean> {
  const from = day * DAY_MS;
  const to = from + DAY_MS;
  const inDefault = await db.query('SELECT 1 FROM price_change_default WHERE changed_at >= $1 AND changed_at < $2 LIMIT 1', [from, to]);
  if ((inDefault.rowCount ?? 0) > 0) return false;
  await db.query(`CREATE TABLE IF NOT EXISTS ${partitionName(day)} PARTITION OF price_change FOR VALUES FROM (${String(from)}) TO (${String(to)})`);
  return true;
}
