import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEVIG_METHODS, devig, type DevigMethod } from './devig.ts';
import {
  countingFairLine,
  describeFairLine,
  describeFairLineFailure,
  EQUAL_CONSENSUS,
  fairLineProbabilities,
  selectFairLineBooks,
  type FairLine,
  type FairLineQuote,
} from './fair-line.ts';

const TOLERANCE = 1e-12;

const quote = (bookmaker: string, prices: readonly number[] | null, status: { stale?: boolean; suspended?: boolean } = {}): FairLineQuote => ({
  bookmaker,
  prices,
  stale: status.stale ?? false,
  suspended: status.suspended ?? false,
});

const line = (weights: Record<string, number> | null, minBooks = 1, requiredBook: string | null = null): FairLine => ({ weights, minBooks, requiredBook });

function expectClose(actual: readonly number[] | null, expected: readonly number[], tolerance = TOLERANCE): void {
  expect(actual).not.toBeNull();
  expect(actual).toHaveLength(expected.length);
  actual?.forEach((value, index) => {
    expect(Math.abs(value - (expected[index] ?? Number.NaN))).toBeLessThanOrEqual(tolerance);
  });
}

describe('fairLineProbabilities (hand-worked)', () => {
  // Pinnacle 1.90 / 2.00 at weight 2, bet365 1.80 / 2.10 at weight 1, exact fractions:
  // outcome 1: (2·10/19 + 5/9)/3 = 275/513; outcome 2: (2·1/2 + 10/21)/3 = 31/63;
  // Σ = 3692/3591, so multiplicative gives 1925/3692 and 1767/3692, additive
  // 1925/3591 − (101/3591)/2 = 3749/7182 and 1767/3591 − 101/7182 = 3433/7182.
  const quotes = [quote('pinnacle', [1.9, 2.0]), quote('bet365', [1.8, 2.1])];
  const weighted = line({ pinnacle: 2, bet365: 1 });

  it('weights the implied probabilities, then de-vigs multiplicatively', () => {
    const result = fairLineProbabilities(weighted, quotes, 'multiplicative');
    expectClose(result.probabilities, [1925 / 3692, 1767 / 3692]);
    expect(result.used.map((book) => [book.bookmaker, book.weight])).toEqual([['pinnacle', 2], ['bet365', 1]]);
    expect(result.failure).toBeNull();
  });

  it('weights the implied probabilities, then de-vigs additively', () => {
    expectClose(fairLineProbabilities(weighted, quotes, 'additive').probabilities, [3749 / 7182, 3433 / 7182]);
  });

  it('is one book de-vigged for a single-book line: Pinnacle 1.90 / 2.00 → 20/39 and 19/39', () => {
    // Implied 10/19 and 1/2, Σ = 39/38: multiplicative 20/39 and 19/39.
    const result = fairLineProbabilities(line({ pinnacle: 1 }), quotes, 'multiplicative');
    expectClose(result.probabilities, [20 / 39, 19 / 39]);
    expect(result.excluded).toEqual([{ bookmaker: 'bet365', reason: 'not-weighted' }]);
  });

  it('counts every book equally under the default line, as the consensus book does', () => {
    // (10/19 + 5/9)/2 = 185/342 and (1/2 + 10/21)/2 = 41/84; over 4788: 2590 + 2337 = 4927.
    const result = fairLineProbabilities(EQUAL_CONSENSUS, quotes, 'multiplicative');
    expectClose(result.probabilities, [2590 / 4927, 2337 / 4927]);
  });

  it('leaves out stale, suspended and incomplete books, saying why', () => {
    const result = selectFairLineBooks(EQUAL_CONSENSUS, [
      quote('pinnacle', [1.9, 2.0]),
      quote('bet365', [1.8, 2.1], { stale: true }),
      quote('unibet', [1.8, 2.1], { suspended: true, stale: true }),
      quote('betway', null),
    ]);
    expect(result.used.map((book) => book.bookmaker)).toEqual(['pinnacle']);
    expect(result.excluded).toEqual([
      { bookmaker: 'bet365', reason: 'stale' },
      { bookmaker: 'unibet', reason: 'suspended' },
      { bookmaker: 'betway', reason: 'incomplete' },
    ]);
  });

  it('has no line with fewer counting books than the minimum', () => {
    const result = fairLineProbabilities(line(null, 3), [quote('pinnacle', [1.9, 2.0]), quote('bet365', [1.8, 2.1], { stale: true })], 'shin');
    expect(result.probabilities).toBeNull();
    expect(result.failure).toEqual({ kind: 'too-few-books', counted: 1, needed: 3 });
    expect(describeFairLineFailure(result.failure ?? { kind: 'too-few-books', counted: 0, needed: 0 })).toBe(
      'only 1 of the 3 books needed quote the whole market, active, neither stale nor suspended',
    );
  });

  it('has no line when the required book is stale or absent, naming it and why', () => {
    const stale = fairLineProbabilities(line({ pinnacle: 1, bet365: 1 }, 1, 'pinnacle'), [quote('pinnacle', [1.9, 2.0], { stale: true }), quote('bet365', [1.8, 2.1])], 'power');
    expect(stale.probabilities).toBeNull();
    expect(stale.failure).toEqual({ kind: 'required-book-missing', bookmaker: 'pinnacle', reason: 'stale' });
    const absent = fairLineProbabilities(line({ pinnacle: 1, bet365: 1 }, 1, 'pinnacle'), [quote('bet365', [1.8, 2.1])], 'power');
    expect(absent.failure).toEqual({ kind: 'required-book-missing', bookmaker: 'pinnacle', reason: 'absent' });
    expect(describeFairLineFailure(stale.failure ?? absent.failure ?? { kind: 'too-few-books', counted: 0, needed: 0 }, () => 'Pinnacle')).toBe('the required book Pinnacle is stale');
  });

  it('says its formula: the books, their weights when unequal, and the method', () => {
    const { used } = selectFairLineBooks(weighted, quotes);
    expect(describeFairLine(used, 'shin')).toBe('shin de-vig of the weighted mean implied probability (Σ w/price ÷ Σ w) of pinnacle ×2, bet365 ×1');
    expect(describeFairLine(used.slice(0, 1), 'power', () => 'Pinnacle')).toBe("power de-vig of Pinnacle's prices");
  });
});

