// Margin removal ("de-vig"): turns the prices of one complete market into fair probabilities by
// one of the usual methods, plus a per-outcome worst case across them.

/** Thrown when a market cannot be de-vigged: malformed prices or a method undefined for it. */
export class DevigError extends Error {
  override readonly name = 'DevigError';
}

/** How the margin is taken out of a market's implied probabilities. */
export type DevigMethod = 'multiplicative' | 'additive' | 'power' | 'shin' | 'worst-case';

export const DEVIG_METHODS: readonly DevigMethod[] = ['multiplicative', 'additive', 'power', 'shin', 'worst-case'];

// Bisection (Shin's z) stops once the bracket is this narrow: beyond it the probabilities no
// longer move at double precision (their sum is then 1 to within a few 1e-16).
const ROOT_TOLERANCE = 1e-15;
const MAX_BISECTIONS = 2000;
// Newton (the power method's k) converges in well under 20 steps; the cap only guards the loop.
const MAX_NEWTON_STEPS = 200;

interface ImpliedMarket {
  /** πᵢ = 1/priceᵢ. */
  readonly implied: readonly number[];
  /** Σπ = 1 + margin. */
  readonly impliedSum: number;
}

function impliedMarket(prices: readonly number[]): ImpliedMarket {
  if (prices.length < 2) {
    throw new DevigError(`a market needs at least 2 prices to de-vig, got ${String(prices.length)}`);
  }
  const implied = prices.map((price, index) => {
    // A price of 1 is a certain outcome: the power method has no solution for it, and there is
    // no sense in removing margin from a market with one outcome settled in advance.
    if (!Number.isFinite(price) || price <= 1) {
      throw new DevigError(`prices[${String(index)}] must be a finite decimal price > 1, got ${String(price)}`);
    }
    return 1 / price;
  });
  return { implied, impliedSum: implied.reduce((sum, pi) => sum + pi, 0) };
}

// Root of a strictly decreasing `f` in [low, high], given f(low) > 0 > f(high), by bisection:
// slower than Newton but it cannot diverge, and markets are at most a few dozen outcomes.
function bisectDecreasing(f: (x: number) => number, low: number, high: number): number {
  let lo = low;
  let hi = high;
  for (let i = 0; i < MAX_BISECTIONS && hi - lo > ROOT_TOLERANCE * Math.max(1, Math.abs(hi)); i += 1) {
    const middle = (lo + hi) / 2;
    if (f(middle) > 0) lo = middle;
    else hi = middle;
  }
  return (lo + hi) / 2;
}

function multiplicative({ implied, impliedSum }: ImpliedMarket): number[] {
  return implied.map((pi) => pi / impliedSum);
}

// Null when some outcome would get a probability ≤ 0: the margin share (Σπ − 1)/n exceeds that
// outcome's implied probability, so the method is undefined for the market.
function additiveOrNull({ implied, impliedSum }: ImpliedMarket): number[] | null {
  const share = (impliedSum - 1) / implied.length;
  const fair = implied.map((pi) => pi - share);
  return fair.every((p) => p > 0) ? fair : null;
}

function additive(market: ImpliedMarket): number[] {
  const fair = additiveOrNull(market);
  if (fair === null) {
    const share = (market.impliedSum - 1) / market.implied.length;
    throw new DevigError(
      `the additive method is undefined for this market: the margin share ${String(share)} ` +
        `exceeds the implied probability ${String(Math.min(...market.implied))} of its longest ` +
        'price, which would get a probability ≤ 0 (meaningless)',
    );
  }
  return fair;
}

function powerExponent({ implied, impliedSum }: ImpliedMarket): number {
  if (impliedSum === 1) return 1;
  // f(k) = Σπᵏ − 1 falls strictly in k (every π < 1): n − 1 > 0 at k = 0, Σπ − 1 at k = 1 and
  // → −1 as k → ∞, so the root is in (1, ∞) with a margin and in (0, 1) below one. f is also
  // convex, so Newton started left of the root climbs to it without ever overshooting; it stops
  // when a step no longer moves k forward, i.e. at double precision.
  let k = impliedSum > 1 ? 1 : 0;
  for (let i = 0; i < MAX_NEWTON_STEPS; i += 1) {
    let value = -1;
    let slope = 0;
    for (const pi of implied) {
      const term = pi ** k;
      value += term;
      slope += term * Math.log(pi);
    }
    const next = k - value / slope;
    if (!(next > k)) break;
    k = next;
  }
  return k;
}

