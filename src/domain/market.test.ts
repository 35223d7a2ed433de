import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarketError, bestPrices, findArbitrage, overround } from './market.ts';
import type { PriceQuote } from './market.ts';

const quote = (bookmaker: string, outcomeId: number, price: number, active = true): PriceQuote => ({
  bookmaker,
  outcomeId,
  price,
  active,
});

describe('overround', () => {
  it('is 1/21 for two prices of American −110', () => {
    expect(overround([1 + 10 / 11, 1 + 10 / 11])).toBeCloseTo(1 / 21, 15);
  });

  it('is the sum of implied probabilities minus one on a three-way market', () => {
    // 1/2.10 + 1/3.40 + 1/3.60 − 1 = 103/2142 (fractions).
    expect(overround([2.1, 3.4, 3.6])).toBeCloseTo(103 / 2142, 15);
  });

  it('is zero for a fair market and negative for an arbitrage', () => {
    expect(overround([2, 2])).toBe(0);
    // 1/2.10 + 1/2.05 − 1 = −31/861.
    expect(overround([2.1, 2.05])).toBeCloseTo(-31 / 861, 15);
  });

  it('rejects an empty list', () => {
    expect(() => overround([])).toThrow(/at least one price/);
  });

  it('rejects an invalid price and names it', () => {
    expect(() => overround([1.9, Number.NaN])).toThrow(/prices\[1\]/);
    expect(() => overround([0.9, 2])).toThrow(MarketError);
    expect(() => overround([Number.POSITIVE_INFINITY, 2])).toThrow(MarketError);
  });
});

describe('bestPrices', () => {
  it('keeps the highest active price per outcome', () => {
    const best = bestPrices([quote('a', 1, 1.9), quote('b', 1, 1.95), quote('a', 2, 2.0), quote('b', 2, 1.85)]);
    expect(best.get(1)).toEqual({ price: 1.95, bookmakers: ['b'] });
    expect(best.get(2)).toEqual({ price: 2, bookmakers: ['a'] });
  });

  it('ignores inactive quotes, even higher or malformed ones', () => {
    const best = bestPrices([quote('a', 1, 1.9), quote('b', 1, 5, false), quote('c', 1, Number.NaN, false)]);
    expect(best.get(1)).toEqual({ price: 1.9, bookmakers: ['a'] });
  });

  it('leaves out an outcome with no active quote', () => {
    const best = bestPrices([quote('a', 1, 1.9), quote('a', 2, 2, false)]);
    expect(best.has(2)).toBe(false);
  });

  it('lists every bookmaker on a tie, sorted and once each', () => {
    const best = bestPrices([quote('zeta', 1, 2), quote('alpha', 1, 2), quote('mid', 1, 1.5), quote('alpha', 1, 2)]);
    expect(best.get(1)).toEqual({ price: 2, bookmakers: ['alpha', 'zeta'] });
  });

  it('drops earlier tied bookmakers when a better price arrives', () => {
    const best = bestPrices([quote('a', 1, 2), quote('b', 1, 2), quote('c', 1, 2.1)]);
    expect(best.get(1)).toEqual({ price: 2.1, bookmakers: ['c'] });
  });

  it('orders outcomes by ascending outcomeId', () => {
    const best = bestPrices([quote('a', 30, 2), quote('a', 10, 2), quote('a', 20, 2)]);
    expect([...best.keys()]).toEqual([10, 20, 30]);
  });

  it('returns an empty map for no quotes', () => {
    expect(bestPrices([]).size).toBe(0);
  });

  it('rejects an active quote with an invalid price', () => {
    expect(() => bestPrices([quote('a', 1, 0.5)])).toThrow(/quotes\[0\]\.price/);
  });

  it('never reports a price some active quote beats', () => {
    const quotes = fc.array(
      fc.record({
        bookmaker: fc.constantFrom('a', 'b', 'c', 'd'),
        outcomeId: fc.integer({ min: 1, max: 3 }),
        price: fc.integer({ min: 101, max: 400 }).map((cents) => cents / 100),
        active: fc.boolean(),
      }),
    );
    fc.assert(
      fc.property(quotes, (list) => {
        const best = bestPrices(list);
        for (const q of list.filter((x) => x.active)) {
          const entry = best.get(q.outcomeId);
          expect(entry).toBeDefined();
          expect(q.price).toBeLessThanOrEqual(entry?.price ?? 0);
          if (q.price === entry?.price) expect(entry.bookmakers).toContain(q.bookmaker);
        }
      }),
    );
  });
});

