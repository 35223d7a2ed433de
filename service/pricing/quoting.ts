// Bookmaker quoting: turns a market's fair probabilities into the prices one bookmaker shows,
// with its margin, its margin method, its price grid (2 or 3 decimals, the exchange ladder,
// prediction-market cents) and a little quote noise.
//
// Steps: (1) noise: each fair probability is multiplied by e^(σ·z), z standard normal from the
// book's stream, and renormalised; (2) margin: implied probabilities qᵢ with Σ qᵢ = 1 + margin by
// the book's method; (3) bounds: every price within [1.01, maxPrice], the implied probability a
// clamp frees or takes is spread over the other outcomes in proportion; (4) rounding to the
// book's grid (nearest tick; an exchange rounds its back prices down, which is its margin);
// (5) correction: while the gap to 1 + margin exceeds 80% of the tolerance, the single one-tick
// move that best narrows it is made (a smaller gap is left alone, so that an even market keeps
// equal prices). After rounding, Σ 1/price = 1 + margin within the grid's tolerance
// (`QUOTE_TOLERANCE`), whenever 1 + margin is reachable with prices inside the bounds.

import { roundHalfAwayFromZero } from '../../src/domain/rounding.ts';
import { PricingError, requireNumberIn } from './pricing-error.ts';
import type { Rng } from './rng.ts';

/** Lowest price any book shows. */
export const MIN_PRICE = 1.01;

/**
 * How margin is put on: `multiplicative` qᵢ = pᵢ·(1 + m) (proportional), `power` qᵢ = pᵢ^k with
 * k < 1 solved so that Σ qᵢ = 1 + m (more margin on long shots: the favourite-longshot bias),
 * `additive` qᵢ = pᵢ + m/n (the same margin on every outcome, heaviest on long shots).
 */
export type MarginMethod = 'multiplicative' | 'power' | 'additive';

/**
 * A book's price grid: `decimals` (2 for retail books, 3 for a sharp book), `ladder` (Betfair's
 * exchange ladder), `cents` (a prediction market: the implied probability in whole cents, the
 * price 100/k).
 */
export type PriceRounding = { readonly kind: 'decimals'; readonly decimals: 2 | 3 } | { readonly kind: 'ladder' } | { readonly kind: 'cents' };

export interface BookQuoting {
  /** Target overround: Σ 1/price − 1 (0.05 = 5%). 0 ≤ margin < 0.5. */
  readonly margin: number;
  readonly method: MarginMethod;
  readonly rounding: PriceRounding;
  /** Highest price the book shows (≥ 2). */
  readonly maxPrice: number;
  /** Standard deviation of the log-probability noise (0 = none). */
  readonly noise?: number;
}

/**
 * The stated bound, in probability, on |Σ 1/price − (1 + margin)| after rounding, by grid:
 * ±0.5 percentage points on 2-decimal books, the exchange ladder and cents; ±0.1 on 3 decimals.
 */
export function quoteTolerance(rounding: PriceRounding): number {
  return rounding.kind === 'decimals' && rounding.decimals === 3 ? 0.001 : 0.005;
}

/** The Betfair price ladder: [from, to, step] bands from 1.01 to 1000. */
export const BETFAIR_BANDS: readonly (readonly [number, number, number])[] = [
  [1.01, 2, 0.01],
  [2, 3, 0.02],
  [3, 4, 0.05],
  [4, 6, 0.1],
  [6, 10, 0.2],
  [10, 20, 0.5],
  [20, 30, 1],
  [30, 50, 2],
  [50, 100, 5],
  [100, 1000, 10],
];

/** Every price of the Betfair ladder, ascending. */
export const BETFAIR_LADDER: readonly number[] = (() => {
  const ticks: number[] = [];
  for (const [from, to, step] of BETFAIR_BANDS) {
    for (let k = 0; from + k * step < to - 1e-9; k += 1) ticks.push(roundHalfAwayFromZero(from + k * step, 2));
  }
  ticks.push(1000);
  return ticks;
})();

const CENT_PRICES: readonly number[] = Array.from({ length: 99 }, (_unused, i) => 100 / (99 - i));

/** A price grid: the ticks below/above a price. */
interface PriceGrid {
  /** Largest tick ≤ price (the lowest tick when none is). */
  down(price: number): number;
  /** Smallest tick ≥ price (the highest tick when none is). */
  up(price: number): number;
  /** The tick after / before a tick, or null past the end. */
  next(tick: number): number | null;
  previous(tick: number): number | null;
}

