// The relay's REST client of its upstream: every request goes out with the one upstream key (in
// the X-API-Key header, never in a URL), through a queue per rate-limit bucket of spec 8, so the
// relay stays within the key's limits however many callers it has: it reads the
// X-RateLimit-Remaining/Reset headers, waits out a 429's Retry-After and sends it again, and sheds
// forwarded calls (parlay, SGP) with a 429 of its own once their queue is full.
import { ENDPOINTS, type Bucket } from '../http/endpoints.ts';

export interface UpstreamAnswer {
  readonly status: number;
  /** The parsed JSON body (an error body on 4xx/5xx), or null when it was not JSON. */
  readonly body: unknown;
}

/** A forwarded call refused because the bucket's queue is full: the caller gets a 429. */
export class UpstreamQueueFull extends Error {
  override readonly name = 'UpstreamQueueFull';
  constructor(readonly retryAfterSec: number) {
    super(`the upstream key's queue is full; retry in ${String(retryAfterSec)} s`);
  }
}

/** The upstream did not answer (refused, reset, timed out). */
export class UpstreamUnreachable extends Error {
  override readonly name = 'UpstreamUnreachable';
}

export interface UpstreamRestOptions {
  readonly url: string;
  readonly key: string;
  readonly log: (line: string) => void;
  /** Forwarded calls waiting per bucket before more are shed (429). */
  readonly maxForwardQueue?: number;
  /** Per request. */
  readonly timeoutMs?: number;
}

interface Job {
  readonly path: string;
  readonly resolve: (answer: UpstreamAnswer) => void;
  readonly reject: (error: Error) => void;
}

/** Paths (after `/{lang}`) of the odds bucket; every other path counts in `other` (spec 8). */
const ODDS_PATHS = new Set<string>(Object.values(ENDPOINTS).filter((spec) => spec.bucket === 'odds').map((spec) => spec.path));

/** The bucket of a request path `/{lang}/…?…`. */
export function bucketOf(path: string): Bucket {
  const bare = path.split('?')[0] ?? '';
  const withoutLang = bare.replace(/^\/[a-z]{2}(?=\/)/, '');
  return ODDS_PATHS.has(withoutLang) ? 'odds' : 'other';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One bucket's queue: one request in flight at a time, paused while the key's budget is spent. */
class BucketQueue {
  /** Forwarded (interactive) calls go before the relay's own bulk reads. */
  private readonly forwarded: Job[] = [];
  private readonly bulk: Job[] = [];
  private running = false;
  /** No request before this time (epoch ms): the budget is spent or a 429 asked to wait. */
  private pausedUntil = 0;
  closed = false;

  constructor(
    private readonly send: (path: string) => Promise<{ answer: UpstreamAnswer; waitMs: number; retry: boolean }>,
    private readonly maxForwarded: number,
  ) {}

  get waiting(): number {
    return this.forwarded.length + this.bulk.length;
  }

  push(path: string, forwarded: boolean): Promise<UpstreamAnswer> {
    if (forwarded && this.forwarded.length >= this.maxForwarded) {
      return Promise.reject(new UpstreamQueueFull(Math.max(1, Math.ceil((this.pausedUntil - Date.now()) / 1000))));
    }
    return new Promise((resolve, reject) => {
      (forwarded ? this.forwarded : this.bulk).push({ path, resolve, reject });
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const fromForwarded = this.forwarded.length > 0;
        const job = fromForwarded ? this.forwarded.shift() : this.bulk.shift();
        if (job === undefined || this.closed) {
          if (job !== undefined) job.reject(new UpstreamUnreachable('the relay is closing'));
          return;
        }
        const wait = this.pausedUntil - Date.now();
        if (wait > 0) await sleep(wait);
        try {
          const { answer, waitMs, retry } = await this.send(job.path);
          if (waitMs > 0) this.pausedUntil = Date.now() + waitMs;
          // A 429 is the upstream's word that this key went too fast: the request goes again first.
          if (retry) (fromForwarded ? this.forwarded : this.bulk).unshift(job);
          else job.resolve(answer);
        } catch (error) {
          job.reject(error instanceof Error ? error : new Error(String(error)));
        }
      }
    } finally {
      this.running = false;
    }
  }

  rejectAll(): void {
    this.closed = true;
    for (const job of [...this.forwarded.splice(0), ...this.bulk.splice(0)]) job.reject(new UpstreamUnreachable('the relay is closing'));
  }
}

export class UpstreamRest {
  private readonly queues: Record<Bucket, BucketQueue>;
  private readonly timeoutMs: number;
  /** Requests sent and 429s met, for the log and tests. */
  readonly counts = { requests: 0, rateLimited: 0 };

  constructor(private readonly options: UpstreamRestOptions) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    const maxForwarded = options.maxForwardQueue ?? 20;
    this.queues = {
      odds: new BucketQueue((path) => this.send(path), maxForwarded),
      other: new BucketQueue((path) => this.send(path), maxForwarded),
    };
  }

  /** The relay's own read (seeding, re-snapshots): queued behind forwarded calls, never shed. */
  get(path: string): Promise<UpstreamAnswer> {
    return this.queues[bucketOf(path)].push(path, false);
  }

  /** A caller's request forwarded: ahead of bulk reads; UpstreamQueueFull when its queue is full. */
  forward(path: string): Promise<UpstreamAnswer> {
    return this.queues[bucketOf(path)].push(path, true);
  }

  /** Requests waiting in both queues. */
  get waiting(): number {
    return this.queues.odds.waiting + this.queues.other.waiting;
  }

  close(): void {
    this.queues.odds.rejectAll();
    this.queues.other.rejectAll();
  }

  private async send(path: string): Promise<{ answer: UpstreamAnswer; waitMs: number; retry: boolean }> {
    this.counts.requests++;
    const attempt = () =>
      fetch(`${this.options.url}${path}`, {
        headers: { 'x-api-key': this.options.key, accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    let response: Response;
    try {
      response = await attempt().catch(
        // Once more at once: a pooled keep-alive socket of an upstream that restarted fails the
        // first request on it, and a GET may be sent twice.
        () => attempt(),
      );
    } catch (error) {
      throw new UpstreamUnreachable(`upstream ${path.split('?')[0] ?? ''}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON (a proxy's error page): the caller sees null.
    }
    const seconds = (name: string): number | null => {
      const value = Number(response.headers.get(name));
      return response.headers.has(name) && Number.isFinite(value) ? value : null;
    };
    if (response.status === 429) {
      this.counts.rateLimited++;
      const retryAfter = seconds('retry-after') ?? 1;
      this.options.log(`relay: the upstream rate-limited ${path.split('?')[0] ?? ''}; waiting ${String(retryAfter)} s`);
      return { answer: { status: 429, body }, waitMs: retryAfter * 1000, retry: true };
    }
    // Spent budget: wait for the window to reset rather than meet a 429.
    const remaining = seconds('x-ratelimit-remaining');
    const reset = seconds('x-ratelimit-reset');
    const waitMs = remaining !== null && remaining <= 0 ? Math.max(1, reset ?? 1) * 1000 : 0;
    return { answer: { status: response.status, body }, waitMs, retry: false };
  }
}
