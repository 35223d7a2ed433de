import { describe, expect, it } from 'vitest';
import { CATALOGUE_SPECS, correctScores, lineGrid, SET_SCORES, scoresUpTo, seriesScores } from './catalogue-specs.ts';
import { CatalogueError, SPORTS } from './sports.ts';

describe('lineGrid', () => {
  it('steps exactly in quarter units', () => {
    expect(lineGrid(0.5, 1.5, 0.25)).toEqual([0.5, 0.75, 1, 1.25, 1.5]);
  });

  it('includes both ends and never yields −0', () => {
    const lines = lineGrid(-1, 1, 0.5);
    expect(lines).toEqual([-1, -0.5, 0, 0.5, 1]);
    expect(lines.some((l) => Object.is(l, -0))).toBe(false);
  });

  it('throws CatalogueError for a step that is not a multiple of 0.25', () => {
    expect(() => lineGrid(0, 1, 0.1)).toThrow(CatalogueError);
  });

  it('throws CatalogueError for reversed bounds or a zero step', () => {
    expect(() => lineGrid(2, 1, 0.5)).toThrow(CatalogueError);
    expect(() => lineGrid(0, 1, 0)).toThrow(CatalogueError);
  });
});

describe('correct scores', () => {
  it('orders by participant 1 then participant 2 with Other last', () => {
    expect(correctScores(scoresUpTo(1), true)).toEqual(['0:0', '0:1', '1:0', '1:1', 'Other']);
  });

  it('lists every series result of a best of 3', () => {
    expect(correctScores(seriesScores(2), false)).toEqual(['0:2', '1:2', '2:0', '2:1']);
  });

  it('lists the 14 final scores of a tie-break set', () => {
    expect(SET_SCORES).toHaveLength(14);
    expect(correctScores(SET_SCORES, false)).toContain('7:6');
  });
});

describe('the catalogue specs', () => {
  it('cover every sport', () => {
    expect([...CATALOGUE_SPECS.keys()].sort((a, b) => a - b)).toEqual(SPORTS.map((s) => s.sportId));
  });

  it('start soccer with 1x2 on result', () => {
    expect(CATALOGUE_SPECS.get(10)?.[0]).toMatchObject({ marketType: '1x2', periods: ['result', 'p1', 'p2'] });
  });

  it('give every group outcomes and ascending lines', () => {
    for (const groups of CATALOGUE_SPECS.values()) {
      for (const group of groups) {
        expect(group.outcomes.length).toBeGreaterThan(1);
        expect([...group.lines].sort((a, b) => a - b)).toEqual(group.lines);
      }
    }
  });
});
