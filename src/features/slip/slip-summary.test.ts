import { describe, expect, it } from 'vitest';
import { meta, oddsEntry } from '../../book/book-test-data.ts';
import { legPriceState, slipProduct } from './slip-summary.ts';

describe('legPriceState', () => {
  it('is the price of an active entry of an active market', () => {
    expect(legPriceState(oddsEntry(1, 2.5), undefined)).toEqual({ kind: 'priced', price: 2.5 });
  });

  it('says unquoted without an entry, and names a suspension before an inactive price', () => {
    expect(legPriceState(undefined, undefined).kind).toBe('unquoted');
    const inactive = { ...oddsEntry(1, 2), active: false, marketActive: false };
    expect(legPriceState(inactive, meta('pinnacle', '2026-01-01T00:00:00Z', { suspended: true })).kind).toBe('book-suspended');
    expect(legPriceState(inactive, undefined).kind).toBe('market-suspended');
    expect(legPriceState({ ...oddsEntry(1, 2), active: false }, undefined).kind).toBe('inactive');
  });
});

describe('slipProduct', () => {
  it('multiplies the current prices and rounds like a parlay price', () => {
    expect(slipProduct([{ kind: 'priced', price: 1.91 }, { kind: 'priced', price: 2.1 }, { kind: 'priced', price: 1.5 }])).toEqual({
      price: 6.02,
      unpriced: 0,
    });
  });

  it('gives no product while a leg has no usable price, counting those legs', () => {
    expect(slipProduct([{ kind: 'priced', price: 2 }, { kind: 'inactive' }, { kind: 'unquoted' }])).toEqual({ price: null, unpriced: 2 });
  });

  it('gives no product for an empty slip', () => {
    expect(slipProduct([]).price).toBeNull();
  });
});
