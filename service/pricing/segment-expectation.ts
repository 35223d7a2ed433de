// Same-game parlay expectations on a segment model by variable elimination: E[Π leg factors]
// over the rows the legs depend on, computed block by block without the full joint distribution.
//
// Why. The joint of every requested view (say the margins of the game, both halves and the first
// quarter, plus the regulation margin for overtime) has one dimension per view: a basketball
// four-leg moneyline parlay held ~10⁶ states in a hash map and took seconds. But a view only has
// to be tracked while its row is still being summed: once its last segment is added, its leg's
// factor is applied and it is summed out. Views whose partial sums are identical so far (the
// game and the first half after the first quarter) share one coordinate, and a coordinate holds
// one projection (one integer) unless its views need two (then the two scores). So the state is
// a small dense array: a moneyline parlay over game, halves and quarters never needs more than
// two margins at a time.
//
// Tolerance. Cells of a block's grid and stage outcomes below `PRUNE_MASS` (1e-16) are dropped:
// a basketball quarter's window (mean ± 8σ per team) is mostly such corners. A block has at most
// ~2·10⁴ cells, so the joint probability moves by < 1e-11 absolute — far below a price rounded
// to 2 decimals (the brief's bar was 1e-6), and below what the pricing tests pin (prices to 10
// digits); service/pricing/segment-expectation.test.ts compares with the exact joint.
// Overlap. When the state is both scores of the game (a spread and a total, after a first-half
// leg) the last block is added backwards instead (separable-contraction.ts): ~N³, not N⁴.
// Cost. Every step charges the budget with (states × transitions) + the size of its new array,
// the same unit as `JointStates.advance`: one unit is one multiply-add on a dense array.

import { FACTOR_WORK, JointTooLargeError } from './joint-states.ts';
import type { WorkBudget } from './joint-states.ts';
import type { ScoreGrid, ScoreProjection } from './score-grid.ts';
import { projectScore } from './score-grid.ts';
import type { ContractedFactor } from './separable-contraction.ts';
import { contractionCost, contractLastBlock, separableAxes } from './separable-contraction.ts';

/** Grid cells and stage outcomes below this probability are dropped (see the tolerance above). */
export const PRUNE_MASS = 1e-16;

/** Largest dense state array of one step (8 Mi doubles, 64 MiB): beyond it the joint is refused. */
const MAX_STATES = 1 << 23;

/** One factor of the product: a function of one view, or of two (team1 then team2 of one row). */
export interface ExpectationFactor {
  readonly dims: readonly number[];
  value(first: number, second: number): number;
}

/** One view to track: its projection, the blocks summed into it and the stages added after. */
export interface EliminationDim {
  readonly projection: ScoreProjection;
  /** Indices into `blocks`. */
  readonly blocks: readonly number[];
  /** Tie-break stages this view includes (0: none). */
  readonly stages: number;
}

export interface EliminationInput {
  readonly dims: readonly EliminationDim[];
  /** Independent score increments, in processing order. */
  readonly blocks: readonly ScoreGrid[];
  /** The view whose value 0 makes the stages play (the regulation margin), or −1 without stages. */
  readonly tieDim: number;
  /** Stage k is played when the tie view and stages 1..k−1 are all tied. */
  readonly stages: readonly ScoreGrid[];
  readonly factors: readonly ExpectationFactor[];
}

type Kind = ScoreProjection | 'cell';

interface ClassLayout {
  /** The processed blocks summed into the class's views, e.g. `0,1`. */
  readonly key: string;
  readonly dims: readonly number[];
  readonly kind: Kind;
  /** Index of its first axis (a cell has two: team1 then team2). */
  readonly axis: number;
}

interface Layout {
  readonly classes: readonly ClassLayout[];
  readonly lo: readonly number[];
  readonly size: readonly number[];
  readonly strides: readonly number[];
  readonly total: number;
}

function layoutOf(classes: readonly Omit<ClassLayout, 'axis'>[], ranges: readonly (readonly [number, number])[][]): Layout {
  const placed: ClassLayout[] = [];
  const lo: number[] = [];
  const size: number[] = [];
  classes.forEach((c, index) => {
    placed.push({ ...c, axis: lo.length });
    for (const [low, high] of ranges[index] ?? []) {
      lo.push(low);
      size.push(high - low + 1);
    }
  });
  const strides = new Array<number>(size.length).fill(1);
  let total = 1;
  for (let a = size.length - 1; a >= 0; a -= 1) {
    strides[a] = total;
    total *= size[a] ?? 1;
  }
  if (total > MAX_STATES) throw new JointTooLargeError('the joint distribution of these legs needs more states than the budget allows');
  return { classes: placed, lo, size, strides, total };
}

function kindOf(dims: readonly number[], input: EliminationInput): Kind {
  const projections = new Set(dims.map((d) => input.dims[d]?.projection ?? 'total'));
  const [only] = projections;
  return projections.size === 1 && only !== undefined ? only : 'cell';
}

/** The value of view `projection` from a class's axis values. */
function viewValue(kind: Kind, projection: ScoreProjection, first: number, second: number): number {
  return kind === 'cell' ? projectScore(projection, first, second) : first;
}

