import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitMarginals, marginalOf, patternTable } from './marginal-fit.ts';

/** The subset all-win probabilities of independent legs with win probabilities `p`. */
function independentAllWin(p: readonly number[]): Float64Array {
  const size = 1 << p.length;
  const out = new Float64Array(size);
  for (let mask = 0; mask < size; mask += 1) {
    let v = 1;
    p.forEach((q, i) => {
      if ((mask & (1 << i)) !== 0) v *= q;
    });
    out[mask] = v;
  }
  return out;
}

const probability = fc.double({ min: 0.02, max: 0.98, noNaN: true });

describe('patternTable', () => {
  it('turns P(all of S win) into the 2x2 table of two legs', () => {
    // P(A) = 0.5, P(B) = 0.4, P(A and B) = 0.3.
    const table = patternTable(2, Float64Array.of(1, 0.5, 0.4, 0.3));
    expect([...table].map((v) => Number(v.toFixed(12)))).toEqual([0.4, 0.2, 0.1, 0.3]);
  });
});

describe('fitMarginals', () => {
  it('keeps independent legs independent: the fitted all-win cell is the product of the targets', () => {
    fc.assert(
      fc.property(fc.array(probability, { minLength: 2, maxLength: 5 }), fc.array(probability, { minLength: 5, maxLength: 5 }), (model, targets) => {
        const t = targets.slice(0, model.length);
        const fitted = fitMarginals(patternTable(model.length, independentAllWin(model)), t);
        if (fitted === null) throw new Error('no fit');
        const product = t.reduce((a, b) => a * b, 1);
        expect(fitted[(1 << model.length) - 1]).toBeCloseTo(product, 10);
      }),
    );
  });

  it('keeps the odds ratio of two dependent legs and meets the targets', () => {
    const model = patternTable(2, Float64Array.of(1, 0.5, 0.4, 0.3));
    const fitted = fitMarginals(model, [0.45, 0.35]);
    if (fitted === null) throw new Error('no fit');
    const ratio = (t: Float64Array): number => ((t[3] ?? 0) * (t[0] ?? 0)) / ((t[1] ?? 0) * (t[2] ?? 0));
    expect(ratio(fitted)).toBeCloseTo(ratio(model), 9);
    expect(marginalOf(fitted, 0)).toBeCloseTo(0.45, 12);
    expect(marginalOf(fitted, 1)).toBeCloseTo(0.35, 12);
  });

  it('has no fit when a leg that implies another is given the higher probability', () => {
    // A ⊂ B in the model (A and not B is impossible): P(A) must stay ≤ P(B).
    const model = patternTable(2, Float64Array.of(1, 0.2, 0.5, 0.2));
    expect(fitMarginals(model, [0.3, 0.25])).toBeNull();
    expect(fitMarginals(model, [0.2, 0.3])?.[3]).toBeCloseTo(0.2, 9);
  });
});
