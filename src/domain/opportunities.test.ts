import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EQUAL_CONSENSUS, type FairLine } from './fair-line.ts';
import { arbitrageStakes, expectedValue, kellyFraction, OpportunityError, scanMarket, type ScanBookStatus, type ScanOptions, type ScanQuote } from './opportunities.ts';

const OUTCOMES = [101, 102];

function quote(bookmaker: string, outcomeId: number, price: number, extra: Partial<ScanQuote> = {}): ScanQuote {
  return { oddsId: `f:${bookmaker}:${String(outcomeId)}:0`, bookmaker, outcomeId, price, active: true, marketActive: true, changedAt: 1_000, ...extra };
}

const healthy = (): ScanBookStatus | undefined => undefined;

function options(extra: Partial<ScanOptions> = {}): ScanOptions {
  return { fairLine: EQUAL_CONSENSUS, method: 'multiplicative', commission: {}, canBet: () => true, ...extra };
}

describe('expectedValue and kellyFraction', () => {
  it('EV = p·net − 1, by hand', () => {
    expect(expectedValue(0.5, 2.1)).toBeCloseTo(0.05, 12);
    expect(expectedValue(0.25, 3.6)).toBeCloseTo(-0.1, 12);
  });

  it('Kelly f = (p·b − q)/b with b = net − 1, by hand; 0 without an edge', () => {
    // b = 1.1: (0.5·1.1 − 0.5)/1.1 = 0.05/1.1
    expect(kellyFraction(0.5, 2.1)).toBeCloseTo(0.045454545454545, 12);
    // b = 3: (0.3·3 − 0.7)/3 = 0.2/3
    expect(kellyFraction(0.3, 4)).toBeCloseTo(0.066666666666667, 12);
    expect(kellyFraction(0.25, 3.6)).toBe(0);
  });

  it('names what is wrong with bad input', () => {
    expect(() => expectedValue(0, 2)).toThrow(OpportunityError);
    expect(() => expectedValue(1.2, 2)).toThrow(/probability must be in \(0, 1\]/u);
    expect(() => kellyFraction(0.5, 1)).toThrow(/net decimal price must be finite and above 1/u);
    expect(() => arbitrageStakes([0.5, 0.5], 0)).toThrow(/total stake/u);
  });

  it('Kelly is EV/b where there is an edge, and positive exactly when EV is', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 0.99, noNaN: true }), fc.double({ min: 1.01, max: 50, noNaN: true }), (p, net) => {
        const ev = expectedValue(p, net);
        const f = kellyFraction(p, net);
        if (ev > 0) expect(f).toBeCloseTo(ev / (net - 1), 9);
        else expect(f).toBe(0);
      }),
    );
  });
});

describe('scanMarket: arbitrage', () => {
  it('finds a two-book arbitrage with the closed-form stakes, by hand', () => {
    // Best home 2.2 at a, best away 2.1 at b: Σ = 1/2.2 + 1/2.1 = 0.930736…
    const scan = scanMarket(
      { outcomeIds: OUTCOMES, quotes: [quote('a', 101, 2.2), quote('a', 102, 1.7, { changedAt: 500 }), quote('b', 101, 1.8), quote('b', 102, 2.1, { changedAt: 700 })], bookStatus: healthy },
      options(),
    );
    const arb = scan.arbitrage;
    expect(arb).not.toBeNull();
    expect(arb?.impliedSum).toBeCloseTo(0.930735931, 8);
    expect(arb?.profitRatio).toBeCloseTo(0.074418605, 8);
    expect(arb?.legs.map((l) => l.bookmaker)).toEqual(['a', 'b']);
    // 100 in total: 48.84 on home, 51.16 on away, each returning 107.44.
    const stakes = arbitrageStakes(arb?.legs.map((l) => l.share) ?? [], 100);
    expect(stakes[0]).toBeCloseTo(48.8372093, 6);
    expect(stakes[1]).toBeCloseTo(51.1627907, 6);
    expect(arb?.oldestChangedAt).toBe(700);
  });

  it('compares exchange prices net of commission: 5 % turns 2.2 into 2.14 and closes a thin arbitrage', () => {
    // Gross: 1/2.2 + 1/1.86 = 0.45455 + 0.53763 = 0.99218 (an arbitrage); net at betfair-ex: 1/2.14 + 1/1.86 = 1.00492 (none).
    const quotes = [quote('betfair-ex', 101, 2.2), quote('betfair-ex', 102, 1.5), quote('b', 101, 1.8), quote('b', 102, 1.86)];
    expect(scanMarket({ outcomeIds: OUTCOMES, quotes, bookStatus: healthy }, options()).arbitrage).toBeNull();
    const withoutCommission = scanMarket({ outcomeIds: OUTCOMES, quotes, bookStatus: healthy }, options({ commission: { 'betfair-ex': 0 } }));
    expect(withoutCommission.arbitrage?.impliedSum).toBeCloseTo(0.992180, 5);
  });

  it('a stale or suspended book never makes an arbitrage or an EV row', () => {
    const quotes = [quote('a', 101, 3), quote('a', 102, 3), quote('b', 101, 1.9), quote('b', 102, 1.9)];
    for (const status of [{ stale: true, suspended: false }, { stale: false, suspended: true }]) {
      const scan = scanMarket({ outcomeIds: OUTCOMES, quotes, bookStatus: (b) => (b === 'a' ? status : undefined) }, options());
      expect(scan.arbitrage).toBeNull();
      expect(scan.ev.filter((row) => row.bookmaker === 'a')).toEqual([]);
    }
    // The same prices with a healthy book a: an arbitrage (1/3 + 1/3 < 1).
    expect(scanMarket({ outcomeIds: OUTCOMES, quotes, bookStatus: healthy }, options()).arbitrage).not.toBeNull();
  });

  it('books I cannot bet at make no leg; inactive prices and suspended markets do not count', () => {
    const quotes = [quote('a', 101, 3), quote('a', 102, 3), quote('b', 101, 1.9), quote('b', 102, 1.9)];
    expect(scanMarket({ outcomeIds: OUTCOMES, quotes, bookStatus: healthy }, options({ canBet: (b) => b !== 'a' })).arbitrage).toBeNull();
    const inactive = [quote('a', 101, 3, { active: false }), quote('a', 102, 3, { marketActive: false }), quote('b', 101, 1.9), quote('b', 102, 1.9)];
    expect(scanMarket({ outcomeIds: OUTCOMES, quotes: inactive, bookStatus: healthy }, options()).arbitrage).toBeNull();
  });

  it('every leg returns the same amount, the total over the implied sum (property)', () => {
    const price = fc.double({ min: 1.05, max: 20, noNaN: true });
    fc.assert(
      fc.property(fc.array(fc.tuple(price, price, price), { minLength: 1, maxLength: 6 }), (books) => {
        const quotes = books.flatMap(([h, d, a], i) => [quote(`b${String(i)}`, 1, h), quote(`b${String(i)}`, 2, d), quote(`b${String(i)}`, 3, a)]);
        const arb = scanMarket({ outcomeIds: [1, 2, 3], quotes, bookStatus: healthy }, options()).arbitrage;
        if (arb === null) return;
        const stakes = arbitrageStakes(arb.legs.map((l) => l.share), 250);
        arb.legs.forEach((leg, i) => {
          expect((stakes[i] ?? 0) * leg.netPrice).toBeCloseTo(250 / arb.impliedSum, 6);
        });
        expect(stakes.reduce((s, x) => s + x, 0)).toBeCloseTo(250, 9);
        expect(arb.impliedSum).toBeLessThan(1);
      }),
    );
  });
});

