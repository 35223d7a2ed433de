// Debian's PostgreSQL 15 as a cluster's history store (`npm run cluster`) and the tests' throwaway
// servers (service/testing/postgres-server.ts): initdb into a directory of ours, pg_ctl start and
// stop on a loopback port, trust authentication on loopback only. As root the server runs as
// Debian's `postgres` user, since PostgreSQL refuses to run as root.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureEngines, type PostgresBinaries } from '../../scripts/engines.ts';

const run = promisify(execFile);

/** The role every database is created for (trust on loopback: no password to leak). */
export const POSTGRES_USER = 'odds';

export interface PostgresInstance {
  readonly port: number;
  /** `postgres://odds@127.0.0.1:<port>/<database>`. */
  url(database: string): string;
  /** Starts the server (a no-op while it runs). */
  start(): Promise<void>;
  /** Fast shutdown: open connections are cut (as an outage would); the data stays. */
  stop(): Promise<void>;
  /** Creates `name` unless it exists; returns its URL. */
  ensureDatabase(name: string): Promise<string>;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function userIds(name: string): { uid: number; gid: number } {
  // os.userInfo() only knows the current user; /etc/passwd is the one source without a dependency.
  const line = readFileSync('/etc/passwd', 'utf8').split('\n').find((l) => l.startsWith(`${name}:`));
  const fields = line?.split(':');
  const uid = Number(fields?.[2]);
  const gid = Number(fields?.[3]);
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`no system user "${name}": is Debian's postgresql-15 installed?`);
  return { uid, gid };
}

export interface PostgresOptions {
  /** The server's own directory (data, socket, log); created, and initialised when empty. */
  readonly dir: string;
  readonly port: number;
  /**
   * Throwaway data (tests): no fsync, no synchronous commit, no full-page writes. A cluster's
   * history keeps PostgreSQL's durable defaults.
   */
  readonly throwaway?: boolean;
}

/** Prepares (initdb when new) a server in `options.dir`; call start(). Throws when the binaries are missing and cannot be installed. */
export async function preparePostgres(options: PostgresOptions): Promise<PostgresInstance> {
  const { postgres: bins } = ensureEngines(['postgres']);
  const { dir, port } = options;
  const dataDir = path.join(dir, 'data');
  mkdirSync(dir, { recursive: true });
  const asServer = async (binary: string, args: readonly string[]): Promise<void> => {
    const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, [...args]];
    await run(file, argv, { cwd: dir });
  };
  if (isRoot()) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
    // The `postgres` user must be able to reach its directory: each parent gets the traverse bit
    // for others (not read: the parents' listings stay private), e.g. a 0700 DATA_DIR from mkdtemp.
    for (let parent = path.dirname(dir); parent !== path.dirname(parent); parent = path.dirname(parent)) {
      const mode = statSync(parent).mode;
      if ((mode & 0o001) === 0) chmodSync(parent, (mode & 0o7777) | 0o001);
    }
  }
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    await asServer(bins.initdb, ['-D', dataDir, '-U', POSTGRES_USER, '--auth=trust', '--encoding=UTF8', ...(options.throwaway === true ? ['--no-sync'] : [])]);
  }
  return instance(bins, dir, dataDir, port, options.throwaway === true, asServer);
}

function instance(bins: PostgresBinaries, dir: string, dataDir: string, port: number, throwaway: boolean, asServer: (binary: string, args: readonly string[]) => Promise<void>): PostgresInstance {
  let running = false;
  const url = (database: string): string => `postgres://${POSTGRES_USER}@127.0.0.1:${String(port)}/${database}`;
  return {
    port,
    url,
    async start() {
      if (running) return;
      const fast = throwaway ? ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off' : '';
      const options = `-p ${String(port)} -k ${dir} -c listen_addresses=127.0.0.1${fast}`;
      await asServer(bins.pgCtl, ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
      running = true;
    },
    async stop() {
      if (!running) return;
      await asServer(bins.pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
      running = false;
    },
    async ensureDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        // FILE_COPY: a checkpoint and a directory copy, twice as fast as WAL_LOG for an empty template.
        if (found.rowCount === 0) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} STRATEGY FILE_COPY`);
      } finally {
        await client.end();
      }
      return url(name);
    },
  };
}