function decimalGrid(decimals: number): PriceGrid {
  const step = 10 ** -decimals;
  // Scores scaled to integers, cleaned of binary noise before floor/ceil.
  const scaled = (price: number): number => Number((price / step).toPrecision(12));
  return {
    down: (price) => roundHalfAwayFromZero(Math.floor(scaled(price)) * step, decimals),
    up: (price) => roundHalfAwayFromZero(Math.ceil(scaled(price)) * step, decimals),
    next: (tick) => roundHalfAwayFromZero(tick + step, decimals),
    previous: (tick) => roundHalfAwayFromZero(tick - step, decimals),
  };
}

function arrayGrid(ticks: readonly number[]): PriceGrid {
  // Index of the largest tick ≤ price (−1 when none).
  const floorIndex = (price: number): number => {
    let low = -1;
    let high = ticks.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if ((ticks[mid] ?? Infinity) <= price + 1e-12) low = mid;
      else high = mid - 1;
    }
    return low;
  };
  const at = (index: number): number | null => ticks[index] ?? null;
  return {
    down: (price) => at(Math.max(0, floorIndex(price))) ?? MIN_PRICE,
    up: (price) => {
      const index = floorIndex(price);
      const exact = (ticks[index] ?? -1) >= price - 1e-12;
      return at(Math.min(ticks.length - 1, exact ? index : index + 1)) ?? MIN_PRICE;
    },
    next: (tick) => at(floorIndex(tick) + 1),
    previous: (tick) => {
      const index = floorIndex(tick) - 1;
      return index >= 0 ? at(index) : null;
    },
  };
}

function gridOf(rounding: PriceRounding): PriceGrid {
  switch (rounding.kind) {
    case 'decimals':
      return decimalGrid(rounding.decimals);
    case 'ladder':
      return arrayGrid(BETFAIR_LADDER);
    case 'cents':
      return arrayGrid(CENT_PRICES);
  }
}

/** Implied probabilities with Σ = 1 + margin by `method`. */
export function applyMargin(probabilities: readonly number[], margin: number, method: MarginMethod): number[] {
  const target = 1 + margin;
  switch (method) {
    case 'multiplicative':
      return probabilities.map((p) => p * target);
    case 'additive':
      return probabilities.map((p) => p + margin / probabilities.length);
    case 'power': {
      const k = powerExponent(probabilities, target);
      return probabilities.map((p) => (p > 0 ? p ** k : 0));
    }
  }
}

/**
 * The k in (1e-6, 1] with Σ pᵢᵏ = target (pᵢ > 0 only). Σ pᵢᵏ falls from the number of outcomes
 * (k → 0) to Σ pᵢ (k = 1) and is convex in k, so Newton's method from k = 1 converges in a few
 * steps (the first step overshoots left of the root, then the iterates climb to it); a bracket
 * kept alongside catches any step that leaves it, and bisection finishes the job if Newton has
 * not converged. This runs for every power-method market of every requote (it was 100
 * bisection steps, ~9% of the simulator's time): the result is the same k to the last bits.
 */
