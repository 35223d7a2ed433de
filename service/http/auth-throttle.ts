// Throttling of failed authentication per client address, shared by REST (401s) and the stream
// (4401 logins), so that guessing keys on either path costs the same: after `maxFailures` failures
// within `windowMs` from one address, further failures are answered 429 (4429 on the stream).
// A request or login with a valid key is never judged by it.
import type { AuthThrottleSettings } from '../config.ts';

/** How many addresses are remembered at most; the one that failed least recently is forgotten first. */
const MAX_ADDRESSES = 10_000;

/** The address a socket comes from, an IPv4-mapped IPv6 address written as IPv4. */
export function clientAddress(remoteAddress: string | undefined): string {
  const address = remoteAddress ?? '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

export class AuthThrottle {
  /** Per address, the times of its latest failures (at most maxFailures + 1), oldest first. */
  private readonly failures = new Map<string, number[]>();

  constructor(
    readonly settings: AuthThrottleSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Records a failed authentication from `address`. Returns null while the address is within the
   * limit (answer 401), else the seconds until a failure would be within it again (answer 429).
   */
  fail(address: string): number | null {
    const { maxFailures, windowMs } = this.settings;
    if (maxFailures === 0) return null;
    const now = this.now();
    const times = this.failures.get(address) ?? [];
    // Re-inserted so the map's order is least recently failed first.
    this.failures.delete(address);
    times.push(now);
    if (times.length > maxFailures + 1) times.splice(0, times.length - maxFailures - 1);
    this.failures.set(address, times);
    if (this.failures.size > MAX_ADDRESSES) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    const [first, second] = times;
    if (times.length <= maxFailures || first === undefined || now - first >= windowMs) return null;
    // The next failure is within the limit once the failure after the oldest kept one leaves the window.
    return Math.max(1, Math.ceil(((second ?? now) + windowMs - now) / 1000));
  }
}
