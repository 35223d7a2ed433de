// Resume (stream note, docs/stream.md): a login that brings the serverEpoch and lastSeenId of a
// previous connection gets the missed frames of its replayable channels from the replay log,
// coalesced and seen through its subscription, then `resume_complete`; channels whose cursor the
// log cannot serve (too old, or not handed out by this epoch) get `snapshot_required` instead.
import { compareEntryIds, type EntryId } from '../../src/domain/entry-id.ts';
import type { Channel, DataFrame, LoginFrame } from '../../src/wire/stream-schemas.ts';
import type { GatewaySettings } from '../config.ts';
import { coalesceFrames } from './coalesce.ts';
import type { Connection } from './connection.ts';
import type { FrameViews } from './frame-views.ts';
import { cursorOf, type ReplayLog, type ReplayRead } from './replay-log.ts';
import type { Subscription } from './subscription.ts';

/** Decides which channels a resume replays, and which need a snapshot and why. */
export interface ResumePlan {
  readonly restarted: boolean;
  readonly exceeded: Channel[];
  readonly reads: { channel: Channel; cursor: EntryId; cursorText: string }[];
}

export interface ResumeOptions {
  readonly replayLog: ReplayLog;
  readonly serverEpoch: string;
  readonly settings: GatewaySettings;
  /** The replayable channels of the configured replay mode. */
  readonly replayable: ReadonlySet<Channel>;
  readonly views: FrameViews;
  /** The source's clock (the resume window is simulation time, as the log's entryIds). */
  readonly now: () => number;
  /** The latest entryId of each listed channel that has one. */
  readonly serverEntryIds: (channels: readonly Channel[]) => Record<string, string>;
  /** Sends what sockets hold (the replayed socket's live frames, kept back meanwhile). */
  readonly pumpAll: () => void;
}

export class Resumer {
  constructor(private readonly options: ResumeOptions) {}

  /** The plan for a login: null when it asks no resume, `restarted` when its serverEpoch is not this one. */
  plan(login: LoginFrame, sub: Subscription): ResumePlan | null {
    const { serverEpoch, replayLog, replayable, settings } = this.options;
    if (login.lastSeenId === undefined && login.serverEpoch === undefined) return null;
    if (login.serverEpoch !== serverEpoch) return { restarted: true, exceeded: [], reads: [] };
    if (login.lastSeenId === undefined) return null;
    const now = this.options.now();
    const exceeded: Channel[] = [];
    const reads: ResumePlan['reads'] = [];
    for (const channel of sub.channels) {
      const cursorText = login.lastSeenId[channel];
      // Cursors of channels that are not replayable are ignored: login_ok's replayChannels told
      // the client to re-snapshot those from REST.
      if (cursorText === undefined || !replayable.has(channel)) continue;
      const cursor = cursorOf(cursorText);
      const latestText = replayLog.latestCursor(channel);
      const latest = latestText === null ? null : cursorOf(latestText);
      if (cursor === null || latest === null || compareEntryIds(cursor, latest) > 0) {
        // Not a cursor this epoch handed out: nothing can be replayed from it.
        exceeded.push(channel);
      } else if (compareEntryIds(cursor, latest) === 0 || cursor.ms >= now - settings.resumeWindowMs) {
        // The latest entry of a quiet channel is within the window whatever its age.
        reads.push({ channel, cursor, cursorText });
      } else {
        exceeded.push(channel);
      }
    }
    return { restarted: false, exceeded, reads };
  }

  /** Replays a plan that is not `restarted` to a connection whose replay hold is on, and ends the hold. */
  async run(connection: Connection, sub: Subscription, plan: ResumePlan): Promise<void> {
    const { replayLog, serverEpoch, settings, views, serverEntryIds } = this.options;
    const results: { channel: Channel; cursorText: string; read: ReplayRead }[] = [];
    for (const r of plan.reads) results.push({ channel: r.channel, cursorText: r.cursorText, read: await replayLog.readAfter(r.channel, r.cursor) });
    if (connection.closed) return;
    const exceeded = [...plan.exceeded, ...results.filter((r) => !r.read.complete).map((r) => r.channel)];
    if (exceeded.length > 0) {
      connection.sendControl({
        type: 'snapshot_required',
        reason: 'resume_window_exceeded',
        channels: exceeded,
        serverEpoch,
        resumeWindowMs: settings.resumeWindowMs,
        serverEntryIds: serverEntryIds(exceeded),
      });
    }
    const readUpTo = new Map<Channel, string>();
    for (const { channel, cursorText, read } of results) {
      if (!read.complete) continue;
      const last = read.entries[read.entries.length - 1];
      readUpTo.set(channel, last?.entryId ?? cursorText);
      const visible: DataFrame[] = [];
      for (const entry of read.entries) {
        const view = views.viewFor(entry, sub, null);
        if (view !== null) visible.push(view);
      }
      for (const frame of coalesceFrames(visible)) connection.replay(frame);
    }
    connection.endReplay(readUpTo);
    this.options.pumpAll();
  }
}
