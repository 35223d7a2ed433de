import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describeHistoryContract } from '../testing/history-contract.ts';
import { historyReadsOf } from './history-store.ts';
import { openSqliteHistoryStore, type SqliteHistoryStore } from './sqlite-history-store.ts';

interface SqliteHistory {
  readonly dir: string;
  readonly writer: SqliteHistoryStore;
  readonly reads: ReturnType<typeof historyReadsOf>;
  flush(): Promise<void>;
}

function openIn(dir: string): SqliteHistory {
  const writer = openSqliteHistoryStore({ dataDir: dir });
  // Every SQLite write is committed when the call returns: nothing to flush.
  return { dir, writer, reads: historyReadsOf(writer), flush: () => Promise.resolve() };
}

describeHistoryContract('SQLite', {
  open: () => Promise.resolve(openIn(mkdtempSync(path.join(os.tmpdir(), 'history-contract-')))),
  reopen: (current) => {
    current.writer.close();
    return Promise.resolve(openIn(current.dir));
  },
  close: (current) => {
    current.writer.close();
    rmSync(current.dir, { recursive: true, force: true });
    return Promise.resolve();
  },
});
