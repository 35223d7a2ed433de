// The chaos soak (issue 9): the real service (child process) ⇄ the fault proxy ⇄ the real stream
// client (child process, soak-client.ts beside this file, one lane per receiveType), with disconnects,
// stalls past the resume window, half-open sockets, delayed / duplicated / truncated frames,
// crashes (new serverEpoch) and graceful `server_upgrade` restarts; at the end the simulation is
// frozen and every book is compared with a fresh REST snapshot.
// `npm run soak -- --minutes N [--seed S] [--receive-types json,zstd-dict] [--replay-modes extended,public]`
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { reportRow } from '../../bench/report.ts';
import { RECEIVE_TYPES, type ReceiveType } from '../../src/wire/stream-schemas.ts';
import { createRng, type Rng } from '../../service/pricing/rng.ts';
import { ServiceProcess } from '../../service/testing/service-process.ts';
import { startFaultProxy, type FaultKind, type FaultProxy, type FrameFaultRates } from '../../service/chaos/fault-proxy.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT_ENTRY = path.join(ROOT, 'integration/chaos/soak-client.ts');
const API_KEY = 'demo-key';
const SPORT_IDS = [10];
const BOOKMAKERS = ['pinnacle', 'bet365'];
/**
 * The gateway's ping period in the soak: a stall shorter than it survives (its backlog is then
 * delivered), a longer one is cut by the heartbeat; stalls last resumeWindowMs + 1–8 s, so both.
 */
const HEARTBEAT_MS = 8_000;
/** Lines of the service's log that are errors (service/service.ts, service/gateway/gateway.ts). */
const SERVICE_ERROR_LINE = /internal error|replay failed/i;
/** The frame-fault rates of the burst that ends every run. */
const FINAL_BURST: FrameFaultRates = { delay: 0.05, duplicate: 0.05, truncate: 0.05 };
/** The last part of the run has no restart (see the episode loop). */
const RESTART_FREE_TAIL_MS = 20_000;

export type ReplayMode = 'extended' | 'public';
/** What an episode does: one proxy fault, a burst of frame faults, or a restart of the service. */
// The first pass plays them in this order: the crash moves the service to the second replay mode,
// where the connection faults play; the upgrade moves it back before the frame faults, so that the
// full re-snapshot a new serverEpoch forces does not hide what those did.
export const EPISODES = ['crash', 'disconnect', 'stall', 'halfOpen', 'upgrade', 'delay', 'duplicate', 'truncate'] as const;
export type Episode = (typeof EPISODES)[number];

export interface SoakOptions {
  /** How long faults are injected, ms, at least one pass over every episode (the settle and comparison come after). */
  readonly durationMs: number;
  readonly seed: number;
  /** One client lane per receiveType (at most 4: the gateway allows 5 connections per key). */
  readonly receiveTypes: readonly ReceiveType[];
  /** The replay mode of the first start; each restart moves to the next (cyclically). */
  readonly replayModes: readonly ReplayMode[];
  /** RESUME_WINDOW_MS of the service; stalls and half-open sockets last longer than it. */
  readonly resumeWindowMs: number;
  /** Pause between episodes, ms: uniform in [min, max]. */
  readonly gapMs: readonly [number, number];
  /** SIM_SPEED and QUOTE_RATE of the service. */
  readonly simSpeed: number;
  readonly quoteRate: number;
  /** Background frame-fault rates for the whole run (bursts add to them). */
  readonly backgroundFaults: FrameFaultRates;
  readonly log: (line: string) => void;
}

export const DEFAULT_SOAK_OPTIONS: SoakOptions = {
  durationMs: 5 * 60_000,
  seed: 9,
  receiveTypes: RECEIVE_TYPES,
  replayModes: ['extended', 'public'],
  resumeWindowMs: 5_000,
  gapMs: [2_000, 5_000],
  simSpeed: 10,
  quoteRate: 1,
  backgroundFaults: { delay: 0.001, duplicate: 0.001, truncate: 0.0002 },
  log: (line) => {
    console.log(line);
  },
};

