import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  betHasClose,
  closingLines,
  clvAgainstBook,
  clvAgainstConsensus,
  completeMarketClose,
  consensusClose,
  formatClvPercent,
  kickoffClose,
  kickoffOf,
  type Kickoff,
} from './closing-line.ts';
import type { HistoryPoint } from './line-series.ts';
import type { ClvFixtureView, FixtureHistoricalOddsResponse } from '../wire/rest-schemas.ts';

const KICKOFF_MS = Date.parse('2026-11-22T15:00:00Z');
const KICKED_OFF: Kickoff = { kind: 'kicked-off', atMs: KICKOFF_MS };
const MIN = 60_000;

function at(offsetMin: number, price: number, active = true, marketActive = true): HistoryPoint {
  return { changedAt: KICKOFF_MS + offsetMin * MIN, price, active, marketActive };
}

/** The wire shape: `{"<changedAt>": entry}`. */
function keyed(points: readonly HistoryPoint[]): Record<string, HistoryPoint> {
  return Object.fromEntries(points.map((p) => [String(p.changedAt), p]));
}

describe('kickoffOf', () => {
  it('is trueStartTime when the fixture started late', () => {
    const fixture = { status: { statusId: 2 }, startTime: KICKOFF_MS / 1000, trueStartTime: '2026-11-22T15:07:30Z' };
    expect(kickoffOf(fixture)).toEqual({ kind: 'kicked-off', atMs: KICKOFF_MS + 7.5 * MIN });
  });

  it('is the planned startTime when trueStartTime is missing or unreadable', () => {
    expect(kickoffOf({ status: { statusId: 1 }, startTime: KICKOFF_MS / 1000, trueStartTime: null })).toEqual(KICKED_OFF);
    expect(kickoffOf({ status: { statusId: 2 }, startTime: KICKOFF_MS / 1000, trueStartTime: '2026-04-31T15:00:00Z' })).toEqual(KICKED_OFF);
  });

  it('has no kick-off for a cancelled fixture, and a planned one before the start', () => {
    expect(kickoffOf({ status: { statusId: 3 }, startTime: KICKOFF_MS / 1000, trueStartTime: null })).toEqual({ kind: 'cancelled' });
    expect(kickoffOf({ status: { statusId: 0 }, startTime: KICKOFF_MS / 1000, trueStartTime: null })).toEqual({ kind: 'pre-game', plannedMs: KICKOFF_MS });
  });
});

