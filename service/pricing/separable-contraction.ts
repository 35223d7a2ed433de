// The last block of a same-game parlay's variable elimination added backwards, for a row whose
// legs need both of its scores (game spread + game total, with a first-half leg already folded in).
//
// Why. Adding a block of ~10⁴ cells to a state of ~10⁴ score pairs forwards is ~10⁸ multiply-adds
// (a basketball half onto the other half): over the work budget. But after the last block only
// the legs' factors are left, and they are a product of one function of each projection they
// read: U(margin)·V(total) for a spread and a total. So E = Σₓ p(x) Σ_c w(c) U(α(x+c)) V(β(x+c))
// with α, β the two projections (a change of variables of the two scores, linear) splits into
// two 1-D passes: H(α_c, β_x) = Σ_{c on α_c} w(c) V(β_x + β(c)), then
// S(α_x, β_x) = Σ_{α_c} U(α_x + α_c) H(α_c, β_x): ~N³ instead of N⁴ for N values per axis.
// Overtime breaks the product only on the tied line (regulation margin 0), where the stages play:
// there the exact tied value minus the product is added back, D(s) at the score s:s, one 1-D sum
// per state (the block's cells of the one margin that ties it). Exact: the same sum as adding the
// block forwards and summing the factors, in another order (rounding aside).

import { FACTOR_WORK } from './joint-states.ts';
import type { WorkBudget } from './joint-states.ts';
import type { ScoreProjection } from './score-grid.ts';
import { projectScore } from './score-grid.ts';

/** Weighted score points (a, b): the states before the block, or the block's cells. */
export interface ScorePoints {
  readonly count: number;
  readonly a: Int32Array;
  readonly b: Int32Array;
  readonly p: Float64Array;
}

/** One leg's factor on one projection of the final score; `level` is how many stages its view includes. */
export interface ContractedFactor {
  readonly projection: ScoreProjection;
  readonly level: number;
  value(v: number): number;
}

/**
 * The ways the stages end given a tied regulation: a view with k stages adds (a[k][o], b[k][o])
 * with probability p[o] (segment-expectation.ts builds them).
 */
export interface StageIncrements {
  readonly count: number;
  readonly a: readonly Int32Array[];
  readonly b: readonly Int32Array[];
  readonly p: Float64Array;
}

const COMPLEMENT: Readonly<Record<ScoreProjection, ScoreProjection>> = { margin: 'total', total: 'margin', team1: 'team2', team2: 'team1' };

/**
 * The two projections (α, β) the factors are a product over, or null when they read three or more
 * (then the untied value is no product of two 1-D functions and the block must go forwards).
 */
export function separableAxes(factors: readonly ContractedFactor[]): readonly [ScoreProjection, ScoreProjection] | null {
  const projections = [...new Set(factors.map((f) => f.projection))];
  const [first = 'margin', second] = projections;
  if (projections.length > 2) return null;
  return [first, second ?? COMPLEMENT[first]];
}

interface Box {
  readonly lo1: number;
  readonly hi1: number;
  readonly lo2: number;
  readonly hi2: number;
}

function boxOf(points: ScorePoints): Box {
  let lo1 = Infinity;
  let hi1 = -Infinity;
  let lo2 = Infinity;
  let hi2 = -Infinity;
  for (let n = 0; n < points.count; n += 1) {
    const a = points.a[n] ?? 0;
    const b = points.b[n] ?? 0;
    if (a < lo1) lo1 = a;
    if (a > hi1) hi1 = a;
    if (b < lo2) lo2 = b;
    if (b > hi2) hi2 = b;
  }
  return { lo1, hi1, lo2, hi2 };
}

/**
 * The smallest and largest value of a projection over the points (not over their bounding box:
 * a margin and a total each span ~half the box's range of the other on a correlated grid).
 */
function projectionRange(projection: ScoreProjection, points: ScorePoints): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (let n = 0; n < points.count; n += 1) {
    const v = projectScore(projection, points.a[n] ?? 0, points.b[n] ?? 0);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return [lo, hi];
}

/** The work units of `contractLastBlock` (before the tied line), to compare with adding forwards. */
export function contractionCost(states: ScorePoints, cells: ScorePoints, axes: readonly [ScoreProjection, ScoreProjection]): number {
  if (states.count === 0 || cells.count === 0) return 0;
  const width = (p: ScoreProjection, points: ScorePoints): number => {
    const [lo, hi] = projectionRange(p, points);
    return hi - lo + 1;
  };
  return cells.count * width(axes[1], states) + states.count * (width(axes[0], cells) + 1);
}

