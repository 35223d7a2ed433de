import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookChange, DEFAULT_MOVE_SETTINGS, detectDrop, detectSteam, impliedPoints, moveSettingsProblems, trimPrices, type BookQuotes, type PricePoint } from './moves.ts';

const S = 1_000;
const quotes = (bookmaker: string, prices: readonly (readonly [number, number])[], counts = true): BookQuotes => ({
  bookmaker,
  counts,
  prices: prices.map(([atS, price]) => ({ atMs: atS * S, price })),
});

describe('impliedPoints', () => {
  it('is 100 / price', () => {
    expect(impliedPoints(2)).toBe(50);
    expect(impliedPoints(1.25)).toBe(80);
    expect(impliedPoints(4)).toBe(25);
  });
  it('refuses a price below 1', () => {
    expect(() => impliedPoints(0.5)).toThrow(/decimal/);
  });
});

describe('bookChange', () => {
  it('runs from the price in force at the window start to the price now', () => {
    // Window 2 min at now = 210 s starts at 90 s: 2.00 (since 0 s) was in force; now 1.90.
    const change = bookChange(quotes('a', [[0, 2], [200, 1.9]]), 210 * S, 120 * S);
    expect(change?.from).toEqual({ atMs: 0, price: 2 });
    expect(change?.to).toEqual({ atMs: 200 * S, price: 1.9 });
    expect(change?.points).toBeCloseTo(2.6316, 4); // 52.6316 − 50
  });
  it('starts a book first seen inside the window at its first price', () => {
    const change = bookChange(quotes('a', [[60, 2], [90, 1.8]]), 100 * S, 120 * S);
    expect(change?.points).toBeCloseTo(5.5556, 4); // 55.5556 − 50
  });
  it('forgets a change made before the window', () => {
    // 2.00 → 1.90 at 10 s; at 200 s the window starts at 80 s, when 1.90 was already in force.
    expect(bookChange(quotes('a', [[0, 2], [10, 1.9]]), 200 * S, 120 * S)?.points).toBe(0);
  });
  it('is null without prices', () => {
    expect(bookChange(quotes('a', []), 0, 120 * S)).toBeNull();
  });
});

describe('detectSteam (3 books, 2 points, 2 minutes)', () => {
  const still = quotes('d', [[0, 2]]);
  const movedTo = (bookmaker: string, atS: number, price: number) => quotes(bookmaker, [[0, 2], [atS, price]]);

  it('raises shortening steam naming the three books that moved and the one that did not', () => {
    const steam = detectSteam([movedTo('b', 205, 1.9), movedTo('a', 200, 1.9), movedTo('c', 202, 1.88), still], 210 * S, DEFAULT_MOVE_SETTINGS);
    expect(steam?.direction).toBe('shortening');
    expect(steam?.moved.map((c) => c.bookmaker)).toEqual(['a', 'c', 'b']); // earliest move first
    // Changes 2.6316, 3.1915 (100/1.88 − 50), 2.6316: median 2.6316.
    expect(steam?.points).toBeCloseTo(2.6316, 4);
    expect(steam?.still).toEqual([{ bookmaker: 'd', since: { atMs: 0, price: 2 } }]);
  });

  it('raises drifting steam the other way', () => {
    // 2.00 → 2.10: 47.619 − 50 = −2.381 points at three books.
    const steam = detectSteam([movedTo('a', 200, 2.1), movedTo('b', 200, 2.1), movedTo('c', 200, 2.1)], 210 * S, DEFAULT_MOVE_SETTINGS);
    expect(steam?.direction).toBe('drifting');
    expect(steam?.points).toBeCloseTo(2.381, 3);
  });

  it('needs three books: two are not steam', () => {
    expect(detectSteam([movedTo('a', 200, 1.9), movedTo('b', 200, 1.9), still], 210 * S, DEFAULT_MOVE_SETTINGS)).toBeNull();
  });

  it('needs two points: 2.00 → 1.94 (1.55 points) at every book is not steam', () => {
    expect(detectSteam([movedTo('a', 200, 1.94), movedTo('b', 200, 1.94), movedTo('c', 200, 1.94)], 210 * S, DEFAULT_MOVE_SETTINGS)).toBeNull();
  });

  it('needs the moves within two minutes of now', () => {
    // a moved at 60 s, b and c at 200 s: at 210 s, a's move (before 90 s) is outside the window.
    expect(detectSteam([movedTo('a', 60, 1.9), movedTo('b', 200, 1.9), movedTo('c', 200, 1.9)], 210 * S, DEFAULT_MOVE_SETTINGS)).toBeNull();
  });

  it('does not count a stale or suspended book, neither as moved nor as still', () => {
    const books = [movedTo('a', 200, 1.9), movedTo('b', 200, 1.9), quotes('c', [[0, 2], [200, 1.9]], false), quotes('e', [[0, 2]], false)];
    expect(detectSteam(books, 210 * S, DEFAULT_MOVE_SETTINGS)).toBeNull();
    const four = detectSteam([...books, movedTo('f', 200, 1.9), still], 210 * S, DEFAULT_MOVE_SETTINGS);
    expect(four?.moved.map((c) => c.bookmaker)).toEqual(['a', 'b', 'f']);
    expect(four?.still.map((s) => s.bookmaker)).toEqual(['d']);
  });

  it('is not steam when a move reverses inside the window', () => {
    const there = (b: string) => quotes(b, [[0, 2], [100, 1.9], [150, 2]]);
    expect(detectSteam([there('a'), there('b'), there('c')], 160 * S, DEFAULT_MOVE_SETTINGS)).toBeNull();
  });

  it('is no steam when as many books move each way', () => {
    const books = [movedTo('a', 200, 1.9), movedTo('b', 200, 1.9), movedTo('c', 200, 1.9), movedTo('x', 200, 2.1), movedTo('y', 200, 2.1), movedTo('z', 200, 2.1)];
    expect(detectSteam(books, 210 * S, DEFAULT_MOVE_SETTINGS)).toBeNull();
  });
});

