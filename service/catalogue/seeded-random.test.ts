import { describe, expect, it } from 'vitest';
import { hashSeed, SeededRandom } from './seeded-random.ts';
import { CatalogueError } from './sports.ts';

function draws(rng: SeededRandom, n: number): number[] {
  return Array.from({ length: n }, () => rng.next());
}

describe('SeededRandom', () => {
  it('repeats the same sequence for the same seed', () => {
    expect(draws(new SeededRandom(7), 20)).toEqual(draws(new SeededRandom(7), 20));
  });

  it('gives different sequences for different seeds', () => {
    expect(draws(new SeededRandom(7), 5)).not.toEqual(draws(new SeededRandom(8), 5));
  });

  it('draws uniforms in [0, 1) with a mean near one half', () => {
    const xs = draws(new SeededRandom(1), 20_000);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    expect(xs.reduce((a, b) => a + b, 0) / xs.length).toBeCloseTo(0.5, 1);
  });

  it('draws integers covering both bounds', () => {
    const rng = new SeededRandom(3);
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 6)));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('draws normals with the requested mean and spread', () => {
    const rng = new SeededRandom(11);
    const xs = Array.from({ length: 20_000 }, () => rng.normal(2, 0.5));
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(mean).toBeCloseTo(2, 1);
    expect(sd).toBeCloseTo(0.5, 1);
  });

  it('shuffles into a permutation and leaves the input alone', () => {
    const input = [1, 2, 3, 4, 5, 6, 7, 8];
    const shuffled = new SeededRandom(5).shuffle(input);
    expect([...shuffled].sort()).toEqual(input);
    expect(input).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('samples distinct elements', () => {
    const sample = new SeededRandom(9).sample(['a', 'b', 'c', 'd', 'e'], 3);
    expect(new Set(sample).size).toBe(3);
  });

  it('forks streams that depend on the seed and label only, not on earlier draws', () => {
    const a = new SeededRandom(42);
    const b = new SeededRandom(42);
    draws(b, 10);
    expect(draws(a.fork('x'), 5)).toEqual(draws(b.fork('x'), 5));
    expect(draws(a.fork('x'), 5)).not.toEqual(draws(a.fork('y'), 5));
  });

  it('throws CatalogueError for an invalid seed, bounds, empty pick or oversized sample', () => {
    expect(() => new SeededRandom(-1)).toThrow(CatalogueError);
    expect(() => new SeededRandom(1.5)).toThrow(CatalogueError);
    const rng = new SeededRandom(1);
    expect(() => rng.int(3, 2)).toThrow(CatalogueError);
    expect(() => rng.pick([])).toThrow(CatalogueError);
    expect(() => rng.sample([1, 2], 3)).toThrow(CatalogueError);
  });
});

describe('hashSeed', () => {
  it('is a deterministic 32-bit unsigned hash that depends on seed and text', () => {
    const h = hashSeed(1, 'abc');
    expect(h).toBe(hashSeed(1, 'abc'));
    expect(Number.isInteger(h) && h >= 0 && h <= 0xffffffff).toBe(true);
    expect(hashSeed(2, 'abc')).not.toBe(h);
    expect(hashSeed(1, 'abd')).not.toBe(h);
  });
});