function power(market: ImpliedMarket): number[] {
  const k = powerExponent(market);
  return market.implied.map((pi) => pi ** k);
}

function shinProbabilities({ implied, impliedSum }: ImpliedMarket, z: number): number[] {
  return implied.map((pi) => {
    const q = (pi * pi) / impliedSum;
    const root = Math.sqrt(z * z + 4 * (1 - z) * q);
    // The textbook (root − z)/(2(1 − z)) cancels catastrophically for longshots when z > 0;
    // multiplying through by (root + z) gives the same value as 2q/(root + z) without the
    // subtraction. For z < 0 the textbook form is the stable one.
    return z >= 0 ? (2 * q) / (root + z) : (root - z) / (2 * (1 - z));
  });
}

function shinZFor(market: ImpliedMarket): number {
  if (market.impliedSum === 1) return 0;
  // Σpᵢ(z) falls strictly in z: it is √(Σπ) at z = 0, Σπ²/Σπ < 1 at z = 1 and → n as z → −∞.
  const excess = (z: number): number => shinProbabilities(market, z).reduce((sum, p) => sum + p, 0) - 1;
  if (market.impliedSum > 1) return bisectDecreasing(excess, 0, 1);
  let low = -1;
  while (excess(low) <= 0) low *= 2;
  return bisectDecreasing(excess, low, 0);
}

function shin(market: ImpliedMarket): number[] {
  // At z = 0 the formula is πᵢ/√Σπ, which is πᵢ in exact arithmetic when Σπ = 1 but can be an
  // ulp off in floats; return the input itself so that "no margin" means "unchanged".
  if (market.impliedSum === 1) return [...market.implied];
  return shinProbabilities(market, shinZFor(market));
}

function worstCase(market: ImpliedMarket): number[] {
  const candidates = [multiplicative(market), additiveOrNull(market), power(market), shin(market)].filter(
    (fair): fair is number[] => fair !== null,
  );
  return market.implied.map((_, index) =>
    Math.min(...candidates.map((fair) => fair[index] ?? Number.POSITIVE_INFINITY)),
  );
}

/**
 * Fair probabilities of one complete market (all `marketLength` outcomes of a `marketId`), in
 * the order of `prices`, with πᵢ = 1/priceᵢ and the margin Σπ − 1:
 * - `multiplicative`: πᵢ/Σπ.
 * - `additive`: πᵢ − (Σπ − 1)/n, the margin shared equally.
 * - `power`: πᵢᵏ with k solved so that Σπᵢᵏ = 1; takes more margin from longshots.
 * - `shin`: Shin (1993) in the Jullien–Salanié form
 *   pᵢ(z) = (√(z² + 4(1 − z)·πᵢ²/Σπ) − z) / (2(1 − z)), z solved so that Σpᵢ = 1
 *   (see {@link shinZ}). On a two-way market it equals `additive`.
 * - `worst-case`: per outcome, the LOWEST probability any of the four methods above gives it,
 *   i.e. the longest fair price — the least favourable reading for a bettor judging a price on
 *   that outcome, so expected value and no-vig CLV computed from it are the most cautious of
 *   the four (the convention of bettors' de-vig calculators); `additive` is skipped where it is
 *   undefined. A per-outcome bound, NOT a distribution: it sums to ≤ 1.
 *
 * k is found by Newton's method to double precision and z by bisection to 1e-15, so the
 * distributional methods sum to 1 within about 1e-15; nothing is rounded or renormalised.
 * With no margin (Σπ exactly 1 in floating point) every method returns the πᵢ unchanged.
 * A negative margin (Σπ < 1, e.g. best prices across books) is accepted and each method does the
 * consistent thing: multiplicative scales up; additive adds (1 − Σπ)/n to each; power takes
 * k in (0, 1); Shin takes z < 0, the same equation continued below zero (no longer an insider
 * share, but continuous through z = 0 and keeping probabilities ordered and in (0, 1)).
 * @throws DevigError for fewer than 2 prices, a price that is not a finite number > 1, an
 *   unknown method, or `additive` where it would give an outcome a probability ≤ 0.
 */