/** The range of `projection` over a class's axis ranges. */
function projectedRange(kind: Kind, projection: ScoreProjection, ranges: readonly (readonly [number, number])[]): [number, number] {
  const [a0, a1] = ranges[0] ?? [0, 0];
  if (kind !== 'cell') return [a0, a1];
  const [b0, b1] = ranges[1] ?? [0, 0];
  switch (projection) {
    case 'total':
      return [a0 + b0, a1 + b1];
    case 'margin':
      return [a0 - b1, a1 - b0];
    case 'team1':
      return [a0, a1];
    case 'team2':
      return [b0, b1];
  }
}

/** Writes the axis values of `key` into `out`. */
function decode(layout: Layout, key: number, out: Int32Array): void {
  let rest = key;
  for (let a = 0; a < layout.size.length; a += 1) {
    const stride = layout.strides[a] ?? 1;
    const v = Math.floor(rest / stride);
    rest -= v * stride;
    out[a] = v + (layout.lo[a] ?? 0);
  }
}

/** A new axis as a linear function of the old axes: c₁·old[a₁] + c₂·old[a₂] (a < 0: no term). */
interface AxisMap {
  readonly a1: number;
  readonly c1: number;
  readonly a2: number;
  readonly c2: number;
}

/** How a class of one layout reads a view of its source class (same key) in the previous one. */
function axisMapsOf(source: ClassLayout | undefined, kind: Kind): AxisMap[] {
  const none = { a1: -1, c1: 0, a2: -1, c2: 0 };
  const axes = kind === 'cell' ? 2 : 1;
  if (source === undefined) return new Array<AxisMap>(axes).fill(none);
  if (source.kind !== 'cell') return [{ a1: source.axis, c1: 1, a2: -1, c2: 0 }];
  const t1 = source.axis;
  const t2 = source.axis + 1;
  switch (kind) {
    case 'cell':
      return [
        { a1: t1, c1: 1, a2: -1, c2: 0 },
        { a1: t2, c1: 1, a2: -1, c2: 0 },
      ];
    case 'team1':
      return [{ a1: t1, c1: 1, a2: -1, c2: 0 }];
    case 'team2':
      return [{ a1: t2, c1: 1, a2: -1, c2: 0 }];
    case 'total':
      return [{ a1: t1, c1: 1, a2: t2, c2: 1 }];
    case 'margin':
      return [{ a1: t1, c1: 1, a2: t2, c2: -1 }];
  }
}

/** The new layout's key of an old state (axis values in `values`), before any increment. */
function remapKey(next: Layout, maps: readonly AxisMap[], values: Int32Array): number {
  let key = 0;
  for (let a = 0; a < maps.length; a += 1) {
    const m = maps[a];
    if (m === undefined) continue;
    const v = (m.a1 < 0 ? 0 : m.c1 * (values[m.a1] ?? 0)) + (m.a2 < 0 ? 0 : m.c2 * (values[m.a2] ?? 0));
    key += (v - (next.lo[a] ?? 0)) * (next.strides[a] ?? 0);
  }
  return key;
}

/** A class's axis ranges in a layout. */
function rangesOf(layout: Layout, c: ClassLayout): [number, number][] {
  const axes = c.kind === 'cell' ? 2 : 1;
  const out: [number, number][] = [];
  for (let i = 0; i < axes; i += 1) {
    const low = layout.lo[c.axis + i] ?? 0;
    out.push([low, low + (layout.size[c.axis + i] ?? 1) - 1]);
  }
  return out;
}

/**
 * The product of `factors` (all on views of class `c`) at every point of the class's axes: a
 * table indexed like the class's part of a key, (first − lo)·size₂ + (second − lo₂) for a cell.
 * A factor on one view is evaluated once per value of that view (a 1-D table), not per cell.
 */
function factorTable(
  ranges: readonly (readonly [number, number])[],
  kind: Kind,
  factors: readonly ExpectationFactor[],
  input: EliminationInput,
  budget: WorkBudget,
): Float64Array {
  const [r1 = [0, 0], r2 = [0, 0]] = ranges;
  const n1 = r1[1] - r1[0] + 1;
  const n2 = kind === 'cell' ? r2[1] - r2[0] + 1 : 1;
  const table = new Float64Array(n1 * n2).fill(1);
  for (const f of factors) {
    const d1 = f.dims[0] ?? 0;
    const d2 = f.dims[1];
    const p1 = input.dims[d1]?.projection ?? 'total';
    if (d2 !== undefined) {
      const p2 = input.dims[d2]?.projection ?? 'total';
      budget.charge(n1 * n2 * FACTOR_WORK);
      for (let i = 0; i < n1; i += 1) {
        for (let j = 0; j < n2; j += 1) {
          const first = r1[0] + i;
          const second = r2[0] + j;
          table[i * n2 + j] = (table[i * n2 + j] ?? 0) * f.value(viewValue(kind, p1, first, second), viewValue(kind, p2, first, second));
        }
      }
      continue;
    }
    const [low, high] = projectedRange(kind, p1, ranges);
    budget.charge((high - low + 1) * FACTOR_WORK + n1 * n2);
    const values = new Float64Array(high - low + 1);
    for (let v = low; v <= high; v += 1) values[v - low] = f.value(v, 0);
    for (let i = 0; i < n1; i += 1) {
      for (let j = 0; j < n2; j += 1) {
        const v = viewValue(kind, p1, r1[0] + i, r2[0] + j);
        table[i * n2 + j] = (table[i * n2 + j] ?? 0) * (values[v - low] ?? 0);
      }
    }
  }
  return table;
}

