import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DevigError, devig } from './devig.ts';
import { consensusLegProbability, explainPrice, PriceExplainError, recomposedPrice } from './price-explain.ts';

const TOLERANCE = 1e-12;

describe('consensusLegProbability', () => {
  it('de-vigs a single book multiplicatively like devig does', () => {
    expect(consensusLegProbability([[1.5, 2.7]], 0, 'multiplicative')).toBeCloseTo(9 / 14, 12);
  });

  it('averages the implied probabilities of the books before de-vigging', () => {
    // Mean implied: (1/2 + 1/2.5)/2 = 0.45 and (1/2 + 1/1.6)/2 = 0.5625; sum 1.0125.
    expect(consensusLegProbability([[2, 2], [2.5, 1.6]], 0, 'multiplicative')).toBeCloseTo(0.45 / 1.0125, 12);
  });

  it('picks the leg outcome by its index in the market', () => {
    const fair = devig([1.8, 3.6, 4.5], 'shin');
    expect(consensusLegProbability([[1.8, 3.6, 4.5]], 2, 'shin')).toBeCloseTo(fair[2] ?? 0, 12);
  });

  it('refuses books that price a different number of outcomes', () => {
    expect(() => consensusLegProbability([[2, 2], [1.5, 3, 6]], 0, 'multiplicative')).toThrow(PriceExplainError);
  });

  it('refuses an empty list of books', () => {
    expect(() => consensusLegProbability([], 0, 'multiplicative')).toThrow(/at least one complete market/u);
  });

  it('refuses an outcome index outside the market', () => {
    expect(() => consensusLegProbability([[2, 2]], 2, 'multiplicative')).toThrow(/not one of the market's 2 outcomes/u);
  });

  it('lets the devig error through where additive is undefined', () => {
    expect(() => consensusLegProbability([[1.01, 1.5, 200]], 2, 'additive')).toThrow(DevigError);
  });
});

describe('explainPrice', () => {
  const legs = [
    { key: 'a', price: 1.9, fairProbability: 0.5 },
    { key: 'b', price: 2.5, fairProbability: 0.375 },
  ];

  it('gives each leg the book margin implied / fair − 1', () => {
    const explanation = explainPrice(legs, 4);
    expect(explanation.legs[0]?.margin).toBeCloseTo(1 / 1.9 / 0.5 - 1, 12);
    expect(explanation.legs[1]?.margin).toBeCloseTo(0.4 / 0.375 - 1, 12);
  });

  it('multiplies the no-vig legs into the independent fair probability', () => {
    expect(explainPrice(legs, 4).independentFairProbability).toBeCloseTo(0.1875, 15);
  });

  it('puts the combined factor between the independent fair probability and the quote', () => {
    expect(explainPrice(legs, 4).combinedFactor).toBeCloseTo(0.25 / 0.1875, 12);
  });

  it('recomposes the quoted price from its parts', () => {
    expect(recomposedPrice(explainPrice(legs, 4.37))).toBeCloseTo(4.37, 12);
  });

  it('has no split without a stated fair joint probability', () => {
    expect(explainPrice(legs, 4).split).toBeNull();
  });

  it('splits the combined factor into correlation and margin with a stated fair joint', () => {
    const { split, combinedFactor } = explainPrice(legs, 4, { probability: 0.22, source: 'the test model' });
    expect(split?.source).toBe('the test model');
    expect(split?.correlationFactor).toBeCloseTo(0.22 / 0.1875, 12);
    expect(split?.margin).toBeCloseTo(0.25 / 0.22 - 1, 12);
    expect((split?.correlationFactor ?? 0) * (1 + (split?.margin ?? 0))).toBeCloseTo(combinedFactor, 12);
  });

  it('refuses the inactive price 1', () => {
    expect(() => explainPrice(legs, 1)).toThrow(/above 1/u);
  });

  it('refuses no legs', () => {
    expect(() => explainPrice([], 3)).toThrow(PriceExplainError);
  });

  it('names the leg whose fair probability is out of range', () => {
    expect(() => explainPrice([{ key: 'x:1', price: 2, fairProbability: 1 }], 3)).toThrow(/leg 0 \(x:1\)/u);
  });

  it('refuses a stated fair joint probability above 1', () => {
    expect(() => explainPrice(legs, 4, { probability: 1.2, source: 's' })).toThrow(/fair joint/u);
  });
});

describe('explainPrice properties', () => {
  const leg = fc.record({
    price: fc.double({ min: 1.01, max: 50, noNaN: true }),
    fairProbability: fc.double({ min: 0.01, max: 0.99, noNaN: true }),
  });
  const legsArb = fc.array(leg, { minLength: 1, maxLength: 20 }).map((ls) => ls.map((l, i) => ({ ...l, key: String(i) })));
  const quote = fc.double({ min: 1.01, max: 10_000, noNaN: true });

  it('recomposes every quote from the no-vig legs and the combined factor', () => {
    fc.assert(
      fc.property(legsArb, quote, (ls, price) => {
        const back = recomposedPrice(explainPrice(ls, price));
        expect(Math.abs(back - price) / price).toBeLessThanOrEqual(TOLERANCE);
      }),
    );
  });

  it('gives the same explanation whatever the order of the legs', () => {
    fc.assert(
      fc.property(legsArb, quote, (ls, price) => {
        const forward = explainPrice(ls, price);
        const backward = explainPrice([...ls].reverse(), price);
        expect(backward.independentFairProbability).toBe(forward.independentFairProbability);
        expect(backward.singlesProduct).toBe(forward.singlesProduct);
      }),
    );
  });

  it('makes correlation times (1 + margin) the combined factor', () => {
    fc.assert(
      fc.property(legsArb, quote, fc.double({ min: 1e-6, max: 1, noNaN: true }), (ls, price, joint) => {
        const e = explainPrice(ls, price, { probability: joint, source: 's' });
        const product = (e.split?.correlationFactor ?? 0) * (1 + (e.split?.margin ?? 0));
        expect(Math.abs(product - e.combinedFactor) / e.combinedFactor).toBeLessThanOrEqual(TOLERANCE);
      }),
    );
  });

  it('gives a combined factor equal to the product of the leg margins for an accumulator at singlesPrice', () => {
    fc.assert(
      fc.property(legsArb, (ls) => {
        const e = explainPrice(ls, ls.reduce((p, l) => p * l.price, 1));
        const margins = e.legs.reduce((p, l) => p * (1 + l.margin), 1);
        expect(Math.abs(margins - e.combinedFactor) / e.combinedFactor).toBeLessThanOrEqual(1e-9);
      }),
    );
  });
});
