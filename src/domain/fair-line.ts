// A fair line the trader defines: one book (e.g. Pinnacle) or a weighted consensus of books, with
// a minimum number of books and an optional required one. Which books count (never a stale or
// suspended one), and the fair probabilities: the weighted consensus book de-vigged once.
import { consensusBook, devig, type DevigMethod } from './devig.ts';

/** How a fair line is made from the books quoting a market (docs/domain.md, "A fair line you define"). */
export interface FairLine {
  /**
   * Weight ≥ 0 per bookmaker slug; a book not listed (or at 0) is not part of the line. null:
   * every book at weight 1 — the equal consensus of every book, the odds screen's default.
   */
  readonly weights: Readonly<Record<string, number>> | null;
  /** The fewest books that must count for there to be a fair line (≥ 1). */
  readonly minBooks: number;
  /** A book without whose complete counting market there is no fair line; null for none. */
  readonly requiredBook: string | null;
}

/** The default: every book that counts, equally weighted, from one book up — today's fair column. */
export const EQUAL_CONSENSUS: FairLine = { weights: null, minBooks: 1, requiredBook: null };

/** One book's quote of a market, as the caller judged it. */
export interface FairLineQuote {
  readonly bookmaker: string;
  /**
   * The book's counting prices of every outcome in the market's order, or null when it does not
   * price the whole market with counting prices (an outcome absent, inactive, market suspended).
   */
  readonly prices: readonly number[] | null;
  /** Stale and suspended books never count, whatever their prices. */
  readonly stale: boolean;
  readonly suspended: boolean;
}

/** Why a quoting book is not part of the fair line. */
export type FairLineExclusion = 'not-weighted' | 'suspended' | 'stale' | 'incomplete';

/** Why there is no fair line at all. */
export type FairLineFailure =
  | { readonly kind: 'required-book-missing'; readonly bookmaker: string; readonly reason: FairLineExclusion | 'absent' }
  | { readonly kind: 'too-few-books'; readonly counted: number; readonly needed: number };

export interface FairLineBook {
  readonly bookmaker: string;
  readonly weight: number;
  readonly prices: readonly number[];
}

export interface FairLineSelection {
  /** The books the line is made of, in the order of the quotes. */
  readonly used: readonly FairLineBook[];
  /** Every other quoting book and why it was left out, in the order of the quotes. */
  readonly excluded: readonly { readonly bookmaker: string; readonly reason: FairLineExclusion }[];
  /** Null when `used` makes a fair line. */
  readonly failure: FairLineFailure | null;
}

/** The weight a fair line gives `bookmaker` (0: not part of it). */
export function fairLineWeight(line: FairLine, bookmaker: string): number {
  if (line.weights === null) return 1;
  return line.weights[bookmaker] ?? 0;
}

/**
 * Which of `quotes` make the fair line, and why each other one does not: a book counts when the
 * line weighs it above 0, it is neither suspended nor stale, and it prices the whole market
 * (checked in that order, the first reason given). No line when the required book does not
 * count (`required-book-missing`, with its reason, `absent` when it does not quote), else when
 * fewer than `minBooks` count (`too-few-books`).
 */
export function selectFairLineBooks(line: FairLine, quotes: readonly FairLineQuote[]): FairLineSelection {
  const used: FairLineBook[] = [];
  const excluded: { bookmaker: string; reason: FairLineExclusion }[] = [];
  for (const quote of quotes) {
    const weight = fairLineWeight(line, quote.bookmaker);
    const reason: FairLineExclusion | null = !(weight > 0)
      ? 'not-weighted'
      : quote.suspended
        ? 'suspended'
        : quote.stale
          ? 'stale'
          : quote.prices === null
            ? 'incomplete'
            : null;
    if (reason === null && quote.prices !== null) used.push({ bookmaker: quote.bookmaker, weight, prices: quote.prices });
    else excluded.push({ bookmaker: quote.bookmaker, reason: reason ?? 'incomplete' });
  }
  const required = line.requiredBook;
  let failure: FairLineFailure | null = null;
  if (required !== null && !used.some((book) => book.bookmaker === required)) {
    failure = { kind: 'required-book-missing', bookmaker: required, reason: excluded.find((book) => book.bookmaker === required)?.reason ?? 'absent' };
  } else if (used.length < Math.max(1, line.minBooks)) {
    failure = { kind: 'too-few-books', counted: used.length, needed: Math.max(1, line.minBooks) };
  }
  return { used, excluded, failure };
}

