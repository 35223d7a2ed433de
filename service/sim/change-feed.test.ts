import { describe, expect, it } from 'vitest';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import { ChangeFeed } from './change-feed.ts';
import type { ChangeBatch } from './change-feed.ts';

const ENTRY: OddsEntry = {
  bookmaker: 'pinnacle',
  outcomeId: 101,
  playerId: 0,
  marketId: 101,
  active: true,
  marketActive: true,
  mainLine: true,
  price: 2.1,
  priceAmerican: 110,
  changedAt: 1,
};

function collect(feed: ChangeFeed): ChangeBatch[] {
  const batches: ChangeBatch[] = [];
  feed.onChange((b) => batches.push(b));
  return batches;
}

describe('ChangeFeed', () => {
  it('sends nothing for a tick without changes', () => {
    const feed = new ChangeFeed();
    const batches = collect(feed);
    feed.flush(1);
    expect(batches).toEqual([]);
  });

  it('coalesces two changes of one price in a tick into its last state', () => {
    const feed = new ChangeFeed();
    const batches = collect(feed);
    const entry = { ...ENTRY };
    feed.oddsEntry('f1', 'f1:pinnacle:101:0', entry);
    entry.price = 2.2;
    feed.oddsEntry('f1', 'f1:pinnacle:101:0', entry);
    feed.flush(5);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.items).toEqual([{ channel: 'odds', payload: { fixtureId: 'f1', odds: { pinnacle: { 'f1:pinnacle:101:0': { ...ENTRY, price: 2.2 } } } } }]);
  });

  it('copies entries so later mutations do not reach a sent payload', () => {
    const feed = new ChangeFeed();
    const batches = collect(feed);
    const entry = { ...ENTRY };
    feed.oddsEntry('f1', 'k', entry);
    feed.flush(1);
    entry.price = 9;
    const item = batches[0]?.items[0];
    expect(item?.channel === 'odds' ? item.payload.odds['pinnacle']?.['k']?.price : null).toBe(2.1);
  });

  it('sends one odds payload per fixture and bookmaker', () => {
    const feed = new ChangeFeed();
    const batches = collect(feed);
    feed.oddsEntry('f1', 'a', ENTRY);
    feed.oddsEntry('f1', 'b', { ...ENTRY, bookmaker: 'bet365' });
    feed.flush(1);
    expect(batches[0]?.items.map((i) => (i.channel === 'odds' ? Object.keys(i.payload.odds) : []))).toEqual([['pinnacle'], ['bet365']]);
  });

  it('orders fixtures and scores before odds', () => {
    const feed = new ChangeFeed();
    const batches = collect(feed);
    feed.oddsEntry('f1', 'a', ENTRY);
    feed.score('f1', { period: 'result', participant1Score: 1, participant2Score: 0, updatedAt: '2026-11-22T10:00:00Z' });
    feed.clock('f1', null);
    feed.flush(1);
    expect(batches[0]?.items.map((i) => i.channel)).toEqual(['scores', 'clocks', 'odds']);
  });

  it('drops a tick on discard and stops calling a removed listener', () => {
    const feed = new ChangeFeed();
    const batches: ChangeBatch[] = [];
    const remove = feed.onChange((b) => batches.push(b));
    feed.oddsEntry('f1', 'a', ENTRY);
    expect(feed.size).toBe(1);
    feed.discard();
    feed.flush(1);
    remove();
    expect(feed.active).toBe(false);
    feed.oddsEntry('f1', 'a', ENTRY);
    feed.flush(2);
    expect(batches).toEqual([]);
  });
});
