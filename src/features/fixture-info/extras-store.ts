// The latest injuries, lineups and live statistics per fixture. A REST read (/fixtures/injuries,
// /lineups, /stats) seeds what the stream has not sent yet; the live book hands stream frames on
// without keeping them, so this store keeps the last payload of each channel (newest entryId wins).
import type { ExtrasUpdate, LiveBook } from '../../book/book.ts';
import { compareEntryIds } from '../../domain/entry-id.ts';
import type { InjuriesPayload, LineupsPayload, StatsPayload } from '../../wire/shared-schemas.ts';

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

/** One channel's payload, from a stream frame or a REST read. */
export type Seed =
  | { readonly channel: 'injuries'; readonly payload: InjuriesPayload }
  | { readonly channel: 'lineups'; readonly payload: LineupsPayload }
  | { readonly channel: 'stats'; readonly payload: StatsPayload };

/** The cursor of a REST seed: before any entryId a gateway hands out. */
const SEED_ENTRY_ID = '0-0';

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
   * Seeds a channel's payload from REST when the stream has sent nothing for it yet: a REST read
   * carries no entryId, so it ranks below every stream frame (`0-0`) and never undoes one.
   */
  seed(extras: Seed): void {
    if (this.get(extras.payload.fixtureId)[extras.channel] !== undefined) return;
    this.put(extras, SEED_ENTRY_ID);
  }

  /**
   * Takes one frame; an entryId not after the held one (a replay, a repeat) changes nothing.
   * The payload replaces the held one whole: each channel sends the full current list or table.
   */
  apply(frame: ExtrasUpdate): void {
    this.put(frame, frame.entryId);
  }

  private put(frame: Seed, entryId: string): void {
    const fixtureId = frame.payload.fixtureId;
    const held = this.get(fixtureId);
    const previous = held[frame.channel];
    if (previous !== undefined && compareEntryIds(entryId, previous.entryId) <= 0) return;
    const next: FixtureExtrasLive = { ...held, [frame.channel]: { payload: frame.payload, entryId } };
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
