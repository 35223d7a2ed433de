// Conversions between decimal odds (the service's canonical `price`) and the American,
// fractional and implied-probability forms traders read, plus the display strings for each.
import { roundHalfAwayFromZero } from './rounding.ts';

/** Thrown when a price handed to a conversion is not a valid price in the stated format. */
export class OddsFormatError extends Error {
  override readonly name = 'OddsFormatError';
}

/** The formats a price can be displayed in. */
export type OddsFormat = 'decimal' | 'american' | 'fractional' | 'implied';

export const ODDS_FORMATS: readonly OddsFormat[] = ['decimal', 'american', 'fractional', 'implied'];

/** One rung of the fractional ladder: profit `numerator` per `denominator` staked. */
export type FractionalRung = readonly [numerator: number, denominator: number];

/**
 * The conventional UK bookmaker ladder as `[numerator, denominator]`, sorted from the shortest
 * price to the longest: 1/100 … 1/5, 2/9, 1/4, 2/7, 3/10, 1/3 … evens, 21/20, 11/10 … 2/1, 85/40,
 * 9/4 … 100/1. Beyond it, the rungs mirror at both ends (1/150 … 1/1000 against 150/1 … 1000/1)
 * so that the longest favourites and outsiders are not all shown as the end rung.
 * Rungs are kept unreduced where the trade writes them so (6/4, not 3/2; 4/6, not 2/3; 85/40, not 17/8).
 */
export const FRACTIONAL_LADDER: readonly [FractionalRung, ...FractionalRung[]] = [
  [1, 1000], [1, 500], [1, 250], [1, 200], [1, 150], [1, 100], [1, 80], [1, 66], [1, 50],
  [1, 40], [1, 33], [1, 25], [1, 20], [1, 16], [1, 14], [1, 12], [1, 11], [1, 10], [1, 9],
  [1, 8], [1, 7], [1, 6], [1, 5], [2, 9], [1, 4], [2, 7], [3, 10], [1, 3], [4, 11], [2, 5],
  [4, 9], [1, 2], [8, 15], [4, 7], [8, 13], [4, 6], [8, 11], [4, 5], [5, 6], [10, 11], [1, 1],
  [21, 20], [11, 10], [6, 5], [5, 4], [11, 8], [6, 4], [13, 8], [7, 4], [15, 8], [2, 1],
  [85, 40], [9, 4], [5, 2], [11, 4], [3, 1], [10, 3], [7, 2], [4, 1], [9, 2], [5, 1], [11, 2],
  [6, 1], [13, 2], [7, 1], [15, 2], [8, 1], [17, 2], [9, 1], [10, 1], [11, 1], [12, 1],
  [14, 1], [16, 1], [18, 1], [20, 1], [25, 1], [33, 1], [40, 1], [50, 1], [66, 1], [80, 1],
  [100, 1], [150, 1], [200, 1], [250, 1], [500, 1], [1000, 1],
];

// Implied probability of each rung, den / (num + den): strictly decreasing along the ladder.
const LADDER_PROBABILITIES: readonly number[] = FRACTIONAL_LADDER.map(([num, den]) => den / (num + den));

/** The en dash shown where a price has no American form (decimal 1). */
export const UNDEFINED_AMERICAN = '–';

function assertDecimalPrice(decimal: number): void {
  if (!Number.isFinite(decimal) || decimal < 1) {
    throw new OddsFormatError(`a decimal price must be a finite number ≥ 1, got ${String(decimal)}`);
  }
}

/**
 * American odds of a decimal price: `+100·(d − 1)` for d ≥ 2 and `−100/(d − 1)` for 1 < d < 2,
 * rounded to an integer half away from zero on the 15-significant-digit decimal (so 1.32, whose
 * float gives −312.49999999999994, is −313). Decimal 2 is `+100` (never `−100`). Returns `null`
 * at exactly d = 1, where American odds are undefined (displayed as a dash).
 * Being an integer, it loses a little: converting back with {@link americanToDecimal} lands
 * within 0.005 of d for d ≥ 2 and within 0.00503 below (0.005·(d − 1)²/(1 − 0.005·(d − 1))).
 * @throws OddsFormatError for d < 1, NaN or ±Infinity.
 */
