// Latest-state coalescing of the `odds` and `oddsFutures` channels (spec 6: they "deliver latest
// state, not every tick"): many frames of one fixture or future merge into one frame holding the
// last entry per oddsId. Used by the extended replay and for sockets that cannot keep up.
import { compareEntryIds } from '../../src/domain/entry-id.ts';
import type { Channel, DataFrame } from '../../src/wire/stream-schemas.ts';

/** The channels that may be coalesced: their payloads are `{<id>, odds: {bookmaker: {oddsId: entry}}}`. */
export const COALESCIBLE_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(['odds', 'oddsFutures']);

interface Group {
  readonly channel: Channel;
  readonly idField: 'fixtureId' | 'futureId';
  readonly id: string;
  readonly odds: Record<string, Record<string, unknown>>;
  /** The latest frame merged in: its entryId and ts become the coalesced frame's. */
  last: DataFrame;
  merged: number;
}

type OddsLike = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * Merges coalescible frames per fixture (or future), keeping the last entry per bookmaker and
 * oddsId. `drain` gives one frame per fixture, each carrying the entryId and ts of the latest
 * frame merged into it, in entryId order: the ids a client sees still only go forward, and the
 * last one is the latest merged, so the client's cursor ends where it would have without
 * coalescing.
 */
export class OddsCoalescer {
  private readonly groups = new Map<string, Group>();
  private entries = 0;

  /** Number of frames merged since the last drain. */
  get frames(): number {
    let n = 0;
    for (const group of this.groups.values()) n += group.merged;
    return n;
  }

  /** Number of distinct (bookmaker, oddsId) entries held. */
  get size(): number {
    return this.entries;
  }

  get isEmpty(): boolean {
    return this.groups.size === 0;
  }

  /** Adds an `odds` or `oddsFutures` frame (other channels are refused with an Error). */
  add(frame: DataFrame): void {
    if (!COALESCIBLE_CHANNELS.has(frame.channel)) throw new Error(`the ${frame.channel} channel is not coalescible`);
    const idField = frame.channel === 'odds' ? 'fixtureId' : 'futureId';
    const id = frame.payload[idField];
    const odds = frame.payload.odds;
    if (typeof id !== 'string' || odds === null || typeof odds !== 'object') return;
    const key = `${frame.channel}\u0000${id}`;
    let group = this.groups.get(key);
    if (group === undefined) {
      group = { channel: frame.channel, idField, id, odds: {}, last: frame, merged: 0 };
      this.groups.set(key, group);
    }
    group.last = frame;
    group.merged++;
    for (const [bookmaker, entries] of Object.entries(odds as OddsLike)) {
      let into = group.odds[bookmaker];
      if (into === undefined) {
        into = {};
        group.odds[bookmaker] = into;
      }
      for (const [oddsId, entry] of Object.entries(entries)) {
        if (!(oddsId in into)) this.entries++;
        into[oddsId] = entry;
      }
    }
  }

  /** The coalesced frames in entryId order; the coalescer is empty afterwards. */
  drain(): DataFrame[] {
    const groups = [...this.groups.values()].sort((a, b) => compareEntryIds(a.last.entryId, b.last.entryId));
    this.clear();
    return groups.map((g) =>
      g.merged === 1
        ? g.last
        : { channel: g.channel, type: 'UPDATE', payload: { [g.idField]: g.id, odds: g.odds }, ts: g.last.ts, entryId: g.last.entryId },
    );
  }

  clear(): void {
    this.groups.clear();
    this.entries = 0;
  }
}

/** Coalesces a run of frames of one channel (a replay): odds and oddsFutures merge, others pass as they are. */
export function coalesceFrames(frames: readonly DataFrame[]): DataFrame[] {
  if (frames.length === 0 || !COALESCIBLE_CHANNELS.has(frames[0]?.channel ?? 'fixtures')) return [...frames];
  const coalescer = new OddsCoalescer();
  for (const frame of frames) coalescer.add(frame);
  return coalescer.drain();
}