const recoverySchema = z.object({
  initial: z.array(z.number()),
  replay: z.array(z.number()),
  resnapshot: z.array(z.number()),
  inStream: z.array(z.number()),
});
/** The client process's lane result (shape: SoakLaneResult in soak-client.ts). */
const laneSchema = z.looseObject({
  receiveType: z.string(),
  settled: z.boolean(),
  differingPrices: z.number(),
  missingPrices: z.number(),
  extraPrices: z.number(),
  comparedPrices: z.number(),
  differingFixtures: z.number(),
  differingMetas: z.number(),
  examples: z.array(z.string()),
  malformedFrames: z.number(),
  connects: z.number(),
  loginOks: z.number(),
  replays: z.number(),
  snapshotRequired: z.record(z.string(), z.number()),
  reconnectRequests: z.number(),
  recoveryMs: recoverySchema,
  abortedRecoveries: z.number(),
  slowest: z.array(z.string()),
  lastProblem: z.string().nullable(),
});
export type LaneResult = z.infer<typeof laneSchema>;
const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('result'), lanes: z.array(laneSchema), unhandledErrors: z.array(z.string()) }),
]);

export interface SoakReport {
  readonly options: Omit<SoakOptions, 'log'>;
  readonly wallMs: number;
  readonly episodes: Readonly<Record<Episode, number>>;
  readonly faults: Readonly<Record<FaultKind, number>>;
  readonly framesForwarded: number;
  readonly lanes: readonly LaneResult[];
  readonly unhandledErrors: readonly string[];
  /** Totals over the lanes. */
  readonly differingPrices: number;
  readonly otherDifferences: number;
  readonly snapshotRequired: Readonly<Record<string, number>>;
  readonly replays: number;
  readonly malformedFrames: number;
  readonly recoveryMs: { readonly initial: number[]; readonly replay: number[]; readonly resnapshot: number[]; readonly inStream: number[] };
  readonly abortedRecoveries: number;
  /** True when every lane settled with no difference and nothing was unhandled. */
  readonly passed: boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The service as a child process (same port and DATA_DIR across restarts, a new serverEpoch each
 * start); `errors` collects what it showed: anything on stderr, an internal error or failed replay
 * in its log, an exit nobody asked for.
 */
function soakService(errors: string[]): ServiceProcess {
  return new ServiceProcess({
    dirPrefix: 'chaos-soak-',
    startTimeoutMs: 90_000,
    onStderr: (text) => {
      for (const line of text.split('\n')) if (line.trim() !== '') errors.push(`service stderr: ${line.trim()}`);
    },
    onStdout: (text) => {
      for (const line of text.split('\n')) if (SERVICE_ERROR_LINE.test(line)) errors.push(`service log: ${line.trim()}`);
    },
    onUnexpectedExit: (code, signal) => {
      errors.push(`service exited unasked (code ${String(code)}, signal ${String(signal)})`);
    },
  });
}

/** The service's settings for a start in `replayMode`. */
function serviceSettings(options: SoakOptions, replayMode: ReplayMode): Record<string, string> {
  return {
    SIM_SPEED: String(options.simSpeed),
    QUOTE_RATE: String(options.quoteRate),
    GATEWAY_REPLAY_MODE: replayMode,
    RESUME_WINDOW_MS: String(options.resumeWindowMs),
    // A short drain so upgrades play out within a short soak; the heartbeat as HEARTBEAT_MS says;
    // small buffer thresholds so a stalled socket really falls behind (client_backpressure).
    GATEWAY_DRAIN_MS: '1000',
    GATEWAY_HEARTBEAT_MS: String(HEARTBEAT_MS),
    GATEWAY_SLOW_BYTES: String(32 * 1024),
    GATEWAY_BEHIND_BYTES: String(128 * 1024),
    GATEWAY_BEHIND_LAG_MS: '2000',
    GATEWAY_BEHIND_MAX_MS: String(options.resumeWindowMs * 4),
    // Every soak client connects from 127.0.0.1, and after a restart all reconnect at once: more
    // than the default 10 sockets per address may wait for their login together.
    GATEWAY_PENDING_PER_ADDRESS: '1000',
    GATEWAY_PENDING_MAX: '1000',
  };
}

/** The client process (soak-client.ts) and its IPC. */
class ClientProcess {
  private readonly child: ChildProcess;
  private readonly waiting: ((message: z.infer<typeof clientMessageSchema>) => void)[] = [];
  private readonly exited: Promise<void>;

