import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CommissionError, commissionOf, DEFAULT_COMMISSION, netPrice } from './commission.ts';

const price = fc.double({ min: 1, max: 1000, noNaN: true });
const rate = fc.double({ min: 0, max: 0.99, noNaN: true });

describe('netPrice, worked by hand', () => {
  it('takes 5% of the winnings of a 3.00 back bet: 1 + 2 × 0.95 = 2.90', () => {
    expect(netPrice(3, 0.05)).toBeCloseTo(2.9, 12);
  });

  it('takes 2% of the winnings of a 1.50 bet: 1 + 0.5 × 0.98 = 1.49', () => {
    expect(netPrice(1.5, 0.02)).toBeCloseTo(1.49, 12);
  });

  it('leaves evens at 5% as 1.95 and a settled price of 1 at 1', () => {
    expect(netPrice(2, 0.05)).toBeCloseTo(1.95, 12);
    expect(netPrice(1, 0.05)).toBe(1);
  });

  it('refuses a price below 1 and a rate outside [0, 1)', () => {
    expect(() => netPrice(0.9, 0.05)).toThrow(CommissionError);
    expect(() => netPrice(2, -0.01)).toThrow(/\[0, 1\)/u);
    expect(() => netPrice(2, 1)).toThrow(CommissionError);
    expect(() => netPrice(Number.NaN, 0)).toThrow(CommissionError);
  });
});

describe('netPrice, properties', () => {
  it('is the identity at rate 0', () => {
    fc.assert(fc.property(price, (p) => netPrice(p, 0) === p));
  });

  it('never pays more than the gross price, and never less than 1', () => {
    fc.assert(fc.property(price, rate, (p, c) => netPrice(p, c) <= p && netPrice(p, c) >= 1));
  });

  it('rises with the price and falls with the rate', () => {
    fc.assert(
      fc.property(price, price, rate, rate, (a, b, c, d) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const [low, high] = c <= d ? [c, d] : [d, c];
        return netPrice(lo, c) <= netPrice(hi, c) && netPrice(a, high) <= netPrice(a, low);
      }),
    );
  });
});

describe('commissionOf', () => {
  it('states 5% for Betfair Exchange and none for a sportsbook', () => {
    expect(DEFAULT_COMMISSION['betfair-ex']).toBe(0.05);
    expect(commissionOf('betfair-ex')).toBe(0.05);
    expect(commissionOf('pinnacle')).toBe(0);
  });

  it('prefers the rate the user set, 0 included', () => {
    expect(commissionOf('betfair-ex', { 'betfair-ex': 0.02 })).toBe(0.02);
    expect(commissionOf('betfair-ex', { 'betfair-ex': 0 })).toBe(0);
  });
});
