import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { consensusBook, DEVIG_METHODS, DevigError, devig, fairPrice, shinZ } from './devig.ts';
import type { DevigMethod } from './devig.ts';

// Hand-worked values: multiplicative and additive are exact fractions; power and Shin were
// solved independently by bisection in python3's mpmath at 50 significant digits, quoted here to
// 15 significant digits, which a double literal keeps intact.
const TOLERANCE = 1e-12;

function expectClose(actual: readonly number[], expected: readonly number[], tolerance = TOLERANCE): void {
  expect(actual).toHaveLength(expected.length);
  actual.forEach((value, index) => {
    expect(Math.abs(value - (expected[index] ?? Number.NaN))).toBeLessThanOrEqual(tolerance);
  });
}

const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

const DISTRIBUTIONAL: readonly DevigMethod[] = ['multiplicative', 'additive', 'power', 'shin'];

describe('devig on a symmetric two-way market (1.90 / 1.90)', () => {
  it('gives 0.5 / 0.5 with every method', () => {
    for (const method of DEVIG_METHODS) expectClose(devig([1.9, 1.9], method), [0.5, 0.5]);
  });
});

describe('devig on an asymmetric two-way market (1.50 / 2.70, margin 1/27)', () => {
  it('scales the implied probabilities multiplicatively to 9/14 and 5/14', () => {
    expectClose(devig([1.5, 2.7], 'multiplicative'), [9 / 14, 5 / 14]);
  });

  it('removes an equal share of the margin additively to 35/54 and 19/54', () => {
    expectClose(devig([1.5, 2.7], 'additive'), [35 / 54, 19 / 54]);
  });

  it('solves the power method', () => {
    // k = 1.05932305744233
    expectClose(devig([1.5, 2.7], 'power'), [0.650822365536257, 0.349177634463743]);
  });

  it('solves the Shin method, which equals additive on a two-way market', () => {
    expectClose(devig([1.5, 2.7], 'shin'), [35 / 54, 19 / 54]);
    expect(shinZ([1.5, 2.7])).toBeCloseTo(0.0371643394199785, 12);
  });

  it('takes the lowest probability per outcome for the worst case', () => {
    // Multiplicative gives the favourite least (9/14); power gives the longshot least.
    expectClose(devig([1.5, 2.7], 'worst-case'), [9 / 14, 1 - 0.650822365536257]);
  });
});

describe('devig on a three-way market (2.10 / 3.40 / 3.60, margin 103/2142)', () => {
  const prices = [2.1, 3.4, 3.6];

  it('solves the multiplicative method', () => {
    expectClose(devig(prices, 'multiplicative'), [
      0.4543429844098, 0.280623608017817, 0.265033407572383,
    ]);
  });

  it('solves the additive method', () => {
    expectClose(devig(prices, 'additive'), [
      0.460161842514784, 0.278089013383131, 0.261749144102085,
    ]);
  });

  it('solves the power method', () => {
    // k = 1.04611206147482
    expectClose(devig(prices, 'power'), [0.460174457860488, 0.277979964076389, 0.261845578063124]);
  });

  it('solves the Shin method', () => {
    expectClose(devig(prices, 'shin'), [0.458665715961336, 0.27873763713279, 0.262596646905874]);
    expect(shinZ(prices)).toBeCloseTo(0.0240828367317284, 12);
  });

  it('takes the lowest probability per outcome for the worst case, which sums below one', () => {
    const worst = devig(prices, 'worst-case');
    // Multiplicative for the favourite, power for the draw, additive for the away side.
    expectClose(worst, [0.4543429844098, 0.277979964076389, 0.261749144102085]);
    expect(sum(worst)).toBeLessThan(1);
  });
});

