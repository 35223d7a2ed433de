import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arbitrageCandidate,
  DEFAULT_ALERT_RULES,
  evCandidate,
  matches,
  moveCandidate,
  opportunityWatchOf,
  raiseAlerts,
  ruleProblems,
  type ArbitrageOpportunity,
  type ArbitrageRule,
  type EvOpportunity,
  type EvRule,
  type MoveRule,
} from './alert-rules.ts';
import type { MoveEvent } from './moves.ts';

const MIN = 60_000;
const steam: MoveEvent = {
  id: 'steam:x',
  kind: 'steam',
  fixtureId: 'id1000001761301227',
  marketId: 101,
  outcomeId: 101,
  playerId: 0,
  selectionKey: 'id1000001761301227:101:0',
  live: false,
  direction: 'shortening',
  points: 3,
  moved: [],
  still: [],
  detectedAtMs: 0,
  updatedAtMs: 0,
};
const rule: MoveRule = { id: 'r', name: 'Big steam', kind: 'move', moveKinds: ['steam'], minPoints: 2.5, includeLive: false, enabled: true, repeatMinutes: 10, notify: false };

describe('matches', () => {
  it('takes moves of the rule kinds at least the rule size', () => {
    expect(matches(rule, moveCandidate(steam))).toBe(true);
    expect(matches(rule, moveCandidate({ ...steam, points: 2.4 }))).toBe(false);
    expect(matches(rule, moveCandidate({ ...steam, kind: 'drop' }))).toBe(false);
    expect(matches({ ...rule, enabled: false }, moveCandidate(steam))).toBe(false);
    // In play only when the rule asks for it.
    expect(matches(rule, moveCandidate({ ...steam, live: true }))).toBe(false);
    expect(matches({ ...rule, includeLive: true }, moveCandidate({ ...steam, live: true }))).toBe(true);
  });
});

describe('raiseAlerts', () => {
  it('does not repeat a subject within the rule window, and repeats after it', () => {
    const first = raiseAlerts([rule], [moveCandidate(steam)], new Map(), 0);
    expect(first.alerts).toHaveLength(1);
    // The same steam with a fourth book 5 minutes later: the same subject, no alert.
    const again = raiseAlerts([rule], [moveCandidate({ ...steam, updatedAtMs: 5 * MIN })], first.lastRaised, 5 * MIN);
    expect(again.alerts).toHaveLength(0);
    // The other direction is another subject.
    expect(raiseAlerts([rule], [moveCandidate({ ...steam, direction: 'drifting' })], first.lastRaised, 5 * MIN).alerts).toHaveLength(1);
    // Ten minutes after the first: raised again.
    expect(raiseAlerts([rule], [moveCandidate(steam)], again.lastRaised, 10 * MIN).alerts).toHaveLength(1);
  });

  it('raises once per rule that matches', () => {
    const all: MoveRule = { ...rule, id: 'all', minPoints: 0 };
    const { alerts } = raiseAlerts([rule, all], [moveCandidate({ ...steam, points: 2 })], new Map(), 0);
    expect(alerts.map((a) => a.ruleId)).toEqual(['all']);
  });
});

describe('ruleProblems', () => {
  it('accepts the default rules and names bad fields', () => {
    for (const r of DEFAULT_ALERT_RULES) expect(ruleProblems(r)).toEqual([]);
    expect(ruleProblems({ ...rule, name: ' ', repeatMinutes: -1, moveKinds: [], minPoints: Number.NaN }).map((p) => p.field)).toEqual(['name', 'repeatMinutes', 'moveKinds', 'minPoints']);
  });
});

const FIXTURE = 'id1000001761301227';
const ev: EvOpportunity = {
  oddsId: `${FIXTURE}:unibet:101:0`,
  fixtureId: FIXTURE,
  fixtureName: 'Arsenal – Chelsea',
  marketName: 'Match result',
  outcomeName: 'Arsenal',
  bookmaker: 'unibet',
  price: 2.1,
  fairPrice: 2,
  ev: 0.05,
  live: false,
};
const evRule: EvRule = { id: 'ev', name: 'Value', kind: 'ev', minPercent: 2, books: [], live: 'all', maxPrice: null, enabled: true, repeatMinutes: 10, notify: false };
const arb: ArbitrageOpportunity = {
  fixtureId: FIXTURE,
  fixtureName: 'Arsenal – Chelsea',
  marketName: 'Match result',
  profitRatio: 0.012,
  live: false,
  legs: [
    { oddsId: `${FIXTURE}:unibet:101:0`, outcomeName: 'Arsenal', bookmaker: 'unibet', price: 2.6 },
    { oddsId: `${FIXTURE}:bet365:102:0`, outcomeName: 'Draw', bookmaker: 'bet365', price: 3.6 },
    { oddsId: `${FIXTURE}:pinnacle:103:0`, outcomeName: 'Chelsea', bookmaker: 'pinnacle', price: 2.9 },
  ],
};
const arbRule: ArbitrageRule = { id: 'arb', name: 'Arbs', kind: 'arbitrage', minPercent: 0.5, enabled: true, repeatMinutes: 10, notify: false };

