import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFlags, decodePrice, encodeFlags, encodePrice } from './row-codec.ts';

describe('encodePrice', () => {
  it('stores a three-decimal price as integer thousandths only', () => {
    expect(encodePrice(1.925)).toEqual({ milli: 1925, exact: null });
  });

  it('stores a two-decimal price as integer thousandths only', () => {
    expect(encodePrice(2.1)).toEqual({ milli: 2100, exact: null });
  });

  it('keeps the exact value of a price that thousandths cannot reproduce', () => {
    expect(encodePrice(1.23456)).toEqual({ milli: 1235, exact: 1.23456 });
  });

  it('round-trips every three-decimal price without the exact column', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 10_000_000 }), (milli) => {
        const price = milli / 1000;
        const encoded = encodePrice(price);
        expect(encoded.exact).toBeNull();
        expect(decodePrice(encoded.milli, encoded.exact)).toBe(price);
      }),
    );
  });

  it('round-trips any finite price bit for bit', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 1e6, noNaN: true }), (price) => {
        const encoded = encodePrice(price);
        expect(Object.is(decodePrice(encoded.milli, encoded.exact), price)).toBe(true);
      }),
    );
  });
});

describe('encodeFlags', () => {
  it('encodes an active price on an open market as 0', () => {
    expect(encodeFlags(true, true)).toBe(0);
  });

  it('round-trips all four states', () => {
    for (const active of [true, false]) {
      for (const marketActive of [true, false]) {
        expect(decodeFlags(encodeFlags(active, marketActive))).toEqual({ active, marketActive });
      }
    }
  });
});
