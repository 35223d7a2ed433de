// The score model of sports played in fixed regulation segments (halves, quarters, periods,
// innings) with a tie-break after regulation: the rows are sums of independent segments, and
// the tie-break stages (overtime, extra time, a shoot-out) are played only on a tied score.
//
// Rows: `pK` is segment K; `result` the sum of all segments (regulation); a composite `a+b+...`
// the sum of its parts, where the part `overtime` is the tie-break's increment (0:0 when
// regulation was not tied); `fulltime` is `result` plus the stages the sport counts in it.
// Stage k is played only when regulation and stages 1..k−1 are all tied. Because the segments
// are independent, a row with a tie-break needs only the margin distribution of the segments
// outside it, and a joint of several rows is a dynamic programme over blocks of segments that
// share the same rows (exact, no sampling).

import { JointStates, TransitionsBuilder } from './joint-states.ts';
import type { Transitions, WorkBudget } from './joint-states.ts';
import type { EliminationDim, EliminationOptions, ExpectationFactor } from './segment-expectation.ts';
import { eliminate } from './segment-expectation.ts';
import type { Dist1D, RowDistribution, ScoreGrid, ScoreProjection } from './score-grid.ts';
import {
  convolve1D,
  convolveGrids,
  emptyGrid,
  pointGrid,
  projectGrid,
  projectScore,
  projectionRange,
  trimGrid,
} from './score-grid.ts';
import type { DimSpec, JointResult, ProjectedRow, ScoreModel } from './score-model.ts';
import type { ScoreUnit } from './score-unit.ts';

/** What a sport supplies to the segment model. */
export interface SegmentSportSpec {
  readonly unit: ScoreUnit;
  /** Number of regulation segments, named `p1`..`pN`. */
  readonly segmentCount: number;
  /** The grid of the sum of the given segments (indices from 0, ascending), in-play state included. */
  readonly sumGrid: (segments: readonly number[]) => ScoreGrid;
  /**
   * Tie-break stages in playing order; each grid is the score of that stage alone. Called once,
   * on first need (an overtime grid can cost more than the rest of the model).
   */
  readonly stages: () => readonly ScoreGrid[];
  /** How many stages `fulltime` (and the `overtime` part) includes. */
  readonly fulltimeStages: number;
  /** Further named rows: segments (all when omitted) and stages included. */
  readonly extraRows?: Readonly<Record<string, { readonly stages: number }>>;
}

interface RowShape {
  /** Segment indices, ascending. */
  readonly segments: readonly number[];
  readonly stages: number;
}

const SEGMENT_PERIOD = /^p([1-9][0-9]?)$/;

export class SegmentModel {
  private readonly spec: SegmentSportSpec;
  private readonly allSegments: readonly number[];
  private readonly sums = new Map<string, ScoreGrid>();
  private readonly rows = new Map<string, RowDistribution | null>();
  private readonly tieBreaks = new Map<number, ScoreGrid>();
  private stageGrids: readonly ScoreGrid[] | null = null;

  constructor(spec: SegmentSportSpec) {
    this.spec = spec;
    this.allSegments = Array.from({ length: spec.segmentCount }, (_unused, i) => i);
  }

  /** The segments and stages of a period, or null when the sport has no such row. */
  shapeOf(period: string): RowShape | null {
    const { spec } = this;
    if (period === 'result') return { segments: this.allSegments, stages: 0 };
    if (period === 'fulltime') return { segments: this.allSegments, stages: spec.fulltimeStages };
    const extra = spec.extraRows?.[period];
    if (extra !== undefined) return { segments: this.allSegments, stages: extra.stages };
    const segments: number[] = [];
    let stages = 0;
    for (const part of period.split('+')) {
      if (part === 'overtime') {
        if (spec.fulltimeStages === 0 || stages > 0) return null;
        stages = spec.fulltimeStages;
        continue;
      }
      const match = SEGMENT_PERIOD.exec(part);
      const index = match === null ? Number.NaN : Number(match[1]) - 1;
      if (!(index >= 0 && index < spec.segmentCount) || segments.includes(index)) return null;
      segments.push(index);
    }
    segments.sort((x, y) => x - y);
    return { segments, stages };
  }

