// The parlay page's leg fair probability counts the same books, by the same rule, as the odds
// screen's fair column: a trader must not see two fair prices for one selection on two pages.
import { describe, expect, it } from 'vitest';
import { LiveBook } from '../../book/book.ts';
import { MARKET_1X2, meta, oddsEntry, oddsFrame } from '../../book/book-test-data.ts';
import { devig } from '../../domain/devig.ts';
import { buildBoardLayout } from '../../domain/odds-board-layout.ts';
import { marketValues, snapshotLookup, type BookStatus } from '../../domain/odds-board-values.ts';
import { FIXTURE_A } from '../slip/slip-test-data.ts';
import { legFairFromBook } from './use-leg-fair.ts';

// A fixtureId buildOddsId accepts (the book's test fixture id is not one).
const FIXTURE_ID = FIXTURE_A;
const SELECTION = { selectionKey: `${FIXTURE_ID}:101:0`, fixtureId: FIXTURE_ID, outcomeId: 101, playerId: 0 };
const BOOKS = ['bet365', 'pinnacle', 'unibet', 'williamhill'];
const NOW = Date.parse('2026-01-01T00:00:10Z');

/** bet365 and williamhill healthy; pinnacle says its odds are stale; unibet has a settled outcome (price 1). */
function bookWithPrices(): LiveBook {
  const book = new LiveBook({ now: () => NOW });
  const quote = (bookmaker: string, prices: readonly number[]) => prices.map((price, i) => oddsEntry(1, price, bookmaker, 101 + i));
  book.applyUpdate(
    oddsFrame([
      ...quote('bet365', [2.1, 3.4, 3.5]),
      ...quote('pinnacle', [1.5, 4.2, 6.5]),
      ...quote('unibet', [1, 9, 12]),
      ...quote('williamhill', [2.0, 3.5, 3.6]),
    ], FIXTURE_ID),
  );
  const metas = {
    bet365: meta('bet365', '2026-01-01T00:00:05Z'),
    pinnacle: meta('pinnacle', '2026-01-01T00:00:05Z', { staleOdds: true, staleOddsResponseCode: 503 }),
    unibet: meta('unibet', '2026-01-01T00:00:05Z'),
    williamhill: meta('williamhill', '2026-01-01T00:00:05Z'),
  };
  book.applyUpdate({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-9', payload: { fixtureId: FIXTURE_ID, bookmakers: metas } });
  return book;
}

describe('legFairFromBook', () => {
  it('leaves stale books and books with a settled outcome out of the consensus', () => {
    const fair = legFairFromBook(bookWithPrices(), SELECTION, MARKET_1X2, BOOKS, 'multiplicative');
    expect(fair.ok).toBe(true);
    if (!fair.ok) return;
    expect(fair.books).toEqual(['bet365', 'williamhill']);
    // Hand-worked: the consensus book of bet365 and williamhill, de-vigged multiplicatively.
    const implied = [(1 / 2.1 + 1 / 2.0) / 2, (1 / 3.4 + 1 / 3.5) / 2, (1 / 3.5 + 1 / 3.6) / 2];
    const total = implied.reduce((a, b) => a + b, 0);
    expect(fair.probability).toBeCloseTo((implied[0] ?? 0) / total, 12);
  });

  it('gives the probability the odds screen shows for the same selection, for every method', () => {
    const book = bookWithPrices();
    const layout = buildBoardLayout({ fixtureId: FIXTURE_ID, odds: book.fixtureOdds(FIXTURE_ID), markets: [MARKET_1X2] });
    const bookStatus = new Map<string, BookStatus>([
      ['bet365', { suspended: false, stale: false }],
      ['pinnacle', { suspended: false, stale: true }],
      ['unibet', { suspended: false, stale: false }],
      ['williamhill', { suspended: false, stale: false }],
    ]);
    const lookup = snapshotLookup(book.fixtureOdds(FIXTURE_ID));
    const [marketKey] = [...layout.markets.keys()];
    for (const method of ['multiplicative', 'power', 'shin', 'worst-case'] as const) {
      const board = marketValues(layout, marketKey ?? '', lookup, { method, bookStatus });
      const rowIndex = layout.markets.get(marketKey ?? '')?.rows.findIndex((row) => row.outcomeId === 101) ?? -1;
      expect(board.fairBooks).toEqual(['bet365', 'williamhill']);
      const shown = board.rows[rowIndex]?.fair?.probability;
      const fair = legFairFromBook(book, SELECTION, MARKET_1X2, BOOKS, method);
      expect(fair.ok && fair.probability).toBeCloseTo(shown ?? Number.NaN, 12);
    }
  });

  it('says why when no book prices the whole market', () => {
    const fair = legFairFromBook(bookWithPrices(), SELECTION, MARKET_1X2, ['pinnacle', 'unibet'], 'shin');
    expect(fair).toEqual({ ok: false, reason: 'no bookmaker prices its whole market right now' });
  });

  it('still de-vigs one healthy book by itself', () => {
    const fair = legFairFromBook(bookWithPrices(), SELECTION, MARKET_1X2, ['bet365'], 'multiplicative');
    expect(fair.ok && fair.probability).toBeCloseTo(devig([2.1, 3.4, 3.5], 'multiplicative')[0] ?? Number.NaN, 12);
  });

  it('follows a weighted fair line: bet365 ×3 and williamhill ×1, pinnacle (stale) never counting', () => {
    const line = { weights: { bet365: 3, williamhill: 1, pinnacle: 5 }, minBooks: 2, requiredBook: null };
    const fair = legFairFromBook(bookWithPrices(), SELECTION, MARKET_1X2, BOOKS, 'multiplicative', line);
    expect(fair.ok).toBe(true);
    if (!fair.ok) return;
    expect(fair.books).toEqual(['bet365', 'williamhill']);
    expect(fair.used.map((b) => b.weight)).toEqual([3, 1]);
    // Hand-worked: implied (3/2.1 + 1/2.0)/4 = 0.482143, (3/3.4 + 1/3.5)/4 = 0.292017,
    // (3/3.5 + 1/3.6)/4 = 0.283730; sum 1.057890; the home share 0.482143 / 1.057890 = 0.455759.
    expect(fair.probability).toBeCloseTo(0.455759, 6);
  });

  it('has no fair probability when the fair line requires a stale book, and says so', () => {
    const line = { weights: { bet365: 1, pinnacle: 1 }, minBooks: 1, requiredBook: 'pinnacle' };
    expect(legFairFromBook(bookWithPrices(), SELECTION, MARKET_1X2, BOOKS, 'multiplicative', line)).toEqual({ ok: false, reason: 'the required book pinnacle is stale' });
  });

  it('has none when fewer books than the line needs count', () => {
    const line = { weights: { bet365: 1, unibet: 1 }, minBooks: 2, requiredBook: null };
    expect(legFairFromBook(bookWithPrices(), SELECTION, MARKET_1X2, BOOKS, 'multiplicative', line)).toEqual({
      ok: false,
      reason: 'only 1 of the 2 books needed quote the whole market, active, neither stale nor suspended',
    });
  });
});
