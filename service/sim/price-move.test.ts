import { describe, expect, it } from 'vitest';
import { movePrices } from './price-move.ts';

describe('movePrices', () => {
  it('shortens the outcome by the points and scales the others to keep the margin (hand-worked)', () => {
    // 2.00 / 3.50 / 4.00: π = 0.5, 2/7, 0.25, S = 29/28. +5 points: π′ = 0.55; the others share
    // S − 0.55 = 0.48571… in the ratio 2/7 : 1/4, i.e. 0.259047… and 0.226666…
    // → 1/0.55 = 1.8181… → 1.82, 3.8602… → 3.86, 4.4117… → 4.41.
    expect(movePrices([2, 3.5, 4], 0, 5)).toEqual({ ok: true, prices: [1.82, 3.86, 4.41] });
  });

  it('lengthens the outcome for negative points: 1.90 / 1.90 by −10 → 2.35 / 1.60', () => {
    // π = 10/19 each, S = 20/19; π′ₜ = 10/19 − 0.1 = 0.42631… (2.3456…), the other 20/19 − that = 0.62631… (1.5966…)
    expect(movePrices([1.9, 1.9], 0, -10)).toEqual({ ok: true, prices: [2.35, 1.6] });
  });

  it('moves the outcome at the index, not always the first', () => {
    expect(movePrices([1.9, 1.9], 1, -10)).toEqual({ ok: true, prices: [1.6, 2.35] });
  });

  it('refuses a move that takes a probability out of (0, 100) %', () => {
    expect(movePrices([1.5, 3], 0, 40)).toMatchObject({ ok: false, problem: expect.stringContaining('from 66.67 % to 106.67 %') as unknown });
    expect(movePrices([1.5, 3], 1, -40)).toMatchObject({ ok: false });
  });
});
