// Ice hockey (sportId 15) and baseball (13): independent Poisson goals / runs per team, spread
// evenly over the regulation segments, with the sport's tie-break.
//
// Ice hockey. Three periods `p1`..`p3`, each with a third of the expected regulation goals;
// `result` is regulation. `fulltime` adds the overtime / shoot-out as +1 to its winner, who is
// participant 1 with probability µ₁/(µ₁ + µ₂) (the share of the scoring rate). `overtime` is
// that +1 (0:0 when regulation was not tied).
// Baseball. Nine innings `p1`..`p9`, each with a ninth of the expected runs; `result` is nine
// innings, `p1+p2+p3+p4+p5` the first five. Extra innings (each one more ninth of the rates,
// played until an inning is not tied) make `fulltime`; `overtime` is the extra innings' runs. The
// home side's skipped half-inning and the extra-inning runner are not modelled.
//
// Truncation. A sum of segments is the outer product of two Poisson distributions with the
// summed means (exact: independent Poisson counts add), each cut where the tail mass falls below
// 1e-16 and folded into its last cell. In play, a segment in progress keeps the share of its mean
// still to play, and the score so far shifts the grid.

import { SPORT } from './score-unit.ts';
import type { ScoreUnit } from './score-unit.ts';
import { poissonPmf, poissonSupportMax } from './distributions.ts';
import { requireNumberIn } from './pricing-error.ts';
import type { ScoreGrid } from './score-grid.ts';
import { outerGrid, shiftGrid } from './score-grid.ts';
import type { InPlayState, ScoreModel } from './score-model.ts';
import { requireElapsed, scoreSoFar } from './score-model.ts';
import { SegmentModel, segmentScoreModel, overtimeUntilDecided, segmentShareLeft } from './segment-model.ts';

export interface IceHockeyParams {
  readonly model: 'ice-hockey';
  /** Expected regulation goals of participant 1 and 2. */
  readonly goals1: number;
  readonly goals2: number;
}

export interface BaseballParams {
  readonly model: 'baseball';
  /** Expected runs in nine innings of participant 1 and 2. */
  readonly runs1: number;
  readonly runs2: number;
}

/** Independent Poisson scores with means µ₁ and µ₂ (tails below 1e-16 folded into the last cell). */
export function poissonGrid(mean1: number, mean2: number): ScoreGrid {
  return outerGrid(
    { min: 0, mass: poissonPmf(mean1, poissonSupportMax(mean1)) },
    { min: 0, mass: poissonPmf(mean2, poissonSupportMax(mean2)) },
  );
}

interface PoissonSegments {
  readonly sportId: number;
  readonly unit: ScoreUnit;
  readonly segmentCount: number;
  readonly mean1: number;
  readonly mean2: number;
  readonly stage: () => ScoreGrid;
}

function poissonSegmentModel(spec: PoissonSegments, state: InPlayState): ScoreModel {
  requireElapsed(state);
  const segments = Array.from({ length: spec.segmentCount }, (_unused, index) => ({
    left: segmentShareLeft(state.elapsed, index, spec.segmentCount) / spec.segmentCount,
    played: scoreSoFar(state, spec.unit, `p${String(index + 1)}`),
  }));
  const model = new SegmentModel({
    unit: spec.unit,
    segmentCount: spec.segmentCount,
    sumGrid: (indices) => {
      let share = 0;
      let played1 = 0;
      let played2 = 0;
      for (const i of indices) {
        const segment = segments[i];
        if (segment === undefined) continue;
        share += segment.left;
        played1 += segment.played[0];
        played2 += segment.played[1];
      }
      return shiftGrid(poissonGrid(spec.mean1 * share, spec.mean2 * share), played1, played2);
    },
    stages: () => [spec.stage()],
    fulltimeStages: 1,
  });
  return segmentScoreModel(spec.sportId, model);
}

/** The ice hockey model of a fixture in `state`. */
export function iceHockeyModel(params: IceHockeyParams, state: InPlayState): ScoreModel {
  requireNumberIn(params.goals1, 'ice hockey goals1', 0.05, 15);
  requireNumberIn(params.goals2, 'ice hockey goals2', 0.05, 15);
  const first = params.goals1 / (params.goals1 + params.goals2);
  const tieBreak = (): ScoreGrid => ({ min1: 0, min2: 0, size1: 2, size2: 2, mass: Float64Array.from([0, 1 - first, first, 0]) });
  return poissonSegmentModel(
    { sportId: SPORT.iceHockey, unit: 'goals', segmentCount: 3, mean1: params.goals1, mean2: params.goals2, stage: tieBreak },
    state,
  );
}

/** The baseball model of a fixture in `state`. */
// Extra innings depend on the parameters only, not on the state: live repricing reuses them
// (computing them is most of a baseball reprice).
const extraInningsCache = new Map<string, ScoreGrid>();

function extraInnings(runs1: number, runs2: number): ScoreGrid {
  const key = `${String(runs1)}/${String(runs2)}`;
  let grid = extraInningsCache.get(key);
  if (grid === undefined) {
    grid = overtimeUntilDecided(poissonGrid(runs1 / 9, runs2 / 9));
    if (extraInningsCache.size >= 256) extraInningsCache.clear();
    extraInningsCache.set(key, grid);
  }
  return grid;
}

export function baseballModel(params: BaseballParams, state: InPlayState): ScoreModel {
  requireNumberIn(params.runs1, 'baseball runs1', 0.1, 40);
  requireNumberIn(params.runs2, 'baseball runs2', 0.1, 40);
  return poissonSegmentModel(
    {
      sportId: SPORT.baseball,
      unit: 'runs',
      segmentCount: 9,
      mean1: params.runs1,
      mean2: params.runs2,
      stage: () => extraInnings(params.runs1, params.runs2),
    },
    state,
  );
}
