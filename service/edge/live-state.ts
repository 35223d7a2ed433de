// The edge's live state: the producer's feed folded into maps that REST, the parlay/SGP port and
// the gateway read in the edge's own thread, so no request or frame waits for the producer. A
// snapshot after a producer restart is compared with what the edge holds, and what differs goes
// to the gateway as one batch: connected clients' books end up equal to REST without a
// `snapshot_required`.
import type { Future } from '../../src/wire/rest-schemas.ts';
import type {
  BookmakerFixtureMeta,
  FixtureView,
  FutureOddsEntry,
  InjuriesPayload,
  LineupsPayload,
  OddsEntry,
  StatsPayload,
} from '../../src/wire/shared-schemas.ts';
import { isLive } from '../../src/wire/status.ts';
import type { BookmakerProfile } from '../catalogue/types.ts';
import type { GatewaySource } from '../gateway/source.ts';
import type { ExtrasSource } from '../http/routes/extras.ts';
import type { FixtureSource, FixtureVersions, FutureSource } from '../http/ports.ts';
import type { FeedBatch, FeedMessage, FeedSnapshot, FixtureScope, FixtureState, FutureScope, FutureState } from '../producer/feed.ts';
import type { LiveParlayReads } from '../sgp/sim-port.ts';
import type { PricingInputs } from '../sgp/pricing-inputs.ts';
import type { ChangeBatch, ChangeItem, ChangeListener } from '../sim/change-feed.ts';

type OddsByBook<E> = Record<string, Record<string, E>>;

interface FixtureSlot {
  scope: FixtureScope;
  view: FixtureView;
  bookmakers: Record<string, BookmakerFixtureMeta>;
  odds: OddsByBook<OddsEntry>;
  injuries: InjuriesPayload | null;
  lineups: LineupsPayload | null;
  stats: StatsPayload | null;
  pricing: PricingInputs | null;
  /** Per bookmaker: moves on every change of its odds (`o`) or meta (`m`), for the REST odds cache. */
  readonly versions: Map<string, number>;
}

interface FutureSlot {
  scope: FutureScope;
  view: Future;
  odds: OddsByBook<FutureOddsEntry>;
}

const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

function slotOf(state: FixtureState): FixtureSlot {
  return {
    scope: state.scope,
    view: state.view,
    bookmakers: { ...state.bookmakers },
    odds: Object.fromEntries(Object.entries(state.odds).map(([slug, entries]) => [slug, { ...entries }])),
    injuries: state.injuries,
    lineups: state.lineups,
    stats: state.stats,
    pricing: state.pricing,
    versions: new Map(),
  };
}

