// The re-snapshot rules of docs/stream-client.md ("Buffering and the ordering rules") as
// properties of the live book itself: the stream client emits one seed followed by the deltas it
// buffered while the snapshot was fetched, and the book must converge whatever their order, lose
// no newer price and apply none twice.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions, priceVersion } from '../domain/stream-order.ts';
import type { OddsEntry } from '../wire/shared-schemas.ts';
import { LiveBook, type BookOp } from './book.ts';
import { FIXTURE_ID, fixtureView, oddsEntry, oddsFrame, oddsIdOf } from './book-test-data.ts';
import { snapshotOf } from './snapshot-of.ts';

const OUTCOMES = [101, 102, 103, 104] as const;

const arbPrice: fc.Arbitrary<OddsEntry> = fc
  .record({ outcomeId: fc.constantFrom(...OUTCOMES), changedAt: fc.integer({ min: 0, max: 10 }), price: fc.constantFrom(1.5, 2, 2.5), active: fc.boolean() })
  .map(({ outcomeId, changedAt, price, active }) => ({ ...oddsEntry(changedAt, price, 'pinnacle', outcomeId), active }));

/** Prices as a REST answer holds them: at most one per oddsId. */
const arbAnswer = fc.array(arbPrice, { maxLength: 6 }).map((prices) => {
  const byId: Record<string, OddsEntry> = {};
  for (const price of prices) byId[oddsIdOf(price.outcomeId)] = price;
  return byId;
});

function seedOp(answer: Record<string, OddsEntry>, authoritative: boolean): BookOp {
  return { op: 'seed', snapshot: snapshotOf({ odds: [{ fixtureId: FIXTURE_ID, odds: { pinnacle: answer } }], bookmakers: ['pinnacle'] }), authoritative };
}

function deltaOps(deltas: readonly OddsEntry[]): BookOp[] {
  return deltas.map((delta) => ({ op: 'update', frame: oddsFrame([delta]) }));
}

/** A book holding `held` (delivered earlier), then the seed and the buffered deltas, in that order. */
function bookAfter(held: readonly OddsEntry[], answer: Record<string, OddsEntry>, deltas: readonly OddsEntry[], authoritative: boolean): LiveBook {
  const book = new LiveBook();
  book.apply(deltaOps(held));
  book.apply([seedOp(answer, authoritative), ...deltaOps(deltas)]);
  return book;
}

/** The book's prices of the fixture, per oddsId (price, changedAt and active: the state a cell shows). */
function prices(book: LiveBook): Record<string, string> {
  const out: Record<string, string> = {};
  for (const outcomeId of OUTCOMES) {
    const entry = book.getOdds(oddsIdOf(outcomeId));
    if (entry !== undefined) out[oddsIdOf(outcomeId)] = `${String(entry.price)}@${String(entry.changedAt)}${entry.active ? '' : ' off'}`;
  }
  return out;
}

describe('LiveBook after a re-snapshot and its buffered deltas', () => {
  it('converges to the same prices whatever the order of the buffered deltas', () => {
    fc.assert(
      fc.property(fc.array(arbPrice, { maxLength: 6 }), arbAnswer, fc.array(arbPrice, { maxLength: 12 }), fc.boolean(), (held, answer, deltas, auth) => {
        expect(prices(bookAfter(held, answer, deltas, auth))).toEqual(prices(bookAfter(held, answer, [...deltas].reverse(), auth)));
      }),
    );
  });

  it('loses nothing: every price ends at the newest version among the snapshot and the deltas', () => {
    fc.assert(
      fc.property(arbAnswer, fc.array(arbPrice, { maxLength: 12 }), (answer, deltas) => {
        const book = bookAfter([], answer, deltas, true);
        const keys = new Set([...Object.keys(answer), ...deltas.map((d) => oddsIdOf(d.outcomeId))]);
        expect(new Set(Object.keys(prices(book)))).toEqual(keys);
        for (const key of keys) {
          const held = book.getOdds(key);
          if (held === undefined) throw new Error(`no price for ${key}`);
          const candidates = [answer[key], ...deltas.filter((d) => oddsIdOf(d.outcomeId) === key)].filter((c) => c !== undefined);
          for (const c of candidates) expect(compareVersions(priceVersion(held), priceVersion(c))).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('applies nothing twice: the deltas repeated give the prices of the deltas once', () => {
    fc.assert(
      fc.property(arbAnswer, fc.array(arbPrice, { maxLength: 12 }), (answer, deltas) => {
        expect(prices(bookAfter([], answer, [...deltas, ...deltas], true))).toEqual(prices(bookAfter([], answer, deltas, true)));
      }),
    );
  });

  it('drops a held price an authoritative snapshot lacks, and keeps it under a page seed', () => {
    const held = [oddsEntry(5, 2, 'pinnacle', 104)];
    expect(bookAfter(held, {}, [], true).getOdds(oddsIdOf(104))).toBeUndefined();
    expect(bookAfter(held, {}, [], false).getOdds(oddsIdOf(104))?.price).toBe(2);
  });

  it('lets a buffered fixtures frame beat the snapshot row of a channel without timestamps', () => {
    const book = new LiveBook();
    book.apply([
      { op: 'seed', snapshot: snapshotOf({ views: [fixtureView(FIXTURE_ID, 0)] }), authoritative: true },
      { op: 'update', frame: { channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '5-0', payload: fixtureView(FIXTURE_ID, 1) } },
    ]);
    expect(book.getFixture(FIXTURE_ID)?.status?.statusId).toBe(1);
  });

  it('keeps a newer snapshot price over an older buffered delta', () => {
    const book = bookAfter([], { [oddsIdOf(101)]: oddsEntry(10, 3, 'pinnacle', 101) }, [oddsEntry(9, 2, 'pinnacle', 101)], true);
    expect(book.getOdds(oddsIdOf(101))?.price).toBe(3);
  });
});
