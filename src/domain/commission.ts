// Exchange commission: an exchange (and some prediction markets) takes a share of the net
// winnings of a winning bet, so what a back bet at price p really pays is less than p. Every
// comparison of prices across books — best price, arbitrage, EV — compares these net prices.

/** Thrown for a price or a commission rate outside its domain. */
export class CommissionError extends Error {
  override readonly name = 'CommissionError';
}

/**
 * The default commission rate per bookmaker slug, a share of net winnings (0.05 = 5 %). Books
 * missing here charge none (their margin is in the price). Sources (checked 2025):
 * - `betfair-ex` 5 %: Betfair's Market Base Rate on sports markets ("Commission = Net Winnings ×
 *   Market Base Rate × (100% − Discount Rate)", support.betfair.com a_id 413; "All sports markets
 *   have an MBR set at 5%", betfair.com.au help, commissions and charges). Discounts lower it.
 * - `kalshi` 3.5 %: Kalshi's taker fee is 0.07 × P × (1 − P) per contract at price P (Kalshi fee
 *   schedule); as a share of the winnings (1 − P) that is 0.07 × P, 3.5 % at an even 50¢ contract.
 * - `polymarket` 0 %: no trading fee on its sports markets (the cost is the spread); listed so
 *   the settings show it and a trader can set one.
 */
export const DEFAULT_COMMISSION: Readonly<Record<string, number>> = {
  'betfair-ex': 0.05,
  kalshi: 0.035,
  polymarket: 0,
};

/** Rates a user set (slug → rate), over the defaults. */
export type CommissionRates = Readonly<Record<string, number>>;

/** Throws unless `rate` is a share of winnings in [0, 1). */
export function assertCommissionRate(rate: number): void {
  if (!Number.isFinite(rate) || rate < 0 || rate >= 1) {
    throw new CommissionError(`a commission rate must be a share of winnings in [0, 1), got ${String(rate)}`);
  }
}

/**
 * The price a back bet at decimal `price` pays net of commission `rate` on its winnings:
 * `1 + (price − 1)(1 − rate)`. Unrounded (see docs/domain.md). Identity at rate 0; never above
 * `price`; increasing in `price`, decreasing in `rate`.
 * @throws CommissionError for a price that is not finite and ≥ 1, or a rate outside [0, 1).
 */
export function netPrice(price: number, rate: number): number {
  if (!Number.isFinite(price) || price < 1) throw new CommissionError(`a decimal price must be finite and ≥ 1, got ${String(price)}`);
  assertCommissionRate(rate);
  return 1 + (price - 1) * (1 - rate);
}

/** The rate that applies to `bookmaker`: the user's, else the default, else 0. */
export function commissionOf(bookmaker: string, rates: CommissionRates = {}): number {
  return rates[bookmaker] ?? DEFAULT_COMMISSION[bookmaker] ?? 0;
}