describe('kickoffClose', () => {
  it('is the last active price before kick-off, not the in-play price after it', () => {
    // The case: closed at 2.07 at kick-off, 4.58 in the last minutes of the match.
    const history = keyed([at(-600, 2.2), at(-30, 2.07), at(10, 2.5), at(88, 4.58)]);
    expect(kickoffClose(history, KICKED_OFF)).toEqual({ kind: 'close', price: 2.07, changedAt: KICKOFF_MS - 30 * MIN, provisional: false });
  });

  it('counts a price changed exactly at kick-off', () => {
    expect(kickoffClose([at(-5, 2.1), at(0, 2.05), at(1, 2.3)], KICKED_OFF)).toMatchObject({ price: 2.05, changedAt: KICKOFF_MS });
  });

  it('takes the last active price before a suspension that lasts over kick-off', () => {
    const history = [at(-20, 1.95), at(-3, 1.9, false), at(2, 1.8)];
    expect(kickoffClose(history, KICKED_OFF)).toMatchObject({ price: 1.95, changedAt: KICKOFF_MS - 20 * MIN });
    // A suspended market counts as suspended too.
    expect(kickoffClose([at(-20, 1.95), at(-3, 1.9, true, false)], KICKED_OFF)).toMatchObject({ price: 1.95 });
  });

  it('moves with a late kick-off: prices up to trueStartTime are pre-match', () => {
    const fixture = { status: { statusId: 2 }, startTime: KICKOFF_MS / 1000, trueStartTime: '2026-11-22T15:10:00Z' };
    const history = [at(-30, 2.0), at(5, 2.12), at(12, 2.6)];
    expect(kickoffClose(history, kickoffOf(fixture))).toMatchObject({ price: 2.12 });
  });

  it('has no close, with the reason, when the book never quoted before kick-off', () => {
    expect(kickoffClose([at(3, 2.0), at(50, 3.0)], KICKED_OFF)).toEqual({ kind: 'none', reason: 'no-pre-match-quote' });
    expect(kickoffClose({}, KICKED_OFF)).toEqual({ kind: 'none', reason: 'no-pre-match-quote' });
  });

  it('has no close when every pre-match price was suspended', () => {
    expect(kickoffClose([at(-10, 2.0, false), at(5, 2.2)], KICKED_OFF)).toEqual({ kind: 'none', reason: 'never-active-pre-match' });
  });

  it('has no close on a cancelled fixture, whatever was quoted', () => {
    expect(kickoffClose([at(-10, 2.0)], { kind: 'cancelled' })).toEqual({ kind: 'none', reason: 'cancelled' });
  });

  it('is the latest active price, provisional, before kick-off', () => {
    expect(kickoffClose([at(-90, 2.0), at(-60, 2.1)], { kind: 'pre-game', plannedMs: KICKOFF_MS })).toEqual({
      kind: 'close',
      price: 2.1,
      changedAt: KICKOFF_MS - 60 * MIN,
      provisional: true,
    });
  });

  it('never picks a price after kick-off and always the latest active one before it (property)', () => {
    const point = fc.record({
      offsetMin: fc.integer({ min: -600, max: 120 }),
      price: fc.double({ min: 1.01, max: 50, noNaN: true }),
      active: fc.boolean(),
    });
    fc.assert(
      // Unique times, as the wire's keyed history has them.
      fc.property(fc.uniqueArray(point, { maxLength: 30, selector: (p) => p.offsetMin }), (raw) => {
        const history = raw.map((p) => at(p.offsetMin, p.price, p.active));
        const close = kickoffClose(history, KICKED_OFF);
        const candidates = history.filter((p) => p.active && p.changedAt <= KICKOFF_MS);
        if (candidates.length === 0) {
          expect(close.kind).toBe('none');
          return;
        }
        const latest = Math.max(...candidates.map((p) => p.changedAt));
        expect(close.kind === 'close' && close.changedAt).toBe(latest);
        // Order of the entries does not matter.
        expect(kickoffClose([...history].reverse(), KICKED_OFF)).toEqual(close);
      }),
    );
  });
});

describe('completeMarketClose and consensusClose', () => {
  const close = (price: number) => ({ kind: 'close' as const, price, changedAt: 0, provisional: false });

  it('needs a close on every outcome', () => {
    expect(completeMarketClose([close(2), close(3.4), close(3.8)])).toEqual([2, 3.4, 3.8]);
    expect(completeMarketClose([close(2), { kind: 'none', reason: 'no-pre-match-quote' }, close(3.8)])).toBeNull();
  });

  it('is the de-vigged mean implied probability of the complete closes', () => {
    // Implied 1/2 and 1/2.5 per book, means 0.45 / 0.55 (sum 1): no margin left to remove.
    const consensus = consensusClose([[2, 2.5], null, [2.5, 2]], 'multiplicative');
    expect(consensus?.books).toBe(2);
    expect(consensus?.probabilities[0]).toBeCloseTo(0.5, 12);
    expect(consensus?.prices[1]).toBeCloseTo(2, 12);
    expect(consensusClose([null], 'multiplicative')).toBeNull();
  });
});

