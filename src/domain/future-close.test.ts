import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FutureCloseError, futureClose, futureClosingPrices, type FuturePricePoint } from './future-close.ts';

const SETTLED = 1_800_000_000_000;
const at = (changedAt: number, price: number, active = true): FuturePricePoint => ({ price, active, changedAt });

describe('futureClose', () => {
  it('is the last price on offer before settlement, not the inactive entry settlement writes', () => {
    const history = [at(SETTLED - 3000, 4.2), at(SETTLED - 2000, 4.5), at(SETTLED, 4.5, false)];
    expect(futureClose(history, SETTLED)).toEqual(at(SETTLED - 2000, 4.5));
  });

  it('skips a price taken down before settlement and ignores anything after it', () => {
    const history = [at(SETTLED - 5000, 3), at(SETTLED - 4000, 3.2, false), at(SETTLED + 1000, 9)];
    expect(futureClose(history, SETTLED)).toEqual(at(SETTLED - 5000, 3));
  });

  it('does not depend on the order of the entries', () => {
    expect(futureClose([at(SETTLED - 1000, 2.5), at(SETTLED - 9000, 2.1)], SETTLED)?.price).toBe(2.5);
  });

  it('is the latest active price of an open future (provisional close)', () => {
    expect(futureClose([at(10, 2), at(20, 2.2), at(30, 2.4, false)], null)).toEqual(at(20, 2.2));
  });

  it('is null when the price was never on offer before settlement', () => {
    expect(futureClose([], SETTLED)).toBeNull();
    expect(futureClose([at(SETTLED - 1, 2, false), at(SETTLED, 2)], SETTLED)).toBeNull();
  });

  it('rejects a settlement time that is not finite', () => {
    expect(() => futureClose([at(1, 2)], Number.NaN)).toThrow(FutureCloseError);
  });
});

const point = fc.record({
  price: fc.double({ min: 1.01, max: 1000, noNaN: true }),
  active: fc.boolean(),
  changedAt: fc.integer({ min: SETTLED - 1_000_000, max: SETTLED + 1_000_000 }),
});

describe('futureClose (properties)', () => {
  it('is an active entry before settlement with no active entry between it and settlement', () => {
    fc.assert(
      fc.property(fc.array(point), (entries) => {
        const close = futureClose(entries, SETTLED);
        const candidates = entries.filter((e) => e.active && e.changedAt < SETTLED);
        if (close === null) {
          expect(candidates).toEqual([]);
          return;
        }
        expect(entries).toContain(close);
        expect(close.active).toBe(true);
        expect(close.changedAt).toBeLessThan(SETTLED);
        expect(candidates.every((e) => e.changedAt <= close.changedAt)).toBe(true);
      }),
    );
  });

  it('keeps its price whatever happens at or after settlement', () => {
    fc.assert(
      fc.property(fc.array(point), fc.array(point), (entries, later) => {
        const after = later.map((e) => ({ ...e, changedAt: SETTLED + Math.abs(e.changedAt - SETTLED) }));
        expect(futureClose([...entries, ...after], SETTLED)).toEqual(futureClose(entries, SETTLED));
      }),
    );
  });

  it('gives the same close for any order of entries with distinct times', () => {
    fc.assert(
      fc.property(fc.uniqueArray(point, { selector: (e) => e.changedAt }), fc.integer(), (entries, seed) => {
        const shuffled = [...entries].sort((a, b) => ((a.changedAt * 31 + seed) % 97) - ((b.changedAt * 31 + seed) % 97));
        expect(futureClose(shuffled, SETTLED)).toEqual(futureClose(entries, SETTLED));
      }),
    );
  });
});

describe('futureClosingPrices', () => {
  it('closes every oddsId of a history answer and leaves out those never on offer', () => {
    const odds = {
      pinnacle: {
        'f1:pinnacle:7': { '100': at(100, 3), '200': at(200, 3.4), '300': at(300, 3.4, false) },
        'f1:pinnacle:8': { '300': at(300, 2, false) },
      },
      bet365: { 'f1:bet365:7': { '150': at(150, 3.1) } },
    };
    const closes = futureClosingPrices(odds, 300);
    expect([...closes.entries()]).toEqual([
      ['f1:pinnacle:7', at(200, 3.4)],
      ['f1:bet365:7', at(150, 3.1)],
    ]);
  });
});
