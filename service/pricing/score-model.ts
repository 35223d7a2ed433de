// The contract between the sport models and the fixture pricer: a model answers the distribution
// of any score row it knows, and the joint distribution of several views of several rows.

import type { CatalogueMarket } from '../catalogue/types.ts';
import type { SelectionGrader } from '../../src/domain/settlement.ts';
import type { JointStates } from './joint-states.ts';
import { WorkBudget } from './joint-states.ts';
import type { Dist1D, RowDistribution, ScoreProjection } from './score-grid.ts';
import type { EliminationOptions, ExpectationFactor } from './segment-expectation.ts';
import { emptyGrid } from './score-grid.ts';
import type { ScoreTables, ScoreUnit } from './score-unit.ts';
import { PricingError, requireNumberIn } from './pricing-error.ts';

/** The view of the score a market family (market-families.ts) is graded on; `cell` needs both scores. */
export type MarketProjection = ScoreProjection | 'cell';

/** Probability of each grade of one selection; `push` includes void (the row never happened). */
export interface GradeMasses {
  won: number;
  halfWon: number;
  push: number;
  halfLost: number;
  lost: number;
}

/** One view (total, margin, one team's score) of one score row. */
export interface DimSpec {
  readonly period: string;
  readonly unit: ScoreUnit;
  readonly projection: ScoreProjection;
}

/**
 * The joint distribution of the requested dimensions. `states` holds the requested dimensions
 * first, in order, possibly followed by the model's own bookkeeping dimensions; `present` says
 * whether the row of requested dimension `dim` exists in a state (a fourth set that was never
 * played is absent, and every market on it void).
 */
export interface JointResult {
  readonly states: JointStates;
  present(dim: number, values: Int32Array): boolean;
}

/**
 * How one outcome is graded on the model's rows. Most outcomes are a deterministic function of
 * one row's score (`grader`, on the market's projection); a few depend on more than the score
 * (who drew first blood, given the kills of a map) and give the grade masses conditional on the
 * row's cell instead (`conditional`, projection `cell`). Two selections with the same
 * `orderKey` depend on the same unobserved detail and are not independent given the score.
 */
export interface Selection {
  readonly period: string;
  readonly unit: ScoreUnit;
  readonly projection: MarketProjection;
  readonly grader: SelectionGrader | null;
  readonly conditional: ((participant1Score: number, participant2Score: number, out: GradeMasses) => void) | null;
  readonly orderKey: string | null;
}

/** The distribution of one projection of a row, and the probability that the row is void. */
export interface ProjectedRow {
  readonly dist: Dist1D;
  readonly voidMass: number;
}

/** A sport model of one fixture in one in-play state. */
export interface ScoreModel {
  readonly sportId: number;
  /** Whether the model has the row `period` in `unit` (cheap: nothing is computed). */
  hasRow(period: string, unit: ScoreUnit): boolean;
  /** The distribution of the row `period` in `unit`, or null when the model has no such row. */
  row(period: string, unit: ScoreUnit): RowDistribution | null;
  /** The distribution of one projection of a row (cheaper than the row for some models). */
  rowProjection(period: string, unit: ScoreUnit, projection: ScoreProjection): ProjectedRow | null;
  /**
   * The joint distribution of `dims`, or null when a row is unknown. Throws
   * `JointTooLargeError` when it would exceed `budget`.
   */
  joint(dims: readonly DimSpec[], budget: WorkBudget): JointResult | null;
  /**
   * E[Π factors] over the joint of `dims` without building it (segment sports), or null when a
   * row is unknown; models without it are priced from `joint`. Every row must be present (no
   * void rows). Throws `JointTooLargeError` beyond `budget`. `options`: see `EliminationOptions`.
   */
  expectation?(dims: readonly DimSpec[], factors: readonly ExpectationFactor[], budget: WorkBudget, options?: EliminationOptions): number | null;
  /**
   * Selections the generic families do not cover (`toqualify`, `firstblood`, `racetokills`):
   * a selection, null when the model cannot price it, undefined to use the generic rule.
   */
  specialSelection(market: CatalogueMarket, outcomeName: string): Selection | null | undefined;
}

