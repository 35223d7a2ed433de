// Score distributions on a discrete grid: the common currency of the sport models. A grid holds
// P(participant 1 scores a, participant 2 scores b) on a window of integer scores.

import { PricingError } from './pricing-error.ts';

/** A distribution over integers `min`, `min + 1`, ...: `mass[k]` = P(value = min + k). */
export interface Dist1D {
  readonly min: number;
  readonly mass: Float64Array;
}

/**
 * A distribution over final scores: `mass[i * size2 + j]` = P(participant 1 scores `min1 + i`
 * and participant 2 scores `min2 + j`). Cells outside the window have probability 0.
 */
export interface ScoreGrid {
  readonly min1: number;
  readonly min2: number;
  readonly size1: number;
  readonly size2: number;
  readonly mass: Float64Array;
}

/**
 * The distribution of one score row (a period in one unit). `voidMass` is the probability that
 * the row never exists (a fifth set of a three-set match, a third map of a 2:0 series): every
 * market on it is then void. The grid sums to 1 − voidMass.
 */
export interface RowDistribution {
  readonly grid: ScoreGrid;
  readonly voidMass: number;
}

/** A linear view of a score that a market family depends on (see market-families.ts). */
export type ScoreProjection = 'total' | 'margin' | 'team1' | 'team2';

/** An all-zero grid on the given window. */
export function emptyGrid(min1: number, min2: number, size1: number, size2: number): ScoreGrid {
  if (!Number.isInteger(size1) || !Number.isInteger(size2) || size1 < 1 || size2 < 1) {
    throw new PricingError(`grid sizes must be integers ≥ 1, got ${String(size1)}×${String(size2)}`);
  }
  return { min1, min2, size1, size2, mass: new Float64Array(size1 * size2) };
}

/** The certain score a:b. */
export function pointGrid(participant1Score: number, participant2Score: number): ScoreGrid {
  const grid = emptyGrid(participant1Score, participant2Score, 1, 1);
  grid.mass[0] = 1;
  return grid;
}

/** The grid of two independent scores: P(a, b) = P1(a) · P2(b). */
export function outerGrid(first: Dist1D, second: Dist1D): ScoreGrid {
  const grid = emptyGrid(first.min, second.min, first.mass.length, second.mass.length);
  const { size1, size2, mass } = grid;
  for (let i = 0; i < size1; i += 1) {
    const p = first.mass[i] ?? 0;
    if (p === 0) continue;
    const row = i * size2;
    for (let j = 0; j < size2; j += 1) mass[row + j] = p * (second.mass[j] ?? 0);
  }
  return grid;
}

/** The same distribution moved by a fixed score (goals already scored). Shares the mass array. */
export function shiftGrid(grid: ScoreGrid, participant1Score: number, participant2Score: number): ScoreGrid {
  return { ...grid, min1: grid.min1 + participant1Score, min2: grid.min2 + participant2Score };
}

/** The distribution of the sum of two independent scores (a 2-D convolution; zero cells skipped). */
export function convolveGrids(x: ScoreGrid, y: ScoreGrid): ScoreGrid {
  const out = emptyGrid(x.min1 + y.min1, x.min2 + y.min2, x.size1 + y.size1 - 1, x.size2 + y.size2 - 1);
  const { mass, size2 } = out;
  // The non-zero cells of y, listed once: its window may be mostly empty.
  const offsets: number[] = [];
  const weights: number[] = [];
  for (let k = 0; k < y.size1; k += 1) {
    for (let l = 0; l < y.size2; l += 1) {
      const q = y.mass[k * y.size2 + l] ?? 0;
      if (q === 0) continue;
      offsets.push(k * size2 + l);
      weights.push(q);
    }
  }
  for (let i = 0; i < x.size1; i += 1) {
    for (let j = 0; j < x.size2; j += 1) {
      const p = x.mass[i * x.size2 + j] ?? 0;
      if (p === 0) continue;
      const base = i * size2 + j;
      for (let n = 0; n < offsets.length; n += 1) {
        const target = base + (offsets[n] ?? 0);
        mass[target] = (mass[target] ?? 0) + p * (weights[n] ?? 0);
      }
    }
  }
  return out;
}