  constructor(config: unknown) {
    this.child = fork(CLIENT_ENTRY, [JSON.stringify(config)], { cwd: ROOT, execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    this.exited = new Promise((resolve) => this.child.once('exit', () => { resolve(); }));
    this.child.on('message', (raw: unknown) => {
      const parsed = clientMessageSchema.safeParse(raw);
      if (!parsed.success) throw new Error(`soak: unexpected message from the client process: ${parsed.error.message}`);
      this.waiting.shift()?.(parsed.data);
    });
  }

  next(timeoutMs: number): Promise<z.infer<typeof clientMessageSchema>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`soak: the client process did not answer within ${String(timeoutMs)} ms`));
      }, timeoutMs);
      this.waiting.push((message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  }

  send(command: { cmd: 'settle'; timeoutMs: number } | { cmd: 'stop' }): void {
    this.child.send(command);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      this.send({ cmd: 'stop' });
      const killer = setTimeout(() => this.child.kill('SIGKILL'), 5_000);
      await this.exited;
      clearTimeout(killer);
    }
  }
}

function withoutLog(options: SoakOptions): Omit<SoakOptions, 'log'> {
  const { log: _log, ...rest } = options;
  return rest;
}

function burstRates(episode: 'delay' | 'duplicate' | 'truncate', base: FrameFaultRates): FrameFaultRates {
  const rate = episode === 'truncate' ? 0.02 : 0.05;
  return { ...base, [episode]: rate };
}

/**
 * Runs one soak: starts the service, the proxy and the client process, plays episodes until
 * `durationMs` has passed (first one of each kind in a fixed order, then at random), heals the
 * proxy, freezes the simulation, and returns what the client lanes report. Never throws for a
 * difference: the report says `passed`.
 */
