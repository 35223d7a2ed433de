// Schema migrations of the PostgreSQL history: the numbered SQL files of ./migrations, applied in
// order, each in its own transaction with its row in schema_migrations, so opening a database
// that is already up to date changes nothing and a half-applied file never stays half-applied.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { HistoryStoreError } from '../history-store.ts';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any constant: two processes opening the same fresh database take turns migrating it. */
const MIGRATION_LOCK = 2026_1124;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/** The migrations in the repository, by version (`001_history.sql` is version 1). */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = /^(\d+)_(.+)\.sql$/.exec(file);
      if (match === null) throw new HistoryStoreError(`migration file ${file} is not named NNN_name.sql`);
      return { version: Number(match[1]), name: match[2] ?? file, sql: readFileSync(path.join(dir, file), 'utf8') };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new HistoryStoreError(`migrations must be numbered 1, 2, 3…; found ${String(m.version)} at position ${String(i + 1)}`);
  });
  return migrations;
}

/** Applies the migrations the database has not recorded yet; returns the versions applied now. */
export async function migrate(client: pg.ClientBase, migrations: readonly Migration[] = loadMigrations()): Promise<number[]> {
  await client.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: number[] = [];
  for (const migration of migrations) {
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
      const done = await client.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (done.rowCount === 0) {
        await client.query(migration.sql);
        await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
        applied.push(migration.version);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
  const latest = await client.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
  const version = latest.rows[0]?.v ?? 0;
  if (version > migrations.length) {
    throw new HistoryStoreError(`the database has history schema version ${String(version)}; this build knows up to ${String(migrations.length)}`);
  }
  return applied;
}
