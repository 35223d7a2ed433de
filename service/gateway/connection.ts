// One logged-in WebSocket: its outbound path with the load rules (coalesce when slow, stop and
// re-snapshot when behind, close 4002 when it still cannot keep up) and its replay hold, which
// keeps live frames back while missed ones are replayed so that none is lost or sent twice.
import type WebSocket from 'ws';
import { compareEntryIds } from '../../src/domain/entry-id.ts';
import { CLOSE_CODES } from '../../src/wire/stream-schemas.ts';
import type { Channel, ControlFrame, DataFrame, ReceiveType } from '../../src/wire/stream-schemas.ts';
import type { GatewaySettings } from '../config.ts';
import { COALESCIBLE_CHANNELS, OddsCoalescer } from './coalesce.ts';
import type { FrameEncoder } from './encoding.ts';
import type { Subscription } from './subscription.ts';

/** Counters of the whole gateway (stats, tests and the bench read them). */
export interface GatewayCounters {
  framesSent: number;
  bytesSent: number;
  replayedFrames: number;
  /** Frames merged into a slow socket's pending latest state instead of being queued. */
  coalescedFrames: number;
  /** Frames not queued for a socket that was behind. */
  droppedFrames: number;
  /** Times a socket fell behind (buffer over behindBytes or coalesced state older than behindLagMs). */
  behindEvents: number;
  backpressureSnapshots: number;
  backpressureCloses: number;
  heartbeatTerminations: number;
}

/** What a connection needs from its gateway. */
export interface ConnectionContext {
  readonly encoder: FrameEncoder;
  readonly settings: GatewaySettings;
  readonly serverEpoch: string;
  readonly counters: GatewayCounters;
  /** The latest entryId of each listed channel that has one. */
  serverEntryIds(channels: readonly Channel[]): Record<string, string>;
  /** Wall-clock milliseconds (monotonic): backpressure timing is about the network, not the simulation. */
  wallNow(): number;
}

export class Connection {
  /** Set at login; null while the socket has not logged in. */
  subscription: Subscription | null = null;
  receiveType: ReceiveType = 'json';
  /** False after a ping until the pong: the heartbeat terminates a socket still false at the next ping. */
  alive = true;
  closed = false;
  private replaying = false;
  private held: DataFrame[] = [];
  private readonly pending = new OddsCoalescer();
  /** Wall time since which coalesced state waits (the socket is slow), or null. */
  private slowSince: number | null = null;
  /** Wall time since which the socket is behind (nothing is queued for it), or null. */
  private behindSince: number | null = null;
  /** Wall time of the last fresh start after being behind. */
  private freshStartAt: number | null = null;

  constructor(
    readonly ws: WebSocket,
    private readonly ctx: ConnectionContext,
  ) {}

  /** True while the connection needs `pump` calls: it holds coalesced state or is behind. */
  get needsPump(): boolean {
    return !this.closed && (this.behindSince !== null || !this.pending.isEmpty);
  }

  /** Sends a control frame (always JSON text, never coalesced or dropped). */
  sendControl(frame: ControlFrame): void {
    if (this.closed) return;
    this.ws.send(JSON.stringify(frame));
  }

  /** Sends an `error` frame and closes with `code`. */
  refuse(code: number, errorCode: string, message: string, retryAfterSec?: number): void {
    this.sendControl({ type: 'error', code: errorCode, message, ...(retryAfterSec === undefined ? {} : { retryAfterSec }) });
    this.close(code, errorCode);
  }

  close(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.pending.clear();
    this.slowSince = null;
    this.held = [];
    this.ws.close(code, reason);
  }

  /** Starts holding live frames back: a replay follows. */
  beginReplay(): void {
    this.replaying = true;
  }

  /**
   * Ends a replay: sends `resume_complete`, then the live frames held meanwhile except those the
   * replay already covered (`readUpTo`: per channel, the last entryId the replay read).
   */
  endReplay(readUpTo: ReadonlyMap<Channel, string>): void {
    this.replaying = false;
    const held = this.held;
    this.held = [];
    this.sendControl({ type: 'resume_complete', serverEpoch: this.ctx.serverEpoch });
    for (const frame of held) {
      const upTo = readUpTo.get(frame.channel);
      if (upTo !== undefined && compareEntryIds(frame.entryId, upTo) <= 0) continue;
      this.push(frame);
    }
  }