/** Where a fixture stands. Scores are the rows so far, per unit, as in `ScoreTables`. */
export interface InPlayState {
  /**
   * Share of regulation time played: 0 before the start, 1 at the end of regulation. Tennis
   * ignores it (its state is the score); esports reads it as the share of the current map.
   */
  readonly elapsed: number;
  readonly scores: ScoreTables;
  /** Tennis: points of the game (or tie-break) in progress, participant 1 first. */
  readonly tennisPoints?: readonly [number, number];
  /** Player props: each player's count so far, by `playerId` then marketType. */
  readonly playerCounts?: Readonly<Record<number, Readonly<Record<string, number>>>>;
}

/** The state before the start. */
export const PRE_MATCH: InPlayState = { elapsed: 0, scores: {} };

/** The score of `period` in `unit` so far (0:0 when the row is absent). */
export function scoreSoFar(state: InPlayState, unit: ScoreUnit, period: string): readonly [number, number] {
  const row = state.scores[unit]?.[period];
  if (row === undefined) return [0, 0];
  const { participant1Score: a, participant2Score: b } = row;
  if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b < 0) {
    throw new PricingError(`score row ${unit}/${period} must hold integers ≥ 0, got ${String(a)}:${String(b)}`);
  }
  return [a, b];
}

/** Throws `PricingError` unless 0 ≤ elapsed ≤ 1. */
export function requireElapsed(state: InPlayState): void {
  requireNumberIn(state.elapsed, 'elapsed share of regulation', 0, 1);
}

/** A row's grid from the joint of its two scores: states where the row is absent are void. */
export function rowFromJoint(
  joint: (dims: readonly DimSpec[], budget: WorkBudget) => JointResult | null,
  period: string,
  unit: ScoreUnit,
): RowDistribution | null {
  const result = joint(
    [
      { period, unit, projection: 'team1' },
      { period, unit, projection: 'team2' },
    ],
    new WorkBudget(Number.POSITIVE_INFINITY),
  );
  if (result === null) return null;
  const { states } = result;
  const values = new Int32Array(states.lo.length);
  let max1 = 0;
  let max2 = 0;
  states.forEach((key) => {
    states.decode(key, values);
    max1 = Math.max(max1, values[0] ?? 0);
    max2 = Math.max(max2, values[1] ?? 0);
  });
  const grid = emptyGrid(0, 0, max1 + 1, max2 + 1);
  let voidMass = 0;
  states.forEach((key, p) => {
    states.decode(key, values);
    if (!result.present(0, values)) {
      voidMass += p;
      return;
    }
    const cell = (values[0] ?? 0) * grid.size2 + (values[1] ?? 0);
    grid.mass[cell] = (grid.mass[cell] ?? 0) + p;
  });
  return { grid, voidMass };
}

/** One projection of a row from the joint of that single dimension: absent states are void. */
export function projectionFromJoint(
  joint: (dims: readonly DimSpec[], budget: WorkBudget) => JointResult | null,
  period: string,
  unit: ScoreUnit,
  projection: ScoreProjection,
): ProjectedRow | null {
  const result = joint([{ period, unit, projection }], new WorkBudget(Number.POSITIVE_INFINITY));
  if (result === null) return null;
  const { states } = result;
  const values = new Int32Array(states.lo.length);
  const min = states.lo[0] ?? 0;
  const mass = new Float64Array((states.hi[0] ?? 0) - min + 1);
  let voidMass = 0;
  states.forEach((key, p) => {
    states.decode(key, values);
    if (!result.present(0, values)) {
      voidMass += p;
      return;
    }
    const k = (values[0] ?? 0) - min;
    mass[k] = (mass[k] ?? 0) + p;
  });
  return { dist: { min, mass }, voidMass };
}

const SEGMENT_PERIOD = /^p([1-9])$/;

/**
 * Which of a best-of-`count` match's segments (sets, maps) a period covers, as 0-based indices:
 * `result`/`fulltime` are all of them (`matchRow`), `p2` one, `p1+p3` several; null for a period
 * outside the match (a segment beyond `count`, a repeated one, anything else).
 */
export function segmentsOfPeriod(period: string, count: number): { readonly indices: number[]; readonly matchRow: boolean } | null {
  if (period === 'result' || period === 'fulltime') return { indices: Array.from({ length: count }, (_unused, i) => i), matchRow: true };
  const indices: number[] = [];
  for (const part of period.split('+')) {
    const match = SEGMENT_PERIOD.exec(part);
    const index = match === null ? Number.NaN : Number(match[1]) - 1;
    if (!(index >= 0 && index < count) || indices.includes(index)) return null;
    indices.push(index);
  }
  return { indices, matchRow: false };
}
