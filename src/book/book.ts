// The live book: the one owner of live prices, futures prices, scores, clocks, statuses and
// bookmaker metadata. React-free and mutable (the stream is the hot path); it tracks dirty rows
// and notifies only the subscribers of rows that changed, once per `flush()`.
import { evidenceAgeMs, isOverdue } from '../domain/bookmaker-health.ts';
import {
  compareVersions,
  entryIdVersion,
  isNewerPrice,
  updatedAtVersion,
  type RowVersion,
} from '../domain/stream-order.ts';
import type {
  BookmakerFixtureMeta,
  Clock,
  FixtureBookmakers,
  FixtureOdds,
  FixtureView,
  FutureOddsEntry,
  OddsEntry,
  ScorePeriod,
  Status,
} from '../wire/shared-schemas.ts';
import type { Bookmaker } from '../wire/reference-schemas.ts';
import type { Channel, StreamUpdate } from '../wire/stream-schemas.ts';

/** A stream frame of the channels the book hands on without keeping (see `subscribeExtras`). */
export type ExtrasUpdate = Extract<StreamUpdate, { channel: 'injuries' | 'lineups' | 'stats' }>;

/** A REST snapshot of some channels over a scope (see docs/stream-client.md, "Re-snapshot"). */
export interface BookSnapshot {
  /** Which channels this snapshot covers; parts of the data for other channels are ignored. */
  readonly channels: readonly Channel[];
  /** The fixtures it covers (fixtures, scores, clocks, odds, bookmakers channels). */
  readonly fixtureIds: readonly string[];
  /** The futures it covers (oddsFutures). */
  readonly futureIds: readonly string[];
  /** The bookmakers whose odds, meta and futures odds it covers. */
  readonly bookmakers: readonly string[];
  /** Fixture views (status, scores, clock), e.g. from `GET /fixtures?fixtureIds=`. */
  readonly fixtures: readonly FixtureView[];
  /** Odds and meta per fixture, e.g. from `GET /fixtures/odds?fixtureIds=&bookmakers=`. */
  readonly odds: readonly { readonly fixtureId: string; readonly odds: FixtureOdds; readonly bookmakers: FixtureBookmakers }[];
  /** Futures odds per future, e.g. from `GET /futures/odds?futureIds=&bookmakers=`. */
  readonly futuresOdds: readonly { readonly futureId: string; readonly odds: Record<string, Record<string, FutureOddsEntry>> }[];
}

/**
 * What the stream worker sends the book: a checked data frame, or a snapshot. An authoritative
 * snapshot (the stream client's re-snapshot) replaces its scope, dropping rows it does not hold;
 * a non-authoritative one (a page's REST seed, maybe from a cache) only fills and never beats a
 * newer row.
 */
export type BookOp =
  | { readonly op: 'update'; readonly frame: StreamUpdate }
  | { readonly op: 'seed'; readonly snapshot: BookSnapshot; readonly authoritative: boolean }
  | { readonly op: 'reset' }
  | { readonly op: 'load'; readonly dump: BookDump };

/** Everything a book holds, for a tab that joins late (structured-cloneable). */
export interface BookDump {
  readonly odds: readonly { readonly fixtureId: string; readonly oddsId: string; readonly entry: OddsEntry }[];
  readonly futuresOdds: readonly { readonly futureId: string; readonly oddsId: string; readonly entry: FutureOddsEntry }[];
  readonly fixtures: readonly {
    readonly fixtureId: string;
    readonly fixture: FixtureView | null;
    readonly scores: Readonly<Record<string, ScorePeriod>>;
    readonly clock: Clock | undefined;
    readonly bookmakers: FixtureBookmakers;
  }[];
}

/** The live state of one fixture, as components read it (immutable; a new object per change). */
export interface FixtureLive {
  readonly fixtureId: string;
  /** The fixture view last received (without odds and bookmakers), or null if only parts are known. */
  readonly fixture: FixtureView | null;
  readonly status: Status | null;
  readonly scores: Readonly<Record<string, ScorePeriod>>;
  /** The clock; undefined when never received. */
  readonly clock: Clock | undefined;
}

/** A bookmaker's metadata on one fixture with its freshness judged against its bound. */
export interface BookmakerMetaLive {
  readonly meta: BookmakerFixtureMeta;
  /** Epoch ms of `meta.updatedAt` (NaN if unparsable). */
  readonly updatedAtMs: number;
  /** The bound that applies (live or pre-game delivery), seconds; null when unknown. */
  readonly maxDelaySec: number | null;
  /**
   * True when, at the last check, neither `updatedAt` nor any of the book's prices' `changedAt` on
   * the fixture was within the bound, while the stream was delivering (see `setDelivering`).
   */
  readonly overdue: boolean;
  /** The latest of `updatedAt` and its prices' `changedAt` when the verdict was made; null: none. */
  readonly evidenceAtMs: number | null;
}

