// Keeps every REST call of one client (one base URL and key) under the key's limits however many
// widgets ask at once: a budget per endpoint (spec 8), corrected by the X-RateLimit-* headers, a
// 429 waited out and retried, and identical requests in flight coalesced into one.
import { RateBudget, type RateLimit } from '../domain/rate-budget.ts';
import { ApiError, type RateLimitHeaders } from './api-error.ts';

/** The endpoints of the 10 requests/second bucket (spec 8, docs/api.md); paths after `/{lang}`. */
export const ODDS_BUCKET_ENDPOINTS: ReadonlySet<string> = new Set([
  '/fixtures/odds',
  '/fixtures/odds/main',
  '/futures/odds',
  '/fixtures/odds/parlay',
  '/fixtures/odds/sgp',
]);

/**
 * Spec 8's limits with a safety margin on the window: a request reaches the server some
 * milliseconds after it leaves, and jitter could bring one more than `max` into a server window.
 */
export const ODDS_LIMIT: RateLimit = { max: 10, windowMs: 1100 };
export const OTHER_LIMIT: RateLimit = { max: 200, windowMs: 60_500 };

/** The limit of an endpoint path (after `/{lang}`): the odds bucket or the other one, each per endpoint. */
export function limitForEndpoint(endpoint: string): RateLimit {
  return ODDS_BUCKET_ENDPOINTS.has(endpoint) ? ODDS_LIMIT : OTHER_LIMIT;
}

/** Time and timers, injectable so tests are deterministic. */
export interface SchedulerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => {
    globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>);
  },
};

export interface SchedulerOptions {
  readonly clock?: SchedulerClock;
  /** The limit per endpoint; default spec 8 (`limitForEndpoint`). */
  readonly limitFor?: (endpoint: string) => RateLimit;
  /** How many times a 429 is waited out and retried before the caller gets it; default 3. */
  readonly maxRetries?: number;
  /** The wait after a 429 that says nothing about how long; default 1000 ms. */
  readonly defaultRetryAfterMs?: number;
}

/** What a queued call gets to run with: report the response's rate-limit headers through it. */
export type ReportRateLimit = (headers: RateLimitHeaders) => void;

/** The scheduler's state for an indicator: requests waiting, and until when a 429 holds them. */
export interface SchedulerStatus {
  /** Requests queued or running. */
  readonly pending: number;
  /** The latest end of a 429 wait in force (epoch ms), or null. */
  readonly rateLimitedUntil: number | null;
}

interface Job {
  readonly endpoint: string;
  readonly dedupeKey: string;
  readonly run: (report: ReportRateLimit) => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  retries: number;
}

interface Lane {
  readonly budget: RateBudget;
  readonly queue: Job[];
  timer: unknown;
  timerAt: number;
}

export class RequestScheduler {
  private readonly clock: SchedulerClock;
  private readonly limitFor: (endpoint: string) => RateLimit;
  private readonly maxRetries: number;
  private readonly defaultRetryAfterMs: number;
  private readonly lanes = new Map<string, Lane>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly listeners = new Set<() => void>();
  private status: SchedulerStatus = { pending: 0, rateLimitedUntil: null };
  private closed = false;

  constructor(options: SchedulerOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.limitFor = options.limitFor ?? limitForEndpoint;
    this.maxRetries = options.maxRetries ?? 3;
    this.defaultRetryAfterMs = options.defaultRetryAfterMs ?? 1000;
  }

