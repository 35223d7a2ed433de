// The service's settings, read once from the environment and the command line. Every knob that
// changes behaviour is here, with its default, so `docs/service.md` can list them in one place.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface ServiceConfig {
  /** Address to listen on; loopback by default so nothing is exposed by accident. */
  readonly host: string;
  readonly port: number;
  /** Where the SQLite history and the frozen catalogue live; created on first start. */
  readonly dataDir: string;
  /**
   * When set (DATABASE_URL, e.g. postgres://odds@127.0.0.1:4203/odds), the history is kept in
   * PostgreSQL instead of SQLite under `dataDir` (docs/service.md, "History on PostgreSQL").
   */
  readonly databaseUrl: string | undefined;
  /** Seed of every random choice: the same seed on a fresh data directory gives the same world. */
  readonly seed: number;
  /** Match time per wall-clock time: 10 plays a 90-minute soccer match in 9 minutes. */
  readonly simSpeed: number;
  /** Simulation step in wall-clock milliseconds. */
  readonly tickMs: number;
  /** Multiplies how often bookmakers requote; 1 is the demo default. */
  readonly quoteRate: number;
  /** Cap of the database size; the oldest finished fixtures' history is dropped beyond it. */
  readonly retentionBytes: number;
  /**
   * While the history database refuses writes (a full disk), unwritten changes wait in memory
   * up to this many (estimated) bytes; beyond it they are dropped and reported as a gap.
   */
  readonly historyBacklogBytes: number;
  /** The longest wait between two tries of a failing history database (the backoff doubles up to it). */
  readonly historyRetryMaxMs: number;
  /** Days of finished fixtures seeded on first start. */
  readonly seedPastDays: number;
  /** Days of upcoming fixtures kept scheduled. */
  readonly scheduleDays: number;
  /** Port of the admin (knobs) API, bound to 127.0.0.1 only; PORT + 1 by default, 0 = any free port. */
  readonly adminPort: number;
  /**
   * Wall-clock seconds between the kick-offs of the short-notice "live rotation" fixtures that
   * keep a few fixtures live at every moment (the daily programme alone is too sparse once
   * matches are played at `simSpeed`). 0 turns the rotation off.
   */
  readonly liveKickoffGapSec: number;
  /** Start with the simulation frozen (nothing changes until resumed through the admin API). */
  readonly frozen: boolean;
  /** The API keys file (service/keys.json by default). */
  readonly keysFile: string | undefined;
  /** Benchmark mode: the benchmark keys (exempt from limits) exist only then. */
  readonly benchmarkMode: boolean;
  /** Seconds between the one-line activity summaries in the log; 0 turns them off. */
  readonly logEverySec: number;
  /** Throttling of failed authentication per client address, REST and stream alike (docs/api.md). */
  readonly authThrottle: AuthThrottleSettings;
  /**
   * Addresses of proxies whose X-Forwarded-For names the client (TRUSTED_PROXY, comma-separated;
   * a cluster's HAProxy): per-address throttles and caps then count the client, not the proxy.
   */
  readonly trustedProxies: readonly string[];
  /** The realtime gateway at `/ws` (docs/stream.md). */
  readonly gateway: GatewaySettings;
  /**
   * Relay mode (docs/service.md, "Relay mode"): the v5 service whose feed this one republishes
   * instead of running its simulator, and the one key it uses there. Undefined: the simulator runs.
   */
  readonly upstream: UpstreamSettings | undefined;
}

/** The upstream of a relay: its base URL (`http(s)://host:port`) and the key only the producer uses. */
export interface UpstreamSettings {
  readonly url: string;
  readonly key: string;
}

/** After `maxFailures` failed authentications within `windowMs` from one address, more get 429. */
export interface AuthThrottleSettings {
  /** Failed authentications (REST 401s, stream 4401 logins) one address may make per window; 0 turns the rule off. */
  readonly maxFailures: number;
  readonly windowMs: number;
}

