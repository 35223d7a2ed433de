// A small segment model for the segment-model and segment-expectation tests: three regulation
// segments, an overtime stage and a shootout, each an explicit grid small enough to enumerate by hand.
import { WorkBudget } from '../pricing/joint-states.ts';
import type { ScoreGrid } from '../pricing/score-grid.ts';
import { convolveGrids, outerGrid } from '../pricing/score-grid.ts';
import type { DimSpec } from '../pricing/score-model.ts';
import type { ExpectationFactor } from '../pricing/segment-expectation.ts';
import { SegmentModel } from '../pricing/segment-model.ts';

/** The outer product of two independent per-side score distributions (each from 0). */
export const segmentGrid = (a: readonly number[], b: readonly number[]): ScoreGrid =>
  outerGrid({ min: 0, mass: Float64Array.from(a) }, { min: 0, mass: Float64Array.from(b) });

/** The three regulation segments' score grids, in order. */
export const SEGMENTS = [segmentGrid([0.5, 0.3, 0.2], [0.6, 0.3, 0.1]), segmentGrid([0.4, 0.4, 0.2], [0.5, 0.5]), segmentGrid([0.7, 0.3], [0.6, 0.4])];
/** The first stage after regulation. */
export const OVERTIME = segmentGrid([0.5, 0.5], [0.6, 0.4]);
/** The second stage after regulation. */
export const SHOOTOUT: ScoreGrid = { min1: 0, min2: 0, size1: 2, size2: 2, mass: Float64Array.of(0, 0.45, 0.55, 0) };

/**
 * A fresh SegmentModel over SEGMENTS, OVERTIME and SHOOTOUT: fulltime includes the overtime stage,
 * `qualify` both stages.
 */
export function testSegmentModel(): SegmentModel {
  return new SegmentModel({
    unit: 'goals',
    segmentCount: 3,
    sumGrid: (indices) => indices.map((i) => SEGMENTS[i] ?? OVERTIME).reduce((x, y) => convolveGrids(x, y)),
    stages: () => [OVERTIME, SHOOTOUT],
    fulltimeStages: 1,
    extraRows: { qualify: { stages: 2 } },
  });
}

/** A deterministic factor with a different value at every point (a hash of the value). */
export function hashFactor(dims: readonly number[], seed: number): ExpectationFactor {
  return {
    dims,
    value: (first, second) => 0.25 + (Math.abs(Math.sin(seed * 12.9898 + first * 78.233 + second * 37.719)) % 1),
  };
}

/** Σ over the exact joint (the model's `joint`, unbounded, no pruning) of the product of the factors. */
export function exactExpectation(m: SegmentModel, dims: readonly DimSpec[], factors: readonly ExpectationFactor[]): number {
  const joint = m.joint(dims, new WorkBudget(Number.POSITIVE_INFINITY));
  if (joint === null) throw new Error('no joint');
  const values = new Int32Array(joint.states.lo.length);
  let sum = 0;
  joint.states.forEach((key, p) => {
    joint.states.decode(key, values);
    let w = p;
    for (const f of factors) w *= f.value(values[f.dims[0] ?? 0] ?? 0, f.dims[1] === undefined ? 0 : (values[f.dims[1]] ?? 0));
    sum += w;
  });
  return sum;
}
