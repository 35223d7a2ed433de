import { describe, expect, it } from 'vitest';
import { PricingError } from './pricing-error.ts';
import type { ScoreGrid } from './score-grid.ts';
import {
  cellMass,
  convolve1D,
  convolveGrids,
  emptyGrid,
  gridMass,
  outerGrid,
  pointGrid,
  projectGrid,
  projectScore,
  shiftGrid,
  trimGrid,
} from './score-grid.ts';

const small: ScoreGrid = outerGrid({ min: 0, mass: Float64Array.of(0.5, 0.3, 0.2) }, { min: 1, mass: Float64Array.of(0.6, 0.4) });

describe('score grids', () => {
  it('multiplies independent scores into a grid', () => {
    expect(cellMass(small, 2, 2)).toBeCloseTo(0.2 * 0.4, 15);
    expect(cellMass(small, 0, 0)).toBe(0);
    expect(gridMass(small)).toBeCloseTo(1, 15);
  });

  it('convolves two grids as the sum of independent scores', () => {
    const sum = convolveGrids(small, small);
    let brute = 0;
    for (let a = 0; a <= 2; a += 1) for (let c = 0; c <= 2; c += 1) if (a + c === 2) brute += cellMass(small, a, 1) * cellMass(small, c, 2);
    expect(cellMass(sum, 2, 3)).toBeCloseTo(brute * 2, 15);
    expect(gridMass(sum)).toBeCloseTo(1, 15);
  });

  it('projects a grid on the total, the margin and each score', () => {
    const margin = projectGrid(small, 'margin');
    expect(margin.min).toBe(-2);
    expect(margin.mass[0]).toBeCloseTo(0.5 * 0.4, 15);
    expect(projectGrid(small, 'total').min).toBe(1);
    expect(projectGrid(small, 'team2').mass[1]).toBeCloseTo(0.4, 15);
    expect(projectScore('team1', 3, 1)).toBe(3);
  });

  it('shifts a grid by a score already made', () => {
    const shifted = shiftGrid(pointGrid(1, 0), 2, 3);
    expect(cellMass(shifted, 3, 3)).toBe(1);
  });

  it('convolves 1-D distributions', () => {
    const two = convolve1D({ min: 0, mass: Float64Array.of(0.5, 0.5) }, { min: 1, mass: Float64Array.of(0.5, 0.5) });
    expect(two.min).toBe(1);
    expect(Array.from(two.mass)).toEqual([0.25, 0.5, 0.25]);
  });

  it('trims the negligible border of a grid and nothing else', () => {
    const grid = emptyGrid(0, 0, 4, 4);
    grid.mass[1 * 4 + 2] = 0.7;
    grid.mass[2 * 4 + 1] = 0.3;
    grid.mass[3 * 4 + 3] = 1e-19;
    const trimmed = trimGrid(grid);
    expect([trimmed.min1, trimmed.min2, trimmed.size1, trimmed.size2]).toEqual([1, 1, 2, 2]);
    expect(cellMass(trimmed, 1, 2)).toBe(0.7);
    expect(trimGrid(emptyGrid(0, 0, 2, 2)).size1).toBe(2);
  });

  it('rejects an empty window', () => {
    expect(() => emptyGrid(0, 0, 0, 3)).toThrow(PricingError);
  });
});