function futureSlotOf(state: FutureState): FutureSlot {
  return {
    scope: state.scope,
    view: state.view,
    odds: Object.fromEntries(Object.entries(state.odds).map(([slug, entries]) => [slug, { ...entries }])),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The stamp of a correction to a row held at `heldMs`: the snapshot's time, and later than the held row. */
function after(heldMs: number, ts: number): number {
  return Math.max(ts, heldMs + 1);
}

/**
 * A restarted producer may hold an older state than it had published (it reloads the checkpoint
 * it saved every few seconds): a goal clients saw is not in its score, a price is back to an
 * earlier one. Clients keep a row unless the new one is newer (odds by changedAt, score rows and
 * metas by updatedAt), so such a row, sent as it is, would be skipped by every book while REST
 * answered it: the two would disagree until the row next changed. What the producer now says is
 * the service's truth from this instant, so a row that differs from the one held and is not newer
 * is stamped with the snapshot's time (and after the held row): a correction, as a real feed
 * sends one. Rows that are newer, or equal, are left as they are.
 */
function rowsForward<R>(
  held: Readonly<Record<string, R>> | undefined,
  next: Readonly<Record<string, R>>,
  ts: number,
  stampOf: (row: R) => number,
  restamp: (row: R, ms: number) => R,
): Readonly<Record<string, R>> {
  let out: Record<string, R> | null = null;
  for (const [key, row] of Object.entries(next)) {
    const kept = held?.[key];
    if (kept === undefined || stampOf(row) > stampOf(kept) || same(kept, row)) continue;
    out ??= { ...next };
    out[key] = restamp(row, after(stampOf(kept), ts));
  }
  return out ?? next;
}

const isoOf = (ms: number): string => new Date(ms).toISOString();

function oddsForward<E extends { readonly changedAt: number }>(held: OddsByBook<E> | undefined, next: Readonly<OddsByBook<E>>, ts: number): Record<string, Readonly<Record<string, E>>> {
  const out: Record<string, Readonly<Record<string, E>>> = {};
  for (const [slug, entries] of Object.entries(next)) out[slug] = rowsForward(held?.[slug], entries, ts, (entry) => entry.changedAt, (entry, ms) => ({ ...entry, changedAt: ms }));
  return out;
}

function fixtureForward(held: FixtureSlot | undefined, next: FixtureState, ts: number): FixtureState {
  if (held === undefined) return next;
  return {
    ...next,
    view: { ...next.view, scores: rowsForward(held.view.scores, next.view.scores, ts, (row) => Date.parse(row.updatedAt), (row, ms) => ({ ...row, updatedAt: isoOf(ms) })) },
    bookmakers: rowsForward(held.bookmakers, next.bookmakers, ts, (meta) => Date.parse(meta.updatedAt), (meta, ms) => ({ ...meta, updatedAt: isoOf(ms) })),
    odds: oddsForward(held.odds, next.odds, ts),
  };
}

/**
 * Per bookmaker, the entries of `next` that `before` lacks or holds otherwise; and the active
 * entries of `before` that `next` no longer holds, deactivated at `ts` (the stream has no
 * deletion: a client would otherwise keep showing a price the producer no longer quotes).
 */
function changedOdds<E extends { readonly active: boolean; readonly changedAt: number }>(
  before: OddsByBook<E> | undefined,
  next: Readonly<OddsByBook<E>>,
  ts: number,
): [string, Record<string, E>][] {
  const out: [string, Record<string, E>][] = [];
  for (const slug of new Set([...Object.keys(before ?? {}), ...Object.keys(next)])) {
    const old = before?.[slug];
    const entries = next[slug] ?? {};
    const changed: Record<string, E> = {};
    let any = false;
    for (const [oddsId, entry] of Object.entries(entries)) {
      if (old !== undefined && same(old[oddsId], entry)) continue;
      changed[oddsId] = entry;
      any = true;
    }
    for (const [oddsId, entry] of Object.entries(old ?? {})) {
      if (oddsId in entries || !entry.active) continue;
      changed[oddsId] = { ...entry, active: false, changedAt: after(entry.changedAt, ts) };
      any = true;
    }
    if (any) out.push([slug, changed]);
  }
  return out;
}

/** The stream items that take a client holding `before` to `next` (a fixture's whole state). */
function fixtureDiff(fixtureId: string, before: FixtureSlot | undefined, next: FixtureState, ts: number): ChangeItem[] {
  const items: ChangeItem[] = [];
  if (before === undefined || !same(before.view, next.view)) items.push({ channel: 'fixtures', payload: next.view });
  if (before === undefined || !same(before.view.scores, next.view.scores)) {
    items.push({ channel: 'scores', payload: { fixtureId, scores: next.view.scores } });
  }
  if (before === undefined || !same(before.view.clock, next.view.clock)) items.push({ channel: 'clocks', payload: { fixtureId, clock: next.view.clock } });
  const metas: Record<string, BookmakerFixtureMeta> = {};
  for (const [slug, meta] of Object.entries(next.bookmakers)) if (!same(before?.bookmakers[slug], meta)) metas[slug] = meta;
  if (Object.keys(metas).length > 0) items.push({ channel: 'bookmakers', payload: { fixtureId, bookmakers: metas } });
  for (const [slug, entries] of changedOdds(before?.odds, next.odds, ts)) items.push({ channel: 'odds', payload: { fixtureId, odds: { [slug]: entries } } });
  if (next.injuries !== null && !same(before?.injuries ?? null, next.injuries)) items.push({ channel: 'injuries', payload: next.injuries });
  if (next.lineups !== null && !same(before?.lineups ?? null, next.lineups)) items.push({ channel: 'lineups', payload: next.lineups });
  if (next.stats !== null && !same(before?.stats ?? null, next.stats)) items.push({ channel: 'stats', payload: next.stats });
  return items;
}

export class LiveState implements FixtureSource, ExtrasSource, LiveParlayReads, FixtureVersions {
  private readonly fixtures = new Map<string, FixtureSlot>();
  private readonly futuresById = new Map<string, FutureSlot>();
  private readonly purged = new Set<string>();
  private readonly listeners = new Set<ChangeListener>();
  private profiles: readonly BookmakerProfile[] = [];
  private snapshots = 0;

  constructor(private readonly clock: () => number) {}

  get versions(): FixtureVersions {
    return this;
  }

  get books(): readonly BookmakerProfile[] {
    return this.profiles;
  }

  /** Registers a listener of the stream's change batches (the gateway); returns its remover. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Folds one feed message; batches (and what a new snapshot changed) go on to the gateway. */
  fold(message: FeedMessage): void {
    if (message.kind === 'snapshot') this.foldSnapshot(message.snapshot);
    else if (message.kind === 'batch') this.foldBatch(message.batch);
  }

  /**
   * The whole state as the producer's snapshot at `ts` (a cluster's producer process keeps the
   * snapshot key on Redis from it, service/cluster/redis-publisher.ts).
   */
  snapshot(ts: number): FeedSnapshot {
    const fixtures: FixtureState[] = [];
    for (const [fixtureId, slot] of this.fixtures) {
      const { scope, view, bookmakers, odds, injuries, lineups, stats, pricing } = slot;
      fixtures.push({ fixtureId, scope, view, bookmakers, odds, injuries, lineups, stats, pricing });
    }
    const futures: FutureState[] = [];
    for (const [futureId, { scope, view, odds }] of this.futuresById) futures.push({ futureId, scope, view, odds });
    return { ts, fixtures, futures, purged: [...this.purged], books: this.profiles };
  }

  /**
   * Takes a snapshot without sending the gateway what it changed: over a shared feed (Redis,
   * service/cluster) the producer sends that difference itself, as a batch with stamped entryIds,
   * so that every edge streams it under the same ids.
   */
  replace(snapshot: FeedSnapshot): void {
    const listeners = [...this.listeners];
    this.listeners.clear();
    try {
      this.foldSnapshot(snapshot);
    } finally {
      for (const listener of listeners) this.listeners.add(listener);
    }
  }

  now(): number {
    return this.clock();
  }

  private emit(batch: ChangeBatch): void {
    if (batch.items.length === 0) return;
    for (const listener of this.listeners) listener(batch);
  }

  private foldSnapshot(snapshot: FeedSnapshot): void {
    const first = this.snapshots++ === 0;
    this.profiles = snapshot.books;
    const items: ChangeItem[] = [];
    const held = new Set<string>();
    for (const received of snapshot.fixtures) {
      held.add(received.fixtureId);
      const before = this.fixtures.get(received.fixtureId);
      const state = first || snapshot.mirrored === true ? received : fixtureForward(before, received, snapshot.ts);
      if (!first) items.push(...fixtureDiff(state.fixtureId, before, state, snapshot.ts));
      const slot = slotOf(state);
      // Every book's versions move: the REST odds cache must not answer from the old state's fragments.
      if (before !== undefined) {
        for (const [key, version] of before.versions) slot.versions.set(key, version + 1);
        for (const slug of Object.keys(state.odds)) if (!before.versions.has(`o${slug}`)) slot.versions.set(`o${slug}`, 1);
        for (const slug of Object.keys(state.bookmakers)) if (!before.versions.has(`m${slug}`)) slot.versions.set(`m${slug}`, 1);
      }
      this.fixtures.set(state.fixtureId, slot);
    }
    for (const [fixtureId, slot] of [...this.fixtures]) {
      if (held.has(fixtureId)) continue;
      // Gone from the producer: its clients' active prices end here.
      for (const [slug, entries] of changedOdds(slot.odds, {}, snapshot.ts)) items.push({ channel: 'odds', payload: { fixtureId, odds: { [slug]: entries } } });
      this.fixtures.delete(fixtureId);
      this.purged.add(fixtureId);
    }
    for (const id of snapshot.purged) this.purged.add(id);
    for (const received of snapshot.futures) {
      const before = this.futuresById.get(received.futureId);
      const state = first || snapshot.mirrored === true ? received : { ...received, odds: oddsForward(before?.odds, received.odds, snapshot.ts) };
      if (!first) {
        for (const [slug, entries] of changedOdds(before?.odds, state.odds, snapshot.ts)) {
          items.push({ channel: 'oddsFutures', payload: { futureId: state.futureId, odds: { [slug]: entries } } });
        }
      }
      this.futuresById.set(state.futureId, futureSlotOf(state));
    }
    this.emit({ ts: snapshot.ts, items });
  }

  private bump(slot: FixtureSlot, key: string): void {
    slot.versions.set(key, (slot.versions.get(key) ?? 0) + 1);
  }

  private foldBatch(batch: FeedBatch): void {
    for (const state of batch.added) {
      this.fixtures.set(state.fixtureId, slotOf(state));
      this.purged.delete(state.fixtureId);
    }
    for (const [fixtureId, scope] of batch.scopes) {
      const slot = this.fixtures.get(fixtureId);
      if (slot !== undefined) slot.scope = scope;
    }
    for (const view of batch.views) {
      const slot = this.fixtures.get(view.fixtureId);
      if (slot !== undefined) slot.view = view;
    }
    for (const [fixtureId, inputs] of batch.pricing) {
      const slot = this.fixtures.get(fixtureId);
      if (slot !== undefined) slot.pricing = inputs;
    }
    for (const item of batch.items) this.foldItem(item);
    for (const [futureId, scope] of batch.futureScopes) {
      const slot = this.futuresById.get(futureId);
      if (slot !== undefined) slot.scope = scope;
    }
    for (const view of batch.futureViews) {
      const slot = this.futuresById.get(view.futureId);
      const scope = batch.futureScopes.find(([id]) => id === view.futureId)?.[1];
      if (slot !== undefined) slot.view = view;
      else if (scope !== undefined) this.futuresById.set(view.futureId, { scope, view, odds: {} });
    }
    for (const fixtureId of batch.purged) {
      this.fixtures.delete(fixtureId);
      this.purged.add(fixtureId);
    }
    this.emit(batch);
  }

  private foldItem(item: ChangeItem): void {
    if (item.channel === 'oddsFutures') {
      const slot = this.futuresById.get(item.payload.futureId);
      if (slot === undefined) return;
      for (const [slug, entries] of Object.entries(item.payload.odds)) Object.assign((slot.odds[slug] ??= {}), entries);
      return;
    }
    const slot = this.fixtures.get(item.payload.fixtureId);
    if (slot === undefined) return;
    switch (item.channel) {
      case 'fixtures':
        slot.view = item.payload;
        return;
      case 'scores':
      case 'clocks':
        // The fixture's new view (with them) comes in the same batch.
        return;
      case 'bookmakers':
        for (const [slug, meta] of Object.entries(item.payload.bookmakers)) {
          slot.bookmakers[slug] = meta;
          this.bump(slot, `m${slug}`);
        }
        return;
      case 'odds':
        for (const [slug, entries] of Object.entries(item.payload.odds)) {
          Object.assign((slot.odds[slug] ??= {}), entries);
          this.bump(slot, `o${slug}`);
        }
        return;
      case 'injuries':
        slot.injuries = item.payload;
        return;
      case 'lineups':
        slot.lineups = item.payload;
        return;
      case 'stats':
        slot.stats = item.payload;
        return;
    }
  }

  // ------------------------------------------------------------------ REST (ports.ts)

  fixtureIds(): Iterable<string> {
    return this.fixtures.keys();
  }

  view(fixtureId: string): FixtureView | null {
    return this.fixtures.get(fixtureId)?.view ?? null;
  }

  odds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, OddsEntry>>>> {
    return this.fixtures.get(fixtureId)?.odds ?? EMPTY;
  }

  bookmakers(fixtureId: string): Readonly<Record<string, BookmakerFixtureMeta>> {
    return this.fixtures.get(fixtureId)?.bookmakers ?? EMPTY;
  }

  oddsVersion(fixtureId: string, bookmaker: string): number {
    return this.fixtures.get(fixtureId)?.versions.get(`o${bookmaker}`) ?? 0;
  }

  metaVersion(fixtureId: string, bookmaker: string): number {
    return this.fixtures.get(fixtureId)?.versions.get(`m${bookmaker}`) ?? 0;
  }

  injuries(fixtureId: string): InjuriesPayload | null {
    return this.fixtures.get(fixtureId)?.injuries ?? null;
  }

  lineups(fixtureId: string): LineupsPayload | null {
    return this.fixtures.get(fixtureId)?.lineups ?? null;
  }

  stats(fixtureId: string): StatsPayload | null {
    return this.fixtures.get(fixtureId)?.stats ?? null;
  }

  scope(fixtureId: string): FixtureScope | undefined {
    return this.fixtures.get(fixtureId)?.scope;
  }

  settledAt(fixtureId: string): number | null {
    return this.fixtures.get(fixtureId)?.scope.finishedAtMs ?? null;
  }

  wasPurged(fixtureId: string): boolean {
    return this.purged.has(fixtureId);
  }

  pricingInputs(fixtureId: string): PricingInputs | null {
    return this.fixtures.get(fixtureId)?.pricing ?? null;
  }

  futureViews(): Future[] {
    return [...this.futuresById.values()].map((slot) => slot.view);
  }

  futureView(futureId: string): Future | null {
    return this.futuresById.get(futureId)?.view ?? null;
  }

  futureOdds(futureId: string): Readonly<Record<string, Readonly<Record<string, FutureOddsEntry>>>> {
    return this.futuresById.get(futureId)?.odds ?? EMPTY;
  }

  /** The futures port (its `view` is a future's, not a fixture's). */
  get futures(): FutureSource {
    return { views: () => this.futureViews(), view: (id) => this.futureView(id), futureOdds: (id) => this.futureOdds(id) };
  }

  /** The gateway's source: the change batches, the clock, and the scopes entitlements are decided on. */
  get gatewaySource(): GatewaySource {
    return {
      onChange: (listener) => this.onChange(listener),
      now: () => this.now(),
      fixtureScope: (fixtureId) => {
        const scope = this.fixtures.get(fixtureId)?.scope;
        return scope === undefined ? null : { sportId: scope.sportId, tournamentId: scope.tournamentId, live: isLive(scope.statusId) };
      },
      futureScope: (futureId) => {
        const scope = this.futuresById.get(futureId)?.scope;
        return scope === undefined ? null : { sportId: scope.sportId, tournamentId: scope.tournamentId, live: isLive(scope.statusId) };
      },
    };
  }
}
