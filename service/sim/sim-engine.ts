// The simulator's engine: produces every change of the world. Each tick keeps the schedule
// full, moves the fixtures through their lifecycle, plays live matches, lets every bookmaker
// quote, settles finished fixtures, then writes history, publishes the typed change feed and
// saves the records. Hot state is plain mutable maps keyed by oddsId; everything is batched per
// tick. Package-internal: simulator.ts is the public face; the knobs (sim-knobs.ts) and the
// loading (world-loading.ts) drive the engine through the members not marked private.
import type { BookmakerFixtureMeta, OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { CatalogueMarket } from '../catalogue/types.ts';
import { createRng } from '../pricing/rng.ts';
import type { Rng } from '../pricing/rng.ts';
import type { FixturePriceChange, FuturePriceChange, LifecycleRecord, PriceChange, SettlementRecord } from '../storage/history-store.ts';
import { ChangeFeed } from './change-feed.ts';
import { statsPayload } from './extras.ts';
import { fastForward } from './fast-forward.ts';
import type { FastForwardHost } from './fast-forward.ts';
import { FixtureRuntime, newRecord } from './fixture-runtime.ts';
import type { ChangeSink, FixtureRecord, StepContext } from './fixture-runtime.ts';
import type { Firehose } from './firehose.ts';
import { FuturesBook } from './futures.ts';
import type { HistoryPort } from './history-port.ts';
import { clockOf } from './match-engine.ts';
import type { PropPlayer } from './match-engine.ts';
import type { ModelPort, QuotePort } from './model-port.ts';
import { SchedulePlanner } from './schedule.ts';
import type { PlannedFixture } from './schedule.ts';
import { ScheduleKeeper } from './schedule-keeper.ts';
import { settlementsOf } from './settle.ts';
import { SimReads } from './sim-reads.ts';
import { systemClock } from './sim-types.ts';
import type { SimClock, SimSettings, SimulatorDeps } from './sim-types.ts';
import { SimWorld } from './sim-world.ts';
import { TeamNews } from './team-news.ts';
import { drain } from './tick-runner.ts';
import type { SlicedTick, TickSteps } from './tick-runner.ts';
import { isFinished, isLive, isOpen, isOver, isPreGame } from '../../src/wire/status.ts';

/** Finished fixtures drop their in-memory odds after this long (history keeps them). */
const RETIRE_AFTER_MS = 30 * 60_000;
/** Live records are saved this often; status changes are saved at once. */
const SAVE_EVERY_MS = 5_000;
/** Largest step of the match engine: after a stall the simulation slows rather than jumps. */
const MAX_STEP_MS = 2_000;
/** Price changes written to the history per slice (about 1–3 ms of SQLite inserts). */
const HISTORY_CHUNK = 1_000;

/** A step's context with its time, which the caller may move between steps. */
export type TimedContext = StepContext & { nowMs: number };

export class SimEngine implements ChangeSink, FastForwardHost, SlicedTick {
  readonly feed = new ChangeFeed();
  readonly world: SimWorld;
  readonly reads: SimReads;
  readonly futures: FuturesBook;
  readonly keeper: ScheduleKeeper;
  private readonly teamNews: TeamNews;
  /** Mutable: the retention knob changes `retentionBytes`. */
  settings: SimSettings;
  readonly clock: SimClock;
  readonly history: HistoryPort;
  readonly log: (line: string) => void;
  private readonly catalogue: CatalogueIndex;
  private readonly models: ModelPort;
  private readonly quoting: QuotePort;
  private readonly rng: Rng;
  /** Pre-game and live fixtures, the ones a tick moves. */
  private active: FixtureRuntime[] = [];
  private readonly statsPublishedAt = new Map<string, number>();
  readonly bookStaleUntil = new Map<string, number>();
  readonly forcedStaleBooks = new Set<string>();
  private pendingChanges: PriceChange[] = [];
  private pendingSettlements: SettlementRecord[] = [];
  /** Fixtures whose record changed since the last save. */
  readonly dirty = new Set<string>();
  /**
   * Fixtures whose score or status changed since the last flush: their records are saved before
   * the feed sends the change, not within the 5 s of the periodic save, so a restarted producer
   * does not reload a match without a goal or a kick-off its clients were sent.
   */
  private readonly saveBeforeFeed = new Set<string>();
  private readonly statusDirty = new Set<string>();
  private readonly clockDirty = new Set<string>();
  private readonly statsDirty = new Set<string>();
  lastTickMs: number;
  private lastSaveMs = 0;
  private lastTopUpMs = 0;
  private lastPruneMs = 0;
  /** The firehose knob's generator, while one runs (one fixture at a time). */
  firehose: Firehose | null = null;
  /** What the running tick's current step is doing (for the tick timings). */
  private label = 'tick start';
  /**
   * The running timer-driven tick's time, and whether it is stepping fixtures: a slice that ends
   * then publishes what it changed (history first, then the feed) instead of holding it until
   * the tick's end, so a price leaves as soon as it is made, not a whole tick later.
   */
  private tickNowMs = 0;
  private steppingFixtures = false;
  /** When false (seeding), feed payloads are not built. */
  publishing = true;

  constructor(deps: SimulatorDeps) {
    this.settings = deps.settings;
    this.clock = deps.clock ?? systemClock;
    this.catalogue = deps.catalogue;
    this.models = deps.models;
    this.quoting = deps.quoting;
    this.history = deps.history;
    this.log = deps.log ?? (() => undefined);
    this.world = new SimWorld(deps.reference, this.clock, deps.settings.frozen);
    this.reads = new SimReads(this.world);
    this.keeper = new ScheduleKeeper(new SchedulePlanner(deps.reference, deps.settings.seed, deps.settings.liveKickoffGapSec), deps.history, deps.settings.scheduleDays);
    this.teamNews = new TeamNews(this.world, this.feed, () => this.publishing);
    this.rng = createRng(`${String(deps.settings.seed)}/simulator`);
    this.lastTickMs = this.clock.now();
    this.futures = new FuturesBook(deps.reference, deps.settings.seed, this.quoting, this.world.books);
  }

  get simSpeed(): number {
    return this.settings.simSpeed;
  }

  /** The pre-game and live fixtures (a new list whenever it is rebuilt, so a loop over it keeps its list). */
  get activeFixtures(): readonly FixtureRuntime[] {
    return this.active;
  }

  /** Price changes recorded and not yet written to history. */
  get pendingChangeCount(): number {
    return this.pendingChanges.length;
  }

  // -------------------------------------------------------------------------------------------
  // The tick
  // -------------------------------------------------------------------------------------------

  context(nowMs: number, quoteRate = this.settings.quoteRate, coarse = false): TimedContext {
    return {
      nowMs,
      coarse,
      simSpeed: this.settings.simSpeed,
      quoteRate,
      sink: this,
      bookStale: (slug) => this.forcedStaleBooks.has(slug) || (this.bookStaleUntil.get(slug) ?? 0) > nowMs,
    };
  }

  /** The tick as steps: the bookkeeping, each active fixture, the futures, then the flush. */
  *steps(): TickSteps {
    if (this.world.frozen) return;
    const nowMs = this.clock.now();
    const dt = Math.max(0, Math.min(MAX_STEP_MS, nowMs - this.lastTickMs));
    this.lastTickMs = nowMs;
    this.tickNowMs = nowMs;
    this.world.counters.ticks++;
    this.label = 'tick start (top-up, book health)';
    if (nowMs - this.lastTopUpMs >= 10_000) {
      this.lastTopUpMs = nowMs;
      this.topUp(nowMs);
    }
    this.updateBookHealth(nowMs, dt);
    const ctx = this.context(nowMs);
    let statusChanged = false;
    this.steppingFixtures = true;
    yield;
    // `active` is replaced, never mutated, when it is rebuilt: this loop keeps the tick's list.
    for (const runtime of this.active) {
      const before = runtime.statusId;
      this.label = `fixture ${runtime.fixtureId} (sport ${String(runtime.record.planned.sportId)}, status ${String(before)})`;
      this.stepFixture(runtime, ctx, dt);
      if (runtime.statusId !== before) statusChanged = true;
      yield;
    }
    if (this.firehose !== null) {
      this.label = `firehose ${this.firehose.fixtureId}`;
      this.stepFirehose(this.firehose, nowMs, dt);
      yield;
    }
    this.label = 'futures';
    this.futures.step(nowMs, this.settings.quoteRate, this.publishing ? this.feed : null, (changes) => {
      this.recordFutureChanges(changes);
    });
    this.steppingFixtures = false;
    yield;
    this.label = 'retire';
    if (statusChanged) this.rebuildActive();
    this.retire(nowMs);
    yield* this.flushTickSteps(nowMs);
  }

  stepFixture(runtime: FixtureRuntime, ctx: TimedContext, dtMs: number): void {
    const record = runtime.record;
    const plan = record.planned;
    const nowMs = ctx.nowMs;
    // Only time after kick-off is played: a step that crosses the start plays none of it.
    const wasLive = isLive(record.statusId);
    if (isPreGame(record.statusId)) {
      const cancellation = plan.cancellation;
      if (cancellation !== null && nowMs >= cancellation.atMs) {
        this.cancelFixture(runtime, ctx, cancellation.reissue);
        return;
      }
      if (nowMs >= plan.startTime * 1000) {
        runtime.start(ctx);
        this.dirty.add(plan.fixtureId);
      }
    }
    const marketsBefore = runtime.offered.length;
    runtime.step(ctx, wasLive ? dtMs : 0, this.world.books);
    if (marketsBefore === 0 && runtime.quoted) {
      this.teamNews.publish(runtime, nowMs, runtime.lineupsConfirmedBy(nowMs));
    }
    if (isPreGame(runtime.statusId) && runtime.quoted) this.teamNews.maybeUpdate(runtime, nowMs);
    if (isLive(runtime.statusId)) this.dirty.add(plan.fixtureId);
    if (isFinished(runtime.statusId) && !record.settled) this.settle(runtime, nowMs);
  }

  private updateBookHealth(nowMs: number, dtMs: number): void {
    for (const book of this.world.books) {
      const until = this.bookStaleUntil.get(book.bookmaker) ?? 0;
      if (until > nowMs) continue;
      // A stale spell starts with the book's hourly propensity, and lasts its mean length on average.
      const chance = (book.staleness.perHour * dtMs) / 3_600_000;
      if (this.rng.next() < chance) {
        const length = -Math.log(1 - this.rng.next()) * book.staleness.meanLengthSec * 1000;
        this.bookStaleUntil.set(book.bookmaker, nowMs + length);
      }
    }
  }

  cancelFixture(runtime: FixtureRuntime, ctx: TimedContext, reissue: boolean): FixtureRuntime | null {
    let replacement: FixtureRuntime | null = null;
    if (reissue) {
      const plan = this.keeper.planner.reissue(runtime.record.planned);
      replacement = this.world.fixtures.get(plan.fixtureId) ?? this.addFixture(plan);
      // The replacement's own past (if its start is already behind us) is played out at once.
      if (!this.publishing) this.fastForward(replacement, this.clock.now());
    }
    runtime.cancel(ctx, replacement?.fixtureId ?? null);
    const settlements = settlementsOf(runtime, ctx.nowMs, true);
    this.pendingSettlements.push(...settlements);
    this.world.counters.settlements += settlements.length;
    runtime.record.settled = true;
    this.dirty.add(runtime.fixtureId);
    this.statusDirty.add(runtime.fixtureId);
    this.rebuildActive();
    return replacement;
  }

  /** Full time: every selection any bookmaker offered is graded on the final score and stored. */
  private settle(runtime: FixtureRuntime, nowMs: number): void {
    const settlements = settlementsOf(runtime, nowMs, false);
    this.pendingSettlements.push(...settlements);
    this.world.counters.settlements += settlements.length;
    runtime.record.settled = true;
    this.dirty.add(runtime.fixtureId);
  }

  /**
   * Finished fixtures keep their odds in memory for a while, then only in history; after the
   * past window (`seedPastDays` + 1 days) they leave memory altogether (the store keeps
   * their record, history and settlement).
   */
  retire(nowMs: number, now = false): void {
    if (!now && this.world.counters.ticks % 20 !== 0) return;
    const forgetBefore = nowMs - (this.settings.seedPastDays + 1) * 86_400_000;
    for (const runtime of [...this.world.fixtures.values()]) {
      if (isOpen(runtime.statusId)) continue;
      const end = runtime.record.finishedAtMs ?? runtime.record.planned.startTime * 1000;
      if (end < forgetBefore) {
        this.forget(runtime.fixtureId);
        continue;
      }
      if (runtime.lines.size > 0 && nowMs - end >= RETIRE_AFTER_MS) {
        this.world.bumpAll(runtime.fixtureId);
        runtime.release();
      }
    }
  }

  /** The fixture leaves memory with everything kept about it. */
  private forget(fixtureId: string): void {
    this.world.forget(fixtureId);
    this.reads.invalidate(fixtureId);
    this.statsPublishedAt.delete(fixtureId);
  }

  stepLabel(): string {
    return this.label;
  }

  /** Between two slices of a tick stepping fixtures, their changes go out (see publishSlice). */
  betweenSlices(): boolean {
    if (!this.steppingFixtures) return false;
    this.publishSlice();
    return true;
  }

  /** Keeps the window full (see ScheduleKeeper.topUp): adds the fixtures it plans. */
  topUp(nowMs: number): void {
    const { plans, planned } = this.keeper.topUp(nowMs);
    for (const plan of plans) if (!this.world.fixtures.has(plan.fixtureId)) this.addFixture(plan);
    if (planned) this.rebuildActive();
  }

  /** Plays the fixture's past up to `untilMs` (see fastForward). */
  fastForward(runtime: FixtureRuntime, untilMs: number): void {
    fastForward(this, runtime, untilMs);
  }

  private propPlayers(plan: PlannedFixture, rng: Rng): PropPlayer[] {
    const props: PropPlayer[] = [];
    // Esports props are per map while its model's clock is the current map: not offered.
    if (plan.sportId === 83) return props;
    for (const [side, participantId] of [[1, plan.participant1Id], [2, plan.participant2Id]] as const) {
      const players = this.world.playersOf(participantId).filter((p) => Object.keys(p.propRates).length > 0);
      // Two or three players a side get props: the ones a book would feature.
      const count = Math.min(players.length, 2 + rng.int(0, 1));
      for (const player of players.slice(0, count)) {
        for (const [marketType, rate] of Object.entries(player.propRates)) {
          if (this.models.propRate(player.playerId, marketType) === null) continue;
          props.push({ playerId: player.playerId, side, marketType, rate });
        }
      }
    }
    return props;
  }

  addFixture(plan: PlannedFixture): FixtureRuntime {
    const rng = createRng(`${String(this.settings.seed)}/fixture/${plan.fixtureId}`);
    const record = newRecord(plan, this.propPlayers(plan, rng.fork('props')));
    const runtime = this.adopt(record);
    // Stored before the feed first sends it (the schedule already holds its slot): a restart
    // reloads it with its record, not as a slot without one while clients hold its books.
    if (this.publishing) this.saveBeforeFeed.add(plan.fixtureId);
    return runtime;
  }

  adopt(record: FixtureRecord): FixtureRuntime {
    const plan = record.planned;
    const rng = createRng(`${String(this.settings.seed)}/fixture/${plan.fixtureId}/run/${String(record.match.elapsed)}`);
    const runtime = new FixtureRuntime(record, this.sportMarkets(plan.sportId), this.models, this.quoting, rng);
    this.world.fixtures.set(plan.fixtureId, runtime);
    this.dirty.add(plan.fixtureId);
    this.statusDirty.add(plan.fixtureId);
    return runtime;
  }

  private sportMarkets(sportId: number): readonly CatalogueMarket[] {
    return this.catalogue.bySport.get(sportId) ?? [];
  }

  rebuildActive(): void {
    this.active = [...this.world.fixtures.values()]
      .filter((f) => isOpen(f.statusId))
      .sort((a, b) => a.record.planned.startTime - b.record.planned.startTime);
  }

  // -------------------------------------------------------------------------------------------
  // ChangeSink: what fixtures report while stepping
  // -------------------------------------------------------------------------------------------

  oddsChanged(fixture: FixtureRuntime, oddsId: string, entry: OddsEntry): void {
    const change: FixturePriceChange = {
      kind: 'fixture',
      oddsId,
      fixtureId: fixture.fixtureId,
      bookmaker: entry.bookmaker,
      outcomeId: entry.outcomeId,
      playerId: entry.playerId,
      marketId: entry.marketId,
      price: entry.price,
      active: entry.active,
      marketActive: entry.marketActive,
      limit: null,
      changedAt: entry.changedAt,
    };
    this.pendingChanges.push(change);
    this.world.bump(fixture.fixtureId, 'odds', entry.bookmaker);
    if (this.publishing && this.feed.active) this.feed.oddsEntry(fixture.fixtureId, oddsId, entry);
  }

  metaChanged(fixture: FixtureRuntime, meta: BookmakerFixtureMeta): void {
    this.world.bump(fixture.fixtureId, 'meta', meta.bookmaker);
    if (this.publishing && this.feed.active) this.feed.bookmaker(fixture.fixtureId, meta);
  }

  scoreChanged(fixture: FixtureRuntime, unit: string, period: string): void {
    this.reads.invalidate(fixture.fixtureId);
    if (!this.publishing) return;
    const row = this.reads.wireRow(fixture, unit, period);
    if (row !== null) this.feed.score(fixture.fixtureId, row);
    this.saveBeforeFeed.add(fixture.fixtureId);
  }

  clockChanged(fixture: FixtureRuntime): void {
    this.reads.invalidate(fixture.fixtureId);
    this.clockDirty.add(fixture.fixtureId);
  }

  statusChanged(fixture: FixtureRuntime): void {
    this.reads.invalidate(fixture.fixtureId);
    this.statusDirty.add(fixture.fixtureId);
    this.dirty.add(fixture.fixtureId);
    if (this.publishing) this.saveBeforeFeed.add(fixture.fixtureId);
  }

  statsChanged(fixture: FixtureRuntime): void {
    this.statsDirty.add(fixture.fixtureId);
  }

  goal(): void {
    this.world.counters.goals++;
  }

  recordFutureChanges(changes: readonly FuturePriceChange[]): void {
    for (const change of changes) this.pendingChanges.push(change);
  }

  // -------------------------------------------------------------------------------------------
  // End of tick: history, feed, records
  // -------------------------------------------------------------------------------------------

  /** Writes all pending history at once (seeding, stop, a slice of a timer-driven tick). */
  flushHistory(): void {
    if (this.pendingChanges.length > 0) {
      this.history.appendChanges(this.pendingChanges);
      this.world.counters.priceChanges += this.pendingChanges.length;
      this.pendingChanges = [];
    }
    this.flushSettlements();
  }

  private flushSettlements(): void {
    if (this.pendingSettlements.length > 0) {
      this.history.appendSettlements(this.pendingSettlements);
      this.pendingSettlements = [];
    }
  }

  /** A tick's history, in chunks of `HISTORY_CHUNK` changes, a step each. */
  private *flushHistorySteps(): TickSteps {
    this.label = 'history write';
    while (this.pendingChanges.length > 0) {
      // Changes recorded between slices (admin knobs) go to a fresh queue, written after these.
      const batch = this.pendingChanges;
      this.pendingChanges = [];
      for (let i = 0; i < batch.length; i += HISTORY_CHUNK) {
        const chunk = batch.length <= HISTORY_CHUNK ? batch : batch.slice(i, i + HISTORY_CHUNK);
        this.history.appendChanges(chunk);
        this.world.counters.priceChanges += chunk.length;
        if (i + HISTORY_CHUNK < batch.length) yield;
      }
    }
    this.flushSettlements();
  }

  flushTick(nowMs: number): void {
    drain(this.flushTickSteps(nowMs));
  }

  /**
   * Between two slices of a tick that is stepping fixtures: the prices, metas, scores and team
   * news the slice made go out now, history first (a client that reads REST history after a
   * frame finds its price there), then the feed, stamped with the tick's time like the rest of
   * the tick. A fixture whose status changed goes with them, its view ahead of its prices as in
   * every batch; clocks and statistics still go with the tick's last batch. A slice is ~3 ms of
   * work, so its history write is small.
   */
  private publishSlice(): void {
    if (!this.publishing || !this.feed.active) return;
    this.feedStatusViews();
    for (const id of this.statusDirty) this.reads.invalidate(id);
    this.statusDirty.clear();
    this.flushHistory();
    this.saveRecords(this.saveBeforeFeed);
    this.feed.flush(this.tickNowMs);
  }

  /** The fresh view of every fixture whose status changed, into the feed. */
  private feedStatusViews(): void {
    for (const id of this.statusDirty) {
      this.reads.invalidate(id);
      const view = this.reads.fixtureView(id);
      if (view !== null) this.feed.fixture(view);
    }
  }

  /** End of tick: history, then the feed's batch, then the periodic saves, a step each. */
  private *flushTickSteps(nowMs: number): TickSteps {
    yield* this.flushHistorySteps();
    yield;
    this.label = 'feed flush (gateway fan-out)';
    this.saveRecords(this.saveBeforeFeed);
    if (this.feed.active) {
      this.feedStatusViews();
      for (const id of this.clockDirty) {
        const runtime = this.world.fixtures.get(id);
        if (runtime !== undefined) this.feed.clock(id, clockOf(runtime.record.match, runtime.rules));
      }
      for (const id of this.statsDirty) {
        const runtime = this.world.fixtures.get(id);
        const last = this.statsPublishedAt.get(id) ?? 0;
        // Statistics are published at most every 5 s per fixture (they tick up constantly).
        if (runtime !== undefined && nowMs - last >= 5_000) {
          this.statsPublishedAt.set(id, nowMs);
          this.feed.statsOf(statsPayload(id, runtime.record.match, nowMs));
        }
      }
      this.feed.flush(nowMs);
    } else this.feed.discard();
    for (const id of this.statusDirty) this.reads.invalidate(id);
    for (const id of this.clockDirty) this.reads.invalidate(id);
    this.statusDirty.clear();
    this.clockDirty.clear();
    this.statsDirty.clear();
    if (nowMs - this.lastSaveMs >= SAVE_EVERY_MS) {
      yield;
      this.label = 'save records';
      this.lastSaveMs = nowMs;
      this.saveDirty();
    }
    if (nowMs - this.lastPruneMs >= 60_000) {
      yield;
      this.label = 'retention';
      this.lastPruneMs = nowMs;
      if (this.history.sizeBytes() > this.settings.retentionBytes) this.pruneHistory();
    }
  }

  private saveDirty(): void {
    if (this.dirty.size === 0) return;
    this.saveRecords(this.dirty);
    this.futures.save((records) => {
      this.history.saveFutures(records);
    });
  }

  /** Saves the records of `ids` and empties the set. */
  private saveRecords(ids: Set<string>): void {
    if (ids.size === 0) return;
    const rows: LifecycleRecord[] = [];
    for (const id of ids) {
      const runtime = this.world.fixtures.get(id);
      if (runtime !== undefined) rows.push({ id, json: JSON.stringify(runtime.record), finishedAt: runtime.record.finishedAtMs });
    }
    this.history.saveFixtures(rows);
    ids.clear();
  }

  /** Retention: the store drops the oldest finished fixtures; they leave memory with their history. */
  private pruneHistory(): void {
    const report = this.history.pruneOldest({ maxBytes: this.settings.retentionBytes });
    for (const id of report.prunedFixtureIds) this.forget(id);
    if (report.prunedFixtureIds.length > 0) {
      this.log(`retention: dropped ${String(report.prunedFixtureIds.length)} finished fixtures (${String(report.deletedChanges)} changes), ${(report.bytesAfter / 1048576).toFixed(0)} MB left`);
    }
  }

  saveAll(): void {
    for (const id of this.world.fixtures.keys()) this.dirty.add(id);
    this.saveDirty();
    this.keeper.save();
  }

  private stepFirehose(firehose: Firehose, nowMs: number, dtMs: number): void {
    const runtime = this.world.fixtures.get(firehose.fixtureId);
    // Its fixture finished or was retired: the firehose ends with it.
    if (runtime === undefined || isOver(runtime.statusId)) {
      this.firehose = null;
      return;
    }
    firehose.step(dtMs, nowMs, (oddsId, entry) => {
      this.oddsChanged(runtime, oddsId, entry);
    });
  }
}
