// The catalogue's own seeded random source (mulberry32 with FNV-1a-derived sub-seeds). Kept here,
// not shared with the simulator, so that the reference world of a seed never shifts when the
// simulator's sampling changes; `fork(label)` gives each tournament an independent stream, so
// adding a tournament does not reshuffle the others.

import { CatalogueError } from './sports.ts';

/** FNV-1a over the UTF-16 code units of `text`, mixed into `seed`: a 32-bit unsigned integer. */
export function hashSeed(seed: number, text: string): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export class SeededRandom {
  /** The seed this stream started from; forks derive from it, not from the current state. */
  readonly seed: number;
  private state: number;

  /** `seed` must be an integer from 0 to 2^32 − 1. */
  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
      throw new CatalogueError(`seed must be an integer from 0 to 4294967295, got ${String(seed)}`);
    }
    this.seed = seed >>> 0;
    this.state = this.seed;
  }

  /** A uniform number in [0, 1) with 32 bits of resolution (mulberry32). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A uniform integer from `min` to `max`, both inclusive. */
  int(min: number, max: number): number {
    if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) {
      throw new CatalogueError(`int(${String(min)}, ${String(max)}) needs integers with min ≤ max`);
    }
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** A normal sample (Box–Muller), `mean` ± `sd`. */
  normal(mean: number, sd: number): number {
    // 1 − next() is in (0, 1], so the logarithm is finite.
    const u = 1 - this.next();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** One element, uniformly. Throws `CatalogueError` on an empty list. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new CatalogueError('cannot pick from an empty list');
    return items[this.int(0, items.length - 1)] as T;
  }

  /** A shuffled copy (Fisher–Yates); the input is left alone. */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.int(0, i);
      const a = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = a;
    }
    return copy;
  }

  /** `count` distinct elements in random order. Throws `CatalogueError` if there are too few. */
  sample<T>(items: readonly T[], count: number): T[] {
    if (!Number.isInteger(count) || count < 0 || count > items.length) {
      throw new CatalogueError(`cannot sample ${String(count)} of ${String(items.length)} items`);
    }
    return this.shuffle(items).slice(0, count);
  }

  /**
   * An independent stream for `label`, determined by this stream's seed and the label only, so
   * that draws made before the fork do not change it.
   */
  fork(label: string): SeededRandom {
    return new SeededRandom(hashSeed(this.seed, label));
  }
}
