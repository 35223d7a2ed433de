// Runs the simulator's timer-driven ticks in slices: a tick is a generator of steps, and the
// runner yields to the event loop (setImmediate) after about `sliceMs` of them, so REST requests
// are answered between slices; one step is never split. It also keeps the tick timings the
// periodic log prints.
import type { TickTimings } from './sim-types.ts';

/** The unit of work of a sliced tick: the runner may yield to the event loop after any step. */
export type TickSteps = Generator<void, void, undefined>;

/** Runs the remaining steps of a tick without yielding. */
export function drain(steps: TickSteps): void {
  while (steps.next().done !== true) {
    // Run to completion: the caller needs the tick done before it returns.
  }
}

/**
 * Wall time a timer-driven tick may hold the event loop before it yields (setImmediate) so that
 * REST requests are answered between its slices; one fixture's step is never split.
 */
export const TICK_SLICE_MS = 3;

/** What the runner drives: the simulator's tick, as steps. */
export interface SlicedTick {
  /** A fresh tick's steps. */
  steps(): TickSteps;
  /** What the current step is doing (for the timings). */
  stepLabel(): string;
  /** Runs between two slices; true when it did work worth timing (the slice's publish). */
  betweenSlices(): boolean;
}

function emptyTimings(): { ticks: number; longestTickMs: number; longestStepMs: number; longestStep: string } {
  return { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' };
}

export class TickRunner {
  private timer: NodeJS.Timeout | null = null;
  /** The timer-driven tick in progress (between slices), and its scheduled next slice. */
  private running: TickSteps | null = null;
  private nextSlice: NodeJS.Immediate | null = null;
  /** True while a step of the timer-driven tick runs (a listener or knob inside it must not re-enter it). */
  private stepping = false;
  private tickStartedAt = 0;
  private timings = emptyTimings();

  constructor(
    private readonly tick: SlicedTick,
    private readonly tickMs: number,
    private readonly sliceMs: number,
  ) {}

  /** Starts a tick every `tickMs` on the system timer (no-op when running). */
  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      this.startSlicedTick();
    }, this.tickMs);
  }

  /** Stops the timer and completes the tick in progress. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.finishRunningTick();
  }

  /** True between the slices of a timer-driven tick: some fixtures are stepped, the batch is not sent yet. */
  get inProgress(): boolean {
    return this.running !== null;
  }

  /** Completes the timer-driven tick in progress, if any, synchronously (not from inside it: it completes itself). */
  finishRunningTick(): void {
    if (this.stepping) return;
    if (this.nextSlice !== null) clearImmediate(this.nextSlice);
    this.nextSlice = null;
    const steps = this.running;
    this.running = null;
    if (steps !== null) drain(steps);
  }

  /** The tick timings since the last call (see {@link TickTimings}); the next call starts afresh. */
  takeTimings(): TickTimings {
    const taken = { ...this.timings };
    this.timings = emptyTimings();
    return taken;
  }

  private startSlicedTick(): void {
    // Still busy with the previous tick (a long stall): skip; the next tick's dt covers the time.
    if (this.running !== null) return;
    this.running = this.tick.steps();
    this.tickStartedAt = performance.now();
    this.runSlice();
  }

  private runSlice(): void {
    this.nextSlice = null;
    const steps = this.running;
    if (steps === null) return;
    const until = performance.now() + this.sliceMs;
    this.stepping = true;
    try {
      for (;;) {
        const started = performance.now();
        const done = steps.next().done === true;
        const ended = performance.now();
        if (ended - started > this.timings.longestStepMs) {
          this.timings.longestStepMs = ended - started;
          this.timings.longestStep = this.tick.stepLabel();
        }
        if (done) {
          this.running = null;
          this.timings.ticks++;
          this.timings.longestTickMs = Math.max(this.timings.longestTickMs, ended - this.tickStartedAt);
          return;
        }
        // Stopped from inside this tick (a change listener): finish it now, nothing may run after stop().
        if (performance.now() >= until && this.timer !== null) break;
      }
      const started = performance.now();
      if (this.tick.betweenSlices()) {
        const took = performance.now() - started;
        if (took > this.timings.longestStepMs) {
          this.timings.longestStepMs = took;
          this.timings.longestStep = 'slice publish (history + feed)';
        }
      }
    } catch (error) {
      this.running = null;
      throw error;
    } finally {
      this.stepping = false;
    }
    this.nextSlice = setImmediate(() => {
      this.runSlice();
    });
  }
}
