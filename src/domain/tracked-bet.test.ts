import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Grade } from './grade.ts';
import {
  betClose,
  betClv,
  betSettlement,
  checkTrackedBet,
  cumulativeSeries,
  referenceClose,
  referenceClv,
  takenPrice,
  totalsBy,
  trackerTotals,
  TrackedBetError,
  type BookClose,
  type LegClose,
  type TrackedBet,
  type TrackedLeg,
} from './tracked-bet.ts';

// Every expectation below was worked by hand from the definitions in docs/domain.md.

function leg(price: number, close: LegClose = { kind: 'open' }, grade: Grade | null = null, extra: Partial<TrackedLeg> = {}): TrackedLeg {
  return { oddsId: `1-2-3-${String(price)}`, bookmaker: 'bet365', price, sport: 'Football', label: '', close, grade, ...extra };
}

function closed(price: number, fairPrice: number | null = null, consensusPrice: number | null = null, bookCloses: readonly BookClose[] | null = null): LegClose {
  return { kind: 'closed', price, fairPrice, consensusPrice, bookCloses };
}

const CONSENSUS = { kind: 'consensus' } as const;

function bet(id: string, legs: TrackedLeg[], stake = 10, placedAt = 1_000): TrackedBet {
  return { id, placedAt, stake, currency: 'GBP', note: '', legs };
}

describe('a single bet', () => {
  it('shows "closes at kick-off" (open) until its close is known', () => {
    expect(betClose(bet('a', [leg(2.1)]))).toEqual({ kind: 'open' });
    expect(betClv(bet('a', [leg(2.1)]))).toBeNull();
  });

  it('took 2.10, closed 2.00 (fair 2.05, consensus 2.20): CLV +5%, no-vig +2.439%, against the consensus −4.545%', () => {
    const b = bet('a', [leg(2.1, closed(2, 2.05, 2.2))]);
    const clv = betClv(b);
    expect(clv?.priceBased).toBeCloseTo(0.05, 12);
    expect(clv?.noVig).toBeCloseTo(2.1 / 2.05 - 1, 12);
    expect(clv?.noVig).toBeCloseTo(0.0243902439, 9);
    expect(referenceClv(b, CONSENSUS)?.priceBased).toBeCloseTo(-0.0454545454, 9);
    // The consensus is margin-free: its no-vig CLV is the same number.
    expect(referenceClv(b, CONSENSUS)?.noVig).toBeCloseTo(-0.0454545454, 9);
  });

  it('a bet placed in play has no closing line and keeps the reason', () => {
    const b = bet('a', [leg(2.1, { kind: 'none', reason: 'no closing line' }, 'won')]);
    expect(betClose(b)).toEqual({ kind: 'none', reason: 'no closing line' });
    expect(betClv(b)).toBeNull();
  });

  it('won at 2.10 for 10 GBP pays 21.00: profit 11.00', () => {
    expect(betSettlement(bet('a', [leg(2.1, closed(2), 'won')]))).toMatchObject({ payout: 21, profit: 11 });
  });

  it('is not settled until graded', () => {
    expect(betSettlement(bet('a', [leg(2.1, closed(2))]))).toBeNull();
  });
});