/** The index into a class's factor table of the axis values in `values`. */
function tableIndex(layout: Layout, c: ClassLayout, values: Int32Array): number {
  const i = (values[c.axis] ?? 0) - (layout.lo[c.axis] ?? 0);
  if (c.kind !== 'cell') return i;
  return i * (layout.size[c.axis + 1] ?? 1) + (values[c.axis + 1] ?? 0) - (layout.lo[c.axis + 1] ?? 0);
}

/** Σ of a dense state's entries that are not 0 (and how many there are). */
function nonZeroCount(state: Float64Array): number {
  let n = 0;
  for (let key = 0; key < state.length; key += 1) if (state[key] !== 0) n += 1;
  return n;
}

/** How `eliminate` adds the last block (tests and benches compare the two ways). */
export interface EliminationOptions {
  /**
   * 'auto' (the default) adds it backwards (separable-contraction.ts) when that applies and is
   * cheaper; 'backward' whenever it applies; 'forward' never.
   */
  readonly lastBlock?: 'auto' | 'forward' | 'backward';
  /** Set to the way the last block was added. */
  readonly trace?: { lastBlock: 'forward' | 'backward' | 'none' };
}

/**
 * E[Π factors] of the views in `input`; throws `JointTooLargeError` when the work would exceed
 * `budget` or a step's state array would be too large.
 */
export function eliminate(input: EliminationInput, budget: WorkBudget, options: EliminationOptions = {}): number {
  const { dims, blocks, factors } = input;
  const lastBlock = dims.map((d) => Math.max(-1, ...d.blocks));
  const closesBeforeStages = (d: number): boolean => d !== input.tieDim && (dims[d]?.stages ?? 0) === 0;
  const applied = new Array<boolean>(factors.length).fill(false);
  let open = dims.map((_d, i) => i);
  let layout = layoutOf([], []);
  let state: Float64Array = Float64Array.of(1);
  const processedKey = (d: number, upTo: number): string =>
    (dims[d]?.blocks ?? []).filter((b) => b <= upTo).join(',');

  for (let k = 0; k < blocks.length; k += 1) {
    const grid = blocks[k];
    if (grid === undefined) continue;
    // The classes after adding block k: open views grouped by their processed blocks.
    const groups = new Map<string, number[]>();
    for (const d of open) {
      const key = processedKey(d, k);
      if (key === '') continue;
      const group = groups.get(key) ?? [];
      group.push(d);
      groups.set(key, group);
    }
    const previous = new Map(layout.classes.map((c) => [c.key, c]));
    const classes: Omit<ClassLayout, 'axis'>[] = [];
    const classRanges: [number, number][][] = [];
    const maps: AxisMap[] = [];
    const fed: boolean[] = [];
    const cells = prunedCells(grid);
    // A class that starts and ends with this block (a quarter's leg) is never a state
    // coordinate: its factors only depend on the block's cell, so they weigh the transitions.
    const folded: ExpectationFactor[] = [];
    for (const [key, group] of groups) {
      const isFed = (dims[group[0] ?? 0]?.blocks ?? []).includes(k);
      const before = isFed ? processedKey(group[0] ?? 0, k - 1) : key;
      const source = before === '' ? undefined : previous.get(before);
      if (source === undefined && group.every((d) => lastBlock[d] === k && closesBeforeStages(d))) {
        factors.forEach((f, index) => {
          if (applied[index] !== true && f.dims.every((d) => group.includes(d))) {
            applied[index] = true;
            folded.push(f);
          }
        });
        continue;
      }
      const kind = kindOf(group, input);
      const ranges: [number, number][] = [];
      for (const projection of kind === 'cell' ? (['team1', 'team2'] as const) : [kind]) {
        let range: [number, number] = source === undefined ? [0, 0] : projectedRange(source.kind, projection, rangesOf(layout, source));
        if (isFed && cells.count > 0) {
          const [low, high] = cellsRange(cells, projection);
          range = [range[0] + low, range[1] + high];
        }
        ranges.push(range);
      }
      classes.push({ key, dims: group, kind });
      classRanges.push(ranges);
      maps.push(...axisMapsOf(source, kind));
      fed.push(isFed);
    }
    const next = layoutOf(classes, classRanges);

    if (k === blocks.length - 1 && options.lastBlock !== 'forward') {
      const backward = lastBlockBackward(layout, state, next, fed, cells, folded, factors.filter((_f, index) => applied[index] !== true), input, options, budget);
      if (backward !== null) {
        if (options.trace !== undefined) options.trace.lastBlock = 'backward';
        return backward;
      }
    }
    if (options.trace !== undefined) options.trace.lastBlock = 'forward';

    // Transitions of block k: the key offset of each cell, equal offsets merged.
    budget.charge(cells.count * (folded.length * FACTOR_WORK + 1));
    const { offsets, masses } = blockTransitions(cells, next, fed, folded, input);

    budget.charge(nonZeroCount(state) * offsets.length + next.total);
    const out = advance(layout, state, next, maps, offsets, masses);
    // Views whose last block this was: apply their factors and sum them out.
    const closing = new Set(open.filter((d) => lastBlock[d] === k && closesBeforeStages(d)));
    open = open.filter((d) => !closing.has(d));
    const ready: ExpectationFactor[] = [];
    factors.forEach((f, index) => {
      if (applied[index] !== true && f.dims.every((d) => closing.has(d))) {
        applied[index] = true;
        ready.push(f);
      }
    });
    ({ layout, state } = reduce(next, out, open, ready, input, budget));
  }

  return finish(layout, state, open, factors.filter((_f, index) => applied[index] !== true), input, budget);
}

