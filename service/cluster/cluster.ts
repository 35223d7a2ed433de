// A whole cluster on loopback (`npm run cluster`, the cluster test and soak; docs/deploy.md):
// Redis (CLUSTER_PORT+2) carrying the feed, PostgreSQL (+3) holding the history, the producer
// process (admin knobs on +1), two edges (+4, +5) and HAProxy (CLUSTER_PORT) in front of them, each a real process on real engines,
// each part stoppable and restartable on its own (what the cluster test does to them).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureEngines } from '../../scripts/engines.ts';
import { preparePostgres } from './postgres.ts';

// Not `new URL('../..', import.meta.url)`: Vite rewrites that as an asset URL in tests.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ClusterOptions {
  /** HAProxy's port; the parts take the next five (default 4200). */
  readonly port: number;
  readonly dataDir: string;
  /** Settings every part gets (SEED_PAST_DAYS, RESUME_WINDOW_MS, …), beside the ones the cluster sets. */
  readonly env?: Readonly<Record<string, string>>;
  /** Each part's output lines, prefixed with its name. */
  readonly log?: (line: string) => void;
  /** Tests and benches: PostgreSQL without fsync (the data dies with the run). */
  readonly throwaway?: boolean;
}

export interface ClusterPart {
  readonly name: string;
  readonly port: number;
  /** Running (started and not exited). */
  running(): boolean;
  /** The process id while running (benches measure its CPU). */
  pid(): number | null;
  /** Ends it: SIGTERM (graceful), or SIGKILL as a crash would. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again, on the same port and data. */
  start(): Promise<void>;
}

