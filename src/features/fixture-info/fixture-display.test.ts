import { describe, expect, it } from 'vitest';
import { fixtureView } from '../../book/book-test-data.ts';
import { badgeImageUrl, clockLabel, matchTotal, periodLabel, providerIdRows, reissuedFixtureIdOf, scorePeriodsInOrder } from './fixture-display.ts';

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

describe('matchTotal', () => {
  it('prefers fulltime over result, and is null without either', () => {
    expect(matchTotal({ result: row('result', 1, 1), fulltime: row('fulltime', 2, 1) })).toEqual({ participant1: 2, participant2: 1 });
    expect(matchTotal({ result: row('result', 1, 0) })).toEqual({ participant1: 1, participant2: 0 });
    expect(matchTotal({ p1: row('p1', 1, 0) })).toBeNull();
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

describe('reissuedFixtureIdOf', () => {
  it('tells a stated replacement, a stated none, and a view that does not say', () => {
    const view = fixtureView('id1000001761301227', 3);
    expect(reissuedFixtureIdOf({ ...view, reissuedFixtureId: 'id1000001761301228' })).toBe('id1000001761301228');
    expect(reissuedFixtureIdOf({ ...view, reissuedFixtureId: null })).toBeNull();
    expect(reissuedFixtureIdOf(view)).toBeUndefined();
  });
});

describe('badgeImageUrl', () => {
  it('points at the public badge image, never carrying a key', () => {
    expect(badgeImageUrl('http://127.0.0.1:4100/', 42)).toBe('http://127.0.0.1:4100/media/badges/42.svg');
  });
});

describe('providerIdRows', () => {
  it('names each provider from its key, sorted, with ids as text and null kept', () => {
    expect(providerIdRows({ sportradarId: 123, betgeniusId: 'g-9', opticId: null })).toEqual([
      { provider: 'betgenius', key: 'betgeniusId', value: 'g-9' },
      { provider: 'optic', key: 'opticId', value: null },
      { provider: 'sportradar', key: 'sportradarId', value: '123' },
    ]);
  });
});