describe('EV rules', () => {
  it('take a price at least the rule EV, at the rule books, in the rule fixtures', () => {
    expect(matches(evRule, evCandidate(ev))).toBe(true);
    // 1.96 % shows as +2.0 % but is below a 2 % rule.
    expect(matches(evRule, evCandidate({ ...ev, ev: 0.0196 }))).toBe(false);
    expect(matches(evRule, evCandidate({ ...ev, ev: 0.02 }))).toBe(true);
    expect(matches({ ...evRule, books: ['pinnacle', 'bet365'] }, evCandidate(ev))).toBe(false);
    expect(matches({ ...evRule, books: ['unibet'] }, evCandidate(ev))).toBe(true);
    expect(matches({ ...evRule, live: 'live' }, evCandidate(ev))).toBe(false);
    expect(matches({ ...evRule, live: 'pregame' }, evCandidate(ev))).toBe(true);
    expect(matches({ ...evRule, live: 'pregame' }, evCandidate({ ...ev, live: true }))).toBe(false);
    expect(matches({ ...evRule, enabled: false }, evCandidate(ev))).toBe(false);
    // The price is 2.10: a cap of 2.10 takes it, one of 2.05 does not.
    expect(matches({ ...evRule, maxPrice: 2.1 }, evCandidate(ev))).toBe(true);
    expect(matches({ ...evRule, maxPrice: 2.05 }, evCandidate(ev))).toBe(false);
  });

  it('refuse a maximum price below 1.01 by name', () => {
    expect(ruleProblems({ ...evRule, maxPrice: 1 }).map((p) => p.field)).toEqual(['maxPrice']);
    expect(ruleProblems({ ...evRule, maxPrice: 50 })).toEqual([]);
  });

  it('hear nothing of moves or arbitrages, and move rules nothing of opportunities', () => {
    expect(matches(evRule, arbitrageCandidate({ ...arb, profitRatio: 0.5 }))).toBe(false);
    expect(matches(evRule, moveCandidate(steam))).toBe(false);
    expect(matches({ ...rule, minPoints: 0 }, evCandidate(ev))).toBe(false);
    expect(matches(arbRule, evCandidate({ ...ev, ev: 0.5 }))).toBe(false);
  });

  it('raise once per price within the repeat window, however its EV moves', () => {
    const first = raiseAlerts([evRule], [evCandidate(ev)], new Map(), 0);
    expect(first.alerts).toHaveLength(1);
    expect(raiseAlerts([evRule], [evCandidate({ ...ev, ev: 0.08, price: 2.16 })], first.lastRaised, 9 * MIN).alerts).toHaveLength(0);
    // Another book's price of the same selection is another subject.
    expect(raiseAlerts([evRule], [evCandidate({ ...ev, oddsId: `${FIXTURE}:bet365:101:0`, bookmaker: 'bet365' })], first.lastRaised, MIN).alerts).toHaveLength(1);
    expect(raiseAlerts([evRule], [evCandidate(ev)], first.lastRaised, 10 * MIN).alerts).toHaveLength(1);
  });
});

describe('arbitrage rules', () => {
  it('take an arbitrage whose return is at least the rule minimum', () => {
    expect(matches(arbRule, arbitrageCandidate(arb))).toBe(true);
    expect(matches(arbRule, arbitrageCandidate({ ...arb, profitRatio: 0.005 }))).toBe(true);
    expect(matches(arbRule, arbitrageCandidate({ ...arb, profitRatio: 0.0049 }))).toBe(false);
  });

  it('count an arbitrage that keeps its legs as one subject, and one that moves a leg to another book as another', () => {
    const first = raiseAlerts([arbRule], [arbitrageCandidate(arb)], new Map(), 0);
    expect(first.alerts).toHaveLength(1);
    const repriced = { ...arb, profitRatio: 0.03, legs: arb.legs.map((leg) => ({ ...leg, price: leg.price + 0.1 })) };
    expect(raiseAlerts([arbRule], [arbitrageCandidate(repriced)], first.lastRaised, MIN).alerts).toHaveLength(0);
    const [home, draw] = arb.legs;
    if (home === undefined || draw === undefined) throw new Error('test data');
    const moved = { ...arb, legs: [home, draw, { oddsId: `${FIXTURE}:betway:103:0`, outcomeName: 'Chelsea', bookmaker: 'betway', price: 3 }] };
    expect(raiseAlerts([arbRule], [arbitrageCandidate(moved)], first.lastRaised, MIN).alerts).toHaveLength(1);
  });
});