  /** The grid of a sum of segments (0:0 for none), cached. */
  sumGrid(segments: readonly number[]): ScoreGrid {
    if (segments.length === 0) return pointGrid(0, 0);
    const key = segments.join(',');
    let grid = this.sums.get(key);
    if (grid === undefined) {
      grid = this.spec.sumGrid(segments);
      this.sums.set(key, grid);
    }
    return grid;
  }

  private stages(): readonly ScoreGrid[] {
    this.stageGrids ??= this.spec.stages();
    return this.stageGrids;
  }

  /** The total increment of the first `stages` stages, given a tied regulation score. */
  tieBreak(stages: number): ScoreGrid {
    let grid = this.tieBreaks.get(stages);
    if (grid !== undefined) return grid;
    const first = this.stages()[0] ?? pointGrid(0, 0);
    if (stages <= 1) grid = first;
    else {
      // Stage k+1 is played on the tied cells of the increment so far.
      const before = this.tieBreak(stages - 1);
      const next = this.stages()[stages - 1] ?? pointGrid(0, 0);
      const untied = { ...before, mass: before.mass.slice() };
      const tied = { ...before, mass: new Float64Array(before.mass.length) };
      for (let i = 0; i < before.size1; i += 1) {
        for (let j = 0; j < before.size2; j += 1) {
          if (before.min1 + i !== before.min2 + j) continue;
          const cell = i * before.size2 + j;
          tied.mass[cell] = before.mass[cell] ?? 0;
          untied.mass[cell] = 0;
        }
      }
      grid = addGrids(untied, convolveGrids(tied, next));
    }
    this.tieBreaks.set(stages, grid);
    return grid;
  }

  row(period: string, unit: ScoreUnit): RowDistribution | null {
    if (unit !== this.spec.unit) return null;
    const cached = this.rows.get(period);
    if (cached !== undefined) return cached;
    const shape = this.shapeOf(period);
    const row = shape === null ? null : { grid: this.rowGrid(shape), voidMass: 0 };
    this.rows.set(period, row);
    return row;
  }

  private rowGrid(shape: RowShape): ScoreGrid {
    const split = this.tieSplit(shape);
    if (split === null) return this.sumGrid(shape.segments);
    return addGrids(split.decided, convolveGrids(split.tied, this.tieBreak(shape.stages)));
  }

  /**
   * A row with a tie-break split by whether regulation ends tied (the segments outside the row
   * make up its margin exactly): the tied part gets the tie-break's increment added.
   */
  private tieSplit(shape: RowShape): { decided: ScoreGrid; tied: ScoreGrid } | null {
    if (shape.stages === 0) return null;
    const inside = this.sumGrid(shape.segments);
    const outside = this.allSegments.filter((s) => !shape.segments.includes(s));
    const outsideMargin = projectGrid(this.sumGrid(outside), 'margin');
    const decided = { ...inside, mass: inside.mass.slice() };
    const tied = { ...inside, mass: new Float64Array(inside.mass.length) };
    for (let i = 0; i < inside.size1; i += 1) {
      for (let j = 0; j < inside.size2; j += 1) {
        const cell = i * inside.size2 + j;
        const p = inside.mass[cell] ?? 0;
        const tie = outsideMargin.mass[inside.min2 + j - (inside.min1 + i) - outsideMargin.min] ?? 0;
        if (p === 0 || tie === 0) continue;
        tied.mass[cell] = p * tie;
        decided.mass[cell] = p * (1 - tie);
      }
    }
    return { decided, tied };
  }

  /**
   * The distribution of one projection of a row. A projection is linear, so with a tie-break it
   * is the decided part's projection plus the tied part's convolved with the increment's: 1-D
   * work instead of a 2-D convolution.
   */
  rowProjection(period: string, unit: ScoreUnit, projection: ScoreProjection): ProjectedRow | null {
    const shape = unit === this.spec.unit ? this.shapeOf(period) : null;
    if (shape === null) return null;
    const split = this.tieSplit(shape);
    if (split === null) return { dist: projectGrid(this.sumGrid(shape.segments), projection), voidMass: 0 };
    const tied = convolve1D(projectGrid(split.tied, projection), projectGrid(this.tieBreak(shape.stages), projection));
    return { dist: addDists(projectGrid(split.decided, projection), tied), voidMass: 0 };
  }

  hasRow(period: string, unit: ScoreUnit): boolean {
    return unit === this.spec.unit && this.shapeOf(period) !== null;
  }

