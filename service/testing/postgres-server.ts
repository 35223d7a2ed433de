// A throwaway PostgreSQL 15 for tests: initdb into a temp directory, a free port in 5600–5699,
// trust authentication on loopback only, and fsync off (the data dies with the test anyway).
// As root it runs the server as Debian's `postgres` user, since PostgreSQL refuses to run as root.
import { execFile } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { ensureEngines, type PostgresBinaries } from '../../scripts/engines.ts';

const run = promisify(execFile);

const PORT_FIRST = 5600;
const PORT_LAST = 5699;
const USER = 'odds';

export interface PostgresServer {
  readonly port: number;
  /** `postgres://odds@127.0.0.1:<port>/<database>`. */
  url(database: string): string;
  /** Creates an empty database and returns its URL (one per test keeps tests apart cheaply). */
  createDatabase(name: string): Promise<string>;
  /** Stops the server (fast shutdown: open connections are cut, as in an outage); the data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data. */
  start(): Promise<void>;
  /** Stops it and deletes its directory. */
  dispose(): Promise<void>;
}

function isRoot(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => {
      resolve(false);
    });
    probe.listen(port, '127.0.0.1', () => {
      probe.close(() => {
        resolve(true);
      });
    });
  });
}

/** Ports to try, from a random one, so test files started together rarely pick the same. */
function candidatePorts(): number[] {
  const span = PORT_LAST - PORT_FIRST + 1;
  const start = Math.floor(Math.random() * span);
  return Array.from({ length: span }, (_, i) => PORT_FIRST + ((start + i) % span));
}

/** Initialises and starts a server; call `dispose()` when done (afterAll). */
export async function startPostgresServer(): Promise<PostgresServer> {
  const { postgres: bins } = ensureEngines(['postgres']);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'odds-pg-'));
  const dataDir = path.join(dir, 'data');
  const asServer = async (binary: string, args: readonly string[]): Promise<void> => {
    const [file, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, [...args]];
    await run(file, argv, { cwd: dir });
  };
  if (isRoot()) {
    const { uid, gid } = userIds('postgres');
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  await asServer(bins.initdb, ['-D', dataDir, '-U', USER, '--auth=trust', '--encoding=UTF8', '--no-sync']);

  let port = 0;
  const pgCtlStart = async (at: number): Promise<void> => {
    const options = `-p ${String(at)} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
    await asServer(bins.pgCtl, ['-D', dataDir, '-l', path.join(dir, 'log'), '-o', options, '-w', '-t', '30', 'start']);
  };
  for (const candidate of candidatePorts()) {
    if (!(await portIsFree(candidate))) continue;
    try {
      await pgCtlStart(candidate);
      port = candidate;
      break;
    } catch {
      // Taken between the probe and the start by another test file: try the next one.
    }
  }
  if (port === 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`no free port for PostgreSQL in ${String(PORT_FIRST)}–${String(PORT_LAST)}`);
  }
  return serverHandle(bins, dir, dataDir, port, asServer, pgCtlStart);
}

function serverHandle(
  bins: PostgresBinaries,
  dir: string,
  dataDir: string,
  port: number,
  asServer: (binary: string, args: readonly string[]) => Promise<void>,
  pgCtlStart: (port: number) => Promise<void>,
): PostgresServer {
  let running = true;
  const url = (database: string): string => `postgres://${USER}@127.0.0.1:${String(port)}/${database}`;
  const stop = async (): Promise<void> => {
    if (!running) return;
    await asServer(bins.pgCtl, ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
    running = false;
  };
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres') });
      await client.connect();
      try {
        // FILE_COPY: a checkpoint and a directory copy, twice as fast as WAL_LOG for an empty template.
        await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)} STRATEGY FILE_COPY`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    stop,
    async start() {
      if (running) return;
      await pgCtlStart(port);
      running = true;
    },
    async dispose() {
      try {
        await stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
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