describe('EV and arbitrage rules, for any figures', () => {
  const percent = fc.double({ min: 0.01, max: 100, noNaN: true });
  const ratio = fc.double({ min: 0, max: 2, noNaN: true });

  it('never raise for a candidate below the rule threshold', () => {
    fc.assert(
      fc.property(percent, ratio, ratio, (minPercent, evRatio, profit) => {
        fc.pre(evRatio < minPercent / 100 && profit < minPercent / 100);
        const rules = [{ ...evRule, minPercent }, { ...arbRule, minPercent }];
        const { alerts } = raiseAlerts(rules, [evCandidate({ ...ev, ev: evRatio }), arbitrageCandidate({ ...arb, profitRatio: profit })], new Map(), 0);
        expect(alerts).toEqual([]);
      }),
    );
  });

  it('raise a subject again exactly when the repeat window has passed since its last raise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1440 }), fc.array(fc.integer({ min: 0, max: 3 * 24 * 60 }), { minLength: 1, maxLength: 12 }), (repeatMinutes, minutes) => {
        const times = [...minutes].sort((a, b) => a - b);
        const r = { ...arbRule, repeatMinutes };
        let last = new Map<string, number>();
        let raisedAt: number | null = null;
        for (const t of times) {
          const step = raiseAlerts([r], [arbitrageCandidate(arb)], last, t * MIN);
          const expected = raisedAt === null || t - raisedAt >= repeatMinutes;
          expect(step.alerts.length).toBe(expected ? 1 : 0);
          if (expected) raisedAt = t;
          last = step.lastRaised;
        }
      }),
    );
  });
});

describe('EV and arbitrage rule problems', () => {
  it('name the field of a bad minimum or book list', () => {
    expect(ruleProblems(evRule)).toEqual([]);
    expect(ruleProblems(arbRule)).toEqual([]);
    expect(ruleProblems({ ...evRule, minPercent: 0, books: [' '] })).toEqual([
      { field: 'minPercent', message: 'Minimum EV: a percentage above 0 and at most 100.' },
      { field: 'books', message: 'Books I can bet at: at most 100 books, none blank.' },
    ]);
    expect(ruleProblems({ ...arbRule, minPercent: Number.NaN })).toEqual([{ field: 'minPercent', message: 'Minimum arbitrage: a percentage above 0 and at most 100.' }]);
  });
});

describe('opportunityWatchOf', () => {
  it('asks for the lowest thresholds of the enabled rules and the books they name', () => {
    expect(opportunityWatchOf(DEFAULT_ALERT_RULES)).toBeNull();
    expect(opportunityWatchOf([{ ...arbRule, enabled: false }])).toBeNull();
    expect(
      opportunityWatchOf([
        { ...evRule, minPercent: 3, books: ['unibet'], live: 'pregame' },
        { ...evRule, id: 'b', minPercent: 1.5, books: ['bet365', 'unibet'], live: 'pregame' },
        { ...evRule, id: 'off', minPercent: 0.5, enabled: false },
        arbRule,
        { ...arbRule, id: 'big', minPercent: 2 },
      ]),
    ).toEqual({ ev: { minPercent: 1.5, books: ['bet365', 'unibet'], live: 'pregame', maxPrice: null }, arbitrage: { minPercent: 0.5 } });
    // The highest price cap, so no rule's rows are crowded out by long shots another rule wants.
    expect(opportunityWatchOf([{ ...evRule, maxPrice: 5 }, { ...evRule, id: 'b', maxPrice: 12 }])?.ev?.maxPrice).toBe(12);
    // A rule at every book and rules of different fixtures widen the watch.
    expect(opportunityWatchOf([{ ...evRule, books: ['unibet'], live: 'live' }, { ...evRule, id: 'b', live: 'pregame' }])).toEqual({ ev: { minPercent: 2, books: null, live: 'all', maxPrice: null }, arbitrage: null });
  });
});