/** The weighted consensus book of a selection (`consensusBook`), or null when it makes no line. */
export function fairLineConsensus(selection: FairLineSelection): number[] | null {
  if (selection.failure !== null) return null;
  return consensusBook(
    selection.used.map((book) => book.prices),
    selection.used.map((book) => book.weight),
  );
}

export interface FairLineResult extends FairLineSelection {
  /** Fair probabilities in the market's outcome order; null with a `failure`. */
  readonly probabilities: number[] | null;
}

/**
 * The fair line of one market: the books `selectFairLineBooks` keeps, their implied
 * probabilities averaged with the line's weights (`consensusBook`), de-vigged once by `method`
 * (`devig`). Unrounded.
 * @throws DevigError when the de-vig is undefined for the consensus (`additive` on a market whose
 *   margin share exceeds a longshot's probability), as `devig` does.
 */
export function fairLineProbabilities(line: FairLine, quotes: readonly FairLineQuote[], method: DevigMethod): FairLineResult {
  const selection = selectFairLineBooks(line, quotes);
  const consensus = fairLineConsensus(selection);
  return { ...selection, probabilities: consensus === null ? null : devig(consensus, method) };
}

/**
 * The fair probabilities of `books` when each is already known to count (weighted above 0,
 * neither stale nor suspended, pricing the whole market): exactly `fairLineProbabilities`'s, to
 * the last bit, without the selection's reasons — for the opportunities scan, which recomputes
 * thousands of markets a second and shows no reasons. Null when the required book is not among
 * `books` or they are fewer than `minBooks`.
 * @throws DevigError as `fairLineProbabilities` does.
 */
export function countingFairLine(line: FairLine, books: readonly FairLineBook[], method: DevigMethod): number[] | null {
  const required = line.requiredBook;
  if (required !== null && !books.some((book) => book.bookmaker === required)) return null;
  if (books.length < Math.max(1, line.minBooks)) return null;
  return devig(
    consensusBook(
      books.map((book) => book.prices),
      books.map((book) => book.weight),
    ),
    method,
  );
}

/** Why there is no fair line, in words (`nameOf` turns a slug into a book's name). */
export function describeFairLineFailure(failure: FairLineFailure, nameOf: (bookmaker: string) => string = (b) => b): string {
  if (failure.kind === 'too-few-books') {
    return `only ${String(failure.counted)} of the ${String(failure.needed)} books needed quote the whole market, active, neither stale nor suspended`;
  }
  const why: Record<FairLineExclusion | 'absent', string> = {
    absent: 'does not quote it',
    'not-weighted': 'has no weight in the line',
    suspended: 'is suspended',
    stale: 'is stale',
    incomplete: 'does not price the whole market actively',
  };
  return `the required book ${nameOf(failure.bookmaker)} ${why[failure.reason]}`;
}

/** The line's formula in words, for a hover: which books, weights and de-vig method. */
export function describeFairLine(used: readonly FairLineBook[], method: DevigMethod, nameOf: (bookmaker: string) => string = (b) => b): string {
  if (used.length === 1) return `${method} de-vig of ${nameOf(used[0]?.bookmaker ?? '')}'s prices`;
  const equal = used.every((book) => book.weight === used[0]?.weight);
  const books = used.map((book) => (equal ? nameOf(book.bookmaker) : `${nameOf(book.bookmaker)} ×${String(book.weight)}`)).join(', ');
  return `${method} de-vig of the ${equal ? '' : 'weighted '}mean implied probability (Σ w/price ÷ Σ w) of ${books}`;
}

/**
 * A fair line's definition in words, before any market is seen (the label's hover): its books
 * and weights, the de-vig method, the minimum number of books and the required one.
 */
export function describeFairLineDefinition(line: FairLine, method: DevigMethod, nameOf: (bookmaker: string) => string = (b) => b): string {
  const weighted = line.weights === null ? null : Object.entries(line.weights).filter(([, weight]) => weight > 0);
  const books =
    weighted === null
      ? 'every book that prices the whole market, equal weight'
      : weighted.map(([bookmaker, weight]) => `${nameOf(bookmaker)} ×${String(weight)}`).join(', ');
  const formula =
    weighted === null
      ? `${method} de-vig of the mean implied probability of ${books}`
      : weighted.length === 1
        ? `${method} de-vig of ${books}`
        : `${method} de-vig of the weighted mean implied probability (Σ w/price ÷ Σ w) of ${books}`;
  const min = `at least ${String(line.minBooks)} book${line.minBooks === 1 ? '' : 's'}`;
  const required = line.requiredBook === null ? '' : `; ${nameOf(line.requiredBook)} required`;
  return `${formula}; ${min}${required}; stale or suspended books never count`;
}