describe('detectDrop (5 points)', () => {
  const openings = new Map<string, PricePoint>([
    ['a', { atMs: 0, price: 2.5 }],
    ['b', { atMs: 0, price: 2.5 }],
    ['c', { atMs: 0, price: 2.5 }],
  ]);
  it('names the books 5 points or more under their opening and the others', () => {
    // a: 40 → 45.45 (+5.45); b: 40 → 41.67 (+1.67); c: stale; e: no opening known.
    const drop = detectDrop([quotes('a', [[500, 2.2]]), quotes('b', [[400, 2.4]]), quotes('c', [[500, 2]], false), quotes('e', [[500, 2]])], openings, DEFAULT_MOVE_SETTINGS);
    expect(drop?.dropped.map((d) => d.bookmaker)).toEqual(['a']);
    expect(drop?.points).toBeCloseTo(5.4545, 4);
    expect(drop?.still).toEqual([{ bookmaker: 'b', since: { atMs: 400 * S, price: 2.4 } }]);
  });
  it('is null when no book fell that far (a drift is not a drop)', () => {
    expect(detectDrop([quotes('a', [[500, 3.5]]), quotes('b', [[500, 2.3]])], openings, DEFAULT_MOVE_SETTINGS)).toBeNull();
  });
});

describe('moveSettingsProblems', () => {
  it('accepts the defaults and names each bad field', () => {
    expect(moveSettingsProblems(DEFAULT_MOVE_SETTINGS)).toEqual([]);
    const fields = moveSettingsProblems({ steamBooks: 1, steamPoints: 0, steamMinutes: Number.NaN, dropPoints: -1 }).map((p) => p.field);
    expect(fields).toEqual(['steamBooks', 'steamPoints', 'steamMinutes', 'dropPoints']);
  });
});

// Properties over random books: prices 1.05–20, times within the last 10 minutes.
const price = fc.double({ min: 1.05, max: 20, noNaN: true });
const settings = fc.record({
  steamBooks: fc.integer({ min: 2, max: 6 }),
  steamPoints: fc.double({ min: 0.5, max: 10, noNaN: true }),
  steamMinutes: fc.double({ min: 0.5, max: 5, noNaN: true }),
  dropPoints: fc.constant(5),
});
const NOW = 600 * S;

describe('steam properties', () => {
  it('fewer books moving than the threshold never raise steam', () => {
    fc.assert(
      fc.property(settings, fc.array(fc.tuple(price, price, fc.integer({ min: 0, max: 600 })), { maxLength: 12 }), fc.array(price, { maxLength: 12 }), (s, moving, steady) => {
        const books = [
          ...moving.slice(0, s.steamBooks - 1).map(([p0, p1, atS], i) => quotes(`m${String(i)}`, [[-1000, p0], [atS, p1]])),
          ...steady.map((p, i) => quotes(`s${String(i)}`, [[-1000, p]])),
        ];
        return detectSteam(books, NOW, s) === null;
      }),
    );
  });

  it('a move that reverses inside the window is no steam either way', () => {
    fc.assert(
      fc.property(settings, fc.array(fc.tuple(price, price), { minLength: 1, maxLength: 10 }), (s, books) => {
        const windowS = s.steamMinutes * 60;
        const inside = (f: number) => 600 - windowS * f;
        const all = books.map(([p0, p1], i) => quotes(`b${String(i)}`, [[inside(2), p0], [inside(0.6), p1], [inside(0.3), p0]]));
        return detectSteam(all, NOW, s) === null;
      }),
    );
  });

  it('does not depend on the order of the books', () => {
    fc.assert(
      fc.property(settings, fc.array(fc.tuple(price, price, fc.integer({ min: 0, max: 600 })), { maxLength: 10 }), (s, rows) => {
        const books = rows.map(([p0, p1, atS], i) => quotes(`b${String(i)}`, [[-1000, p0], [atS, p1]]));
        const forward = detectSteam(books, NOW, s);
        const backward = detectSteam([...books].reverse(), NOW, s);
        return JSON.stringify(forward) === JSON.stringify(backward);
      }),
    );
  });

  it('trimming a book to the window changes no change over it', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 600 }), price), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 600 }), (points, windowS) => {
        const prices = [...points].sort((a, b) => a[0] - b[0]).map(([atS, p]) => ({ atMs: atS * S, price: p }));
        const full = bookChange({ bookmaker: 'a', counts: true, prices }, NOW, windowS * S);
        const trimmed = bookChange({ bookmaker: 'a', counts: true, prices: trimPrices(prices, NOW, windowS * S) }, NOW, windowS * S);
        return full?.points === trimmed?.points && full?.to === trimmed?.to;
      }),
    );
  });
});
