import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  entryIdVersion,
  isNewerPrice,
  isoToEpochMs,
  priceVersion,
  updatedAtVersion,
} from './stream-order.ts';

const price = (changedAt: number, p = 2, active = true) => ({ changedAt, price: p, active, marketActive: true });

describe('isNewerPrice', () => {
  it('accepts any price when none is held', () => {
    expect(isNewerPrice(price(5), undefined)).toBe(true);
  });
  it('accepts a later changedAt and refuses an earlier one', () => {
    expect(isNewerPrice(price(6), price(5))).toBe(true);
    expect(isNewerPrice(price(4), price(5))).toBe(false);
  });
  it('refuses the same state twice', () => {
    expect(isNewerPrice(price(5, 2.1), price(5, 2.1))).toBe(false);
  });
  it('orders two different states of equal changedAt the same way whichever is held', () => {
    const a = price(5, 2.1);
    const b = price(5, 2.2);
    expect(isNewerPrice(a, b)).not.toBe(isNewerPrice(b, a));
  });
  it('agrees with compareVersions over priceVersion', () => {
    fc.assert(
      fc.property(arbPrice, arbPrice, (a, b) => {
        expect(isNewerPrice(a, b)).toBe(compareVersions(priceVersion(a), priceVersion(b)) > 0);
      }),
    );
  });
});

describe('versions', () => {
  it('puts null before any version', () => {
    expect(compareVersions(null, entryIdVersion('0-0'))).toBe(-1);
    expect(compareVersions(entryIdVersion('0-0'), null)).toBe(1);
    expect(compareVersions(null, null)).toBe(0);
  });
  it('orders entryIds numerically, not as strings', () => {
    expect(compareVersions(entryIdVersion('9-0'), entryIdVersion('10-0'))).toBe(-1);
    expect(compareVersions(entryIdVersion('10-2'), entryIdVersion('10-11'))).toBe(-1);
  });
  it('throws on a malformed entryId', () => {
    expect(() => entryIdVersion('abc')).toThrow(/entryId/);
  });
  it('reads an ISO updatedAt without offset as UTC', () => {
    expect(isoToEpochMs('2026-01-01T00:00:01')).toBe(Date.UTC(2026, 0, 1, 0, 0, 1));
    expect(isoToEpochMs('2026-01-01T00:00:01.500Z')).toBe(Date.UTC(2026, 0, 1, 0, 0, 1, 500));
  });
  it('gives an unparsable updatedAt the oldest timestamp', () => {
    expect(updatedAtVersion('garbage', 'x').primary).toBe(0);
  });
});

const arbPrice = fc.record({
  changedAt: fc.integer({ min: 0, max: 20 }),
  price: fc.constantFrom(1.5, 2, 2.5),
  active: fc.boolean(),
  marketActive: fc.boolean(),
});