/**
 * The last block added backwards (separable-contraction.ts), or null when that does not apply or
 * (with 'auto') costs more than adding it forwards. It applies when the state is one pair of
 * scores, the block feeds it and nothing else, and the factors left are each on one view of that
 * pair reading at most two projections (a spread and a total): the views overlapping rows need.
 */
function lastBlockBackward(
  layout: Layout,
  state: Float64Array,
  next: Layout,
  fed: readonly boolean[],
  cells: Cells,
  folded: readonly ExpectationFactor[],
  remaining: readonly ExpectationFactor[],
  input: EliminationInput,
  options: EliminationOptions,
  budget: WorkBudget,
): number | null {
  const [source, ...otherSources] = layout.classes;
  const [target, ...otherTargets] = next.classes;
  if (source === undefined || target === undefined || otherSources.length > 0 || otherTargets.length > 0) return null;
  if (source.kind !== 'cell' || target.kind !== 'cell' || fed[0] !== true) return null;
  if (input.tieDim >= 0 && !target.dims.includes(input.tieDim)) return null;
  const contracted: ContractedFactor[] = [];
  for (const f of remaining) {
    const [d, second] = f.dims;
    if (d === undefined || second !== undefined || !target.dims.includes(d)) return null;
    const dim = input.dims[d];
    if (dim === undefined) return null;
    contracted.push({ projection: dim.projection, level: d === input.tieDim ? 0 : dim.stages, value: (v) => f.value(v, 0) });
  }
  const axes = separableAxes(contracted);
  if (axes === null) return null;
  const count = nonZeroCount(state);
  const values = new Int32Array(layout.size.length);
  const states = { count, a: new Int32Array(count), b: new Int32Array(count), p: new Float64Array(count) };
  let n = 0;
  for (let key = 0; key < state.length; key += 1) {
    const p = state[key] ?? 0;
    if (p === 0) continue;
    decode(layout, key, values);
    states.a[n] = values[source.axis] ?? 0;
    states.b[n] = values[source.axis + 1] ?? 0;
    states.p[n] = p;
    n += 1;
  }
  if (options.lastBlock !== 'backward' && contractionCost(states, cells, axes) >= count * cells.count + 2 * next.total) return null;
  budget.charge(state.length + cells.count * (folded.length * FACTOR_WORK + 1));
  const weighted = foldedWeights(cells, folded, input);
  const stages = input.tieDim < 0 ? null : stageOutcomes(input.stages);
  return contractLastBlock(states, weighted, contracted, stages, budget);
}

/** The block's cells weighed by the factors of the classes that start and end with it. */
function foldedWeights(cells: Cells, folded: readonly ExpectationFactor[], input: EliminationInput): Cells {
  if (folded.length === 0) return cells;
  const p = new Float64Array(cells.count);
  for (let n = 0; n < cells.count; n += 1) {
    const a = cells.a[n] ?? 0;
    const b = cells.b[n] ?? 0;
    let weight = cells.p[n] ?? 0;
    for (const f of folded) {
      const [d1 = 0, d2] = f.dims;
      const first = projectScore(input.dims[d1]?.projection ?? 'total', a, b);
      weight *= f.value(first, d2 === undefined ? 0 : projectScore(input.dims[d2]?.projection ?? 'total', a, b));
    }
    p[n] = weight;
  }
  return { ...cells, p };
}

/**
 * The last step: the stages, played on the states whose tie view is 0, then the factors of the
 * views still open. E = Σ_untied p·Π factors + Σ_tied p·Σ_outcomes q·Π factors(value + increment),
 * with each class's factors tabulated once over its range widened by the increments.
 */
