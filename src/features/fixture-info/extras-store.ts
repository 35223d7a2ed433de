// The latest injuries, lineups and live statistics per fixture, as the stream delivers them. The
// service offers no REST read for them and the live book hands them on without keeping them, so
// this store keeps the last payload of each channel per fixture (newest entryId wins).
import type { ExtrasUpdate, LiveBook } from '../../book/book.ts';
import { compareEntryIds } from '../../domain/entry-id.ts';
import type { InjuriesPayload, LineupsPayload, StatsPayload } from '../../wire/schemas.ts';

/** One channel's latest payload for a fixture and the entryId it came with. */
export interface Held<P> {
  readonly payload: P;
  readonly entryId: string;
}

/** What the store holds for one fixture (a new object per change, so it suits useSyncExternalStore). */
export interface FixtureExtrasLive {
  readonly injuries?: Held<InjuriesPayload>;
  readonly lineups?: Held<LineupsPayload>;
  readonly stats?: Held<StatsPayload>;
}

const NOTHING: FixtureExtrasLive = {};

/** Keeps the latest extras per fixture; notifies the listeners of the fixture that changed. */
export class FixtureExtrasStore {
  private readonly byFixture = new Map<string, FixtureExtrasLive>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** What is held for `fixtureId` (the same empty object when nothing is). */
  get(fixtureId: string): FixtureExtrasLive {
    return this.byFixture.get(fixtureId) ?? NOTHING;
  }

  subscribe(fixtureId: string, listener: () => void): () => void {
    let set = this.listeners.get(fixtureId);
    if (set === undefined) {
      set = new Set();
      this.listeners.set(fixtureId, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(fixtureId);
      current?.delete(listener);
      if (current?.size === 0) this.listeners.delete(fixtureId);
    };
  }

  /**
   * Takes one frame; an entryId not after the held one (a replay, a repeat) changes nothing.
   * The payload replaces the held one whole: each channel sends the full current list or table.
   */
  apply(frame: ExtrasUpdate): void {
    const fixtureId = frame.payload.fixtureId;
    const held = this.get(fixtureId);
    const previous = held[frame.channel];
    if (previous !== undefined && compareEntryIds(frame.entryId, previous.entryId) <= 0) return;
    const next: FixtureExtrasLive = { ...held, [frame.channel]: { payload: frame.payload, entryId: frame.entryId } };
    this.byFixture.set(fixtureId, next);
    for (const listener of [...(this.listeners.get(fixtureId) ?? [])]) listener();
  }
}

const stores = new WeakMap<LiveBook, FixtureExtrasStore>();

/**
 * The extras store fed by `book`, created (and subscribed to the book) on first use. Frames that
 * arrived before are not recovered, so call it as early as the book exists if possible.
 */
export function extrasStoreOf(book: LiveBook): FixtureExtrasStore {
  let store = stores.get(book);
  if (store === undefined) {
    const created = new FixtureExtrasStore();
    book.subscribeExtras((frame) => {
      created.apply(frame);
    });
    stores.set(book, created);
    store = created;
  }
  return store;
}
