import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { devig } from './devig.ts';
import { MarketError } from './market.ts';
import type { BoardLayout } from './odds-board-layout.ts';
import { SNAPSHOT, layoutOf, odds, snapshotArb, statusArb, type Quote } from './odds-board-test-data.ts';
import { marketValues, snapshotLookup, type BookStatus, type EntryLookup, type MarketValues, type ValuesOptions } from './odds-board-values.ts';

const MULT: ValuesOptions = { method: 'multiplicative' };

/** The values of every market of a board, as the screen asks for them: one market at a time. */
function* everyMarket(layout: BoardLayout, lookup: EntryLookup, options: ValuesOptions): Generator<readonly [string, MarketValues]> {
  for (const key of layout.markets.keys()) yield [key, marketValues(layout, key, lookup, options)];
}

describe('marketValues: hand-worked examples', () => {
  const layout = layoutOf();
  const lookup = snapshotLookup(SNAPSHOT);

  it('takes the best price per outcome across books and flags its cells', () => {
    const values = marketValues(layout, '1001:0', lookup, MULT);
    expect(values.rows.map((r) => r.best)).toEqual([
      { price: 2.1, netPrice: 2.1, bookmakers: ['bet365'] },
      { price: 3.5, netPrice: 3.5, bookmakers: ['pinnacle'] },
      { price: 4, netPrice: 4, bookmakers: ['pinnacle'] },
    ]);
    expect(values.rows[0]?.cells.map((c) => c.best)).toEqual([true, false]);
  });

  it('gives each book its overround: 1/28 for 2.00/3.50/4.00 and 103/2142 for 2.10/3.40/3.60', () => {
    const values = marketValues(layout, '1001:0', lookup, MULT);
    expect(values.overround[0]).toBeCloseTo(103 / 2142, 14);
    expect(values.overround[1]).toBeCloseTo(1 / 28, 14);
  });

  it('has no overround for a book missing an outcome', () => {
    expect(marketValues(layout, '1013:0', lookup, MULT).overround).toEqual([null, expect.any(Number)]);
  });

  it('de-vigs the consensus book, the mean implied probability of each outcome', () => {
    // Mean implied: (1/2 + 1/2.1)/2 = 41/84, (1/3.5 + 1/3.4)/2 = 69/238, (1/4 + 1/3.6)/2 = 19/72;
    // multiplicative divides each by their sum.
    const values = marketValues(layout, '1001:0', lookup, MULT);
    const implied = [41 / 84, 69 / 238, 19 / 72];
    const total = implied.reduce((x, y) => x + y, 0);
    values.rows.forEach((row, i) => {
      expect(row.fair?.probability).toBeCloseTo((implied[i] ?? 0) / total, 14);
      expect(row.fair?.price).toBeCloseTo(total / (implied[i] ?? 1), 13);
    });
    expect(values.fairBooks).toEqual(['bet365', 'pinnacle']);
  });

  it('takes the lowest method for worst case and spans the four methods in the range', () => {
    const values = marketValues(layout, '1001:0', lookup, { method: 'worst-case' });
    const consensusBook = [84 / 41, 238 / 69, 72 / 19];
    const methods = ['multiplicative', 'additive', 'power', 'shin'] as const;
    const worst = devig(consensusBook, 'worst-case');
    values.rows.forEach((row, i) => {
      const probabilities = methods.map((m) => devig(consensusBook, m)[i] ?? 0);
      expect(row.fair?.probability).toBeCloseTo(worst[i] ?? 0, 14);
      expect(row.fair?.range?.min).toBeCloseTo(1 / Math.max(...probabilities), 12);
      expect(row.fair?.range?.max).toBeCloseTo(1 / Math.min(...probabilities), 12);
    });
  });

  it('leaves additive out where it is undefined: no additive fair price, and a range of the other three', () => {
    // π = 0.952, 0.0667, 0.0025; Σπ − 1 = 0.0212, a share of 0.0071 per outcome > 0.0025.
    const prices = [1.05, 15, 400];
    expect(() => devig(prices, 'additive')).toThrow(/additive/);
    const snapshot = odds({ pinnacle: prices.map((price, i) => ({ outcomeId: 1001 + i, price })) });
    const board = layoutOf(snapshot);
    const additive = marketValues(board, '1001:0', snapshotLookup(snapshot), { method: 'additive' });
    expect(additive.rows.map((r) => r.fair)).toEqual([null, null, null]);
    const shin = marketValues(board, '1001:0', snapshotLookup(snapshot), { method: 'shin' });
    const others = (['multiplicative', 'power', 'shin'] as const).map((m) => 1 / (devig(prices, m)[2] ?? 1));
    expect(shin.rows[2]?.fair?.range?.min).toBeCloseTo(Math.min(...others), 12);
    expect(shin.rows[2]?.fair?.range?.max).toBeCloseTo(Math.max(...others), 12);
  });

  it('de-vigs by the selected method alone, with no range, when the range is not wanted', () => {
    const values = marketValues(layout, '1001:0', lookup, { method: 'power', range: false });
    const power = devig([84 / 41, 238 / 69, 72 / 19], 'power');
    expect(values.rows.map((r) => r.fair?.range)).toEqual([null, null, null]);
    values.rows.forEach((row, i) => {
      expect(row.fair?.probability).toBeCloseTo(power[i] ?? 0, 14);
    });
    const worst = marketValues(layout, '1001:0', lookup, { method: 'worst-case', range: false });
    expect(worst.rows[0]?.fair?.probability).toBeCloseTo(devig([84 / 41, 238 / 69, 72 / 19], 'worst-case')[0] ?? 0, 14);
  });

  it('uses only the reference books when given', () => {
    const values = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', fairBooks: new Set(['pinnacle']) });
    expect(values.fairBooks).toEqual(['pinnacle']);
    expect(values.rows[0]?.fair?.probability).toBeCloseTo(14 / 29, 14);
  });

  it('follows a weighted fair line: Pinnacle ×3, bet365 ×1, with the weights it used', () => {
    // Weighted mean implied: (3/2 + 1/2.1)/4 = 83/168, (3/3.5 + 1/3.4)/4 = 137/476,
    // (3/4 + 1/3.6)/4 = 37/144; multiplicative divides each by their sum.
    const values = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', fairLine: { weights: { pinnacle: 3, bet365: 1 }, minBooks: 2, requiredBook: 'pinnacle' } });
    const implied = [83 / 168, 137 / 476, 37 / 144];
    const total = implied.reduce((x, y) => x + y, 0);
    values.rows.forEach((row, i) => {
      expect(row.fair?.probability).toBeCloseTo((implied[i] ?? 0) / total, 14);
    });
    expect([values.fairBooks, values.fairWeights, values.fairExcluded, values.fairFailure]).toEqual([['bet365', 'pinnacle'], [1, 3], [], null]);
  });

  it('leaves a stale book out of the fair line and says so; without its required book there is none', () => {
    const staleBet365 = new Map([['bet365', { stale: true, suspended: false }]]);
    const line = { weights: { pinnacle: 1, bet365: 1 }, minBooks: 1, requiredBook: 'bet365' };
    const values = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', bookStatus: staleBet365, fairLine: { ...line, requiredBook: null } });
    // Pinnacle alone: 1/2, 2/7, 1/4 over 29/28.
    expect(values.rows[0]?.fair?.probability).toBeCloseTo(14 / 29, 14);
    expect([values.fairBooks, values.fairExcluded]).toEqual([['pinnacle'], [{ bookmaker: 'bet365', reason: 'stale' }]]);
    const required = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', bookStatus: staleBet365, fairLine: line });
    expect(required.rows.map((r) => r.fair)).toEqual([null, null, null]);
    expect(required.fairBooks).toEqual([]);
    expect(required.fairFailure).toEqual({ kind: 'required-book-missing', bookmaker: 'bet365', reason: 'stale' });
  });

  it('has no fair price when no book quotes the whole market', () => {
    const values = marketValues(layout, '1013:0', lookup, { method: 'multiplicative', fairBooks: new Set(['bet365']) });
    expect(values.rows.map((r) => r.fair)).toEqual([null, null]);
    expect(values.fairBooks).toEqual([]);
  });

  it('flags an arbitrage with the stake split so every outcome pays the same', () => {
    // Best: Over 2.10 (pinnacle), Under 2.05 (bet365); stake 100 → 100·2.05/4.15 and 100·2.1/4.15.
    const values = marketValues(layout, '1011:0', lookup, { method: 'multiplicative', stake: 100 });
    expect(values.arbitrage?.legs.map((l) => [l.rowKey, l.price, l.bookmakers])).toEqual([
      ['1011:0', 2.1, ['pinnacle']],
      ['1012:0', 2.05, ['bet365']],
    ]);
    expect(values.arbitrage?.legs[0]?.stake).toBeCloseTo((100 * 2.05) / 4.15, 12);
    expect(values.arbitrage?.legs[1]?.stake).toBeCloseTo((100 * 2.1) / 4.15, 12);
    expect(values.arbitrage?.payout).toBeCloseTo((100 * 2.1 * 2.05) / 4.15, 12);
  });

  it('finds no arbitrage when the best prices carry a margin', () => {
    expect(marketValues(layout, '1001:0', lookup, MULT).arbitrage).toBeNull();
  });

  it('finds no arbitrage on an incomplete market', () => {
    const partial = odds({ pinnacle: [{ outcomeId: 1011, price: 5 }] });
    expect(marketValues(layoutOf(partial), '1011:0', snapshotLookup(partial), MULT).arbitrage).toBeNull();
  });

  it('computes each player of a prop as a market of its own', () => {
    const p7 = marketValues(layout, '1021:7', lookup, MULT);
    const p9 = marketValues(layout, '1021:9', lookup, MULT);
    expect(p7.rows.map((r) => r.best?.price)).toEqual([2.25, 1.65]);
    expect(p9.rows.map((r) => r.best?.price)).toEqual([1.9, 1.9]);
    expect(p9.rows[0]?.fair?.probability).toBeCloseTo(0.5, 14);
  });

  it('rejects a market key the board does not hold', () => {
    expect(() => marketValues(layout, '9999:0', lookup, MULT)).toThrow(/market 9999:0 is not on the board/);
  });

  it('rejects a stake that is not positive', () => {
    expect(() => marketValues(layout, '1011:0', lookup, { method: 'multiplicative', stake: 0 })).toThrow(MarketError);
    // Also on a market whose prices could not make an arbitrage anyway.
    expect(() => marketValues(layout, '1013:0', lookup, { method: 'multiplicative', stake: Number.NaN })).toThrow(/stake must be/);
  });

  it('computes nothing for a market missing from the catalogue', () => {
    const snapshot = odds({ pinnacle: [{ outcomeId: 1099, price: 1.5 }], bet365: [{ outcomeId: 1099, price: 1.6 }] });
    const values = marketValues(layoutOf(snapshot), '1099:0', snapshotLookup(snapshot), MULT);
    expect(values.rows[0]?.best).toEqual({ price: 1.6, netPrice: 1.6, bookmakers: ['bet365'] });
    expect(values.overround).toEqual([null, null]);
    expect(values.rows[0]?.fair).toBeNull();
    expect(values.arbitrage).toBeNull();
  });
});