describe('findArbitrage', () => {
  it('splits the stake so both outcomes of a two-way arbitrage pay the same', () => {
    // Best prices 2.10 and 2.05: Σ = 830/861, payout = 86100/830 per 100 staked (fractions).
    const arbitrage = findArbitrage(
      [
        { outcomeId: 11, price: 2.1 },
        { outcomeId: 12, price: 2.05 },
      ],
      2,
      100,
    );
    expect(arbitrage).not.toBeNull();
    expect(arbitrage?.impliedSum).toBeCloseTo(830 / 861, 12);
    expect(arbitrage?.profitRatio).toBeCloseTo(31 / 830, 12);
    expect(arbitrage?.payout).toBeCloseTo(8610 / 83, 10);
    expect(arbitrage?.stakes.map((s) => s.outcomeId)).toEqual([11, 12]);
    expect(arbitrage?.stakes[0]?.stake).toBeCloseTo(4100 / 83, 10);
    expect(arbitrage?.stakes[1]?.stake).toBeCloseTo(4200 / 83, 10);
  });

  it('splits the stake across a three-way arbitrage taken from bestPrices', () => {
    // Best prices 2.5 / 3.5 / 3.4 (from two books): Σ = 583/595; 1000 staked pays 595000/583.
    const best = bestPrices([
      quote('a', 101, 2.5),
      quote('b', 101, 2.3),
      quote('a', 102, 3.2),
      quote('b', 102, 3.5),
      quote('a', 103, 3.4),
      quote('b', 103, 3.1),
    ]);
    const arbitrage = findArbitrage(best, 3, 1000);
    expect(arbitrage?.impliedSum).toBeCloseTo(583 / 595, 12);
    expect(arbitrage?.profitRatio).toBeCloseTo(12 / 583, 12);
    expect(arbitrage?.payout).toBeCloseTo(595000 / 583, 9);
    const stakes = arbitrage?.stakes.map((s) => s.stake) ?? [];
    expect(stakes[0]).toBeCloseTo(238000 / 583, 9);
    expect(stakes[1]).toBeCloseTo(170000 / 583, 9);
    expect(stakes[2]).toBeCloseTo(175000 / 583, 9);
  });

  it('stakes one unit by default', () => {
    const arbitrage = findArbitrage(new Map([[1, { price: 2.1 }], [2, { price: 2.05 }]]), 2);
    expect(arbitrage?.payout).toBeCloseTo(861 / 830, 14);
  });

  it('returns null when the market is incomplete', () => {
    expect(findArbitrage([{ outcomeId: 1, price: 5 }, { outcomeId: 2, price: 5 }], 3)).toBeNull();
  });

  it('returns null when the implied probabilities sum to exactly one', () => {
    expect(findArbitrage([{ outcomeId: 1, price: 2 }, { outcomeId: 2, price: 2 }], 2)).toBeNull();
  });

  it('returns null when the best prices still carry a margin', () => {
    expect(findArbitrage([{ outcomeId: 1, price: 1.9 }, { outcomeId: 2, price: 1.95 }], 2)).toBeNull();
  });

  it('rejects a marketLength that is not an integer of at least two', () => {
    for (const length of [1, 2.5, Number.NaN]) {
      expect(() => findArbitrage([], length)).toThrow(/marketLength/);
    }
  });

  it('rejects a stake that is not finite and positive', () => {
    for (const stake of [0, -1, Number.POSITIVE_INFINITY]) {
      expect(() => findArbitrage([], 2, stake)).toThrow(/stake/);
    }
  });

  it('rejects an outcome listed twice', () => {
    expect(() => findArbitrage([{ outcomeId: 1, price: 3 }, { outcomeId: 1, price: 3 }], 2)).toThrow(
      /outcomeId 1 appears twice/,
    );
  });

  it('rejects more outcomes than marketLength', () => {
    const three = [1, 2, 3].map((outcomeId) => ({ outcomeId, price: 4 }));
    expect(() => findArbitrage(three, 2)).toThrow(/3 outcomes priced but marketLength is 2/);
  });

  it('rejects an invalid price', () => {
    expect(() => findArbitrage([{ outcomeId: 7, price: Number.NaN }], 2)).toThrow(/outcomeId 7/);
  });

  it('pays the same on every outcome, adds the stakes up to the total and agrees with overround', () => {
    const market = fc.array(fc.integer({ min: 101, max: 3000 }), { minLength: 2, maxLength: 12 });
    fc.assert(
      fc.property(market, fc.double({ min: 0.01, max: 1e6, noNaN: true }), (cents, stake) => {
        const best = cents.map((c, i) => ({ outcomeId: i + 1, price: c / 100 }));
        const arbitrage = findArbitrage(best, best.length, stake);
        const margin = overround(best.map((b) => b.price));
        if (arbitrage === null) {
          expect(margin).toBeGreaterThanOrEqual(-1e-15);
          return;
        }
        expect(margin).toBeLessThan(0);
        expect(arbitrage.impliedSum).toBeCloseTo(1 + margin, 14);
        const total = arbitrage.stakes.reduce((sum, s) => sum + s.stake, 0);
        expect(Math.abs(total - stake)).toBeLessThanOrEqual(1e-12 * stake);
        arbitrage.stakes.forEach((s, i) => {
          const price = best[i]?.price ?? Number.NaN;
          expect(Math.abs(s.stake * price - arbitrage.payout)).toBeLessThanOrEqual(1e-12 * arbitrage.payout);
        });
        expect(arbitrage.payout - stake).toBeCloseTo(stake * arbitrage.profitRatio, 6);
      }),
    );
  });
});
