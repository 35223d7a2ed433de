// The edge's handle on the producer: starts it (in a worker thread, or in this thread for tests
// driving a manual clock), passes its feed to the edge, forwards the admin knobs, and restarts a
// producer thread that crashed. While it is down the edge keeps serving its last state, marked
// stale in /healthz (docs/service.md, "The producer and the edge").
import { Worker } from 'node:worker_threads';
import type { Body, KnobAnswer } from '../admin/knob-routes.ts';
import type { ProducerKnobs } from '../admin/admin-server.ts';
import type { ServiceConfig } from '../config.ts';
import type { SimClock, Simulator, TickTimings } from '../sim/simulator.ts';
import type { FeedListener, ProducerStatus } from './feed.ts';
import { startRelay } from '../relay/relay-host.ts';
import type { UpstreamRest } from '../relay/upstream-rest.ts';
import { openProducer } from './open-producer.ts';
import type { FromProducer, ThreadData, ToProducer } from './thread-protocol.ts';

export interface ProducerHealth {
  /**
   * `thread`: its own worker thread; `inline`: the edge's thread (a manual clock); `relay`: an
   * upstream's feed (relay mode); `process`: a cluster's producer process, as it reports itself;
   * `remote`: that process as a cluster edge sees it, through the feed on Redis.
   */
  readonly mode: 'thread' | 'inline' | 'relay' | 'process' | 'remote';
  readonly state: 'running' | 'down';
  /** When the current state began (epoch ms). */
  readonly since: number;
  readonly restarts: number;
  /** The last crash: when, and what the thread said. */
  readonly lastCrash: { readonly at: number; readonly reason: string } | null;
}

export interface ProducerHost extends ProducerKnobs {
  health(): ProducerHealth;
  /** The latest figures (null before the first). */
  status(): ProducerStatus | null;
  /** Tick timings since the previous call, merged over the statuses received. */
  takeTickTimings(): TickTimings;
  /** The producer's clock: the simulation clock the edge stamps REST answers with. */
  now(): number;
  /** The simulator, when it runs in this thread (tests); null in a thread of its own or in a relay. */
  readonly simulator: Simulator | null;
  /** In relay mode, the upstream's REST client with the one upstream key: the edge forwards through it. */
  readonly upstream: UpstreamRest | null;
  close(): Promise<void>;
}

export interface ProducerOptions {
  readonly log: (line: string) => void;
  /** Receives the feed: a snapshot first, then batches and statuses; a snapshot again after each restart. */
  readonly listener: FeedListener;
  /** A manual clock: the producer then runs in this thread and never ticks by itself. */
  readonly clock?: SimClock;
}