export function decimalToAmerican(decimal: number): number | null {
  assertDecimalPrice(decimal);
  if (decimal === 1) return null;
  const american = decimal >= 2 ? 100 * (decimal - 1) : -100 / (decimal - 1);
  return roundHalfAwayFromZero(american, 0);
}

/**
 * Decimal price of American odds, computed without rounding: a ≥ 100 → 1 + a/100;
 * a ≤ −100 → 1 + 100/|a|. +100 and −100 both mean evens (2).
 * Round trip: `decimalToAmerican(americanToDecimal(a)) === a` for every integer a with
 * 100 ≤ |a| ≤ 100000, except −100, which comes back as its canonical form +100.
 * @throws OddsFormatError for a non-integer, non-finite value, or |a| < 100 (no price lives there).
 */
export function americanToDecimal(american: number): number {
  if (!Number.isInteger(american)) {
    throw new OddsFormatError(`American odds must be an integer, got ${String(american)}`);
  }
  if (Math.abs(american) < 100) {
    throw new OddsFormatError(`American odds must be ≥ +100 or ≤ −100, got ${String(american)}`);
  }
  return american > 0 ? 1 + american / 100 : 1 + 100 / -american;
}

/**
 * Probability implied by a decimal price, 1/d, with the bookmaker's margin still in it.
 * @throws OddsFormatError for d < 1, NaN or ±Infinity.
 */
export function impliedProbability(decimal: number): number {
  assertDecimalPrice(decimal);
  return 1 / decimal;
}

interface Rational {
  readonly numerator: bigint;
  readonly denominator: bigint;
}

