// The real service as a child process (`tsx service/main.ts`, as `npm run service` runs it), for
// the stream integration test and the chaos soak: the data directory and both ports stay the same
// across restarts, so a restart is the same service under a new serverEpoch.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AdminClient } from './admin-client.ts';

// Not `new URL('../..', import.meta.url)`: Vite rewrites that as an asset URL when a jsdom test loads this file.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** SIGTERM: a graceful stop (`reconnect server_upgrade`, drain, close 1012). SIGKILL: a crash. */
export type StopSignal = 'SIGTERM' | 'SIGKILL';

/**
 * Service settings every start gets unless the caller's say otherwise: a one-day world with no
 * past days, no periodic log line, and zstd on so that every receiveType is served.
 */
export const BASE_SERVICE_SETTINGS: Readonly<Record<string, string>> = {
  SEED_PAST_DAYS: '0',
  SCHEDULE_DAYS: '1',
  LOG_EVERY_SEC: '0',
  GATEWAY_ZSTD: 'on',
};

export interface ServiceProcessOptions {
  /** Prefix of the temporary DATA_DIR's name (the directory is made at once, deleted by close). */
  readonly dirPrefix: string;
  /** How long start() waits for /healthz, ms. Default 60 s. */
  readonly startTimeoutMs?: number;
  /** Each chunk of the service's stdout; without it stdout is not read at all. */
  readonly onStdout?: (text: string) => void;
  /** Each chunk of the service's stderr (stderr is also quoted when a start fails). */
  readonly onStderr?: (text: string) => void;
  /** The process ended without stop() or close() asking for it. */
  readonly onUnexpectedExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A TCP port free on loopback now (the OS picks it); the service is then started on it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

/** Whether `port` on 127.0.0.1 can be listened on now. */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => {
      resolve(false);
    });
    server.listen(port, '127.0.0.1', () => {
      server.close(() => {
        resolve(true);
      });
    });
  });
}

/** `count` ports free on loopback now within `low`..`high`: for a test that must keep to a given range of ports. */
export async function freePortsIn(count: number, low: number, high: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = low; port <= high && ports.length < count; port++) if (await portIsFree(port)) ports.push(port);
  if (ports.length < count) throw new Error(`fewer than ${String(count)} free ports in ${String(low)}–${String(high)}`);
  return ports;
}

/**
 * One service process at a time on a fixed data directory and fixed ports (picked at the first
 * start). Call close() when done: it stops the process and deletes the data directory.
 */
export class ServiceProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();
  private stderr = '';
  private stopping = false;
  private adminApi: AdminClient | null = null;
  readonly dir: string;
  port = 0;
  adminPort = 0;

  constructor(private readonly options: ServiceProcessOptions) {
    this.dir = mkdtempSync(path.join(tmpdir(), options.dirPrefix));
  }

  /** `http://127.0.0.1:<port>` (valid after the first start). */
  get restUrl(): string {
    return `http://127.0.0.1:${String(this.port)}`;
  }

  /** The gateway's `ws://127.0.0.1:<port>/ws` (valid after the first start). */
  get wsUrl(): string {
    return `ws://127.0.0.1:${String(this.port)}/ws`;
  }

  /**
   * Starts the service with BASE_SERVICE_SETTINGS and `settings` (environment variables of
   * service/config.ts) over the current environment, and resolves once /healthz answers 200.
   * Throws, quoting the service's stderr, when it exits first or does not answer in time.
   */
  async start(settings: Readonly<Record<string, string>>): Promise<void> {
    if (this.port === 0) {
      this.port = await freePort();
      this.adminPort = await freePort();
    }
    const env = {
      ...process.env,
      ...BASE_SERVICE_SETTINGS,
      ...settings,
      DATA_DIR: this.dir,
      PORT: String(this.port),
      ADMIN_PORT: String(this.adminPort),
    };
    this.stderr = '';
    this.stopping = false;
    const { onStdout, onStderr, onUnexpectedExit } = this.options;
    // An unread pipe fills and blocks the service: stdout is piped only when someone reads it.
    const child = spawn(process.execPath, ['--import', 'tsx', 'service/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', onStdout === undefined ? 'ignore' : 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      this.stderr += text;
      onStderr?.(text);
    });
    if (onStdout !== undefined) {
      child.stdout?.on('data', (chunk: Buffer) => {
        onStdout(chunk.toString());
      });
    }
    this.child = child;
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (!this.stopping) onUnexpectedExit?.(code, signal);
        resolve();
      }),
    );
    const deadline = Date.now() + (this.options.startTimeoutMs ?? 60_000);
    for (;;) {
      if (child.exitCode !== null) throw new Error(`service exited: ${this.stderr}`);
      try {
        if ((await fetch(`${this.restUrl}/healthz`)).ok) return;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) throw new Error(`service did not start: ${this.stderr}`);
      await sleep(100);
    }
  }

  /** Stops the process and waits for its exit; the data directory and ports stay for the next start. */
  async stop(signal: StopSignal): Promise<void> {
    this.stopping = true;
    this.child?.kill(signal);
    await this.exited;
    this.child = null;
  }

  /**
   * The service's own node process id (spawned as `node --import tsx service/main.ts`: no tsx or
   * npm wrapper between, so a signal reaches the process that serves), or null when not running.
   */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Pauses (SIGSTOP) or resumes (SIGCONT) the service process: a hung service, as a browser sees it. */
  pause(on: boolean): void {
    if (this.child === null) throw new Error('the service is not running');
    this.child.kill(on ? 'SIGSTOP' : 'SIGCONT');
  }

  /** The admin API with this service's token (valid after the first start, which creates the token). */
  get adminClient(): AdminClient {
    this.adminApi ??= AdminClient.forDataDir(`http://127.0.0.1:${String(this.adminPort)}`, this.dir);
    return this.adminApi;
  }

  /** POST /admin/freeze or /admin/resume on the admin port; throws unless it answers 2xx. */
  async admin(action: 'freeze' | 'resume'): Promise<void> {
    await this.adminClient.json('POST', `/admin/${action}`);
  }

  /**
   * Empties the data directory of the stopped service: the next start is a fresh install (seeded
   * anew, a new admin token) at the same URL — a service that has forgotten all it stored.
   */
  forget(): void {
    if (this.child !== null) throw new Error('stop the service before it forgets its data');
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(this.dir);
    this.adminApi = null;
  }

  /** Stops the process with `signal` and deletes the data directory. */
  async close(signal: StopSignal): Promise<void> {
    await this.stop(signal);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
