import { describe, expect, it } from 'vitest';
import {
  logChoose,
  logFactorial,
  logistic,
  negativeBinomialPmf,
  negativeBinomialSupportMax,
  poissonPmf,
  poissonSupportMax,
} from './distributions.ts';
import { PricingError } from './pricing-error.ts';

const sum = (values: Float64Array): number => values.reduce((s, v) => s + v, 0);

describe('poissonPmf', () => {
  it('matches the Poisson mass and folds the tail into the last cell', () => {
    const pmf = poissonPmf(1.5, 4);
    // e^−1.5 · 1.5² / 2 = 0.25102143016698353 (python's decimal module).
    expect(pmf[2]).toBeCloseTo(0.25102143016698353, 15);
    expect(sum(pmf)).toBeCloseTo(1, 15);
    // P(X ≥ 4) = 0.06564245437845...
    expect(pmf[4]).toBeCloseTo(0.0656424543784508, 13);
  });

  it('puts everything on 0 for a zero mean', () => {
    expect(Array.from(poissonPmf(0, 3))).toEqual([1, 0, 0, 0]);
  });

  it('rejects a negative mean or a bad support', () => {
    expect(() => poissonPmf(-1, 3)).toThrow(PricingError);
    expect(() => poissonPmf(1, -1)).toThrow(PricingError);
  });
});

describe('poissonSupportMax', () => {
  it('stops where the tail falls below the bound', () => {
    const max = poissonSupportMax(2);
    // The exact tail P(X > max) = Σ e^−2·2^k/k! for k > max, summed term by term.
    let term = Math.exp(-2 + max * Math.log(2) - logFactorial(max));
    let tail = 0;
    for (let k = max + 1; k < max + 60; k += 1) {
      term *= 2 / k;
      tail += term;
    }
    expect(tail).toBeLessThan(1e-16);
    expect(poissonSupportMax(0)).toBe(0);
    expect(poissonSupportMax(900)).toBeGreaterThan(1000);
  });
});

describe('negativeBinomialPmf', () => {
  it('has mean µ and variance µ + dispersion·µ²', () => {
    const max = negativeBinomialSupportMax(4, 0.25);
    const pmf = negativeBinomialPmf(4, 0.25, max);
    let mean = 0;
    let square = 0;
    pmf.forEach((p, k) => {
      mean += p * k;
      square += p * k * k;
    });
    expect(mean).toBeCloseTo(4, 10);
    expect(square - mean * mean).toBeCloseTo(4 + 0.25 * 16, 8);
  });

  it('keeps its mass for large means with little dispersion', () => {
    const max = negativeBinomialSupportMax(1000, 1e-4);
    const pmf = negativeBinomialPmf(1000, 1e-4, max);
    let mean = 0;
    pmf.forEach((p, k) => {
      mean += p * k;
    });
    expect(mean).toBeCloseTo(1000, 6);
    expect(max).toBeLessThan(1400);
  });

  it('is the Poisson at dispersion 0', () => {
    expect(Array.from(negativeBinomialPmf(2, 0, 6))).toEqual(Array.from(poissonPmf(2, 6)));
    expect(negativeBinomialSupportMax(2, 0)).toBe(poissonSupportMax(2));
    expect(() => negativeBinomialPmf(2, 0.5, 1.5)).toThrow(PricingError);
  });
});

describe('logFactorial and logChoose', () => {
  it('are exact logs of factorials and binomial coefficients', () => {
    expect(logFactorial(0)).toBe(0);
    expect(Math.exp(logFactorial(10))).toBeCloseTo(3628800, 6);
    expect(Math.exp(logChoose(10, 3))).toBeCloseTo(120, 9);
    expect(logChoose(3, 5)).toBe(Number.NEGATIVE_INFINITY);
    expect(() => logFactorial(-1)).toThrow(PricingError);
  });
});

describe('logistic', () => {
  it('is one half at 0 and symmetric', () => {
    expect(logistic(0)).toBe(0.5);
    expect(logistic(2) + logistic(-2)).toBeCloseTo(1, 15);
  });
});
