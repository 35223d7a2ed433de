import { describe, expect, it, vi } from 'vitest';
import { isBookmakerStale, LiveBook, type BookSnapshot } from './book.ts';
import { FIXTURE_ID, fixtureView, meta, oddsEntry, oddsFrame, oddsIdOf } from './book-test-data.ts';

const ID = oddsIdOf();

function emptySnapshot(over: Partial<BookSnapshot>): BookSnapshot {
  return { channels: [], fixtureIds: [], futureIds: [], bookmakers: [], fixtures: [], odds: [], futuresOdds: [], ...over };
}

describe('LiveBook odds', () => {
  it('holds a price by its oddsId after an update', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(10, 2.5)]));
    expect(book.getOdds(ID)?.price).toBe(2.5);
  });
  it('keeps the later price when an older one arrives after it', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(20, 3)]));
    book.applyUpdate(oddsFrame([oddsEntry(10, 2)]));
    expect(book.getOdds(ID)?.price).toBe(3);
  });
  it('notifies the subscriber of a changed row once per flush however many updates it took', () => {
    const book = new LiveBook();
    const listener = vi.fn();
    book.subscribeOdds(ID, listener);
    book.applyUpdate(oddsFrame([oddsEntry(10, 2)]));
    book.applyUpdate(oddsFrame([oddsEntry(11, 2.1)]));
    book.flush();
    expect(listener).toHaveBeenCalledTimes(1);
  });
  it('does not notify the subscriber of another row', () => {
    const book = new LiveBook();
    const other = vi.fn();
    book.subscribeOdds(oddsIdOf(102), other);
    book.applyUpdate(oddsFrame([oddsEntry(10, 2, 'pinnacle', 101)]));
    book.flush();
    expect(other).not.toHaveBeenCalled();
  });
  it('marks nothing dirty for a repeated update', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(10, 2)]));
    book.flush();
    book.applyUpdate(oddsFrame([oddsEntry(10, 2)]));
    expect(book.flush()).toBe(0);
  });
});

describe('LiveBook seeds', () => {
  it('drops prices an authoritative snapshot of their bookmaker lacks', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(10, 2, 'pinnacle', 101), oddsEntry(10, 2, 'pinnacle', 102)]));
    book.seed(
      emptySnapshot({
        channels: ['odds'],
        fixtureIds: [FIXTURE_ID],
        bookmakers: ['pinnacle'],
        odds: [{ fixtureId: FIXTURE_ID, odds: { pinnacle: { [ID]: oddsEntry(5, 1.9) } }, bookmakers: {} }],
      }),
      true,
    );
    expect(book.getOdds(oddsIdOf(102))).toBeUndefined();
    expect(book.getOdds(ID)?.price).toBe(1.9);
  });
  it('keeps prices of bookmakers outside an authoritative snapshot', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(10, 2, 'bet365', 101)]));
    book.seed(emptySnapshot({ channels: ['odds'], fixtureIds: [FIXTURE_ID], bookmakers: ['pinnacle'] }), true);
    expect(book.getOdds(oddsIdOf(101, 'bet365'))?.price).toBe(2);
  });
  it('never lets a page seed undo a newer live price', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(20, 3)]));
    book.seed(
      emptySnapshot({ channels: ['odds'], odds: [{ fixtureId: FIXTURE_ID, odds: { pinnacle: { [ID]: oddsEntry(10, 2) } }, bookmakers: {} }] }),
      false,
    );
    expect(book.getOdds(ID)?.price).toBe(3);
  });
  it('lets a fixtures frame replace a seeded view and a later seed not undo it', () => {
    const book = new LiveBook();
    book.seed(emptySnapshot({ channels: ['fixtures'], fixtures: [fixtureView(FIXTURE_ID, 0)] }), false);
    book.applyUpdate({ channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '5-0', payload: fixtureView(FIXTURE_ID, 1) });
    book.seed(emptySnapshot({ channels: ['fixtures'], fixtures: [fixtureView(FIXTURE_ID, 0)] }), false);
    expect(book.getFixture(FIXTURE_ID)?.status?.statusId).toBe(1);
  });
  it('keeps the later score row by updatedAt', () => {
    const book = new LiveBook();
    const row = (s: number, at: string) => ({ period: 'result', participant1Score: s, participant2Score: 0, updatedAt: at });
    book.applyUpdate({ channel: 'scores', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, scores: { result: row(2, '2026-01-01T00:00:02Z') } } });
    book.applyUpdate({ channel: 'scores', type: 'UPDATE', ts: 1, entryId: '1-1', payload: { fixtureId: FIXTURE_ID, scores: { result: row(1, '2026-01-01T00:00:01Z') } } });
    expect(book.getFixture(FIXTURE_ID)?.scores.result?.participant1Score).toBe(2);
  });
});

