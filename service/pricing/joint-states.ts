// A joint distribution over a few integer dimensions (the views of the score rows a parlay's legs
// depend on), built step by step by the models' dynamic programmes: dense when the packed range
// is small, a hash map otherwise, with a work budget so that no request can run away.

import { PricingError } from './pricing-error.ts';

/** Largest packed range held in a dense array (16 MiB of doubles). */
const DENSE_LIMIT = 1 << 21;

/** Packed ranges above this are refused: keys must stay exact in a double. */
const KEY_LIMIT = 2 ** 52;

/** Thrown when a joint distribution would need more states or work than the budget allows. */
export class JointTooLargeError extends PricingError {
  override readonly name = 'JointTooLargeError';
}

/**
 * Probability mass over integer vectors (v₀, ..., v_{n−1}) with vᵢ in [loᵢ, hiᵢ], packed into
 * one key: key = Σ (vᵢ − loᵢ)·strideᵢ. The key is linear in the vector, so adding a fixed vector
 * to every state is adding a fixed number to every key.
 */
export class JointStates {
  readonly lo: readonly number[];
  readonly hi: readonly number[];
  readonly strides: readonly number[];
  readonly range: number;
  private readonly dense: Float64Array | null;
  private readonly sparse: Map<number, number> | null;

  constructor(lo: readonly number[], hi: readonly number[]) {
    if (lo.length !== hi.length) throw new PricingError('joint dimensions need as many lows as highs');
    const strides: number[] = [];
    let range = 1;
    for (let i = lo.length - 1; i >= 0; i -= 1) {
      const low = lo[i] ?? 0;
      const high = hi[i] ?? 0;
      if (!Number.isInteger(low) || !Number.isInteger(high) || high < low) {
        throw new PricingError(`joint dimension ${String(i)} has an invalid range ${String(low)}..${String(high)}`);
      }
      strides[i] = range;
      range *= high - low + 1;
      if (range > KEY_LIMIT) throw new JointTooLargeError('the joint distribution has too many dimensions');
    }
    this.lo = lo;
    this.hi = hi;
    this.strides = strides;
    this.range = range;
    this.dense = range <= DENSE_LIMIT ? new Float64Array(range) : null;
    this.sparse = this.dense === null ? new Map() : null;
  }

  /** Whether the states are held in a dense array (a hash map otherwise: ~40× the cost per update). */
  isDense(): boolean {
    return this.dense !== null;
  }

  /** An empty distribution with the same dimensions. */
  emptyLike(): JointStates {
    return new JointStates(this.lo, this.hi);
  }

  /** The key of a vector; throws when a value is outside its range. */
  encode(values: ArrayLike<number>): number {
    let key = 0;
    for (let i = 0; i < this.lo.length; i += 1) {
      const v = values[i] ?? Number.NaN;
      const low = this.lo[i] ?? 0;
      if (!(v >= low && v <= (this.hi[i] ?? 0))) {
        throw new PricingError(`joint value ${String(v)} of dimension ${String(i)} is outside its range`);
      }
      key += (v - low) * (this.strides[i] ?? 0);
    }
    return key;
  }

  /** The key offset of adding `delta` to a vector (no range check). */
  offset(delta: ArrayLike<number>): number {
    let shift = 0;
    for (let i = 0; i < this.lo.length; i += 1) shift += (delta[i] ?? 0) * (this.strides[i] ?? 0);
    return shift;
  }

  /** Writes the vector of `key` into `out`. */
  decode(key: number, out: Int32Array): void {
    let rest = key;
    for (let i = 0; i < this.lo.length; i += 1) {
      const stride = this.strides[i] ?? 1;
      const v = Math.floor(rest / stride);
      rest -= v * stride;
      out[i] = v + (this.lo[i] ?? 0);
    }
  }

  addKey(key: number, p: number): void {
    if (this.dense !== null) this.dense[key] = (this.dense[key] ?? 0) + p;
    else if (this.sparse !== null) this.sparse.set(key, (this.sparse.get(key) ?? 0) + p);
  }