  /**
   * Runs `run` when `endpoint`'s budget allows and resolves with its result. A call whose
   * `dedupeKey` (endpoint + parameters + key) is already queued or running gets that call's
   * promise instead of a second request. A 429 (an ApiError) blocks the endpoint for its
   * `retryAfterSec` and is retried up to `maxRetries` times; any other failure rejects at once.
   */
  schedule<T>(endpoint: string, dedupeKey: string, run: (report: ReportRateLimit) => Promise<T>): Promise<T> {
    const existing = this.inFlight.get(dedupeKey);
    // Same dedupeKey means the same request, so the same result type: the map only erases it.
    if (existing !== undefined) return existing as Promise<T>;
    if (this.closed) return Promise.reject(new Error('The request scheduler is closed (the settings changed).'));
    const promise = new Promise<T>((resolve, reject) => {
      const job: Job = {
        endpoint,
        dedupeKey,
        run,
        resolve: (value) => {
          resolve(value as T);
        },
        reject,
        retries: 0,
      };
      this.lane(endpoint).queue.push(job);
    });
    this.inFlight.set(dedupeKey, promise);
    const forget = () => {
      this.inFlight.delete(dedupeKey);
      this.publish();
    };
    promise.then(forget, forget);
    this.publish();
    this.pump(endpoint);
    return promise;
  }

  /** The current status (a new object only when it changed, as `useSyncExternalStore` needs). */
  getStatus(): SchedulerStatus {
    return this.status;
  }

  /** Calls `listener` whenever the status changes; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** Rejects everything queued and refuses new calls (the client was replaced); running calls finish. */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes.values()) {
      if (lane.timer !== undefined) this.clock.clearTimeout(lane.timer);
      lane.timer = undefined;
      for (const job of lane.queue.splice(0)) job.reject(new Error('The request was cancelled: the settings changed.'));
    }
  }

  private lane(endpoint: string): Lane {
    let lane = this.lanes.get(endpoint);
    if (lane === undefined) {
      lane = { budget: new RateBudget(this.limitFor(endpoint)), queue: [], timer: undefined, timerAt: 0 };
      this.lanes.set(endpoint, lane);
    }
    return lane;
  }

  /** Starts every queued job of `endpoint` the budget allows now, and sets a timer for the rest. */
  private pump(endpoint: string): void {
    const lane = this.lane(endpoint);
    for (;;) {
      const job = lane.queue[0];
      if (job === undefined) return;
      const now = this.clock.now();
      const seq = lane.budget.tryTake(now);
      if (seq === null) {
        this.wake(lane, endpoint, now + lane.budget.waitMs(now));
        return;
      }
      lane.queue.shift();
      this.start(lane, job, seq);
    }
  }

  private wake(lane: Lane, endpoint: string, at: number): void {
    if (lane.timer !== undefined && lane.timerAt <= at) return;
    if (lane.timer !== undefined) this.clock.clearTimeout(lane.timer);
    lane.timerAt = at;
    lane.timer = this.clock.setTimeout(
      () => {
        lane.timer = undefined;
        this.publish();
        this.pump(endpoint);
      },
      Math.max(0, at - this.clock.now()),
    );
  }

  private start(lane: Lane, job: Job, seq: number): void {
    const report: ReportRateLimit = (headers) => {
      lane.budget.observe(headers, seq, this.clock.now());
    };
    let running: Promise<unknown>;
    try {
      running = job.run(report);
    } catch (error) {
      running = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    running.then(job.resolve, (error: unknown) => {
      if (error instanceof ApiError && error.status === 429 && job.retries < this.maxRetries && !this.closed) {
        job.retries += 1;
        const waitMs = error.retryAfterSec !== undefined ? error.retryAfterSec * 1000 : this.defaultRetryAfterMs;
        lane.budget.blockUntil(this.clock.now() + waitMs);
        // Back at the head of its queue: it was asked for first, it goes first.
        lane.queue.unshift(job);
        this.publish();
        this.pump(job.endpoint);
        return;
      }
      job.reject(error);
    });
  }

  private publish(): void {
    const now = this.clock.now();
    const pending = this.inFlight.size;
    let until: number | null = null;
    for (const lane of this.lanes.values()) {
      if (lane.budget.blockedUntilMs > now) until = Math.max(until ?? 0, lane.budget.blockedUntilMs);
    }
    if (pending === this.status.pending && until === this.status.rateLimitedUntil) return;
    this.status = { pending, rateLimitedUntil: until };
    for (const listener of this.listeners) listener();
  }
}
