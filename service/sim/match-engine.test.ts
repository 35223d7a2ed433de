import { describe, expect, it } from 'vitest';
import { createRng } from '../pricing/rng.ts';
import { advanceMatch, clockOf, forceScore, newMatchState, playedShare, poisson, regulationSec, rowScore } from './match-engine.ts';
import type { MatchEvent, MatchParams, MatchRules, MatchState } from './match-engine.ts';

const SOCCER: MatchRules = { sportId: 10, expectedPeriods: 2, periodLength: 45, knockout: false };
const SOCCER_PARAMS: MatchParams = { kind: 'score', expected: [1.6, 1.1] };

function play(rules: MatchRules, params: MatchParams, seed: string, stepSec = 30): { state: MatchState; events: MatchEvent[] } {
  const state = newMatchState();
  const events: MatchEvent[] = [];
  const rng = createRng(seed);
  for (let i = 0; i < 5000 && state.phase !== 'done'; i++) advanceMatch(state, rules, params, [], stepSec, rng, events);
  return { state, events };
}

describe('advanceMatch', () => {
  it('plays a soccer match to full time with result = p1 + p2 and fulltime = result', () => {
    const { state, events } = play(SOCCER, SOCCER_PARAMS, 'soccer');
    const [p1, p2, result, fulltime] = ['p1', 'p2', 'result', 'fulltime'].map((p) => rowScore(state, 'goals', p));
    expect(state.phase).toBe('done');
    expect(result).toEqual([(p1?.[0] ?? 0) + (p2?.[0] ?? 0), (p1?.[1] ?? 0) + (p2?.[1] ?? 0)]);
    expect(fulltime).toEqual(result);
    expect(events.at(-1)).toEqual({ kind: 'finish' });
    expect(state.elapsed).toBeCloseTo(90 * 60, 6);
  });

  it('scores goals at the expected rate on average', () => {
    let goals = 0;
    for (let i = 0; i < 200; i++) {
      const { state } = play(SOCCER, SOCCER_PARAMS, `rate-${String(i)}`, 60);
      const result = rowScore(state, 'goals', 'result') ?? [0, 0];
      goals += result[0] + result[1];
    }
    // 200 matches × 2.7 goals: the standard error of the mean is about 0.12.
    expect(goals / 200).toBeGreaterThan(2.3);
    expect(goals / 200).toBeLessThan(3.1);
  });

  it('sends a drawn cup tie to extra time and penalties, outside fulltime', () => {
    const rules: MatchRules = { ...SOCCER, knockout: true };
    const { state } = play(rules, { kind: 'score', expected: [0.0001, 0.0001] }, 'cup');
    expect(rowScore(state, 'goals', 'overtime')).toEqual([0, 0]);
    expect(rowScore(state, 'goals', 'fulltime')).toEqual([0, 0]);
    const penalties = rowScore(state, 'goals', 'penalties') ?? [0, 0];
    expect(penalties[0]).not.toBe(penalties[1]);
  });

  it('breaks an ice-hockey tie with +1 on overtime and fulltime only', () => {
    const rules: MatchRules = { sportId: 15, expectedPeriods: 3, periodLength: 20, knockout: false };
    const { state } = play(rules, { kind: 'score', expected: [0.0001, 0.0001] }, 'hockey');
    const fulltime = rowScore(state, 'goals', 'fulltime') ?? [0, 0];
    expect(rowScore(state, 'goals', 'result')).toEqual([0, 0]);
    expect(fulltime[0] + fulltime[1]).toBe(1);
    expect(rowScore(state, 'goals', 'overtime')).toEqual(fulltime);
  });

  it('plays tennis to the sets a best-of-3 needs, with games per set and game windows', () => {
    const rules: MatchRules = { sportId: 12, expectedPeriods: 3, periodLength: null, knockout: false };
    const { state } = play(rules, { kind: 'tennis', serve: [0.65, 0.6], bestOf: 3 }, 'tennis');
    const sets = rowScore(state, 'sets', 'result') ?? [0, 0];
    expect(Math.max(...sets)).toBe(2);
    const p1 = rowScore(state, 'games', 'p1') ?? [0, 0];
    expect(Math.max(...p1)).toBeGreaterThanOrEqual(6);
    const window = rowScore(state, 'games', 'p1g4') ?? [0, 0];
    expect(window[0] + window[1]).toBe(4);
  });

  it('plays an esports series until a side has won a majority of maps', () => {
    const rules: MatchRules = { sportId: 83, expectedPeriods: 3, periodLength: null, knockout: false };
    const { state } = play(rules, { kind: 'maps', kills: [15, 12], killWeight: 0.3, bestOf: 3 }, 'esports');
    const maps = rowScore(state, 'maps', 'result') ?? [0, 0];
    expect(Math.max(...maps)).toBe(2);
    expect(state.firsts['firstblood:p1']).toBeDefined();
    expect(rowScore(state, 'kills', 'p1')).not.toBeNull();
  });

  it('repeats basketball overtimes until the tie is broken', () => {
    const rules: MatchRules = { sportId: 11, expectedPeriods: 4, periodLength: 12, knockout: false };
    for (let i = 0; i < 30; i++) {
      const { state } = play(rules, { kind: 'score', expected: [110, 108] }, `bb-${String(i)}`);
      const fulltime = rowScore(state, 'points', 'fulltime') ?? [0, 0];
      expect(fulltime[0]).not.toBe(fulltime[1]);
    }
  });
});