function powerExponent(probabilities: readonly number[], target: number): number {
  let low = 1e-6;
  let high = 1;
  const sumAt = (k: number): { sum: number; slope: number } => {
    let sum = 0;
    let slope = 0;
    for (const p of probabilities) {
      if (p <= 0) continue;
      const q = p ** k;
      sum += q;
      slope += q * Math.log(p);
    }
    return { sum, slope };
  };
  let k = 1;
  for (let i = 0; i < 50; i += 1) {
    const { sum, slope } = sumAt(k);
    const gap = sum - target;
    if (gap > 0) low = k;
    else high = k;
    if (Math.abs(gap) <= 1e-15 * target || high - low <= 1e-15) return k;
    const next = slope < 0 ? k - gap / slope : Number.NaN;
    // A step outside the bracket (or no slope: all mass on one outcome) falls back to its midpoint.
    k = next > low && next < high ? next : (low + high) / 2;
  }
  for (let i = 0; i < 100 && high - low > 1e-15; i += 1) {
    const mid = (low + high) / 2;
    if (sumAt(mid).sum > target) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** Clamps implied probabilities into [low, high], moving what a clamp frees to the others. */
function clampImplied(implied: number[], low: number, high: number, target: number): number[] {
  const q = implied.slice();
  const fixed = new Array<boolean>(q.length).fill(false);
  for (let round = 0; round < q.length; round += 1) {
    let fixedSum = 0;
    let freeSum = 0;
    for (let i = 0; i < q.length; i += 1) {
      const v = q[i] ?? 0;
      if (!fixed[i] && (v < low || v > high)) {
        q[i] = Math.min(high, Math.max(low, v));
        fixed[i] = true;
      }
      if (fixed[i]) fixedSum += q[i] ?? 0;
      else freeSum += q[i] ?? 0;
    }
    if (freeSum <= 0) return q;
    const scale = (target - fixedSum) / freeSum;
    if (Math.abs(scale - 1) < 1e-15) return q;
    let clean = true;
    for (let i = 0; i < q.length; i += 1) {
      if (fixed[i]) continue;
      const v = (q[i] ?? 0) * scale;
      q[i] = v;
      if (v < low || v > high) clean = false;
    }
    if (clean) return q;
  }
  return q.map((v) => Math.min(high, Math.max(low, v)));
}

/**
 * The prices a book quotes on a market with fair probabilities `fairProbabilities` (in outcome
 * order, each ≥ 0, summing to 1 within 1e-6). `rng` draws the book's quote noise (none without
 * it or with `noise` 0). Every price is on the book's grid, within [1.01, maxPrice], and
 * Σ 1/price = 1 + margin within `quoteTolerance(book.rounding)` when that is reachable inside
 * the bounds (it is not when, e.g., every outcome sits at 1.01).
 */
export function quoteMarket(fairProbabilities: readonly number[], book: BookQuoting, rng?: Rng): number[] {
  if (fairProbabilities.length < 2) throw new PricingError('a market to quote needs at least two outcomes');
  let sum = 0;
  for (const p of fairProbabilities) {
    requireNumberIn(p, 'fair probability', 0, 1);
    sum += p;
  }
  if (Math.abs(sum - 1) > 1e-6) throw new PricingError(`fair probabilities must sum to 1, got ${String(sum)}`);
  requireNumberIn(book.margin, 'book margin', 0, 0.5);
  requireNumberIn(book.maxPrice, 'book maxPrice', 2, 1e4);
  const noise = book.noise ?? 0;
  requireNumberIn(noise, 'book noise', 0, 1);

  let probabilities = fairProbabilities.slice();
  if (rng !== undefined && noise > 0) {
    const noisy = probabilities.map((p) => p * Math.exp(noise * rng.normal()));
    const total = noisy.reduce((s, p) => s + p, 0);
    probabilities = noisy.map((p) => p / total);
  }
  const target = 1 + book.margin;
  const low = 1 / book.maxPrice;
  const high = 1 / MIN_PRICE;
  const implied = clampImplied(applyMargin(probabilities, book.margin, book.method), low, high, target);
  const grid = gridOf(book.rounding);
  const backSide = book.rounding.kind === 'ladder';
  const prices = implied.map((q) => {
    const raw = Math.min(book.maxPrice, Math.max(MIN_PRICE, 1 / q));
    const down = grid.down(raw);
    const up = grid.up(raw);
    if (backSide) return down;
    return Math.abs(1 / down - 1 / raw) <= Math.abs(1 / up - 1 / raw) ? down : up;
  });
  return correctOverround(prices, target, 0.8 * quoteTolerance(book.rounding), grid, book.maxPrice);
}

/** One-tick moves, best first, while Σ 1/price is more than `slack` away from `target`. */
function correctOverround(prices: number[], target: number, slack: number, grid: PriceGrid, maxPrice: number): number[] {
  let booksum = prices.reduce((s, p) => s + 1 / p, 0);
  for (let step = 0; step < 10_000; step += 1) {
    const gap = booksum - target;
    if (Math.abs(gap) <= slack) break;
    let best = -1;
    let bestPrice = 0;
    let bestGap = Math.abs(gap);
    for (let i = 0; i < prices.length; i += 1) {
      const price = prices[i] ?? MIN_PRICE;
      // Too much overround: lengthen a price; too little: shorten one.
      const moved = gap > 0 ? grid.next(price) : grid.previous(price);
      if (moved === null || moved < MIN_PRICE || moved > maxPrice) continue;
      const newGap = Math.abs(gap - 1 / price + 1 / moved);
      if (newGap < bestGap - 1e-15) {
        best = i;
        bestPrice = moved;
        bestGap = newGap;
      }
    }
    if (best < 0) break;
    booksum += 1 / bestPrice - 1 / (prices[best] ?? MIN_PRICE);
    prices[best] = bestPrice;
  }
  return prices;
}