describe('LiveBook staleness', () => {
  it('marks a meta overdue once its updatedAt is older than the live bound', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const book = new LiveBook({ now: () => now });
    book.setBookmakerBounds([{ bookmaker: 'pinnacle', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60 }]);
    book.applyUpdate({ channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-0', payload: fixtureView(FIXTURE_ID, 1) });
    book.applyUpdate({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: meta('pinnacle', '2026-01-01T00:00:00Z') } } });
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(false);
    now += 6000;
    book.checkStaleness();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(true);
  });
  it('notifies a meta subscriber when the meta becomes overdue without any frame', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const book = new LiveBook({ now: () => now });
    book.setBookmakerBounds([{ bookmaker: 'pinnacle', maxDelayLiveInSec: 5, maxDelayPregameInSec: 5 }]);
    book.applyUpdate({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: meta('pinnacle', '2026-01-01T00:00:00Z') } } });
    book.flush();
    const listener = vi.fn();
    book.subscribeBookmakerMeta(FIXTURE_ID, 'pinnacle', listener);
    now += 10_000;
    book.checkStaleness();
    book.flush();
    expect(listener).toHaveBeenCalledTimes(1);
  });
  it('summarises staleOdds and suspended per bookmaker', () => {
    const book = new LiveBook({ now: () => Date.parse('2026-01-01T00:00:10Z') });
    book.applyUpdate({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: meta('pinnacle', '2026-01-01T00:00:00Z', { staleOdds: true, suspended: true }) } } });
    expect(book.bookmakerSummaries()).toEqual([
      { bookmaker: 'pinnacle', fixtures: 1, staleOdds: 1, suspended: 1, maxAgeMs: 10_000, maxDelaySec: null, overdue: 0 },
    ]);
  });
});

describe('LiveBook staleness on evidence (issue 13 item 12, issue 14 item 3)', () => {
  const T0 = Date.parse('2026-01-01T00:00:00Z');
  const metaFrame = (updatedAt: string, extra = {}) =>
    ({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: meta('pinnacle', updatedAt, extra) } } }) as const;

  function liveBook(clock: { now: number }): LiveBook {
    const book = new LiveBook({ now: () => clock.now });
    book.setBookmakerBounds([{ bookmaker: 'pinnacle', maxDelayLiveInSec: 3, maxDelayPregameInSec: 60 }]);
    book.applyUpdate({ channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-0', payload: fixtureView(FIXTURE_ID, 1) });
    return book;
  }

  it('is never stale while its prices keep arriving, though its meta is never re-sent', () => {
    const clock = { now: T0 };
    const book = liveBook(clock);
    book.applyUpdate(metaFrame('2026-01-01T00:00:00Z'));
    for (let step = 1; step <= 120; step++) {
      clock.now = T0 + step * 500;
      book.applyUpdate(oddsFrame([oddsEntry(clock.now, 2 + (step % 7) / 100)]));
      book.checkStaleness();
      const row = book.getBookmakerMeta(FIXTURE_ID, 'pinnacle');
      expect(row !== undefined && isBookmakerStale(row), `after ${String(step * 500)} ms`).toBe(false);
    }
  });

  it('is stale once neither its meta nor any price is within the bound', () => {
    const clock = { now: T0 };
    const book = liveBook(clock);
    book.applyUpdate(metaFrame('2026-01-01T00:00:00Z'));
    book.applyUpdate(oddsFrame([oddsEntry(T0 + 2_000)]));
    clock.now = T0 + 5_000;
    book.checkStaleness();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(false);
    clock.now = T0 + 5_001;
    book.checkStaleness();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')).toMatchObject({ overdue: true, evidenceAtMs: T0 + 2_000 });
  });

  it('is stale when the meta says staleOdds, whatever arrives', () => {
    const clock = { now: T0 };
    const book = liveBook(clock);
    book.applyUpdate(metaFrame('2026-01-01T00:00:00Z', { staleOdds: true }));
    book.applyUpdate(oddsFrame([oddsEntry(T0)]));
    const row = book.getBookmakerMeta(FIXTURE_ID, 'pinnacle');
    expect(row !== undefined && isBookmakerStale(row)).toBe(true);
  });

  it('judges nothing overdue while the stream is not delivering, and judges again once it is', () => {
    const clock = { now: T0 };
    const book = liveBook(clock);
    book.applyUpdate(metaFrame('2026-01-01T00:00:00Z'));
    book.setDelivering(false);
    clock.now = T0 + 10_000;
    book.checkStaleness();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(false);
    book.setDelivering(true);
    book.checkStaleness();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(true);
  });

  it('clears an overdue verdict as soon as the stream stops delivering', () => {
    const clock = { now: T0 + 10_000 };
    const book = liveBook(clock);
    book.applyUpdate(metaFrame('2026-01-01T00:00:00Z'));
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(true);
    book.setDelivering(false);
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(false);
  });
});

describe('LiveBook dump and load', () => {
  it('gives a late book the same prices, views and meta', () => {
    const a = new LiveBook();
    a.applyUpdate(oddsFrame([oddsEntry(10, 2.5)]));
    a.applyUpdate({ channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-0', payload: fixtureView(FIXTURE_ID, 1) });
    a.applyUpdate({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: meta('pinnacle', '2026-01-01T00:00:00Z') } } });
    const b = new LiveBook();
    b.apply([{ op: 'load', dump: structuredClone(a.dump()) }]);
    expect(b.dump()).toEqual(a.dump());
  });
});

describe('LiveBook seed forwarding', () => {
  it('tells seed listeners of a page seed but not of a seed op from the stream', () => {
    const book = new LiveBook();
    const heard = vi.fn();
    book.subscribeSeeds(heard);
    const snapshot = emptySnapshot({ channels: ['odds'] });
    book.seed(snapshot, false);
    book.apply([{ op: 'seed', snapshot, authoritative: false }]);
    expect(heard).toHaveBeenCalledTimes(1);
  });
});
