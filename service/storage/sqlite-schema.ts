// The SQLite layout of the history store, the connection settings it relies on, and the check
// that an existing file really is a history store of this version.
import type Database from 'better-sqlite3';
import { HistoryStoreError } from './history-store.ts';

/** Bumped on every layout change; a file of another version is refused, never guessed at. */
export const SCHEMA_VERSION = 1;

/** Meta key mirroring the version for humans and tools; the store refuses writes to it. */
export const SCHEMA_VERSION_META_KEY = 'schemaVersion';

/*
 * Why this layout (measured with bench-append.ts, and for the rejected variants with throwaway
 * scripts on the same simulated stream: 200 fixtures, 8 bookmakers, batches of 1000):
 * - price_change is clustered by (event, time): appends for ~200 open events land on ~200 b-tree
 *   tails, so a batch dirties few pages (~1.5 KB written per change, WAL and checkpoint
 *   included). Clustering by oddsId instead, or a secondary (oddsId, time) index, puts nearly
 *   every append on its own page: ~9–10 KB written per change and 35–50 k appends/s against
 *   120–170 k/s. The price of this layout: reading one oddsId scans its event's range (5–30 ms
 *   for a 90k–450k-change fixture), and OLV/CLV of a fixture are two range scans in JS.
 * - Dropping an event deletes one contiguous key range in each table, so retention frees whole
 *   pages that incremental vacuum hands back, instead of leaving every page partly empty.
 * - Ids are interned (event, bookmaker, per-event key_no) so a change row holds small integers;
 *   time is relative to the event's first change (4 bytes instead of 6); `seq` only orders
 *   changes of the same millisecond (0 bytes when 0); the price is integer thousandths (2–3
 *   bytes instead of 8); the flags are 0 for the usual active row. Measured: 25–28 bytes per
 *   change on disk, indexes and page slack included (37 with plain REAL prices and global ids).
 * - WITHOUT ROWID: the primary key is the row's only copy, no separate rowid b-tree.
 * No foreign keys: the store is the only writer and keeps the references itself; enforcing
 * them would cost a lookup per appended row.
 */
const DDL = `
CREATE TABLE meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per fixture (kind 0) or future (kind 1): the id mapping, the time base of its
-- changes, its finish time (retention) and the simulator's record.
CREATE TABLE event (
  id INTEGER PRIMARY KEY,
  kind INTEGER NOT NULL,
  ext_id TEXT NOT NULL,
  base_ms INTEGER,
  finished_at INTEGER,
  record TEXT,
  UNIQUE (kind, ext_id)
);
CREATE INDEX event_finished ON event (finished_at) WHERE finished_at IS NOT NULL;

CREATE TABLE bookmaker (
  id INTEGER PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE
);

-- One row per oddsId: everything about a price that never changes. key_no numbers the prices
-- of one event from 0, so change rows carry a 1–2 byte number, and the rows of an event sit
-- together (dropping the event frees whole pages). selection_id is the outcomeId (fixtures) or
-- participantId (futures).
CREATE TABLE odds_key (
  event_id INTEGER NOT NULL,
  key_no INTEGER NOT NULL,
  odds_id TEXT NOT NULL UNIQUE,
  bookmaker_id INTEGER NOT NULL,
  selection_id INTEGER NOT NULL,
  player_id INTEGER NOT NULL,
  market_id INTEGER,
  PRIMARY KEY (event_id, key_no)
) WITHOUT ROWID;

-- One row per recorded change. at_rel = changedAt - event.base_ms; odds_key = odds_key.key_no.
CREATE TABLE price_change (
  event_id INTEGER NOT NULL,
  at_rel INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  odds_key INTEGER NOT NULL,
  price_milli INTEGER NOT NULL,
  price_exact REAL,
  flags INTEGER NOT NULL,
  stake_limit REAL,
  PRIMARY KEY (event_id, at_rel, seq)
) WITHOUT ROWID;

CREATE TABLE settlement (
  event_id INTEGER NOT NULL,
  outcome_id INTEGER NOT NULL,
  player_id INTEGER NOT NULL,
  market_id INTEGER NOT NULL,
  grade TEXT NOT NULL,
  rule TEXT NOT NULL,
  score1 INTEGER,
  score2 INTEGER,
  settled_at INTEGER NOT NULL,
  PRIMARY KEY (event_id, outcome_id, player_id)
) WITHOUT ROWID;
`;

function pragmaNumber(db: Database.Database, name: string): number {
  const value = db.pragma(name, { simple: true });
  if (typeof value !== 'number') throw new HistoryStoreError(`PRAGMA ${name} returned ${String(value)}`);
  return value;
}

/**
 * Applies the connection settings and creates the schema on an empty file, or checks the version
 * of an existing one. Throws HistoryStoreError for a file of another version or another program.
 */
export function prepareDatabase(db: Database.Database): void {
  const version = pragmaNumber(db, 'user_version');
  const objects = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM sqlite_schema').get()?.n ?? 0;
  const fresh = version === 0 && objects === 0;
  if (!fresh && version !== SCHEMA_VERSION) {
    throw new HistoryStoreError(
      version === 0
        ? `${db.name} is not an odds history database (it has tables but no schema version)`
        : `${db.name} has history schema version ${String(version)}; this build reads version ${String(SCHEMA_VERSION)}`,
    );
  }
  if (fresh) {
    // Must precede the first table: SQLite cannot switch a populated file to incremental vacuum
    // without a full VACUUM. It lets retention shrink the file without rewriting it.
    db.pragma('auto_vacuum = INCREMENTAL');
  }
  // WAL: appends never block readers; NORMAL: a commit is not fsynced, so a power cut may lose
  // the last batches but never corrupts the file (the simulator resumes from its records).
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // After a large prune the WAL would otherwise keep its high-water size on disk.
  db.pragma(`journal_size_limit = ${String(64 * 1024 * 1024)}`);
  db.pragma('cache_size = -16384');
  if (fresh) {
    db.transaction(() => {
      db.exec(DDL);
      db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SCHEMA_VERSION_META_KEY, String(SCHEMA_VERSION));
      db.pragma(`user_version = ${String(SCHEMA_VERSION)}`);
    })();
  }
}