describe('the chosen reference, from the stored figures alone', () => {
  const books = [
    { bookmaker: 'bet365', price: 2, fairPrice: 2.05 },
    { bookmaker: 'pinnacle', price: 1.96, fairPrice: 2.02 },
  ];

  it('same book: the bet\'s own close (2.10 against 2.00: +5%)', () => {
    const b = bet('a', [leg(2.1, closed(2, 2.05, 2.2, books))]);
    expect(referenceClose(b, { kind: 'same-book' })).toEqual({ kind: 'closed', price: 2, fairPrice: 2.05 });
    expect(referenceClv(b, { kind: 'same-book' })?.priceBased).toBeCloseTo(0.05, 12);
  });

  it('a sharp book: its stored close (2.10 against Pinnacle 1.96: +7.143%; no-vig against 2.02: +3.960%)', () => {
    const b = bet('a', [leg(2.1, closed(2, 2.05, 2.2, books))]);
    expect(referenceClose(b, { kind: 'sharp', bookmaker: 'pinnacle' })).toEqual({ kind: 'closed', price: 1.96, fairPrice: 2.02 });
    const clv = referenceClv(b, { kind: 'sharp', bookmaker: 'pinnacle' });
    expect(clv?.priceBased).toBeCloseTo(0.0714285714, 9);
    expect(clv?.noVig).toBeCloseTo(0.0396039604, 9);
  });

  it('a sharp book that had no close of the selection: no close at that book', () => {
    expect(referenceClose(bet('a', [leg(2.1, closed(2, 2.05, 2.2, books))]), { kind: 'sharp', bookmaker: 'betfair' })).toEqual({ kind: 'no-close', of: 'betfair' });
  });

  it('a bet stored without the books\' closes: a sharp book is "not stored"; same book and consensus still show', () => {
    const b = bet('a', [leg(2.1, closed(2, 2.05, 2.2, null))]);
    expect(referenceClose(b, { kind: 'sharp', bookmaker: 'pinnacle' })).toEqual({ kind: 'not-stored' });
    expect(referenceClv(b, { kind: 'sharp', bookmaker: 'pinnacle' })).toBeNull();
    expect(referenceClose(b, CONSENSUS)).toEqual({ kind: 'closed', price: 2.2, fairPrice: 2.2 });
  });

  it('no consensus close (no complete closing market): none of the consensus', () => {
    expect(referenceClose(bet('a', [leg(2.1, closed(2, null, null, books))]), CONSENSUS)).toEqual({ kind: 'no-close', of: 'consensus' });
  });

  it('a parlay against a sharp book: the product of that book\'s closes (1.96 × 1.50 = 2.94), open until the last leg closes', () => {
    const second = [{ bookmaker: 'pinnacle', price: 1.5, fairPrice: null }];
    const b = bet('p', [leg(2.1, closed(2, 2.05, 2.2, books)), leg(1.6, closed(1.55, null, 1.6, second))]);
    const close = referenceClose(b, { kind: 'sharp', bookmaker: 'pinnacle' });
    expect(close.kind === 'closed' ? close.price : null).toBeCloseTo(2.94, 12);
    expect(close.kind === 'closed' ? close.fairPrice : 'x').toBeNull();
    expect(referenceClose(bet('p', [leg(2.1, closed(2, 2.05, 2.2, books)), leg(1.6)]), { kind: 'sharp', bookmaker: 'pinnacle' })).toEqual({ kind: 'open' });
  });
});

describe('a parlay', () => {
  it('takes the product of its legs: 2.00 × 1.50 = 3.00', () => {
    expect(takenPrice(bet('p', [leg(2), leg(1.5)]))).toBe(3);
  });

  it('stays open while one leg has not kicked off', () => {
    expect(betClose(bet('p', [leg(2, closed(1.9)), leg(1.5)]))).toEqual({ kind: 'open' });
  });

  it('closes at the product of its legs\' closes once the last leg closed: 1.90 × 1.40 = 2.66, CLV 3 / 2.66 − 1 = +12.78%', () => {
    const b = bet('p', [leg(2, closed(1.9, 1.95)), leg(1.5, closed(1.4))]);
    const close = betClose(b);
    expect(close.kind === 'closed' ? close.price : null).toBeCloseTo(2.66, 12);
    expect(close.kind === 'closed' ? close.fairPrice : 'x').toBeNull();
    expect(betClv(b)?.priceBased).toBeCloseTo(0.127819549, 8);
  });

  it('has no close when one leg has none, even if another is still open', () => {
    expect(betClose(bet('p', [leg(2), leg(1.5, { kind: 'none', reason: 'no closing line' })]))).toEqual({ kind: 'none', reason: 'no closing line' });
  });

  it('is graded as one ticket: won 2.00 and void 1.50 for 10 pay 20.00', () => {
    expect(betSettlement(bet('p', [leg(2, closed(1.9), 'won'), leg(1.5, closed(1.4), 'void')]))).toMatchObject({ payout: 20, profit: 10 });
  });

  it('a lost leg loses the stake', () => {
    expect(betSettlement(bet('p', [leg(2, closed(1.9), 'won'), leg(1.5, closed(1.4), 'lost')]))).toMatchObject({ payout: 0, profit: -10 });
  });
});

describe('checkTrackedBet names the bad field', () => {
  it.each([
    ['price', bet('a', [leg(1)])],
    ['price', bet('a', [leg(0.5)])],
    ['stake', bet('a', [leg(2)], 0)],
    ['stake', bet('a', [leg(2)], -5)],
    ['stake', bet('a', [leg(2)], 10.555)],
    ['closePrice', bet('a', [leg(2, closed(0.5))])],
    ['fairClosePrice', bet('a', [leg(2, closed(2, Number.NaN))])],
    ['oddsId', bet('a', [leg(2, { kind: 'open' }, null, { oddsId: ' ' })])],
    ['legs', bet('a', [])],
  ])('%s', (field, b) => {
    let error: unknown = null;
    try {
      checkTrackedBet(b);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TrackedBetError);
    expect((error as TrackedBetError).field).toBe(field);
  });

  it('accepts a price just above 1 (1.005)', () => {
    expect(() => {
      checkTrackedBet(bet('a', [leg(1.005)]));
    }).not.toThrow();
  });
});

