import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceDirection } from './price-flash.ts';

describe('priceDirection', () => {
  it('is up when the price lengthens and down when it shortens', () => {
    expect(priceDirection({ price: 1.9 }, { price: 1.95 })).toBe('up');
    expect(priceDirection({ price: 1.95 }, { price: 1.9 })).toBe('down');
  });

  it('is none for an unchanged price', () => {
    expect(priceDirection({ price: 2 }, { price: 2 })).toBe('none');
  });

  it('is none when a price appears or disappears', () => {
    expect(priceDirection(undefined, { price: 2 })).toBe('none');
    expect(priceDirection({ price: 2 }, null)).toBe('none');
  });

  it('is none for a price that is not a number', () => {
    expect(priceDirection({ price: Number.NaN }, { price: 2 })).toBe('none');
    expect(priceDirection({ price: 2 }, { price: Number.POSITIVE_INFINITY })).toBe('none');
  });

  it('reverses when the two states swap', () => {
    const flip = { up: 'down', down: 'up', none: 'none' } as const;
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1000, noNaN: true }), fc.double({ min: 1, max: 1000, noNaN: true }), (a, b) => {
        expect(priceDirection({ price: b }, { price: a })).toBe(flip[priceDirection({ price: a }, { price: b })]);
      }),
    );
  });
});
