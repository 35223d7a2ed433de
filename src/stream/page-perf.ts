// What this page applied of the stream and when it painted it, for `npm run bench:ui` (the page
// counts the updates it applies). Off unless the bench defines `window.__oddsPerf` before the app
// loads; then each batch adds the book's applied updates, and each odds frame in it the delay from
// its `ts` to the animation frame that paints it (the book's DOM updates land before that frame).
import type { BookOp } from '../book/book.ts';

export interface PagePerf {
  /** Updates the book applied (not skipped as older or duplicate). */
  applied: number;
  /** Per odds frame applied: paint frame − `ts`, ms. */
  paintDelaysMs: number[];
}

/** The bench's recorder, or undefined (the normal case: nothing is recorded). */
export function pagePerf(): PagePerf | undefined {
  return (globalThis as { __oddsPerf?: PagePerf }).__oddsPerf;
}

/** Adds one batch: `applied` updates, its odds frames painted at `paintedAt` (epoch ms). */
export function recordBatch(perf: PagePerf, applied: number, ops: readonly BookOp[], paintedAt: number): void {
  perf.applied += applied;
  for (const op of ops) {
    if (op.op === 'update' && op.frame.channel === 'odds') perf.paintDelaysMs.push(paintedAt - op.frame.ts);
  }
}
