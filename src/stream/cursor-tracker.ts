// The cursors of one stream client (docs/stream-client.md): the serverEpoch and the last entryId
// per channel, moved by every data frame and written to the store at most once per interval;
// what the login sends to resume, what login_ok and snapshot_required change, and the rewind to
// the last good position after a malformed frame.
import { compareEntryIds } from '../domain/entry-id.ts';
import type { Channel, LoginOkFrame } from '../wire/stream-schemas.ts';
import type { CursorStore, StreamCursors } from './cursor-store.ts';
import type { Timers } from './timers.ts';

/** What login_ok means for each subscribed channel. */
export interface ResumeDecision {
  /** Channels the stream cannot fill the gap of: REST must. */
  readonly resnapshot: Channel[];
  /** True when at least one channel is replayed. */
  readonly resuming: boolean;
  /** The server kept its epoch: the held cursors are still valid. */
  readonly sameEpoch: boolean;
}

export class CursorTracker {
  private cursors: StreamCursors | null = null;
  private dirty = false;
  private persistTimer: unknown = null;
  /**
   * The cursors as they were at the first malformed frame since the last connect: a frame that
   * cannot be read may have carried a change that nothing later repeats, so the next connect
   * resumes from here (replay, or re-snapshot of what is not replayable). Cursors keep moving
   * meanwhile; the next connect rewinds them to these.
   */
  private gap: Readonly<Record<string, string>> | null = null;

  constructor(
    private readonly store: CursorStore,
    private readonly timers: Timers,
    private readonly persistEveryMs: number,
  ) {}

  async load(): Promise<void> {
    this.cursors = await this.store.load();
  }

  /** Writes the cursors if they moved since the last write. */
  async persist(): Promise<void> {
    if (!this.dirty) return;
    this.dirty = false;
    await this.store.save(this.cursors);
  }

  /** Stops the periodic write for good (the handle stays, so none is scheduled again); `persist()` writes the last state. */
  stop(): void {
    if (this.persistTimer !== null) this.timers.clearTimeout(this.persistTimer);
  }

  /** A data frame of `channel` was processed; older or equal entryIds leave the cursor alone. */
  advance(channel: string, entryId: string): void {
    if (this.cursors === null) return;
    const held = this.cursors.lastSeenId[channel];
    if (held !== undefined && compareEntryIds(entryId, held) <= 0) return;
    this.cursors = { ...this.cursors, lastSeenId: { ...this.cursors.lastSeenId, [channel]: entryId } };
    this.schedulePersist();
  }

  /** A frame could not be read: keep the cursors held now as where the next connect resumes from. */
  markGap(): void {
    if (this.gap === null && this.cursors !== null) this.gap = this.cursors.lastSeenId;
  }

  /** At a connect: go back to the cursors of the first malformed frame since the last connect, if any. */
  rewindToGap(): void {
    if (this.gap === null) return;
    if (this.cursors !== null) this.cursors = { ...this.cursors, lastSeenId: this.gap };
    this.gap = null;
  }

  /** The login's resume fields: the held serverEpoch and the cursors of the replayable channels, or null with no cursors. */
  resumeFields(): { serverEpoch: string; lastSeenId: Record<string, string> } | null {
    if (this.cursors === null) return null;
    const lastSeenId: Record<string, string> = {};
    for (const channel of this.cursors.replayChannels) {
      const id = this.cursors.lastSeenId[channel];
      if (id !== undefined) lastSeenId[channel] = id;
    }
    return { serverEpoch: this.cursors.serverEpoch, lastSeenId };
  }

  /** Applies login_ok's resume: keeps the cursors of the channels replayed, and says which channels need REST. */
  loggedIn(resume: LoginOkFrame['resume'], subscribed: readonly Channel[]): ResumeDecision {
    const cursors = this.cursors;
    const replay = new Set(resume.replayChannels);
    const sameEpoch = cursors !== null && cursors.serverEpoch === resume.serverEpoch;
    const resnapshot: Channel[] = [];
    let resuming = false;
    for (const channel of subscribed) {
      const cursor = sameEpoch ? cursors.lastSeenId[channel] : undefined;
      // New epoch, no cursor, or not replayable: the stream cannot fill the gap, REST must.
      if (!sameEpoch || !replay.has(channel) || cursor === undefined) resnapshot.push(channel);
      else resuming = true;
    }
    const lastSeenId: Record<string, string> = {};
    if (sameEpoch) {
      for (const channel of subscribed) {
        const id = cursors.lastSeenId[channel];
        if (id !== undefined && replay.has(channel)) lastSeenId[channel] = id;
      }
    }
    this.cursors = { serverEpoch: resume.serverEpoch, lastSeenId, replayChannels: [...resume.replayChannels] };
    this.schedulePersist();
    return { resnapshot, resuming, sameEpoch };
  }

  /** snapshot_required: the cursors of `channels` are void (REST rebuilds them), under `serverEpoch`. */
  forget(channels: readonly Channel[], serverEpoch: string): void {
    if (this.cursors === null) return;
    const lastSeenId = { ...this.cursors.lastSeenId };
    for (const c of channels) Reflect.deleteProperty(lastSeenId, c);
    this.cursors = { ...this.cursors, serverEpoch, lastSeenId };
    this.schedulePersist();
  }

  private schedulePersist(): void {
    this.dirty = true;
    if (this.persistTimer !== null) return;
    this.persistTimer = this.timers.setTimeout(() => {
      this.persistTimer = null;
      void this.persist();
    }, this.persistEveryMs);
  }
}
