import { describe, expect, it } from 'vitest';
import { fixtureView } from '../../book/book-test-data.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import { countBySport, firstToStart, liveInOrder, soonWindow } from './overview-model.ts';

function view(fixtureId: string, sportId: number, sportName: string, startTime: number): FixtureView {
  return { ...fixtureView(fixtureId, 1), sport: { sportId, sportName }, startTime };
}

const SOCCER_A = view('a', 10, 'Soccer', 300);
const SOCCER_B = view('b', 10, 'Soccer', 100);
const TENNIS = view('c', 12, 'Tennis', 50);
const HOCKEY = view('d', 15, 'Ice Hockey', 200);

describe('countBySport', () => {
  it('counts per sport, most first, ties by sportId', () => {
    expect(countBySport([HOCKEY, SOCCER_A, TENNIS, SOCCER_B])).toEqual([
      { sportId: 10, sportName: 'Soccer', count: 2 },
      { sportId: 12, sportName: 'Tennis', count: 1 },
      { sportId: 15, sportName: 'Ice Hockey', count: 1 },
    ]);
  });
  it('is empty for no fixtures', () => {
    expect(countBySport([])).toEqual([]);
  });
});

describe('liveInOrder', () => {
  it('groups by sport in count order, then by start time', () => {
    expect(liveInOrder([HOCKEY, SOCCER_A, TENNIS, SOCCER_B]).map((f) => f.fixtureId)).toEqual(['b', 'a', 'c', 'd']);
  });
});

describe('firstToStart', () => {
  it('takes the earliest starts, leaving out excluded fixtures, without changing its input', () => {
    const input = [SOCCER_A, SOCCER_B, TENNIS, HOCKEY];
    expect(firstToStart(input, 2, (id) => id === 'c').map((f) => f.fixtureId)).toEqual(['b', 'd']);
    expect(input.map((f) => f.fixtureId)).toEqual(['a', 'b', 'c', 'd']);
  });
  it('breaks equal starts by fixtureId and takes nothing for a limit of 0', () => {
    expect(firstToStart([view('z', 10, 'Soccer', 5), view('y', 10, 'Soccer', 5)], 5).map((f) => f.fixtureId)).toEqual(['y', 'z']);
    expect(firstToStart([SOCCER_A], 0)).toEqual([]);
  });
});

describe('soonWindow', () => {
  it('starts at the current minute, in epoch seconds, and spans the hours asked', () => {
    expect(soonWindow(Date.parse('2026-11-22T10:31:45.500Z'), 3)).toEqual({
      startTimeFrom: Date.parse('2026-11-22T10:31:00Z') / 1000,
      startTimeTo: Date.parse('2026-11-22T13:31:00Z') / 1000,
    });
  });
});
