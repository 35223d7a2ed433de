// A throwaway PostgreSQL 15 for tests: initdb into a temp directory, a free port in 5600–5699,
// trust authentication on loopback only, and fsync off (the data dies with the test anyway).
// As root it runs the server as Debian's `postgres` user, since PostgreSQL refuses to run as root.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { preparePostgres } from '../cluster/postgres.ts';
import { portIsFree } from './service-process.ts';

const PORT_FIRST = 5600;
const PORT_LAST = 5699;

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

/** Ports to try, from a random one, so test files started together rarely pick the same. */
function candidatePorts(): number[] {
  const span = PORT_LAST - PORT_FIRST + 1;
  const start = Math.floor(Math.random() * span);
  return Array.from({ length: span }, (_, i) => PORT_FIRST + ((start + i) % span));
}

/** Initialises and starts a server; call `dispose()` when done (afterAll). */
export async function startPostgresServer(): Promise<PostgresServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'odds-pg-'));
  for (const candidate of candidatePorts()) {
    if (!(await portIsFree(candidate))) continue;
    const server = await preparePostgres({ dir, port: candidate, throwaway: true });
    try {
      await server.start();
    } catch {
      // Taken between the probe and the start by another test file: try the next one.
      continue;
    }
    return {
      port: candidate,
      url: (database) => server.url(database),
      createDatabase: (name) => server.ensureDatabase(name),
      stop: () => server.stop(),
      start: () => server.start(),
      async dispose() {
        try {
          await server.stop();
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`no free port for PostgreSQL in ${String(PORT_FIRST)}–${String(PORT_LAST)}`);
}
