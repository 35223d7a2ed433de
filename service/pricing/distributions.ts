// Discrete probability mass functions the sport models are built from (Poisson, negative
// binomial, a discretised bivariate normal), each truncated to a finite support by a stated rule.

import { PricingError, requireNumberIn } from './pricing-error.ts';

/**
 * Mass left beyond a support built by `poissonSupportMax`: small enough that folding it into the
 * last cell moves no probability a trader reads (prices are 2–3 decimals).
 */
export const TAIL_MASS = 1e-16;

const LOG_FACTORIALS: number[] = [0];

/** log(n!) for an integer n ≥ 0 (exact running sums, cached). */
export function logFactorial(n: number): number {
  if (!Number.isInteger(n) || n < 0) {
    throw new PricingError(`logFactorial needs an integer ≥ 0, got ${String(n)}`);
  }
  for (let k = LOG_FACTORIALS.length; k <= n; k += 1) {
    LOG_FACTORIALS.push((LOG_FACTORIALS[k - 1] ?? 0) + Math.log(k));
  }
  return LOG_FACTORIALS[n] ?? 0;
}

/** log of the binomial coefficient C(n, k); −∞ outside 0 ≤ k ≤ n. */
export function logChoose(n: number, k: number): number {
  if (k < 0 || k > n) return Number.NEGATIVE_INFINITY;
  return logFactorial(n) - logFactorial(k) - logFactorial(n - k);
}

/** The logistic function 1 / (1 + e^−x). */
export function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * The smallest k past the mode whose tail P(X > k) is certainly below `tail`, for a mass function
 * given by its first value and the ratio p(k+1)/p(k), which must fall with k past the mode: the
 * tail after k is at most p(k+1)/(1 − ratio(k+1)). Computed from the terms, not from 1 − CDF,
 * which cannot resolve tails near the double's rounding.
 */
function supportMax(firstLog: number, ratio: (k: number) => number, mode: number, tail: number): number {
  let k = 0;
  let logP = firstLog;
  for (;;) {
    const r = ratio(k);
    const nextLog = logP + Math.log(r);
    const nextRatio = ratio(k + 1);
    if (k >= mode && (r === 0 || nextLog - Math.log(1 - nextRatio) < Math.log(tail))) return k;
    logP = nextLog;
    k += 1;
  }
}

/** Smallest k with P(Poisson(λ) > k) < `tail` (at least ⌈λ⌉). */
export function poissonSupportMax(lambda: number, tail = TAIL_MASS): number {
  requireNumberIn(lambda, 'Poisson mean', 0, 1e6);
  if (lambda === 0) return 0;
  return supportMax(-lambda, (k) => lambda / (k + 1), Math.ceil(lambda), tail);
}

/**
 * Poisson(λ) mass on 0..`max`, with the mass above `max` folded into the last cell (so the cell
 * `max` means "max or more" and the array sums to 1). Computed in log space, exact to rounding.
 */
export function poissonPmf(lambda: number, max: number): Float64Array {
  requireNumberIn(lambda, 'Poisson mean', 0, 1e6);
  if (!Number.isInteger(max) || max < 0) {
    throw new PricingError(`Poisson support max must be an integer ≥ 0, got ${String(max)}`);
  }
  const pmf = new Float64Array(max + 1);
  if (lambda === 0) {
    pmf[0] = 1;
    return pmf;
  }
  const logLambda = Math.log(lambda);
  let sum = 0;
  for (let k = 0; k < max; k += 1) {
    const p = Math.exp(-lambda + k * logLambda - logFactorial(k));
    pmf[k] = p;
    sum += p;
  }
  pmf[max] = Math.max(0, 1 - sum);
  return pmf;
}

/**
 * Negative binomial mass with `mean` and variance mean + dispersion·mean² on 0..`max`, the tail
 * folded into the last cell; dispersion 0 is the Poisson.
 */
export function negativeBinomialPmf(mean: number, dispersion: number, max: number): Float64Array {
  requireNumberIn(mean, 'negative binomial mean', 0, 1e6);
  requireNumberIn(dispersion, 'negative binomial dispersion', 0, 100);
  if (dispersion === 0 || mean === 0) return poissonPmf(mean, max);
  if (!Number.isInteger(max) || max < 0) {
    throw new PricingError(`negative binomial support max must be an integer ≥ 0, got ${String(max)}`);
  }
  const size = 1 / dispersion;
  const success = size / (size + mean);
  const pmf = new Float64Array(max + 1);
  // P(0) = success^size; P(k) = P(k−1) · (k − 1 + size)/k · (1 − success), walked in log space
  // so that a large mean (P(0) below the smallest double) does not zero the whole head.
  let logP = size * Math.log(success);
  const logFail = Math.log(1 - success);
  let sum = 0;
  for (let k = 0; k < max; k += 1) {
    if (k > 0) logP += Math.log((k - 1 + size) / k) + logFail;
    const p = Math.exp(logP);
    pmf[k] = p;
    sum += p;
  }
  pmf[max] = Math.max(0, 1 - sum);
  return pmf;
}

/** Smallest k with P(NB > k) < `tail` for the negative binomial above (at least ⌈mean⌉). */
export function negativeBinomialSupportMax(mean: number, dispersion: number, tail = TAIL_MASS): number {
  if (dispersion === 0 || mean === 0) return poissonSupportMax(mean, tail);
  const size = 1 / dispersion;
  const success = size / (size + mean);
  return supportMax(size * Math.log(success), (k) => ((k + size) / (k + 1)) * (1 - success), Math.ceil(mean), tail);
}