describe('scanMarket: EV against the fair line', () => {
  it('EV of a price against a one-book fair line, by hand', () => {
    // Fair line = sharp alone: 1/1.9 + 1/1.9 → 0.5 / 0.5 (multiplicative). Soft's 2.1 on home: EV 0.5·2.1 − 1 = +5 %.
    const line: FairLine = { weights: { sharp: 1 }, minBooks: 1, requiredBook: null };
    const scan = scanMarket(
      { outcomeIds: OUTCOMES, quotes: [quote('sharp', 101, 1.9), quote('sharp', 102, 1.9), quote('soft', 101, 2.1), quote('soft', 102, 1.75)], bookStatus: healthy },
      options({ fairLine: line }),
    );
    expect(scan.ev).toHaveLength(1);
    expect(scan.ev[0]?.bookmaker).toBe('soft');
    expect(scan.ev[0]?.fairProbability).toBeCloseTo(0.5, 12);
    expect(scan.ev[0]?.ev).toBeCloseTo(0.05, 12);
  });

  it('EV against a weighted consensus, by hand', () => {
    // a ×3: 1/2 = 0.5, 1/2 = 0.5; b ×1: 1/1.8 = 0.5556, 1/2.2 = 0.4545. Mean implied (Σw/p ÷ Σw):
    // home (1.5 + 0.5556)/4 = 0.51389, away (1.5 + 0.4545)/4 = 0.48864; sum 1.00253; multiplicative:
    // home 0.51259. c's 2.05 on home: 0.51259·2.05 − 1 = +5.08 %.
    const line: FairLine = { weights: { a: 3, b: 1 }, minBooks: 2, requiredBook: null };
    const scan = scanMarket(
      { outcomeIds: OUTCOMES, quotes: [quote('a', 101, 2), quote('a', 102, 2), quote('b', 101, 1.8), quote('b', 102, 2.2), quote('c', 101, 2.05), quote('c', 102, 1.8)], bookStatus: healthy },
      options({ fairLine: line }),
    );
    const home = scan.ev.find((row) => row.bookmaker === 'c' && row.outcomeId === 101);
    expect(home?.fairProbability).toBeCloseTo(0.512594, 5);
    expect(home?.ev).toBeCloseTo(0.050817, 5);
  });

  it('a stale book leaves the fair line: with too few books there is no EV at all', () => {
    const line: FairLine = { weights: { sharp: 1 }, minBooks: 1, requiredBook: null };
    const quotes = [quote('sharp', 101, 1.9), quote('sharp', 102, 1.9), quote('soft', 101, 2.1), quote('soft', 102, 1.75)];
    const scan = scanMarket({ outcomeIds: OUTCOMES, quotes, bookStatus: (b) => (b === 'sharp' ? { stale: true, suspended: false } : undefined) }, options({ fairLine: line }));
    expect(scan.ev).toEqual([]);
  });

  it('no price of the fair line\'s one book has an edge against its own de-vigged line (property)', () => {
    const price = fc.double({ min: 1.05, max: 20, noNaN: true });
    fc.assert(
      fc.property(price, price, price, (h, d, a) => {
        fc.pre(1 / h + 1 / d + 1 / a > 1.0001);
        const line: FairLine = { weights: { only: 1 }, minBooks: 1, requiredBook: null };
        const scan = scanMarket({ outcomeIds: [1, 2, 3], quotes: [quote('only', 1, h), quote('only', 2, d), quote('only', 3, a)], bookStatus: healthy }, options({ fairLine: line }));
        expect(scan.ev).toEqual([]);
      }),
    );
  });
});