  add(values: ArrayLike<number>, p: number): void {
    this.addKey(this.encode(values), p);
  }

  /** Calls `visit` for every state of non-zero mass. */
  forEach(visit: (key: number, p: number) => void): void {
    if (this.dense !== null) {
      const dense = this.dense;
      for (let key = 0; key < dense.length; key += 1) {
        const p = dense[key] ?? 0;
        if (p !== 0) visit(key, p);
      }
    } else if (this.sparse !== null) {
      for (const [key, p] of this.sparse) if (p !== 0) visit(key, p);
    }
  }

  /**
   * The distribution after one independent step: every state moves by each transition's offset
   * with its probability, except states for which `stays` is true (a finished series), which keep
   * their mass. Charges states × transitions to `budget`.
   */
  advance(transitions: Transitions, budget: WorkBudget, stays?: (key: number) => boolean): JointStates {
    budget.charge(this.count() * transitions.keys.length * (this.dense === null ? SPARSE_WORK : 1) + (this.dense?.length ?? 0));
    const next = this.emptyLike();
    const { keys, mass } = transitions;
    this.forEach((key, p) => {
      if (stays?.(key) === true) {
        next.addKey(key, p);
        return;
      }
      for (let t = 0; t < keys.length; t += 1) next.addKey(key + (keys[t] ?? 0), p * (mass[t] ?? 0));
    });
    return next;
  }

  /** Number of states of non-zero mass. */
  count(): number {
    let n = 0;
    this.forEach(() => {
      n += 1;
    });
    return n;
  }

  total(): number {
    let sum = 0;
    this.forEach((_key, p) => {
      sum += p;
    });
    return sum;
  }
}

/** A work budget: each model step charges the number of state × outcome pairs it visits. */
export class WorkBudget {
  readonly limit: number;
  private left: number;

  constructor(limit: number) {
    this.limit = limit;
    this.left = limit;
  }

  /** Work charged so far. */
  get used(): number {
    return this.limit - this.left;
  }

  charge(work: number): void {
    this.left -= work;
    if (this.left < 0) {
      throw new JointTooLargeError('the joint distribution of these legs needs more work than the budget allows');
    }
  }
}

/**
 * Default budget of one joint computation. A unit is one multiply-add on a dense array (~1–2 ns
 * here); a hash-map state update or a leg evaluation is charged `SPARSE_WORK` / `FACTOR_WORK`
 * units, so the budget bounds time whatever the path. bench/sgp-cost.bench.ts measures 5–6·10⁵
 * charged units per CPU ms on the heavy paths of this project's 2-core machine under load, so
 * 2·10⁷ units is ~35–40 ms (not the 20 ms once written here); an SGP quote gets half of it
 * (`SGP_WORK_LIMIT`, ≤ 20 ms). It was 6·10⁷ uncalibrated units, which let a basketball parlay
 * hold the event loop for seconds.
 */
export const JOINT_WORK_LIMIT = 2e7;

/** Units charged per state update in a hash map (sparse `JointStates`). */
export const SPARSE_WORK = 40;

/** Units charged per evaluation of a leg's (memoised) expected return. */
export const FACTOR_WORK = 20;

/** The outcomes of one step of a programme as key offsets, equal offsets merged. */
export interface Transitions {
  readonly keys: Float64Array;
  readonly mass: Float64Array;
}

/** Collects a step's outcomes, merging those that move the states by the same offset. */
export class TransitionsBuilder {
  private readonly merged = new Map<number, number>();

  add(offset: number, p: number): void {
    this.merged.set(offset, (this.merged.get(offset) ?? 0) + p);
  }

  build(): Transitions {
    const keys = new Float64Array(this.merged.size);
    const mass = new Float64Array(this.merged.size);
    let k = 0;
    for (const [offset, p] of this.merged) {
      keys[k] = offset;
      mass[k] = p;
      k += 1;
    }
    return { keys, mass };
  }
}
