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

/**
 * The client's address of a request: the socket's, or, when the socket comes from a trusted proxy
 * (TRUSTED_PROXY: a cluster's HAProxy), the last address of its X-Forwarded-For (the one that
 * proxy saw; earlier ones are whatever the client wrote). Anyone else's X-Forwarded-For is ignored,
 * so a client cannot pick the address its failures count against.
 */
export function requestAddress(request: { readonly socket: { readonly remoteAddress?: string | undefined }; readonly headers: Readonly<Record<string, string | string[] | undefined>> }, trustedProxies: ReadonlySet<string>): string {
  const socketAddress = clientAddress(request.socket.remoteAddress);
  if (!trustedProxies.has(socketAddress)) return socketAddress;
  const header = request.headers['x-forwarded-for'];
  const last = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((part) => part.trim()).filter((part) => part !== '').pop();
  return last === undefined ? socketAddress : clientAddress(last);
}

export class AuthThrottle {
  /** Per address, the times of its latest failures (at most maxFailures + 1), oldest first. */
  private readonly failures = new Map<string, number[]>();

  /** Told of every failure this process counts (a cluster's edge shares them with the others). */
  onFail: ((address: string, at: number) => void) | null = null;

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
    const times = this.remember(address, now);
    this.onFail?.(address, now);
    const [first, second] = times;
    if (times.length <= maxFailures || first === undefined || now - first >= windowMs) return null;
    // The next failure is within the limit once the failure after the oldest kept one leaves the window.
    return Math.max(1, Math.ceil(((second ?? now) + windowMs - now) / 1000));
  }

  /**
   * Records a failure another edge of the cluster saw (service/cluster/shared-limits.ts), so the
   * limit counts an address's failures on every edge.
   */
  recordElsewhere(address: string, at: number): void {
    if (this.settings.maxFailures === 0) return;
    const times = this.remember(address, at);
    times.sort((a, b) => a - b);
  }

  /** Adds a failure time to an address's list, keeping the newest maxFailures + 1; returns the list. */
  private remember(address: string, at: number): number[] {
    const { maxFailures } = this.settings;
    const times = this.failures.get(address) ?? [];
    // Re-inserted so the map's order is least recently failed first.
    this.failures.delete(address);
    times.push(at);
    if (times.length > maxFailures + 1) times.splice(0, times.length - maxFailures - 1);
    this.failures.set(address, times);
    if (this.failures.size > MAX_ADDRESSES) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    return times;
  }
}
