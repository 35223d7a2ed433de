import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { AuthThrottle, clientAddress } from './auth-throttle.ts';

/** A throttle on a clock the test moves. */
function throttleAt(maxFailures: number, windowMs: number): { throttle: AuthThrottle; clock: { ms: number } } {
  const clock = { ms: 1_000_000 };
  return { throttle: new AuthThrottle({ maxFailures, windowMs }, () => clock.ms), clock };
}

describe('AuthThrottle', () => {
  it('lets 20 failures within 10 s through and refuses the 21st', () => {
    const { throttle, clock } = throttleAt(20, 10_000);
    for (let i = 0; i < 20; i++) {
      expect(throttle.fail('10.0.0.1')).toBeNull();
      clock.ms += 100;
    }
    expect(throttle.fail('10.0.0.1')).toBe(9);
  });

  it('says when the next failure would be within the limit again, and it is', () => {
    const { throttle, clock } = throttleAt(3, 10_000);
    // Failures at 0, 4 s, 5 s: the fourth, at 6 s, is over the limit until the one at 4 s is 10 s old.
    for (const at of [0, 4_000, 5_000]) {
      clock.ms = 1_000_000 + at;
      expect(throttle.fail('a')).toBeNull();
    }
    clock.ms = 1_006_000;
    expect(throttle.fail('a')).toBe(8);
    clock.ms = 1_014_001;
    expect(throttle.fail('a')).toBeNull();
  });

  it('counts each address on its own', () => {
    const { throttle } = throttleAt(2, 10_000);
    throttle.fail('a');
    throttle.fail('a');
    expect(throttle.fail('a')).not.toBeNull();
    expect(throttle.fail('b')).toBeNull();
  });

  it('forgets failures older than the window', () => {
    const { throttle, clock } = throttleAt(2, 10_000);
    throttle.fail('a');
    throttle.fail('a');
    clock.ms += 10_000;
    expect(throttle.fail('a')).toBeNull();
  });

  it('never refuses with maxFailures 0', () => {
    const { throttle } = throttleAt(0, 10_000);
    for (let i = 0; i < 100; i++) expect(throttle.fail('a')).toBeNull();
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientAddress('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(clientAddress('::1')).toBe('::1');
  });
});

describe('the settings', () => {
  it('default to 20 failures per 10 s, 10 pending sockets per address and 200 in all, a 10 s login deadline', () => {
    const config = loadConfig({}, []);
    expect(config.authThrottle).toEqual({ maxFailures: 20, windowMs: 10_000 });
    expect(config.gateway).toMatchObject({ pendingPerAddress: 10, pendingMax: 200, loginTimeoutMs: 10_000 });
  });

  it('are read from AUTH_FAIL_MAX, AUTH_FAIL_WINDOW_MS, GATEWAY_PENDING_PER_ADDRESS and GATEWAY_PENDING_MAX', () => {
    const config = loadConfig({ AUTH_FAIL_MAX: '0', AUTH_FAIL_WINDOW_MS: '500', GATEWAY_PENDING_PER_ADDRESS: '3', GATEWAY_PENDING_MAX: '7' }, []);
    expect(config.authThrottle).toEqual({ maxFailures: 0, windowMs: 500 });
    expect(config.gateway).toMatchObject({ pendingPerAddress: 3, pendingMax: 7 });
    expect(() => loadConfig({ AUTH_FAIL_MAX: '-1' }, [])).toThrow(/AUTH_FAIL_MAX/);
  });
});