describe('marketValues: exchange commission, hidden books and EV', () => {
  // Over/Under 2.5 at a sportsbook and at Betfair Exchange (default commission 5% on winnings).
  const COMMISSION_SNAPSHOT = odds({
    pinnacle: [
      { outcomeId: 1011, price: 2.0 },
      { outcomeId: 1012, price: 1.85 },
    ],
    'betfair-ex': [
      { outcomeId: 1011, price: 2.04 },
      { outcomeId: 1012, price: 2.02 },
    ],
  });
  const layout = layoutOf(COMMISSION_SNAPSHOT);
  const lookup = snapshotLookup(COMMISSION_SNAPSHOT);

  it('does not flag an arbitrage that exists only gross of commission', () => {
    // Gross best: Over 2.04, Under 2.02 (both exchange): 1/2.04 + 1/2.02 = 0.98525… < 1, a 1.5% arbitrage.
    // Net of 5%: Over 1 + 1.04 × 0.95 = 1.988 (below pinnacle's 2.00, so pinnacle is best),
    // Under 1 + 1.02 × 0.95 = 1.969: 1/2.00 + 1/1.969 = 1.00787… > 1: none.
    const gross = marketValues(layout, '1011:0', lookup, { method: 'multiplicative', commission: { 'betfair-ex': 0 } });
    expect(gross.arbitrage?.impliedSum).toBeCloseTo(1 / 2.04 + 1 / 2.02, 12);
    const net = marketValues(layout, '1011:0', lookup, MULT);
    expect(net.arbitrage).toBeNull();
    expect(net.rows.map((r) => r.best)).toEqual([
      { price: 2.0, netPrice: 2.0, bookmakers: ['pinnacle'] },
      { price: 2.02, netPrice: expect.closeTo(1.969, 12) as number, bookmakers: ['betfair-ex'] },
    ]);
    // The exchange's cell is no longer flagged best on Over although its gross 2.04 is higher.
    expect(net.rows[0]?.cells.map((c) => c.best)).toEqual([false, true]);
  });

  it('stakes a net arbitrage on the net prices and names the gross ones', () => {
    // Over 2.10 at the exchange nets 1 + 1.1 × 0.95 = 2.045; Under 2.02 at pinnacle: 1/2.045 + 1/2.02 = 0.98404… < 1.
    const snapshot = odds({ pinnacle: [{ outcomeId: 1011, price: 1.9 }, { outcomeId: 1012, price: 2.02 }], 'betfair-ex': [{ outcomeId: 1011, price: 2.1 }] });
    const values = marketValues(layoutOf(snapshot), '1011:0', snapshotLookup(snapshot), { method: 'multiplicative', stake: 100 });
    expect(values.arbitrage?.impliedSum).toBeCloseTo(1 / 2.045 + 1 / 2.02, 12);
    expect(values.arbitrage?.legs.map((l) => [l.price, l.bookmakers])).toEqual([
      [2.1, ['betfair-ex']],
      [2.02, ['pinnacle']],
    ]);
    // Equal payouts net: stake_over × 2.045 = stake_under × 2.02 = 100 / 0.98404…
    expect(values.arbitrage?.legs[0]?.stake).toBeCloseTo((100 * 2.02) / (2.045 + 2.02), 9);
    expect(values.arbitrage?.payout).toBeCloseTo((100 * 2.045 * 2.02) / (2.045 + 2.02), 9);
  });

  it('leaves hidden books out of the best price and arbitrage but not out of the fair price', () => {
    // Gross, the exchange is best on both outcomes (2.04, 2.02); hidden, pinnacle is (2.00, 1.85).
    const values = marketValues(layout, '1011:0', lookup, { method: 'multiplicative', commission: { 'betfair-ex': 0 }, hiddenBooks: new Set(['betfair-ex']) });
    expect(values.rows.map((r) => [r.best?.price, r.best?.bookmakers])).toEqual([
      [2.0, ['pinnacle']],
      [1.85, ['pinnacle']],
    ]);
    expect(values.fairBooks).toEqual(['betfair-ex', 'pinnacle']);
    expect(values.rows[1]?.cells.map((c) => c.best)).toEqual([false, true]);
  });

  it('gives the EV of the best net price against the fair probability', () => {
    // Consensus: Over (1/2 + 1/2.04)/2, Under (1/1.85 + 1/2.02)/2; multiplicative fair Over = that / their sum.
    const over = (1 / 2 + 1 / 2.04) / 2;
    const under = (1 / 1.85 + 1 / 2.02) / 2;
    const values = marketValues(layout, '1011:0', lookup, MULT);
    expect(values.rows[0]?.ev).toBeCloseTo(2.0 * (over / (over + under)) - 1, 12);
    expect(values.rows[1]?.ev).toBeCloseTo((1 + 1.02 * 0.95) * (under / (over + under)) - 1, 12);
  });
});