/**
 * Whether a bookmaker's prices on a fixture are stale — on evidence only (docs/domain.md,
 * "Staleness"): it says so (`staleOdds`), or it is overdue. Never for lack of data (no bound, no
 * time, a stream not delivering yet), never while its prices keep arriving. One verdict for every
 * page: a stale book's prices show but do not count towards best, fair or arbitrage figures.
 */
export function isBookmakerStale(row: BookmakerMetaLive): boolean {
  return row.meta.staleOdds || row.overdue;
}

/** Per bookmaker, across the fixtures of the book: what the connection indicator shows. */
export interface BookmakerSummary {
  readonly bookmaker: string;
  readonly fixtures: number;
  readonly staleOdds: number;
  readonly suspended: number;
  /** The oldest age over its fixtures of the latest sign of life (updatedAt or a price's changedAt), ms. */
  readonly maxAgeMs: number;
  /** The bound of the fixture with the oldest meta, seconds; null when unknown. */
  readonly maxDelaySec: number | null;
  /** Fixtures whose meta is older than its bound. */
  readonly overdue: number;
}

type Listener = () => void;

interface OddsCell {
  entry: OddsEntry;
  /** `entry.changedAt`, kept here for the hot comparison. */
  changedAt: number;
  readonly fixtureId: string;
  mark: number;
}

interface FutureCell {
  entry: FutureOddsEntry;
  readonly futureId: string;
  mark: number;
}

interface MetaCell {
  meta: BookmakerFixtureMeta;
  version: RowVersion;
  updatedAtMs: number;
  overdue: boolean;
  evidenceAtMs: number | null;
  maxDelaySec: number | null;
  mark: number;
  view: BookmakerMetaLive | null;
}

interface FixtureCell {
  readonly fixtureId: string;
  fixture: FixtureView | null;
  fixtureVersion: RowVersion | null;
  readonly scores: Map<string, { row: ScorePeriod; version: RowVersion }>;
  clock: Clock | undefined;
  clockVersion: RowVersion | null;
  readonly metas: Map<string, MetaCell>;
  /** Per bookmaker, the latest `changedAt` of its prices on this fixture: evidence of freshness. */
  readonly lastChangedAt: Map<string, number>;
  /** oddsIds of this fixture in the book (for scoped snapshots). */
  readonly oddsIds: Set<string>;
  mark: number;
  view: FixtureLive | null;
}

/** The freshness bounds of one bookmaker (from `GET /bookmakers`). */
export type Bounds = Pick<Bookmaker, 'maxDelayLiveInSec' | 'maxDelayPregameInSec'>;

/** One bookmaker's freshness bounds, as `GET /bookmakers` lists them. */
export type BookmakerBounds = Bounds & { readonly bookmaker: string };

export interface BookOptions {
  /** Epoch ms now; injected so tests and the worker control time. Default `Date.now`. */
  readonly now?: () => number;
}

const META_KEY_SEP = '\u0000';

/**
 * Creates an empty live book. Apply stream ops with `apply`, seed it from REST with `seed`, then
 * call `flush()` once per frame to notify the subscribers of changed rows.
 */
export class LiveBook {
  private readonly odds = new Map<string, OddsCell>();
  private readonly futures = new Map<string, FutureCell>();
  private readonly fixtures = new Map<string, FixtureCell>();
  private readonly bounds = new Map<string, Bounds>();
  private readonly oddsListeners = new Map<string, Set<Listener>>();
  private readonly futureListeners = new Map<string, Set<Listener>>();
  private readonly fixtureListeners = new Map<string, Set<Listener>>();
  private readonly metaListeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();
  private readonly seedListeners = new Set<(snapshot: BookSnapshot) => void>();
  private readonly extrasListeners = new Set<(frame: ExtrasUpdate) => void>();
  private dirtyOdds: string[] = [];
  /** The other half of a double buffer: flush swaps, so the hot array is reused, not regrown. */
  private spareDirtyOdds: string[] = [];
  private dirtyFutures: string[] = [];
  private dirtyFixtures: string[] = [];
  private dirtyMetas: string[] = [];
  /** The current frame number; a row whose mark equals it is already in a dirty list. */
  private frame = 1;
  private readonly now: () => number;
  /** False while the stream is not delivering odds and metas (see `setDelivering`). */
  private delivering = true;
  /** Price and row updates applied (not skipped as older or duplicate), for updates/s. */
  applied = 0;