  /** A live frame for this socket (already filtered to its subscription). */
  deliver(frame: DataFrame): void {
    if (this.closed) return;
    if (this.replaying) this.held.push(frame);
    else this.push(frame);
  }

  /** A replayed frame: sent through the same load rules as live ones. */
  replay(frame: DataFrame): void {
    this.ctx.counters.replayedFrames++;
    this.push(frame);
  }

  /**
   * The outbound path: queue; coalesce odds while slow (buffer over slowBytes); drop while behind
   * (buffer over behindBytes, or coalesced state older than behindLagMs).
   */
  private push(frame: DataFrame): void {
    if (this.closed) return;
    if (this.behindSince !== null) {
      this.ctx.counters.droppedFrames++;
      return;
    }
    const buffered = this.ws.bufferedAmount;
    if (buffered > this.ctx.settings.behindBytes) {
      this.fallBehind();
      this.ctx.counters.droppedFrames++;
      return;
    }
    if (COALESCIBLE_CHANNELS.has(frame.channel) && (!this.pending.isEmpty || buffered > this.ctx.settings.slowBytes)) {
      this.slowSince ??= this.ctx.wallNow();
      this.pending.add(frame);
      this.ctx.counters.coalescedFrames++;
      return;
    }
    this.write(frame);
  }

  private write(frame: DataFrame): void {
    const data = this.ctx.encoder.encode(frame, this.receiveType);
    this.ctx.counters.framesSent++;
    this.ctx.counters.bytesSent += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
    this.ws.send(data);
  }

  /**
   * Housekeeping of the load rules, called after each batch and on a short timer while needed:
   * flushes coalesced state once the socket drained, makes the fresh start of a socket that was
   * behind (`snapshot_required` client_backpressure), or closes it with 4002.
   */
  pump(): void {
    if (this.closed) return;
    const buffered = this.ws.bufferedAmount;
    const { slowBytes, behindLagMs, behindMaxMs } = this.ctx.settings;
    const now = this.ctx.wallNow();
    if (this.behindSince !== null) {
      if (buffered <= slowBytes) this.freshStart();
      else if (now - this.behindSince >= behindMaxMs) this.closeForBackpressure();
      return;
    }
    if (this.pending.isEmpty) return;
    if (buffered <= slowBytes) {
      this.slowSince = null;
      for (const frame of this.pending.drain()) this.write(frame);
    } else if (this.slowSince !== null && now - this.slowSince > behindLagMs) {
      this.fallBehind();
    }
  }

  private fallBehind(): void {
    const now = this.ctx.wallNow();
    if (this.freshStartAt !== null && now - this.freshStartAt < this.ctx.settings.behindMaxMs) {
      this.closeForBackpressure();
      return;
    }
    this.behindSince = now;
    this.slowSince = null;
    this.ctx.counters.behindEvents++;
    this.ctx.counters.droppedFrames += this.pending.frames;
    this.pending.clear();
  }

  /** Back from behind: everything dropped meanwhile is re-snapshotted, the stream goes on from the present. */
  private freshStart(): void {
    const sub = this.subscription;
    this.behindSince = null;
    this.freshStartAt = this.ctx.wallNow();
    if (sub === null) return;
    this.ctx.counters.backpressureSnapshots++;
    this.sendControl({
      type: 'snapshot_required',
      reason: 'client_backpressure',
      channels: [...sub.channels],
      serverEpoch: this.ctx.serverEpoch,
      resumeWindowMs: this.ctx.settings.resumeWindowMs,
      serverEntryIds: this.ctx.serverEntryIds(sub.channels),
    });
  }

  private closeForBackpressure(): void {
    this.ctx.counters.backpressureCloses++;
    this.refuse(CLOSE_CODES.backpressure, 'backpressure', 'The connection cannot keep up with the stream; reconnect and re-snapshot.');
  }
}