describe('trackerTotals', () => {
  // A: 2.10, closed 2.00 (+5%), won, stake 10 → +11.
  // B: 1.80, closed 2.00 (−10%), lost, stake 20 → −20.
  // C: 2.50, open, not graded, stake 5.
  // D: 1.90, placed in play (no close), void, stake 10 → 0.
  const bets = [
    bet('A', [leg(2.1, closed(2), 'won')], 10, 1),
    bet('B', [leg(1.8, closed(2), 'lost', { bookmaker: 'pinnacle' })], 20, 2),
    bet('C', [leg(2.5, { kind: 'open' }, null, { sport: 'Tennis' })], 5, 3),
    bet('D', [leg(1.9, { kind: 'none', reason: 'no closing line' }, 'void')], 10, 4),
  ];

  it('counts, averages CLV over bets with a close, and takes ROI and hit rate over settled bets', () => {
    const totals = trackerTotals(bets);
    expect(totals).toMatchObject({ count: 4, withClose: 2, settled: 3, profit: -9 });
    expect(totals.averageClv).toBeCloseTo(-0.025, 12);
    expect(totals.beatCloseShare).toBe(0.5);
    // −9 / (10 + 20 + 10): the void bet's stake counts, it was staked and returned.
    expect(totals.roi).toBeCloseTo(-0.225, 12);
    // The void bet neither hit nor missed: 1 hit of 2 decided.
    expect(totals.hitRate).toBe(0.5);
  });

  it('has no averages for no bets', () => {
    expect(trackerTotals([])).toEqual({ count: 0, withClose: 0, averageClv: null, beatCloseShare: null, settled: 0, roi: null, profit: 0, hitRate: null });
  });

  it('groups by bookmaker and by sport, a parlay across books as "mixed"', () => {
    const parlay = bet('E', [leg(2, { kind: 'open' }), leg(2, { kind: 'open' }, null, { bookmaker: 'pinnacle' })]);
    expect(totalsBy([...bets, parlay], (l) => l.bookmaker).map((g) => [g.key, g.totals.count])).toEqual([
      ['bet365', 3],
      ['mixed', 1],
      ['pinnacle', 1],
    ]);
    expect(totalsBy(bets, (l) => l.sport).map((g) => [g.key, g.totals.count])).toEqual([
      ['Football', 3],
      ['Tennis', 1],
    ]);
  });

  it('runs CLV and P/L cumulatively in the order placed', () => {
    const series = cumulativeSeries([bets[3], bets[1], bets[0], bets[2]].filter((b): b is TrackedBet => b !== undefined));
    expect(series.map((p) => p.placedAt)).toEqual([1, 2, 3, 4]);
    expect(series.map((p) => p.profit)).toEqual([11, -9, -9, -9]);
    expect(series[1]?.clv).toBeCloseTo(-0.05, 12);
  });
});

describe('properties', () => {
  const price = fc.double({ min: 1.01, max: 50, noNaN: true });
  const legArb = fc.record({ price, close: price });

  it('a parlay\'s close does not depend on the order of its legs', () => {
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 6 }), (legs) => {
        const forward = betClose(bet('p', legs.map((l) => leg(l.price, closed(l.close)))));
        const backward = betClose(bet('p', [...legs].reverse().map((l) => leg(l.price, closed(l.close)))));
        expect(backward).toEqual(forward);
      }),
    );
  });

  it('a bet taken above every leg\'s close beats the close', () => {
    fc.assert(
      fc.property(fc.array(legArb, { minLength: 1, maxLength: 6 }), (legs) => {
        const b = bet('p', legs.map((l) => leg(l.close * 1.01, closed(l.close))));
        expect(betClv(b)?.priceBased ?? 0).toBeGreaterThan(0);
      }),
    );
  });

  it('the beat-the-close share and hit rate stay within 0 and 1, and count adds up over groups', () => {
    const gradeArb = fc.constantFrom<Grade | null>('won', 'lost', 'push', 'half-won', 'half-lost', 'void', null);
    const betArb = fc.record({ price, close: price, grade: gradeArb, book: fc.constantFrom('a', 'b') });
    fc.assert(
      fc.property(fc.array(betArb, { maxLength: 20 }), (rows) => {
        const bets = rows.map((r, i) => bet(String(i), [leg(r.price, closed(r.close), r.grade, { bookmaker: r.book })]));
        const totals = trackerTotals(bets);
        for (const share of [totals.beatCloseShare, totals.hitRate]) {
          if (share !== null) {
            expect(share).toBeGreaterThanOrEqual(0);
            expect(share).toBeLessThanOrEqual(1);
          }
        }
        expect(totalsBy(bets, (l) => l.bookmaker).reduce((n, g) => n + g.totals.count, 0)).toBe(bets.length);
      }),
    );
  });
});
