import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PricingError } from './pricing-error.ts';
import type { BookQuoting, MarginMethod, PriceRounding } from './quoting.ts';
import { BETFAIR_LADDER, MIN_PRICE, applyMargin, quoteMarket, quoteTolerance } from './quoting.ts';
import { createRng } from './rng.ts';

const booksum = (prices: readonly number[]): number => prices.reduce((s, p) => s + 1 / p, 0);

/** Random complete markets: 2–20 outcomes, no outcome likelier than 0.95 or rarer than 0.002. */
const fairMarket = fc
  .array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 2, maxLength: 20 })
  .chain((weights) => fc.constant(weights.map((w) => w ** 3)))
  .map((weights) => {
    const total = weights.reduce((s, w) => s + w, 0);
    const clipped = weights.map((w) => Math.min(0.95, Math.max(0.002, w / total)));
    const sum = clipped.reduce((s, p) => s + p, 0);
    return clipped.map((p) => p / sum);
  })
  .filter((probabilities) => probabilities.every((p) => p >= 0.002 && p <= 0.95));

const methods: readonly MarginMethod[] = ['multiplicative', 'power', 'additive'];

function boundHolds(kind: string, rounding: PriceRounding, margins: readonly [number, number], maxPrice: number): void {
  fc.assert(
    fc.property(
      fairMarket,
      fc.double({ min: margins[0], max: margins[1], noNaN: true }),
      fc.constantFrom(...methods),
      fc.integer(),
      (fair, margin, method, seed) => {
        const book: BookQuoting = { margin, method, rounding, maxPrice, noise: 0.02 };
        const prices = quoteMarket(fair, book, createRng(seed));
        expect(Math.abs(booksum(prices) - (1 + margin)), kind).toBeLessThanOrEqual(quoteTolerance(rounding) + 1e-12);
        for (const price of prices) {
          expect(price).toBeGreaterThanOrEqual(MIN_PRICE);
          expect(price).toBeLessThanOrEqual(maxPrice);
        }
      },
    ),
    { numRuns: 400 },
  );
}

describe('quoteMarket', () => {
  it('keeps a retail 2-decimal book within ±0.5 points of its margin', () => {
    boundHolds('retail', { kind: 'decimals', decimals: 2 }, [0.04, 0.09], 500);
  });

  it('keeps a sharp 3-decimal book within ±0.1 points of its margin', () => {
    boundHolds('sharp', { kind: 'decimals', decimals: 3 }, [0.015, 0.035], 1000);
  });

  it('keeps an exchange ladder within ±0.5 points of its back-side margin', () => {
    boundHolds('exchange', { kind: 'ladder' }, [0, 0.01], 1000);
  });

  it('keeps a prediction market in cents within ±0.5 points of its margin', () => {
    boundHolds('prediction', { kind: 'cents' }, [0.02, 0.04], 100);
  });

  it('puts every exchange price on the Betfair ladder', () => {
    const prices = quoteMarket([0.52, 0.27, 0.21], { margin: 0.005, method: 'multiplicative', rounding: { kind: 'ladder' }, maxPrice: 1000 });
    for (const price of prices) expect(BETFAIR_LADDER).toContain(price);
  });

  it('rounds a 2-decimal book to cents of a unit', () => {
    const prices = quoteMarket([0.5, 0.5], { margin: 0.05, method: 'multiplicative', rounding: { kind: 'decimals', decimals: 2 }, maxPrice: 100 });
    // 1 / (0.5 · 1.05) = 1.9048 → 1.90.
    expect(prices).toEqual([1.9, 1.9]);
  });

  it('moves the margin to the long shot when the favourite hits 1.01', () => {
    const prices = quoteMarket([0.995, 0.005], { margin: 0.05, method: 'multiplicative', rounding: { kind: 'decimals', decimals: 2 }, maxPrice: 100 });
    expect(prices[0]).toBe(1.01);
    expect(Math.abs(booksum(prices) - 1.05)).toBeLessThanOrEqual(0.005);
  });

  it('gives the same prices for the same seed and different ones for another', () => {
    const book: BookQuoting = { margin: 0.05, method: 'power', rounding: { kind: 'decimals', decimals: 3 }, maxPrice: 500, noise: 0.05 };
    const fair = [0.45, 0.3, 0.25];
    expect(quoteMarket(fair, book, createRng(1))).toEqual(quoteMarket(fair, book, createRng(1)));
    expect(quoteMarket(fair, book, createRng(1))).not.toEqual(quoteMarket(fair, book, createRng(2)));
  });

  it('rejects fair probabilities that are not a distribution', () => {
    const book: BookQuoting = { margin: 0.05, method: 'multiplicative', rounding: { kind: 'ladder' }, maxPrice: 100 };
    expect(() => quoteMarket([0.5, 0.6], book)).toThrow(PricingError);
    expect(() => quoteMarket([1], book)).toThrow(/two outcomes/);
    expect(() => quoteMarket([0.5, 0.5], { ...book, margin: -0.1 })).toThrow(/margin/);
  });
});

describe('applyMargin', () => {
  it('reaches 1 + margin with every method', () => {
    for (const method of methods) {
      const implied = applyMargin([0.6, 0.3, 0.1], 0.06, method);
      expect(implied.reduce((s, q) => s + q, 0)).toBeCloseTo(1.06, 10);
    }
  });

  it('solves the power exponent as exactly as a 100-step bisection, on any market', () => {
    const bisected = (probabilities: readonly number[], margin: number): number[] => {
      let low = 1e-6;
      let high = 1;
      for (let i = 0; i < 100; i += 1) {
        const k = (low + high) / 2;
        if (probabilities.reduce((s, p) => s + (p > 0 ? p ** k : 0), 0) > 1 + margin) low = k;
        else high = k;
      }
      const k = (low + high) / 2;
      return probabilities.map((p) => (p > 0 ? p ** k : 0));
    };
    const market = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 2, maxLength: 30 }).filter((raw) => raw.some((p) => p > 1e-9));
    fc.assert(
      fc.property(market, fc.double({ min: 0, max: 0.3, noNaN: true }), (raw, margin) => {
        const total = raw.reduce((a, b) => a + b, 0);
        const probabilities = raw.map((p) => p / total);
        const implied = applyMargin(probabilities, margin, 'power');
        const reference = bisected(probabilities, margin);
        implied.forEach((q, i) => {
          expect(Math.abs(q - (reference[i] ?? Number.NaN))).toBeLessThan(1e-14);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('puts relatively more margin on the long shot with the power method', () => {
    const [favourite, , longShot] = applyMargin([0.6, 0.3, 0.1], 0.06, 'power');
    expect((longShot ?? 0) / 0.1).toBeGreaterThan((favourite ?? 0) / 0.6);
  });
});

describe('BETFAIR_LADDER', () => {
  it('steps as Betfair does from 1.01 to 1000', () => {
    expect(BETFAIR_LADDER[0]).toBe(1.01);
    expect(BETFAIR_LADDER.at(-1)).toBe(1000);
    expect(BETFAIR_LADDER).toContain(2.02);
    expect(BETFAIR_LADDER).not.toContain(2.01);
    expect(BETFAIR_LADDER).toContain(3.05);
    expect(BETFAIR_LADDER).toContain(4.1);
    expect(BETFAIR_LADDER).toContain(6.2);
    expect(BETFAIR_LADDER).toContain(10.5);
    expect(BETFAIR_LADDER).toContain(55);
    expect(BETFAIR_LADDER).toContain(110);
    expect(BETFAIR_LADDER).toHaveLength(350);
  });
});
