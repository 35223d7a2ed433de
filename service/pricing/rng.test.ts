import { describe, expect, it } from 'vitest';
import { RngError, createRng, hashString } from './rng.ts';

function moments(draw: () => number, n: number): { mean: number; variance: number } {
  let sum = 0;
  let square = 0;
  for (let i = 0; i < n; i += 1) {
    const x = draw();
    sum += x;
    square += x * x;
  }
  const mean = sum / n;
  return { mean, variance: square / n - mean * mean };
}

describe('createRng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = createRng('fixture-42');
    const b = createRng('fixture-42');
    const first = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(first);
  });

  it('gives different sequences for different seeds', () => {
    expect(createRng(1).next()).not.toBe(createRng(2).next());
  });

  it('draws uniforms in [0, 1) with mean one half', () => {
    const rng = createRng(7);
    const { mean, variance } = moments(() => rng.next(), 50_000);
    expect(mean).toBeCloseTo(0.5, 2);
    expect(variance).toBeCloseTo(1 / 12, 2);
  });

  it('forks independent streams without advancing the parent', () => {
    const parent = createRng('world');
    const reference = createRng('world');
    const child = parent.fork('bookmaker/bet365');
    child.next();
    expect(parent.next()).toBe(reference.next());
    expect(createRng('world').fork('bookmaker/bet365').next()).toBe(createRng('world').fork('bookmaker/bet365').next());
    expect(createRng('world').fork('a').next()).not.toBe(createRng('world').fork('b').next());
  });

  it('draws integers within the inclusive bounds', () => {
    const rng = createRng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i += 1) seen.add(rng.int(2, 5));
    expect([...seen].sort()).toEqual([2, 3, 4, 5]);
    expect(() => rng.int(5, 2)).toThrow(RngError);
  });

  it('draws Bernoulli outcomes with the given probability', () => {
    const rng = createRng(4);
    const { mean } = moments(() => (rng.bernoulli(0.3) ? 1 : 0), 40_000);
    expect(mean).toBeCloseTo(0.3, 2);
    expect(() => rng.bernoulli(1.5)).toThrow(RngError);
  });

  it('draws normals with the given mean and standard deviation', () => {
    const rng = createRng(5);
    const { mean, variance } = moments(() => rng.normal(10, 2), 40_000);
    expect(mean).toBeCloseTo(10, 1);
    expect(Math.sqrt(variance)).toBeCloseTo(2, 1);
  });

  it('draws Poisson counts with mean and variance λ, small and large', () => {
    for (const lambda of [0.7, 4, 55]) {
      const rng = createRng(`poisson-${String(lambda)}`);
      const { mean, variance } = moments(() => rng.poisson(lambda), 40_000);
      expect(Math.abs(mean - lambda) / lambda).toBeLessThan(0.02);
      expect(Math.abs(variance - lambda) / lambda).toBeLessThan(0.05);
    }
    expect(createRng(1).poisson(0)).toBe(0);
    expect(() => createRng(1).poisson(-1)).toThrow(RngError);
  });

  it('draws gamma variates with mean shape × scale, below and above shape 1', () => {
    for (const shape of [0.5, 3]) {
      const rng = createRng(`gamma-${String(shape)}`);
      const { mean } = moments(() => rng.gamma(shape, 2), 40_000);
      expect(Math.abs(mean - shape * 2) / (shape * 2)).toBeLessThan(0.03);
    }
    expect(() => createRng(1).gamma(0, 1)).toThrow(RngError);
  });

  it('draws negative binomial counts with variance mean + dispersion·mean²', () => {
    const rng = createRng(9);
    const { mean, variance } = moments(() => rng.negativeBinomial(3, 0.5), 60_000);
    expect(mean).toBeCloseTo(3, 1);
    expect(Math.abs(variance - 7.5) / 7.5).toBeLessThan(0.06);
    expect(rng.negativeBinomial(0, 0.5)).toBe(0);
    const poisson = moments(() => rng.negativeBinomial(2, 0), 20_000);
    expect(poisson.variance).toBeCloseTo(2, 0);
  });

  it('picks an element of a non-empty list', () => {
    const rng = createRng(11);
    expect(['a', 'b', 'c']).toContain(rng.pick(['a', 'b', 'c']));
    expect(() => rng.pick([])).toThrow(RngError);
  });

  it('rejects a non-finite seed', () => {
    expect(() => createRng(Number.NaN)).toThrow(RngError);
    expect(() => createRng(1).normal(0, -1)).toThrow(RngError);
  });
});

describe('hashString', () => {
  it('hashes to an unsigned 32-bit integer that depends on the text and the seed', () => {
    const h = hashString('abc');
    expect(Number.isInteger(h) && h >= 0 && h < 2 ** 32).toBe(true);
    expect(hashString('abd')).not.toBe(h);
    expect(hashString('abc', 1)).not.toBe(h);
  });
});
