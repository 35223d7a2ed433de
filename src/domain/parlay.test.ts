import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRADES } from './grade.ts';
import {
  ParlayError,
  accumulatorPrice,
  correlationMargin,
  impliedJointProbability,
  roundParlayPrice,
  settleParlay,
  singlesPrice,
} from './parlay.ts';
import type { SettledLeg } from './parlay.ts';

// Expected values below were computed exactly with python3 `fractions` from the decimal prices.
const REL = 1e-12;

function expectRelativelyClose(actual: number, exact: number): void {
  expect(Math.abs(actual - exact)).toBeLessThanOrEqual(REL * Math.max(1, Math.abs(exact)));
}

const priceArb = fc.double({ min: 1, max: 1000, noNaN: true });
const pricesArb = fc.array(priceArb, { minLength: 1, maxLength: 20 });
const gradeArb = fc.constantFrom(...GRADES);
const legArb = fc.record({ price: priceArb, grade: gradeArb });
const legsArb = fc.array(legArb, { minLength: 1, maxLength: 20 });
const stakeArb = fc.double({ min: 0, max: 1e6, noNaN: true });

function shuffled<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}

describe('accumulatorPrice', () => {
  it('multiplies the leg prices', () => {
    // 1.91 × 2.05 × 1.67 = 1307777/200000 = 6.538885
    expectRelativelyClose(accumulatorPrice([1.91, 2.05, 1.67]), 6.538885);
  });

  it('is the price itself for one leg', () => {
    expect(accumulatorPrice([2.5])).toBe(2.5);
  });

  it('rejects an empty list and prices below 1 or not finite', () => {
    expect(() => accumulatorPrice([])).toThrow(ParlayError);
    expect(() => accumulatorPrice([2, 0.99])).toThrow(/accumulatorPrice: leg 1 price must be a finite decimal price of at least 1, got 0\.99/u);
    expect(() => accumulatorPrice([Number.NaN])).toThrow(ParlayError);
    expect(() => accumulatorPrice([Number.POSITIVE_INFINITY])).toThrow(ParlayError);
  });

  it('is at least every leg price when every leg is at least 1', () => {
    fc.assert(
      fc.property(pricesArb, (prices) => {
        const price = accumulatorPrice(prices);
        for (const leg of prices) expect(price).toBeGreaterThanOrEqual(leg);
      }),
    );
  });

  it('does not depend on leg order, to the last bit', () => {
    fc.assert(
      fc.property(
        pricesArb.chain((prices) => fc.tuple(fc.constant(prices), shuffled(prices))),
        ([prices, reordered]) => {
          expect(accumulatorPrice(reordered)).toBe(accumulatorPrice(prices));
        },
      ),
    );
  });

  it('does not reorder the caller’s array', () => {
    const prices = [3, 1.5, 2];
    accumulatorPrice(prices);
    expect(prices).toEqual([3, 1.5, 2]);
  });
});

describe('singlesPrice', () => {
  it('is the naive product of the leg prices, the same number as the accumulator price', () => {
    expectRelativelyClose(singlesPrice([1.91, 2.05, 1.67]), 6.538885);
    fc.assert(
      fc.property(pricesArb, (prices) => {
        expect(singlesPrice(prices)).toBe(accumulatorPrice(prices));
      }),
    );
  });

  it('names itself when it rejects its input', () => {
    expect(() => singlesPrice([])).toThrow(/^singlesPrice needs at least one leg price/u);
  });
});

describe('correlationMargin', () => {
  it('is negative when the same-game parlay pays less than the singles', () => {
    // 5.80 / 6.538885 − 1 = −147777/1307777
    expectRelativelyClose(correlationMargin(5.8, 6.538885), -147777 / 1307777);
  });

  it('is positive when it pays more and zero for an accumulator', () => {
    expect(correlationMargin(4.4, 4)).toBeCloseTo(0.1, 12);
    fc.assert(
      fc.property(pricesArb, (prices) => {
        expect(correlationMargin(accumulatorPrice(prices), singlesPrice(prices))).toBe(0);
      }),
    );
  });

  it('rejects prices below 1', () => {
    expect(() => correlationMargin(0.5, 2)).toThrow(/correlationMargin: price/u);
    expect(() => correlationMargin(2, 0)).toThrow(/correlationMargin: singlesPrice/u);
  });
});