  /**
   * E[Π factors] over the views `dims` (see segment-expectation.ts): the same number as summing
   * the factors over `joint(dims)`, within `PRUNE_MASS`, at a fraction of the cost; null when a
   * row is unknown. Throws `JointTooLargeError` beyond `budget`. `options` pick how the last
   * block is added (tests compare the ways; the default picks the cheaper).
   */
  expectation(dims: readonly DimSpec[], factors: readonly ExpectationFactor[], budget: WorkBudget, options?: EliminationOptions): number | null {
    const shapes: RowShape[] = [];
    for (const dim of dims) {
      const shape = dim.unit === this.spec.unit ? this.shapeOf(dim.period) : null;
      if (shape === null) return null;
      shapes.push(shape);
    }
    const maxStages = Math.max(0, ...shapes.map((s) => s.stages));
    // With a tie-break in play the regulation margin is one more view (it decides the stages).
    const all = maxStages > 0 ? [...shapes, { segments: this.allSegments, stages: 0 }] : shapes;
    const projections: ScoreProjection[] = dims.map((d) => d.projection);
    if (maxStages > 0) projections.push('margin');
    // Blocks: segments that feed exactly the same views, summed into one grid, in playing order.
    const blocks = new Map<string, { dims: number[]; segments: number[] }>();
    for (const segment of this.allSegments) {
      const feeds: number[] = [];
      all.forEach((shape, d) => {
        if (shape.segments.includes(segment)) feeds.push(d);
      });
      if (feeds.length === 0) continue;
      const key = feeds.join(',');
      const block = blocks.get(key) ?? { dims: feeds, segments: [] };
      block.segments.push(segment);
      blocks.set(key, block);
    }
    const blockList = [...blocks.values()];
    const eliminationDims: EliminationDim[] = all.map((shape, d) => ({
      projection: projections[d] ?? 'total',
      blocks: blockList.flatMap((block, index) => (block.dims.includes(d) ? [index] : [])),
      stages: shape.stages,
    }));
    return eliminate(
      {
        dims: eliminationDims,
        blocks: blockList.map((block) => this.sumGrid(block.segments)),
        tieDim: maxStages > 0 ? dims.length : -1,
        stages: maxStages > 0 ? this.stages().slice(0, maxStages) : [],
        factors,
      },
      budget,
      options,
    );
  }

  joint(dims: readonly DimSpec[], budget: WorkBudget): JointResult | null {
    const shapes: RowShape[] = [];
    for (const dim of dims) {
      const shape = dim.unit === this.spec.unit ? this.shapeOf(dim.period) : null;
      if (shape === null) return null;
      shapes.push(shape);
    }
    const maxStages = Math.max(0, ...shapes.map((s) => s.stages));
    // With a tie-break in play the regulation margin is tracked as one more dimension.
    const dimCount = dims.length + (maxStages > 0 ? 1 : 0);
    const projections: ScoreProjection[] = dims.map((d) => d.projection);
    if (maxStages > 0) projections.push('margin');
    const member = (dim: number, segment: number): boolean =>
      dim >= dims.length || (shapes[dim]?.segments.includes(segment) ?? false);

    // Blocks: segments that feed exactly the same dimensions, summed into one grid.
    const blocks = new Map<string, { dims: number[]; segments: number[] }>();
    for (const segment of this.allSegments) {
      const feeds: number[] = [];
      for (let d = 0; d < dimCount; d += 1) if (member(d, segment)) feeds.push(d);
      if (feeds.length === 0) continue;
      const key = feeds.join(',');
      const block = blocks.get(key) ?? { dims: feeds, segments: [] };
      block.segments.push(segment);
      blocks.set(key, block);
    }
    const contributions = [...blocks.values()].map((block) => {
      const grid = this.sumGrid(block.segments);
      return { grid, dims: block.dims };
    });
    const stageGrids = this.stages().slice(0, maxStages);

    // Ranges: every partial sum must fit, so each dimension spans Σ min(0, low)..Σ max(0, high).
    const lo = new Array<number>(dimCount).fill(0);
    const hi = new Array<number>(dimCount).fill(0);
    const widen = (d: number, grid: ScoreGrid): void => {
      const [low, high] = projectionRange(grid, projections[d] ?? 'total');
      lo[d] = (lo[d] ?? 0) + Math.min(0, low);
      hi[d] = (hi[d] ?? 0) + Math.max(0, high);
    };
    for (const { grid, dims: feeds } of contributions) for (const d of feeds) widen(d, grid);
    stageGrids.forEach((grid, stage) => {
      for (let d = 0; d < dims.length; d += 1) if ((shapes[d]?.stages ?? 0) > stage) widen(d, grid);
    });

    let states = new JointStates(lo, hi);
    states.add(new Array<number>(dimCount).fill(0), 1);
    const vector = new Int32Array(dimCount);
    for (const { grid, dims: feeds } of contributions) {
      states = states.advance(gridDeltas(states, grid, feeds, projections, vector), budget);
    }
    if (maxStages > 0) states = this.applyStages(states, shapes, projections, stageGrids, budget);
    return { states, present: () => true };
  }

