// The bet tracker's model: a bet (a single, or a parlay of legs from the slip) that keeps its own
// close, CLV and grade once known, so the figures outlive the service's retention; and the
// totals an analyst judges a record by. The close and CLV maths are closing-line.ts's and
// clv.ts's, the money settleTicket's: nothing is computed here twice.
import type { ClvReference } from './closing-line.ts';
import { clvPriceBased } from './clv.ts';
import type { Grade } from './grade.ts';
import { accumulatorPrice } from './parlay.ts';
import { minorUnitsOf, roundToMinorUnits, settleTicket, type TicketSettlement } from './ticket.ts';

/** One bookmaker's kick-off close of a leg's selection, stored so any reference can be chosen later. */
export interface BookClose {
  /** Bookmaker slug. */
  readonly bookmaker: string;
  readonly price: number;
  /** 1 / the book's fair closing probability; null when its closing market was incomplete. */
  readonly fairPrice: number | null;
}

/** What is known of one leg's close (kick-off close, closing-line.ts), stored on the leg. */
export type LegClose =
  /** The fixture has not kicked off yet: the close is still to come. */
  | { readonly kind: 'open' }
  /** The kick-off close of the leg's selection. */
  | {
      readonly kind: 'closed';
      /** The same book's kick-off close. */
      readonly price: number;
      /** The same book's close with its margin removed (1 / fair probability); null when its closing market was incomplete. */
      readonly fairPrice: number | null;
      /** The consensus close (a fair price: closing-line.ts consensusClose); null when no book had a complete closing market. */
      readonly consensusPrice: number | null;
      /**
       * Every book's kick-off close of the selection, by bookmaker slug, so a sharp book can be the
       * reference offline; null when not captured (bets stored before these were kept).
       */
      readonly bookCloses: readonly BookClose[] | null;
    }
  /** No close to judge the leg by: placed in play, cancelled, or never quoted pre-match. */
  | { readonly kind: 'none'; readonly reason: string };

export interface TrackedLeg {
  readonly oddsId: string;
  /** Bookmaker slug. */
  readonly bookmaker: string;
  /** Decimal price taken (> 1). */
  readonly price: number;
  /** Sport name, for the totals by sport; '' when unknown. */
  readonly sport: string;
  /** What the user sees the selection as (fixture, market, outcome); '' when unknown. */
  readonly label: string;
  readonly close: LegClose;
  /** The grade from `/fixtures/settlement`, null until the selection settles. */
  readonly grade: Grade | null;
}

export interface TrackedBet {
  /** Unique within the list (the store makes it). */
  readonly id: string;
  /** When the bet was placed, epoch ms. */
  readonly placedAt: number;
  /** Amount staked (> 0), in `currency`'s units. */
  readonly stake: number;
  /** A label only (settleTicket rounds to its minor unit); nothing is converted. */
  readonly currency: string;
  readonly note: string;
  /** One leg is a single; more is a parlay. */
  readonly legs: readonly TrackedLeg[];
}

