// After a malformed frame: reconnect shortly and resume from the cursors held before it (see
// CursorTracker.markGap). The delay grows while malformed frames keep coming (a gateway that
// sends the same bad frame on every replay must not be hammered); a burst of them costs one
// reconnect.
import type { Timers } from './timers.ts';

/** Malformed frames further apart than this start the resync backoff afresh. */
const RESYNC_STREAK_RESET_MS = 30_000;

export interface ResyncOptions {
  readonly timers: Timers;
  readonly now: () => number;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
  readonly isStopped: () => boolean;
  /** Called at every malformed frame, before anything is scheduled. */
  readonly markGap: () => void;
  /** The reconnect itself. */
  readonly resync: () => void;
}

export class ResyncScheduler {
  private timer: unknown = null;
  private streak = 0;
  private lastMalformedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly options: ResyncOptions) {}

  /** A frame could not be read. */
  malformed(): void {
    const { timers, now, backoff, isStopped } = this.options;
    const t = now();
    if (t - this.lastMalformedAt > RESYNC_STREAK_RESET_MS) this.streak = 0;
    this.lastMalformedAt = t;
    this.options.markGap();
    if (this.timer !== null || isStopped()) return;
    const delay = Math.min(backoff.maxMs, backoff.baseMs * 2 ** this.streak);
    this.streak = Math.min(this.streak + 1, 20);
    this.timer = timers.setTimeout(() => {
      this.timer = null;
      if (isStopped()) return;
      this.options.resync();
    }, delay);
  }

  /** A connect is under way (or the client stops): no resync is due. */
  cancel(): void {
    if (this.timer === null) return;
    this.options.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