describe('devig on a market with negative margin (an arbitrage across books)', () => {
  it('scales up multiplicatively', () => {
    // (1/2.10, 1/2.05)/(830/861) = 41/83, 42/83
    expectClose(devig([2.1, 2.05], 'multiplicative'), [41 / 83, 42 / 83]);
  });

  it('adds an equal share additively', () => {
    expectClose(devig([2.1, 2.05], 'additive'), [0.494192799070848, 0.505807200929152]);
  });

  it('solves the power method with k below one', () => {
    // k = 0.949751350627966
    expectClose(devig([2.1, 2.05], 'power'), [0.494278579198183, 0.505721420801817]);
  });

  it('solves the Shin method with a negative z', () => {
    expectClose(devig([2.1, 2.05], 'shin'), [0.494192799070848, 0.505807200929152]);
    expect(shinZ([2.1, 2.05])).toBeCloseTo(-0.0360044643368725, 12);
  });

  it('solves a three-way market with negative margin', () => {
    const prices = [2.5, 3.5, 3.4];
    expectClose(devig(prices, 'power'), [0.40680330578332, 0.29237892822903, 0.30081776598765]);
    expectClose(devig(prices, 'shin'), [0.407095372356875, 0.292229466471276, 0.30067516117185]);
    expect(shinZ(prices)).toBeCloseTo(-0.0100813876330312, 12);
  });
});

describe('devig on a market with no margin', () => {
  it('returns the implied probabilities unchanged with every method', () => {
    for (const method of DEVIG_METHODS) {
      expect(devig([2, 2], method)).toEqual([0.5, 0.5]);
      expect(devig([1.25, 5], method)).toEqual([0.8, 0.2]);
    }
  });

  it('has a Shin z of zero', () => {
    expect(shinZ([2, 2])).toBe(0);
  });
});

describe('devig input checks', () => {
  it('rejects fewer than two prices', () => {
    expect(() => devig([2], 'multiplicative')).toThrow(/at least 2 prices/);
    expect(() => shinZ([])).toThrow(DevigError);
  });

  it('rejects a price that is not a finite number above 1 and names it', () => {
    for (const bad of [1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => devig([2, bad], 'power')).toThrow(/prices\[1\]/);
    }
  });

  it('rejects the additive method when it would give an outcome a negative probability', () => {
    // Margin share (1/1.05 + 1/1.5 + 1/80 − 1)/3 ≈ 0.21 exceeds 1/80.
    expect(() => devig([1.05, 1.5, 80], 'additive')).toThrow(/additive method is undefined/);
  });

  it('skips the undefined additive method in the worst case', () => {
    const prices = [1.05, 1.5, 80];
    const worst = devig(prices, 'worst-case');
    const others = [devig(prices, 'multiplicative'), devig(prices, 'power'), devig(prices, 'shin')];
    worst.forEach((p, i) => {
      expect(p).toBe(Math.min(...others.map((fair) => fair[i] ?? Number.NaN)));
    });
  });

  it('rejects an unknown method', () => {
    expect(() => devig([2, 2], 'logit' as DevigMethod)).toThrow(/unknown devig method logit/);
  });
});

describe('fairPrice', () => {
  it('is the reciprocal of the probability', () => {
    expect(fairPrice(0.5)).toBe(2);
    expect(fairPrice(0.8)).toBe(1.25);
    expect(fairPrice(1)).toBe(1);
  });

  it('rejects probabilities outside (0, 1]', () => {
    for (const bad of [0, -0.1, 1.01, Number.NaN]) expect(() => fairPrice(bad)).toThrow(DevigError);
  });
});

// Random markets of 2..20 outcomes: integer weights (so equal prices occur) normalised into fair
// probabilities, then a margin laid on multiplicatively or as an equal share.
function marketWith(margin: fc.Arbitrary<number>): fc.Arbitrary<number[]> {
  return fc
    .record({
      weights: fc.array(fc.integer({ min: 1, max: 50 }), { minLength: 2, maxLength: 20 }),
      margin,
      equalShare: fc.boolean(),
    })
    .map(({ weights, margin: m, equalShare }) => {
      const total = sum(weights);
      return weights.map((w) => 1 / (equalShare ? w / total + m / weights.length : (w / total) * (1 + m)));
    })
    .filter((prices) => prices.every((p) => Number.isFinite(p) && p > 1));
}

