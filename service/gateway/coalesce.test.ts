// Latest-state coalescing of odds frames: the last entry per oddsId, the last entryId per fixture.
import { describe, expect, it } from 'vitest';
import type { DataFrame } from '../../src/wire/stream-schemas.ts';
import { coalesceFrames, OddsCoalescer } from './coalesce.ts';

function oddsFrame(entryId: string, fixtureId: string, bookmaker: string, prices: Record<string, number>): DataFrame {
  const entries = Object.fromEntries(Object.entries(prices).map(([oddsId, price]) => [oddsId, { price }]));
  return { channel: 'odds', type: 'UPDATE', ts: Number(entryId.split('-')[0]), entryId, payload: { fixtureId, odds: { [bookmaker]: entries } } };
}

describe('OddsCoalescer', () => {
  it('keeps the last entry per bookmaker and oddsId of each fixture', () => {
    const frames = coalesceFrames([
      oddsFrame('10-0', 'F1', 'pinnacle', { a: 1.5, b: 2.5 }),
      oddsFrame('11-0', 'F1', 'bet365', { c: 3 }),
      oddsFrame('12-0', 'F1', 'pinnacle', { a: 1.6 }),
    ]);
    expect(frames).toHaveLength(1);
    expect(frames[0]?.payload.odds).toEqual({ pinnacle: { a: { price: 1.6 }, b: { price: 2.5 } }, bet365: { c: { price: 3 } } });
    expect(frames[0]?.entryId).toBe('12-0');
    expect(frames[0]?.ts).toBe(12);
  });

  it('orders the coalesced frames by the entryId of their latest update', () => {
    const frames = coalesceFrames([
      oddsFrame('10-0', 'F1', 'pinnacle', { a: 1.5 }),
      oddsFrame('11-0', 'F2', 'pinnacle', { b: 2 }),
      oddsFrame('12-0', 'F1', 'pinnacle', { a: 1.6 }),
    ]);
    expect(frames.map((f) => [f.payload.fixtureId, f.entryId])).toEqual([
      ['F2', '11-0'],
      ['F1', '12-0'],
    ]);
  });

  it('hands back a frame merged alone as the same object, so its encodings are shared', () => {
    const only = oddsFrame('10-0', 'F1', 'pinnacle', { a: 1.5 });
    expect(coalesceFrames([only])[0]).toBe(only);
  });

  it('counts distinct entries and frames, and is empty after a drain', () => {
    const coalescer = new OddsCoalescer();
    coalescer.add(oddsFrame('10-0', 'F1', 'pinnacle', { a: 1.5, b: 2 }));
    coalescer.add(oddsFrame('11-0', 'F1', 'pinnacle', { a: 1.6 }));
    expect([coalescer.size, coalescer.frames]).toEqual([2, 2]);
    coalescer.drain();
    expect(coalescer.isEmpty).toBe(true);
  });

  it('refuses a channel that is not latest-state', () => {
    const coalescer = new OddsCoalescer();
    expect(() => {
      coalescer.add({ channel: 'scores', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: 'F1' } });
    }).toThrow(/not coalescible/);
  });

  it('passes frames of other channels through coalesceFrames unchanged', () => {
    const frame: DataFrame = { channel: 'clocks', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: 'F1' } };
    expect(coalesceFrames([frame, frame])).toEqual([frame, frame]);
  });
});