export async function runSoak(partial: Partial<SoakOptions> = {}): Promise<SoakReport> {
  const options: SoakOptions = { ...DEFAULT_SOAK_OPTIONS, ...partial };
  const { log } = options;
  if (options.receiveTypes.length === 0 || options.receiveTypes.length > 4) throw new Error('soak: 1 to 4 receive types (5 connections per key)');
  if (options.replayModes.length === 0) throw new Error('soak: at least one replay mode');
  const rng: Rng = createRng(options.seed);
  const started = Date.now();
  const parentErrors: string[] = [];
  const onError = (error: unknown): void => {
    parentErrors.push(`soak process: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  const serviceErrors: string[] = [];
  const service = soakService(serviceErrors);
  let proxy: FaultProxy | null = null;
  let client: ClientProcess | null = null;
  const episodes = Object.fromEntries(EPISODES.map((e) => [e, 0])) as Record<Episode, number>;
  let modeIndex = 0;
  try {
    await service.start(serviceSettings(options, options.replayModes[0] ?? 'extended'));
    proxy = await startFaultProxy({ target: () => service.wsUrl, seed: options.seed, frameFaults: options.backgroundFaults });
    client = new ClientProcess({
      wsUrl: proxy.url,
      restUrl: service.restUrl,
      apiKey: API_KEY,
      receiveTypes: options.receiveTypes,
      sportIds: SPORT_IDS,
      bookmakers: BOOKMAKERS,
    });
    const ready = await client.next(60_000);
    if (ready.type !== 'ready') throw new Error('soak: the client process did not start');
    log(`soak: service ${service.restUrl} (${options.replayModes[0] ?? ''}), proxy ${proxy.url}, lanes ${options.receiveTypes.join(', ')}`);
    await sleep(3_000);

    const endAt = Date.now() + options.durationMs;
    const tour: Episode[] = [...EPISODES];
    const pickRandom = (): Episode => {
      // Restarts are slow (the service reloads its world): rarer than network faults.
      const weights: Record<Episode, number> = { disconnect: 4, stall: 2, halfOpen: 2, delay: 3, duplicate: 3, truncate: 3, crash: 1, upgrade: 1 };
      const total = EPISODES.reduce((sum, e) => sum + weights[e], 0);
      let x = rng.next() * total;
      for (const e of EPISODES) {
        x -= weights[e];
        if (x < 0) return e;
      }
      return 'disconnect';
    };
    const activeProxy = proxy;
    const longerThanWindow = (): number => options.resumeWindowMs + rng.int(1_000, 3_000);
    // The first pass over every episode always completes, however short the run.
    while (Date.now() < endAt || tour.length > 0) {
      const touring = tour.length > 0;
      let episode = tour.shift() ?? pickRandom();
      // No random restart near the end: its full re-snapshot would hide what the frame faults did.
      if (!touring && (episode === 'crash' || episode === 'upgrade') && endAt - Date.now() < RESTART_FREE_TAIL_MS) episode = 'disconnect';
      episodes[episode]++;
      const which = rng.next() < 0.5 ? 'all' : 'one';
      switch (episode) {
        case 'disconnect':
          log(`soak: disconnect ${which} (${String(activeProxy.disconnect(which))})`);
          break;
        case 'stall': {
          const ms = options.resumeWindowMs + rng.int(1_000, 8_000);
          log(`soak: stall ${which} ${String(ms)} ms (${String(activeProxy.stall(ms, which))})`);
          await sleep(ms);
          break;
        }
        case 'halfOpen': {
          const ms = longerThanWindow();
          log(`soak: half-open ${which} ${String(ms)} ms (${String(activeProxy.halfOpen(ms, which))})`);
          await sleep(ms);
          break;
        }
        case 'delay':
        case 'duplicate':
        case 'truncate':
          log(`soak: ${episode} burst`);
          activeProxy.setFrameFaults(burstRates(episode, options.backgroundFaults));
          await sleep(2_000);
          activeProxy.setFrameFaults(options.backgroundFaults);
          break;
        case 'crash':
        case 'upgrade': {
          modeIndex = (modeIndex + 1) % options.replayModes.length;
          const mode = options.replayModes[modeIndex] ?? 'extended';
          const t0 = Date.now();
          await service.stop(episode === 'crash' ? 'SIGKILL' : 'SIGTERM');
          await service.start(serviceSettings(options, mode));
          log(`soak: ${episode === 'crash' ? 'crash (SIGKILL)' : 'graceful upgrade (SIGTERM)'} and restart into ${mode} in ${String(Date.now() - t0)} ms`);
          break;
        }
        default: {
          const never: never = episode;
          throw new Error(`unknown episode ${String(never)}`);
        }
      }
      await sleep(rng.int(options.gapMs[0], options.gapMs[1]));
    }

    // The last word is the frame faults': a burst of all three, then nothing repairs the book but the client.
    log('soak: final burst of delayed, duplicated and truncated frames');
    activeProxy.setFrameFaults(FINAL_BURST);
    await sleep(3_000);
    log('soak: healing the proxy, freezing the simulation, settling');
    activeProxy.heal();
    await sleep(1_000);
    await service.admin('freeze');
    client.send({ cmd: 'settle', timeoutMs: 60_000 });
    const result = await client.next(120_000);
    if (result.type !== 'result') throw new Error('soak: the client process sent no result');
    const stats = activeProxy.stats();
    const lanes = result.lanes;
    const sum = (f: (l: LaneResult) => number): number => lanes.reduce((s, l) => s + f(l), 0);
    const snapshotRequired: Record<string, number> = {};
    for (const lane of lanes) for (const [reason, n] of Object.entries(lane.snapshotRequired)) snapshotRequired[reason] = (snapshotRequired[reason] ?? 0) + n;
    const unhandledErrors = [...result.unhandledErrors, ...parentErrors, ...serviceErrors];
    const differingPrices = sum((l) => l.differingPrices + l.missingPrices + l.extraPrices);
    const otherDifferences = sum((l) => l.differingFixtures + l.differingMetas);
    return {
      options: withoutLog(options),
      wallMs: Date.now() - started,
      episodes,
      faults: stats.faults,
      framesForwarded: stats.framesForwarded,
      lanes,
      unhandledErrors,
      differingPrices,
      otherDifferences,
      snapshotRequired,
      replays: sum((l) => l.replays),
      malformedFrames: sum((l) => l.malformedFrames),
      recoveryMs: {
        initial: lanes.flatMap((l) => l.recoveryMs.initial),
        replay: lanes.flatMap((l) => l.recoveryMs.replay),
        resnapshot: lanes.flatMap((l) => l.recoveryMs.resnapshot),
        inStream: lanes.flatMap((l) => l.recoveryMs.inStream),
      },
      abortedRecoveries: sum((l) => l.abortedRecoveries),
      passed: lanes.length === options.receiveTypes.length && lanes.every((l) => l.settled) && differingPrices === 0 && otherDifferences === 0 && unhandledErrors.length === 0,
    };
  } finally {
    await client?.stop();
    await proxy?.close();
    await service.close('SIGKILL');
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  }
}

/** p-th percentile (nearest rank) of `values`; NaN when empty. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;
}

const fmt = (ms: number): string => (Number.isNaN(ms) ? '—' : `${ms.toFixed(0)} ms`);

function recoveryLine(label: string, values: readonly number[]): string {
  return `${label.padEnd(28)} n ${String(values.length).padStart(4)}  p50 ${fmt(percentile(values, 50)).padStart(8)}  p99 ${fmt(percentile(values, 99)).padStart(8)}  max ${fmt(percentile(values, 100)).padStart(8)}`;
}

/** The summary table (lines), for the CLI and the test's output. */
export function formatReport(report: SoakReport): string[] {
  const lines = [
    `chaos soak: ${(report.wallMs / 1000).toFixed(0)} s, seed ${String(report.options.seed)}, lanes ${report.options.receiveTypes.join(', ')}, replay modes ${report.options.replayModes.join(' → ')}, RESUME_WINDOW_MS ${String(report.options.resumeWindowMs)}`,
    `episodes:           ${Object.entries(report.episodes).map(([k, n]) => `${k} ${String(n)}`).join(', ')}`,
    `proxy faults:       ${Object.entries(report.faults).map(([k, n]) => `${k} ${String(n)}`).join(', ')} (frames forwarded ${String(report.framesForwarded)})`,
    `differing prices:   ${String(report.differingPrices)}   other differences (fixture views, scores, clocks, metas): ${String(report.otherDifferences)}`,
    `snapshot_required:  ${Object.entries(report.snapshotRequired).map(([k, n]) => `${k} ${String(n)}`).join(', ') || 'none'}`,
    `replays:            ${String(report.replays)}   malformed frames: ${String(report.malformedFrames)}   unhandled errors: ${String(report.unhandledErrors.length)}   aborted recoveries: ${String(report.abortedRecoveries)}`,
    recoveryLine('recovery, first connect', report.recoveryMs.initial),
    recoveryLine('recovery by replay', report.recoveryMs.replay),
    recoveryLine('recovery by re-snapshot', report.recoveryMs.resnapshot),
    recoveryLine('re-snapshot mid-stream', report.recoveryMs.inStream),
  ];
  for (const lane of report.lanes) {
    lines.push(
      `  ${lane.receiveType.padEnd(9)} settled ${String(lane.settled)}, prices compared ${String(lane.comparedPrices)}: differing ${String(lane.differingPrices)}, missing ${String(lane.missingPrices)}, extra ${String(lane.extraPrices)}; fixtures ${String(lane.differingFixtures)}, metas ${String(lane.differingMetas)}; connects ${String(lane.connects)}, replays ${String(lane.replays)}, malformed ${String(lane.malformedFrames)}`,
    );
    if (lane.slowest.length > 0) lines.push(`    slowest: ${lane.slowest.join('; ')}`);
    for (const example of lane.examples) lines.push(`    ${example}`);
  }
  for (const error of report.unhandledErrors) lines.push(`  unhandled: ${error}`);
  lines.push(report.passed ? 'PASS: zero differing prices, zero unhandled errors' : 'FAIL');
  return lines;
}

/** The `@bench` rows: differences, errors, recovery times (baseline: the first, cold connect of the same run). */
export function reportSoakRows(report: SoakReport): void {
  const bench = 'soak';
  const initialP50 = percentile(report.recoveryMs.initial, 50);
  const baseline = Number.isNaN(initialP50) ? null : { label: 'first connect (full snapshot) p50', value: initialP50 };
  reportRow({ bench, metric: 'Differing prices after chaos', value: report.differingPrices, unit: 'prices', baseline: null, target: { op: '<=', value: 0 } });
  reportRow({ bench, metric: 'Unhandled errors during chaos', value: report.unhandledErrors.length, unit: 'errors', baseline: null, target: { op: '<=', value: 0 } });
  const rows: [string, readonly number[], number][] = [
    ['Reconnect to consistent book, by replay', report.recoveryMs.replay, 200],
    ['Reconnect to consistent book, by re-snapshot', report.recoveryMs.resnapshot, 1_000],
  ];
  for (const [metric, values, target] of rows) {
    if (values.length === 0) continue;
    for (const p of [50, 99] as const) {
      reportRow({ bench, metric: `${metric} p${String(p)}`, value: percentile(values, p), unit: 'ms', baseline, target: { op: '<=', value: target }, note: `n=${String(values.length)}, max ${fmt(percentile(values, 100))}` });
    }
  }
}

function parseArgs(argv: readonly string[]): Partial<SoakOptions> {
  const out: { -readonly [K in keyof SoakOptions]?: SoakOptions[K] } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new Error(`soak: ${name} needs a value`);
      return v;
    };
    const number = (min: number): number => {
      const text = value();
      const n = Number(text);
      if (!Number.isFinite(n) || n < min) throw new Error(`soak: ${name} must be a number ≥ ${String(min)}, got "${text}"`);
      return n;
    };
    switch (name) {
      case '--minutes':
        out.durationMs = number(0.1) * 60_000;
        break;
      case '--seconds':
        out.durationMs = number(1) * 1_000;
        break;
      case '--seed':
        out.seed = Math.trunc(number(0));
        break;
      case '--receive-types': {
        const list = value().split(',');
        const bad = list.filter((t) => !(RECEIVE_TYPES as readonly string[]).includes(t));
        if (bad.length > 0) throw new Error(`soak: unknown receive type ${bad.join(', ')} (use ${RECEIVE_TYPES.join(', ')})`);
        out.receiveTypes = list as ReceiveType[];
        break;
      }
      case '--replay-modes': {
        const list = value().split(',');
        if (!list.every((m) => m === 'extended' || m === 'public')) throw new Error('soak: --replay-modes takes extended and/or public');
        out.replayModes = list;
        break;
      }
      case '--resume-window-ms':
        out.resumeWindowMs = number(500);
        break;
      case '--speed':
        out.simSpeed = number(0.1);
        break;
      case '--quote-rate':
        out.quoteRate = number(0);
        break;
      default:
        throw new Error(`soak: unknown option ${arg} (--minutes N, --seconds N, --seed S, --receive-types a,b, --replay-modes extended,public, --resume-window-ms MS, --speed X, --quote-rate X)`);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const report = await runSoak(parseArgs(process.argv.slice(2)));
  for (const line of formatReport(report)) console.log(line);
  reportSoakRows(report);
  process.exitCode = report.passed ? 0 : 1;
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  });
}
