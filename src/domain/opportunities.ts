// The opportunities scan of one market: every bettable price whose expected value against the
// chosen fair line reaches a floor, and the cross-book arbitrage its best net prices leave open.
// Pure; the scanner (src/book/opportunity-scanner.ts) runs it in the stream worker over the live
// book, once per changed market per batch. Formulas and rounding: docs/domain.md, "Opportunities".
import { assertCommissionRate, commissionOf, type CommissionRates } from './commission.ts';
import { DevigError, type DevigMethod } from './devig.ts';
import { countingFairLine, fairLineWeight, type FairLine, type FairLineBook } from './fair-line.ts';
import { findArbitrage } from './market.ts';
import type { OddsEntry } from '../wire/shared-schemas.ts';

/** Thrown for a probability or price outside its domain. */
export class OpportunityError extends Error {
  override readonly name = 'OpportunityError';
}

function assertProbability(probability: number): void {
  if (!(probability > 0 && probability <= 1)) throw new OpportunityError(`a fair probability must be in (0, 1], got ${String(probability)}`);
}

function assertNetPrice(price: number): void {
  if (!Number.isFinite(price) || price <= 1) throw new OpportunityError(`a net decimal price must be finite and above 1, got ${String(price)}`);
}

/**
 * Expected value per unit staked of a bet paying `net` (the price net of commission) on an
 * outcome of fair probability `probability`: p·net − 1. Unrounded.
 * @throws OpportunityError for a probability outside (0, 1] or a net price not above 1.
 */
export function expectedValue(probability: number, net: number): number {
  assertProbability(probability);
  assertNetPrice(net);
  return probability * net - 1;
}

/**
 * The Kelly stake as a share of the bankroll: f = (p·b − q)/b with b = net − 1 and q = 1 − p
 * (which is EV/b), 0 when the bet has no edge (never a negative stake). Unrounded.
 * @throws OpportunityError for a probability outside (0, 1] or a net price not above 1.
 */
export function kellyFraction(probability: number, net: number): number {
  assertProbability(probability);
  assertNetPrice(net);
  const b = net - 1;
  const f = (probability * b - (1 - probability)) / b;
  return f > 0 ? f : 0;
}

/** An EV (or a return) as a signed percentage with one decimal ("+1.2%", "−3.4%"); toFixed rounding, as every page shows it. */
export function formatEv(ev: number): string {
  const text = `${Math.abs(ev * 100).toFixed(1)}%`;
  if (text === '0.0%') return text;
  return ev > 0 ? `+${text}` : `−${text}`;
}

/** One bookmaker's live price of one outcome, as the scan reads it from the book. */
export interface ScanQuote extends Pick<OddsEntry, 'bookmaker' | 'outcomeId' | 'price' | 'active' | 'marketActive' | 'changedAt'> {
  readonly oddsId: string;
}

/** A bookmaker's state on the fixture: a stale or suspended book's prices never count. */
export interface ScanBookStatus {
  readonly stale: boolean;
  readonly suspended: boolean;
}

/** One market (a `marketId` with a `playerId`) of one fixture. */
export interface ScanMarketInput {
  /** The catalogue's outcomeIds in canonical order: all `marketLength` of them. */
  readonly outcomeIds: readonly number[];
  /**
   * Each outcomeId's position in `outcomeIds`, when the caller scans the same market often and
   * built it once (a correct-score market has dozens of outcomes: a lookup, not a search, per quote).
   */
  readonly outcomePositions?: ReadonlyMap<number, number>;
  /** Every quote the book holds on the market, any bookmaker, any state. */
  readonly quotes: Iterable<ScanQuote>;
  /** The state of a bookmaker on the fixture; undefined: no meta, counts as healthy. */
  readonly bookStatus: (bookmaker: string) => ScanBookStatus | undefined;
}

export interface ScanOptions {
  readonly fairLine: FairLine;
  readonly method: DevigMethod;
  /** Commission rates on winnings over `DEFAULT_COMMISSION`: EV and arbitrage use net prices. */
  readonly commission: CommissionRates;
  /** Whether the trader can bet at a book: only those make EV rows and arbitrage legs. */
  readonly canBet: (bookmaker: string) => boolean;
  /** EV rows below this are not kept (the page's threshold filters further); default 0. */
  readonly minEv?: number;
}

/** A bettable price with an edge against the fair line. */
export interface EvFind {
  readonly oddsId: string;
  readonly bookmaker: string;
  readonly outcomeId: number;
  /** Gross (shown) price. */
  readonly price: number;
  readonly netPrice: number;
  readonly fairProbability: number;
  /** p·net − 1. */
  readonly ev: number;
  readonly changedAt: number;
}

/** One leg of a cross-book arbitrage. */
export interface ArbitrageFindLeg {
  readonly outcomeId: number;
  readonly oddsId: string;
  readonly bookmaker: string;
  readonly price: number;
  readonly netPrice: number;
  /** Share of the total stake: (1/netᵢ)/Σ 1/netⱼ. */
  readonly share: number;
  readonly changedAt: number;
}

