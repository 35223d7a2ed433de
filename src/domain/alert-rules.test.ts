import { describe, expect, it } from 'vitest';
import { DEFAULT_ALERT_RULES, matches, moveCandidate, raiseAlerts, ruleProblems, type MoveRule } from './alert-rules.ts';
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
