// Parlay and same-game-parlay numbers (spec 2.5, 4.1, 4.2): accumulator and singles prices, the
// correlation margin, the wire rounding of a parlay price, and settlement with void and half legs.

import { GRADES, returnFactor } from './grade.ts';
import type { Grade } from './grade.ts';
import { roundHalfAwayFromZero } from './rounding.ts';

/** An input to a parlay computation is invalid (empty legs, a price below 1, a bad stake...). */
export class ParlayError extends Error {
  override readonly name = 'ParlayError';
}

/** One settled leg: its decimal price and how it graded. */
export interface SettledLeg {
  readonly price: number;
  readonly grade: Grade;
}

/**
 * How a parlay settled, judged from its legs' grades (profit's sign says whether money was made):
 * - 'lost': at least one leg lost; the parlay returns 0.
 * - 'void': every leg is void or push; the stake comes back (returnFactor exactly 1).
 * - 'partial': no leg lost and at least one leg is half-won or half-lost; it still pays.
 * - 'won': every leg won, void or pushed, and at least one won.
 */
export type ParlayStatus = 'won' | 'lost' | 'void' | 'partial';

export interface ParlaySettlement {
  /** Return per unit stake, stake included: Π returnFactor(gradeᵢ, priceᵢ). */
  readonly returnFactor: number;
  /** stake × returnFactor. */
  readonly payout: number;
  /** payout − stake (negative on a loss). */
  readonly profit: number;
  readonly status: ParlayStatus;
}

const MIN_ACTIVE_WIRE_PRICE = 1.01;

function checkPrice(price: number, what: string): void {
  if (!Number.isFinite(price) || price < 1) {
    throw new ParlayError(`${what} must be a finite decimal price of at least 1, got ${String(price)}`);
  }
}

function ascending(a: number, b: number): number {
  return a - b;
}

/**
 * Product of the factors multiplied in ascending order. Floating-point multiplication is not
 * associative, so a fixed order makes the result bit-identical whatever order the legs came in.
 */
function orderedProduct(factors: number[]): number {
  factors.sort(ascending);
  let product = 1;
  for (const f of factors) product *= f;
  return product;
}

function productOfLegPrices(legPrices: readonly number[], fn: string): number {
  if (legPrices.length === 0) throw new ParlayError(`${fn} needs at least one leg price, got none`);
  legPrices.forEach((price, i) => {
    checkPrice(price, `${fn}: leg ${String(i)} price`);
  });
  return orderedProduct([...legPrices]);
}

/**
 * Accumulator price of /fixtures/odds/parlay: the product of the leg prices (no correlation),
 * exact floating point with no rounding; independent of leg order to the last bit.
 * @throws ParlayError on an empty list or a price that is not finite or is below 1.
 */
export function accumulatorPrice(legPrices: readonly number[]): number {
  return productOfLegPrices(legPrices, 'accumulatorPrice');
}

/**
 * `singlesPrice` of a parlay or SGP entry: the naive product of the leg prices, shown even when
 * the entry is inactive. Same number as {@link accumulatorPrice}; exact, unrounded.
 * @throws ParlayError on an empty list or a price that is not finite or is below 1.
 */
export function singlesPrice(legPrices: readonly number[]): number {
  return productOfLegPrices(legPrices, 'singlesPrice');
}

/**
 * correlationMargin = price / singlesPrice − 1: negative when the SGP pays less than the naive
 * product (positively correlated legs), positive when it pays more, 0 for an accumulator.
 * Exact, unrounded.
 * @throws ParlayError unless both are finite prices ≥ 1.
 */
export function correlationMargin(price: number, singlesPriceValue: number): number {
  checkPrice(price, 'correlationMargin: price');
  checkPrice(singlesPriceValue, 'correlationMargin: singlesPrice');
  return price / singlesPriceValue - 1;
}

/**
 * Implied probability that every leg wins, 1 / price (margin included; in (0, 1]). Exact.
 * @throws ParlayError unless price is a finite price ≥ 1.
 */
export function impliedJointProbability(price: number): number {
  checkPrice(price, 'impliedJointProbability: price');
  return 1 / price;
}

/**
 * Wire rounding of an ACTIVE parlay/SGP `price`: 2 decimals, half away from zero on the decimal
 * value (roundHalfAwayFromZero: 2.005 → 2.01), then raised to at least 1.01. The floor exists
 * because on the wire `price: 1` means stake back, the inactive entry's price; an active quote
 * must never read as that. Inactive entries carry exactly 1 and do not go through here.
 * @throws ParlayError unless price is a finite price ≥ 1.
 */
export function roundParlayPrice(price: number): number {
  checkPrice(price, 'roundParlayPrice: price');
  return Math.max(MIN_ACTIVE_WIRE_PRICE, roundHalfAwayFromZero(price, 2));
}

function statusOf(legs: readonly SettledLeg[]): ParlayStatus {
  let anyWon = false;
  let anyHalf = false;
  for (const { grade } of legs) {
    switch (grade) {
      case 'lost':
        return 'lost';
      case 'won':
        anyWon = true;
        break;
      case 'half-won':
      case 'half-lost':
        anyHalf = true;
        break;
      case 'push':
      case 'void':
        break;
    }
  }
  if (anyHalf) return 'partial';
  return anyWon ? 'won' : 'void';
}

/**
 * Settles a parlay. returnFactor = Π returnFactor(gradeᵢ, priceᵢ) from ./grade.ts (void and
 * push legs count as 1, half-won as (1 + price) / 2, half-lost as 0.5, lost as 0), multiplied in
 * a fixed order so leg order never changes a bit; payout = stake × returnFactor;
 * profit = payout − stake. Nothing is rounded. See {@link ParlayStatus} for `status`.
 * @throws ParlayError on no legs, an unknown grade, a price that is not finite or is below 1,
 * or a stake that is not finite or is negative.
 */
export function settleParlay(legs: readonly SettledLeg[], stake: number): ParlaySettlement {
  if (legs.length === 0) throw new ParlayError('settleParlay needs at least one leg, got none');
  if (!Number.isFinite(stake) || stake < 0) {
    throw new ParlayError(`settleParlay: stake must be a finite amount of at least 0, got ${String(stake)}`);
  }
  const factors = legs.map(({ price, grade }, i) => {
    checkPrice(price, `settleParlay: leg ${String(i)} price`);
    if (!GRADES.includes(grade)) {
      throw new ParlayError(`settleParlay: leg ${String(i)} grade ${JSON.stringify(grade)} is not one of ${GRADES.join(', ')}`);
    }
    return returnFactor(grade, price);
  });
  const factor = orderedProduct(factors);
  const payout = stake * factor;
  return { returnFactor: factor, payout, profit: payout - stake, status: statusOf(legs) };
}
