// A request budget for one endpoint of one key: at most `max` requests in any window of
// `windowMs`, corrected by what the server says is left (X-RateLimit-*) and by a 429's wait.
// Pure and deterministic: the caller passes the time in; nothing here sleeps or reads a clock.

/** A limit as spec 8 states it: `max` requests per `windowMs`. */
export interface RateLimit {
  readonly max: number;
  readonly windowMs: number;
}

/** What a response said about the server's own window (`X-RateLimit-Limit/-Remaining/-Reset`). */
export interface ServerRateState {
  /** `X-RateLimit-Limit`: the server's `max` per window, when sent. */
  readonly limit?: number | undefined;
  /** `X-RateLimit-Remaining`: requests left in the server's window after the observed one. */
  readonly remaining: number;
  /** `X-RateLimit-Reset`: seconds until the server's window resets. */
  readonly resetSec: number;
}

export class RateBudgetError extends Error {
  override readonly name = 'RateBudgetError';
}

function assertTime(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RateBudgetError(`${name} must be a finite time in ms, got ${String(value)}`);
}

/**
 * A token bucket of `max` tokens where each spent token comes back exactly one window after it
 * was spent (a sliding-window log). A bucket that refills continuously would allow up to 2·max
 * requests in some window and so trip a server that counts fixed windows; this one never sends
 * more than `max` in any interval of `windowMs`, wherever the server's windows start.
 */
export class RateBudget {
  private max: number;
  private readonly windowMs: number;
  /** Send times of the last `max` grants, oldest first, with their grant numbers. */
  private readonly recent: { at: number; seq: number }[] = [];
  private nextSeq = 1;
  /** Nothing is sent before this time (a 429's Retry-After). */
  private blockedUntil = Number.NEGATIVE_INFINITY;
  /** The server's view: `allowance` more requests until `until`, learnt from grant `seq`'s response. */
  private server: { until: number; allowance: number; seq: number } | null = null;

  /** @throws RateBudgetError unless `max` is a positive integer and `windowMs` positive. */
  constructor(limit: RateLimit) {
    if (!Number.isInteger(limit.max) || limit.max < 1) throw new RateBudgetError(`max must be a positive integer, got ${String(limit.max)}`);
    if (!(limit.windowMs > 0) || !Number.isFinite(limit.windowMs)) {
      throw new RateBudgetError(`windowMs must be a positive number of ms, got ${String(limit.windowMs)}`);
    }
    this.max = limit.max;
    this.windowMs = limit.windowMs;
  }

  /** The current `max` (lowered when the server states a smaller limit). */
  get limit(): RateLimit {
    return { max: this.max, windowMs: this.windowMs };
  }

  /** The time before which nothing may be sent because of a 429 (−∞ when none). */
  get blockedUntilMs(): number {
    return this.blockedUntil;
  }

  /** How long from `now` until a request may be sent: 0 when it may be sent now. */
  waitMs(now: number): number {
    assertTime('now', now);
    let until = this.blockedUntil;
    if (this.recent.length >= this.max) {
      const oldest = this.recent[this.recent.length - this.max];
      if (oldest !== undefined) until = Math.max(until, oldest.at + this.windowMs);
    }
    if (this.server !== null && now < this.server.until && this.server.allowance <= 0) {
      until = Math.max(until, this.server.until);
    }
    return Math.max(0, until - now);
  }

  /**
   * Spends a token at `now` if one is free: returns the grant's number (pass it to `observe`
   * with the response's headers), or null when the caller must wait `waitMs(now)` first.
   */
  tryTake(now: number): number | null {
    const last = this.recent[this.recent.length - 1];
    if (last !== undefined && now < last.at) throw new RateBudgetError(`time went backwards: ${String(now)} < ${String(last.at)}`);
    if (this.waitMs(now) > 0) return null;
    const seq = this.nextSeq++;
    this.recent.push({ at: now, seq });
    if (this.recent.length > this.max) this.recent.splice(0, this.recent.length - this.max);
    if (this.server !== null && now < this.server.until) this.server.allowance -= 1;
    return seq;
  }

  /**
   * Corrects the budget from the rate-limit headers of the response to grant `seq`, received at
   * `now`. Grants made after `seq` may already be counted by the server or not; they are assumed
   * not, so the correction only ever makes the budget stricter. A response older than one already
   * observed is ignored.
   */
  observe(state: ServerRateState, seq: number, now: number): void {
    assertTime('now', now);
    if (!Number.isFinite(state.remaining) || !Number.isFinite(state.resetSec)) return;
    if (state.limit !== undefined && Number.isInteger(state.limit) && state.limit >= 1 && state.limit < this.max) {
      this.max = state.limit;
      if (this.recent.length > this.max) this.recent.splice(0, this.recent.length - this.max);
    }
    if (this.server !== null && seq < this.server.seq) return;
    const later = this.grantsAfter(seq);
    this.server = {
      until: now + Math.max(0, state.resetSec) * 1000,
      allowance: Math.max(0, Math.floor(state.remaining)) - later,
      seq,
    };
  }

  /** Sends nothing before `untilMs` (a 429 said to wait); an earlier time than a block in force is ignored. */
  blockUntil(untilMs: number): void {
    assertTime('untilMs', untilMs);
    this.blockedUntil = Math.max(this.blockedUntil, untilMs);
  }

  /** Grants made after grant `seq` (those the server may not have counted yet). */
  private grantsAfter(seq: number): number {
    return Math.max(0, this.nextSeq - 1 - seq);
  }
}