describe('CLV against a close', () => {
  it('is taken / close − 1 against a book and taken × fair probability − 1 no-vig', () => {
    // 2.60 taken, book closed 2.00 / 2.00 (fair 1/2): +30% both ways.
    const figures = clvAgainstBook(2.6, 2, [2, 2], 0, 'multiplicative');
    expect(figures.priceBased).toBeCloseTo(0.3, 12);
    expect(figures.noVig).toBeCloseTo(0.3, 12);
    // With a margin (1.90 / 1.90) no-vig is lower: 2.6 × 0.5 − 1 = 0.3 against 2.6/1.9 − 1.
    const margin = clvAgainstBook(2.6, 1.9, [1.9, 1.9], 0, 'multiplicative');
    expect(margin.priceBased).toBeCloseTo(2.6 / 1.9 - 1, 12);
    expect(margin.noVig).toBeCloseTo(0.3, 12);
    expect(clvAgainstBook(2.6, 1.9, null, 0, 'multiplicative').noVig).toBeNull();
  });

  it('gives one figure against the consensus: its close is margin-free, so both definitions agree', () => {
    const consensus = consensusClose([[1.9, 1.9], [1.95, 1.85]], 'shin');
    if (consensus === null) throw new Error('no consensus');
    const figures = clvAgainstConsensus(2.1, consensus, 1);
    expect(figures?.priceBased).toBe(figures?.noVig);
    expect(figures?.priceBased).toBeCloseTo(2.1 * (consensus.probabilities[1] ?? 0) - 1, 12);
    expect(clvAgainstConsensus(2.1, consensus, 5)).toBeNull();
  });
});

describe('betHasClose', () => {
  it('has no closing line for a bet placed after kick-off', () => {
    expect(betHasClose(KICKOFF_MS + 1, KICKED_OFF)).toBe('in-play');
    expect(betHasClose(KICKOFF_MS, KICKED_OFF)).toBe('pre-match');
    expect(betHasClose(null, KICKED_OFF)).toBe('pre-match');
    expect(betHasClose(KICKOFF_MS + 1, { kind: 'pre-game', plannedMs: KICKOFF_MS })).toBe('pre-match');
  });
});

describe('formatClvPercent', () => {
  it('shows one decimal, half away from zero, signed', () => {
    expect(formatClvPercent(0.05)).toBe('+5.0%');
    expect(formatClvPercent(2.6 / 196.6 - 1)).toBe('-98.7%');
    expect(formatClvPercent(0.00125)).toBe('+0.1%');
    expect(formatClvPercent(-0.00125)).toBe('-0.1%');
    expect(formatClvPercent(-0.0004)).toBe('0.0%');
    expect(formatClvPercent(2.6 / 2 - 1)).toBe('+30.0%');
  });
});

describe('closingLines', () => {
  const KICKOFF = 1_000_000;
  const entry = (bookmaker: string, outcomeId: number, changedAt: number, price: number, active = true) => ({
    bookmaker, outcomeId, playerId: 0, marketId: 101, price, active, marketActive: true, limit: null, changedAt,
  });
  const keyed = (...entries: ReturnType<typeof entry>[]) => Object.fromEntries(entries.map((e) => [String(e.changedAt), e]));
  const side = (bookmaker: string, outcomeId: number, price: number) => ({
    bookmaker, outcomeId, playerId: 0, price, priceFractional: '', priceAmerican: 100, active: false, limit: null, changedAt: KICKOFF + 9000,
  });
  const pair = (bookmaker: string, outcomeId: number, open: number, last: number) => ({ olv: side(bookmaker, outcomeId, open), clv: side(bookmaker, outcomeId, last) });
  const market = { playerId: 0, outcomes: [{ outcomeId: 101 }, { outcomeId: 102 }] };
  // Only `odds`, `status`, `startTime` and `trueStartTime` are read.
  const view = {
    odds: {
      pinnacle: { 'f:pinnacle:101:0': pair('pinnacle', 101, 2, 1.01), 'f:pinnacle:102:0': pair('pinnacle', 102, 1.8, 40) },
      bet365: { 'f:bet365:101:0': pair('bet365', 101, 2.2, 2.2), 'f:bet365:999:0': pair('bet365', 999, 3, 3) },
    },
  };
  const finished = { ...view, status: { statusId: 2, statusName: 'Finished', live: false }, startTime: KICKOFF / 1000, trueStartTime: null } as unknown as ClvFixtureView;
  const history: FixtureHistoricalOddsResponse = {
    fixtureId: 'f',
    odds: {
      // Pinnacle trades in play: its last prices (1.01 / 40) are not its close.
      pinnacle: {
        'f:pinnacle:101:0': keyed(entry('pinnacle', 101, KICKOFF - 500, 2.05), entry('pinnacle', 101, KICKOFF, 2), entry('pinnacle', 101, KICKOFF + 9000, 1.01)),
        'f:pinnacle:102:0': keyed(entry('pinnacle', 102, KICKOFF - 500, 1.9), entry('pinnacle', 102, KICKOFF + 9000, 40)),
      },
      // bet365 opened in play only.
      bet365: { 'f:bet365:101:0': keyed(entry('bet365', 101, KICKOFF + 10, 2.2)) },
    },
  };

  it('closes each book at its last active price at or before kick-off, not at its last price', () => {
    const lines = closingLines(finished, history, market, 101, 'multiplicative');
    expect(lines.rows.map((r) => [r.bookmaker, r.close])).toEqual([
      ['bet365', { kind: 'none', reason: 'no-pre-match-quote' }],
      ['pinnacle', { kind: 'close', price: 2, changedAt: KICKOFF, provisional: false }],
    ]);
    expect(lines.rows[1]?.marketClose).toEqual([2, 1.9]);
    expect(lines.rows[1]?.lastBeforeSettlement.price).toBe(1.01);
    expect(lines.best).toEqual({ price: 2, bookmakers: ['pinnacle'] });
    // One complete close (pinnacle 2.00 / 1.90): multiplicative fair probability of outcome 1 is (1/2) / (1/2 + 1/1.9).
    expect(lines.consensus?.probabilities[0]).toBeCloseTo(0.5 / (0.5 + 1 / 1.9), 12);
  });

  it('has no close on a cancelled fixture', () => {
    const cancelled = { ...finished, status: { statusId: 3, statusName: 'Cancelled', live: false } } as unknown as ClvFixtureView;
    const lines = closingLines(cancelled, history, market, 101, 'multiplicative');
    expect(lines.rows.every((r) => r.close.kind === 'none' && r.close.reason === 'cancelled')).toBe(true);
    expect(lines.best).toBeNull();
    expect(lines.consensus).toBeNull();
  });
});