// Greatest common divisor of two non-negative integers.
function gcd(a: bigint, b: bigint): bigint {
  let x = a;
  let y = b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

// The value of the shortest decimal string JS prints for a finite non-negative number, as an
// exact fraction, not reduced: "1.1" is 11/10 (the float under it is 1.100000000000000088…).
function shortestDecimalAsRational(value: number): Rational {
  const [mantissa = '', exponentText] = String(value).split('e');
  const [integerDigits = '', fractionDigits = ''] = mantissa.split('.');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  let numerator = BigInt(integerDigits + fractionDigits);
  const denominator = 10n ** BigInt(fractionDigits.length);
  // Only positive exponents occur for values ≥ 1 (String switches to "e+" from 1e21 up).
  if (exponent > 0) numerator *= 10n ** BigInt(exponent);
  return { numerator, denominator };
}

/**
 * The exact reduced fraction of d − 1 as `"n/d"`, for the spec's `priceFractional`. The decimal
 * is taken as the shortest string JS prints for it, not the binary float: 2.5 → "3/2",
 * 1.91 → "91/100", 1.1 → "1/10", 2 → "1/1", 1 → "0/1".
 * @throws OddsFormatError for d < 1, NaN or ±Infinity.
 */
export function decimalToFractionalExact(decimal: number): string {
  assertDecimalPrice(decimal);
  const { numerator, denominator } = shortestDecimalAsRational(decimal);
  const profit = numerator - denominator;
  const divisor = gcd(profit, denominator);
  return `${String(profit / divisor)}/${String(denominator / divisor)}`;
}

function renderRung(rung: FractionalRung): string {
  return rung[0] === rung[1] ? 'evens' : `${String(rung[0])}/${String(rung[1])}`;
}

// Whether `price` is at least as close to the longer rung as to the shorter one, in implied
// probability, computed exactly: price = P/Q has probability Q/P and a rung n/d has d/(n+d).
// Multiplying both distances by P·(n₁+d₁)·(n₂+d₂) leaves integers.
function closerOrTiedToLonger(
  price: Rational,
  shorter: FractionalRung,
  longer: FractionalRung,
): boolean {
  const { numerator: p, denominator: q } = price;
  const shorterTotal = BigInt(shorter[0] + shorter[1]);
  const longerTotal = BigInt(longer[0] + longer[1]);
  const toShorter = (q * shorterTotal - p * BigInt(shorter[1])) * longerTotal;
  const toLonger = (q * longerTotal - p * BigInt(longer[1])) * shorterTotal;
  const abs = (x: bigint): bigint => (x < 0n ? -x : x);
  return abs(toLonger) <= abs(toShorter);
}

/**
 * The nearest rung of {@link FRACTIONAL_LADDER}, for display. "Nearest" is nearest in implied
 * probability (what a price means to a trader), computed exactly on the shortest decimal string
 * of `decimal`; an exact tie goes to the longer price (4.16, halfway between 3/1 and 10/3 in
 * probability, shows as "10/3"). Prices beyond either end clamp to the end rung (1 → "1/1000",
 * 5000 → "1000/1"). Evens is rendered as the string `"evens"`; the caller may map it.
 * @throws OddsFormatError for d < 1, NaN or ±Infinity.
 */
export function decimalToFractionalLadder(decimal: number): string {
  assertDecimalPrice(decimal);
  const probability = 1 / decimal;
  // Binary search for the first rung whose probability is ≤ the price's: the answer is that
  // rung or the one before it. Float error here can only misplace a price lying within an ulp
  // of a rung, and that rung is then an end of the pair compared exactly below.
  let low = 0;
  let high = LADDER_PROBABILITIES.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((LADDER_PROBABILITIES[middle] ?? 0) <= probability) high = middle;
    else low = middle + 1;
  }
  const longer = FRACTIONAL_LADDER[low];
  const shorter = FRACTIONAL_LADDER[low - 1];
  // Beyond either end only one neighbour exists, and it is the nearest rung.
  if (shorter === undefined) return renderRung(FRACTIONAL_LADDER[0]);
  if (longer === undefined) return renderRung(shorter);
  return renderRung(
    closerOrTiedToLonger(shortestDecimalAsRational(decimal), shorter, longer) ? longer : shorter,
  );
}

/**
 * A price as a trader reads it, rounding half away from zero on the 15-significant-digit decimal:
 * - `decimal`: 2 decimals, or 3 when the third is not zero once rounded to 3 (1.9 → "1.90",
 *   1.444 → "1.444", 1.9999 → "2.00");
 * - `american`: signed integer, "+150" / "-200", and an en dash "–" at decimal 1;
 * - `fractional`: the nearest ladder rung ({@link decimalToFractionalLadder}), e.g. "6/4", "evens";
 * - `implied`: 100/d as a percentage with one decimal, e.g. 1.909 → "52.4%".
 * @throws OddsFormatError for an invalid price or an unknown format.
 */
export function formatPrice(decimal: number, format: OddsFormat): string {
  assertDecimalPrice(decimal);
  switch (format) {
    case 'decimal': {
      const toThree = roundHalfAwayFromZero(decimal, 3);
      return toThree.toFixed(roundHalfAwayFromZero(toThree, 2) === toThree ? 2 : 3);
    }
    case 'american': {
      const american = decimalToAmerican(decimal);
      if (american === null) return UNDEFINED_AMERICAN;
      return american > 0 ? `+${String(american)}` : String(american);
    }
    case 'fractional':
      return decimalToFractionalLadder(decimal);
    case 'implied':
      return `${roundHalfAwayFromZero(100 / decimal, 1).toFixed(1)}%`;
    default: {
      // Formats arrive from URLs and stored preferences, so guard at runtime too.
      const unknown: never = format;
      throw new OddsFormatError(`unknown odds format ${String(unknown)}`);
    }
  }
}