function finish(
  layout: Layout,
  state: Float64Array,
  open: readonly number[],
  remaining: readonly ExpectationFactor[],
  input: EliminationInput,
  budget: WorkBudget,
): number {
  const { dims } = input;
  const classOf = new Map<number, ClassLayout>();
  for (const c of layout.classes) for (const d of c.dims) classOf.set(d, c);
  const outcomes = stageOutcomes(input.tieDim < 0 ? [] : input.stages);
  budget.charge(outcomes.count * (layout.classes.length + 1));
  const tieClass = classOf.get(input.tieDim);
  // The views of a class share their stages (the tie view aside, which no factor reads).
  const stagesOf = (c: ClassLayout): number => Math.max(0, ...c.dims.filter((d) => d !== input.tieDim).map((d) => dims[d]?.stages ?? 0));
  const sharedStages = layout.classes.every((c) => c.dims.every((d) => d === input.tieDim || (dims[d]?.stages ?? 0) === stagesOf(c)));
  const classless = remaining.filter((f) => f.dims.some((d) => !classOf.has(d)));
  if (!sharedStages || (classless.length > 0 && outcomes.count > 0)) return finishByState(layout, state, open, remaining, outcomes, input, budget);
  let constant = 1;
  for (const f of classless) constant *= f.value(0, 0);
  // Per class: each axis's increment in each outcome.
  const increments = layout.classes.map((c) => {
    const level = stagesOf(c);
    const a = outcomes.a[level] ?? new Int32Array(outcomes.count);
    const b = outcomes.b[level] ?? new Int32Array(outcomes.count);
    if (c.kind === 'cell') return [a, b];
    const v = new Int32Array(outcomes.count);
    for (let o = 0; o < outcomes.count; o += 1) v[o] = projectScore(c.kind, a[o] ?? 0, b[o] ?? 0);
    return [v];
  });
  const tables = layout.classes.map((c, index) => {
    const axes = increments[index] ?? [];
    const ranges = rangesOf(layout, c).map((range, axis): [number, number] => {
      let low = 0;
      let high = 0;
      for (const v of axes[axis] ?? []) {
        if (v < low) low = v;
        if (v > high) high = v;
      }
      return [range[0] + low, range[1] + high];
    });
    const own = remaining.filter((f) => f.dims.every((d) => c.dims.includes(d)));
    const table = factorTable(ranges, c.kind, own, input, budget);
    const n2 = c.kind === 'cell' ? (ranges[1]?.[1] ?? 0) - (ranges[1]?.[0] ?? 0) + 1 : 1;
    const shift = new Float64Array(outcomes.count);
    const first = axes[0];
    const second = axes[1];
    for (let o = 0; o < outcomes.count; o += 1) shift[o] = (first?.[o] ?? 0) * n2 + (second?.[o] ?? 0);
    return { table, n2, lo1: ranges[0]?.[0] ?? 0, lo2: ranges[1]?.[0] ?? 0, shift };
  });
  // Outcomes that shift every table alike (same margin, another total) are one outcome here.
  const mergedShifts = new Map<string, number>();
  const shiftRows: number[][] = [];
  const masses: number[] = [];
  for (let o = 0; o < outcomes.count; o += 1) {
    const shifts = tables.map((t) => t.shift[o] ?? 0);
    const key = shifts.join(',');
    const at = mergedShifts.get(key);
    if (at === undefined) {
      mergedShifts.set(key, masses.length);
      shiftRows.push(shifts);
      masses.push(outcomes.p[o] ?? 0);
    } else masses[at] = (masses[at] ?? 0) + (outcomes.p[o] ?? 0);
  }
  const outcomeMass = Float64Array.from(masses);
  const shiftOf = tables.map((_t, c) => Float64Array.from(shiftRows.map((row) => row[c] ?? 0)));
  const tiedMass = masses.reduce((sum, p) => sum + p, 0);
  budget.charge(nonZeroCount(state) * (layout.classes.length + 1));
  // The tie view is a margin: its class holds that margin, or both scores.
  const tie = tieClass === undefined || tiedMass === 0 ? null : { axis: tieClass.axis, cell: tieClass.kind === 'cell' };
  return constant * sumStates(layout, state, tables, tie, outcomeMass, shiftOf, budget);
}

/**
 * Σ over the states of p · Π class tables, with the tied states' tables read at every stage
 * outcome's shift: the hot loop of `finish`, kept small and closure-free so that it optimises.
 */
function sumStates(
  layout: Layout,
  state: Float64Array,
  tables: readonly { readonly table: Float64Array; readonly n2: number; readonly lo1: number; readonly lo2: number }[],
  tie: { readonly axis: number; readonly cell: boolean } | null,
  outcomeMass: Float64Array,
  shiftOf: readonly Float64Array[],
  budget: WorkBudget,
): number {
  const classCount = tables.length;
  const axis = Int32Array.from(layout.classes.map((c) => c.axis));
  const cell = Uint8Array.from(layout.classes.map((c) => (c.kind === 'cell' ? 1 : 0)));
  const values = new Int32Array(layout.size.length);
  const index = new Float64Array(classCount);
  const merged = outcomeMass.length;
  const onlyTable = classCount === 1 ? (tables[0]?.table ?? null) : null;
  const onlyShift = classCount === 1 && shiftOf[0] !== undefined ? Int32Array.from(shiftOf[0]) : null;
  let expectation = 0;
  for (let key = 0; key < state.length; key += 1) {
    const p = state[key] ?? 0;
    if (p === 0) continue;
    decode(layout, key, values);
    let w = p;
    for (let c = 0; c < classCount; c += 1) {
      const t = tables[c];
      const a = axis[c] ?? 0;
      if (t === undefined) continue;
      index[c] = cell[c] === 1 ? ((values[a] ?? 0) - t.lo1) * t.n2 + (values[a + 1] ?? 0) - t.lo2 : (values[a] ?? 0) - t.lo1;
    }
    const tied = tie !== null && (tie.cell ? (values[tie.axis] ?? 0) === (values[tie.axis + 1] ?? 0) : (values[tie.axis] ?? 0) === 0);
    if (!tied) {
      for (let c = 0; c < classCount; c += 1) w *= tables[c]?.table[index[c] ?? 0] ?? 0;
      expectation += w;
      continue;
    }
    budget.charge(merged * (classCount + 1));
    let sum = 0;
    if (classCount === 1 && onlyTable !== null && onlyShift !== null) {
      // The usual case (one pair of scores): one table read per outcome, no per-class lookups.
      const base = index[0] ?? 0;
      for (let o = 0; o < merged; o += 1) sum += (outcomeMass[o] ?? 0) * (onlyTable[base + (onlyShift[o] ?? 0)] ?? 0);
    } else {
      for (let o = 0; o < merged; o += 1) {
        let product = outcomeMass[o] ?? 0;
        for (let c = 0; c < classCount; c += 1) product *= tables[c]?.table[(index[c] ?? 0) + (shiftOf[c]?.[o] ?? 0)] ?? 0;
        sum += product;
      }
    }
    expectation += w * sum;
  }
  return expectation;
}

