import { describe, expect, it } from 'vitest';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import { Firehose, swingPrice } from './firehose.ts';
import type { BookLine } from './fixture-runtime.ts';

function entry(price: number, active = true): OddsEntry {
  return { bookmaker: 'pinnacle', outcomeId: 101, playerId: 0, marketId: 1, active, marketActive: active, mainLine: true, price, priceAmerican: 0, changedAt: 0 };
}

/** A book line holding these entries (the firehose reads entries and oddsIds only). */
function line(entries: (OddsEntry | undefined)[]): BookLine {
  return { entries, oddsIds: entries.map((e, i) => (e === undefined ? undefined : `id${String(i)}`)) } as unknown as BookLine;
}

describe('Firehose', () => {
  it('swings each price to a different one and back', () => {
    expect(swingPrice(1.9)).toBe(1.94);
    expect(swingPrice(1.01)).toBe(1.03);
    const books = [line([entry(1.9)])];
    const firehose = new Firehose('f', 10, books);
    const seen: number[] = [];
    for (let t = 1; t <= 3; t++) firehose.step(100, t, (_, e) => seen.push(e.price));
    expect(seen).toEqual([1.94, 1.9, 1.94]);
  });

  it('requotes rate × time entries, round-robin, carrying fractions over', () => {
    const firehose = new Firehose('f', 25, [line([entry(2), entry(3), entry(4)]), line([entry(5), undefined, entry(6)])]);
    const ids: string[] = [];
    // 25/s for 100 ms is 2.5 a step: 2, then 3.
    firehose.step(100, 1, (id) => ids.push(id));
    firehose.step(100, 2, (id) => ids.push(id));
    expect(ids).toEqual(['id0', 'id1', 'id2', 'id0', 'id2']);
    expect(firehose.entries).toBe(5);
    expect(firehose.changes).toBe(5);
  });

  it('changes each entry at most once per step, and skips inactive ones', () => {
    const firehose = new Firehose('f', 1_000_000, [line([entry(2), entry(3, false), entry(4)])]);
    const ids: string[] = [];
    firehose.step(100, 1, (id) => ids.push(id));
    expect(ids).toEqual(['id0', 'id2']);
  });
});