  constructor(options: BookOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  // -------------------------------------------------------------------------------------------
  // Reading (stable references until the row changes: safe for useSyncExternalStore)
  // -------------------------------------------------------------------------------------------

  /** The price held for a fixture `oddsId`, or undefined. */
  getOdds(oddsId: string): OddsEntry | undefined {
    return this.odds.get(oddsId)?.entry;
  }

  /** The price held for a future `oddsId`, or undefined. */
  getFutureOdds(oddsId: string): FutureOddsEntry | undefined {
    return this.futures.get(oddsId)?.entry;
  }

  /** The live state of a fixture, or undefined when the book knows nothing of it. */
  getFixture(fixtureId: string): FixtureLive | undefined {
    const cell = this.fixtures.get(fixtureId);
    if (cell === undefined) return undefined;
    cell.view ??= {
      fixtureId,
      fixture: cell.fixture,
      status: cell.fixture?.status ?? null,
      scores: Object.fromEntries([...cell.scores].map(([period, { row }]) => [period, row])),
      clock: cell.clock,
    };
    return cell.view;
  }

  /** A bookmaker's metadata on a fixture with its freshness, or undefined. */
  getBookmakerMeta(fixtureId: string, bookmaker: string): BookmakerMetaLive | undefined {
    const cell = this.fixtures.get(fixtureId)?.metas.get(bookmaker);
    if (cell === undefined) return undefined;
    cell.view ??= { meta: cell.meta, updatedAtMs: cell.updatedAtMs, maxDelaySec: cell.maxDelaySec, overdue: cell.overdue, evidenceAtMs: cell.evidenceAtMs };
    return cell.view;
  }

  /** Every fixtureId the book knows (from a view, a score, a clock, odds or meta). */
  fixtureIds(): string[] {
    return [...this.fixtures.keys()];
  }

  /** Every futureId the book holds prices for. */
  futureIds(): string[] {
    return [...new Set([...this.futures.values()].map((c) => c.futureId))];
  }

  /** Number of fixture prices held. */
  get oddsCount(): number {
    return this.odds.size;
  }

  /** The fixture prices held, bookmaker → oddsId → entry, for one fixture (a copy). */
  fixtureOdds(fixtureId: string): FixtureOdds {
    const out: Record<string, Record<string, OddsEntry>> = {};
    for (const oddsId of this.fixtures.get(fixtureId)?.oddsIds ?? []) {
      const cell = this.odds.get(oddsId);
      if (cell === undefined) continue;
      (out[cell.entry.bookmaker] ??= {})[oddsId] = cell.entry;
    }
    return out;
  }

  /** The metadata held per bookmaker for one fixture (a copy). */
  fixtureBookmakers(fixtureId: string): FixtureBookmakers {
    const out: Record<string, BookmakerFixtureMeta> = {};
    for (const [bookmaker, cell] of this.fixtures.get(fixtureId)?.metas ?? []) out[bookmaker] = cell.meta;
    return out;
  }

  // -------------------------------------------------------------------------------------------
  // Subscribing (per row; notified by flush() only when that row changed)
  // -------------------------------------------------------------------------------------------

  /** Subscribes to one fixture price; returns the unsubscribe function. */
  subscribeOdds(oddsId: string, listener: Listener): () => void {
    return addListener(this.oddsListeners, oddsId, listener);
  }

  /** Subscribes to one future price. */
  subscribeFutureOdds(oddsId: string, listener: Listener): () => void {
    return addListener(this.futureListeners, oddsId, listener);
  }

  /** Subscribes to a fixture's status, scores and clock. */
  subscribeFixture(fixtureId: string, listener: Listener): () => void {
    return addListener(this.fixtureListeners, fixtureId, listener);
  }

  /** Subscribes to one bookmaker's metadata on one fixture (also notified when it becomes overdue). */
  subscribeBookmakerMeta(fixtureId: string, bookmaker: string, listener: Listener): () => void {
    return addListener(this.metaListeners, fixtureId + META_KEY_SEP + bookmaker, listener);
  }

  /**
   * Hears every `injuries`, `lineups` and `stats` frame as it is applied. The book does not keep
   * them (no REST snapshot exists for them); src/features/fixture-info/extras-store.ts does.
   */
  subscribeExtras(listener: (frame: ExtrasUpdate) => void): () => void {
    this.extrasListeners.add(listener);
    return () => this.extrasListeners.delete(listener);
  }

  /** Subscribes to "something changed" (once per flush that had changes): for summaries, not rows. */
  subscribeAny(listener: Listener): () => void {
    this.anyListeners.add(listener);
    return () => this.anyListeners.delete(listener);
  }

  // -------------------------------------------------------------------------------------------
  // Writing
  // -------------------------------------------------------------------------------------------

  /** Sets the freshness bounds per bookmaker (from `GET /bookmakers`); re-judges every meta. */
  setBookmakerBounds(bookmakers: readonly BookmakerBounds[]): void {
    for (const b of bookmakers) this.bounds.set(b.bookmaker, b);
    this.checkStaleness();
  }

  /**
   * Says whether the stream is delivering odds and bookmaker metas now. While it is not (connecting,
   * offline, re-snapshotting those channels: their deltas wait in a buffer), the age of what the
   * book holds is no evidence against a bookmaker, so no meta is judged overdue. Back to true, the
   * next odds, meta or `checkStaleness` judges again — not at once: the ops that bring the fresh
   * data may land just after this call.
   */
  setDelivering(delivering: boolean): void {
    if (delivering === this.delivering) return;
    this.delivering = delivering;
    if (!delivering) this.checkStaleness();
  }

  /** Applies ops in order (what the worker posts once per frame). */
  apply(ops: readonly BookOp[]): void {
    for (const op of ops) {
      switch (op.op) {
        case 'update':
          this.applyUpdate(op.frame);
          break;
        case 'seed':
          this.applySeed(op.snapshot, op.authoritative);
          break;
        case 'reset':
          this.reset();
          break;
        case 'load':
          this.load(op.dump);
          break;
        default:
          assertNever(op);
      }
    }
  }

  /** Applies one checked data frame by its channel's ordering rule; older or repeated states are skipped. */
  applyUpdate(frame: StreamUpdate): void {
    switch (frame.channel) {
      case 'odds':
        this.applyOdds(frame.payload.fixtureId, frame.payload.odds);
        break;
      case 'oddsFutures':
        this.applyFutureOdds(frame.payload.futureId, frame.payload.odds);
        break;
      case 'fixtures': {
        const cell = this.fixtureCell(frame.payload.fixtureId);
        const version = entryIdVersion(frame.entryId);
        if (compareVersions(version, cell.fixtureVersion) > 0) this.setFixtureView(cell, frame.payload, version);
        // Score rows carry their own updatedAt, so the view's copy merges safely; its clock does
        // not (entryIds of two channels do not compare), so clocks come from `clocks` only.
        for (const key in frame.payload.scores) {
          const row = frame.payload.scores[key];
          if (row !== undefined) this.setScore(cell, key, row, false);
        }
        break;
      }
      case 'scores': {
        const cell = this.fixtureCell(frame.payload.fixtureId);
        for (const key in frame.payload.scores) {
          const row = frame.payload.scores[key];
          if (row !== undefined) this.setScore(cell, key, row, false);
        }
        break;
      }
      case 'clocks': {
        const cell = this.fixtureCell(frame.payload.fixtureId);
        const version = entryIdVersion(frame.entryId);
        if (compareVersions(version, cell.clockVersion) > 0) {
          cell.clock = frame.payload.clock;
          cell.clockVersion = version;
          this.touchFixture(cell);
        }
        break;
      }
      case 'bookmakers': {
        const cell = this.fixtureCell(frame.payload.fixtureId);
        for (const bookmaker in frame.payload.bookmakers) {
          const meta = frame.payload.bookmakers[bookmaker];
          if (meta !== undefined) this.setMeta(cell, bookmaker, meta, false);
        }
        break;
      }
      case 'injuries':
      case 'lineups':
      case 'stats':
        // Not kept here: handed to whoever keeps them (src/features/fixture-info/extras-store.ts).
        for (const listener of [...this.extrasListeners]) listener(frame);
        break;
      default:
        assertNever(frame);
    }
  }

  /**
   * Seeds the book from a REST snapshot. `authoritative` (the stream client's re-snapshot): the
   * snapshot replaces its scope, rows it lacks are dropped. Otherwise (a page's seed): it only
   * fills, by the ordering rules, so an older cached snapshot never undoes a live update.
   */
  seed(snapshot: BookSnapshot, authoritative: boolean): void {
    this.applySeed(snapshot, authoritative);
    if (!authoritative) for (const listener of [...this.seedListeners]) listener(snapshot);
  }

  /**
   * Hears the page seeds made with `seed(…, false)` (not the ops from the stream worker): the
   * stream provider forwards them to the worker, so every tab's book and the worker's mirror get them.
   */
  subscribeSeeds(listener: (snapshot: BookSnapshot) => void): () => void {
    this.seedListeners.add(listener);
    return () => this.seedListeners.delete(listener);
  }

  private applySeed(snapshot: BookSnapshot, authoritative: boolean): void {
    const channels = new Set(snapshot.channels);
    const bookmakers = new Set(snapshot.bookmakers);
    const views = new Map(snapshot.fixtures.map((v) => [v.fixtureId, v]));
    const odds = new Map(snapshot.odds.map((o) => [o.fixtureId, o]));
    const fixtureIds = new Set(snapshot.fixtureIds);
    if (!authoritative) {
      for (const v of snapshot.fixtures) fixtureIds.add(v.fixtureId);
      for (const o of snapshot.odds) fixtureIds.add(o.fixtureId);
    }
    for (const fixtureId of fixtureIds) {
      const view = views.get(fixtureId);
      const fixtureOdds = odds.get(fixtureId);
      if (authoritative && view === undefined && fixtureOdds === undefined && !this.fixtures.has(fixtureId)) continue;
      const cell = this.fixtureCell(fixtureId);
      if (channels.has('fixtures') && (view !== undefined || authoritative)) {
        if (authoritative) this.setFixtureView(cell, view ?? null, null);
        else if (cell.fixtureVersion === null && view !== undefined) this.setFixtureView(cell, view, null);
      }
      if (channels.has('scores') && (view !== undefined || authoritative)) {
        if (authoritative && cell.scores.size > 0) {
          cell.scores.clear();
          this.touchFixture(cell);
        }
        for (const [period, row] of Object.entries(view?.scores ?? {})) this.setScore(cell, period, row, authoritative);
      }
      if (channels.has('clocks') && (view !== undefined || authoritative)) {
        if (authoritative || (cell.clockVersion === null && view !== undefined)) {
          cell.clock = view?.clock;
          cell.clockVersion = null;
          this.touchFixture(cell);
        }
      }
      if (channels.has('odds') && (fixtureOdds !== undefined || authoritative)) {
        if (authoritative) this.dropFixtureOdds(cell, bookmakers, fixtureOdds?.odds ?? {});
        this.applyOdds(fixtureId, fixtureOdds?.odds ?? {}, authoritative);
      }
      if (channels.has('bookmakers') && (fixtureOdds !== undefined || authoritative)) {
        const metas = fixtureOdds?.bookmakers ?? {};
        if (authoritative) {
          for (const bookmaker of [...cell.metas.keys()]) {
            if (bookmakers.has(bookmaker) && metas[bookmaker] === undefined) {
              cell.metas.delete(bookmaker);
              this.touchMeta(fixtureId, bookmaker);
            }
          }
        }
        for (const [bookmaker, meta] of Object.entries(metas)) {
          if (bookmakers.has(bookmaker) || !authoritative) this.setMeta(cell, bookmaker, meta, authoritative);
        }
      }
      if (authoritative && cell.fixture === null && cell.scores.size === 0 && cell.clock === undefined && cell.oddsIds.size === 0 && cell.metas.size === 0) {
        this.fixtures.delete(fixtureId);
        this.touchFixture(cell);
      }
    }
    if (channels.has('oddsFutures')) {
      const items = new Map(snapshot.futuresOdds.map((f) => [f.futureId, f.odds]));
      if (authoritative) {
        const scope = new Set(snapshot.futureIds);
        for (const [oddsId, cell] of this.futures) {
          if (!scope.has(cell.futureId) || !bookmakers.has(cell.entry.bookmaker)) continue;
          if (items.get(cell.futureId)?.[cell.entry.bookmaker]?.[oddsId] === undefined) {
            this.futures.delete(oddsId);
            this.markFuture(oddsId);
          }
        }
      }
      for (const [futureId, byBookmaker] of items) this.applyFutureOdds(futureId, byBookmaker, authoritative);
    }
  }

  /** Everything held, to hand to a book that joins late (see `load`). */
  dump(): BookDump {
    return {
      odds: [...this.odds].map(([oddsId, c]) => ({ fixtureId: c.fixtureId, oddsId, entry: c.entry })),
      futuresOdds: [...this.futures].map(([oddsId, c]) => ({ futureId: c.futureId, oddsId, entry: c.entry })),
      fixtures: [...this.fixtures.values()].map((c) => ({
        fixtureId: c.fixtureId,
        fixture: c.fixture,
        scores: Object.fromEntries([...c.scores].map(([period, { row }]) => [period, row])),
        clock: c.clock,
        bookmakers: this.fixtureBookmakers(c.fixtureId),
      })),
    };
  }

  /** Merges a dump by the ordering rules (fills, never undoes a newer row). */
  load(dump: BookDump): void {
    for (const f of dump.fixtures) {
      const cell = this.fixtureCell(f.fixtureId);
      if (f.fixture !== null && cell.fixtureVersion === null) this.setFixtureView(cell, f.fixture, null);
      for (const [period, row] of Object.entries(f.scores)) this.setScore(cell, period, row, false);
      if (f.clock !== undefined && cell.clockVersion === null) {
        cell.clock = f.clock;
        this.touchFixture(cell);
      }
      for (const [bookmaker, meta] of Object.entries(f.bookmakers)) this.setMeta(cell, bookmaker, meta, false);
    }
    for (const o of dump.odds) this.applyOdds(o.fixtureId, { [o.entry.bookmaker]: { [o.oddsId]: o.entry } });
    for (const o of dump.futuresOdds) this.applyFutureOdds(o.futureId, { [o.entry.bookmaker]: { [o.oddsId]: o.entry } });
  }

  /** Empties the book (a new login scope); every subscriber of a held row is notified. */
  reset(): void {
    for (const oddsId of this.odds.keys()) this.dirtyOdds.push(oddsId);
    for (const oddsId of this.futures.keys()) this.dirtyFutures.push(oddsId);
    for (const [fixtureId, cell] of this.fixtures) {
      this.dirtyFixtures.push(fixtureId);
      for (const bookmaker of cell.metas.keys()) this.dirtyMetas.push(fixtureId + META_KEY_SEP + bookmaker);
    }
    this.odds.clear();
    this.futures.clear();
    this.fixtures.clear();
  }

  /**
   * Re-judges every bookmaker meta against its bound at `now` (a book goes overdue with no frame
   * arriving); marks the ones whose verdict changed. Call it about once a second.
   */
  checkStaleness(): void {
    const now = this.now();
    for (const cell of this.fixtures.values()) {
      for (const [bookmaker, meta] of cell.metas) this.judgeMeta(cell, bookmaker, meta, now);
    }
  }

  /**
   * Notifies the subscribers of every row changed since the last flush, each once, then starts
   * a new frame. Returns the number of rows that changed.
   */
  flush(): number {
    const changed = this.dirtyOdds.length + this.dirtyFutures.length + this.dirtyFixtures.length + this.dirtyMetas.length;
    if (changed === 0) return 0;
    const odds = this.dirtyOdds;
    const futures = this.dirtyFutures;
    const fixtures = this.dirtyFixtures;
    const metas = this.dirtyMetas;
    this.dirtyOdds = this.spareDirtyOdds;
    this.dirtyFutures = [];
    this.dirtyFixtures = [];
    this.dirtyMetas = [];
    this.frame++;
    notifyAll(this.oddsListeners, odds);
    odds.length = 0;
    this.spareDirtyOdds = odds;
    notifyAll(this.futureListeners, futures);
    notifyAll(this.fixtureListeners, fixtures);
    notifyAll(this.metaListeners, metas);
    for (const listener of [...this.anyListeners]) listener();
    return changed;
  }

  /** Per bookmaker, across every fixture of the book, for the connection indicator. */
  bookmakerSummaries(): BookmakerSummary[] {
    const now = this.now();
    const out = new Map<string, { fixtures: number; staleOdds: number; suspended: number; maxAgeMs: number; maxDelaySec: number | null; overdue: number }>();
    for (const cell of this.fixtures.values()) {
      for (const [bookmaker, meta] of cell.metas) {
        let s = out.get(bookmaker);
        if (s === undefined) {
          s = { fixtures: 0, staleOdds: 0, suspended: 0, maxAgeMs: -1, maxDelaySec: null, overdue: 0 };
          out.set(bookmaker, s);
        }
        s.fixtures++;
        if (meta.meta.staleOdds) s.staleOdds++;
        if (meta.meta.suspended) s.suspended++;
        if (meta.overdue) s.overdue++;
        const age = evidenceAgeMs(evidenceOf(cell, bookmaker, meta), now) ?? -1;
        if (age > s.maxAgeMs) {
          s.maxAgeMs = age;
          s.maxDelaySec = meta.maxDelaySec;
        }
      }
    }
    return [...out].map(([bookmaker, s]) => ({ bookmaker, ...s, maxAgeMs: Math.max(0, s.maxAgeMs) })).sort((a, b) => a.bookmaker.localeCompare(b.bookmaker));
  }

  // -------------------------------------------------------------------------------------------
  // Internals
  // -------------------------------------------------------------------------------------------

  /**
   * The hot path: per (fixture, bookmaker) one staleness check, per price one Map lookup, one
   * number comparison and a dirty mark. `force` (an authoritative seed) replaces regardless of order.
   */
  private applyOdds(fixtureId: string, byBookmaker: FixtureOdds, force = false): void {
    let fixture: FixtureCell | undefined;
    const now = this.now();
    // Locals, not `this.` loads, in the loop; the held changedAt lives on the cell (one shape),
    // so only the incoming entry is read through the many shapes JSON gives entries.
    const cells = this.odds;
    const dirty = this.dirtyOdds;
    const frame = this.frame;
    let applied = 0;
    for (const bookmaker in byBookmaker) {
      const entries = byBookmaker[bookmaker];
      if (entries === undefined) continue;
      fixture ??= this.fixtureCell(fixtureId);
      // The latest changedAt of the book's prices here: a price that arrives is evidence of freshness.
      let latest = fixture.lastChangedAt.get(bookmaker) ?? -1;
      for (const oddsId in entries) {
        const entry = entries[oddsId];
        if (entry === undefined) continue;
        const changedAt = entry.changedAt;
        if (changedAt > latest) latest = changedAt;
        const cell = cells.get(oddsId);
        if (cell === undefined) {
          cells.set(oddsId, { entry, changedAt, fixtureId, mark: frame });
          fixture.oddsIds.add(oddsId);
          dirty.push(oddsId);
          applied++;
          continue;
        }
        if (!force && changedAt <= cell.changedAt && (changedAt < cell.changedAt || !isNewerPrice(entry, cell.entry))) continue;
        cell.entry = entry;
        cell.changedAt = changedAt;
        applied++;
        if (cell.mark !== frame) {
          cell.mark = frame;
          dirty.push(oddsId);
        }
      }
      if (latest >= 0) fixture.lastChangedAt.set(bookmaker, latest);
      const meta = fixture.metas.get(bookmaker);
      if (meta !== undefined) this.judgeMeta(fixture, bookmaker, meta, now);
    }
    this.applied += applied;
  }

  private applyFutureOdds(futureId: string, byBookmaker: Record<string, Record<string, FutureOddsEntry>>, force = false): void {
    for (const bookmaker in byBookmaker) {
      const entries = byBookmaker[bookmaker];
      if (entries === undefined) continue;
      for (const oddsId in entries) {
        const entry = entries[oddsId];
        if (entry === undefined) continue;
        const cell = this.futures.get(oddsId);
        if (cell === undefined) {
          this.futures.set(oddsId, { entry, futureId, mark: this.frame });
          this.dirtyFutures.push(oddsId);
          this.applied++;
          continue;
        }
        if (!force && !isNewerPrice(entry, cell.entry)) continue;
        cell.entry = entry;
        this.applied++;
        this.markFuture(oddsId, cell);
      }
    }
  }

  /** Drops the prices of `bookmakers` on a fixture that an authoritative snapshot does not hold. */
  private dropFixtureOdds(cell: FixtureCell, bookmakers: ReadonlySet<string>, kept: FixtureOdds): void {
    for (const oddsId of [...cell.oddsIds]) {
      const odds = this.odds.get(oddsId);
      if (odds === undefined) {
        cell.oddsIds.delete(oddsId);
        continue;
      }
      const bookmaker = odds.entry.bookmaker;
      if (!bookmakers.has(bookmaker) || kept[bookmaker]?.[oddsId] !== undefined) continue;
      this.odds.delete(oddsId);
      cell.oddsIds.delete(oddsId);
      this.dirtyOdds.push(oddsId);
    }
  }

  private fixtureCell(fixtureId: string): FixtureCell {
    let cell = this.fixtures.get(fixtureId);
    if (cell === undefined) {
      cell = {
        fixtureId,
        fixture: null,
        fixtureVersion: null,
        scores: new Map(),
        clock: undefined,
        clockVersion: null,
        metas: new Map(),
        lastChangedAt: new Map(),
        oddsIds: new Set(),
        mark: 0,
        view: null,
      };
      this.fixtures.set(fixtureId, cell);
    }
    return cell;
  }

  private setFixtureView(cell: FixtureCell, view: FixtureView | null, version: RowVersion | null): void {
    cell.fixture = view;
    cell.fixtureVersion = version;
    this.applied++;
    this.touchFixture(cell);
  }

  private setScore(cell: FixtureCell, period: string, row: ScorePeriod, force: boolean): void {
    const version = updatedAtVersion(row.updatedAt, `${String(row.participant1Score)}:${String(row.participant2Score)}`);
    const held = cell.scores.get(period);
    if (!force && held !== undefined && compareVersions(version, held.version) <= 0) return;
    cell.scores.set(period, { row, version });
    this.applied++;
    this.touchFixture(cell);
  }

  private setMeta(cell: FixtureCell, bookmaker: string, meta: BookmakerFixtureMeta, force: boolean): void {
    const version = updatedAtVersion(meta.updatedAt, `${meta.staleOdds ? 1 : 0}${meta.suspended ? 1 : 0}${meta.hasOdds ? 1 : 0}`);
    const held = cell.metas.get(bookmaker);
    if (!force && held !== undefined && compareVersions(version, held.version) <= 0) return;
    const next: MetaCell = { meta, version, updatedAtMs: version.primary, overdue: false, evidenceAtMs: null, maxDelaySec: null, mark: held?.mark ?? 0, view: null };
    cell.metas.set(bookmaker, next);
    this.applied++;
    this.judgeMeta(cell, bookmaker, next, this.now());
    this.markMeta(cell.fixtureId, bookmaker, next);
  }

  /**
   * The staleness check (`isOverdue` of src/domain/bookmaker-health.ts): the latest of the meta's
   * updatedAt and the book's prices' changedAt against the bound of the delivery mode, only while
   * the stream delivers; marks the row on a change of verdict.
   */
  private judgeMeta(cell: FixtureCell, bookmaker: string, meta: MetaCell, now: number): void {
    const bounds = this.bounds.get(bookmaker);
    const live = cell.fixture?.status.live ?? false;
    const bound = bounds === undefined ? null : live ? bounds.maxDelayLiveInSec : bounds.maxDelayPregameInSec;
    const evidence = evidenceOf(cell, bookmaker, meta);
    const overdue = this.delivering && isOverdue({ ...evidence, boundSec: bound }, now);
    if (overdue === meta.overdue && bound === meta.maxDelaySec) return;
    meta.overdue = overdue;
    meta.maxDelaySec = bound;
    const age = evidenceAgeMs(evidence, now);
    meta.evidenceAtMs = age === null ? null : now - age;
    meta.view = null;
    this.markMeta(cell.fixtureId, bookmaker, meta);
  }

  private touchFixture(cell: FixtureCell): void {
    cell.view = null;
    if (cell.mark !== this.frame) {
      cell.mark = this.frame;
      this.dirtyFixtures.push(cell.fixtureId);
    }
  }

  private markMeta(fixtureId: string, bookmaker: string, meta: MetaCell): void {
    if (meta.mark !== this.frame) {
      meta.mark = this.frame;
      this.dirtyMetas.push(fixtureId + META_KEY_SEP + bookmaker);
    }
  }

  private touchMeta(fixtureId: string, bookmaker: string): void {
    this.dirtyMetas.push(fixtureId + META_KEY_SEP + bookmaker);
  }

  private markFuture(oddsId: string, cell?: FutureCell): void {
    if (cell === undefined) {
      this.dirtyFutures.push(oddsId);
      return;
    }
    if (cell.mark !== this.frame) {
      cell.mark = this.frame;
      this.dirtyFutures.push(oddsId);
    }
  }
}

/** The times that tell whether a book is fresh on one fixture: its meta's updatedAt, its last price. */
function evidenceOf(cell: FixtureCell, bookmaker: string, meta: MetaCell): { updatedAtMs: number | null; lastChangedAtMs: number | null } {
  return { updatedAtMs: Number.isNaN(meta.updatedAtMs) ? null : meta.updatedAtMs, lastChangedAtMs: cell.lastChangedAt.get(bookmaker) ?? null };
}

function addListener(map: Map<string, Set<Listener>>, key: string, listener: Listener): () => void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  set.add(listener);
  return () => {
    const current = map.get(key);
    if (current === undefined) return;
    current.delete(listener);
    if (current.size === 0) map.delete(key);
  };
}

function notifyAll(map: Map<string, Set<Listener>>, keys: readonly string[]): void {
  if (map.size === 0) return;
  for (const key of keys) {
    const set = map.get(key);
    if (set === undefined) continue;
    for (const listener of [...set]) listener();
  }
}

function assertNever(value: never): never {
  throw new Error(`unexpected book op ${JSON.stringify(value)}`);
}