/** The last step state by state (views of one class with different stages: rare, slower). */
function finishByState(
  layout: Layout,
  state: Float64Array,
  open: readonly number[],
  remaining: readonly ExpectationFactor[],
  outcomes: StageOutcomes,
  input: EliminationInput,
  budget: WorkBudget,
): number {
  const { dims } = input;
  const classOf = new Map<number, ClassLayout>();
  for (const c of layout.classes) for (const d of c.dims) classOf.set(d, c);
  const tieClass = classOf.get(input.tieDim);
  const values = new Int32Array(layout.size.length);
  const dimValues = new Float64Array(dims.length);
  const product = (o: number): number => {
    let w = 1;
    for (const f of remaining) {
      let v1 = 0;
      let v2 = 0;
      f.dims.forEach((d, i) => {
        const level = o < 0 ? 0 : (dims[d]?.stages ?? 0);
        const increment = projectScore(dims[d]?.projection ?? 'total', outcomes.a[level]?.[o] ?? 0, outcomes.b[level]?.[o] ?? 0);
        if (i === 0) v1 = (dimValues[d] ?? 0) + increment;
        else v2 = (dimValues[d] ?? 0) + increment;
      });
      w *= f.value(v1, v2);
      if (w === 0) return 0;
    }
    return w;
  };
  let expectation = 0;
  budget.charge(nonZeroCount(state) * (remaining.length * FACTOR_WORK + 1));
  for (let key = 0; key < state.length; key += 1) {
    const p = state[key] ?? 0;
    if (p === 0) continue;
    decode(layout, key, values);
    for (const d of open) {
      const c = classOf.get(d);
      dimValues[d] = c === undefined ? 0 : viewValue(c.kind, dims[d]?.projection ?? 'total', values[c.axis] ?? 0, values[c.axis + 1] ?? 0);
    }
    const tied = tieClass !== undefined && outcomes.count > 0 && viewValue(tieClass.kind, 'margin', values[tieClass.axis] ?? 0, values[tieClass.axis + 1] ?? 0) === 0;
    if (!tied) {
      expectation += p * product(-1);
      continue;
    }
    budget.charge(outcomes.count * (remaining.length * FACTOR_WORK + 1));
    let w = 0;
    for (let o = 0; o < outcomes.count; o += 1) w += (outcomes.p[o] ?? 0) * product(o);
    expectation += p * w;
  }
  return expectation;
}

/**
 * A block's cells as key offsets in the new layout (equal offsets merged), each weighed by the
 * factors of the classes that start and end with the block. No closures: this loop runs over
 * thousands of cells per block.
 */