const withMargin = marketWith(fc.double({ min: 0, max: 0.15, noNaN: true }));
const withPositiveMargin = marketWith(fc.double({ min: 0.001, max: 0.15, noNaN: true }));
const withNegativeMargin = marketWith(fc.double({ min: -0.15, max: -0.001, noNaN: true }));
const withoutMargin = marketWith(fc.constant(0));

const impliedOf = (prices: readonly number[]): number[] => prices.map((p) => 1 / p);

// The additive method is defined exactly when every πᵢ exceeds the margin share (Σπ − 1)/n.
function additiveDefined(prices: readonly number[]): boolean {
  const implied = impliedOf(prices);
  const share = (sum(implied) - 1) / implied.length;
  return implied.every((pi) => pi - share > 0);
}

function devigOrNull(prices: readonly number[], method: DevigMethod): number[] | null {
  if (method === 'additive' && !additiveDefined(prices)) {
    expect(() => devig(prices, method)).toThrow(DevigError);
    return null;
  }
  return devig(prices, method);
}

describe('devig properties', () => {
  it('gives probabilities in (0, 1) that sum to 1 within 1e-9 with each distributional method', () => {
    fc.assert(
      fc.property(withMargin, fc.constantFrom(...DISTRIBUTIONAL), (prices, method) => {
        const fair = devigOrNull(prices, method);
        if (fair === null) return;
        for (const p of fair) {
          expect(p).toBeGreaterThan(0);
          expect(p).toBeLessThan(1);
        }
        expect(Math.abs(sum(fair) - 1)).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 400 },
    );
  });

  it('keeps the order of the prices: shorter price, higher probability; equal prices, equal', () => {
    fc.assert(
      fc.property(withMargin, fc.constantFrom(...DEVIG_METHODS), (prices, method) => {
        const fair = devigOrNull(prices, method);
        if (fair === null) return;
        prices.forEach((pi, i) => {
          prices.forEach((pj, j) => {
            const fi = fair[i] ?? Number.NaN;
            const fj = fair[j] ?? Number.NaN;
            if (pi === pj) expect(fi).toBe(fj);
            else if (pi < pj) expect(fi).toBeGreaterThan(fj);
          });
        });
      }),
      { numRuns: 400 },
    );
  });

  it('returns the implied probabilities within 1e-9 when there is no margin', () => {
    fc.assert(
      fc.property(withoutMargin, fc.constantFrom(...DEVIG_METHODS), (prices, method) => {
        expectClose(devig(prices, method), impliedOf(prices), 1e-9);
      }),
    );
  });

  it('never gives an outcome more than its implied probability when there is a margin', () => {
    fc.assert(
      fc.property(withPositiveMargin, fc.constantFrom(...DISTRIBUTIONAL), (prices, method) => {
        const fair = devigOrNull(prices, method);
        if (fair === null) return;
        const implied = impliedOf(prices);
        fair.forEach((p, i) => {
          expect(p).toBeLessThanOrEqual(implied[i] ?? Number.NaN);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('gives every outcome at least its implied probability when the margin is negative', () => {
    fc.assert(
      fc.property(withNegativeMargin, fc.constantFrom(...DISTRIBUTIONAL), (prices, method) => {
        const fair = devig(prices, method);
        const implied = impliedOf(prices);
        fair.forEach((p, i) => {
          expect(p).toBeGreaterThanOrEqual(implied[i] ?? Number.NaN);
          expect(p).toBeLessThan(1);
        });
        expect(Math.abs(sum(fair) - 1)).toBeLessThanOrEqual(1e-9);
      }),
      { numRuns: 400 },
    );
  });

  it('puts the worst case at or below every method for every outcome', () => {
    fc.assert(
      fc.property(withMargin, (prices) => {
        const worst = devig(prices, 'worst-case');
        for (const method of DISTRIBUTIONAL) {
          const fair = devigOrNull(prices, method);
          if (fair === null) continue;
          fair.forEach((p, i) => {
            expect(worst[i]).toBeLessThanOrEqual(p);
          });
        }
        expect(sum(worst)).toBeLessThanOrEqual(1 + 1e-12);
      }),
      { numRuns: 300 },
    );
  });

  it('finds a Shin z in (0, 1) with a margin and below 0 with a negative one', () => {
    fc.assert(
      fc.property(withPositiveMargin, withNegativeMargin, (positive, negative) => {
        const z = shinZ(positive);
        expect(z).toBeGreaterThan(0);
        expect(z).toBeLessThan(1);
        expect(shinZ(negative)).toBeLessThan(0);
      }),
    );
  });

  it('makes Shin equal additive on every two-way market', () => {
    const twoWay = fc.tuple(fc.double({ min: 1.01, max: 20, noNaN: true }), fc.double({ min: 1.01, max: 20, noNaN: true }));
    fc.assert(
      fc.property(twoWay, (prices) => {
        if (!additiveDefined(prices)) return;
        expectClose(devig(prices, 'shin'), devig(prices, 'additive'));
      }),
    );
  });
});

describe('consensusBook', () => {
  it('averages the implied probabilities, not the prices (hand-worked)', () => {
    // 1/2 and 1/2.5 average to 0.45 → 1/0.45; 1/2 and 1/1.6 average to 0.5625 → 1/0.5625.
    const [home, away] = consensusBook([
      [2, 2],
      [2.5, 1.6],
    ]);
    expect(home).toBeCloseTo(1 / 0.45, 12);
    expect(away).toBeCloseTo(1 / 0.5625, 12);
  });

  it('is the book itself for one book', () => {
    expect(consensusBook([[2.1, 3.4, 3.6]])).toEqual([2.1, 3.4, 3.6].map((p) => 1 / (1 / p)));
  });

  it('weights the implied probabilities when given weights (hand-worked)', () => {
    // (3·1/2 + 1/2.5)/4 = 0.475 → 1/0.475; (3·1/2 + 1/1.6)/4 = 0.53125 → 1/0.53125.
    const [home, away] = consensusBook([[2, 2], [2.5, 1.6]], [3, 1]);
    expect(home).toBeCloseTo(1 / 0.475, 12);
    expect(away).toBeCloseTo(1 / 0.53125, 12);
    // A weight of 0 leaves the book out.
    expect(consensusBook([[2, 2], [2.5, 1.6]], [1, 0])).toEqual([2, 2]);
  });

  it('refuses weights not one per book, negative, not finite or summing to 0', () => {
    expect(() => consensusBook([[2, 2]], [1, 1])).toThrow(/2 weights for 1 books/u);
    expect(() => consensusBook([[2, 2]], [-1])).toThrow(/book 0 weight must be a finite number ≥ 0, got -1/u);
    expect(() => consensusBook([[2, 2]], [Number.NaN])).toThrow(DevigError);
    expect(() => consensusBook([[2, 2], [3, 1.5]], [0, 0])).toThrow(/sum to 0/u);
  });

  it('refuses no book, books of different lengths and settled or invalid prices, by name', () => {
    expect(() => consensusBook([])).toThrow(/at least one complete market/u);
    expect(() => consensusBook([[2, 2], [1.5, 3, 6]])).toThrow(/book 1 prices 3 outcomes, the first 2/u);
    expect(() => consensusBook([[2, 2], [1, 3]])).toThrow(/book 1 outcome 0 price must be a finite decimal price above 1, got 1/u);
    expect(() => consensusBook([[2, Number.NaN]])).toThrow(DevigError);
  });

  it('has a margin between the lowest and highest of its books (property)', () => {
    const book = fc.array(fc.double({ min: 1.01, max: 50, noNaN: true }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(fc.array(book, { minLength: 1, maxLength: 8 }), (books) => {
        const margin = (prices: readonly number[]) => prices.reduce((sum, p) => sum + 1 / p, 0);
        const margins = books.map(margin);
        const consensus = margin(consensusBook(books));
        expect(consensus).toBeGreaterThanOrEqual(Math.min(...margins) * (1 - 1e-12));
        expect(consensus).toBeLessThanOrEqual(Math.max(...margins) * (1 + 1e-12));
      }),
    );
  });
});