describe('fairLineProbabilities (properties)', () => {
  const SLUGS = ['pinnacle', 'circa', 'bet365', 'unibet', 'betway', 'williamhill'];
  const METHODS: readonly DevigMethod[] = DEVIG_METHODS.filter((m) => m !== 'additive');
  const method = fc.constantFrom(...METHODS);
  const pricesOf = (n: number) => fc.array(fc.double({ min: 1.05, max: 30, noNaN: true }), { minLength: n, maxLength: n });
  // A market of 2 or 3 outcomes quoted by 1..6 distinct books, each with a weight in (0, 10].
  const board = fc.integer({ min: 2, max: 3 }).chain((n) =>
    fc.record({
      books: fc.uniqueArray(fc.constantFrom(...SLUGS), { minLength: 1, maxLength: SLUGS.length }).chain((slugs) =>
        fc.tuple(...slugs.map((slug) => fc.record({ slug: fc.constant(slug), prices: pricesOf(n), weight: fc.double({ min: 0.01, max: 10, noNaN: true }) }))),
      ),
      other: pricesOf(n),
    }),
  );

  it("makes a one-book line that book's de-vigged price", () => {
    fc.assert(
      fc.property(pricesOf(3), fc.double({ min: 0.01, max: 100, noNaN: true }), method, (prices, weight, by) => {
        const result = fairLineProbabilities(line({ pinnacle: weight }), [quote('pinnacle', prices), quote('bet365', prices.map((p) => p + 1))], by);
        expectClose(result.probabilities, devig(prices, by), 1e-9);
      }),
    );
  });

  it('changes nothing when every weight is scaled by the same factor', () => {
    fc.assert(
      fc.property(board, fc.double({ min: 0.001, max: 1000, noNaN: true }), method, ({ books }, factor, by) => {
        const quotes = books.map((book) => quote(book.slug, book.prices));
        const weights = Object.fromEntries(books.map((book) => [book.slug, book.weight]));
        const scaled = Object.fromEntries(books.map((book) => [book.slug, book.weight * factor]));
        expectClose(fairLineProbabilities(line(scaled), quotes, by).probabilities, fairLineProbabilities(line(weights), quotes, by).probabilities ?? [], 1e-9);
      }),
    );
  });

  it('gives the same line with a stale or suspended book as without it, and names it', () => {
    fc.assert(
      fc.property(board, fc.constantFrom('stale', 'suspended'), fc.boolean(), method, ({ books, other }, status, weighted, by) => {
        const weights = weighted ? Object.fromEntries([...books.map((book): [string, number] => [book.slug, book.weight]), ['sharp-x', 5]]) : null;
        const quotes = books.map((book) => quote(book.slug, book.prices));
        const lagging = quote('sharp-x', other, { [status]: true });
        const withIt = fairLineProbabilities(line(weights), [...quotes, lagging], by);
        expect(withIt.probabilities).toEqual(fairLineProbabilities(line(weights), quotes, by).probabilities);
        expect(withIt.excluded).toContainEqual({ bookmaker: 'sharp-x', reason: status });
      }),
    );
  });

  it('gives, for books known to count, exactly the line of the full selection (the scan\'s shortcut), or none below the minimum or without the required book', () => {
    fc.assert(
      fc.property(board, fc.integer({ min: 1, max: 7 }), fc.option(fc.constantFrom(...SLUGS), { nil: null }), method, ({ books }, minBooks, requiredBook, by) => {
        const weights = Object.fromEntries(books.map((book) => [book.slug, book.weight]));
        const full = fairLineProbabilities(line(weights, minBooks, requiredBook), books.map((book) => quote(book.slug, book.prices)), by);
        const counting = countingFairLine(line(weights, minBooks, requiredBook), books.map((book) => ({ bookmaker: book.slug, weight: book.weight, prices: book.prices })), by);
        // Bit for bit: the scan's EV rows must not depend on which path made the line.
        expect(counting).toEqual(full.probabilities);
        expect(counting === null).toBe(books.length < minBooks || (requiredBook !== null && !books.some((book) => book.slug === requiredBook)));
      }),
    );
  });

  it('has no line when the required book does not count, whatever the others', () => {
    fc.assert(
      fc.property(board, fc.constantFrom<'stale' | 'suspended' | 'absent'>('stale', 'suspended', 'absent'), method, ({ books, other }, status, by) => {
        const quotes = books.map((book) => quote(book.slug, book.prices));
        const required = status === 'absent' ? [] : [quote('sharp-x', other, { [status]: true })];
        const result = fairLineProbabilities(line(null, 1, 'sharp-x'), [...quotes, ...required], by);
        expect(result.probabilities).toBeNull();
        expect(result.failure).toEqual({ kind: 'required-book-missing', bookmaker: 'sharp-x', reason: status });
      }),
    );
  });
});