describe('impliedJointProbability', () => {
  it('is the reciprocal of the price', () => {
    // 1 / 6.538885 = 200000/1307777
    expectRelativelyClose(impliedJointProbability(6.538885), 200000 / 1307777);
    expect(impliedJointProbability(1)).toBe(1);
  });

  it('rejects prices below 1 and non-finite ones', () => {
    expect(() => impliedJointProbability(0)).toThrow(ParlayError);
    expect(() => impliedJointProbability(Number.NaN)).toThrow(ParlayError);
  });
});

describe('roundParlayPrice', () => {
  it('rounds to 2 decimals', () => {
    expect(roundParlayPrice(6.538885)).toBe(6.54);
    expect(roundParlayPrice(3.0949)).toBe(3.09);
  });

  it('rounds a half away from zero on the decimal value', () => {
    expect(roundParlayPrice(2.005)).toBe(2.01);
    expect(roundParlayPrice(1.125)).toBe(1.13);
  });

  it('never goes below 1.01 so an active price cannot read as stake back', () => {
    expect(roundParlayPrice(1)).toBe(1.01);
    expect(roundParlayPrice(1.004)).toBe(1.01);
    expect(roundParlayPrice(1.005)).toBe(1.01);
    expect(roundParlayPrice(1.015)).toBe(1.02);
  });

  it('rejects prices below 1', () => {
    expect(() => roundParlayPrice(0.999)).toThrow(ParlayError);
  });

  it('stays within half a cent of any price above 1.01 and lands on a whole cent', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.01, max: 1e6, noNaN: true }), (price) => {
        const rounded = roundParlayPrice(price);
        expect(Math.abs(rounded - price)).toBeLessThanOrEqual(0.005 + 1e-9 * price);
        expect(Number((rounded * 100).toFixed(6)) % 1).toBe(0);
      }),
    );
  });

  it('is at least 1.01 for every price', () => {
    fc.assert(
      fc.property(priceArb, (price) => {
        expect(roundParlayPrice(price)).toBeGreaterThanOrEqual(1.01);
      }),
    );
  });
});