describe('closingLines with a market the method cannot de-vig', () => {
  const KICKOFF = 5_000_000;
  const entry = (bookmaker: string, outcomeId: number, price: number) => ({
    bookmaker, outcomeId, playerId: 0, marketId: 1, price, active: true, marketActive: true, limit: null, changedAt: KICKOFF - 1,
  });
  const side = (bookmaker: string, outcomeId: number, price: number) => ({
    bookmaker, outcomeId, playerId: 0, price, priceFractional: '', priceAmerican: 100, active: false, limit: null, changedAt: KICKOFF + 1,
  });
  // 1.10 / 5.00 / 60.0 at both books: additive takes (Σ1/p − 1)/3 ≈ 0.042 from each outcome, more than 1/60.
  const prices: Record<number, number> = { 1: 1.1, 2: 5, 3: 60 };
  const books = ['a', 'b'];
  const view = {
    status: { statusId: 2, statusName: 'Finished', live: false },
    startTime: KICKOFF / 1000,
    trueStartTime: null,
    odds: Object.fromEntries(books.map((b) => [b, Object.fromEntries([1, 2, 3].map((o) => [`f:${b}:${String(o)}:0`, { olv: side(b, o, prices[o] ?? 2), clv: side(b, o, prices[o] ?? 2) }]))])),
  } as unknown as ClvFixtureView;
  const history: FixtureHistoricalOddsResponse = {
    fixtureId: 'f',
    odds: Object.fromEntries(books.map((b) => [b, Object.fromEntries([1, 2, 3].map((o) => [`f:${b}:${String(o)}:0`, { [String(KICKOFF - 1)]: entry(b, o, prices[o] ?? 2) }]))])),
  };
  const market = { playerId: 0, outcomes: [{ outcomeId: 1 }, { outcomeId: 2 }, { outcomeId: 3 }] };

  it('says why there is no consensus, and lists every book at the best close', () => {
    const lines = closingLines(view, history, market, 3, 'additive');
    expect(lines.consensus).toBeNull();
    expect(lines.consensusProblem).toMatch(/additive/u);
    expect(lines.best).toEqual({ price: 60, bookmakers: ['a', 'b'] });
  });

  it('has no no-vig CLV against such a market, but still the price-based one', () => {
    const figures = clvAgainstBook(66, 60, [1.1, 5, 60], 2, 'additive');
    expect(figures.noVig).toBeNull();
    expect(figures.priceBased).toBeCloseTo(0.1, 12);
  });
});

