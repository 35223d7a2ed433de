import { describe, expect, it } from 'vitest';
import { GRADES, returnFactor } from './grade.ts';

describe('returnFactor', () => {
  it('pays the full price on a win and nothing on a loss', () => {
    expect(returnFactor('won', 2.5)).toBe(2.5);
    expect(returnFactor('lost', 2.5)).toBe(0);
  });

  it('returns the stake on push and void', () => {
    expect(returnFactor('push', 3)).toBe(1);
    expect(returnFactor('void', 3)).toBe(1);
  });

  it('settles half the stake at the price and half back on a half win', () => {
    expect(returnFactor('half-won', 1.9)).toBeCloseTo(1.45, 12);
  });

  it('returns half the stake on a half loss', () => {
    expect(returnFactor('half-lost', 1.9)).toBe(0.5);
  });

  it('knows every grade', () => {
    expect(GRADES).toHaveLength(6);
    for (const g of GRADES) expect(Number.isFinite(returnFactor(g, 2))).toBe(true);
  });
});