  private applyStages(
    states: JointStates,
    shapes: readonly RowShape[],
    projections: readonly ScoreProjection[],
    stageGrids: readonly ScoreGrid[],
    budget: WorkBudget,
  ): JointStates {
    const marginDim = shapes.length;
    const vector = new Int32Array(projections.length);
    const stageDeltas = stageGrids.map((grid, stage) => {
      const feeds: number[] = [];
      shapes.forEach((shape, d) => {
        if (shape.stages > stage) feeds.push(d);
      });
      const cells: { key: number; p: number; tied: boolean }[] = [];
      for (let u = 0; u < grid.size1; u += 1) {
        for (let v = 0; v < grid.size2; v += 1) {
          const p = grid.mass[u * grid.size2 + v] ?? 0;
          if (p === 0) continue;
          const a = grid.min1 + u;
          const b = grid.min2 + v;
          vector.fill(0);
          for (const d of feeds) vector[d] = projectScore(projections[d] ?? 'total', a, b);
          cells.push({ key: states.offset(vector), p, tied: a === b });
        }
      }
      return cells;
    });
    const out = states.emptyLike();
    const apply = (key: number, p: number, stage: number): void => {
      const cells = stageDeltas[stage];
      if (cells === undefined) {
        out.addKey(key, p);
        return;
      }
      for (const cell of cells) {
        if (cell.tied && stage + 1 < stageDeltas.length) apply(key + cell.key, p * cell.p, stage + 1);
        else out.addKey(key + cell.key, p * cell.p);
      }
    };
    budget.charge(states.count() * (stageDeltas[0]?.length ?? 0));
    const values = new Int32Array(projections.length);
    states.forEach((key, p) => {
      states.decode(key, values);
      if (values[marginDim] === 0) apply(key, p, 0);
      else out.addKey(key, p);
    });
    return out;
  }
}

/** Σ of two grids (a mixture's unnormalised parts) on the window covering both. */
function addGrids(x: ScoreGrid, y: ScoreGrid): ScoreGrid {
  const min1 = Math.min(x.min1, y.min1);
  const min2 = Math.min(x.min2, y.min2);
  const out = emptyGrid(
    min1,
    min2,
    Math.max(x.min1 + x.size1, y.min1 + y.size1) - min1,
    Math.max(x.min2 + x.size2, y.min2 + y.size2) - min2,
  );
  for (const grid of [x, y]) {
    for (let i = 0; i < grid.size1; i += 1) {
      const row = (grid.min1 + i - min1) * out.size2 + (grid.min2 - min2);
      for (let j = 0; j < grid.size2; j += 1) out.mass[row + j] = (out.mass[row + j] ?? 0) + (grid.mass[i * grid.size2 + j] ?? 0);
    }
  }
  return out;
}

/** Σ of two 1-D distributions' masses on the range covering both. */
function addDists(x: Dist1D, y: Dist1D): Dist1D {
  const min = Math.min(x.min, y.min);
  const mass = new Float64Array(Math.max(x.min + x.mass.length, y.min + y.mass.length) - min);
  for (const dist of [x, y]) {
    for (let k = 0; k < dist.mass.length; k += 1) mass[dist.min - min + k] = (mass[dist.min - min + k] ?? 0) + (dist.mass[k] ?? 0);
  }
  return { min, mass };
}

/** The distinct key offsets a block's grid adds to the states, with their probabilities. */
function gridDeltas(
  states: JointStates,
  grid: ScoreGrid,
  feeds: readonly number[],
  projections: readonly ScoreProjection[],
  vector: Int32Array,
): Transitions {
  const transitions = new TransitionsBuilder();
  for (let i = 0; i < grid.size1; i += 1) {
    for (let j = 0; j < grid.size2; j += 1) {
      const p = grid.mass[i * grid.size2 + j] ?? 0;
      if (p === 0) continue;
      vector.fill(0);
      for (const d of feeds) vector[d] = projectScore(projections[d] ?? 'total', grid.min1 + i, grid.min2 + j);
      transitions.add(states.offset(vector), p);
    }
  }
  return transitions.build();
}

