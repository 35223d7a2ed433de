import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ClvError, clvNoVig, clvPriceBased } from './clv.ts';
import { DEVIG_METHODS, DevigError } from './devig.ts';

// Hand-worked values from python3 fractions (exact) or mpmath (Shin, 40 digits, quoted to 15).

describe('clvPriceBased', () => {
  it('is +5% for a price of 2.10 taken against a close of 2.00', () => {
    expect(clvPriceBased(2.1, 2)).toBeCloseTo(0.05, 15);
  });

  it('is negative when the price drifted out after it was taken', () => {
    // 1.90/2.00 − 1 = −1/20
    expect(clvPriceBased(1.9, 2)).toBeCloseTo(-0.05, 15);
  });

  it('is zero when the taken price equals the closing price', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1000, noNaN: true }), (price) => {
        expect(clvPriceBased(price, price)).toBe(0);
      }),
    );
  });

  it('rejects invalid prices and names them', () => {
    expect(() => clvPriceBased(0.5, 2)).toThrow(/takenPrice/);
    expect(() => clvPriceBased(2, Number.NaN)).toThrow(/closingPrice/);
    expect(() => clvPriceBased(Number.POSITIVE_INFINITY, 2)).toThrow(ClvError);
  });
});

describe('clvNoVig', () => {
  it('is +5% for 2.10 taken against a 1.90 / 1.90 close', () => {
    // Fair probability 1/2: 2.10 × 0.5 − 1 = 1/20.
    expect(clvNoVig(2.1, [1.9, 1.9], 0)).toBeCloseTo(0.05, 15);
  });

  it('de-vigs multiplicatively by default', () => {
    // 1.50 / 2.70 close, fair 5/14 on the longshot: 2.90 × 5/14 − 1 = 1/28.
    expect(clvNoVig(2.9, [1.5, 2.7], 1)).toBeCloseTo(1 / 28, 14);
  });

  it('uses the chosen devig method', () => {
    // Additive fair 19/54: 2.90 × 19/54 − 1 = 11/540.
    expect(clvNoVig(2.9, [1.5, 2.7], 1, 'additive')).toBeCloseTo(11 / 540, 14);
    // Shin fair 0.458665715961336 on the favourite of 2.10 / 3.40 / 3.60.
    expect(clvNoVig(2.3, [2.1, 3.4, 3.6], 0, 'shin')).toBeCloseTo(0.054931146711072, 12);
  });

  it('gives the lowest, most cautious figure across methods with the worst case', () => {
    // Additive's 0.261749144102085 is the lowest fair probability for the 3.60 outcome.
    expect(clvNoVig(4, [2.1, 3.4, 3.6], 2, 'worst-case')).toBeCloseTo(0.04699657640834, 12);
    for (const method of DEVIG_METHODS) {
      expect(clvNoVig(4, [2.1, 3.4, 3.6], 2, 'worst-case')).toBeLessThanOrEqual(
        clvNoVig(4, [2.1, 3.4, 3.6], 2, method),
      );
    }
  });

  it('is higher than the price-based figure when the close carried a margin', () => {
    // Price-based against 2.10 ignores the margin: 2.30/2.10 − 1 = 0.0952…; no-vig is 0.0549….
    expect(clvNoVig(2.3, [2.1, 3.4, 3.6], 0)).toBeLessThan(clvPriceBased(2.3, 2.1));
  });

  it('rejects an outcome index that does not point into the market', () => {
    for (const index of [-1, 2, 0.5, Number.NaN]) {
      expect(() => clvNoVig(2, [1.9, 1.9], index)).toThrow(/outcomeIndex must be an integer from 0 to 1/);
    }
  });

  it('rejects an invalid taken price', () => {
    expect(() => clvNoVig(0, [1.9, 1.9], 0)).toThrow(ClvError);
  });

  it('lets a closing market that cannot be de-vigged fail with a DevigError', () => {
    expect(() => clvNoVig(2, [1.9], 0)).toThrow(DevigError);
    expect(() => clvNoVig(2, [1.05, 1.5, 80], 2, 'additive')).toThrow(/additive method is undefined/);
  });
});

const price = fc.integer({ min: 101, max: 2000 }).map((cents) => cents / 100);

// Margin-free closing markets: fair probabilities from integer weights, priced at 1/p.
const fairMarket = fc
  .array(fc.integer({ min: 1, max: 50 }), { minLength: 2, maxLength: 10 })
  .map((weights) => {
    const total = weights.reduce((sum, w) => sum + w, 0);
    return weights.map((w) => total / w);
  });

describe('clv properties', () => {
  it('makes no-vig CLV equal price-based CLV when the closing market has no margin', () => {
    fc.assert(
      fc.property(price, fairMarket, fc.nat(), fc.constantFrom(...DEVIG_METHODS), (taken, closing, n, method) => {
        const index = n % closing.length;
        const closingPrice = closing[index] ?? Number.NaN;
        expect(clvNoVig(taken, closing, index, method)).toBeCloseTo(clvPriceBased(taken, closingPrice), 9);
      }),
    );
  });

  it('makes both definitions increase with the taken price', () => {
    const closingWithMargin = fc.array(price, { minLength: 2, maxLength: 10 });
    fc.assert(
      fc.property(price, price, closingWithMargin, fc.nat(), (a, b, closing, n) => {
        fc.pre(a !== b);
        const [low, high] = a < b ? [a, b] : [b, a];
        const index = n % closing.length;
        const closingPrice = closing[index] ?? Number.NaN;
        expect(clvPriceBased(high, closingPrice)).toBeGreaterThan(clvPriceBased(low, closingPrice));
        expect(clvNoVig(high, closing, index)).toBeGreaterThan(clvNoVig(low, closing, index));
      }),
    );
  });
});
