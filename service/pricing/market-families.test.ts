import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { selectionGrader } from '../../src/domain/settlement.ts';
import { PricedRow, addGrade, effectiveProbability, emptyGradeMasses, gradeMassesOnRow, marketProjection } from './market-families.ts';
import type { RowDistribution, ScoreGrid } from './score-grid.ts';
import { emptyGrid, projectGrid } from './score-grid.ts';
import type { GradeMasses, ScoreModel } from './score-model.ts';

/** A model serving one fixed row, to price markets on arbitrary grids. */
function rowOf(grid: ScoreGrid, voidMass = 0): PricedRow {
  const row: RowDistribution = { grid, voidMass };
  const model: ScoreModel = {
    sportId: 10,
    hasRow: () => true,
    row: () => row,
    rowProjection: (_period, _unit, projection) => ({ dist: projectGrid(grid, projection), voidMass }),
    joint: () => null,
    specialSelection: () => undefined,
  };
  return new PricedRow(model, 'result', 'goals');
}

const randomGrid = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 36, maxLength: 36 }).map((weights) => {
  const grid = emptyGrid(0, 0, 6, 6);
  const total = weights.reduce((s, w) => s + w, 0) || 1;
  weights.forEach((w, k) => {
    grid.mass[k] = w / total;
  });
  return grid;
});

const FAMILIES: readonly (readonly [string, number, readonly string[]])[] = [
  ['totals', 4, ['Over', 'Under']],
  ['spreads', 4, ['1', '2']],
  ['teamtotals-team1', 2, ['Over', 'Under']],
  ['teamtotals-team2-kills', 2, ['Over', 'Under']],
  ['1x2', 0, ['1', 'X', '2']],
  ['spreads-european', 4, ['1', 'X', '2']],
  ['moneyline', 0, ['1', '2']],
  ['oddeven', 0, ['Odd', 'Even']],
  ['winningmargin', 0, ['1 by 1', '1 by 2+', 'X', '2 by 1', '2 by 2+']],
];

function bruteForce(grid: ScoreGrid, marketType: string, handicap: number, outcomeName: string): GradeMasses {
  const grader = selectionGrader({ marketType, handicap, period: 'result' }, outcomeName);
  const masses = emptyGradeMasses();
  for (let a = 0; a < 6; a += 1) for (let b = 0; b < 6; b += 1) addGrade(masses, grader(a, b), grid.mass[a * 6 + b] ?? 0);
  return masses;
}

describe('marketProjection', () => {
  it('maps each settlement family to the view of the score it grades on', () => {
    expect(marketProjection('totals-games')).toBe('total');
    expect(marketProjection('spreads-european')).toBe('margin');
    expect(marketProjection('teamtotals-team2')).toBe('team2');
    expect(marketProjection('correctscore')).toBe('cell');
    expect(marketProjection('firstblood')).toBeNull();
    expect(marketProjection('totalsx')).toBeNull();
  });

  it('grades on the projection exactly as on every cell', () => {
    fc.assert(
      fc.property(randomGrid, fc.constantFrom(...FAMILIES), fc.integer({ min: -3, max: 3 }), (grid, [marketType, quarterLines, names], shift) => {
        const projection = marketProjection(marketType);
        if (projection === null) throw new Error('no projection');
        const lineUnits = quarterLines === 0 ? 0 : marketType === 'spreads-european' ? shift : Math.abs(shift) * quarterLines + 2;
        const handicap = marketType === 'spreads-european' ? lineUnits : lineUnits / 4;
        for (const name of names) {
          const grader = selectionGrader({ marketType, handicap, period: 'result' }, name);
          const masses = gradeMassesOnRow(grader, projection, rowOf(grid));
          const brute = bruteForce(grid, marketType, handicap, name);
          for (const key of ['won', 'halfWon', 'push', 'halfLost', 'lost'] as const) expect(masses[key]).toBeCloseTo(brute[key], 12);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('grades cell families on every cell and counts a void row as push', () => {
    const grid = emptyGrid(0, 0, 2, 2);
    grid.mass.set([0.2, 0.2, 0.2, 0.2]);
    const masses = gradeMassesOnRow(selectionGrader({ marketType: 'bothteamsscore', handicap: 0, period: 'p3' }, 'Yes'), 'cell', rowOf(grid, 0.2));
    expect(masses).toEqual({ won: 0.2, halfWon: 0, push: 0.2, halfLost: 0, lost: 0.6000000000000001 });
  });
});

describe('effectiveProbability', () => {
  it('is the probability whose price returns the stake on average', () => {
    const masses: GradeMasses = { won: 0.4, halfWon: 0.1, push: 0.1, halfLost: 0.15, lost: 0.25 };
    const p = effectiveProbability(masses) ?? 0;
    const d = 1 / p;
    expect(d * 0.4 + 0.1 * ((1 + d) / 2) + 0.1 + 0.15 * 0.5).toBeCloseTo(1, 14);
  });

  it('is null for an outcome that can only push', () => {
    expect(effectiveProbability({ won: 0, halfWon: 0, push: 1, halfLost: 0, lost: 0 })).toBeNull();
  });

  it('sums to 1 over the two sides of any quarter line', () => {
    fc.assert(
      fc.property(randomGrid, fc.integer({ min: -12, max: 12 }), (grid, quarterUnits) => {
        const row = rowOf(grid);
        const sides = ['1', '2'].map((name) =>
          effectiveProbability(gradeMassesOnRow(selectionGrader({ marketType: 'spreads', handicap: quarterUnits / 4, period: 'result' }, name), 'margin', row)),
        );
        if (sides[0] === null || sides[1] === null) return;
        expect((sides[0] ?? 0) + (sides[1] ?? 0)).toBeCloseTo(1, 12);
      }),
      { numRuns: 200 },
    );
  });
});
