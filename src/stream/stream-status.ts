// What the stream client tells about its connection (the connection indicator's input), and the
// board every part of the client changes it through, so that each change reaches `onStatus`.
import type { FeedState } from '../domain/feed-health.ts';
import type { DroppedFilters, ReceiveType } from '../wire/stream-schemas.ts';

/** connected / resuming (replay running) / re-snapshotting (REST fetch running) / offline. */
export type ConnectionPhase = 'connecting' | 'resuming' | 'resnapshotting' | 'connected' | 'offline';

/** What the connection indicator shows. */
export interface StreamStatus {
  readonly phase: ConnectionPhase;
  /** The negotiated receiveType (null until login_ok). */
  readonly receiveType: ReceiveType | null;
  readonly access: { readonly live: boolean; readonly pregame: boolean } | null;
  /** The login's filter values the gateway left out as outside the key (`login_ok.dropped`), or null. */
  readonly dropped: DroppedFilters | null;
  readonly channels: readonly string[];
  readonly replayChannels: readonly string[];
  readonly serverEpoch: string | null;
  /** Channels being rebuilt from REST now. */
  readonly resnapshotChannels: readonly string[];
  /** Data frames per second over the last second. */
  readonly updatesPerSec: number;
  /** now − `ts` of the last data frame, ms (null before any). */
  readonly delayMs: number | null;
  readonly malformedFrames: number;
  /** The last problem in words (close code, error frame, snapshot failure), or null. */
  readonly problem: string | null;
  /** True after a 4401: the key is missing or invalid, the settings must change; no retry. */
  readonly needsSettings: boolean;
  /** Epoch ms of the next reconnect attempt while offline, or null. */
  readonly retryAt: number | null;
  /** Whether the logged-in feed flows (see src/domain/feed-health.ts); `live` while not logged in. */
  readonly feed: FeedStatus;
}

/** The stall rule's verdict on the logged-in feed, and the figures behind it. */
export interface FeedStatus {
  readonly state: FeedState;
  /** How long no frame has come, ms, as of the last check (0 while live). */
  readonly silentForMs: number;
  /** The silence that triggers a probe now: max(5 s, 5 × the median gap of the last minute). */
  readonly thresholdMs: number;
}

/**
 * True when live odds and bookmaker metas reach the book now: logged in, and neither channel is
 * waiting for a re-snapshot (its deltas are buffered meanwhile). Otherwise the age of what the
 * book holds says nothing about a bookmaker (LiveBook.setDelivering).
 */
export function deliversOdds(status: StreamStatus | null): boolean {
  if (status === null || (status.phase !== 'connected' && status.phase !== 'resuming')) return false;
  return !status.resnapshotChannels.some((channel) => channel === 'odds' || channel === 'bookmakers');
}

/** The feed of a socket that is not logged in, or just logged in. */
export const LIVE_FEED: FeedStatus = { state: 'live', silentForMs: 0, thresholdMs: 5_000 };

/** The client's status: read by every part, changed only through `set`, each change reported. */
export class StatusBoard {
  private status: StreamStatus = {
    phase: 'offline',
    receiveType: null,
    access: null,
    dropped: null,
    channels: [],
    replayChannels: [],
    serverEpoch: null,
    resnapshotChannels: [],
    updatesPerSec: 0,
    delayMs: null,
    malformedFrames: 0,
    problem: null,
    needsSettings: false,
    retryAt: null,
    feed: LIVE_FEED,
  };

  constructor(private readonly onStatus: ((status: StreamStatus) => void) | undefined) {}

  get current(): StreamStatus {
    return this.status;
  }

  set(patch: Partial<StreamStatus>): void {
    this.status = { ...this.status, ...patch };
    this.onStatus?.(this.status);
  }
}

/** The status's data-frame figures: frames over the last second and the delay, posted at most every 250 ms. */
export class FrameStats {
  private frameTimes: number[] = [];
  private lastStatsAt = 0;

  constructor(
    private readonly status: StatusBoard,
    private readonly now: () => number,
  ) {}

  /** A data frame stamped `ts` arrived. */
  frame(ts: number): void {
    this.frameTimes.push(this.now());
    const t = this.now();
    if (t - this.lastStatsAt < 250) return;
    this.lastStatsAt = t;
    this.frameTimes = this.frameTimes.filter((x) => t - x < 1000);
    this.status.set({ delayMs: Math.max(0, t - ts), updatesPerSec: this.frameTimes.length });
  }
}
