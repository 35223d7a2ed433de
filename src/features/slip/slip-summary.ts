// What the drawer says about each leg's live price and about the legs together: whether a leg can
// be priced now (and if not, why), and the simple product of the current prices.
import { accumulatorPrice, roundParlayPrice } from '../../domain/parlay.ts';
import type { BookmakerFixtureMeta, OddsEntry } from '../../wire/shared-schemas.ts';

/** A leg's price as the live book holds it now. */
export type LegPriceState =
  | { readonly kind: 'priced'; readonly price: number }
  /** The book holds no price for the oddsId (not quoted now, or not loaded yet). */
  | { readonly kind: 'unquoted' }
  /** The bookmaker is suspended on the fixture (BookmakerFixtureMeta `suspended`). */
  | { readonly kind: 'book-suspended' }
  /** The market is closed for betting (`marketActive: false`). */
  | { readonly kind: 'market-suspended' }
  /** The price itself is not active (`active: false`). */
  | { readonly kind: 'inactive' };

/**
 * The state of one leg from its live entry and its bookmaker's meta on the fixture. The most
 * general reason wins: a suspended bookmaker before a closed market before an inactive price.
 */
export function legPriceState(entry: OddsEntry | undefined, meta: BookmakerFixtureMeta | undefined): LegPriceState {
  if (entry === undefined) return { kind: 'unquoted' };
  if (meta?.suspended === true) return { kind: 'book-suspended' };
  if (!entry.marketActive) return { kind: 'market-suspended' };
  if (!entry.active) return { kind: 'inactive' };
  return { kind: 'priced', price: entry.price };
}

/** The words for a leg that has no usable price (screen readers hear the same). */
export function legPriceProblem(state: LegPriceState): string | null {
  switch (state.kind) {
    case 'priced':
      return null;
    case 'unquoted':
      return 'no current price';
    case 'book-suspended':
      return 'bookmaker suspended';
    case 'market-suspended':
      return 'market suspended';
    case 'inactive':
      return 'price inactive';
    default: {
      const unknown: never = state;
      throw new Error(`unknown leg state ${JSON.stringify(unknown)}`);
    }
  }
}

/** The legs together. */
export interface SlipProduct {
  /**
   * The simple product of the current leg prices (no correlation, no bookmaker's quote), with a
   * parlay's wire rounding (2 decimals, at least 1.01); null unless every leg has a usable price.
   */
  readonly price: number | null;
  /** Legs without a usable price now. */
  readonly unpriced: number;
}

/** The simple product of the legs' current prices, or why there is none (see {@link SlipProduct}). */
export function slipProduct(states: readonly LegPriceState[]): SlipProduct {
  const prices: number[] = [];
  for (const state of states) if (state.kind === 'priced') prices.push(state.price);
  const unpriced = states.length - prices.length;
  if (states.length === 0 || unpriced > 0) return { price: null, unpriced };
  return { price: roundParlayPrice(accumulatorPrice(prices)), unpriced: 0 };
}
