// The simulator's typed change feed: per-channel payloads in the wire shapes of
// src/wire/stream-schemas.ts, gathered during one tick and handed to listeners as one batch.
import type {
  BookmakerFixtureMeta,
  Clock,
  FixtureView,
  FutureOddsEntry,
  InjuriesPayload,
  LineupsPayload,
  OddsEntry,
  ScorePeriod,
  StatsPayload,
} from '../../src/wire/shared-schemas.ts';
import type { Channel, ChannelPayload } from '../../src/wire/stream-schemas.ts';

/** One payload of one channel, typed by its channel. */
export type ChangeItem = {
  [C in Channel]: {
    readonly channel: C;
    readonly payload: ChannelPayload<C>;
    /**
     * The item's entryId, when the producer stamped it: a feed that crosses processes (Redis
     * Streams, issue #24) carries the ids so that every edge streams the same cursor for it.
     * Absent, the gateway's replay log assigns the next id of its channel.
     */
    readonly entryId?: string;
  };
}[Channel];

/**
 * Everything that changed in one tick, or in one slice of a timer-driven tick (`ts` is the
 * tick's time either way). Payload objects are fresh copies: a listener may keep them (a replay
 * buffer) without seeing later ticks' changes.
 */
export interface ChangeBatch {
  /** Simulation time of the tick, epoch ms. */
  readonly ts: number;
  readonly items: readonly ChangeItem[];
}

export type ChangeListener = (batch: ChangeBatch) => void;

/**
 * Collects a tick's changes, coalescing per key so that a value changed twice in a tick is sent
 * once with its last state (the `odds` channel is latest-state anyway, spec 6). Items come out
 * in a fixed channel order: fixture views and scores before the odds that depend on them.
 */
export class ChangeFeed {
  private readonly listeners = new Set<ChangeListener>();
  private readonly fixtures = new Map<string, FixtureView>();
  private readonly scores = new Map<string, Record<string, ScorePeriod>>();
  private readonly clocks = new Map<string, Clock>();
  private readonly bookmakers = new Map<string, Record<string, BookmakerFixtureMeta>>();
  /** fixtureId → bookmaker → oddsId → entry; one payload per (fixture, bookmaker). */
  private readonly odds = new Map<string, Map<string, Record<string, OddsEntry>>>();
  private readonly oddsFutures = new Map<string, Map<string, Record<string, FutureOddsEntry>>>();
  private readonly injuries = new Map<string, InjuriesPayload>();
  private readonly lineups = new Map<string, LineupsPayload>();
  private readonly stats = new Map<string, StatsPayload>();
  private pending = 0;

  /** Registers a listener; returns the function that removes it. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** True when someone listens: the simulator skips building payloads otherwise. */
  get active(): boolean {
    return this.listeners.size > 0;
  }

  /** Number of payload keys collected since the last flush. */
  get size(): number {
    return this.pending;
  }

  fixture(view: FixtureView): void {
    if (!this.fixtures.has(view.fixtureId)) this.pending++;
    this.fixtures.set(view.fixtureId, view);
  }

  score(fixtureId: string, row: ScorePeriod): void {
    let rows = this.scores.get(fixtureId);
    if (rows === undefined) {
      rows = {};
      this.scores.set(fixtureId, rows);
      this.pending++;
    }
    rows[row.period] = { ...row };
  }

  clock(fixtureId: string, clock: Clock): void {
    if (!this.clocks.has(fixtureId)) this.pending++;
    this.clocks.set(fixtureId, clock === null ? null : { ...clock });
  }

  bookmaker(fixtureId: string, meta: BookmakerFixtureMeta): void {
    let metas = this.bookmakers.get(fixtureId);
    if (metas === undefined) {
      metas = {};
      this.bookmakers.set(fixtureId, metas);
      this.pending++;
    }
    metas[meta.bookmaker] = { ...meta };
  }

  /** Records the entry's current state (copied: the simulator keeps mutating its own). */
  oddsEntry(fixtureId: string, oddsId: string, entry: OddsEntry): void {
    byBookmaker(this.odds, fixtureId, entry.bookmaker, () => this.pending++)[oddsId] = { ...entry };
  }

  futureOddsEntry(futureId: string, oddsId: string, entry: FutureOddsEntry): void {
    byBookmaker(this.oddsFutures, futureId, entry.bookmaker, () => this.pending++)[oddsId] = { ...entry };
  }

  injuriesOf(payload: InjuriesPayload): void {
    if (!this.injuries.has(payload.fixtureId)) this.pending++;
    this.injuries.set(payload.fixtureId, payload);
  }

  lineupsOf(payload: LineupsPayload): void {
    if (!this.lineups.has(payload.fixtureId)) this.pending++;
    this.lineups.set(payload.fixtureId, payload);
  }

  statsOf(payload: StatsPayload): void {
    if (!this.stats.has(payload.fixtureId)) this.pending++;
    this.stats.set(payload.fixtureId, payload);
  }

  /** Drops what was collected without telling anyone (used when nobody listens). */
  discard(): void {
    this.clear();
  }

  /** Hands the tick's batch to every listener (nothing when the tick changed nothing). */
  flush(ts: number): void {
    if (this.pending === 0) return;
    const items: ChangeItem[] = [];
    for (const view of this.fixtures.values()) items.push({ channel: 'fixtures', payload: view });
    for (const [fixtureId, scores] of this.scores) items.push({ channel: 'scores', payload: { fixtureId, scores } });
    for (const [fixtureId, clock] of this.clocks) items.push({ channel: 'clocks', payload: { fixtureId, clock } });
    for (const [fixtureId, bookmakers] of this.bookmakers) {
      items.push({ channel: 'bookmakers', payload: { fixtureId, bookmakers } });
    }
    for (const [fixtureId, books] of this.odds) {
      for (const [bookmaker, entries] of books) {
        items.push({ channel: 'odds', payload: { fixtureId, odds: { [bookmaker]: entries } } });
      }
    }
    for (const [futureId, books] of this.oddsFutures) {
      for (const [bookmaker, entries] of books) {
        items.push({ channel: 'oddsFutures', payload: { futureId, odds: { [bookmaker]: entries } } });
      }
    }
    for (const payload of this.injuries.values()) items.push({ channel: 'injuries', payload });
    for (const payload of this.lineups.values()) items.push({ channel: 'lineups', payload });
    for (const payload of this.stats.values()) items.push({ channel: 'stats', payload });
    this.clear();
    const batch: ChangeBatch = { ts, items };
    for (const listener of this.listeners) listener(batch);
  }

  private clear(): void {
    this.fixtures.clear();
    this.scores.clear();
    this.clocks.clear();
    this.bookmakers.clear();
    this.odds.clear();
    this.oddsFutures.clear();
    this.injuries.clear();
    this.lineups.clear();
    this.stats.clear();
    this.pending = 0;
  }
}

function byBookmaker<E>(
  map: Map<string, Map<string, Record<string, E>>>,
  id: string,
  bookmaker: string,
  onNewKey: () => void,
): Record<string, E> {
  let books = map.get(id);
  if (books === undefined) {
    books = new Map();
    map.set(id, books);
  }
  let entries = books.get(bookmaker);
  if (entries === undefined) {
    entries = {};
    books.set(bookmaker, entries);
    onNewKey();
  }
  return entries;
}
