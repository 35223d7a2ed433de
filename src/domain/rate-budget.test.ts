import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RateBudget, RateBudgetError } from './rate-budget.ts';

/** The most grants found in any half-open interval [t, t + windowMs). */
function maxInAnyWindow(times: readonly number[], windowMs: number): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] ?? 0) - (times[start] ?? 0) >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Asks at each time in `asks` (ascending) and, when refused, again at the time it was told to wait for. */
function drain(budget: RateBudget, asks: readonly number[]): number[] {
  const granted: number[] = [];
  let now = 0;
  for (const ask of asks) {
    now = Math.max(now, ask);
    while (budget.tryTake(now) === null) now += budget.waitMs(now);
    granted.push(now);
  }
  return granted;
}

describe('RateBudget', () => {
  it('grants max requests at once and refuses the next one', () => {
    const budget = new RateBudget({ max: 10, windowMs: 1000 });
    for (let i = 0; i < 10; i++) expect(budget.tryTake(0)).not.toBeNull();
    expect(budget.tryTake(0)).toBeNull();
    expect(budget.waitMs(0)).toBe(1000);
  });

  it('gives a token back exactly one window after it was spent', () => {
    const budget = new RateBudget({ max: 2, windowMs: 1000 });
    budget.tryTake(0);
    budget.tryTake(400);
    expect(budget.waitMs(999)).toBe(1);
    expect(budget.tryTake(1000)).not.toBeNull();
    expect(budget.waitMs(1000)).toBe(400);
  });

  it('never grants more than max in any window, whatever the asking pattern', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 5000 }),
        fc.array(fc.integer({ min: 0, max: 20_000 }), { maxLength: 200 }),
        (max, windowMs, asks) => {
          const granted = drain(new RateBudget({ max, windowMs }), [...asks].sort((a, b) => a - b));
          expect(granted).toHaveLength(asks.length);
          expect(maxInAnyWindow(granted, windowMs)).toBeLessThanOrEqual(max);
        },
      ),
    );
  });

  it('holds every request back until a 429 block ends', () => {
    const budget = new RateBudget({ max: 10, windowMs: 1000 });
    budget.blockUntil(5000);
    expect(budget.tryTake(4999)).toBeNull();
    expect(budget.waitMs(3000)).toBe(2000);
    expect(budget.tryTake(5000)).not.toBeNull();
  });

  it('keeps the later of two blocks', () => {
    const budget = new RateBudget({ max: 10, windowMs: 1000 });
    budget.blockUntil(5000);
    budget.blockUntil(2000);
    expect(budget.blockedUntilMs).toBe(5000);
  });

  it('stops when the server says nothing remains, until its window resets', () => {
    const budget = new RateBudget({ max: 200, windowMs: 60_000 });
    const seq = budget.tryTake(0) ?? 0;
    budget.observe({ limit: 200, remaining: 0, resetSec: 30 }, seq, 10);
    expect(budget.tryTake(20)).toBeNull();
    expect(budget.waitMs(20)).toBe(29_990);
    expect(budget.tryTake(30_010)).not.toBeNull();
  });

  it('counts requests sent after the observed one against what the server said remains', () => {
    const budget = new RateBudget({ max: 200, windowMs: 60_000 });
    const first = budget.tryTake(0) ?? 0;
    budget.tryTake(1);
    budget.tryTake(2);
    // The server saw only the first: 3 left. Two more were already sent, so one remains.
    budget.observe({ remaining: 3, resetSec: 60 }, first, 5);
    expect(budget.tryTake(6)).not.toBeNull();
    expect(budget.tryTake(7)).toBeNull();
  });

  it('ignores a response older than one already observed', () => {
    const budget = new RateBudget({ max: 200, windowMs: 60_000 });
    const first = budget.tryTake(0) ?? 0;
    const second = budget.tryTake(1) ?? 0;
    budget.observe({ remaining: 150, resetSec: 60 }, second, 5);
    budget.observe({ remaining: 0, resetSec: 60 }, first, 6);
    expect(budget.tryTake(7)).not.toBeNull();
  });

  it('lowers max to a smaller limit the server states, never raises it', () => {
    const budget = new RateBudget({ max: 10, windowMs: 1000 });
    const seq = budget.tryTake(0) ?? 0;
    budget.observe({ limit: 3, remaining: 2, resetSec: 0 }, seq, 0);
    expect(budget.limit.max).toBe(3);
    budget.observe({ limit: 50, remaining: 49, resetSec: 0 }, seq, 0);
    expect(budget.limit.max).toBe(3);
  });

  it('rejects a limit that is not a positive integer', () => {
    expect(() => new RateBudget({ max: 0, windowMs: 1000 })).toThrow(RateBudgetError);
    expect(() => new RateBudget({ max: 2.5, windowMs: 1000 })).toThrow(/positive integer/);
    expect(() => new RateBudget({ max: 1, windowMs: Number.NaN })).toThrow(/windowMs/);
  });

  it('rejects a time that goes backwards', () => {
    const budget = new RateBudget({ max: 10, windowMs: 1000 });
    budget.tryTake(100);
    expect(() => budget.tryTake(50)).toThrow(/backwards/);
  });
});
