// The relay's producer: instead of a simulator, the upstream v5 service. It seeds from the
// upstream's REST, follows its gateway, and republishes both as the same Feed messages the
// simulator's producer sends (a snapshot, then batches and statuses), so the edge's LiveState and
// gateway work unchanged; every relayed price change goes into the history store as the
// simulator's do. A re-snapshot (first login, new serverEpoch, snapshot_required) is published as
// a snapshot, which the edge diffs against what it holds (docs/service.md, "Relay mode").
import type { Future } from '../../src/wire/rest-schemas.ts';
import type { BookmakerFixtureMeta, FixtureView, FutureOddsEntry } from '../../src/wire/shared-schemas.ts';
import type { StreamUpdate } from '../../src/wire/stream-schemas.ts';
import type { FeedBatch, FeedListener, FeedMessage, FixtureScope, FixtureState, FutureScope, FutureState, ProducerStatus } from '../producer/feed.ts';
import type { ChangeItem } from '../sim/change-feed.ts';
import type { ResilientHistory } from '../sim/resilient-history.ts';
import type { HistoryStore, PriceChange } from '../storage/history-store.ts';
import type { UpstreamRest } from './upstream-rest.ts';
import {
  arrayOf,
  chunks,
  EXTRA_CHANNELS,
  fetchExtras,
  fetchFixtureSlots,
  fetchMetas,
  fixtureChange,
  fixtureScopeOfView,
  futureChange,
  futureScopeOfView,
  LIST_CHUNK,
  mergeNewer,
  upstreamJson,
  type FixtureSlot,
  type FutureSlot,
  type OddsByBook,
} from './upstream-state.ts';

const STATUS_MS = 1000;
/**
 * How often the fixtures list is read again: the views of fixtures move in ways no frame carries
 * (the upstream's own edge learns them beside its stream), and fixtures appear and are purged
 * between frames. One request of the `other` bucket (200 a minute) every 2 s is 30 a minute.
 */
const SWEEP_MS = 2000;
/** Every how many sweeps the futures list is read too (futures change listing rarely). */
const FUTURES_SWEEP_EVERY = 5;
/** Wait before a failed re-snapshot is tried again. */
const RETRY_MS = 1000;

/** A batch being put together from frames. */
class BatchBuilder {
  readonly items: ChangeItem[] = [];
  readonly touched = new Set<string>();
  readonly viewed = new Set<string>();
  readonly futures = new Set<string>();
  readonly added: FixtureState[] = [];
  readonly changes: PriceChange[] = [];

  get empty(): boolean {
    return this.items.length + this.added.length === 0;
  }
}

export interface RelayProducerDeps {
  readonly rest: UpstreamRest;
  readonly recorder: ResilientHistory;
  readonly history: HistoryStore;
  readonly log: (line: string) => void;
}

export class RelayProducer {
  private fixtures = new Map<string, FixtureSlot>();
  private futures = new Map<string, FutureSlot>();
  private readonly listeners = new Set<FeedListener>();
  private pending = new BatchBuilder();
  private flushScheduled = false;
  /** Frames received while a re-snapshot is being fetched: applied on top of it, older entries skipped. */
  private buffered: ChangeItem[] | null = null;
  private snapshotting: Promise<void> | null = null;
  private snapshotAgain = false;
  /** Fixtures named by a frame before the relay held them: fetched from REST, their frames kept meanwhile. */
  private readonly unknown = new Map<string, ChangeItem[]>();
  private unknownTimer: NodeJS.Timeout | null = null;
  private statusTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private sweeping = false;
  private sweeps = 0;
  private priceChanges = 0;
  private snapshots = 0;
  private closed = false;

  constructor(private readonly deps: RelayProducerDeps) {}

  /** Registers a listener: the current state at once as a snapshot, then batches and statuses. */
  subscribe(listener: FeedListener): () => void {
    this.listeners.add(listener);
    listener(this.snapshotMessage());
    listener({ kind: 'status', status: this.status() });
    return () => this.listeners.delete(listener);
  }

  startStatus(): void {
    this.statusTimer ??= setInterval(() => {
      this.publish({ kind: 'status', status: this.status() });
    }, STATUS_MS);
    this.statusTimer.unref();
  }

