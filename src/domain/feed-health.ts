// Whether the live feed is flowing, quiet or stalled, as a pure rule: the silence threshold from
// the recent gaps between frames, and the state machine the stream client drives with frames,
// periodic checks and a REST probe's outcome (docs/stream-client.md, "A stalled feed").

/** The silence threshold never drops below this, ms (a quiet second is not a stall). */
export const MIN_SILENCE_MS = 5_000;
/** The threshold is this many times the median gap between frames. */
export const SILENCE_GAP_FACTOR = 5;
/** The gaps that count: those that ended within this window, ms. */
export const GAP_WINDOW_MS = 60_000;
/** A probe that has not answered after this long counts as no answer, ms. */
export const PROBE_TIMEOUT_MS = 2_000;
/** While the feed stays silent, it is probed again this often, ms (a cheap call, far under any rate limit). */
export const REPROBE_EVERY_MS = 5_000;

/** The middle value (mean of the two middle ones for an even count); NaN for none. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** How long the feed may be silent before it is probed: max(5 s, 5 × the median gap); 5 s without gaps. */
export function silenceThresholdMs(gapsMs: readonly number[]): number {
  const m = median(gapsMs);
  return Number.isFinite(m) ? Math.max(MIN_SILENCE_MS, SILENCE_GAP_FACTOR * m) : MIN_SILENCE_MS;
}

/** Most gaps kept (a firehose of frames keeps the last ones of the minute; a median needs no more). */
const MAX_GAPS = 8_192;

/**
 * The gaps between the frames of the last minute. `restart()` after a reconnect: the time spent
 * disconnected is not a gap of the feed.
 */
export class FrameGaps {
  private readonly ends: number[] = [];
  private readonly lengths: number[] = [];
  private last: number | null = null;

  /** A frame arrived at `atMs`. */
  record(atMs: number): void {
    if (this.last !== null) {
      this.ends.push(atMs);
      this.lengths.push(Math.max(0, atMs - this.last));
      if (this.ends.length > MAX_GAPS) {
        this.ends.splice(0, this.ends.length - MAX_GAPS);
        this.lengths.splice(0, this.lengths.length - MAX_GAPS);
      }
    }
    this.last = atMs;
  }

  /** The next frame starts a new run (no gap is measured across a reconnect). */
  restart(): void {
    this.last = null;
  }

  /** The gaps that ended within the last minute before `nowMs` (older ones are forgotten). */
  recent(nowMs: number): readonly number[] {
    let drop = 0;
    while (drop < this.ends.length && (this.ends[drop] ?? 0) <= nowMs - GAP_WINDOW_MS) drop++;
    if (drop > 0) {
      this.ends.splice(0, drop);
      this.lengths.splice(0, drop);
    }
    return this.lengths;
  }

  /** The silence threshold at `nowMs` (see silenceThresholdMs). */
  thresholdMs(nowMs: number): number {
    return silenceThresholdMs(this.recent(nowMs));
  }
}

/**
 * `live`: frames arrive within the threshold. `silent`: none for longer, and either a probe is
 * running or the service answered it (the service is up, nothing changes: e.g. frozen).
 * `stalled`: none for longer, and the service did not answer a probe within 2 s.
 */
export type FeedState = 'live' | 'silent' | 'stalled';

export interface FeedHealth {
  readonly state: FeedState;
  /** When the last frame arrived (or the connection logged in, before any frame), epoch ms. */
  readonly lastFrameAt: number;
  /** When the probe in flight started, or null (a late answer to an abandoned probe is ignored). */
  readonly probeStartedAt: number | null;
  /** When the last probe started, or null: a silent feed is probed every REPROBE_EVERY_MS. */
  readonly lastProbeAt: number | null;
}

export type FeedEvent =
  /** A connection logged in (or a new socket): a fresh start, nothing heard yet. */
  | { readonly type: 'start'; readonly at: number }
  | { readonly type: 'frame'; readonly at: number }
  /** A periodic look at the silence against the threshold of the moment. */
  | { readonly type: 'check'; readonly at: number; readonly thresholdMs: number }
  | { readonly type: 'probe-answered'; readonly at: number }
  /** The probe timed out (PROBE_TIMEOUT_MS) or failed to reach the service. */
  | { readonly type: 'probe-failed'; readonly at: number };

/** The next health, and whether a probe must start now. */
export interface FeedStep {
  readonly health: FeedHealth;
  readonly probe: boolean;
}

/** The health of a connection that just logged in at `at`. */
export function initialFeedHealth(at: number): FeedHealth {
  return { state: 'live', lastFrameAt: at, probeStartedAt: null, lastProbeAt: null };
}

/** The state machine of the stall rule (see FeedState). */
export function nextFeedHealth(health: FeedHealth, event: FeedEvent): FeedStep {
  switch (event.type) {
    case 'start':
      return { health: initialFeedHealth(event.at), probe: false };
    case 'frame':
      return { health: { state: 'live', lastFrameAt: Math.max(health.lastFrameAt, event.at), probeStartedAt: null, lastProbeAt: health.lastProbeAt }, probe: false };
    case 'check': {
      const silentFor = event.at - health.lastFrameAt;
      if (silentFor <= event.thresholdMs) return { health, probe: false };
      const due = health.probeStartedAt === null && (health.lastProbeAt === null || event.at - health.lastProbeAt >= REPROBE_EVERY_MS);
      if (!due) return { health, probe: false };
      // While the first probe runs the feed counts as silent: only an unanswered probe makes it stalled.
      const state: FeedState = health.state === 'live' ? 'silent' : health.state;
      return { health: { ...health, state, probeStartedAt: event.at, lastProbeAt: event.at }, probe: true };
    }
    case 'probe-answered':
      if (health.probeStartedAt === null) return { health, probe: false };
      return { health: { ...health, state: 'silent', probeStartedAt: null }, probe: false };
    case 'probe-failed':
      if (health.probeStartedAt === null) return { health, probe: false };
      return { health: { ...health, state: 'stalled', probeStartedAt: null }, probe: false };
    default: {
      const unknown: never = event;
      throw new Error(`unknown feed event ${JSON.stringify(unknown)}`);
    }
  }
}
