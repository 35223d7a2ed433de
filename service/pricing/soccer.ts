// Soccer (sportId 10): Dixon–Coles Poisson goals per half, extra time and a shoot-out for cup
// ties, in play from the score and the clock.
//
// Model. Each half is one segment. In a half, participant 1 scores Poisson(λ₁·s) goals and
// participant 2 Poisson(λ₂·s) (s = the half's share of the match's goals, 45% in the first half
// by default), joined by Dixon and Coles' low-score correction τ: the cells 0:0, 1:0, 0:1, 1:1
// are multiplied by 1 − λμρ, 1 + μρ, 1 + λρ, 1 − ρ (λ, μ the half's means), which keeps the
// total mass and both means; ρ < 0 makes 0:0 and 1:1 likelier. ρ is clamped to the range where
// every τ ≥ 0. Rows: `p1`, `p2`, `result` = p1 + p2 (regulation), `fulltime` = result, plus
// extra time in a knockout tie (30 minutes: means λᵢ/3, the same τ) when regulation is tied.
// `toqualify` settles on the qualifying side: fulltime, then a shoot-out won by participant 1
// with probability `shootout1` (½ by default) if still tied.
//
// Truncation. Each half's grid holds 0..10 goals per participant (per half, on top of the goals
// already scored); the Poisson mass above 10 is folded into the cell 10 ("10 or more") before τ
// is applied, so each grid sums to 1 exactly and all lines below 10 goals per half are exact.
// The folded mass is below 1e-7 for any half mean up to 2.5.
//
// In play. Goals arrive at a constant rate within a half. At elapsed share e of the 90 minutes,
// a half not yet finished keeps the share of its mean still to play (e.g. at e = 0.3 the first
// half has (0.5 − 0.3)/0.5 = 40% of its mean left); goals already scored shift its grid.
// Extra time is priced in full from the end of regulation (no in-play clock inside it).

import { SPORT } from './score-unit.ts';
import type { CatalogueMarket } from '../catalogue/types.ts';
import { selectionGrader } from '../../src/domain/settlement.ts';
import { poissonPmf } from './distributions.ts';
import { PricingError, requireNumberIn } from './pricing-error.ts';
import type { ScoreGrid } from './score-grid.ts';
import { convolveGrids, outerGrid, shiftGrid } from './score-grid.ts';
import type { InPlayState, ScoreModel, Selection } from './score-model.ts';
import { requireElapsed, scoreSoFar } from './score-model.ts';
import { SegmentModel, segmentScoreModel } from './segment-model.ts';

export interface SoccerParams {
  readonly model: 'soccer';
  /** Expected regulation goals of participant 1 and 2. */
  readonly goals1: number;
  readonly goals2: number;
  /** Dixon–Coles ρ, typically −0.15..0 (0 = independent Poisson). */
  readonly rho: number;
  /** Share of the goals scored in the first half (0.45 by default). */
  readonly firstHalfShare?: number;
  /** A single-leg knockout tie: extra time and a shoot-out decide `toqualify`. */
  readonly knockout?: boolean;
  /** P(participant 1 wins a shoot-out), ½ by default. */
  readonly shootout1?: number;
}

/** Largest number of goals per participant per half on the grid (the last cell is "or more"). */
export const SOCCER_HALF_MAX_GOALS = 10;

/** The clamped Dixon–Coles ρ for half means λ (participant 1) and μ (participant 2). */
export function clampRho(rho: number, lambda: number, mu: number): number {
  const low = Math.max(lambda > 0 ? -1 / lambda : -Infinity, mu > 0 ? -1 / mu : -Infinity);
  const high = Math.min(lambda * mu > 0 ? 1 / (lambda * mu) : Infinity, 1);
  return Math.min(high, Math.max(low, rho));
}

/**
 * The Dixon–Coles grid of one period's goals with means λ and μ: independent Poisson grids on
 * 0..`max` (tails folded into `max`) with the low-score cells multiplied by τ.
 */
export function dixonColesGrid(lambda: number, mu: number, rho: number, max = SOCCER_HALF_MAX_GOALS): ScoreGrid {
  const grid = outerGrid({ min: 0, mass: poissonPmf(lambda, max) }, { min: 0, mass: poissonPmf(mu, max) });
  const r = clampRho(rho, lambda, mu);
  const { mass, size2 } = grid;
  if (r === 0 || max < 1) return grid;
  mass[0] = (mass[0] ?? 0) * (1 - lambda * mu * r);
  mass[1] = (mass[1] ?? 0) * (1 + lambda * r);
  mass[size2] = (mass[size2] ?? 0) * (1 + mu * r);
  mass[size2 + 1] = (mass[size2 + 1] ?? 0) * (1 - r);
  return grid;
}

function validate(params: SoccerParams): void {
  requireNumberIn(params.goals1, 'soccer goals1', 0, 12);
  requireNumberIn(params.goals2, 'soccer goals2', 0, 12);
  requireNumberIn(params.rho, 'soccer rho', -1, 1);
  requireNumberIn(params.firstHalfShare ?? 0.45, 'soccer firstHalfShare', 0.05, 0.95);
  requireNumberIn(params.shootout1 ?? 0.5, 'soccer shootout1', 0, 1);
}

/** The soccer model of a fixture in `state`. */
export function soccerModel(params: SoccerParams, state: InPlayState): ScoreModel {
  validate(params);
  requireElapsed(state);
  const share = params.firstHalfShare ?? 0.45;
  const halves = [
    { share, start: 0, played: scoreSoFar(state, 'goals', 'p1') },
    { share: 1 - share, start: 0.5, played: scoreSoFar(state, 'goals', 'p2') },
  ];
  const second = halves[1];
  if (second !== undefined && state.elapsed < 0.5 && second.played[0] + second.played[1] > 0) {
    throw new PricingError(`soccer: second-half goals at elapsed ${String(state.elapsed)} < 0.5`);
  }
  const segmentGrids = halves.map(({ share: s, start, played }) => {
    const left = Math.min(1, Math.max(0, (start + 0.5 - state.elapsed) / 0.5));
    const grid = dixonColesGrid(params.goals1 * s * left, params.goals2 * s * left, params.rho);
    return shiftGrid(grid, played[0], played[1]);
  });
  const knockout = params.knockout === true;
  const shootout1 = params.shootout1 ?? 0.5;
  const shootout: ScoreGrid = { min1: 0, min2: 0, size1: 2, size2: 2, mass: Float64Array.from([0, 1 - shootout1, shootout1, 0]) };
  const segments = new SegmentModel({
    unit: 'goals',
    segmentCount: 2,
    sumGrid: (indices) => {
      let grid: ScoreGrid | null = null;
      for (const i of indices) {
        const next = segmentGrids[i];
        if (next !== undefined) grid = grid === null ? next : convolveGrids(grid, next);
      }
      if (grid === null) throw new PricingError('soccer: empty segment sum');
      return grid;
    },
    stages: () => (knockout ? [dixonColesGrid(params.goals1 / 3, params.goals2 / 3, params.rho), shootout] : []),
    fulltimeStages: knockout ? 1 : 0,
    extraRows: knockout ? { qualify: { stages: 2 } } : {},
  });
  return segmentScoreModel(SPORT.soccer, segments, (market: CatalogueMarket, outcomeName: string): Selection | null | undefined => {
    if (market.marketType !== 'toqualify') return undefined;
    if (!knockout) return null;
    const grader = selectionGrader({ marketType: 'moneyline', handicap: 0, period: 'qualify' }, outcomeName);
    return { period: 'qualify', unit: 'goals', projection: 'margin', grader, conditional: null, orderKey: null };
  });
}
