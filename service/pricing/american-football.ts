// American football (sportId 14): scores built from drives, so that they come in 3s and 7s.
//
// Model (a stated departure from the common normal-on-the-margin model). Each team has three
// drives per quarter; a drive ends in a touchdown with probability t (worth 7 after the kick,
// 6 when the conversion fails (4% of touchdowns), 8 after a two-point conversion (2%)), a field
// goal (3) with probability f, or nothing. t and f are set from the expected regulation points
// µ so that touchdowns bring 78% of the points (the league-wide share): per drive µ/12 points.
// Teams' drives are independent, so a quarter's grid is the outer product of two small
// distributions and any sum of quarters is exact (drives add). The normal model puts 13% of a
// quarter's mass on negative scores and misses the key margins 3 and 7; this model has neither
// problem, and with µ ≈ 22 its margin and total standard deviations are ≈ 13.5, as in the league.
// Overtime (`overtime`, in `fulltime` when regulation is tied) is a short extra period of one
// drive each, which can end tied (regular-season rules).
//
// Truncation: none. Supports are finite (at most 8 points a drive).
// In play. A quarter in progress keeps the share of its three drives still to play; a fractional
// number of drives x is a mixture of ⌊x⌋ and ⌈x⌉ drives weighted by the fraction.

import { SPORT } from './score-unit.ts';
import { PricingError, requireNumberIn } from './pricing-error.ts';
import type { Dist1D, ScoreGrid } from './score-grid.ts';
import { convolve1D, outerGrid, shiftGrid } from './score-grid.ts';
import type { InPlayState, ScoreModel } from './score-model.ts';
import { requireElapsed, scoreSoFar } from './score-model.ts';
import { SegmentModel, segmentScoreModel, segmentShareLeft } from './segment-model.ts';

export interface AmericanFootballParams {
  readonly model: 'american-football';
  /** Expected regulation points of participant 1 and 2. */
  readonly points1: number;
  readonly points2: number;
}

/** Drives per team per quarter. */
export const DRIVES_PER_QUARTER = 3;

/** Share of the points scored by touchdowns. */
const TOUCHDOWN_SHARE = 0.78;

/** The points of one drive of a team expecting `points` in regulation. */
export function drivePoints(points: number): Dist1D {
  const perDrive = points / (4 * DRIVES_PER_QUARTER);
  const touchdownValue = 7 * 0.94 + 6 * 0.04 + 8 * 0.02;
  const touchdown = (TOUCHDOWN_SHARE * perDrive) / touchdownValue;
  const fieldGoal = ((1 - TOUCHDOWN_SHARE) * perDrive) / 3;
  if (touchdown + fieldGoal > 0.95) {
    throw new PricingError(`american football: ${String(points)} expected points need more than 95% scoring drives`);
  }
  const mass = new Float64Array(9);
  mass[0] = 1 - touchdown - fieldGoal;
  mass[3] = fieldGoal;
  mass[6] = touchdown * 0.04;
  mass[7] = touchdown * 0.94;
  mass[8] = touchdown * 0.02;
  return { min: 0, mass };
}

/** The points of `drives` drives (a fraction mixes the neighbouring whole numbers). */
export function drivesPoints(drive: Dist1D, drives: number): Dist1D {
  const whole = Math.floor(drives);
  const fraction = drives - whole;
  let sum: Dist1D = { min: 0, mass: Float64Array.of(1) };
  for (let k = 0; k < whole; k += 1) sum = convolve1D(sum, drive);
  if (fraction <= 0) return sum;
  const more = convolve1D(sum, drive);
  const mass = new Float64Array(more.mass.length);
  for (let k = 0; k < mass.length; k += 1) mass[k] = fraction * (more.mass[k] ?? 0) + (1 - fraction) * (sum.mass[k] ?? 0);
  return { min: 0, mass };
}

/** The American football model of a fixture in `state`. */
export function americanFootballModel(params: AmericanFootballParams, state: InPlayState): ScoreModel {
  requireNumberIn(params.points1, 'american football points1', 0, 80);
  requireNumberIn(params.points2, 'american football points2', 0, 80);
  requireElapsed(state);
  const drive1 = drivePoints(params.points1);
  const drive2 = drivePoints(params.points2);
  const quarters = [0, 1, 2, 3].map((index) => ({
    drives: segmentShareLeft(state.elapsed, index, 4) * DRIVES_PER_QUARTER,
    played: scoreSoFar(state, 'points', `p${String(index + 1)}`),
  }));
  const segments = new SegmentModel({
    unit: 'points',
    segmentCount: 4,
    sumGrid: (indices): ScoreGrid => {
      let drives = 0;
      let played1 = 0;
      let played2 = 0;
      for (const i of indices) {
        const quarter = quarters[i];
        if (quarter === undefined) continue;
        drives += quarter.drives;
        played1 += quarter.played[0];
        played2 += quarter.played[1];
      }
      return shiftGrid(outerGrid(drivesPoints(drive1, drives), drivesPoints(drive2, drives)), played1, played2);
    },
    stages: () => [outerGrid(drive1, drive2)],
    fulltimeStages: 1,
  });
  return segmentScoreModel(SPORT.americanFootball, segments);
}
