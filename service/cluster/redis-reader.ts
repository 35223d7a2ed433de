// The edges' side of the feed on Redis Streams (docs/deploy.md): an edge reads the snapshot key,
// then the feed stream after it with one blocking read (never one per client), and folds every
// message into its live state; resume reads a channel's stream (XRANGE after the cursor). When the
// streams' epoch changes (Redis lost them) the edge re-reads the snapshot and its clients are told
// `snapshot_required {reason: "server_restarted"}`.
import type { Redis } from 'ioredis';
import { compareEntryIds, type EntryId } from '../../src/domain/entry-id.ts';
import { CHANNELS, type Channel, type DataFrame } from '../../src/wire/stream-schemas.ts';
import { cursorOf, type LogEntry, type ReplayLog, type ReplayRead } from '../gateway/replay-log.ts';
import type { FeedMessage, FeedSnapshot } from '../producer/feed.ts';
import { feedCodec, type FeedKeys } from './redis-keys.ts';

/** What an edge (or a restarted producer) starts from. */
export interface FeedState {
  readonly epoch: string;
  readonly snapshot: FeedSnapshot;
  /** The feed id the snapshot is at; the tail follows it. */
  readonly snapshotId: string;
  /** The feed's messages after the snapshot, in order. */
  readonly tail: readonly FeedMessage[];
  /** The feed id of the tail's last message (the snapshot's when the tail is empty). */
  readonly feedId: string;
  /** The latest entryId of each channel's stream. */
  readonly latest: ReadonlyMap<Channel, string>;
}

type StreamEntries = [id: Buffer, fields: Buffer[]][];

/** The value of `name` among an entry's fields. */
function field(fields: readonly Buffer[], name: string): Buffer | null {
  for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i]?.toString() === name) return fields[i + 1] ?? null;
  return null;
}

/** The feed messages of stream entries, with the id of the last. */
function decodeEntries(entries: StreamEntries, epoch: string): { messages: FeedMessage[]; lastId: string | null; foreign: boolean } {
  const messages: FeedMessage[] = [];
  let lastId: string | null = null;
  for (const [id, fields] of entries) {
    if (field(fields, 'e')?.toString() !== epoch) return { messages, lastId, foreign: true };
    const packed = field(fields, 'm');
    if (packed !== null) messages.push(feedCodec.unpack(packed) as FeedMessage);
    lastId = id.toString();
  }
  return { messages, lastId, foreign: false };
}

/** The latest id of a stream (trimmed entries included), or null when it does not exist. */
async function lastGeneratedId(redis: Redis, key: string): Promise<string | null> {
  try {
    const info = (await redis.call('XINFO', 'STREAM', key)) as unknown[];
    for (let i = 0; i + 1 < info.length; i += 2) if (info[i] === 'last-generated-id') return String(info[i + 1]);
    return null;
  } catch {
    return null;
  }
}

/** The snapshot and the feed after it, or null when Redis holds no snapshot of its current epoch. */
export async function readFeedState(redis: Redis, keys: FeedKeys): Promise<FeedState | null> {
  const epoch = await redis.hget(keys.meta, 'epoch');
  const packed = await redis.getBuffer(keys.snapshot);
  if (epoch === null || packed === null) return null;
  const stored = feedCodec.unpack(packed) as { feedId: string; epoch: string; snapshot: FeedSnapshot };
  if (stored.epoch !== epoch) return null;
  const entries = (await redis.xrangeBuffer(keys.feed, `(${stored.feedId}`, '+')) as StreamEntries;
  const { messages, lastId } = decodeEntries(entries, epoch);
  const latest = new Map<Channel, string>();
  for (const channel of CHANNELS) {
    const id = await lastGeneratedId(redis, keys.channel(channel));
    if (id !== null && id !== '0-0') latest.set(channel, id);
  }
  return { epoch, snapshot: stored.snapshot, snapshotId: stored.feedId, tail: messages, feedId: lastId ?? stored.feedId, latest };
}

export interface ReaderEvents {
  /** A message of the current epoch, in feed order. */
  message(message: FeedMessage): void;
  /** The streams' epoch changed: `state` is the new start (the edge replaces its state with it). */
  restarted(state: FeedState): void;
  log(line: string): void;
}

/**
 * Follows the feed stream with one blocking read at a time on its own connection (a blocking
 * XREAD holds its connection). Starts after `from`; stops with `stop()`.
 */