describe('closingLines under a fair line', () => {
  const KICKOFF = 7_000_000;
  const entry = (bookmaker: string, outcomeId: number, price: number) => ({
    bookmaker, outcomeId, playerId: 0, marketId: 1, price, active: true, marketActive: true, limit: null, changedAt: KICKOFF - 1,
  });
  const side = (bookmaker: string, outcomeId: number, price: number) => ({
    bookmaker, outcomeId, playerId: 0, price, priceFractional: '', priceAmerican: 100, active: false, limit: null, changedAt: KICKOFF + 1,
  });
  // Kick-off closes: pinnacle 2.00 / 1.90, bet365 2.10 / 1.75.
  const closes: Record<string, Record<number, number>> = { pinnacle: { 1: 2, 2: 1.9 }, bet365: { 1: 2.1, 2: 1.75 } };
  const view = {
    status: { statusId: 2, statusName: 'Finished', live: false },
    startTime: KICKOFF / 1000,
    trueStartTime: null,
    odds: Object.fromEntries(Object.entries(closes).map(([b, p]) => [b, Object.fromEntries([1, 2].map((o) => [`f:${b}:${String(o)}:0`, { olv: side(b, o, p[o] ?? 2), clv: side(b, o, p[o] ?? 2) }]))])),
  } as unknown as ClvFixtureView;
  const history: FixtureHistoricalOddsResponse = {
    fixtureId: 'f',
    odds: Object.fromEntries(Object.entries(closes).map(([b, p]) => [b, Object.fromEntries([1, 2].map((o) => [`f:${b}:${String(o)}:0`, { [String(KICKOFF - 1)]: entry(b, o, p[o] ?? 2) }]))])),
  };
  const market = { playerId: 0, outcomes: [{ outcomeId: 1 }, { outcomeId: 2 }] };

  it('weights each book\'s closes as the fair line says', () => {
    const lines = closingLines(view, history, market, 1, 'multiplicative', { weights: { pinnacle: 3, bet365: 1 }, minBooks: 2, requiredBook: 'pinnacle' });
    // Hand-worked: (3/2.00 + 1/2.10)/4 = 0.494048, (3/1.90 + 1/1.75)/4 = 0.537594; sum 1.031642;
    // outcome 1: 0.494048 / 1.031642 = 0.478895, a close of 2.0881.
    expect(lines.consensus?.probabilities[0]).toBeCloseTo(0.478895, 6);
    expect(lines.consensus?.prices[0]).toBeCloseTo(2.0881, 4);
    expect(lines.consensus?.used.map((b) => [b.bookmaker, b.weight])).toEqual([['pinnacle', 3], ['bet365', 1]]);
  });

  it('is the equal consensus by default: (1/2.00 + 1/2.10)/2 against (1/1.90 + 1/1.75)/2 gives 2.1245', () => {
    expect(closingLines(view, history, market, 1, 'multiplicative').consensus?.prices[0]).toBeCloseTo(2.1245, 4);
  });

  it('a one-book line closes at that book\'s de-vigged close', () => {
    // Pinnacle alone: (1/2) / (1/2 + 1/1.9) = 0.487179.
    const lines = closingLines(view, history, market, 1, 'multiplicative', { weights: { pinnacle: 1 }, minBooks: 1, requiredBook: null });
    expect(lines.consensus?.probabilities[0]).toBeCloseTo(0.487179, 6);
    expect(lines.consensus?.books).toBe(1);
  });

  it('says why there is no consensus close when the line\'s required book or minimum is not met', () => {
    const required = closingLines(view, history, market, 1, 'multiplicative', { weights: { pinnacle: 1, circa: 1 }, minBooks: 1, requiredBook: 'circa' });
    expect(required.consensus).toBeNull();
    expect(required.consensusProblem).toBe("the fair line's required book circa has no close on every outcome");
    const tooFew = closingLines(view, history, market, 1, 'multiplicative', { weights: { pinnacle: 1, circa: 1 }, minBooks: 2, requiredBook: null });
    expect(tooFew.consensusProblem).toBe('only 1 of the 2 books the fair line needs have a close on every outcome');
  });
});