/** Settings of the realtime gateway; docs/stream.md says what each threshold does. */
export interface GatewaySettings {
  /** How old a resume cursor may be and still be replayed (`resumeWindowMs` of login_ok). */
  readonly resumeWindowMs: number;
  /** `public`: fixtures, scores and clocks are replayable; `extended`: odds and oddsFutures too. */
  readonly replayMode: 'public' | 'extended';
  /** Off: zstd and zstd-dict logins are downgraded to json. */
  readonly zstd: boolean;
  /** A socket that sends no login frame within this time is closed with 4001. */
  readonly loginTimeoutMs: number;
  /** Sockets not logged in yet that one address may hold; an upgrade beyond it gets HTTP 429. */
  readonly pendingPerAddress: number;
  /** Sockets not logged in yet, all addresses together; an upgrade beyond it gets HTTP 429. */
  readonly pendingMax: number;
  /** Ping period; a socket that has not answered the previous ping is terminated. */
  readonly heartbeatMs: number;
  /** On shutdown: how long the gateway keeps streaming after `reconnect` before closing. */
  readonly drainMs: number;
  /** Buffered bytes above which odds and oddsFutures coalesce per oddsId for the socket. */
  readonly slowBytes: number;
  /** Buffered bytes above which the socket is behind: nothing more is queued until it drains. */
  readonly behindBytes: number;
  /** Coalesced odds waiting longer than this also make the socket behind (it is that stale). */
  readonly behindLagMs: number;
  /** A socket behind for this long, or behind again this soon after a fresh start, is closed with 4002. */
  readonly behindMaxMs: number;
}

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function intFrom(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

function numberFrom(value: string | undefined, fallback: number, name: string, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < min || n > max) {
    throw new Error(`${name} must be a number from ${min} to ${max}, got "${value}"`);
  }
  return n;
}

/** `--name value` or `--name=value` from argv, else undefined. */
function flag(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === `--${name}`) return argv[i + 1];
    if (arg?.startsWith(`--${name}=`)) return arg.slice(name.length + 3);
  }
  return undefined;
}

/** The admin port: ADMIN_PORT when set, else PORT + 1 (0 stays 0: an ephemeral port for tests). */
function adminPortFrom(value: string | undefined, port: number): number {
  const fallback = port === 0 ? 0 : Math.min(port + 1, 65535);
  return intFrom(value, fallback, 'ADMIN_PORT', 0, 65535);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv.slice(2)): ServiceConfig {
  const dataDir = flag(argv, 'data-dir') ?? env.DATA_DIR ?? path.join(PROJECT_ROOT, '.data');
  const port = intFrom(flag(argv, 'port') ?? env.PORT, 4100, 'PORT', 0, 65535);
  return {
    host: flag(argv, 'host') ?? env.HOST ?? '127.0.0.1',
    port,
    dataDir: path.resolve(dataDir),
    databaseUrl: env.DATABASE_URL === undefined || env.DATABASE_URL === '' ? undefined : env.DATABASE_URL,
    seed: intFrom(flag(argv, 'seed') ?? env.SEED, 20261122, 'SEED', 0, 2 ** 31 - 1),
    simSpeed: numberFrom(flag(argv, 'speed') ?? env.SIM_SPEED, 10, 'SIM_SPEED', 0.1, 1000),
    tickMs: intFrom(env.SIM_TICK_MS, 250, 'SIM_TICK_MS', 10, 10_000),
    quoteRate: numberFrom(flag(argv, 'quote-rate') ?? env.QUOTE_RATE, 1, 'QUOTE_RATE', 0, 1000),
    retentionBytes: intFrom(env.RETENTION_MB, 300, 'RETENTION_MB', 10, 1_000_000) * 1024 * 1024,
    historyBacklogBytes: intFrom(env.HISTORY_BACKLOG_KB, 100 * 1024, 'HISTORY_BACKLOG_KB', 1, 64 * 1024 * 1024) * 1024,
    historyRetryMaxMs: intFrom(env.HISTORY_RETRY_MAX_MS, 30_000, 'HISTORY_RETRY_MAX_MS', 10, 3_600_000),
    seedPastDays: intFrom(env.SEED_PAST_DAYS, 3, 'SEED_PAST_DAYS', 0, 30),
    scheduleDays: intFrom(env.SCHEDULE_DAYS, 7, 'SCHEDULE_DAYS', 1, 30),
    adminPort: adminPortFrom(flag(argv, 'admin-port') ?? env.ADMIN_PORT, port),
    liveKickoffGapSec: intFrom(env.LIVE_KICKOFF_GAP_SEC, 90, 'LIVE_KICKOFF_GAP_SEC', 0, 86_400),
    frozen: argv.includes('--frozen') || env.SIM_FROZEN === '1',
    keysFile: flag(argv, 'keys-file') ?? env.KEYS_FILE,
    benchmarkMode: argv.includes('--benchmark') || env.BENCHMARK === '1',
    logEverySec: intFrom(env.LOG_EVERY_SEC, 30, 'LOG_EVERY_SEC', 0, 86_400),
    authThrottle: {
      maxFailures: intFrom(env.AUTH_FAIL_MAX, 20, 'AUTH_FAIL_MAX', 0, 1_000_000),
      windowMs: intFrom(env.AUTH_FAIL_WINDOW_MS, 10_000, 'AUTH_FAIL_WINDOW_MS', 100, 3_600_000),
    },
    trustedProxies: (env.TRUSTED_PROXY ?? '').split(',').map((part) => part.trim()).filter((part) => part !== ''),
    gateway: gatewaySettingsFrom(env),
    upstream: upstreamFrom(env),
  };
}