const NO_TICKS: TickTimings = { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' };

function mergeTicks(a: TickTimings, b: TickTimings): TickTimings {
  return {
    ticks: a.ticks + b.ticks,
    longestTickMs: Math.max(a.longestTickMs, b.longestTickMs),
    ...(b.longestStepMs > a.longestStepMs ? { longestStepMs: b.longestStepMs, longestStep: b.longestStep } : { longestStepMs: a.longestStepMs, longestStep: a.longestStep }),
  };
}

/** The producer in this thread: the feed is a function call, the knobs run at once. */
function startInline(config: ServiceConfig, options: ProducerOptions & { clock: SimClock }): ProducerHost {
  // Opening PostgreSQL is asynchronous and this path is not: a manual clock keeps SQLite.
  if (config.databaseUrl !== undefined) options.log('DATABASE_URL is ignored with a manual clock: the history stays in SQLite under DATA_DIR');
  const opened = openProducer(config, { clock: options.clock, log: options.log });
  const since = Date.now();
  // Threads get copies by postMessage; here the snapshot and new fixtures would be the simulator's
  // own mutable objects, which the edge's fold must not write into: they are copied too.
  opened.producer.subscribe((message) => {
    const shared = message.kind === 'snapshot' || (message.kind === 'batch' && message.batch.added.length > 0);
    options.listener(shared ? structuredClone(message) : message);
  });
  return {
    simulator: opened.simulator,
    upstream: null,
    call: (method, path, body, query) => opened.producer.knob(method, path, body, query),
    health: () => ({ mode: 'inline', state: 'running', since, restarts: 0, lastCrash: null }),
    crash: () => {
      throw new Error('the producer runs in the edge thread here (a manual clock): there is no thread to crash');
    },
    status: () => opened.producer.status(),
    takeTickTimings: () => opened.simulator.takeTickTimings(),
    now: () => opened.simulator.now(),
    close() {
      opened.close();
      return Promise.resolve();
    },
  };
}

/** Restart delays after a crash: doubling from the first, capped at the last. */
const RESTART_FIRST_MS = 200;
const RESTART_MAX_MS = 5000;
/** A producer that ran this long resets the backoff. */
const RESTART_RESET_MS = 30_000;
/** How long close() waits for the thread to flush its history before ending it. */
const STOP_TIMEOUT_MS = 15_000;

/** The producer in a worker thread of its own, restarted when it crashes. */
class ThreadProducer implements ProducerHost {
  readonly simulator = null;
  readonly upstream = null;
  private worker: Worker | null = null;
  private state: 'running' | 'down' = 'down';
  private since = Date.now();
  private restarts = 0;
  private restartDelay = RESTART_FIRST_MS;
  private lastCrash: { at: number; reason: string } | null = null;
  private lastError: string | null = null;
  private latest: ProducerStatus | null = null;
  private ticks: TickTimings = NO_TICKS;
  private closing = false;
  private restartTimer: NodeJS.Timeout | null = null;
  /** Resolves start() at the new thread's first status. */
  private starting: (() => void) | null = null;
  private nextKnobId = 1;
  private readonly pendingKnobs = new Map<number, (answer: KnobAnswer) => void>();

  constructor(
    private readonly config: ServiceConfig,
    private readonly options: ProducerOptions,
  ) {}

  /** Starts the thread; resolves at its first snapshot, rejects when it cannot open. */
  start(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.starting = resolve;
      // A restart keeps the world frozen or running as the crashed producer last reported it.
      const config = this.latest === null ? this.config : { ...this.config, frozen: this.latest.stats.frozen };
      const data: ThreadData = { entry: new URL('./producer-thread.ts', import.meta.url).href, config };
      const worker = new Worker(new URL('./thread-boot.mjs', import.meta.url), { workerData: data, name: 'producer' });
      this.worker = worker;
      let opened = false;
      worker.on('message', (message: FromProducer) => {
        if (message.kind === 'snapshot' && !opened) {
          opened = true;
          this.state = 'running';
          this.since = Date.now();
          this.options.listener(message);
          return;
        }
        if (message.kind === 'failed') {
          const error = new Error(message.message);
          error.name = message.name;
          this.lastError = `${message.name}: ${message.message}`;
          if (!opened) reject(error);
          return;
        }
        this.receive(message);
      });
      worker.on('error', (error) => {
        this.lastError = error.stack ?? error.message;
      });
      worker.on('exit', (code) => {
        if (this.worker === worker) this.worker = null;
        this.answerPending({ ok: false, status: 503, message: 'the producer stopped before answering', code: 'producer_down' });
        if (!opened) {
          reject(new Error(this.lastError ?? `the producer thread exited (code ${String(code)}) before it opened`));
          return;
        }
        if (this.closing) return;
        this.crashed(code);
      });
    });
  }

  private receive(message: FromProducer): void {
    switch (message.kind) {
      case 'knobAnswer':
        this.pendingKnobs.get(message.id)?.(message.answer);
        this.pendingKnobs.delete(message.id);
        return;
      case 'log':
        this.options.log(message.line);
        return;
      case 'status':
        // The first one follows the snapshot: the edge then has state and figures to answer with.
        this.starting?.();
        this.starting = null;
        this.latest = message.status;
        this.ticks = mergeTicks(this.ticks, message.status.ticks);
        this.options.listener(message);
        return;
      case 'stopped':
      case 'failed':
        return;
      default:
        this.options.listener(message);
    }
  }

  private crashed(code: number): void {
    const reason = this.lastError ?? `exit code ${String(code)}`;
    const ranMs = Date.now() - this.since;
    this.state = 'down';
    this.since = Date.now();
    this.lastCrash = { at: this.since, reason };
    this.lastError = null;
    if (ranMs > RESTART_RESET_MS) this.restartDelay = RESTART_FIRST_MS;
    const delay = this.restartDelay;
    this.restartDelay = Math.min(RESTART_MAX_MS, this.restartDelay * 2);
    this.options.log(`producer: the thread stopped (${reason.split('\n')[0] ?? reason}); the edge serves its last state, marked stale; restarting in ${String(delay)} ms`);
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.restarts++;
      this.start().then(
        () => {
          this.options.log(`producer: restarted (restart ${String(this.restarts)})`);
        },
        (error: unknown) => {
          this.options.log(`producer: restart failed: ${error instanceof Error ? error.message : String(error)}`);
          if (!this.closing) this.crashed(1);
        },
      );
    }, delay);
  }

  private answerPending(answer: KnobAnswer): void {
    for (const settle of this.pendingKnobs.values()) settle(answer);
    this.pendingKnobs.clear();
  }

  private post(message: ToProducer): void {
    this.worker?.postMessage(message);
  }

  call(method: string, path: string, body: Body, query: string): Promise<KnobAnswer> {
    if (this.state !== 'running' || this.worker === null) {
      return Promise.resolve({ ok: false, status: 503, message: 'the producer is restarting; try again in a moment', code: 'producer_down' });
    }
    const id = this.nextKnobId++;
    return new Promise((resolve) => {
      this.pendingKnobs.set(id, resolve);
      this.post({ type: 'knob', id, method, path, body, query });
    });
  }

  health(): ProducerHealth {
    return { mode: 'thread', state: this.state, since: this.since, restarts: this.restarts, lastCrash: this.lastCrash };
  }

  crash(): unknown {
    if (this.state !== 'running') throw new Error('the producer is not running');
    this.post({ type: 'crash' });
    return { ok: true, message: 'the producer thread will stop with an uncaught error and be restarted' };
  }

  status(): ProducerStatus | null {
    return this.latest;
  }

  takeTickTimings(): TickTimings {
    const ticks = this.ticks;
    this.ticks = NO_TICKS;
    return ticks;
  }

  now(): number {
    // The thread runs the system clock: the same clock as this thread's.
    return Date.now();
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer !== null) clearTimeout(this.restartTimer);
    const worker = this.worker;
    if (worker === null) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => {
      resolve();
    }));
    this.post({ type: 'stop' });
    const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * Starts the producer: the relay of `config.upstream` when set (service/relay), else the
 * simulator's, in a worker thread of its own, or in this thread when `options.clock` is given (a
 * manual clock cannot cross threads). Resolves once the first snapshot reached the
 * listener; rejects when the producer cannot open (another catalogue or seed in DATA_DIR).
 */
export async function startProducer(config: ServiceConfig, options: ProducerOptions): Promise<ProducerHost> {
  // Relay mode: the upstream's feed instead of the simulator (its thread is not started).
  if (config.upstream !== undefined) return startRelay(config, config.upstream, options);
  if (options.clock !== undefined) return startInline(config, { ...options, clock: options.clock });
  const host = new ThreadProducer(config, options);
  await host.start();
  return host;
}
