import { describe, expect, it } from 'vitest';
import { clockLabel, clockText, formatClockTime, matchScore, periodLabel, scorePeriodsInOrder } from './fixture-text.ts';

const row = (period: string, a: number, b: number) => ({ period, participant1Score: a, participant2Score: b, updatedAt: '2026-11-22T10:00:00Z' });

describe('scorePeriodsInOrder', () => {
  it('orders regular periods by number, then overtime and penalties, then other keys, without the totals', () => {
    expect(scorePeriodsInOrder(['result', 'penalties', 'p10', 'overtime', 'p2', 'fulltime', 'p1', 'zeta'])).toEqual([
      'p1',
      'p2',
      'p10',
      'overtime',
      'penalties',
      'zeta',
    ]);
  });
});

describe('periodLabel', () => {
  it('names regular periods, overtime and penalties, and passes other keys through', () => {
    expect(periodLabel('p3')).toEqual({ short: 'P3', long: 'Period 3' });
    expect(periodLabel('overtime').short).toBe('OT');
    expect(periodLabel('penalties').long).toBe('Penalty shoot-out');
    expect(periodLabel('p1g2')).toEqual({ short: 'p1g2', long: 'p1g2' });
  });
});

describe('matchScore', () => {
  it('prefers fulltime over result, and is null without either', () => {
    expect(matchScore({ result: row('result', 1, 1), fulltime: row('fulltime', 2, 1) })).toEqual({ participant1: 2, participant2: 1 });
    expect(matchScore({ result: row('result', 1, 0) })).toEqual({ participant1: 1, participant2: 0 });
    expect(matchScore({ p1: row('p1', 1, 0) })).toBeNull();
  });
});

describe('clockLabel', () => {
  it('reads period, elapsed time and time left in the period, and says when stopped', () => {
    expect(clockLabel({ currentPeriod: 'p2', currentTime: 4032, remainingTime: null, remainingTimeInPeriod: 1368, stopped: false })).toBe(
      'P2 67:12 (22:48 left in period)',
    );
    expect(clockLabel({ currentPeriod: 'p1', currentTime: 60, remainingTime: null, remainingTimeInPeriod: null, stopped: true })).toBe('P1 1:00, stopped');
  });

  it('shows only the period where the sport has no running clock, and half-time as such', () => {
    expect(clockLabel({ currentPeriod: 'p2', currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null })).toBe('P2');
    expect(clockLabel({ currentPeriod: 'halftime', currentTime: 2700, remainingTime: 2700, remainingTimeInPeriod: 0, stopped: true })).toBe('Half-time');
    expect(periodLabel('halftime')).toEqual({ short: 'HT', long: 'Half-time' });
  });

  it('is null without clock data', () => {
    expect(clockLabel(null)).toBeNull();
    expect(clockLabel({ currentPeriod: null, currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null })).toBeNull();
  });
});

describe('matchScore', () => {
  it('prefers fulltime, which counts overtime, over result', () => {
    expect(matchScore({ result: row('result', 1, 1), fulltime: row('fulltime', 2, 1) })).toEqual({ participant1: 2, participant2: 1 });
  });

  it('reads result when there is no fulltime row, and nothing from period rows alone', () => {
    expect(matchScore({ result: row('result', 0, 3) })).toEqual({ participant1: 0, participant2: 3 });
    expect(matchScore({ p1: row('p1', 1, 0) })).toBeNull();
  });
});

describe('clockText', () => {
  it('shows the period and the elapsed match time', () => {
    expect(clockText({ currentPeriod: 'p2', currentTime: 4925, remainingTime: 475, remainingTimeInPeriod: 475, stopped: false })).toBe('P2 82:05');
  });

  it('shows only the period where the sport has no running clock, and HT at half-time', () => {
    expect(clockText({ currentPeriod: 'p3', currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null })).toBe('P3');
    expect(clockText({ currentPeriod: 'halftime', currentTime: 2700, remainingTime: 2700, remainingTimeInPeriod: 0, stopped: true })).toBe('HT');
  });

  it('says when the clock is stopped', () => {
    expect(clockText({ currentPeriod: 'p2', currentTime: 2400, remainingTime: null, remainingTimeInPeriod: 0, stopped: true })).toBe('P2 40:00 stopped');
  });

  it('is null without a clock or clock data', () => {
    expect(clockText(null)).toBeNull();
    expect(clockText({ currentPeriod: null, currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null })).toBeNull();
  });

  it('never shows a negative or fractional second', () => {
    expect(formatClockTime(-3)).toBe('0:00');
    expect(formatClockTime(61.9)).toBe('1:01');
  });
});

describe('one period vocabulary', () => {
  // Two periodLabels disagreed before they became this one: the fixture header's passed `p1+p2`
  // and `p1r1` through as codes and called `result` "Result (regular time)"; the odds board's
  // headings said "Periods 1+2", "Period 1, round 1" and "Regulation time". The board's were
  // right: the spec lists those keys as market periods (2.6), and `result` is regulation time
  // (docs/domain.md; the catalogue's "Regulation Time").
  it('names the spec’s composite and sub-period keys, and result as regulation time', () => {
    expect(periodLabel('p1+p2').long).toBe('Periods 1+2');
    expect(periodLabel('p1r1').long).toBe('Period 1, round 1');
    expect(periodLabel('result').long).toBe('Regulation time');
    expect(periodLabel('fulltime').long).toBe('Full time (incl. overtime)');
  });

  it('names overtime alike in the fixture header and in a row of the list', () => {
    const overtime = { currentPeriod: 'overtime', currentTime: 5700, remainingTime: null, remainingTimeInPeriod: null, stopped: false };
    expect(clockLabel(overtime)).toBe('OT 95:00');
    expect(clockText(overtime)).toBe('OT 95:00');
  });
});