function blockTransitions(
  cells: Cells,
  next: Layout,
  fed: readonly boolean[],
  folded: readonly ExpectationFactor[],
  input: EliminationInput,
): { offsets: Float64Array; masses: Float64Array } {
  // Per fed class: its kind, and the strides of its axes.
  const kinds: Kind[] = [];
  const stride1: number[] = [];
  const stride2: number[] = [];
  next.classes.forEach((c, index) => {
    if (fed[index] !== true) return;
    kinds.push(c.kind);
    stride1.push(next.strides[c.axis] ?? 0);
    stride2.push(c.kind === 'cell' ? (next.strides[c.axis + 1] ?? 0) : 0);
  });
  const foldedFirst = folded.map((f) => input.dims[f.dims[0] ?? 0]?.projection ?? 'total');
  const foldedSecond = folded.map((f) => (f.dims[1] === undefined ? null : (input.dims[f.dims[1]]?.projection ?? 'total')));
  // Offsets are accumulated in a dense array over their range (no hash map: thousands of cells).
  const offsetOf = new Float64Array(cells.count);
  const weightOf = new Float64Array(cells.count);
  let minOffset = Infinity;
  let maxOffset = -Infinity;
  for (let n = 0; n < cells.count; n += 1) {
    const a = cells.a[n] ?? 0;
    const b = cells.b[n] ?? 0;
    let weight = cells.p[n] ?? 0;
    for (let f = 0; f < folded.length && weight !== 0; f += 1) {
      const second = foldedSecond[f];
      weight *= folded[f]?.value(projectScore(foldedFirst[f] ?? 'total', a, b), second === null || second === undefined ? 0 : projectScore(second, a, b)) ?? 1;
    }
    if (weight === 0) continue;
    let offset = 0;
    for (let c = 0; c < kinds.length; c += 1) {
      const kind = kinds[c] ?? 'cell';
      if (kind === 'cell') offset += a * (stride1[c] ?? 0) + b * (stride2[c] ?? 0);
      else offset += projectScore(kind, a, b) * (stride1[c] ?? 0);
    }
    offsetOf[n] = offset;
    weightOf[n] = weight;
    if (offset < minOffset) minOffset = offset;
    if (offset > maxOffset) maxOffset = offset;
  }
  if (!(maxOffset >= minOffset)) return { offsets: new Float64Array(0), masses: new Float64Array(0) };
  const dense = new Float64Array(maxOffset - minOffset + 1);
  for (let n = 0; n < cells.count; n += 1) {
    const w = weightOf[n] ?? 0;
    if (w !== 0) dense[(offsetOf[n] ?? 0) - minOffset] = (dense[(offsetOf[n] ?? 0) - minOffset] ?? 0) + w;
  }
  let count = 0;
  for (const w of dense) if (w !== 0) count += 1;
  const offsets = new Float64Array(count);
  const masses = new Float64Array(count);
  let k = 0;
  for (let i = 0; i < dense.length; i += 1) {
    const w = dense[i] ?? 0;
    if (w === 0) continue;
    offsets[k] = i + minOffset;
    masses[k] = w;
    k += 1;
  }
  return { offsets, masses };
}

/** The dense state after adding one block: each state moves to its remapped key + each offset. */
function advance(
  layout: Layout,
  state: Float64Array,
  next: Layout,
  maps: readonly AxisMap[],
  offsets: Float64Array,
  masses: Float64Array,
): Float64Array {
  const out = new Float64Array(next.total);
  const values = new Int32Array(layout.size.length);
  const n = offsets.length;
  // Keys are below MAX_STATES (2²³): integer offsets index without a double-to-int conversion.
  const shift = Int32Array.from(offsets);
  for (let key = 0; key < state.length; key += 1) {
    const p = state[key] ?? 0;
    if (p === 0) continue;
    decode(layout, key, values);
    const base = remapKey(next, maps, values);
    for (let t = 0; t < n; t += 1) {
      const target = base + (shift[t] ?? 0);
      out[target] = (out[target] ?? 0) + p * (masses[t] ?? 0);
    }
  }
  return out;
}

interface Cells {
  readonly count: number;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly p: Float64Array;
}

/** The range of a projection over a block's cells, by cells (memoised like the cells themselves). */
const cellsRangeMemo = new WeakMap<Cells, Map<ScoreProjection, readonly [number, number]>>();

function cellsRange(cells: Cells, projection: ScoreProjection): readonly [number, number] {
  let byProjection = cellsRangeMemo.get(cells);
  if (byProjection === undefined) {
    byProjection = new Map();
    cellsRangeMemo.set(cells, byProjection);
  }
  let range = byProjection.get(projection);
  if (range === undefined) {
    let low = Infinity;
    let high = -Infinity;
    for (let n = 0; n < cells.count; n += 1) {
      const v = projectScore(projection, cells.a[n] ?? 0, cells.b[n] ?? 0);
      if (v < low) low = v;
      if (v > high) high = v;
    }
    range = [low, high];
    byProjection.set(projection, range);
  }
  return range;
}

/** A grid's pruned cells, by grid: a model's block grids are cached and never change (see stageOutcomes). */
const prunedCellsMemo = new WeakMap<ScoreGrid, Cells>();

function prunedCells(grid: ScoreGrid): Cells {
  let cells = prunedCellsMemo.get(grid);
  if (cells === undefined) {
    cells = computePrunedCells(grid);
    prunedCellsMemo.set(grid, cells);
  }
  return cells;
}

function computePrunedCells(grid: ScoreGrid): Cells {
  let count = 0;
  for (const p of grid.mass) if (p >= PRUNE_MASS) count += 1;
  const a = new Int32Array(count);
  const b = new Int32Array(count);
  const mass = new Float64Array(count);
  let n = 0;
  for (let i = 0; i < grid.size1; i += 1) {
    for (let j = 0; j < grid.size2; j += 1) {
      const p = grid.mass[i * grid.size2 + j] ?? 0;
      if (p < PRUNE_MASS) continue;
      a[n] = grid.min1 + i;
      b[n] = grid.min2 + j;
      mass[n] = p;
      n += 1;
    }
  }
  return { count, a, b, p: mass };
}

/**
 * Applies the factors of the views closed by a step and sums out what no open view needs: the
 * classes left without views go, a pair of scores whose remaining views need one projection
 * becomes that projection.
 */