/** The smallest and largest of the values, and 0 and 0 for none. */
function extent(values: Int32Array): [number, number] {
  let low = 0;
  let high = 0;
  if (values.length > 0) {
    low = Infinity;
    high = -Infinity;
    for (const x of values) {
      if (x < low) low = x;
      if (x > high) high = x;
    }
  }
  return [low, high];
}

/** The product of the factors on `projection` at every value of [lo, hi] (untied: no stage increment). */
function productTable(factors: readonly ContractedFactor[], projection: ScoreProjection, lo: number, hi: number, budget: WorkBudget): Float64Array {
  const own = factors.filter((f) => f.projection === projection);
  const table = new Float64Array(hi - lo + 1).fill(1);
  budget.charge(table.length * own.length * FACTOR_WORK);
  for (const f of own) for (let v = lo; v <= hi; v += 1) table[v - lo] = (table[v - lo] ?? 0) * f.value(v);
  return table;
}

/**
 * E[Π factors] after adding the block `cells` (independent of the states) to every state:
 * Σ over states x and cells c of p(x)·w(c)·Π f(view(x + c)), the views that include stages read
 * at the stages' increments where x + c is tied (margin 0) and `stages` is given. Every factor
 * must read one of two projections (`separableAxes` not null). Throws `JointTooLargeError` via
 * `budget`, charged before each pass.
 */
export function contractLastBlock(
  states: ScorePoints,
  cells: ScorePoints,
  factors: readonly ContractedFactor[],
  stages: StageIncrements | null,
  budget: WorkBudget,
): number {
  const axes = separableAxes(factors);
  if (axes === null) throw new RangeError('contractLastBlock needs factors on at most two projections');
  if (states.count === 0 || cells.count === 0) return 0;
  const [alpha, beta] = axes;
  const x = boxOf(states);
  const c = boxOf(cells);
  const [ax0, ax1] = projectionRange(alpha, states);
  const [bx0, bx1] = projectionRange(beta, states);
  const [ac0, ac1] = projectionRange(alpha, cells);
  const [bc0, bc1] = projectionRange(beta, cells);
  const nAx = ax1 - ax0 + 1;
  const nBx = bx1 - bx0 + 1;
  const nAc = ac1 - ac0 + 1;
  const u = productTable(factors, alpha, ax0 + ac0, ax1 + ac1, budget);
  const v = productTable(factors, beta, bx0 + bc0, bx1 + bc1, budget);
  // A projection no factor reads (U ≡ 1 or V ≡ 1: a subset without the spread, or without the
  // total) is not summed per value: the block's cells are marginalised onto the other one first.
  const betaFree = !factors.some((f) => f.projection === beta);
  const alphaFree = !factors.some((f) => f.projection === alpha);

  // Each state's sum over the block, Σ_c w(c) U(α(x+c)) V(β(x+c)), by the state's α and β values.
  let sumOf: (i: number, j: number) => number;
  if (betaFree) {
    // V ≡ 1: the block's cells by α alone, and the sum depends on the state's α only.
    budget.charge(cells.count + nAx * nAc + states.count);
    const h1 = new Float64Array(nAc);
    for (let n = 0; n < cells.count; n += 1) {
      const k = projectScore(alpha, cells.a[n] ?? 0, cells.b[n] ?? 0) - ac0;
      h1[k] = (h1[k] ?? 0) + (cells.p[n] ?? 0);
    }
    const byAlpha = new Float64Array(nAx);
    for (let i = 0; i < nAx; i += 1) {
      let sum = 0;
      for (let k = 0; k < nAc; k += 1) sum += (u[i + k] ?? 0) * (h1[k] ?? 0);
      byAlpha[i] = sum;
    }
    sumOf = (i) => byAlpha[i] ?? 0;
  } else {
    // Pass 1: the block's cells against V, per β of the state and α of the cell (a row per β).
    budget.charge(cells.count * nBx + nAc * nBx);
    const h = new Float64Array(nBx * nAc);
    for (let n = 0; n < cells.count; n += 1) {
      const ca = cells.a[n] ?? 0;
      const cb = cells.b[n] ?? 0;
      const w = cells.p[n] ?? 0;
      const k = projectScore(alpha, ca, cb) - ac0;
      const shift = projectScore(beta, ca, cb) - bc0;
      for (let j = 0; j < nBx; j += 1) h[j * nAc + k] = (h[j * nAc + k] ?? 0) + w * (v[j + shift] ?? 0);
    }
    if (alphaFree) {
      // U ≡ 1: a state's sum is its β row's total.
      budget.charge(nBx * nAc + states.count);
      const byBeta = new Float64Array(nBx);
      for (let j = 0; j < nBx; j += 1) {
        let sum = 0;
        for (let k = 0; k < nAc; k += 1) sum += h[j * nAc + k] ?? 0;
        byBeta[j] = sum;
      }
      sumOf = (_i, j) => byBeta[j] ?? 0;
    } else {
      // Pass 2: each state's row against U (only the states', not the whole α × β rectangle).
      budget.charge(states.count * (nAc + 1));
      sumOf = (i, j) => {
        const row = j * nAc;
        let sum = 0;
        for (let k = 0; k < nAc; k += 1) sum += (u[i + k] ?? 0) * (h[row + k] ?? 0);
        return sum;
      };
    }
  }
  let expectation = 0;
  for (let n = 0; n < states.count; n += 1) {
    const a = states.a[n] ?? 0;
    const b = states.b[n] ?? 0;
    expectation += (states.p[n] ?? 0) * sumOf(projectScore(alpha, a, b) - ax0, projectScore(beta, a, b) - bx0);
  }
  const tied = stages === null ? null : tiedCorrection(states, cells, factors, stages, u, ax0 + ac0, v, bx0 + bc0, axes, x, c, budget);
  return expectation + (tied ?? 0);
}

