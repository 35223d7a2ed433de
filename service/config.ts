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
    seed: intFrom(flag(argv, 'seed') ?? env.SEED, 20261122, 'SEED', 0, 2 ** 31 - 1),
    simSpeed: numberFrom(flag(argv, 'speed') ?? env.SIM_SPEED, 10, 'SIM_SPEED', 0.1, 1000),
    tickMs: intFrom(env.SIM_TICK_MS, 250, 'SIM_TICK_MS', 10, 10_000),
    quoteRate: numberFrom(flag(argv, 'quote-rate') ?? env.QUOTE_RATE, 1, 'QUOTE_RATE', 0, 1000),
    retentionBytes: intFrom(env.RETENTION_MB, 300, 'RETENTION_MB', 10, 1_000_000) * 1024 * 1024,
    seedPastDays: intFrom(env.SEED_PAST_DAYS, 3, 'SEED_PAST_DAYS', 0, 30),
    scheduleDays: intFrom(env.SCHEDULE_DAYS, 7, 'SCHEDULE_DAYS', 1, 30),
    adminPort: adminPortFrom(flag(argv, 'admin-port') ?? env.ADMIN_PORT, port),
    liveKickoffGapSec: intFrom(env.LIVE_KICKOFF_GAP_SEC, 90, 'LIVE_KICKOFF_GAP_SEC', 0, 86_400),
    frozen: argv.includes('--frozen') || env.SIM_FROZEN === '1',
    keysFile: flag(argv, 'keys-file') ?? env.KEYS_FILE,
    benchmarkMode: argv.includes('--benchmark') || env.BENCHMARK === '1',
    logEverySec: intFrom(env.LOG_EVERY_SEC, 30, 'LOG_EVERY_SEC', 0, 86_400),
  };
}
