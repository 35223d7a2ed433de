import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareVersions,
  entryIdVersion,
  isNewerPrice,
  isoToEpochMs,
  mergeSnapshot,
  priceVersion,
  updatedAtVersion,
  type RowVersion,
  type VersionedDelta,
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

type Row = { version: RowVersion | null; value: string };
const arbDelta: fc.Arbitrary<VersionedDelta<string>> = fc
  .record({ key: fc.constantFrom('a', 'b', 'c', 'd'), t: fc.integer({ min: 0, max: 10 }), v: fc.constantFrom('x', 'y') })
  .map(({ key, t, v }) => ({ key, version: { primary: t, secondary: 0, tieBreak: v }, value: `${v}@${String(t)}` }));
const arbRows = fc
  .array(arbDelta, { maxLength: 6 })
  .map((ds) => new Map<string, Row>(ds.map((d) => [d.key, { version: d.version, value: d.value }])));

function plain(m: Map<string, Row>): Record<string, string> {
  return Object.fromEntries([...m].map(([k, r]) => [k, r.value]));
}

describe('mergeSnapshot', () => {
  it('converges to the same rows whatever the order of the buffered deltas', () => {
    fc.assert(
      fc.property(arbRows, arbRows, fc.array(arbDelta, { maxLength: 12 }), fc.boolean(), (cur, snap, deltas, auth) => {
        const reversed = [...deltas].reverse();
        expect(plain(mergeSnapshot(cur, snap, deltas, auth))).toEqual(plain(mergeSnapshot(cur, snap, reversed, auth)));
      }),
    );
  });
  it('loses nothing: every key ends with the newest version among snapshot and deltas', () => {
    fc.assert(
      fc.property(arbRows, fc.array(arbDelta, { maxLength: 12 }), (snap, deltas) => {
        const out = mergeSnapshot(new Map(), snap, deltas, true);
        const keys = new Set([...snap.keys(), ...deltas.map((d) => d.key)]);
        expect(new Set(out.keys())).toEqual(keys);
        for (const key of keys) {
          const candidates = [snap.get(key)?.version ?? null, ...deltas.filter((d) => d.key === key).map((d) => d.version)];
          for (const c of candidates) expect(compareVersions(out.get(key)?.version ?? null, c)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
  it('applies nothing twice: a delta repeated gives the rows of the delta once', () => {
    fc.assert(
      fc.property(arbRows, fc.array(arbDelta, { maxLength: 12 }), (snap, deltas) => {
        expect(plain(mergeSnapshot(new Map(), snap, [...deltas, ...deltas], true))).toEqual(
          plain(mergeSnapshot(new Map(), snap, deltas, true)),
        );
      }),
    );
  });
  it('drops held rows absent from an authoritative snapshot and keeps them otherwise', () => {
    const held = new Map<string, Row>([['gone', { version: null, value: 'old' }]]);
    expect(mergeSnapshot(held, new Map(), [], true).has('gone')).toBe(false);
    expect(mergeSnapshot(held, new Map(), [], false).get('gone')?.value).toBe('old');
  });
  it('lets a buffered delta beat a snapshot row of a channel without timestamps', () => {
    const snap = new Map<string, Row>([['f', { version: null, value: 'snapshot' }]]);
    const out = mergeSnapshot(new Map(), snap, [{ key: 'f', version: entryIdVersion('5-0'), value: 'delta' }], true);
    expect(out.get('f')?.value).toBe('delta');
  });
  it('keeps a newer snapshot price over an older buffered delta', () => {
    const snap = new Map<string, Row>([['o', { version: priceVersion(price(10, 3)), value: 'snapshot' }]]);
    const out = mergeSnapshot(new Map(), snap, [{ key: 'o', version: priceVersion(price(9, 2)), value: 'delta' }], true);
    expect(out.get('o')?.value).toBe('snapshot');
  });
});
