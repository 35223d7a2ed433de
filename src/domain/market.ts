// Whole-market maths on the prices of one `marketId`: the bookmaker's overround, the best price
// per outcome across bookmakers, and the arbitrage those best prices may leave open.

/** Thrown when market input is malformed (no prices, an invalid price, a duplicated outcome…). */
export class MarketError extends Error {
  override readonly name = 'MarketError';
}

/** One bookmaker's current price on one outcome of a market. */
export interface PriceQuote {
  readonly bookmaker: string;
  readonly outcomeId: number;
  readonly price: number;
  readonly active: boolean;
}

/** The best (highest) active price on an outcome and every bookmaker offering it. */
export interface BestPrice {
  price: number;
  /** Sorted by UTF-16 code units (plain `sort()`), so the order never depends on a locale. */
  bookmakers: string[];
}

/** The best price per outcome, as a map from {@link bestPrices} or as a list. */
export type BestPriceInput =
  | ReadonlyMap<number, { readonly price: number }>
  | readonly { readonly outcomeId: number; readonly price: number }[];

/** Stake to place on one outcome of an arbitrage. */
export interface ArbitrageStake {
  outcomeId: number;
  stake: number;
}

/** An arbitrage across the best prices of a complete market. */
export interface Arbitrage {
  /** Σ 1/priceᵢ over the best prices; below 1 for an arbitrage. */
  impliedSum: number;
  /** Guaranteed profit per unit staked in total: 1/impliedSum − 1. */
  profitRatio: number;
  /** One entry per outcome, by ascending `outcomeId`; they add up to the total stake. */
  stakes: ArbitrageStake[];
  /** What every outcome returns, stake included: totalStake/impliedSum. */
  payout: number;
}

// `Array.isArray` types its guard as `any[]`, which would leak `any` into the list branch.
function isOutcomeList(
  best: BestPriceInput,
): best is readonly { readonly outcomeId: number; readonly price: number }[] {
  return Array.isArray(best);
}

function assertPrice(price: number, where: string): void {
  if (!Number.isFinite(price) || price < 1) {
    throw new MarketError(`${where} must be a finite decimal price ≥ 1, got ${String(price)}`);
  }
}

/**
 * The bookmaker's margin on a market, Σ 1/pᵢ − 1, exact with no rounding: two prices of
 * 1.9090… (American −110) give 1/21 = 0.0476…. Negative when the prices leave an arbitrage.
 * Pass all the outcomes of one `marketId`: an incomplete market gives an understated figure.
 * @throws MarketError for an empty list or a price that is not a finite number ≥ 1.
 */
export function overround(prices: readonly number[]): number {
  if (prices.length === 0) throw new MarketError('overround needs at least one price, got none');
  let impliedSum = 0;
  prices.forEach((price, index) => {
    assertPrice(price, `prices[${String(index)}]`);
    impliedSum += 1 / price;
  });
  return impliedSum - 1;
}

/**
 * The best active price per `outcomeId` across bookmakers, in ascending `outcomeId` order.
 * Inactive quotes are ignored (and not validated); an outcome with no active quote is absent.
 * Equal best prices list every bookmaker offering them, sorted, each once.
 * @throws MarketError when an active quote's price is not a finite number ≥ 1.
 */
export function bestPrices(quotes: readonly PriceQuote[]): Map<number, BestPrice> {
  const best = new Map<number, BestPrice>();
  quotes.forEach((quote, index) => {
    if (!quote.active) return;
    assertPrice(quote.price, `quotes[${String(index)}].price`);
    const current = best.get(quote.outcomeId);
    if (current === undefined || quote.price > current.price) {
      best.set(quote.outcomeId, { price: quote.price, bookmakers: [quote.bookmaker] });
    } else if (quote.price === current.price && !current.bookmakers.includes(quote.bookmaker)) {
      current.bookmakers.push(quote.bookmaker);
    }
  });
  const sorted = new Map([...best.entries()].sort(([a], [b]) => a - b));
  for (const entry of sorted.values()) entry.bookmakers.sort();
  return sorted;
}

/**
 * The arbitrage left open by the best prices of a market, or `null` when there is none: when
 * fewer than `marketLength` outcomes are priced (an incomplete market proves nothing) or when
 * Σ 1/pᵢ ≥ 1. Otherwise the total `stake` is split in proportion to 1/pᵢ:
 * stakeᵢ = stake·(1/pᵢ)/Σ, so every outcome returns the same `payout` = stake/Σ and
 * `profitRatio` = 1/Σ − 1. Exact: nothing is rounded (round stakes to the book's increments
 * yourself, which shaves the profit).
 * @throws MarketError when `marketLength` is not an integer ≥ 2, `stake` is not finite and
 *   positive, a price is invalid, an `outcomeId` repeats, or more outcomes than `marketLength`
 *   are given.
 */
export function findArbitrage(best: BestPriceInput, marketLength: number, stake = 1): Arbitrage | null {
  if (!Number.isInteger(marketLength) || marketLength < 2) {
    throw new MarketError(`marketLength must be an integer ≥ 2, got ${String(marketLength)}`);
  }
  if (!Number.isFinite(stake) || stake <= 0) {
    throw new MarketError(`stake must be a finite positive number, got ${String(stake)}`);
  }
  const outcomes = isOutcomeList(best)
    ? best.map(({ outcomeId, price }) => ({ outcomeId, price }))
    : [...best.entries()].map(([outcomeId, { price }]) => ({ outcomeId, price }));
  const seen = new Set<number>();
  for (const { outcomeId, price } of outcomes) {
    if (seen.has(outcomeId)) throw new MarketError(`outcomeId ${String(outcomeId)} appears twice`);
    seen.add(outcomeId);
    assertPrice(price, `the price of outcomeId ${String(outcomeId)}`);
  }
  if (outcomes.length > marketLength) {
    throw new MarketError(
      `${String(outcomes.length)} outcomes priced but marketLength is ${String(marketLength)}`,
    );
  }
  if (outcomes.length < marketLength) return null;

  const impliedSum = outcomes.reduce((sum, { price }) => sum + 1 / price, 0);
  if (impliedSum >= 1) return null;
  return {
    impliedSum,
    profitRatio: 1 / impliedSum - 1,
    stakes: outcomes
      .sort((a, b) => a.outcomeId - b.outcomeId)
      .map(({ outcomeId, price }) => ({ outcomeId, stake: (stake * (1 / price)) / impliedSum })),
    payout: stake / impliedSum,
  };
}