export function devig(prices: readonly number[], method: DevigMethod): number[] {
  const market = impliedMarket(prices);
  switch (method) {
    case 'multiplicative':
      return multiplicative(market);
    case 'additive':
      return additive(market);
    case 'power':
      return power(market);
    case 'shin':
      return shin(market);
    case 'worst-case':
      return worstCase(market);
    default: {
      // Methods arrive from URLs and stored preferences, so guard at runtime too.
      const unknown: never = method;
      throw new DevigError(`unknown devig method ${String(unknown)}`);
    }
  }
}

/**
 * Shin's z for a market: the share of insider money the margin implies, in [0, 1) for a market
 * with a margin, 0 with no margin, and negative below one (see {@link devig}). Found by bisection
 * to 1e-15.
 * @throws DevigError for fewer than 2 prices or a price that is not a finite number > 1.
 */
export function shinZ(prices: readonly number[]): number {
  return shinZFor(impliedMarket(prices));
}

/**
 * The consensus book of several books' prices of one market: per outcome the mean of the books'
 * implied probabilities 1/price — weighted by `weights` when given (Σ wᵦ/pᵦᵢ / Σ wᵦ; one weight
 * per book, aligned with `bookPrices`; equal weights are the plain mean, bit for bit) — returned
 * as a price (Σw / Σ w/price). It is what the odds screen's fair column and the parlay page's
 * leg probabilities de-vig (docs/domain.md, "Fair (no-vig) price — the rule"), so the two pages
 * agree on every market, and what a fair line's weighted consensus is (`fair-line.ts`). Unrounded.
 * @throws DevigError for no book, books of different lengths, a price that is not a finite
 *   number > 1 (a price of exactly 1 is a settled outcome: leave that book out first), weights
 *   not aligned with the books, a weight that is not finite and ≥ 0, or weights summing to 0.
 */
export function consensusBook(bookPrices: readonly (readonly number[])[], weights?: readonly number[]): number[] {
  const first = bookPrices[0];
  if (first === undefined) throw new DevigError('a consensus book needs the prices of at least one complete market, got none');
  if (weights !== undefined && weights.length !== bookPrices.length) {
    throw new DevigError(`${String(weights.length)} weights for ${String(bookPrices.length)} books: give one weight per book`);
  }
  let totalWeight = 0;
  const impliedSums = new Array<number>(first.length).fill(0);
  bookPrices.forEach((prices, book) => {
    const weight = weights?.[book] ?? 1;
    if (!Number.isFinite(weight) || weight < 0) throw new DevigError(`book ${String(book)} weight must be a finite number ≥ 0, got ${String(weight)}`);
    totalWeight += weight;
    if (prices.length !== first.length) {
      throw new DevigError(`book ${String(book)} prices ${String(prices.length)} outcomes, the first ${String(first.length)}: pass complete markets only`);
    }
    prices.forEach((price, i) => {
      if (!Number.isFinite(price) || price <= 1) {
        throw new DevigError(`book ${String(book)} outcome ${String(i)} price must be a finite decimal price above 1, got ${String(price)}`);
      }
      impliedSums[i] = (impliedSums[i] ?? 0) + weight / price;
    });
  });
  if (!(totalWeight > 0)) throw new DevigError('the books\' weights sum to 0: at least one book needs a weight above 0');
  return impliedSums.map((sum) => totalWeight / sum);
}

/**
 * The fair decimal price of a probability, 1/probability, unrounded.
 * @throws DevigError unless 0 < probability ≤ 1 (0 has no price; above 1 is not a probability).
 */
export function fairPrice(probability: number): number {
  if (!(probability > 0 && probability <= 1)) {
    throw new DevigError(`a probability must be in (0, 1], got ${String(probability)}`);
  }
  return 1 / probability;
}
