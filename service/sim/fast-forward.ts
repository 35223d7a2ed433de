// The seeded past: a fixture played from its books' opening to now at a coarse pace, with the
// same code as live play, its changes written straight to history (nothing is published).
import { OPEN_HORIZON_SEC } from './fixture-runtime.ts';
import type { FixtureRuntime, StepContext } from './fixture-runtime.ts';
import { isLive, isOpen } from '../../src/wire/status.ts';

/** What fast-forwarding needs of the engine. */
export interface FastForwardHost {
  readonly simSpeed: number;
  context(nowMs: number, quoteRate?: number, coarse?: boolean): StepContext & { nowMs: number };
  stepFixture(runtime: FixtureRuntime, ctx: StepContext & { nowMs: number }, dtMs: number): void;
}

/** Longest pre-match step while seeding the past (the books' requote pace there). */
const COARSE_PREGAME_STEP_MS = 6 * 3600_000;
/**
 * While seeding, pre-match steps also stop at these offsets before kick-off (ms): the line moves
 * in the last day (every book requotes after it), at the lineups, and in the last minutes, so
 * the seeded closes are made from the kick-off strength like the live ones.
 */
const COARSE_PREGAME_CHECKPOINTS_MS: readonly number[] = [24 * 3600_000, 6 * 3600_000, 3600_000, 120_000, 60_000, 0];

/** The end of a coarse pre-match step from `t`: six hours on, or the next checkpoint before. */
function coarsePregameStepEnd(t: number, startMs: number): number {
  let end = t + COARSE_PREGAME_STEP_MS;
  for (const before of COARSE_PREGAME_CHECKPOINTS_MS) {
    const at = startMs - before;
    if (at > t && at < end) end = at;
  }
  return end;
}

/**
 * Plays one fixture from its opening to `untilMs` at a coarse pace (quotes every few hours
 * pre-match, every few match minutes live): the seeded past, written straight to history.
 */
export function fastForward(host: FastForwardHost, runtime: FixtureRuntime, untilMs: number): void {
  const plan = runtime.record.planned;
  const startMs = plan.startTime * 1000;
  const openMs = startMs - OPEN_HORIZON_SEC.sharp * 1000;
  if (openMs >= untilMs) return;
  if (startMs > untilMs) {
    // Upcoming: its books open now with one model, and its history starts here (repricing
    // its whole pre-match past would cost a model per drift step and tell nothing new).
    const ctx = host.context(untilMs);
    host.stepFixture(runtime, ctx, 0);
    return;
  }
  let t = openMs;
  runtime.updateEverySec = COARSE_PREGAME_STEP_MS / 1000;
  const ctx = host.context(t, 0.02, true);
  while (t < untilMs && isOpen(runtime.statusId)) {
    const live = isLive(runtime.statusId);
    const next = Math.min(untilMs, live ? t + Math.max(1000, 300_000 / host.simSpeed) : coarsePregameStepEnd(t, startMs));
    const dt = next - t;
    t = next;
    ctx.nowMs = t;
    if (live) runtime.updateEverySec = Math.max(1, 600 / host.simSpeed);
    host.stepFixture(runtime, ctx, dt);
  }
  runtime.updateEverySec = null;
  // Live now: the books go on from the current clock and score, not from a coarse snapshot.
  runtime.rebase(host.context(untilMs));
}
