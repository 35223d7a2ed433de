import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { limitForEndpoint, RequestScheduler, type SchedulerClock } from './scheduler.ts';

/** A clock whose timers fire only when the test advances it. */
class FakeClock implements SchedulerClock {
  private t = 0;
  private nextId = 1;
  private readonly timers = new Map<number, { at: number; callback: () => void }>();

  now(): number {
    return this.t;
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.set(id, { at: this.t + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }

  /** Moves time to `target`, firing due timers in order and letting promises settle after each. */
  async advanceTo(target: number): Promise<void> {
    await settle();
    for (;;) {
      let next: [number, { at: number; callback: () => void }] | undefined;
      for (const entry of this.timers) if (entry[1].at <= target && (next === undefined || entry[1].at < next[1].at)) next = entry;
      if (next === undefined) break;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].callback();
      await settle();
    }
    this.t = Math.max(this.t, target);
  }
}

/** Lets every pending promise callback run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] ?? 0) - (sorted[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

function rateLimited(retryAfterSec?: number): ApiError {
  return new ApiError({ status: 429, code: 'rate_limited', message: 'slow down', endpoint: '/fixtures/odds', retryAfterSec });
}

describe('RequestScheduler pacing', () => {
  it('never starts more than 10 requests per second on an odds endpoint when 50 ask at once', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const started: number[] = [];
    const results = Array.from({ length: 50 }, (_, i) =>
      scheduler.schedule('/fixtures/odds', `ask ${String(i)}`, () => {
        started.push(clock.now());
        return Promise.resolve(i);
      }),
    );
    await clock.advanceTo(10_000);
    expect(await Promise.all(results)).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(started).toHaveLength(50);
    expect(maxInAnyWindow(started, 1000)).toBeLessThanOrEqual(10);
  });

  it('starts the first 10 at once and the 11th only a window later', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const started: number[] = [];
    for (let i = 0; i < 11; i++) {
      void scheduler.schedule('/fixtures/odds/main', `ask ${String(i)}`, () => {
        started.push(clock.now());
        return Promise.resolve();
      });
    }
    await clock.advanceTo(5000);
    expect(started.filter((t) => t === 0)).toHaveLength(10);
    expect(started[10]).toBe(limitForEndpoint('/fixtures/odds/main').windowMs);
  });

  it('gives each endpoint its own budget', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const started: string[] = [];
    for (const endpoint of ['/fixtures/odds', '/futures/odds']) {
      for (let i = 0; i < 10; i++) {
        void scheduler.schedule(endpoint, `${endpoint} ${String(i)}`, () => {
          started.push(endpoint);
          return Promise.resolve();
        });
      }
    }
    await clock.advanceTo(0);
    expect(started).toHaveLength(20);
  });

  it('allows 200 requests a minute on a non-odds endpoint', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const started: number[] = [];
    for (let i = 0; i < 201; i++) {
      void scheduler.schedule('/sports', `ask ${String(i)}`, () => {
        started.push(clock.now());
        return Promise.resolve();
      });
    }
    await clock.advanceTo(59_000);
    expect(started).toHaveLength(200);
    await clock.advanceTo(61_000);
    expect(started).toHaveLength(201);
  });

  it('waits for the server window to reset when the headers say nothing remains', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const started: number[] = [];
    await scheduler.schedule('/fixtures', 'first', (report) => {
      report({ limit: 200, remaining: 0, resetSec: 30 });
      return Promise.resolve();
    });
    void scheduler.schedule('/fixtures', 'second', () => {
      started.push(clock.now());
      return Promise.resolve();
    });
    await clock.advanceTo(29_000);
    expect(started).toEqual([]);
    await clock.advanceTo(31_000);
    expect(started).toEqual([30_000]);
  });
});

describe('RequestScheduler coalescing', () => {
  it('runs identical requests in flight once and gives every caller the result', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    let runs = 0;
    const asks = Array.from({ length: 5 }, () =>
      scheduler.schedule('/sports', 'same', () => {
        runs += 1;
        return Promise.resolve(['soccer']);
      }),
    );
    await clock.advanceTo(0);
    expect(await Promise.all(asks)).toEqual(Array.from({ length: 5 }, () => ['soccer']));
    expect(runs).toBe(1);
  });

  it('coalesces with a request still waiting for its turn', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const runs: string[] = [];
    for (let i = 0; i < 10; i++) void scheduler.schedule('/fixtures/odds', `fill ${String(i)}`, () => Promise.resolve());
    const first = scheduler.schedule('/fixtures/odds', 'queued', () => {
      runs.push('queued');
      return Promise.resolve(1);
    });
    const second = scheduler.schedule('/fixtures/odds', 'queued', () => {
      runs.push('duplicate');
      return Promise.resolve(2);
    });
    await clock.advanceTo(5000);
    expect([await first, await second]).toEqual([1, 1]);
    expect(runs).toEqual(['queued']);
  });

  it('sends a request again once the identical one has finished', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    let runs = 0;
    const run = () => {
      runs += 1;
      return Promise.resolve();
    };
    await scheduler.schedule('/sports', 'same', run);
    await scheduler.schedule('/sports', 'same', run);
    expect(runs).toBe(2);
  });
});

describe('RequestScheduler on 429', () => {
  it('waits retryAfterSec and then retries', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    const attempts: number[] = [];
    const result = scheduler.schedule('/fixtures/odds', 'ask', () => {
      attempts.push(clock.now());
      return attempts.length === 1 ? Promise.reject(rateLimited(2)) : Promise.resolve('ok');
    });
    await clock.advanceTo(1999);
    expect(attempts).toEqual([0]);
    await clock.advanceTo(2000);
    expect(await result).toBe('ok');
    expect(attempts).toEqual([0, 2000]);
  });

  it('holds other requests to the same endpoint during the wait', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    let calls = 0;
    void scheduler.schedule('/fixtures/odds', 'limited', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(rateLimited(3)) : Promise.resolve();
    });
    await clock.advanceTo(0);
    const other: number[] = [];
    void scheduler.schedule('/fixtures/odds', 'other', () => {
      other.push(clock.now());
      return Promise.resolve();
    });
    await clock.advanceTo(10_000);
    expect(other).toEqual([3000]);
  });

  it('reports until when it is waiting', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    let calls = 0;
    void scheduler.schedule('/fixtures/odds', 'ask', () => {
      calls += 1;
      return calls === 1 ? Promise.reject(rateLimited(4)) : Promise.resolve();
    });
    await clock.advanceTo(100);
    expect(scheduler.getStatus()).toEqual({ pending: 1, rateLimitedUntil: 4000 });
    await clock.advanceTo(4000);
    expect(scheduler.getStatus()).toEqual({ pending: 0, rateLimitedUntil: null });
  });

  it('gives up after maxRetries and rejects with the 429', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock, maxRetries: 2 });
    let attempts = 0;
    const result = scheduler.schedule('/fixtures/odds', 'ask', () => {
      attempts += 1;
      return Promise.reject(rateLimited(1));
    });
    const outcome = result.catch((error: unknown) => error);
    await clock.advanceTo(60_000);
    expect(await outcome).toBeInstanceOf(ApiError);
    expect(attempts).toBe(3);
  });

  it('does not retry any other failure', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    let attempts = 0;
    const result = scheduler.schedule('/sports', 'ask', () => {
      attempts += 1;
      return Promise.reject(new ApiError({ status: 403, code: 'channel_not_allowed', message: 'no', endpoint: '/sports' }));
    });
    await expect(result).rejects.toMatchObject({ status: 403 });
    expect(attempts).toBe(1);
  });
});

describe('RequestScheduler close', () => {
  it('rejects queued requests and refuses new ones', async () => {
    const clock = new FakeClock();
    const scheduler = new RequestScheduler({ clock });
    for (let i = 0; i < 10; i++) void scheduler.schedule('/fixtures/odds', `fill ${String(i)}`, () => Promise.resolve());
    const queued = scheduler.schedule('/fixtures/odds', 'queued', () => Promise.resolve());
    scheduler.close();
    await expect(queued).rejects.toThrow(/cancelled/);
    await expect(scheduler.schedule('/sports', 'new', () => Promise.resolve())).rejects.toThrow(/closed/);
  });
});