  /** Starts reading the fixtures list every SWEEP_MS (views, new and purged fixtures), the futures list every FUTURES_SWEEP_EVERY sweeps. */
  startSweep(): void {
    this.sweepTimer ??= setInterval(() => {
      void this.sweep();
    }, SWEEP_MS);
    this.sweepTimer.unref();
  }

  close(): void {
    this.closed = true;
    if (this.statusTimer !== null) clearInterval(this.statusTimer);
    if (this.sweepTimer !== null) clearInterval(this.sweepTimer);
    if (this.unknownTimer !== null) clearTimeout(this.unknownTimer);
  }

  /** Re-snapshots published so far (the first included). */
  get snapshotCount(): number {
    return this.snapshots;
  }

  status(): ProducerStatus {
    const byStatus: Record<string, number> = {};
    const bySport: Record<string, number> = {};
    let live = 0;
    let oddsEntries = 0;
    for (const slot of this.fixtures.values()) {
      const { status, sport } = slot.view;
      byStatus[status.statusName] = (byStatus[status.statusName] ?? 0) + 1;
      bySport[String(sport.sportId)] = (bySport[String(sport.sportId)] ?? 0) + 1;
      if (status.live) live++;
      for (const entries of Object.values(slot.odds)) oddsEntries += Object.keys(entries).length;
    }
    return {
      now: Date.now(),
      stats: {
        fixturesByStatus: byStatus,
        fixturesBySport: bySport,
        marketsOffered: 0,
        bookmakers: 0,
        live,
        quotedFixtures: 0,
        oddsEntries,
        priceChanges: this.priceChanges,
        goals: 0,
        settlements: 0,
        // A relay has no clock of its own to freeze: it shows what the upstream sends.
        frozen: false,
        ticks: 0,
      },
      ticks: { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' },
      history: this.deps.recorder.health(),
      dbBytes: this.deps.history.sizeBytes(),
    };
  }

  /**
   * Fetches the whole state from REST and publishes it as a snapshot; frames arriving meanwhile
   * wait and are applied after it. Calls during a re-snapshot make one more run after it.
   */
  resnapshot(reason: string): Promise<void> {
    if (this.snapshotting !== null) {
      this.snapshotAgain = true;
      return this.snapshotting;
    }
    this.buffered ??= [];
    this.snapshotting = (async () => {
      try {
        do {
          this.snapshotAgain = false;
          const started = Date.now();
          try {
            await this.fetchSnapshot();
            this.deps.log(`relay: snapshot from the upstream's REST (${reason}): ${String(this.fixtures.size)} fixtures, ${String(this.futures.size)} futures in ${String(Date.now() - started)} ms`);
          } catch (error) {
            // The upstream went away mid-snapshot (a restart): try again; frames keep waiting.
            this.deps.log(`relay: snapshot failed (${error instanceof Error ? error.message : String(error)}); retrying in ${String(RETRY_MS)} ms`);
            await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
            this.snapshotAgain = true;
          }
        } while (this.snapshotAgain && !this.closed);
      } finally {
        const frames = this.buffered ?? [];
        this.buffered = null;
        this.snapshotting = null;
        for (const frame of frames) this.apply(frame);
        this.scheduleFlush();
      }
    })();
    return this.snapshotting;
  }

  /**
   * Reads `channels` (bookmakers, injuries, lineups, stats) of every fixture held again from REST,
   * after a resume that could not replay them, and sends on what differs as the stream would have.
   */
  async refreshChannels(channels: readonly string[]): Promise<void> {
    if (this.idle()) return; // a re-snapshot running brings them anyway
    const ids = [...this.fixtures.keys()];
    const extraChannels = new Set(EXTRA_CHANNELS.filter((channel) => channels.includes(channel)));
    let metas: Map<string, Record<string, BookmakerFixtureMeta>>;
    let extras: Awaited<ReturnType<typeof fetchExtras>>;
    try {
      metas = channels.includes('bookmakers') ? await fetchMetas((path) => this.getJson(path), ids, Date.now()) : new Map<string, Record<string, BookmakerFixtureMeta>>();
      extras = await fetchExtras((path) => this.getJson(path), extraChannels.size > 0 ? ids : [], extraChannels);
    } catch (error) {
      this.deps.log(`relay: could not read ${channels.join(', ')} again (${error instanceof Error ? error.message : String(error)}); re-snapshot instead`);
      void this.resnapshot(`${channels.join(', ')} could not be read again`);
      return;
    }
    if (this.idle()) return;
    const out = this.pending;
    for (const [fixtureId, slot] of this.fixtures) {
      const changedMetas: Record<string, BookmakerFixtureMeta> = {};
      for (const [slug, meta] of Object.entries(metas.get(fixtureId) ?? {})) {
        if (JSON.stringify(slot.bookmakers[slug]) !== JSON.stringify(meta)) changedMetas[slug] = meta;
      }
      const items: ChangeItem[] = [];
      if (Object.keys(changedMetas).length > 0) items.push({ channel: 'bookmakers', payload: { fixtureId, bookmakers: changedMetas } });
      const found = extras.get(fixtureId);
      if (found?.injuries !== undefined && JSON.stringify(found.injuries) !== JSON.stringify(slot.injuries)) items.push({ channel: 'injuries', payload: found.injuries });
      if (found?.lineups !== undefined && JSON.stringify(found.lineups) !== JSON.stringify(slot.lineups)) items.push({ channel: 'lineups', payload: found.lineups });
      if (found?.stats !== undefined && JSON.stringify(found.stats) !== JSON.stringify(slot.stats)) items.push({ channel: 'stats', payload: found.stats });
      for (const item of items) this.apply(item, out);
    }
    this.scheduleFlush();
  }

  /** One frame of the upstream's stream. */
  receive(update: StreamUpdate): void {
    if (this.buffered !== null) {
      this.buffered.push(update);
      return;
    }
    this.apply(update);
    this.scheduleFlush();
  }

  private publish(message: FeedMessage): void {
    for (const listener of this.listeners) listener(message);
  }

  private snapshotMessage(): FeedMessage {
    return {
      kind: 'snapshot',
      snapshot: {
        ts: Date.now(),
        fixtures: [...this.fixtures.entries()].map(([fixtureId, slot]) => this.stateOf(fixtureId, slot)),
        futures: [...this.futures.entries()].map(([futureId, slot]): FutureState => ({ futureId, scope: futureScopeOfView(slot.view), view: slot.view, odds: slot.odds })),
        purged: [],
        // The profiles serve the local SGP pricers, which a relay does not run (it forwards /sgp).
        books: [],
        mirrored: true,
      },
    };
  }

  private stateOf(fixtureId: string, slot: FixtureSlot): FixtureState {
    // Copies: the edge's fold keeps what it is given, and the relay goes on writing into its slots.
    return structuredClone({
      fixtureId,
      scope: fixtureScopeOfView(slot.view),
      view: slot.view,
      bookmakers: slot.bookmakers,
      odds: slot.odds,
      injuries: slot.injuries,
      lineups: slot.lineups,
      stats: slot.stats,
      // The upstream publishes no joint-pricing inputs: SGPs are forwarded to it instead.
      pricing: null,
    });
  }



  private getJson(path: string): Promise<unknown> {
    return upstreamJson(this.deps.rest, path);
  }

  private async fetchSnapshot(): Promise<void> {
    const listed = arrayOf<FixtureView>(await this.getJson('/en/fixtures'), 'fixtureId', 'fixtures');
    const fixtures = await fetchFixtureSlots((path) => this.getJson(path), 
      listed.map((view) => view.fixtureId),
      new Map(listed.map((view) => [view.fixtureId, view])),
    );
    const futureViews = arrayOf<Future>(await this.getJson('/en/futures'), 'futureId', 'futures');
    const futures = new Map<string, FutureSlot>(futureViews.map((view) => [view.futureId, { view, odds: {} }]));
    for (const part of chunks([...futures.keys()], LIST_CHUNK)) {
      type Odds = { futureId: string; odds: OddsByBook<FutureOddsEntry> };
      for (const element of arrayOf<Odds>(await this.getJson(`/en/futures/odds?futureIds=${part.join(',')}`), 'futureId', 'future odds')) {
        const slot = futures.get(element.futureId);
        if (slot !== undefined) slot.odds = element.odds;
      }
    }
    if (this.closed) return;
    // History: the prices the relay had not seen (all of them the first time).
    const changes: PriceChange[] = [];
    for (const [fixtureId, slot] of fixtures) {
      const before = this.fixtures.get(fixtureId);
      for (const [slug, entries] of Object.entries(slot.odds)) {
        for (const [oddsId, entry] of Object.entries(entries)) {
          const held = before?.odds[slug]?.[oddsId];
          if (held === undefined || held.changedAt !== entry.changedAt) changes.push(fixtureChange(fixtureId, oddsId, entry));
        }
      }
    }
    for (const [futureId, slot] of futures) {
      const before = this.futures.get(futureId);
      for (const [slug, entries] of Object.entries(slot.odds)) {
        for (const [oddsId, entry] of Object.entries(entries)) {
          const held = before?.odds[slug]?.[oddsId];
          if (held === undefined || held.changedAt !== entry.changedAt) changes.push(futureChange(slot, oddsId, entry));
        }
      }
    }
    this.record(changes);
    this.fixtures = fixtures;
    this.futures = futures;
    this.snapshots++;
    this.publish(this.snapshotMessage());
    this.publish({ kind: 'status', status: this.status() });
  }

  /**
   * Reads the fixtures list and publishes what differs from the relay's state: views (as the
   * simulator's producer sends a view a clock or score moved), fixtures new to the relay (fetched
   * whole) and fixtures the upstream no longer lists (purged).
   */
  private async sweep(): Promise<void> {
    if (this.sweeping || this.idle()) return;
    this.sweeping = true;
    // Only fixtures held before the list was asked for can be missing from it: one fetched whole
    // from a frame meanwhile may be newer than the list.
    const heldBefore = new Set(this.fixtures.keys());
    try {
      const listed = arrayOf<FixtureView>(await this.getJson('/en/fixtures'), 'fixtureId', 'fixtures');
      // A re-snapshot that started meanwhile is newer than this list.
      if (this.idle()) return;
      const views: FixtureView[] = [];
      const scopes: [string, FixtureScope][] = [];
      const seen = new Set<string>();
      for (const view of listed) {
        seen.add(view.fixtureId);
        const slot = this.fixtures.get(view.fixtureId);
        if (slot === undefined) {
          if (!this.unknown.has(view.fixtureId)) this.fetchUnknownLater(view.fixtureId, null);
          continue;
        }
        if (JSON.stringify(slot.view) === JSON.stringify(view)) continue;
        slot.view = view;
        views.push(view);
        scopes.push([view.fixtureId, fixtureScopeOfView(view)]);
      }
      const purged = [...this.fixtures.keys()].filter((fixtureId) => heldBefore.has(fixtureId) && !seen.has(fixtureId));
      for (const fixtureId of purged) this.fixtures.delete(fixtureId);
      if (views.length + purged.length > 0) {
        this.publish({ kind: 'batch', batch: { ts: Date.now(), items: [], views, scopes, futureScopes: [], futureViews: [], pricing: [], added: [], purged } });
      }
      if (++this.sweeps % FUTURES_SWEEP_EVERY === 0) await this.sweepFutures();
    } catch (error) {
      this.deps.log(`relay: the fixtures sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      this.sweeping = false;
    }
  }

  /**
   * Reads the futures list: listings that changed (a status, a reissue) and futures new to the
   * relay, with their odds. The stream carries future prices, never listings.
   */
  private async sweepFutures(): Promise<void> {
    const listed = arrayOf<Future>(await this.getJson('/en/futures'), 'futureId', 'futures');
    const fresh: Future[] = [];
    const changed: Future[] = [];
    for (const view of listed) {
      const slot = this.futures.get(view.futureId);
      if (slot === undefined) fresh.push(view);
      else if (JSON.stringify(slot.view) !== JSON.stringify(view)) {
        slot.view = view;
        changed.push(view);
      }
    }
    const odds = new Map<string, OddsByBook<FutureOddsEntry>>();
    for (const part of chunks(fresh.map((view) => view.futureId), LIST_CHUNK)) {
      type Odds = { futureId: string; odds: OddsByBook<FutureOddsEntry> };
      for (const element of arrayOf<Odds>(await this.getJson(`/en/futures/odds?futureIds=${part.join(',')}`), 'futureId', 'future odds')) odds.set(element.futureId, element.odds);
    }
    if (this.idle()) return;
    const items: ChangeItem[] = [];
    const changes: PriceChange[] = [];
    for (const view of fresh) {
      if (this.futures.has(view.futureId)) continue;
      const slot: FutureSlot = { view, odds: odds.get(view.futureId) ?? {} };
      this.futures.set(view.futureId, slot);
      for (const [slug, entries] of Object.entries(slot.odds)) {
        items.push({ channel: 'oddsFutures', payload: { futureId: view.futureId, odds: { [slug]: { ...entries } } } });
        for (const [oddsId, entry] of Object.entries(entries)) changes.push(futureChange(slot, oddsId, entry));
      }
    }
    this.record(changes);
    const views = [...changed, ...fresh];
    if (views.length === 0) return;
    const futureScopes = views.map((view): [string, FutureScope] => [view.futureId, futureScopeOfView(view)]);
    // The edge makes a new future's slot from its listing after folding the batch's items: its odds go in a second batch.
    const empty = { views: [], scopes: [], pricing: [], added: [], purged: [] };
    this.publish({ kind: 'batch', batch: { ts: Date.now(), items: [], futureScopes, futureViews: views, ...empty } });
    if (items.length > 0) this.publish({ kind: 'batch', batch: { ts: Date.now(), items, futureScopes, futureViews: [], ...empty } });
  }

  /** True while a re-snapshot runs or after close (a method: a field check would stay narrowed across an await). */
  private idle(): boolean {
    return this.snapshotting !== null || this.closed;
  }

  private record(changes: readonly PriceChange[]): void {
    if (changes.length === 0) return;
    this.priceChanges += changes.length;
    this.deps.recorder.appendChanges(changes);
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // One batch per turn of the event loop: the frames of one socket read travel together.
    setImmediate(() => {
      this.flushScheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const out = this.pending;
    this.pending = new BatchBuilder();
    if (out.empty) return;
    this.record(out.changes);
    // A `fixtures` item carries the fixture's latest view: a scores or clock frame after it in the
    // same batch moved the view, and the edge folds the item after `views`.
    const items = out.items.map((item): ChangeItem => {
      if (item.channel !== 'fixtures') return item;
      const view = this.fixtures.get(item.payload.fixtureId)?.view;
      return view === undefined ? item : { channel: 'fixtures', payload: view };
    });
    const sentViews = new Set(items.filter((item) => item.channel === 'fixtures').map((item) => item.payload.fixtureId));
    const views: FixtureView[] = [];
    const scopes: [string, FixtureScope][] = [];
    for (const fixtureId of out.touched) {
      const slot = this.fixtures.get(fixtureId);
      if (slot === undefined) continue;
      scopes.push([fixtureId, fixtureScopeOfView(slot.view)]);
      if (out.viewed.has(fixtureId) && !sentViews.has(fixtureId)) views.push(slot.view);
    }
    const futureScopes: [string, FutureScope][] = [];
    for (const futureId of out.futures) {
      const slot = this.futures.get(futureId);
      if (slot !== undefined) futureScopes.push([futureId, futureScopeOfView(slot.view)]);
    }
    const batch: FeedBatch = { ts: Date.now(), items, views, scopes, futureScopes, futureViews: [], pricing: [], added: out.added, purged: [] };
    this.publish({ kind: 'batch', batch });
  }

  /** Folds one frame into the relay's state and the pending batch. */
  private apply(update: ChangeItem, into: BatchBuilder = this.pending): void {
    if (update.channel === 'oddsFutures') {
      const slot = this.futures.get(update.payload.futureId);
      // A future the relay never listed waits for the next re-snapshot (futures are created rarely).
      if (slot === undefined) return;
      const taken: OddsByBook<FutureOddsEntry> = {};
      for (const [slug, entries] of Object.entries(update.payload.odds)) {
        const merged = mergeNewer((slot.odds[slug] ??= {}), entries);
        if (merged === null) continue;
        taken[slug] = merged;
        for (const [oddsId, entry] of Object.entries(merged)) into.changes.push(futureChange(slot, oddsId, entry));
      }
      if (Object.keys(taken).length === 0) return;
      into.items.push({ channel: 'oddsFutures', payload: { futureId: update.payload.futureId, odds: taken } });
      into.futures.add(update.payload.futureId);
      return;
    }
    const fixtureId = update.payload.fixtureId;
    const slot = this.fixtures.get(fixtureId);
    if (slot === undefined) {
      this.fetchUnknownLater(fixtureId, update);
      return;
    }
    into.touched.add(fixtureId);
    switch (update.channel) {
      case 'fixtures':
        slot.view = update.payload;
        into.viewed.add(fixtureId);
        into.items.push(update);
        return;
      case 'scores':
        slot.view = { ...slot.view, scores: { ...slot.view.scores, ...update.payload.scores } };
        into.viewed.add(fixtureId);
        into.items.push(update);
        return;
      case 'clocks':
        slot.view = { ...slot.view, clock: update.payload.clock };
        into.viewed.add(fixtureId);
        into.items.push(update);
        return;
      case 'bookmakers':
        Object.assign(slot.bookmakers, update.payload.bookmakers);
        into.items.push(update);
        return;
      case 'odds':
        for (const [slug, entries] of Object.entries(update.payload.odds)) {
          const merged = mergeNewer((slot.odds[slug] ??= {}), entries);
          if (merged === null) continue;
          into.items.push({ channel: 'odds', payload: { fixtureId, odds: { [slug]: merged } } });
          for (const [oddsId, entry] of Object.entries(merged)) into.changes.push(fixtureChange(fixtureId, oddsId, entry));
        }
        return;
      case 'injuries':
        slot.injuries = update.payload;
        into.items.push(update);
        return;
      case 'lineups':
        slot.lineups = update.payload;
        into.items.push(update);
        return;
      case 'stats':
        slot.stats = update.payload;
        into.items.push(update);
        return;
    }
  }

  /** Fetches `fixtureId` soon, keeping `update` (a frame naming it, or null from the sweep) to apply after it. */
  private fetchUnknownLater(fixtureId: string, update: ChangeItem | null): void {
    const waiting = this.unknown.get(fixtureId);
    if (waiting !== undefined) {
      if (update !== null) waiting.push(update);
      return;
    }
    this.unknown.set(fixtureId, update === null ? [] : [update]);
    // A short wait gathers the fixtures a tick created into one request.
    this.unknownTimer ??= setTimeout(() => {
      this.unknownTimer = null;
      void this.fetchUnknown();
    }, 100);
  }

  /** Fetches the fixtures frames named before the relay held them, and publishes them whole with their frames. */
  private async fetchUnknown(): Promise<void> {
    const waiting = new Map(this.unknown);
    this.unknown.clear();
    let slots: Map<string, FixtureSlot>;
    try {
      slots = await fetchFixtureSlots((path) => this.getJson(path), [...waiting.keys()]);
    } catch (error) {
      // The next re-snapshot (or the next frame naming them) brings them.
      this.deps.log(`relay: could not fetch ${String(waiting.size)} new fixture(s): ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    if (this.closed) return;
    const out = this.pending;
    const changes: PriceChange[] = [];
    for (const [fixtureId, slot] of slots) {
      if (this.fixtures.has(fixtureId)) continue; // a re-snapshot brought it meanwhile
      this.fixtures.set(fixtureId, slot);
      for (const entries of Object.values(slot.odds)) for (const [oddsId, entry] of Object.entries(entries)) changes.push(fixtureChange(fixtureId, oddsId, entry));
      out.added.push(this.stateOf(fixtureId, slot));
    }
    this.record(changes);
    // Their frames after the whole state: the edge folds `added` first, and clients see the changes.
    for (const [fixtureId, updates] of waiting) {
      if (!this.fixtures.has(fixtureId)) continue;
      for (const update of updates) {
        if (this.buffered !== null) this.buffered.push(update);
        else this.apply(update, out);
      }
    }
    this.scheduleFlush();
  }
}