describe('settleParlay', () => {
  it('pays the product of the prices when all three legs win', () => {
    const result = settleParlay(
      [
        { price: 1.91, grade: 'won' },
        { price: 2.05, grade: 'won' },
        { price: 1.67, grade: 'won' },
      ],
      10,
    );
    expect(result.status).toBe('won');
    expectRelativelyClose(result.returnFactor, 6.538885);
    expectRelativelyClose(result.payout, 65.38885);
    expectRelativelyClose(result.profit, 55.38885);
  });

  it('counts a void leg at price 1', () => {
    // 2.05 × 1.67 = 6847/2000 = 3.4235
    const result = settleParlay(
      [
        { price: 1.91, grade: 'void' },
        { price: 2.05, grade: 'won' },
        { price: 1.67, grade: 'won' },
      ],
      10,
    );
    expect(result.status).toBe('won');
    expectRelativelyClose(result.payout, 34.235);
    expectRelativelyClose(result.profit, 24.235);
  });

  it('pays a half-won quarter-line leg at (1 + price) / 2', () => {
    // (1 + 1.95) / 2 × 2.10 = 1239/400 = 3.0975
    const result = settleParlay(
      [
        { price: 1.95, grade: 'half-won' },
        { price: 2.1, grade: 'won' },
      ],
      10,
    );
    expect(result.status).toBe('partial');
    expectRelativelyClose(result.returnFactor, 3.0975);
    expectRelativelyClose(result.payout, 30.975);
    expectRelativelyClose(result.profit, 20.975);
  });

  it('returns half on a half-lost leg', () => {
    // 0.5 × 2.10 = 21/20 = 1.05
    const result = settleParlay(
      [
        { price: 1.95, grade: 'half-lost' },
        { price: 2.1, grade: 'won' },
      ],
      10,
    );
    expect(result.status).toBe('partial');
    expectRelativelyClose(result.payout, 10.5);
    expectRelativelyClose(result.profit, 0.5);
  });

  it('pays nothing when one leg loses', () => {
    const result = settleParlay(
      [
        { price: 1.91, grade: 'won' },
        { price: 2.05, grade: 'lost' },
        { price: 1.67, grade: 'half-won' },
      ],
      10,
    );
    expect(result).toEqual({ returnFactor: 0, payout: 0, profit: -10, status: 'lost' });
  });

  it('returns the stake when every leg is void or pushed', () => {
    const result = settleParlay(
      [
        { price: 1.91, grade: 'void' },
        { price: 2.05, grade: 'push' },
      ],
      10,
    );
    expect(result).toEqual({ returnFactor: 1, payout: 10, profit: 0, status: 'void' });
  });

  it('rejects no legs, a bad price, an unknown grade and a bad stake', () => {
    expect(() => settleParlay([], 10)).toThrow(ParlayError);
    expect(() => settleParlay([{ price: 0.5, grade: 'won' }], 10)).toThrow(/leg 0 price/u);
    const unknown = { price: 2, grade: 'cancelled' } as unknown as SettledLeg;
    expect(() => settleParlay([unknown], 10)).toThrow(/leg 0 grade "cancelled" is not one of/u);
    expect(() => settleParlay([{ price: 2, grade: 'won' }], -1)).toThrow(/stake/u);
    expect(() => settleParlay([{ price: 2, grade: 'won' }], Number.NaN)).toThrow(/stake/u);
  });

  it('pays stake × accumulator price when every leg wins', () => {
    fc.assert(
      fc.property(pricesArb, stakeArb, (prices, stake) => {
        const result = settleParlay(prices.map((price) => ({ price, grade: 'won' as const })), stake);
        expect(result.returnFactor).toBe(accumulatorPrice(prices));
        expect(result.payout).toBe(stake * accumulatorPrice(prices));
      }),
    );
  });

  it('does not depend on leg order, to the last bit', () => {
    fc.assert(
      fc.property(
        legsArb.chain((legs) => fc.tuple(fc.constant(legs), shuffled(legs))),
        stakeArb,
        ([legs, reordered], stake) => {
          expect(settleParlay(reordered, stake)).toEqual(settleParlay(legs, stake));
        },
      ),
    );
  });

  it('never changes the payout of the other legs when a void leg is added', () => {
    fc.assert(
      fc.property(legsArb, priceArb, fc.nat(), stakeArb, (legs, voidPrice, at, stake) => {
        const withVoid = [...legs];
        withVoid.splice(at % (legs.length + 1), 0, { price: voidPrice, grade: 'void' });
        const before = settleParlay(legs, stake);
        const after = settleParlay(withVoid, stake);
        expect(after.payout).toBe(before.payout);
        expect(after.status).toBe(before.status);
      }),
    );
  });

  it('never pays more than stake × the product of the prices', () => {
    fc.assert(
      fc.property(legsArb, stakeArb, (legs, stake) => {
        const cap = stake * accumulatorPrice(legs.map((leg) => leg.price));
        expect(settleParlay(legs, stake).payout).toBeLessThanOrEqual(cap * (1 + REL));
      }),
    );
  });

  it('gives a status that matches the grades and the return', () => {
    fc.assert(
      fc.property(legsArb, (legs) => {
        const { status, returnFactor } = settleParlay(legs, 1);
        const grades = new Set(legs.map((leg) => leg.grade));
        if (grades.has('lost')) {
          expect([status, returnFactor]).toEqual(['lost', 0]);
        } else if (grades.has('half-won') || grades.has('half-lost')) {
          expect(status).toBe('partial');
          expect(returnFactor).toBeGreaterThan(0);
        } else if (grades.has('won')) {
          expect(status).toBe('won');
          expect(returnFactor).toBeGreaterThanOrEqual(1);
        } else {
          expect([status, returnFactor]).toEqual(['void', 1]);
        }
      }),
    );
  });
});