/**
 * UPSTREAM_URL and UPSTREAM_KEY come together or not at all: one without the other is a typo that
 * would otherwise start the simulator silently. The key is never quoted in an error.
 */
function upstreamFrom(env: NodeJS.ProcessEnv): UpstreamSettings | undefined {
  const url = env.UPSTREAM_URL ?? '';
  const key = env.UPSTREAM_KEY ?? '';
  if (url === '' && key === '') return undefined;
  if (url === '') throw new Error('UPSTREAM_URL must be set with UPSTREAM_KEY (relay mode needs both, or neither)');
  if (key === '') throw new Error('UPSTREAM_KEY must be set with UPSTREAM_URL (relay mode needs both, or neither)');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`UPSTREAM_URL must be an http(s) URL, got "${url}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`UPSTREAM_URL must be an http(s) URL, got "${url}"`);
  // A key in the URL would end up in logs: the key goes in UPSTREAM_KEY only.
  if (parsed.username !== '' || parsed.password !== '' || parsed.search !== '') {
    throw new Error('UPSTREAM_URL must hold no credentials or query string (the key goes in UPSTREAM_KEY)');
  }
  return { url: parsed.origin + parsed.pathname.replace(/\/+$/, ''), key };
}

function choiceFrom<T extends string>(value: string | undefined, choices: readonly T[], name: string): T {
  if (value === undefined || value === '') return choices[0] as T;
  const found = choices.find((c) => c === value);
  if (found === undefined) throw new Error(`${name} must be one of ${choices.join(', ')}, got "${value}"`);
  return found;
}

function gatewaySettingsFrom(env: NodeJS.ProcessEnv): GatewaySettings {
  const slowBytes = intFrom(env.GATEWAY_SLOW_BYTES, 1024 * 1024, 'GATEWAY_SLOW_BYTES', 1024, 2 ** 30);
  return {
    resumeWindowMs: intFrom(env.RESUME_WINDOW_MS, 60_000, 'RESUME_WINDOW_MS', 0, 86_400_000),
    replayMode: choiceFrom(env.GATEWAY_REPLAY_MODE, ['extended', 'public'], 'GATEWAY_REPLAY_MODE'),
    zstd: choiceFrom(env.GATEWAY_ZSTD, ['on', 'off'], 'GATEWAY_ZSTD') === 'on',
    loginTimeoutMs: intFrom(env.GATEWAY_LOGIN_TIMEOUT_MS, 10_000, 'GATEWAY_LOGIN_TIMEOUT_MS', 10, 600_000),
    pendingPerAddress: intFrom(env.GATEWAY_PENDING_PER_ADDRESS, 10, 'GATEWAY_PENDING_PER_ADDRESS', 1, 1_000_000),
    pendingMax: intFrom(env.GATEWAY_PENDING_MAX, 200, 'GATEWAY_PENDING_MAX', 1, 1_000_000),
    heartbeatMs: intFrom(env.GATEWAY_HEARTBEAT_MS, 30_000, 'GATEWAY_HEARTBEAT_MS', 10, 600_000),
    drainMs: intFrom(env.GATEWAY_DRAIN_MS, 5_000, 'GATEWAY_DRAIN_MS', 0, 600_000),
    slowBytes,
    behindBytes: intFrom(env.GATEWAY_BEHIND_BYTES, 8 * 1024 * 1024, 'GATEWAY_BEHIND_BYTES', slowBytes + 1, 2 ** 31),
    behindLagMs: intFrom(env.GATEWAY_BEHIND_LAG_MS, 5_000, 'GATEWAY_BEHIND_LAG_MS', 10, 600_000),
    behindMaxMs: intFrom(env.GATEWAY_BEHIND_MAX_MS, 15_000, 'GATEWAY_BEHIND_MAX_MS', 10, 600_000),
  };
}
