// The per-channel replay log of the gateway: every data frame it streams, kept for the resume
// window so a reconnecting client can be sent what it missed. In memory here; the interface is
// shaped after Redis Streams (ids `<ms>-<seq>`, XADD, XRANGE with an exclusive start, XTRIM MINID).
import { formatEntryId, nextEntryId, parseEntryId, type EntryId } from '../../src/domain/entry-id.ts';
import type { Channel, DataFrame } from '../../src/wire/stream-schemas.ts';

/** A logged frame: the data frame exactly as it was streamed to a socket that sees everything. */
export type LogEntry = DataFrame;

/** What a read after a cursor found. */
export interface ReplayRead {
  /** The retained entries strictly after the cursor, oldest first. */
  readonly entries: readonly LogEntry[];
  /**
   * False when an entry after the cursor is no longer retained (trimmed or capped away): the
   * entries are then not everything the client missed, and it must re-snapshot instead.
   */
  readonly complete: boolean;
}

/**
 * The store behind resume. `append` is synchronous because the gateway needs the entryId to
 * build the frame it sends at once (a Redis implementation assigns ids the same way and writes
 * them with XADD `<ms>-<seq>` behind); reads are asynchronous so that store can be remote.
 */
export interface ReplayLog {
  /**
   * Appends a payload to `channel` at time `ts` (epoch ms) and returns the logged frame. Its
   * entryId is `entryId` when the producer stamped one (a shared log: the id is already in the
   * store), else strictly after the channel's previous one even if `ts` goes backwards.
   */
  append(channel: Channel, ts: number, payload: DataFrame['payload'], entryId?: string): LogEntry;
  /** The retained entries of `channel` strictly after `cursor`, and whether they are all of them. */
  readAfter(channel: Channel, cursor: EntryId): Promise<ReplayRead>;
  /** Drops every entry whose entryId millisecond is below `minMs`; the latest cursor is remembered. */
  trimByAge(minMs: number): void;
  /** The entryId of the channel's latest entry ever appended (trimmed or not), or null. */
  latestCursor(channel: Channel): string | null;
  /**
   * A log shared by several gateways: resolves once this one has appended every cursor of
   * `lastSeenId` (or after a short wait), undefined when it already has. Absent: a private log
   * only ever holds the cursors it handed out itself.
   */
  caughtUp?(lastSeenId: Readonly<Record<string, string>>): Promise<void> | undefined;
}

interface ChannelStream {
  /** Entries in entryId order; `head` is the index of the oldest retained one. */
  entries: LogEntry[];
  ids: EntryId[];
  head: number;
  latest: EntryId | null;
  /** The newest entryId dropped so far: a cursor before it has lost entries. */
  droppedThrough: EntryId | null;
}

function isBefore(a: EntryId, b: EntryId): boolean {
  return a.ms < b.ms || (a.ms === b.ms && a.seq < b.seq);
}

/** The in-memory replay log, optionally capped per channel (the cap drops the oldest entries). */
export class MemoryReplayLog implements ReplayLog {
  private readonly streams = new Map<Channel, ChannelStream>();

  /** @param maxEntriesPerChannel a memory bound; entries beyond it go before the window ends. */
  constructor(private readonly maxEntriesPerChannel = 1_000_000) {}

  private stream(channel: Channel): ChannelStream {
    let stream = this.streams.get(channel);
    if (stream === undefined) {
      stream = { entries: [], ids: [], head: 0, latest: null, droppedThrough: null };
      this.streams.set(channel, stream);
    }
    return stream;
  }

  append(channel: Channel, ts: number, payload: DataFrame['payload'], entryId?: string): LogEntry {
    const stream = this.stream(channel);
    const stamped = entryId === undefined ? null : cursorOf(entryId);
    const id = stamped !== null && (stream.latest === null || isBefore(stream.latest, stamped)) ? stamped : nextEntryId(stream.latest, ts);
    const entry: LogEntry = { channel, type: 'UPDATE', payload, ts, entryId: formatEntryId(id.ms, id.seq) };
    stream.entries.push(entry);
    stream.ids.push(id);
    stream.latest = id;
    if (stream.entries.length - stream.head > this.maxEntriesPerChannel) this.dropUpTo(stream, stream.head + 1);
    return entry;
  }

  readAfter(channel: Channel, cursor: EntryId): Promise<ReplayRead> {
    const stream = this.streams.get(channel);
    if (stream === undefined) return Promise.resolve({ entries: [], complete: true });
    // Binary search for the first retained id after the cursor.
    let lo = stream.head;
    let hi = stream.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const id = stream.ids[mid];
      if (id !== undefined && !isBefore(cursor, id)) lo = mid + 1;
      else hi = mid;
    }
    const complete = stream.droppedThrough === null || !isBefore(cursor, stream.droppedThrough);
    return Promise.resolve({ entries: stream.entries.slice(lo), complete });
  }

  trimByAge(minMs: number): void {
    for (const stream of this.streams.values()) {
      let end = stream.head;
      while (end < stream.ids.length && (stream.ids[end]?.ms ?? Infinity) < minMs) end++;
      if (end > stream.head) this.dropUpTo(stream, end);
    }
  }

  latestCursor(channel: Channel): string | null {
    const latest = this.streams.get(channel)?.latest ?? null;
    return latest === null ? null : formatEntryId(latest.ms, latest.seq);
  }

  /** Number of retained entries of a channel (tests, stats). */
  retained(channel: Channel): number {
    const stream = this.streams.get(channel);
    return stream === undefined ? 0 : stream.entries.length - stream.head;
  }

  /** Drops entries [head, end); compacts the arrays once the dead prefix is half of them. */
  private dropUpTo(stream: ChannelStream, end: number): void {
    stream.droppedThrough = stream.ids[end - 1] ?? stream.droppedThrough;
    stream.head = end;
    if (stream.head > 1024 && stream.head * 2 > stream.entries.length) {
      stream.entries = stream.entries.slice(stream.head);
      stream.ids = stream.ids.slice(stream.head);
      stream.head = 0;
    }
  }
}

/** Parses a client cursor, or null when it is not a canonical entryId. */
export function cursorOf(entryId: string): EntryId | null {
  try {
    return parseEntryId(entryId);
  } catch {
    return null;
  }
}
