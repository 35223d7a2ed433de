// Closing line value (CLV): how a taken price compares with the market's closing line. Tools
// disagree on the definition, so both common ones are here, each under its own name.
import { devig } from './devig.ts';
import type { DevigMethod } from './devig.ts';

/** Thrown when a CLV input is not a valid price or outcome index. */
export class ClvError extends Error {
  override readonly name = 'ClvError';
}

function assertPrice(price: number, name: string): void {
  if (!Number.isFinite(price) || price < 1) {
    throw new ClvError(`${name} must be a finite decimal price ≥ 1, got ${String(price)}`);
  }
}

/**
 * Price-based CLV: takenPrice / closingPrice − 1, as a fraction (0.05 = +5%). Took 2.10, closed
 * 2.00 → +0.05. It compares against the closing price with its margin still in, so it ignores
 * how much of the close was the bookmaker's cut. Exact, unrounded.
 * @throws ClvError when either price is not a finite number ≥ 1.
 */
export function clvPriceBased(takenPrice: number, closingPrice: number): number {
  assertPrice(takenPrice, 'takenPrice');
  assertPrice(closingPrice, 'closingPrice');
  return takenPrice / closingPrice - 1;
}

/**
 * No-vig CLV: takenPrice × fairClosingProbability − 1, the expected return per unit staked of the
 * taken price if the margin-free closing line is the truth (0.05 = +5% expected value). The fair
 * probability is outcome `outcomeIndex` of `devig(closingMarketPrices, method)`, so pass the
 * closing prices of every outcome of the market. With `'worst-case'` the fair probability is
 * the lowest any method gives, so the figure is the most cautious across methods. With a
 * margin-free closing market it equals
 * {@link clvPriceBased}. Exact, unrounded.
 * @throws ClvError when `takenPrice` is not a finite number ≥ 1 or `outcomeIndex` is not an
 *   index into `closingMarketPrices`; DevigError when the closing market cannot be de-vigged by
 *   `method` (see `devig`).
 */
export function clvNoVig(
  takenPrice: number,
  closingMarketPrices: readonly number[],
  outcomeIndex: number,
  method: DevigMethod = 'multiplicative',
): number {
  assertPrice(takenPrice, 'takenPrice');
  // Indexing yields undefined for anything that is not an index (−1, 0.5, NaN, out of range).
  const fairProbability = devig(closingMarketPrices, method)[outcomeIndex];
  if (fairProbability === undefined) {
    throw new ClvError(
      `outcomeIndex must be an integer from 0 to ${String(closingMarketPrices.length - 1)}, got ${String(outcomeIndex)}`,
    );
  }
  return takenPrice * fairProbability - 1;
}
