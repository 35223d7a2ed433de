import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundHalfAwayFromZero } from './rounding.ts';

describe('roundHalfAwayFromZero', () => {
  it('rounds a half up for positive numbers', () => {
    expect(roundHalfAwayFromZero(2.5)).toBe(3);
    expect(roundHalfAwayFromZero(0.125, 2)).toBe(0.13);
  });

  it('rounds a half away from zero for negative numbers', () => {
    expect(roundHalfAwayFromZero(-2.5)).toBe(-3);
    expect(roundHalfAwayFromZero(-133.5)).toBe(-134);
  });

  it('rounds the decimal a person reads, not the binary float below it', () => {
    expect(roundHalfAwayFromZero(1.005, 2)).toBe(1.01);
    expect(roundHalfAwayFromZero(1.255, 2)).toBe(1.26);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundHalfAwayFromZero(-0.0001, 2), 0)).toBe(true);
  });

  it('passes non-finite values through', () => {
    expect(roundHalfAwayFromZero(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY);
    expect(roundHalfAwayFromZero(Number.NaN, 2)).toBeNaN();
  });

  it('rejects a number of decimals outside 0..12', () => {
    expect(() => roundHalfAwayFromZero(1, -1)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, 1.5)).toThrow(RangeError);
    expect(() => roundHalfAwayFromZero(1, 13)).toThrow(RangeError);
  });

  it('stays within half a unit of the last place and is symmetric around zero', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 6 }), (x, d) => {
        const r = roundHalfAwayFromZero(x, d);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.5 / 10 ** d + 1e-9 * Math.max(1, Math.abs(x)));
        expect(roundHalfAwayFromZero(-x, d)).toBe(r === 0 ? 0 : -r);
      }),
    );
  });
});
