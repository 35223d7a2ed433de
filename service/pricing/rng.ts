// The service's one source of randomness: a small seeded generator (sfc32) with the samplers the
// simulator and the quoting noise need, so that a seed reproduces the whole generated world.

import { logFactorial } from './distributions.ts';

/** Invalid sampler argument (a negative rate, a non-finite mean...). The message names it. */
export class RngError extends Error {
  override readonly name = 'RngError';
}

/** A deterministic stream of random numbers; every method advances the same state. */
export interface Rng {
  /** Uniform on [0, 1), 32 bits of resolution. */
  next(): number;
  /** Uniform integer from `min` to `max`, both included. */
  int(min: number, max: number): number;
  /** True with probability `p` (0 ≤ p ≤ 1). */
  bernoulli(p: number): boolean;
  /** Normal with `mean` and standard deviation `sd` ≥ 0 (Box–Muller, both variates used). */
  normal(mean?: number, sd?: number): number;
  /** Poisson count with mean `lambda` ≥ 0 (exact: inversion below 30, PTRS rejection above). */
  poisson(lambda: number): number;
  /** Gamma with `shape` > 0 and `scale` > 0 (Marsaglia–Tsang). */
  gamma(shape: number, scale: number): number;
  /**
   * Negative binomial count with `mean` ≥ 0 and `dispersion` ≥ 0, variance mean + dispersion·mean²
   * (a Poisson whose rate is gamma distributed); dispersion 0 is the Poisson.
   */
  negativeBinomial(mean: number, dispersion: number): number;
  /** A uniformly chosen element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /**
   * An independent generator derived from this one's seed and `label`, without advancing this one:
   * parts of the world (one fixture, one bookmaker) draw from their own streams, so adding draws
   * in one part never shifts another.
   */
  fork(label: string): Rng;
}

/** 32-bit hash of a string (MurmurHash3's mixing), used to turn labels and seeds into state. */
export function hashString(text: string, seed = 0): number {
  let h = (0x9e3779b9 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 13;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function requireFinite(value: number, name: string, min: number): void {
  if (!Number.isFinite(value) || value < min) {
    throw new RngError(`${name} must be a finite number ≥ ${String(min)}, got ${String(value)}`);
  }
}

class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private spareNormal: number | null = null;
  private readonly seedText: string;

  constructor(seedText: string) {
    this.seedText = seedText;
    this.a = hashString(seedText, 1);
    this.b = hashString(seedText, 2);
    this.c = hashString(seedText, 3);
    this.d = 1;
    // The first outputs of a freshly seeded sfc32 are poorly mixed: discard them.
    for (let i = 0; i < 15; i += 1) this.nextUint32();
  }

  private nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  next(): number {
    return this.nextUint32() / 4294967296;
  }

  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new RngError(`int needs integers min ≤ max, got ${String(min)} and ${String(max)}`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  bernoulli(p: number): boolean {
    if (!(p >= 0 && p <= 1)) throw new RngError(`bernoulli needs 0 ≤ p ≤ 1, got ${String(p)}`);
    return this.next() < p;
  }

  normal(mean = 0, sd = 1): number {
    requireFinite(mean, 'normal mean', -Infinity);
    requireFinite(sd, 'normal sd', 0);
    if (this.spareNormal !== null) {
      const z = this.spareNormal;
      this.spareNormal = null;
      return mean + sd * z;
    }
    // 1 − next() lies in (0, 1], so the logarithm is finite.
    const radius = Math.sqrt(-2 * Math.log(1 - this.next()));
    const angle = 2 * Math.PI * this.next();
    this.spareNormal = radius * Math.sin(angle);
    return mean + sd * radius * Math.cos(angle);
  }

  poisson(lambda: number): number {
    requireFinite(lambda, 'poisson lambda', 0);
    if (lambda === 0) return 0;
    if (lambda < 30) {
      // Inversion: walk the CDF from 0; expected steps λ + 1.
      let k = 0;
      let p = Math.exp(-lambda);
      let cdf = p;
      const u = this.next();
      while (u >= cdf && p > 0) {
        k += 1;
        p *= lambda / k;
        cdf += p;
      }
      return k;
    }
    return this.poissonPtrs(lambda);
  }

  // Hörmann (1993), "The transformed rejection method for generating Poisson random variables".
  private poissonPtrs(lambda: number): number {
    const slam = Math.sqrt(lambda);
    const loglam = Math.log(lambda);
    const b = 0.931 + 2.53 * slam;
    const a = -0.059 + 0.02483 * b;
    const invalpha = 1.1239 + 1.1328 / (b - 3.4);
    const vr = 0.9277 - 3.6224 / (b - 2);
    for (;;) {
      const u = this.next() - 0.5;
      const v = this.next();
      const us = 0.5 - Math.abs(u);
      const k = Math.floor(((2 * a) / us + b) * u + lambda + 0.43);
      if (us >= 0.07 && v <= vr) return k;
      if (k < 0 || (us < 0.013 && v > us)) continue;
      const lhs = Math.log(v) + Math.log(invalpha) - Math.log(a / (us * us) + b);
      if (lhs <= -lambda + k * loglam - logFactorial(k)) return k;
    }
  }

  gamma(shape: number, scale: number): number {
    if (!(shape > 0) || !(scale > 0) || !Number.isFinite(shape) || !Number.isFinite(scale)) {
      throw new RngError(`gamma needs shape > 0 and scale > 0, got ${String(shape)} and ${String(scale)}`);
    }
    if (shape < 1) {
      // Boost: Gamma(a) = Gamma(a + 1) · U^(1/a).
      return this.gamma(shape + 1, scale) * (1 - this.next()) ** (1 / shape);
    }
    const d = shape - 1 / 3;
    const c = 1 / Math.sqrt(9 * d);
    for (;;) {
      const x = this.normal();
      const v0 = 1 + c * x;
      if (v0 <= 0) continue;
      const v = v0 * v0 * v0;
      const u = 1 - this.next();
      if (Math.log(u) < 0.5 * x * x + d - d * v + d * Math.log(v)) return d * v * scale;
    }
  }

  negativeBinomial(mean: number, dispersion: number): number {
    requireFinite(mean, 'negativeBinomial mean', 0);
    requireFinite(dispersion, 'negativeBinomial dispersion', 0);
    if (mean === 0) return 0;
    if (dispersion === 0) return this.poisson(mean);
    const shape = 1 / dispersion;
    return this.poisson(this.gamma(shape, mean / shape));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RngError('pick needs a non-empty list');
    return item;
  }

  fork(label: string): Rng {
    return new Sfc32(`${this.seedText}/${label}`);
  }
}

/**
 * A generator seeded by `seed` (a number or a string; 7 and "7" are the same seed): the same seed
 * always gives the same sequence, on every platform (only 32-bit integer arithmetic advances the
 * state; the samplers use Math.log/exp/sin/cos, exact to the last bit on one Node version).
 */
export function createRng(seed: number | string): Rng {
  if (typeof seed === 'number' && !Number.isFinite(seed)) {
    throw new RngError(`seed must be finite, got ${String(seed)}`);
  }
  return new Sfc32(String(seed));
}