function reduce(
  layout: Layout,
  state: Float64Array,
  open: readonly number[],
  closing: readonly ExpectationFactor[],
  input: EliminationInput,
  budget: WorkBudget,
): { layout: Layout; state: Float64Array } {
  const openSet = new Set(open);
  const kept: Omit<ClassLayout, 'axis'>[] = [];
  const keptRanges: [number, number][][] = [];
  const maps: AxisMap[] = [];
  for (const c of layout.classes) {
    const dims = c.dims.filter((d) => openSet.has(d));
    if (dims.length === 0) continue;
    const kind = c.kind === 'cell' ? kindOf(dims, input) : c.kind;
    const ranges = rangesOf(layout, c);
    keptRanges.push(kind === 'cell' ? ranges : [projectedRange(c.kind, kind, ranges)]);
    kept.push({ key: c.key, dims, kind });
    maps.push(...axisMapsOf(c, kind));
  }
  const unchanged = closing.length === 0 && kept.length === layout.classes.length && kept.every((c, i) => c.kind === layout.classes[i]?.kind);
  if (unchanged) return { layout, state };
  const next = layoutOf(kept, keptRanges);
  budget.charge(state.length + next.total);
  const weighted = layout.classes.flatMap((c) => {
    const own = closing.filter((f) => f.dims.every((d) => c.dims.includes(d)));
    return own.length === 0 ? [] : [{ c, table: factorTable(rangesOf(layout, c), c.kind, own, input, budget) }];
  });
  const values = new Int32Array(layout.size.length);
  const out = new Float64Array(next.total);
  for (let key = 0; key < state.length; key += 1) {
    let w = state[key] ?? 0;
    if (w === 0) continue;
    decode(layout, key, values);
    for (const { c, table } of weighted) w *= table[tableIndex(layout, c, values)] ?? 0;
    if (w === 0) continue;
    const target = remapKey(next, maps, values);
    out[target] = (out[target] ?? 0) + w;
  }
  return { layout: next, state: out };
}
/**
 * The ways the stages can end given a tied regulation, as cumulative score increments: a view
 * with k stages adds (a[k][o], b[k][o]) in outcome o. Stage k+1 is played on a tied stage k;
 * equal increments are merged and outcomes below `PRUNE_MASS` dropped.
 */
interface StageOutcomes {
  readonly count: number;
  readonly a: readonly Int32Array[];
  readonly b: readonly Int32Array[];
  readonly p: Float64Array;
}

/**
 * Stage outcomes already computed, by the stages' first grid then their number: a model's stage
 * grids are built once and never change, and every joint of an SGP (2ⁿ − 1 of them, and the
 * cap's checks) plays the same stages.
 */
const stageOutcomesMemo = new WeakMap<ScoreGrid, Map<number, { readonly stages: readonly ScoreGrid[]; readonly outcomes: StageOutcomes }>>();

function stageOutcomes(stages: readonly ScoreGrid[]): StageOutcomes {
  const [first] = stages;
  if (first === undefined) return computeStageOutcomes(stages);
  let byCount = stageOutcomesMemo.get(first);
  if (byCount === undefined) {
    byCount = new Map();
    stageOutcomesMemo.set(first, byCount);
  }
  const known = byCount.get(stages.length);
  if (known !== undefined && known.stages.every((grid, i) => grid === stages[i])) return known.outcomes;
  const outcomes = computeStageOutcomes(stages);
  byCount.set(stages.length, { stages: [...stages], outcomes });
  return outcomes;
}

function computeStageOutcomes(stages: readonly ScoreGrid[]): StageOutcomes {
  const levels = stages.length;
  const merged = new Map<string, number>();
  const rows: { a: number[]; b: number[]; p: number }[] = [];
  const a = new Array<number>(levels + 1).fill(0);
  const b = new Array<number>(levels + 1).fill(0);
  const visit = (stage: number, p: number): void => {
    const grid = stages[stage];
    if (grid === undefined) return;
    for (let i = 0; i < grid.size1; i += 1) {
      for (let j = 0; j < grid.size2; j += 1) {
        const q = p * (grid.mass[i * grid.size2 + j] ?? 0);
        if (q < PRUNE_MASS) continue;
        const x = grid.min1 + i;
        const y = grid.min2 + j;
        // Views with more than `stage` stages get this stage's score.
        for (let level = stage + 1; level <= levels; level += 1) {
          a[level] = (a[level] ?? 0) + x;
          b[level] = (b[level] ?? 0) + y;
        }
        if (x === y && stage + 1 < levels) visit(stage + 1, q);
        else {
          const key = `${a.join(',')}|${b.join(',')}`;
          const index = merged.get(key);
          if (index === undefined) {
            merged.set(key, rows.length);
            rows.push({ a: a.slice(), b: b.slice(), p: q });
          } else {
            const row = rows[index];
            if (row !== undefined) row.p += q;
          }
        }
        for (let level = stage + 1; level <= levels; level += 1) {
          a[level] = (a[level] ?? 0) - x;
          b[level] = (b[level] ?? 0) - y;
        }
      }
    }
  };
  visit(0, 1);
  return {
    count: rows.length,
    a: Array.from({ length: levels + 1 }, (_unused, level) => Int32Array.from(rows.map((r) => r.a[level] ?? 0))),
    b: Array.from({ length: levels + 1 }, (_unused, level) => Int32Array.from(rows.map((r) => r.b[level] ?? 0))),
    p: Float64Array.from(rows.map((r) => r.p)),
  };
}