/** A bet as stored cannot be used: the message names the field. */
export class TrackedBetError extends Error {
  override readonly name = 'TrackedBetError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Checks what a user types or imports: price > 1, stake > 0 in the currency's minor units, a time, at least one leg.
 * @throws TrackedBetError naming the field.
 */
export function checkTrackedBet(bet: TrackedBet): void {
  if (bet.legs.length === 0) throw new TrackedBetError('legs', 'A bet needs at least one leg.');
  if (!Number.isFinite(bet.stake) || bet.stake <= 0) throw new TrackedBetError('stake', `The stake must be more than 0, got ${String(bet.stake)}.`);
  const minorUnits = minorUnitsOf(bet.currency);
  // settleTicket pays in the currency's minor units: a stake finer than that could never be settled.
  if (roundToMinorUnits(bet.stake, minorUnits) !== bet.stake) {
    throw new TrackedBetError('stake', `A stake in ${bet.currency.trim() === '' ? 'this currency' : bet.currency.trim()} has at most ${String(minorUnits)} decimals, got ${String(bet.stake)}.`);
  }
  if (!Number.isFinite(bet.placedAt)) throw new TrackedBetError('placedAt', 'The time placed is not a time.');
  bet.legs.forEach((leg, i) => {
    const where = bet.legs.length > 1 ? `leg ${String(i + 1)} ` : '';
    if (leg.oddsId.trim() === '') throw new TrackedBetError('oddsId', `The ${where}oddsId is empty.`);
    if (leg.bookmaker.trim() === '') throw new TrackedBetError('bookmaker', `The ${where}bookmaker is empty.`);
    if (!Number.isFinite(leg.price) || leg.price <= 1) throw new TrackedBetError('price', `The ${where}price must be more than 1, got ${String(leg.price)}.`);
    if (leg.close.kind === 'closed') {
      const prices: [string, number | null][] = [['closePrice', leg.close.price], ['fairClosePrice', leg.close.fairPrice], ['consensusClosePrice', leg.close.consensusPrice]];
      for (const book of leg.close.bookCloses ?? []) prices.push(['bookClosePrices', book.price], ['bookClosePrices', book.fairPrice]);
      for (const [field, value] of prices) {
        if (value !== null && !(Number.isFinite(value) && value >= 1)) throw new TrackedBetError(field, `The ${where}close must be a decimal price of at least 1, got ${String(value)}.`);
      }
      if (leg.close.bookCloses?.some((book) => book.bookmaker.trim() === '')) throw new TrackedBetError('bookClosePrices', `The ${where}close of a book has no bookmaker.`);
    }
  });
}

/** The price a bet was taken at: the leg's price, or the product of a parlay's legs. */
export function takenPrice(bet: TrackedBet): number {
  return accumulatorPrice(bet.legs.map((leg) => leg.price));
}

/** A bet's close: a parlay's is the product of its legs' closes, defined once the last leg closed. */
export type BetClose =
  | { readonly kind: 'open' }
  | { readonly kind: 'closed'; readonly price: number; readonly fairPrice: number | null; readonly consensusPrice: number | null }
  | { readonly kind: 'none'; readonly reason: string };

/** The product of the legs' closes, in accumulatorPrice's leg-order-free way; null when one is missing. */
function productOrNull(values: readonly (number | null)[]): number | null {
  const prices = values.filter((value): value is number => value !== null);
  return prices.length === values.length ? accumulatorPrice(prices) : null;
}

/**
 * The bet's close. A leg without a close leaves the whole bet without one (its reason); else a
 * leg still open leaves it open; else the product of every leg's close (and of the fair and
 * reference closes, null when a leg lacks one).
 */
export function betClose(bet: TrackedBet): BetClose {
  const none = bet.legs.find((leg) => leg.close.kind === 'none');
  if (none !== undefined && none.close.kind === 'none') return { kind: 'none', reason: none.close.reason };
  const closed = bet.legs.flatMap((leg) => (leg.close.kind === 'closed' ? [leg.close] : []));
  if (closed.length < bet.legs.length) return { kind: 'open' };
  return {
    kind: 'closed',
    price: accumulatorPrice(closed.map((c) => c.price)),
    fairPrice: productOrNull(closed.map((c) => c.fairPrice)),
    consensusPrice: productOrNull(closed.map((c) => c.consensusPrice)),
  };
}

/** CLV of a bet, fractions (0.05 = +5%), unrounded; null where that close is missing. */
export interface BetClv {
  /** taken / same book's close − 1. */
  readonly priceBased: number;
  /** taken / same book's fair close − 1 (= taken × fair probability − 1). */
  readonly noVig: number | null;
}

/** The bet's CLV against its close, or null while it has none. */
export function betClv(bet: TrackedBet): BetClv | null {
  const close = betClose(bet);
  if (close.kind !== 'closed') return null;
  const taken = takenPrice(bet);
  return {
    priceBased: clvPriceBased(taken, close.price),
    noVig: close.fairPrice === null ? null : clvPriceBased(taken, close.fairPrice),
  };
}

/** A bet's close against the chosen reference (closing-line.ts ClvReference), from its stored figures. */
export type ReferenceClose =
  | { readonly kind: 'open' }
  | { readonly kind: 'none'; readonly reason: string }
  /** The reference's close (a parlay's: the product of its legs'), and with its margin removed (null when unknown). */
  | { readonly kind: 'closed'; readonly price: number; readonly fairPrice: number | null }
  /** The reference had no close of a leg: `of` is the sharp book's slug, or 'consensus'. */
  | { readonly kind: 'no-close'; readonly of: string }
  /** The bet was stored before every book's close was kept: a sharp book's close cannot be known offline. */
  | { readonly kind: 'not-stored' };

function sharpLegClose(close: LegClose, bookmaker: string): BookClose | 'not-stored' | null {
  if (close.kind !== 'closed') return null;
  if (close.bookCloses === null) return 'not-stored';
  return close.bookCloses.find((book) => book.bookmaker === bookmaker) ?? null;
}

/**
 * The bet's close against `reference`: the same book's (betClose), the consensus (already
 * margin-free, so its fair price is itself), or a sharp book's stored close of every leg.
 */
export function referenceClose(bet: TrackedBet, reference: ClvReference): ReferenceClose {
  const close = betClose(bet);
  if (close.kind !== 'closed') return close;
  switch (reference.kind) {
    case 'same-book':
      return { kind: 'closed', price: close.price, fairPrice: close.fairPrice };
    case 'consensus':
      return close.consensusPrice === null ? { kind: 'no-close', of: 'consensus' } : { kind: 'closed', price: close.consensusPrice, fairPrice: close.consensusPrice };
    case 'sharp': {
      const books: BookClose[] = [];
      for (const leg of bet.legs) {
        const book = sharpLegClose(leg.close, reference.bookmaker);
        if (book === 'not-stored') return { kind: 'not-stored' };
        if (book === null) return { kind: 'no-close', of: reference.bookmaker };
        books.push(book);
      }
      return { kind: 'closed', price: accumulatorPrice(books.map((b) => b.price)), fairPrice: productOrNull(books.map((b) => b.fairPrice)) };
    }
    default: {
      const unknown: never = reference;
      return unknown;
    }
  }
}

/** CLV of the bet against `reference` (price-based and no-vig, as BetClv), or null while that close is not known. */
export function referenceClv(bet: TrackedBet, reference: ClvReference): BetClv | null {
  const close = referenceClose(bet, reference);
  if (close.kind !== 'closed') return null;
  const taken = takenPrice(bet);
  return { priceBased: clvPriceBased(taken, close.price), noVig: close.fairPrice === null ? null : clvPriceBased(taken, close.fairPrice) };
}

/** The bet's settlement (settleTicket), or null until every leg is graded. */
export function betSettlement(bet: TrackedBet): TicketSettlement | null {
  const graded: { grade: Grade; price: number }[] = [];
  for (const leg of bet.legs) {
    if (leg.grade === null) return null;
    graded.push({ grade: leg.grade, price: leg.price });
  }
  return settleTicket(graded, bet.stake, bet.currency);
}

/** What an analyst judges a set of bets by. Fractions unrounded; null where nothing counts. */
export interface TrackerTotals {
  readonly count: number;
  /** Bets with a close (price-based CLV against the same book). */
  readonly withClose: number;
  /** Mean price-based CLV over the bets with a close. */
  readonly averageClv: number | null;
  /** Share of the bets with a close whose CLV is above 0. */
  readonly beatCloseShare: number | null;
  /** Settled bets. */
  readonly settled: number;
  /** Σ profit / Σ stake over the settled bets. */
  readonly roi: number | null;
  /** Profit summed over the settled bets, in the currencies' units (mixed currencies are summed as labels). */
  readonly profit: number;
  /** Share of the decided bets (settled, payout ≠ stake) that made a profit. */
  readonly hitRate: number | null;
}

/** The totals of `bets` (see TrackerTotals for each definition). */
export function trackerTotals(bets: readonly TrackedBet[]): TrackerTotals {
  let clvSum = 0;
  let withClose = 0;
  let beat = 0;
  let settled = 0;
  let staked = 0;
  let profit = 0;
  let decided = 0;
  let hits = 0;
  for (const bet of bets) {
    const clv = betClv(bet);
    if (clv !== null) {
      withClose += 1;
      clvSum += clv.priceBased;
      if (clv.priceBased > 0) beat += 1;
    }
    const settlement = betSettlement(bet);
    if (settlement !== null) {
      settled += 1;
      staked += bet.stake;
      profit += settlement.profit;
      if (settlement.profit !== 0) {
        decided += 1;
        if (settlement.profit > 0) hits += 1;
      }
    }
  }
  return {
    count: bets.length,
    withClose,
    averageClv: withClose === 0 ? null : clvSum / withClose,
    beatCloseShare: withClose === 0 ? null : beat / withClose,
    settled,
    roi: settled === 0 ? null : profit / staked,
    profit,
    hitRate: decided === 0 ? null : hits / decided,
  };
}

/** The key a bet is totalled under: its legs' common value, or 'mixed' when they differ. */
export function groupKey(bet: TrackedBet, of: (leg: TrackedLeg) => string): string {
  const values = new Set(bet.legs.map(of));
  if (values.size !== 1) return 'mixed';
  const [only] = values;
  return only === undefined || only === '' ? 'unknown' : only;
}

/** Totals per group (by bookmaker: `(leg) => leg.bookmaker`; by sport: `(leg) => leg.sport`), sorted by key. */
export function totalsBy(bets: readonly TrackedBet[], of: (leg: TrackedLeg) => string): { key: string; totals: TrackerTotals }[] {
  const groups = new Map<string, TrackedBet[]>();
  for (const bet of bets) {
    const key = groupKey(bet, of);
    groups.set(key, [...(groups.get(key) ?? []), bet]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, group]) => ({ key, totals: trackerTotals(group) }));
}

/** One point of the cumulative chart: after the bet placed at `placedAt`, the running sums. */
export interface CumulativePoint {
  readonly placedAt: number;
  /** Σ price-based CLV (fractions) of the bets so far that have a close. */
  readonly clv: number;
  /** Σ profit of the bets so far that settled. */
  readonly profit: number;
}

/** The running CLV and P/L sums in the order the bets were placed (ties by id). */
export function cumulativeSeries(bets: readonly TrackedBet[]): CumulativePoint[] {
  const ordered = [...bets].sort((a, b) => a.placedAt - b.placedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  let clv = 0;
  let profit = 0;
  return ordered.map((bet) => {
    clv += betClv(bet)?.priceBased ?? 0;
    profit += betSettlement(bet)?.profit ?? 0;
    return { placedAt: bet.placedAt, clv, profit };
  });
}