describe('clockOf', () => {
  it('is null before kick-off and names the period in play afterwards', () => {
    const state = newMatchState();
    expect(clockOf(state, SOCCER)).toBeNull();
    advanceMatch(state, SOCCER, SOCCER_PARAMS, [], 45 * 60 + 15 * 60 + 5 * 60, createRng('clock'), []);
    const clock = clockOf(state, SOCCER);
    expect(clock?.currentPeriod).toBe('p2');
    expect(clock?.stopped).toBe(false);
    expect(clock?.remainingTimeInPeriod).toBe(40 * 60);
    expect(clock?.remainingTime).toBe(40 * 60);
  });

  it('is stopped during the half-time break', () => {
    const state = newMatchState();
    advanceMatch(state, SOCCER, SOCCER_PARAMS, [], 46 * 60, createRng('break'), []);
    expect(clockOf(state, SOCCER)?.stopped).toBe(true);
    expect(clockOf(state, SOCCER)?.currentPeriod).toBe('halftime');
    expect(playedShare(state, SOCCER)).toBeCloseTo(0.5, 9);
  });

  it('carries only the period, every time field null, in tennis and baseball', () => {
    const sports: readonly [MatchRules, MatchParams][] = [
      [{ sportId: 12, expectedPeriods: 3, periodLength: null, knockout: true }, { kind: 'tennis', serve: [0.64, 0.62], bestOf: 3 }],
      [{ sportId: 13, expectedPeriods: 9, periodLength: 20, knockout: true }, { kind: 'score', expected: [4.5, 4.2] }],
    ];
    for (const [rules, params] of sports) {
      const state = newMatchState();
      advanceMatch(state, rules, params, [], 10 * 60, createRng(`untimed${String(rules.sportId)}`), []);
      expect(clockOf(state, rules)).toEqual({ currentPeriod: 'p1', currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null });
      const done = play(rules, params, `done${String(rules.sportId)}`).state;
      expect(done.phase).toBe('done');
      expect(clockOf(done, rules)).toBeNull();
    }
  });
});

describe('forceScore', () => {
  it('adds the sport’s commonest score to the current period', () => {
    const state = newMatchState();
    const events: MatchEvent[] = [];
    advanceMatch(state, SOCCER, { kind: 'score', expected: [0, 0] }, [], 60, createRng('force'), events);
    forceScore(state, SOCCER, SOCCER_PARAMS, 2, events);
    expect(rowScore(state, 'goals', 'p1')).toEqual([0, 1]);
    expect(rowScore(state, 'goals', 'result')).toEqual([0, 1]);
  });
});

describe('poisson', () => {
  it('returns 0 for a non-positive mean', () => {
    expect(poisson(createRng('p'), 0)).toBe(0);
  });

  it('has the mean it is given', () => {
    const rng = createRng('poisson-mean');
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += poisson(rng, 0.7);
    expect(sum / 20_000).toBeCloseTo(0.7, 1);
  });
});

describe('regulationSec', () => {
  it('uses the tournament period length, and 0 for tennis', () => {
    expect(regulationSec({ sportId: 11, expectedPeriods: 4, periodLength: 10, knockout: false })).toBe(2400);
    expect(regulationSec({ sportId: 12, expectedPeriods: 5, periodLength: null, knockout: false })).toBe(0);
  });
});