describe('marketValues: cell states', () => {
  const states = (book: Quote, status?: BookStatus, countStaleBooks = false) => {
    const snapshot = odds({ pinnacle: [book] });
    const bookStatus = status ? new Map([['pinnacle', status]]) : undefined;
    const values = marketValues(layoutOf(snapshot), '1011:0', snapshotLookup(snapshot), { method: 'power', bookStatus, countStaleBooks });
    return values.rows.map((r) => r.cells[0]);
  };
  const healthy = { suspended: false, stale: false };

  it('marks an active price active and a missing one absent', () => {
    expect(states({ outcomeId: 1011, price: 2 }).map((c) => [c?.state, c?.counts])).toEqual([
      ['active', true],
      ['absent', false],
    ]);
  });

  it('marks an inactive price inactive', () => {
    expect(states({ outcomeId: 1011, price: 2, active: false })[0]?.state).toBe('inactive');
  });

  it('marks a price of a suspended market as such, before inactive', () => {
    expect(states({ outcomeId: 1011, price: 2, active: false, marketActive: false })[0]?.state).toBe('market-suspended');
  });

  it('marks every price of a suspended book, before any market state', () => {
    expect(states({ outcomeId: 1011, price: 2, marketActive: false }, { suspended: true, stale: true })[0]?.state).toBe('book-suspended');
  });

  it('marks a stale book’s active price and does not count it by default', () => {
    const [cell] = states({ outcomeId: 1011, price: 2 }, { suspended: false, stale: true });
    expect([cell?.state, cell?.counts]).toEqual(['book-stale', false]);
  });

  it('counts a stale book’s price when asked to', () => {
    const [cell] = states({ outcomeId: 1011, price: 2 }, { suspended: false, stale: true }, true);
    expect([cell?.state, cell?.counts, cell?.best]).toEqual(['book-stale', true, true]);
  });

  it('treats a healthy status like no status', () => {
    expect(states({ outcomeId: 1011, price: 2 }, healthy)[0]?.state).toBe('active');
  });

  it('moves the best price to the next book when the best book is suspended', () => {
    const lookup = snapshotLookup(SNAPSHOT);
    const bookStatus = new Map([['bet365', { suspended: true, stale: false }]]);
    const values = marketValues(layoutOf(), '1001:0', lookup, { method: 'shin', bookStatus });
    expect(values.rows[0]?.best).toEqual({ price: 2, netPrice: 2, bookmakers: ['pinnacle'] });
    expect(values.fairBooks).toEqual(['pinnacle']);
  });

  it('still gives the overround of a book whose prices are active, whatever its status', () => {
    const bookStatus = new Map([['bet365', { suspended: true, stale: false }]]);
    const values = marketValues(layoutOf(), '1001:0', snapshotLookup(SNAPSHOT), { method: 'shin', bookStatus });
    expect(values.overround[0]).toBeCloseTo(103 / 2142, 14);
  });
});