export interface ArbitrageFind {
  /** Σ 1/netᵢ over the legs, below 1. */
  readonly impliedSum: number;
  /** Guaranteed profit per unit staked in total: 1/Σ − 1. */
  readonly profitRatio: number;
  /** In the catalogue's outcome order. */
  readonly legs: readonly ArbitrageFindLeg[];
  /** The `changedAt` of the leg quoted longest ago. */
  readonly oldestChangedAt: number;
}

export interface MarketScan {
  readonly ev: readonly EvFind[];
  readonly arbitrage: ArbitrageFind | null;
}

export const NO_FINDS: MarketScan = { ev: [], arbitrage: null };

/** One book's quotes of a market by outcome position (the catalogue's order); a hole where it has none. */
export interface ScanLine {
  readonly bookmaker: string;
  readonly quotes: readonly (ScanQuote | undefined)[];
}

function counts(quote: ScanQuote): boolean {
  return quote.active && quote.marketActive && Number.isFinite(quote.price) && quote.price > 1;
}

/** What the options say of one bookmaker: looked up once per options object, not once per line per scan. */
interface BookTerms {
  /** Its weight in the fair line (0: not part of it). */
  readonly weight: number;
  readonly canBet: boolean;
  /** Commission on winnings (checked where a price is netted, as `netPrice` does). */
  readonly rate: number;
}

const termsCache = new WeakMap<ScanOptions, Map<string, BookTerms>>();

function termsOf(options: ScanOptions): Map<string, BookTerms> {
  let terms = termsCache.get(options);
  if (terms === undefined) {
    terms = new Map();
    termsCache.set(options, terms);
  }
  return terms;
}

function bookTerms(terms: Map<string, BookTerms>, options: ScanOptions, bookmaker: string): BookTerms {
  let found = terms.get(bookmaker);
  if (found === undefined) {
    found = { weight: fairLineWeight(options.fairLine, bookmaker), canBet: options.canBet(bookmaker), rate: commissionOf(bookmaker, options.commission) };
    terms.set(bookmaker, found);
  }
  return found;
}

function byBookmaker(a: ScanLine, b: ScanLine): number {
  return a.bookmaker < b.bookmaker ? -1 : a.bookmaker > b.bookmaker ? 1 : 0;
}

/**
 * A market's quotes as `scanMarketLines` takes them: one line per book, in slug order, each
 * quote at its outcome's position in `outcomeIds` (a later quote of the same book and outcome
 * replaces an earlier one). Quotes of outcomes outside `outcomeIds` are left out. The lines hold
 * the quote objects themselves, so a caller whose quotes change in place may keep them until a
 * quote comes, goes, or changes book or outcome.
 */
export function scanLinesOf(outcomeIds: readonly number[], quotes: Iterable<ScanQuote>, outcomePositions?: ReadonlyMap<number, number>): ScanLine[] {
  const n = outcomeIds.length;
  const lines: { readonly bookmaker: string; readonly quotes: (ScanQuote | undefined)[] }[] = [];
  let line: (typeof lines)[number] | undefined;
  for (const quote of quotes) {
    const position = outcomePositions === undefined ? outcomeIds.indexOf(quote.outcomeId) : (outcomePositions.get(quote.outcomeId) ?? -1);
    if (position < 0) continue;
    // A book's quotes mostly come together: the last line is usually the one; else a short search (a market has tens of books, not thousands).
    if (line?.bookmaker !== quote.bookmaker) {
      line = undefined;
      for (let k = lines.length - 1; k >= 0; k -= 1) {
        if (lines[k]?.bookmaker === quote.bookmaker) {
          line = lines[k];
          break;
        }
      }
      if (line === undefined) {
        line = { bookmaker: quote.bookmaker, quotes: new Array<ScanQuote | undefined>(n).fill(undefined) };
        lines.push(line);
      }
    }
    line.quotes[position] = quote;
  }
  lines.sort(byBookmaker);
  return lines;
}

/**
 * Scans one market. A price COUNTS when it is active, its market is active, its price is above
 * 1 and its book is neither stale nor suspended. The fair probabilities are the fair line's
 * (`fairLineProbabilities`: its books' counting complete markets, weighted consensus, de-vigged
 * by `method`); every counting price at a bettable book whose EV against them is ≥ `minEv` is an
 * EV find. The arbitrage is `findArbitrage` over the best net price per outcome among the
 * counting prices at bettable books (ties: the bookmaker first by slug), when every outcome has
 * one. Quotes of outcomes outside `outcomeIds` are ignored. Unrounded.
 *
 * Books are taken in slug order whatever the order of `quotes`, so the same prices always give
 * the same finds to the last bit (the consensus is a floating-point sum over books): a scanner
 * that keeps a market's quotes as they arrive gets exactly what a scan from scratch gets.
 *
 * `options` is read as constant for its lifetime: each book's weight, bettability and commission
 * are looked up once per options object (a scanner makes a new one when its settings change).
 */