/**
 * The share of regulation segment `index` (of `count` equal segments) still to play at elapsed
 * share `elapsed`: 1 before it starts, 0 once it is over.
 */
export function segmentShareLeft(elapsed: number, index: number, count: number): number {
  return Math.min(1, Math.max(0, (index + 1 - elapsed * count)));
}

/**
 * The total increment of overtime periods played one after another until one is not tied (the
 * distribution of one period is `period`): Σₖ tied^(k−1) ⊛ untied, summed until the mass still
 * tied is below 1e-15 (at most 60 periods), which is then dropped, as are border rows and columns
 * holding < 1e-17. Never tied, so `fulltime` always has a winner.
 *
 * A tied period adds the same score s to both sides, so every power of `tied` lives on the
 * diagonal and is a 1-D distribution of s: the renewal sum D = Σₖ tiedᵏ is built with 1-D
 * convolutions and applied to `untied` once (D ⊛ untied), instead of one 2-D convolution and one
 * grid sum per period (~110 ms for a baseball inning grid, repeated on every parameter drift;
 * now ~1 ms). Same sum, other order: equal within floating-point rounding (tested against the
 * period-by-period sum).
 */
export function overtimeUntilDecided(period: ScoreGrid): ScoreGrid {
  const untied = { ...period, mass: period.mass.slice() };
  // The tied cells as a 1-D distribution of the shared score s (on both sides).
  const tieMin = Math.max(period.min1, period.min2);
  const tieMax = Math.min(period.min1 + period.size1, period.min2 + period.size2) - 1;
  const tie = new Float64Array(Math.max(0, tieMax - tieMin + 1));
  for (let s = tieMin; s <= tieMax; s += 1) {
    const cell = (s - period.min1) * period.size2 + (s - period.min2);
    tie[s - tieMin] = period.mass[cell] ?? 0;
    untied.mass[cell] = 0;
  }
  // D = δ₀ + Σₖ tieᵏ, k from 1 while the k-th power still holds ≥ 1e-15 (at most 60 periods).
  let renewal: Dist1D = { min: 0, mass: Float64Array.of(1) };
  let power: Dist1D = { min: tieMin, mass: tie };
  for (let round = 0; round < 60; round += 1) {
    let tiedMass = 0;
    for (const p of power.mass) tiedMass += p;
    if (tiedMass < 1e-15) break;
    renewal = addDists(renewal, power);
    power = convolve1D(power, { min: tieMin, mass: tie });
  }
  // D (on the diagonal) ⊛ untied.
  const out = emptyGrid(untied.min1 + renewal.min, untied.min2 + renewal.min, untied.size1 + renewal.mass.length - 1, untied.size2 + renewal.mass.length - 1);
  for (let k = 0; k < renewal.mass.length; k += 1) {
    const w = renewal.mass[k] ?? 0;
    if (w === 0) continue;
    for (let i = 0; i < untied.size1; i += 1) {
      const from = i * untied.size2;
      const to = (i + k) * out.size2 + k;
      for (let j = 0; j < untied.size2; j += 1) {
        const p = untied.mass[from + j] ?? 0;
        if (p !== 0) out.mass[to + j] = (out.mass[to + j] ?? 0) + w * p;
      }
    }
  }
  // Many overtimes widen the window far beyond where any mass is left.
  return trimGrid(out);
}

/** The `ScoreModel` of a segment sport; `specialSelection` defaults to the generic rules. */
export function segmentScoreModel(
  sportId: number,
  model: SegmentModel,
  specialSelection: ScoreModel['specialSelection'] = () => undefined,
): ScoreModel {
  return {
    sportId,
    hasRow: (period, unit) => model.hasRow(period, unit),
    row: (period, unit) => model.row(period, unit),
    rowProjection: (period, unit, projection) => model.rowProjection(period, unit, projection),
    joint: (dims, budget) => model.joint(dims, budget),
    expectation: (dims, factors, budget, options) => model.expectation(dims, factors, budget, options),
    specialSelection,
  };
}
