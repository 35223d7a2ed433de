import { describe, expect, it, vi } from 'vitest';
import { LiveBook } from '../../book/book.ts';
import type { StatsPayload } from '../../wire/shared-schemas.ts';
import { extrasStoreOf, FixtureExtrasStore } from './extras-store.ts';

const FIXTURE = 'id1000001761301227';

function statsFrame(entryId: string, shots: number, fixtureId = FIXTURE) {
  const payload: StatsPayload = { fixtureId, stats: { shots: { participant1: shots, participant2: 1 } }, updatedAt: '2026-11-22T10:00:00Z' };
  return { channel: 'stats' as const, type: 'UPDATE' as const, ts: 1, entryId, payload };
}

describe('FixtureExtrasStore', () => {
  it('keeps the latest payload per channel and fixture, notifying that fixture only', () => {
    const store = new FixtureExtrasStore();
    const mine = vi.fn();
    const other = vi.fn();
    store.subscribe(FIXTURE, mine);
    store.subscribe('id1000001761301228', other);
    store.apply(statsFrame('10-0', 3));
    expect(store.get(FIXTURE).stats?.payload.stats.shots?.participant1).toBe(3);
    expect(mine).toHaveBeenCalledTimes(1);
    expect(other).not.toHaveBeenCalled();
  });

  it('takes a REST seed when the stream sent nothing, and lets any later stream frame replace it', () => {
    const store = new FixtureExtrasStore();
    store.seed({ channel: 'stats', payload: statsFrame('0-0', 2).payload });
    expect(store.get(FIXTURE).stats?.payload.stats.shots?.participant1).toBe(2);
    store.apply(statsFrame('1-0', 6));
    expect(store.get(FIXTURE).stats?.payload.stats.shots?.participant1).toBe(6);
  });

  it('never lets a REST seed undo what the stream already sent', () => {
    const store = new FixtureExtrasStore();
    store.apply(statsFrame('5-0', 9));
    store.seed({ channel: 'stats', payload: statsFrame('0-0', 1).payload });
    expect(store.get(FIXTURE).stats?.payload.stats.shots?.participant1).toBe(9);
  });

  it('ignores a frame not after the held one (a replay or a repeat)', () => {
    const store = new FixtureExtrasStore();
    store.apply(statsFrame('10-1', 5));
    store.apply(statsFrame('10-0', 4));
    store.apply(statsFrame('9-9', 2));
    expect(store.get(FIXTURE).stats?.payload.stats.shots?.participant1).toBe(5);
  });

  it('orders entryIds by number, not by text', () => {
    const store = new FixtureExtrasStore();
    store.apply(statsFrame('9-0', 1));
    store.apply(statsFrame('10-0', 2));
    expect(store.get(FIXTURE).stats?.entryId).toBe('10-0');
  });
});

describe('extrasStoreOf', () => {
  it('is fed by the stream frames the book applies, one store per book', () => {
    const book = new LiveBook();
    const store = extrasStoreOf(book);
    expect(extrasStoreOf(book)).toBe(store);
    book.apply([{ op: 'update', frame: statsFrame('1-0', 7) }]);
    expect(store.get(FIXTURE).stats?.payload.stats.shots?.participant1).toBe(7);
  });
});
