// Basketball (sportId 11): the two regulation scores are bivariate normal (correlated through
// the pace of the game), split over four independent quarters, discretised on the integer grid;
// tied games go to five-minute overtimes until one is decided.
//
// Model. Parameters are the expected regulation points µ₁, µ₂ and the standard deviations of the
// margin (σ_M, 13 by default) and of the total (σ_T, 19 by default), which fix each team's
// σ² = (σ_M² + σ_T²)/4 and the correlation ρ = (σ_T² − σ_M²)/(σ_T² + σ_M²). Each quarter has a
// quarter of the means and of the covariance; an overtime period has 5/48 of them. Any sum of
// quarters is then normal with the summed means and covariance, and its grid is that normal's
// density at the integer points, normalised: a discrete Gaussian. For σ of a few points the sum
// of two independent discrete Gaussians equals the discrete Gaussian of the sum up to
// ~e^(−2π²σ²) (Poisson summation), so rows computed directly agree with rows added quarter by
// quarter (measured: two quarters convolved differ from the half's grid by < 1e-8 per cell, all
// of it the mass cut below 0), and the joint of several rows is consistent with each row.
//
// Truncation. Each grid spans the mean ± 8σ per team (mass outside < 1e-14) and scores below 0
// are cut off before normalising (a quarter with mean 27 and σ 6.5 loses 2e-5 there).
// Rows: `p1`..`p4`, `p1+p2`, `p3+p4`, `result` (regulation), `overtime`, `fulltime`,
// `p3+p4+overtime`.
//
// In play. Points arrive evenly within a quarter: at elapsed share e the quarter in progress
// keeps the share of its means and covariance still to play, on top of its points so far.

import { SPORT } from './score-unit.ts';
import { requireNumberIn } from './pricing-error.ts';
import type { ScoreGrid } from './score-grid.ts';
import { emptyGrid, pointGrid, shiftGrid } from './score-grid.ts';
import type { InPlayState, ScoreModel } from './score-model.ts';
import { requireElapsed, scoreSoFar } from './score-model.ts';
import { SegmentModel, segmentScoreModel, overtimeUntilDecided, segmentShareLeft } from './segment-model.ts';

export interface BasketballParams {
  readonly model: 'basketball';
  /** Expected regulation points of participant 1 and 2. */
  readonly points1: number;
  readonly points2: number;
  /** Standard deviation of the regulation margin (13 by default). */
  readonly marginSd?: number;
  /** Standard deviation of the regulation total (19 by default). */
  readonly totalSd?: number;
}

/** Share of a regulation game's means and covariance in one overtime period (5 of 48 minutes). */
export const BASKETBALL_OVERTIME_SHARE = 5 / 48;

/** Half-width of a discretised normal's window, in standard deviations. */
const WINDOW_SD = 8;

/** Below this standard deviation a discretised normal is its rounded mean. */
const MIN_SD = 0.05;

/**
 * The discrete Gaussian on non-negative integer scores: the bivariate normal density with means
 * µ₁, µ₂, standard deviations σ₁, σ₂ and correlation ρ at each integer point, normalised over the
 * window µ ± 8σ (clipped at 0). A σ below 0.05 puts all mass on the rounded mean.
 */
export function discreteBivariateNormal(mean1: number, mean2: number, sd1: number, sd2: number, rho: number): ScoreGrid {
  if (sd1 < MIN_SD || sd2 < MIN_SD) {
    // (Almost) nothing left to play: the density would underflow between the integers.
    return pointGrid(Math.max(0, Math.round(mean1)), Math.max(0, Math.round(mean2)));
  }
  const low1 = Math.max(0, Math.floor(mean1 - WINDOW_SD * sd1));
  const low2 = Math.max(0, Math.floor(mean2 - WINDOW_SD * sd2));
  const high1 = Math.max(low1, Math.ceil(mean1 + WINDOW_SD * sd1));
  const high2 = Math.max(low2, Math.ceil(mean2 + WINDOW_SD * sd2));
  const grid = emptyGrid(low1, low2, high1 - low1 + 1, high2 - low2 + 1);
  const scale = -1 / (2 * (1 - rho * rho));
  let sum = 0;
  for (let i = 0; i < grid.size1; i += 1) {
    const z1 = (low1 + i - mean1) / sd1;
    for (let j = 0; j < grid.size2; j += 1) {
      const z2 = (low2 + j - mean2) / sd2;
      const p = Math.exp(scale * (z1 * z1 - 2 * rho * z1 * z2 + z2 * z2));
      grid.mass[i * grid.size2 + j] = p;
      sum += p;
    }
  }
  for (let k = 0; k < grid.mass.length; k += 1) grid.mass[k] = (grid.mass[k] ?? 0) / sum;
  return grid;
}

// Overtime depends on the parameters only, not on the state: live repricing reuses it.
const overtimeCache = new Map<string, ScoreGrid>();

function overtimeGrid(points1: number, points2: number, variance: number, rho: number): ScoreGrid {
  const key = [points1, points2, variance, rho].join('/');
  let grid = overtimeCache.get(key);
  if (grid === undefined) {
    const sd = Math.sqrt(variance * BASKETBALL_OVERTIME_SHARE);
    grid = overtimeUntilDecided(
      discreteBivariateNormal(points1 * BASKETBALL_OVERTIME_SHARE, points2 * BASKETBALL_OVERTIME_SHARE, sd, sd, rho),
    );
    if (overtimeCache.size >= 256) overtimeCache.clear();
    overtimeCache.set(key, grid);
  }
  return grid;
}

/** The basketball model of a fixture in `state`. */
export function basketballModel(params: BasketballParams, state: InPlayState): ScoreModel {
  requireNumberIn(params.points1, 'basketball points1', 1, 400);
  requireNumberIn(params.points2, 'basketball points2', 1, 400);
  const marginSd = params.marginSd ?? 13;
  const totalSd = params.totalSd ?? 19;
  requireNumberIn(marginSd, 'basketball marginSd', 1, 100);
  requireNumberIn(totalSd, 'basketball totalSd', 1, 100);
  requireElapsed(state);
  const variance = (marginSd * marginSd + totalSd * totalSd) / 4;
  const rho = (totalSd * totalSd - marginSd * marginSd) / (totalSd * totalSd + marginSd * marginSd);
  const quarters = [0, 1, 2, 3].map((index) => ({
    left: segmentShareLeft(state.elapsed, index, 4) / 4,
    played: scoreSoFar(state, 'points', `p${String(index + 1)}`),
  }));
  const normalOf = (share: number): ScoreGrid => {
    const sd = Math.sqrt(variance * share);
    return discreteBivariateNormal(params.points1 * share, params.points2 * share, sd, sd, rho);
  };
  const segments = new SegmentModel({
    unit: 'points',
    segmentCount: 4,
    sumGrid: (indices) => {
      let share = 0;
      let played1 = 0;
      let played2 = 0;
      for (const i of indices) {
        const quarter = quarters[i];
        if (quarter === undefined) continue;
        share += quarter.left;
        played1 += quarter.played[0];
        played2 += quarter.played[1];
      }
      return shiftGrid(normalOf(share), played1, played2);
    },
    stages: () => [overtimeGrid(params.points1, params.points2, variance, rho)],
    fulltimeStages: 1,
  });
  return segmentScoreModel(SPORT.basketball, segments);
}
