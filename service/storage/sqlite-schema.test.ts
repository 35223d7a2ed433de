import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryStoreError } from './history-store.ts';
import { SCHEMA_VERSION, prepareDatabase } from './sqlite-schema.ts';

let dir: string;
let file: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'history-schema-'));
  file = path.join(dir, 'h.sqlite');
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

function withDb<T>(use: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    return use(db);
  } finally {
    db.close();
  }
}

describe('prepareDatabase', () => {
  it('creates the schema with its version, WAL and incremental vacuum on an empty file', () => {
    withDb((db) => {
      prepareDatabase(db);
      expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('auto_vacuum', { simple: true })).toBe(2); // 2 = INCREMENTAL
      expect(db.pragma('synchronous', { simple: true })).toBe(1); // 1 = NORMAL
    });
  });

  it('opens its own file again without changes', () => {
    withDb((db) => {
      prepareDatabase(db);
    });
    withDb((db) => {
      expect(() => {
        prepareDatabase(db);
      }).not.toThrow();
    });
  });

  it('refuses a database of another program', () => {
    withDb((db) => {
      db.exec('CREATE TABLE changes (x)');
      expect(() => {
        prepareDatabase(db);
      }).toThrow(/not an odds history database/);
    });
  });

  it('refuses a database of another schema version', () => {
    withDb((db) => {
      prepareDatabase(db);
      db.pragma(`user_version = ${String(SCHEMA_VERSION + 1)}`);
    });
    withDb((db) => {
      expect(() => {
        prepareDatabase(db);
      }).toThrow(HistoryStoreError);
    });
  });
});