export class RedisFeedReader {
  private stopped = false;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly keys: FeedKeys,
    private epoch: string,
    private lastId: string,
    private readonly events: ReaderEvents,
  ) {}

  /** The feed id of the last message read. */
  get position(): string {
    return this.lastId;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.redis.disconnect();
    await this.loop;
  }

  /** A method, not the field: stop() may set it while a read awaits. */
  private isStopped(): boolean {
    return this.stopped;
  }

  private async run(): Promise<void> {
    while (!this.isStopped()) {
      try {
        const reply = await this.redis.xreadBuffer('COUNT', 500, 'BLOCK', 1000, 'STREAMS', this.keys.feed, this.lastId);
        if (this.isStopped()) return;
        const entries = reply?.[0]?.[1] ?? [];
        const { messages, lastId, foreign } = decodeEntries(entries, this.epoch);
        for (const message of messages) this.events.message(message);
        if (lastId !== null) this.lastId = lastId;
        if (foreign || entries.length === 0) await this.checkEpoch();
      } catch (error) {
        if (this.isStopped()) return;
        this.events.log(`feed: reading Redis failed (${error instanceof Error ? error.message : String(error)}); retrying`);
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  }

  /** A changed epoch (or none yet) means Redis lost the streams: wait for the new snapshot, then start over from it. */
  private async checkEpoch(): Promise<void> {
    const epoch = await this.redis.hget(this.keys.meta, 'epoch');
    if (epoch === this.epoch) return;
    const state = await readFeedState(this.redis, this.keys);
    if (state === null) return;
    this.epoch = state.epoch;
    this.lastId = state.feedId;
    this.events.log(`feed: the streams' epoch changed to ${state.epoch}: starting over from the new snapshot`);
    this.events.restarted(state);
    for (const message of state.tail) this.events.message(message);
  }
}

/** How long a login waits for this edge to reach a cursor another edge handed out; then resume judges it as it stands. */
const CATCH_UP_MS = 2_000;

/**
 * The gateway's replay log over the channel streams: the producer wrote each frame under its
 * entryId; this edge only remembers each channel's latest id (for login_ok and resume plans) and
 * reads a resume with XRANGE. The producer trims (MINID = now − resume window).
 */
export class RedisReplayLog implements ReplayLog {
  private readonly latest = new Map<Channel, string>();
  /** Logins waiting for this edge to reach their cursors (caughtUp). */
  private readonly waiters = new Set<() => void>();

  constructor(
    private readonly redis: Redis,
    private readonly keys: FeedKeys,
    latest: ReadonlyMap<Channel, string>,
  ) {
    for (const [channel, id] of latest) this.latest.set(channel, id);
  }

  /** A new epoch: the ids so far mean nothing. */
  reset(latest: ReadonlyMap<Channel, string>): void {
    this.latest.clear();
    for (const [channel, id] of latest) this.latest.set(channel, id);
  }

  append(channel: Channel, ts: number, payload: DataFrame['payload'], entryId?: string): LogEntry {
    if (entryId === undefined) throw new Error(`a frame of ${channel} reached a shared replay log without the producer's entryId`);
    const latest = this.latest.get(channel);
    if (latest === undefined || compareEntryIds(entryId, latest) > 0) this.latest.set(channel, entryId);
    if (this.waiters.size > 0) for (const waiter of [...this.waiters]) waiter();
    return { channel, type: 'UPDATE', payload, ts, entryId };
  }

  /** Whether every cursor is at or before this edge's latest entry of its channel. */
  private reached(lastSeenId: Readonly<Record<string, string>>): boolean {
    for (const [channel, cursorText] of Object.entries(lastSeenId)) {
      const cursor = cursorOf(cursorText);
      const latest = this.latest.get(channel as Channel);
      // A malformed cursor or one of a channel never seen: nothing to wait for; resume judges it.
      if (cursor === null || latest === undefined || compareEntryIds(cursor, latest) <= 0) continue;
      return false;
    }
    return true;
  }

  caughtUp(lastSeenId: Readonly<Record<string, string>>): Promise<void> | undefined {
    if (this.reached(lastSeenId)) return undefined;
    return new Promise((resolve) => {
      const done = (): void => {
        if (!this.reached(lastSeenId) && Date.now() < deadline) return;
        this.waiters.delete(done);
        clearTimeout(timer);
        resolve();
      };
      const deadline = Date.now() + CATCH_UP_MS;
      const timer = setTimeout(done, CATCH_UP_MS);
      this.waiters.add(done);
    });
  }

  async readAfter(channel: Channel, cursor: EntryId): Promise<ReplayRead> {
    const key = this.keys.channel(channel);
    const cursorText = `${String(cursor.ms)}-${String(cursor.seq)}`;
    const [entries, deleted] = await Promise.all([
      this.redis.xrangeBuffer(key, `(${cursorText}`, '+') as Promise<StreamEntries>,
      maxDeletedId(this.redis, key),
    ]);
    const out: LogEntry[] = [];
    for (const [id, fields] of entries) {
      const packed = field(fields, 'p');
      const ts = Number(field(fields, 't')?.toString() ?? '0');
      if (packed === null) continue;
      out.push({ channel, type: 'UPDATE', payload: feedCodec.unpack(packed) as DataFrame['payload'], ts, entryId: id.toString() });
    }
    // Complete when nothing after the cursor was trimmed away: the newest deleted id is not after it.
    const complete = deleted === null || compareEntryIds(deleted, cursor) <= 0;
    return { entries: out, complete };
  }

  trimByAge(): void {
    // The producer trims the streams (MINID): one trim policy for every edge.
  }

  latestCursor(channel: Channel): string | null {
    return this.latest.get(channel) ?? null;
  }
}

/** The newest id trimmed or deleted from a stream (Redis 7's `max-deleted-entry-id`), null when none. */
async function maxDeletedId(redis: Redis, key: string): Promise<EntryId | null> {
  try {
    const info = (await redis.call('XINFO', 'STREAM', key)) as unknown[];
    for (let i = 0; i + 1 < info.length; i += 2) {
      if (info[i] === 'max-deleted-entry-id') {
        const id = cursorOf(String(info[i + 1]));
        return id === null || (id.ms === 0 && id.seq === 0) ? null : id;
      }
    }
    return null;
  } catch {
    return null;
  }
}