export interface Cluster {
  /** `http://127.0.0.1:<port>`: HAProxy, where clients go. */
  readonly url: string;
  readonly adminUrl: string;
  readonly redisUrl: string;
  /** The history's database (the producer writes it, the edges read it). */
  readonly databaseUrl: string;
  readonly redis: ClusterPart;
  readonly postgres: ClusterPart;
  readonly producer: ClusterPart;
  readonly edges: readonly [ClusterPart, ClusterPart];
  readonly haproxy: ClusterPart;
  close(): Promise<void>;
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, child: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!child()) throw new Error(`${what} exited while starting`);
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${what} did not start within ${String(timeoutMs / 1000)} s`);
}

async function httpOk(url: string): Promise<boolean> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
  return response.status < 500;
}

/** One child process, restartable. */
function part(name: string, port: number, launch: () => ChildProcess, ready: () => Promise<boolean>, log: (line: string) => void, startTimeoutMs = 120_000): ClusterPart {
  let child: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const running = (): boolean => child !== null && child.exitCode === null && child.signalCode === null;
  const pipe = (stream: NodeJS.ReadableStream | null): void => {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim() !== '') log(`[${name}] ${line}`);
    });
  };
  return {
    name,
    port,
    running,
    pid: () => (running() ? (child?.pid ?? null) : null),
    async start() {
      const started = launch();
      child = started;
      exited = new Promise((resolve) => started.once('exit', () => {
        resolve();
      }));
      pipe(started.stdout);
      pipe(started.stderr);
      await waitFor(name, ready, startTimeoutMs, () => child === started && running());
    },
    async stop(signal = 'SIGTERM') {
      if (child === null || !running()) return;
      child.kill(signal);
      const timer = setTimeout(() => child?.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

function haproxyConfig(port: number, edges: readonly number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A health check waits as long as a busy edge may take to answer /healthz (a loaded machine):
    // a slow answer must not take every edge out of rotation at once.
    '  timeout check 5s',
    // A WebSocket lives long after its upgrade: an idle stream is kept an hour (heartbeats flow anyway).
    '  timeout tunnel 1h',
    // A connection refused by a dead edge is retried on the other one before its checks mark it down.
    '  retries 3',
    '  option redispatch',
    // The client's address for the edges' per-address throttles (trusted from this proxy only: TRUSTED_PROXY).
    '  option forwardfor',
    'frontend odds',
    `  bind 127.0.0.1:${String(port)}`,
    '  default_backend edges',
    'backend edges',
    '  balance leastconn',
    '  option httpchk GET /healthz',
    '  http-check expect status 200',
    ...edges.map((edge, i) => `  server edge${String(i + 1)} 127.0.0.1:${String(edge)} check inter 1s fastinter 500ms downinter 500ms fall 3 rise 1`),
    '',
  ].join('\n');
}

/** Starts the whole cluster; throws (having stopped what it started) when a part does not come up. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const engines = ensureEngines(['redis', 'haproxy', 'postgres'], options.log);
  const log = options.log ?? ((line: string) => {
    console.log(line);
  });
  const { port, dataDir } = options;
  const ports = { haproxy: port, admin: port + 1, redis: port + 2, postgres: port + 3, edges: [port + 4, port + 5] as const };
  mkdirSync(path.join(dataDir, 'redis'), { recursive: true });
  const redisUrl = `redis://127.0.0.1:${String(ports.redis)}`;
  const adminUrl = `http://127.0.0.1:${String(ports.admin)}`;
  const pgServer = await preparePostgres({ dir: path.join(dataDir, 'postgres'), port: ports.postgres, throwaway: options.throwaway === true });
  const databaseUrl = pgServer.url('odds');
  const baseEnv = { ...process.env, ...options.env, DATA_DIR: dataDir, REDIS_URL: redisUrl, DATABASE_URL: databaseUrl, LOG_EVERY_SEC: options.env?.LOG_EVERY_SEC ?? '0' };
  const node = (file: string, env: Record<string, string | undefined>): ChildProcess =>
    spawn(process.execPath, ['--import', 'tsx', file], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });

  const redis = part(
    'redis',
    ports.redis,
    // No persistence: a restarted Redis is an empty one, which the feed must survive (a new epoch).
    () => spawn(engines.redis.server, ['--port', String(ports.redis), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', path.join(dataDir, 'redis')], { stdio: ['ignore', 'pipe', 'pipe'] }),
    async () => {
      const { Redis } = await import('ioredis');
      const client = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.ping();
        return true;
      } finally {
        client.disconnect();
      }
    },
    log,
  );
  const producer = part('producer', ports.admin, () => node('service/cluster/producer-main.ts', { ...baseEnv, PORT: String(ports.admin), ADMIN_PORT: String(ports.admin) }), () => httpOk(`${adminUrl}/admin/producer`), log);
  const edges = ports.edges.map((edgePort, i) =>
    part(
      `edge${String(i + 1)}`,
      edgePort,
      () => node('service/cluster/edge-main.ts', { ...baseEnv, PORT: String(edgePort), ADMIN_PORT: '0', EDGE_NAME: `edge${String(i + 1)}`, PRODUCER_ADMIN_URL: adminUrl, TRUSTED_PROXY: '127.0.0.1' }),
      () => httpOk(`http://127.0.0.1:${String(edgePort)}/healthz`),
      log,
    ),
  ) as unknown as readonly [ClusterPart, ClusterPart];
  const cfg = path.join(dataDir, 'haproxy.cfg');
  writeFileSync(cfg, haproxyConfig(ports.haproxy, ports.edges));
  const haproxy = part('haproxy', ports.haproxy, () => spawn(engines.haproxy.haproxy, ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] }), () => httpOk(`http://127.0.0.1:${String(ports.haproxy)}/healthz`), log);

  let pgRunning = false;
  const postgres: ClusterPart = {
    name: 'postgres',
    port: ports.postgres,
    running: () => pgRunning,
    pid: () => null,
    async start() {
      await pgServer.start();
      await pgServer.ensureDatabase('odds');
      pgRunning = true;
    },
    async stop() {
      // pg_ctl's fast shutdown cuts every connection at once, as an outage would.
      await pgServer.stop();
      pgRunning = false;
    },
  };
  const all = [haproxy, ...edges, producer, redis, postgres];
  const close = async (): Promise<void> => {
    for (const p of all) await p.stop();
  };
  try {
    await redis.start();
    await postgres.start();
    await producer.start();
    await Promise.all(edges.map((edge) => edge.start()));
    await haproxy.start();
  } catch (error) {
    await close();
    throw error;
  }
  return { url: `http://127.0.0.1:${String(ports.haproxy)}`, adminUrl, redisUrl, databaseUrl, redis, postgres, producer, edges, haproxy, close };
}
