// Prices a market on a score distribution: which view of the score each marketType family
// depends on, the probability of each grade, and the effective fair probability of an outcome.
//
// A family's grade depends on one linear view of the score (totals on the total, handicaps and
// 1x2 on the margin, team totals on one score) or on the whole cell (correct score, both teams
// to score). Grading once per value of that view, on a representative score, and summing the
// view's 1-D distribution is the same sum as Σ over every cell of P(cell) × grade, at a fraction
// of the cost; `settlement.ts` stays the only authority on the grade itself, and the family
// table (`src/domain/market-family.ts`) on which view each family depends on.

import type { Grade } from '../../src/domain/grade.ts';
import { marketFamilyOf } from '../../src/domain/market-family.ts';
import type { SelectionGrader } from '../../src/domain/settlement.ts';
import { PricingError } from './pricing-error.ts';
import type { RowDistribution, ScoreProjection } from './score-grid.ts';
import type { GradeMasses, MarketProjection, ProjectedRow, ScoreModel } from './score-model.ts';
import type { ScoreUnit } from './score-unit.ts';

/** The view `marketType` is graded on (src/domain/market-family.ts), or null when settlement has no rule for it. */
export function marketProjection(marketType: string): MarketProjection | null {
  return marketFamilyOf(marketType)?.projection ?? null;
}

/** A score whose projection is `value` (scores are never negative): the grader's input. */
export function representativeScore(projection: ScoreProjection, value: number): readonly [number, number] {
  switch (projection) {
    case 'total':
    case 'team1':
      return [value, 0];
    case 'team2':
      return [0, value];
    case 'margin':
      return value >= 0 ? [value, 0] : [0, -value];
  }
}

export function emptyGradeMasses(): GradeMasses {
  return { won: 0, halfWon: 0, push: 0, halfLost: 0, lost: 0 };
}

/** Adds probability `p` to the bucket of `grade`. */
export function addGrade(masses: GradeMasses, grade: Grade, p: number): void {
  switch (grade) {
    case 'won':
      masses.won += p;
      return;
    case 'half-won':
      masses.halfWon += p;
      return;
    case 'push':
    case 'void':
      masses.push += p;
      return;
    case 'half-lost':
      masses.halfLost += p;
      return;
    case 'lost':
      masses.lost += p;
      return;
  }
}

/**
 * The fair probability p = 1/d of an outcome whose fair price d returns exactly the stake on
 * average: d·(P(won) + P(hw)/2) + P(push) + (P(hw) + P(hl))/2 = 1, so
 * d = (1 − P(push) − (P(hw) + P(hl))/2) / (P(won) + P(hw)/2). Null when the outcome can only push
 * (any price is fair: the market cannot be priced).
 */
export function effectiveProbability(masses: GradeMasses): number | null {
  const settled = masses.won + masses.lost + (masses.halfWon + masses.halfLost) / 2;
  if (settled <= 1e-15) return null;
  return (masses.won + masses.halfWon / 2) / settled;
}

/**
 * One row of a model, for pricing many markets on it: the full grid and each projection are
 * computed on first use and kept (models such as tennis compute a projection much faster than
 * the grid).
 */
export class PricedRow {
  private readonly model: ScoreModel;
  private readonly period: string;
  private readonly unit: ScoreUnit;
  private distribution: RowDistribution | null = null;
  private readonly projections = new Map<ScoreProjection, ProjectedRow>();

  constructor(model: ScoreModel, period: string, unit: ScoreUnit) {
    this.model = model;
    this.period = period;
    this.unit = unit;
  }

  grid(): RowDistribution {
    this.distribution ??= this.model.row(this.period, this.unit);
    if (this.distribution === null) throw new PricingError(`the model has no row ${this.unit}/${this.period}`);
    return this.distribution;
  }

  projection(projection: ScoreProjection): ProjectedRow {
    let projected = this.projections.get(projection);
    if (projected === undefined) {
      projected = this.model.rowProjection(this.period, this.unit, projection) ?? undefined;
      if (projected === undefined) throw new PricingError(`the model has no row ${this.unit}/${this.period}`);
      this.projections.set(projection, projected);
    }
    return projected;
  }
}

/** The grade masses of one selection on a row: Σ over the row of P(score) × its grade. */
export function gradeMassesOnRow(grader: SelectionGrader, projection: MarketProjection, row: PricedRow): GradeMasses {
  const masses = emptyGradeMasses();
  if (projection === 'cell') {
    const { grid, voidMass } = row.grid();
    masses.push = voidMass;
    const { min1, min2, size1, size2, mass } = grid;
    for (let i = 0; i < size1; i += 1) {
      for (let j = 0; j < size2; j += 1) {
        const p = mass[i * size2 + j] ?? 0;
        if (p !== 0) addGrade(masses, grader(min1 + i, min2 + j), p);
      }
    }
    return masses;
  }
  const { dist, voidMass } = row.projection(projection);
  masses.push = voidMass;
  // The hot path of pricing: the representative score is built inline, without a tuple per value.
  const onSecond = projection === 'team2';
  for (let k = 0; k < dist.mass.length; k += 1) {
    const p = dist.mass[k] ?? 0;
    if (p === 0) continue;
    const value = dist.min + k;
    const first = onSecond ? 0 : Math.max(value, 0);
    const second = onSecond ? value : Math.max(-value, 0);
    addGrade(masses, grader(first, second), p);
  }
  return masses;
}