/**
 * The grid cropped to the rows and columns that hold more than `negligible` in total; the mass
 * of the dropped border (at most the window's perimeter × `negligible`) is lost, not moved.
 */
export function trimGrid(grid: ScoreGrid, negligible = 1e-17): ScoreGrid {
  const rows = new Float64Array(grid.size1);
  const columns = new Float64Array(grid.size2);
  for (let i = 0; i < grid.size1; i += 1) {
    for (let j = 0; j < grid.size2; j += 1) {
      const p = grid.mass[i * grid.size2 + j] ?? 0;
      rows[i] = (rows[i] ?? 0) + p;
      columns[j] = (columns[j] ?? 0) + p;
    }
  }
  const first = (sums: Float64Array): number => sums.findIndex((p) => p > negligible);
  const last = (sums: Float64Array): number => sums.findLastIndex((p) => p > negligible);
  const i0 = first(rows);
  const j0 = first(columns);
  if (i0 < 0 || j0 < 0) return grid;
  const i1 = last(rows);
  const j1 = last(columns);
  const out = emptyGrid(grid.min1 + i0, grid.min2 + j0, i1 - i0 + 1, j1 - j0 + 1);
  for (let i = i0; i <= i1; i += 1) {
    out.mass.set(grid.mass.subarray(i * grid.size2 + j0, i * grid.size2 + j1 + 1), (i - i0) * out.size2);
  }
  return out;
}

/** Σ of all cells. */
export function gridMass(grid: ScoreGrid): number {
  let sum = 0;
  for (const p of grid.mass) sum += p;
  return sum;
}

/** P(a, b); 0 outside the window. */
export function cellMass(grid: ScoreGrid, participant1Score: number, participant2Score: number): number {
  const i = participant1Score - grid.min1;
  const j = participant2Score - grid.min2;
  if (i < 0 || j < 0 || i >= grid.size1 || j >= grid.size2) return 0;
  return grid.mass[i * grid.size2 + j] ?? 0;
}

/** The value of a projection at a score. */
export function projectScore(projection: ScoreProjection, participant1Score: number, participant2Score: number): number {
  switch (projection) {
    case 'total':
      return participant1Score + participant2Score;
    case 'margin':
      return participant1Score - participant2Score;
    case 'team1':
      return participant1Score;
    case 'team2':
      return participant2Score;
  }
}

/** The smallest and largest value a projection takes on a grid's window. */
export function projectionRange(grid: ScoreGrid, projection: ScoreProjection): readonly [number, number] {
  const max1 = grid.min1 + grid.size1 - 1;
  const max2 = grid.min2 + grid.size2 - 1;
  switch (projection) {
    case 'total':
      return [grid.min1 + grid.min2, max1 + max2];
    case 'margin':
      return [grid.min1 - max2, max1 - grid.min2];
    case 'team1':
      return [grid.min1, max1];
    case 'team2':
      return [grid.min2, max2];
  }
}

/** The distribution of a projection of the grid's score (the total, the margin, one team's score). */
export function projectGrid(grid: ScoreGrid, projection: ScoreProjection): Dist1D {
  const [min, max] = projectionRange(grid, projection);
  const out = new Float64Array(max - min + 1);
  const { size1, size2, mass, min1, min2 } = grid;
  for (let i = 0; i < size1; i += 1) {
    const row = i * size2;
    for (let j = 0; j < size2; j += 1) {
      const p = mass[row + j] ?? 0;
      if (p === 0) continue;
      const k = projectScore(projection, min1 + i, min2 + j) - min;
      out[k] = (out[k] ?? 0) + p;
    }
  }
  return { min, mass: out };
}

/** The distribution of the sum of two independent integer variables. */
export function convolve1D(x: Dist1D, y: Dist1D): Dist1D {
  const out = new Float64Array(x.mass.length + y.mass.length - 1);
  for (let i = 0; i < x.mass.length; i += 1) {
    const p = x.mass[i] ?? 0;
    if (p === 0) continue;
    for (let j = 0; j < y.mass.length; j += 1) out[i + j] = (out[i + j] ?? 0) + p * (y.mass[j] ?? 0);
  }
  return { min: x.min + y.min, mass: out };
}