export function scanMarket(input: ScanMarketInput, options: ScanOptions): MarketScan {
  if (input.outcomeIds.length < 2) return NO_FINDS;
  return scanMarketLines(input.outcomeIds.length, scanLinesOf(input.outcomeIds, input.quotes, input.outcomePositions), input.bookStatus, options);
}

/**
 * `scanMarket` over a market already grouped by `scanLinesOf` (`n` outcomes, lines in slug
 * order): the same finds, for a scanner that keeps the grouping while only prices move. Each
 * book's state is read from `bookStatus` at every call.
 */
export function scanMarketLines(n: number, lines: readonly ScanLine[], bookStatus: (bookmaker: string) => ScanBookStatus | undefined, options: ScanOptions): MarketScan {
  if (n < 2 || lines.length === 0) return NO_FINDS;
  const terms = termsOf(options);
  const lineTerms: BookTerms[] = [];
  const blocked: boolean[] = [];
  for (const line of lines) {
    lineTerms.push(bookTerms(terms, options, line.bookmaker));
    const status = bookStatus(line.bookmaker);
    blocked.push(status !== undefined && (status.stale || status.suspended));
  }

  // Only a weighted, unblocked book pricing the whole market can be part of the line; the others
  // only explain why they are not (which the scan does not show), so they are not passed.
  const fairBooks: FairLineBook[] = [];
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k];
    const weight = lineTerms[k]?.weight ?? 0;
    if (line === undefined || blocked[k] === true || !(weight > 0)) continue;
    const prices: number[] = [];
    for (const quote of line.quotes) {
      if (quote === undefined || !counts(quote)) break;
      prices.push(quote.price);
    }
    if (prices.length === n) fairBooks.push({ bookmaker: line.bookmaker, weight, prices });
  }
  let fair: number[] | null = null;
  try {
    fair = countingFairLine(options.fairLine, fairBooks, options.method);
  } catch (error) {
    // A method undefined for this consensus (additive with a long shot): no fair price, no EV.
    if (!(error instanceof DevigError)) throw error;
  }

  const minEv = options.minEv ?? 0;
  const ev: EvFind[] = [];
  const bestQuote: (ScanQuote | undefined)[] = new Array<ScanQuote | undefined>(n).fill(undefined);
  const bestNet: number[] = new Array<number>(n).fill(0);
  for (let k = 0; k < lines.length; k += 1) {
    const line = lines[k];
    const lineTerm = lineTerms[k];
    if (line === undefined || lineTerm === undefined || blocked[k] === true || !lineTerm.canBet) continue;
    const rate = lineTerm.rate;
    assertCommissionRate(rate);
    for (let i = 0; i < n; i += 1) {
      const quote = line.quotes[i];
      if (quote === undefined || !counts(quote)) continue;
      // `netPrice`'s formula, inline: the price is finite and above 1 (it counts), the rate was checked above.
      const net = 1 + (quote.price - 1) * (1 - rate);
      const probability = fair?.[i];
      if (probability !== undefined && probability > 0) {
        const value = probability * net - 1;
        if (value >= minEv) {
          ev.push({ oddsId: quote.oddsId, bookmaker: line.bookmaker, outcomeId: quote.outcomeId, price: quote.price, netPrice: net, fairProbability: probability, ev: value, changedAt: quote.changedAt });
        }
      }
      const current = bestQuote[i];
      // Lines come in slug order, so on a tie the book already held is the first by slug.
      if (current === undefined || net > (bestNet[i] ?? 0)) {
        bestQuote[i] = quote;
        bestNet[i] = net;
      }
    }
  }

  let arbitrage: ArbitrageFind | null = null;
  let complete = true;
  for (const leg of bestQuote) if (leg === undefined) complete = false;
  if (complete) {
    const legs = bestQuote as ScanQuote[];
    const found = findArbitrage(
      legs.map((_, i) => ({ outcomeId: i, price: bestNet[i] ?? 0 })),
      n,
    );
    if (found !== null) {
      let oldest = Number.POSITIVE_INFINITY;
      arbitrage = {
        impliedSum: found.impliedSum,
        profitRatio: found.profitRatio,
        legs: legs.map((quote, i) => {
          if (quote.changedAt < oldest) oldest = quote.changedAt;
          return {
            outcomeId: quote.outcomeId,
            oddsId: quote.oddsId,
            bookmaker: quote.bookmaker,
            price: quote.price,
            netPrice: bestNet[i] ?? 0,
            share: found.stakes[i]?.stake ?? 0,
            changedAt: quote.changedAt,
          };
        }),
        oldestChangedAt: oldest,
      };
    }
  }
  return ev.length === 0 && arbitrage === null ? NO_FINDS : { ev, arbitrage };
}

/**
 * Each leg's stake of an arbitrage for a total stake `total`: stakeᵢ = T·shareᵢ, rounded to
 * cents (half away from zero, `roundHalfAwayFromZero`) by the page; here unrounded.
 */
export function arbitrageStakes(shares: readonly number[], total: number): number[] {
  if (!Number.isFinite(total) || total <= 0) throw new OpportunityError(`a total stake must be a finite positive number, got ${String(total)}`);
  return shares.map((share) => share * total);
}