describe('odds board values properties', () => {
  it('takes as best the highest counting price, and flags exactly the cells at it', () => {
    fc.assert(
      fc.property(snapshotArb, statusArb, (snapshot, bookStatus) => {
        const layout = layoutOf(snapshot);
        for (const [, values] of everyMarket(layout, snapshotLookup(snapshot), { method: 'shin', bookStatus })) {
          for (const row of values.rows) {
            const counting = row.cells.filter((c) => c.counts).map((c) => c.entry?.price ?? 0);
            expect(row.best?.price ?? null).toBe(counting.length > 0 ? Math.max(...counting) : null);
            for (const cell of row.cells) expect(cell.best).toBe(cell.counts && cell.entry?.price === row.best?.price);
            for (const cell of row.cells) {
              const status = bookStatus.get(layout.columns[row.cells.indexOf(cell)] ?? '');
              if (cell.counts) expect(cell.entry?.active && cell.entry.marketActive && status?.suspended === false && !status.stale).toBe(true);
            }
          }
        }
      }),
    );
  });

  it('flags an arbitrage exactly when the best prices cover the market with Σ1/p < 1, and splits the stake to equal payouts', () => {
    fc.assert(
      fc.property(snapshotArb, fc.integer({ min: 1, max: 10_000 }), (snapshot, stake) => {
        const layout = layoutOf(snapshot);
        for (const [key, values] of everyMarket(layout, snapshotLookup(snapshot), { method: 'power', stake })) {
          const bests = values.rows.map((r) => r.best?.price);
          const covered = bests.every((p) => p !== undefined);
          const implied = bests.reduce<number>((sum, p) => sum + 1 / (p ?? 1), 0);
          expect(values.arbitrage !== null, key).toBe(covered && implied < 1);
          if (values.arbitrage !== null) {
            const legs = values.arbitrage.legs;
            expect(legs.reduce((s, l) => s + l.stake, 0)).toBeCloseTo(stake, 9);
            for (const leg of legs) expect(leg.stake * leg.price).toBeCloseTo(values.arbitrage.payout, 9);
          }
        }
      }),
    );
  });

  it('gives fair probabilities that sum to 1 and fair prices inside the method range', () => {
    fc.assert(
      fc.property(snapshotArb, fc.constantFrom('multiplicative', 'additive', 'power', 'shin', 'worst-case') as fc.Arbitrary<ValuesOptions['method']>, (snapshot, method) => {
        const layout = layoutOf(snapshot);
        for (const [, values] of everyMarket(layout, snapshotLookup(snapshot), { method })) {
          const fair = values.rows.map((r) => r.fair);
          if (fair.some((f) => f === null)) continue;
          const sum = fair.reduce((s, f) => s + (f?.probability ?? 0), 0);
          if (method === 'worst-case') expect(sum).toBeLessThanOrEqual(1 + 1e-12);
          else expect(sum).toBeCloseTo(1, 12);
          for (const f of fair) {
            expect(f?.price ?? 0).toBeGreaterThanOrEqual((f?.range?.min ?? 0) * (1 - 1e-12));
            expect(f?.price ?? 0).toBeLessThanOrEqual((f?.range?.max ?? 0) * (1 + 1e-12));
          }
        }
      }),
    );
  });
});
