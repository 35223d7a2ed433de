// The stall rule on a logged-in socket (docs/stream-client.md, "A stalled feed"): every frame
// is noted, the silence is checked against the threshold on a timer, and a feed silent past it
// is probed over REST; the verdict goes to the status as `feed`.
import { FrameGaps, initialFeedHealth, nextFeedHealth, PROBE_TIMEOUT_MS, type FeedEvent, type FeedHealth } from '../domain/feed-health.ts';
import { LIVE_FEED, type StatusBoard } from './stream-status.ts';
import type { Timers } from './timers.ts';

export interface FeedWatchOptions {
  readonly status: StatusBoard;
  readonly timers: Timers;
  readonly now: () => number;
  /** See StreamClientOptions.probe. */
  readonly probe: ((signal: AbortSignal) => Promise<void>) | undefined;
  readonly checkEveryMs: number;
}

export class FeedWatch {
  /** The rule's state while a socket is logged in, null otherwise. */
  private health: FeedHealth | null = null;
  private readonly gaps = new FrameGaps();
  private checkTimer: unknown = null;
  private probeTimer: unknown = null;
  private probeAbort: AbortController | null = null;

  constructor(private readonly options: FeedWatchOptions) {}

  /** A socket logged in: the rule starts afresh. */
  start(): void {
    this.stop();
    const { now, timers, checkEveryMs, status } = this.options;
    const t = now();
    this.gaps.restart();
    this.health = initialFeedHealth(t);
    status.set({ feed: { ...LIVE_FEED, thresholdMs: this.gaps.thresholdMs(t) } });
    const check = (): void => {
      this.checkTimer = timers.setTimeout(check, checkEveryMs);
      const at = now();
      this.event({ type: 'check', at, thresholdMs: this.gaps.thresholdMs(at) });
    };
    this.checkTimer = timers.setTimeout(check, checkEveryMs);
  }

  /** The socket is gone (or being replaced): no verdict on a feed that is not there. */
  stop(): void {
    const status = this.options.status;
    if (this.checkTimer !== null) this.options.timers.clearTimeout(this.checkTimer);
    this.checkTimer = null;
    this.endProbe();
    this.health = null;
    if (status.current.feed.state !== 'live') status.set({ feed: { ...status.current.feed, state: 'live', silentForMs: 0 } });
  }

  /** A frame came on the logged-in socket. */
  noteFrame(): void {
    if (this.health === null) return;
    const t = this.options.now();
    this.gaps.record(t);
    if (this.health.state !== 'live') {
      this.endProbe();
      this.event({ type: 'frame', at: t });
    } else {
      // The common case, hundreds of times a second: no status change, nothing posted.
      this.health = nextFeedHealth(this.health, { type: 'frame', at: t }).health;
    }
  }

  private event(event: FeedEvent): void {
    if (this.health === null) return;
    const status = this.options.status;
    const step = nextFeedHealth(this.health, event);
    this.health = step.health;
    if (step.probe) this.runProbe();
    const health = this.health;
    const silentForMs = health.state === 'live' ? 0 : Math.max(0, event.at - health.lastFrameAt);
    // Shown to 0.1 s: a sparse feed's median moves a little at every frame.
    const thresholdMs = event.type === 'check' ? Math.round(event.thresholdMs / 100) * 100 : status.current.feed.thresholdMs;
    const shown = status.current.feed;
    // Frames come by the hundred a second: the status (posted to every page) changes only when
    // what the header shows does — the state, or while not live the whole seconds of silence.
    if (shown.state === health.state && shown.thresholdMs === thresholdMs && Math.floor(shown.silentForMs / 1000) === Math.floor(silentForMs / 1000)) return;
    status.set({ feed: { state: health.state, silentForMs, thresholdMs } });
  }

  private endProbe(): void {
    if (this.probeTimer !== null) this.options.timers.clearTimeout(this.probeTimer);
    this.probeTimer = null;
    this.probeAbort?.abort();
    this.probeAbort = null;
  }

  private runProbe(): void {
    this.endProbe();
    const { probe, timers, now } = this.options;
    if (probe === undefined) {
      this.event({ type: 'probe-answered', at: now() });
      return;
    }
    const abort = new AbortController();
    this.probeAbort = abort;
    // Only the probe in flight may report: an ended one (timed out, or replaced) is ignored.
    const report = (type: 'probe-answered' | 'probe-failed'): void => {
      if (this.probeAbort !== abort) return;
      if (this.probeTimer !== null) timers.clearTimeout(this.probeTimer);
      this.probeTimer = null;
      this.probeAbort = null;
      this.event({ type, at: now() });
    };
    this.probeTimer = timers.setTimeout(() => {
      report('probe-failed');
      abort.abort();
    }, PROBE_TIMEOUT_MS);
    probe(abort.signal).then(
      () => {
        report('probe-answered');
      },
      () => {
        report('probe-failed');
      },
    );
  }
}