/**
 * Σ over the tied pairs (x + c = s:s) of p(x)·w(c)·D(s), D(s) = the stages' expected product at
 * s:s minus the untied product U·V counted by the passes. Null when the stages never play.
 */
function tiedCorrection(
  states: ScorePoints,
  cells: ScorePoints,
  factors: readonly ContractedFactor[],
  stages: StageIncrements,
  u: Float64Array,
  u0: number,
  v: Float64Array,
  v0: number,
  axes: readonly [ScoreProjection, ScoreProjection],
  x: Box,
  c: Box,
  budget: WorkBudget,
): number | null {
  let tiedMass = 0;
  for (const q of stages.p) tiedMass += q;
  // As the forward path: stages that never end (no outcome kept) leave the tied states as they are.
  if (stages.count === 0 || tiedMass === 0) return null;
  const s0 = Math.max(x.lo1 + c.lo1, x.lo2 + c.lo2);
  const s1 = Math.min(x.hi1 + c.hi1, x.hi2 + c.hi2);
  if (s0 > s1) return null;
  // A factor's increment per outcome. On the tied line a margin is 0, so a margin factor reads
  // its increment alone: its value weighs the outcome, and outcomes with the same increments of
  // the other factors are one (overtime's ~10⁴ outcomes become ~10² totals).
  const incrementsOf = (f: ContractedFactor): Int32Array => {
    const a = stages.a[f.level] ?? new Int32Array(stages.count);
    const b = stages.b[f.level] ?? new Int32Array(stages.count);
    return Int32Array.from({ length: stages.count }, (_unused, o) => projectScore(f.projection, a[o] ?? 0, b[o] ?? 0));
  };
  const fixed = factors.filter((f) => f.projection === 'margin');
  const moving = factors.filter((f) => f.projection !== 'margin');
  budget.charge(stages.count * (factors.length + 1));
  const weight = Float64Array.from(stages.p);
  for (const f of fixed) {
    const inc = incrementsOf(f);
    const [low, high] = extent(inc);
    budget.charge((high - low + 1) * FACTOR_WORK);
    const table = Float64Array.from({ length: high - low + 1 }, (_unused, k) => f.value(low + k));
    for (let o = 0; o < stages.count; o += 1) weight[o] = (weight[o] ?? 0) * (table[(inc[o] ?? 0) - low] ?? 0);
  }
  const movingIncrements = moving.map(incrementsOf);
  const merged = new Map<string, number>();
  const rowIncrements: number[] = [];
  const masses: number[] = [];
  for (let o = 0; o < stages.count; o += 1) {
    const w = weight[o] ?? 0;
    if (w === 0) continue;
    const row = movingIncrements.map((inc) => inc[o] ?? 0);
    const key = row.join(',');
    const at = merged.get(key);
    if (at === undefined) {
      merged.set(key, masses.length);
      rowIncrements.push(...row);
      masses.push(w);
    } else masses[at] = (masses[at] ?? 0) + w;
  }
  const nRows = masses.length;
  const nMoving = moving.length;
  // Each moving factor tabulated once over its values on the tied line widened by its increments;
  // `offset` is an outcome's index shift into it.
  const tables = moving.map((f, index) => {
    const [lowInc, highInc] = extent(movingIncrements[index] ?? new Int32Array(0));
    const ends = [projectScore(f.projection, s0, s0), projectScore(f.projection, s1, s1)];
    const low = Math.min(...ends) + Math.min(0, lowInc);
    const high = Math.max(...ends) + Math.max(0, highInc);
    budget.charge((high - low + 1) * FACTOR_WORK);
    const table = Float64Array.from({ length: high - low + 1 }, (_unused, k) => f.value(low + k));
    return { table, low, projection: f.projection };
  });
  const offsets = Int32Array.from(rowIncrements);
  const rowMass = Float64Array.from(masses);
  const nS = s1 - s0 + 1;
  budget.charge(nS * (nRows * (nMoving + 1) + nMoving));
  const d = new Float64Array(nS);
  const base = new Int32Array(nMoving);
  for (let t = s0; t <= s1; t += 1) {
    tables.forEach((table, f) => {
      base[f] = projectScore(table.projection, t, t) - table.low;
    });
    let sum = 0;
    for (let o = 0; o < nRows; o += 1) {
      let product = rowMass[o] ?? 0;
      for (let f = 0; f < nMoving; f += 1) product *= tables[f]?.table[(base[f] ?? 0) + (offsets[o * nMoving + f] ?? 0)] ?? 0;
      sum += product;
    }
    // The untied product the passes counted at t:t (read outside U or V only where t:t is out of
    // reach, where D is never read).
    const untied = (u[projectScore(axes[0], t, t) - u0] ?? 0) * (v[projectScore(axes[1], t, t) - v0] ?? 0);
    d[t - s0] = sum - untied;
  }

  // The block's cells by margin: a state of margin m is tied by the cells of margin −m.
  const m0 = c.lo1 - c.hi2;
  const m1 = c.hi1 - c.lo2;
  const start = new Int32Array(m1 - m0 + 2);
  for (let n = 0; n < cells.count; n += 1) {
    const at = (cells.a[n] ?? 0) - (cells.b[n] ?? 0) - m0 + 1;
    start[at] = (start[at] ?? 0) + 1;
  }
  for (let m = 1; m < start.length; m += 1) start[m] = (start[m] ?? 0) + (start[m - 1] ?? 0);
  const fill = start.slice(0, -1);
  const byMarginA = new Int32Array(cells.count);
  const byMarginW = new Float64Array(cells.count);
  for (let n = 0; n < cells.count; n += 1) {
    const at = (cells.a[n] ?? 0) - (cells.b[n] ?? 0) - m0;
    const slot = fill[at] ?? 0;
    byMarginA[slot] = cells.a[n] ?? 0;
    byMarginW[slot] = cells.p[n] ?? 0;
    fill[at] = slot + 1;
  }
  let pairs = 0;
  for (let n = 0; n < states.count; n += 1) {
    const m = (states.b[n] ?? 0) - (states.a[n] ?? 0) - m0;
    if (m >= 0 && m <= m1 - m0) pairs += (start[m + 1] ?? 0) - (start[m] ?? 0);
  }
  budget.charge(states.count + pairs);
  let correction = 0;
  for (let n = 0; n < states.count; n += 1) {
    const a = states.a[n] ?? 0;
    const m = (states.b[n] ?? 0) - a - m0;
    if (m < 0 || m > m1 - m0) continue;
    let sum = 0;
    const end = start[m + 1] ?? 0;
    for (let k = start[m] ?? 0; k < end; k += 1) sum += (byMarginW[k] ?? 0) * (d[a + (byMarginA[k] ?? 0) - s0] ?? 0);
    correction += (states.p[n] ?? 0) * sum;
  }
  return correction;
}
