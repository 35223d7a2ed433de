// The moves feed in the worker, over a real mirror book: prices read back after the book applied
// them, steam judged once per batch, stale books left out, openings asked within the budget.
import { describe, expect, it } from 'vitest';
import { FIXTURE_ID, meta, oddsEntry, oddsFrame, oddsIdOf } from '../book/book-test-data.ts';
import { LiveBook, type BookOp } from '../book/book.ts';
import type { MoveEvent } from '../domain/moves.ts';
import { createMovesWatch, openingsOfClv, type Openings } from './moves-watch.ts';

const T0 = Date.parse('2026-01-01T12:00:00Z');
const BOOKS = ['b1', 'b2', 'b3', 'b4'];

function setup(fetchOpenings?: (fixtureId: string) => Promise<Openings>, requestBaseline?: (fixtureIds: readonly string[]) => void) {
  let now = T0;
  const book = new LiveBook({ now: () => now });
  const timers: (() => void)[] = [];
  const heard: (readonly MoveEvent[])[] = [];
  const watch = createMovesWatch({
    book,
    now: () => now,
    setTimeout: (callback) => timers.push(callback),
    onChange: (moves) => heard.push(moves),
    ...(fetchOpenings === undefined ? {} : { fetchOpenings }),
    ...(requestBaseline === undefined ? {} : { requestBaseline }),
  });
  const apply = (ops: BookOp[]) => {
    book.apply(ops);
    book.flush();
    watch.observe(ops);
  };
  const prices = (at: number, byBook: Record<string, number>) => { apply([{ op: 'update', frame: oddsFrame(Object.entries(byBook).map(([b, p]) => oddsEntry(at, p, b))) }]); };
  const tick = () => {
    for (const cb of timers.splice(0)) cb();
  };
  return { book, watch, apply, prices, tick, heard, setNow: (t: number) => (now = t) };
}

describe('moves watch', () => {
  it('raises steam once three books move 2.00 → 1.90 within two minutes, naming them and the book still on 2.00', () => {
    const t = setup();
    t.prices(T0, { b1: 2, b2: 2, b3: 2, b4: 2 });
    t.setNow(T0 + 30_000);
    t.prices(T0 + 30_000, { b1: 1.9, b2: 1.9 });
    expect(t.watch.moves()).toEqual([]);
    t.setNow(T0 + 40_000);
    t.prices(T0 + 40_000, { b3: 1.9 });
    const [steam] = t.watch.moves();
    expect(steam?.kind).toBe('steam');
    expect(steam?.direction).toBe('shortening');
    expect(steam?.selectionKey).toBe(`${FIXTURE_ID}:101:0`);
    expect(steam?.moved.map((m) => [m.bookmaker, m.fromPrice, m.toPrice, m.atMs])).toEqual([
      ['b1', 2, 1.9, T0 + 30_000],
      ['b2', 2, 1.9, T0 + 30_000],
      ['b3', 2, 1.9, T0 + 40_000],
    ]);
    expect(steam?.still).toEqual([{ bookmaker: 'b4', price: 2, sinceMs: T0 }]);
    t.tick();
    expect(t.heard).toHaveLength(1);
  });

  it('keeps one steam as a fourth book joins it', () => {
    const t = setup();
    t.prices(T0, { b1: 2, b2: 2, b3: 2, b4: 2 });
    t.setNow(T0 + 30_000);
    t.prices(T0 + 30_000, { b1: 1.9, b2: 1.9, b3: 1.9 });
    t.setNow(T0 + 50_000);
    t.prices(T0 + 50_000, { b4: 1.9 });
    const moves = t.watch.moves();
    expect(moves).toHaveLength(1);
    expect(moves[0]?.moved.map((m) => m.bookmaker)).toEqual(BOOKS);
    expect(moves[0]?.still).toEqual([]);
    expect(moves[0]?.detectedAtMs).toBe(T0 + 30_000);
  });

  it('does not count a book whose odds are stale', () => {
    const t = setup();
    t.apply([{ op: 'update', frame: { channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { b3: meta('b3', '2026-01-01T12:00:00Z', { staleOdds: true }) } } } }]);
    t.prices(T0, { b1: 2, b2: 2, b3: 2, b4: 2 });
    t.setNow(T0 + 30_000);
    t.prices(T0 + 30_000, { b1: 1.9, b2: 1.9, b3: 1.9 });
    expect(t.watch.moves()).toEqual([]);
  });

  it('lists a drop from the opening once the openings arrive, and drops it when the price comes back', async () => {
    const openings = new Map(BOOKS.map((b) => [oddsIdOf(101, b), { atMs: T0 - 3_600_000, price: 2.5 }]));
    const asked: string[] = [];
    const t = setup((fixtureId) => {
      asked.push(fixtureId);
      return Promise.resolve(openings);
    });
    t.prices(T0, { b1: 2.2, b2: 2.45 });
    expect(asked).toEqual([FIXTURE_ID]);
    await Promise.resolve();
    // 2.50 → 2.20: 40 → 45.45 points at b1; b2 at 2.45 (+0.82) is still near its opening.
    const [drop] = t.watch.moves();
    expect(drop?.kind).toBe('drop');
    expect(drop?.moved.map((m) => [m.bookmaker, m.fromPrice, m.toPrice])).toEqual([['b1', 2.5, 2.2]]);
    expect(drop?.points).toBeCloseTo(5.4545, 4);
    expect(drop?.still).toEqual([{ bookmaker: 'b2', price: 2.45, sinceMs: T0 }]);
    t.prices(T0 + 1_000, { b1: 2.4 });
    expect(t.watch.moves()).toEqual([]);
  });

  it('asks one fixture\'s openings at a time, the next after the budget interval', () => {
    const asked: string[] = [];
    const t = setup((fixtureId) => {
      asked.push(fixtureId);
      return new Promise<Openings>(() => undefined);
    });
    const OTHER = 'sr10000002x1';
    t.apply([{ op: 'update', frame: oddsFrame([oddsEntry(T0, 2, 'b1')]) }, { op: 'update', frame: oddsFrame([oddsEntry(T0, 2, 'b1')], OTHER) }]);
    expect(asked).toEqual([FIXTURE_ID]);
    t.tick();
    expect(asked).toEqual([FIXTURE_ID, OTHER]);
  });

  it('asks once for the baseline of a fixture first seen in a delta, never for a seeded one', () => {
    const asked: (readonly string[])[] = [];
    const t = setup(undefined, (ids) => asked.push(ids));
    const SEEDED = 'sr10000003x1';
    t.apply([{ op: 'seed', authoritative: false, snapshot: { channels: ['odds'], fixtureIds: [SEEDED], futureIds: [], bookmakers: ['b1'], fixtures: [], futuresOdds: [], odds: [{ fixtureId: SEEDED, odds: { b1: { [oddsIdOf(101, 'b1', SEEDED)]: oddsEntry(T0, 2, 'b1') } }, bookmakers: {} }] } }]);
    t.prices(T0, { b1: 2 });
    t.prices(T0 + 1, { b2: 2.1 });
    t.apply([{ op: 'update', frame: oddsFrame([oddsEntry(T0, 2, 'b1')], SEEDED) }]);
    expect(asked).toEqual([[FIXTURE_ID]]);
  });

  it('reads OLV per oddsId from a CLV answer', () => {
    const olv = { price: 2.5, changedAt: 5 };
    expect([...openingsOfClv({ b1: { x: { olv } } })]).toEqual([['x', { atMs: 5, price: 2.5 }]]);
  });
});
