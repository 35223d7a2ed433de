// The live simulator: keeps the schedule full, moves fixtures through their lifecycle, plays
// live matches, lets every bookmaker quote, records history, and publishes a typed change feed.
// Hot state is plain mutable maps keyed by oddsId; everything is batched per tick.
import type {
  BookmakerFixtureMeta,
  Clock,
  FixtureView,
  InjuriesPayload,
  LineupsPayload,
  OddsEntry,
  ScorePeriod,
  StatsPayload,
} from '../../src/wire/shared-schemas.ts';
import { STATUS_NAMES } from '../../src/wire/shared-schemas.ts';
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { BookmakerProfile, CatalogueMarket, PlayerRef, ReferenceData } from '../catalogue/types.ts';
import { createRng } from '../pricing/rng.ts';
import type { Rng } from '../pricing/rng.ts';
import { ChangeFeed } from './change-feed.ts';
import type { ChangeListener } from './change-feed.ts';
import { drawInjuries, drawLineups, statsPayload, updateInjuries } from './extras.ts';
import { FixtureRuntime, isoOf, newRecord, OPEN_HORIZON_SEC } from './fixture-runtime.ts';
import type { ChangeSink, FixtureRecord, StepContext } from './fixture-runtime.ts';
import { Firehose, MAX_FIREHOSE_RATE } from './firehose.ts';
import { FuturesBook } from './futures.ts';
import type { HistoryPort } from './history-port.ts';
import type { FixturePriceChange, FuturePriceChange, LifecycleRecord, PriceChange, SettlementRecord } from '../storage/history-store.ts';
import { clockOf } from './match-engine.ts';
import type { PropPlayer } from './match-engine.ts';
import type { ModelPort, QuotePort } from './model-port.ts';
import { ROTATION_NOTICE_SEC, SchedulePlanner } from './schedule.ts';
import type { PlannedFixture } from './schedule.ts';
import { gradeOffered, scoresOfUnit } from './settle.ts';
import { moveMarket, type MarketMove, type MarketMoveResult } from './price-move.ts';

/** The settings the simulator reads (a subset of ServiceConfig). */
export interface SimSettings {
  readonly seed: number;
  readonly simSpeed: number;
  readonly tickMs: number;
  readonly quoteRate: number;
  readonly retentionBytes: number;
  readonly seedPastDays: number;
  readonly scheduleDays: number;
  readonly liveKickoffGapSec: number;
  readonly frozen: boolean;
  /** Wall ms a timer-driven tick runs before it yields to the event loop (default 3; 0 yields after every step). */
  readonly tickSliceMs?: number;
}

/** Where the simulator reads the time: the system clock, or a manual one for tests. */
export interface SimClock {
  now(): number;
}

export const systemClock: SimClock = { now: () => Date.now() };

/** A clock that only moves when told to (tests, `--frozen` stepping). */
export class ManualClock implements SimClock {
  constructor(private t: number) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

export interface SimulatorDeps {
  readonly settings: SimSettings;
  readonly reference: ReferenceData;
  readonly catalogue: CatalogueIndex;
  readonly models: ModelPort;
  readonly quoting: QuotePort;
  readonly history: HistoryPort;
  readonly clock?: SimClock;
  readonly log?: (line: string) => void;
}

/** The data directory holds another world than the code builds: refuse rather than mix ids. */
export class DataDirMismatchError extends Error {
  override readonly name = 'DataDirMismatchError';
}

/** Counters for the log summary and /healthz. */
/**
 * How long the timer-driven ticks held the event loop since the last read: the longest tick
 * (first slice to last, other work between slices included) and the longest single step (the
 * unit no slice can split: one fixture's step, a history chunk, the feed's flush…) with what it
 * was. The periodic log prints them, so a stall shows with its cause.
 */
export interface TickTimings {
  readonly ticks: number;
  readonly longestTickMs: number;
  readonly longestStepMs: number;
  readonly longestStep: string;
}

export interface SimStats {
  readonly fixturesByStatus: Readonly<Record<string, number>>;
  /** sportId → fixtures of that sport (every status). */
  readonly fixturesBySport: Readonly<Record<string, number>>;
  /** Markets offered over the pre-game and live fixtures being quoted. */
  readonly marketsOffered: number;
  readonly bookmakers: number;
  readonly live: number;
  readonly quotedFixtures: number;
  readonly oddsEntries: number;
  readonly priceChanges: number;
  readonly goals: number;
  readonly settlements: number;
  readonly frozen: boolean;
  readonly ticks: number;
}

/** A target of the suspension knob: a whole fixture, one bookmaker on it, or one market. */
export interface SuspensionTarget {
  readonly fixtureId: string;
  readonly bookmaker?: string;
  readonly marketId?: number;
}

const META_FINGERPRINT = 'catalogueFingerprint';
const META_SEED = 'seed';
const META_PROGRAMME_DAYS = 'programmeDays';
const META_ROTATION_SLOT = 'rotationNextSlot';
const META_STARTED = 'firstStartedAt';
/** On first start the rotation is seeded from this far back, so matches are already live. */
const ROTATION_SEED_PAST_SEC = 25 * 60;
/** Seeding writes its history in batches of this many changes, so memory stays flat. */
const SEED_FLUSH_CHANGES = 100_000;
/** Finished fixtures drop their in-memory odds after this long (history keeps them). */
const RETIRE_AFTER_MS = 30 * 60_000;
/** Live records are saved this often; status changes are saved at once. */
const SAVE_EVERY_MS = 5_000;
/** Largest step of the match engine: after a stall the simulation slows rather than jumps. */
const MAX_STEP_MS = 2_000;
/**
 * Wall time a timer-driven tick may hold the event loop before it yields (setImmediate) so that
 * REST requests are answered between its slices; one fixture's step is never split.
 */
const TICK_SLICE_MS = 3;
/** The admin finish knob plays the rest of a match in steps of this much match time (s)... */
const FINISH_STEP_MATCH_SEC = 60;
/** ...and gives up after this many steps (far beyond any sport's longest match with overtime). */
const FINISH_MAX_STEPS = 2_000;
/** Longest pre-match step while seeding the past (the books' requote pace there). */
const COARSE_PREGAME_STEP_MS = 6 * 3600_000;
/**
 * While seeding, pre-match steps also stop at these offsets before kick-off (ms): the line moves
 * in the last day (every book requotes after it), at the lineups, and in the last minutes, so
 * the seeded closes are made from the kick-off strength like the live ones.
 */
const COARSE_PREGAME_CHECKPOINTS_MS: readonly number[] = [24 * 3600_000, 6 * 3600_000, 3600_000, 120_000, 60_000, 0];

/** The end of a coarse pre-match step from `t`: six hours on, or the next checkpoint before. */
function coarsePregameStepEnd(t: number, startMs: number): number {
  let end = t + COARSE_PREGAME_STEP_MS;
  for (const before of COARSE_PREGAME_CHECKPOINTS_MS) {
    const at = startMs - before;
    if (at > t && at < end) end = at;
  }
  return end;
}

/** Price changes written to the history per slice (about 1–3 ms of SQLite inserts). */
const HISTORY_CHUNK = 1_000;

/** The unit of work of a sliced tick: the runner may yield to the event loop after any step. */
type TickSteps = Generator<void, void, undefined>;

/** Runs the remaining steps of a tick without yielding. */
function drain(steps: TickSteps): void {
  while (steps.next().done !== true) {
    // Run to completion: the caller needs the tick done before it returns.
  }
}

export class Simulator implements ChangeSink {
  readonly feed = new ChangeFeed();
  private settings: SimSettings;
  private readonly clock: SimClock;
  private readonly reference: ReferenceData;
  private readonly catalogue: CatalogueIndex;
  private readonly models: ModelPort;
  private readonly quoting: QuotePort;
  private readonly history: HistoryPort;
  private readonly log: (line: string) => void;
  private readonly planner: SchedulePlanner;
  readonly books: readonly BookmakerProfile[];
  /** Fixtures dropped by retention in this process (so /sgp can tell purged from fabricated ids). */
  private readonly purged = new Set<string>();
  private readonly playersByParticipant = new Map<number, PlayerRef[]>();
  /** Every known fixture by id, finished ones included. */
  private readonly fixtures = new Map<string, FixtureRuntime>();
  /** Pre-game and live fixtures, the ones a tick moves. */
  private active: FixtureRuntime[] = [];
  private readonly views = new Map<string, FixtureView>();
  private readonly injuries = new Map<string, InjuriesPayload>();
  private readonly lineups = new Map<string, LineupsPayload>();
  private readonly statsPublishedAt = new Map<string, number>();
  readonly futures: FuturesBook;
  private readonly bookStaleUntil = new Map<string, number>();
  private readonly forcedStaleBooks = new Set<string>();
  private readonly rng: Rng;
  private pendingChanges: PriceChange[] = [];
  private pendingSettlements: SettlementRecord[] = [];
  private readonly dirty = new Set<string>();
  private readonly statusDirty = new Set<string>();
  private readonly clockDirty = new Set<string>();
  private readonly statsDirty = new Set<string>();
  private lastTickMs: number;
  private lastSaveMs = 0;
  private lastTopUpMs = 0;
  private lastPruneMs = 0;
  private programmeDays = new Set<number>();
  private rotationNextSlot = Number.NaN;
  private timer: NodeJS.Timeout | null = null;
  /** The timer-driven tick in progress (between slices), and its scheduled next slice. */
  private running: TickSteps | null = null;
  private nextSlice: NodeJS.Immediate | null = null;
  /** True while a step of the timer-driven tick runs (a listener or knob inside it must not re-enter it). */
  private stepping = false;
  /**
   * Per fixture, per bookmaker: versions of its odds entries and of its BookmakerFixtureMeta,
   * from one ever-growing sequence (REST keeps serialized answers until they move).
   */
  private readonly versions = new Map<string, { readonly odds: Map<string, number>; readonly meta: Map<string, number> }>();
  private versionSeq = 0;
  private isFrozen: boolean;
  /** The firehose knob's generator, while one runs (one fixture at a time). */
  private firehose: Firehose | null = null;
  private counters = { priceChanges: 0, goals: 0, settlements: 0, ticks: 0 };
  /** What the running tick's current step is doing (for TickTimings), and the timings so far. */
  private stepLabel = 'tick start';
  private tickStartedAt = 0;
  private timings = { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' };
  /**
   * The running timer-driven tick's time, and whether it is stepping fixtures: a slice that ends
   * then publishes what it changed (history first, then the feed) instead of holding it until
   * the tick's end, so a price leaves as soon as it is made, not a whole tick later.
   */
  private tickNowMs = 0;
  private steppingFixtures = false;
  /** When false (seeding), feed payloads are not built. */
  private publishing = true;

  private constructor(deps: SimulatorDeps) {
    this.settings = deps.settings;
    this.clock = deps.clock ?? systemClock;
    this.reference = deps.reference;
    this.catalogue = deps.catalogue;
    this.models = deps.models;
    this.quoting = deps.quoting;
    this.history = deps.history;
    this.log = deps.log ?? (() => undefined);
    this.planner = new SchedulePlanner(deps.reference, deps.settings.seed, deps.settings.liveKickoffGapSec);
    this.books = deps.reference.bookmakers;
    for (const player of deps.reference.players) {
      const list = this.playersByParticipant.get(player.participantId) ?? [];
      list.push(player);
      this.playersByParticipant.set(player.participantId, list);
    }
    this.rng = createRng(`${String(deps.settings.seed)}/simulator`);
    this.isFrozen = deps.settings.frozen;
    this.lastTickMs = this.clock.now();
    this.futures = new FuturesBook(deps.reference, deps.settings.seed, this.quoting, this.books);
  }

  /**
   * Opens the simulator on a history store: checks that the stored catalogue and seed are the
   * code's (throws `DataDirMismatchError` otherwise), loads the stored fixtures, or seeds a
   * fresh world (finished fixtures with price histories, live and upcoming ones).
   */
  static open(deps: SimulatorDeps): Simulator {
    const sim = new Simulator(deps);
    sim.checkDataDir();
    const loaded = sim.load();
    if (loaded === 0) sim.seedWorld();
    else sim.reopen();
    sim.flushTick(sim.clock.now());
    return sim;
  }

  private checkDataDir(): void {
    const storedFingerprint = this.history.getMeta(META_FINGERPRINT);
    if (storedFingerprint !== null && storedFingerprint !== this.catalogue.fingerprint) {
      throw new DataDirMismatchError(
        `the market catalogue stored in the data directory (fingerprint ${storedFingerprint}) differs from the ` +
          `catalogue this code builds (${this.catalogue.fingerprint}); refusing to start, since market and outcome ids ` +
          'would be mixed. Start with a fresh DATA_DIR (or restore the code that built it).',
      );
    }
    const storedSeed = this.history.getMeta(META_SEED);
    if (storedSeed !== null && storedSeed !== String(this.settings.seed)) {
      throw new DataDirMismatchError(
        `the data directory was seeded with seed ${storedSeed}, not ${String(this.settings.seed)}; its fixtures, ` +
          `participants and players belong to that seed. Start with --seed ${storedSeed} or a fresh DATA_DIR.`,
      );
    }
    this.history.setMeta(META_FINGERPRINT, this.catalogue.fingerprint);
    this.history.setMeta(META_SEED, String(this.settings.seed));
  }

  // -------------------------------------------------------------------------------------------
  // Loading, seeding, schedule
  // -------------------------------------------------------------------------------------------

  private load(): number {
    const rows = this.history.loadFixtures();
    for (const { json } of rows) {
      const record = JSON.parse(json) as FixtureRecord;
      this.adopt(record);
    }
    const days = this.history.getMeta(META_PROGRAMME_DAYS);
    if (days !== null) this.programmeDays = new Set((JSON.parse(days) as number[]).filter(Number.isInteger));
    const slot = this.history.getMeta(META_ROTATION_SLOT);
    if (slot !== null) this.rotationNextSlot = Number(slot);
    this.futures.load(this.history.loadFutures());
    this.rebuildActive();
    return rows.length;
  }

  /**
   * After a restart: tops the schedule up and lets every open fixture's books quote again now
   * (during startup rather than in one long first tick).
   */
  private reopen(): void {
    const nowMs = this.clock.now();
    this.topUp(nowMs);
    const ctx = this.context(nowMs);
    for (const runtime of this.active) this.stepFixture(runtime, ctx, 0);
    this.rebuildActive();
    this.retire(nowMs, true);
    this.lastTickMs = nowMs;
  }

  private seedWorld(): void {
    const started = performance.now();
    const nowMs = this.clock.now();
    this.history.setMeta(META_STARTED, isoOf(nowMs));
    this.publishing = false;
    const nowSec = Math.floor(nowMs / 1000);
    const today = SchedulePlanner.dayOf(nowSec);
    const firstDay = today - this.settings.seedPastDays;
    const planned: PlannedFixture[] = [];
    for (let day = firstDay; day <= today + this.settings.scheduleDays; day++) {
      planned.push(...this.planner.programme(day));
      this.programmeDays.add(day);
    }
    this.forceCancellations(planned, today, nowSec);
    this.rotationNextSlot = this.planner.rotationSlotAtOrAfter(nowSec - ROTATION_SEED_PAST_SEC);
    planned.push(...this.plannedRotation(nowSec));
    planned.sort((a, b) => a.startTime - b.startTime);
    for (const plan of planned) this.addFixture(plan);
    // The past is played out fixture by fixture, at a coarse pace, with the same code as live.
    for (const runtime of [...this.fixtures.values()]) this.fastForward(runtime, nowMs);
    this.futures.seed(nowMs, { pastMs: this.settings.seedPastDays * 86_400_000, quoteRate: this.settings.quoteRate }, (changes) => {
      this.recordFutureChanges(changes);
      // Days of futures at their normal pace are millions of rows: written as they come.
      if (this.pendingChanges.length >= SEED_FLUSH_CHANGES) this.flushHistory();
    });
    this.flushHistory();
    this.saveAll();
    this.publishing = true;
    this.rebuildActive();
    this.retire(nowMs, true);
    this.lastTickMs = nowMs;
    this.log(
      `seeded a fresh data directory in ${((performance.now() - started) / 1000).toFixed(1)} s: ` +
        `${String(this.fixtures.size)} fixtures, ${String(this.counters.priceChanges)} price changes, ` +
        `${String(this.counters.settlements)} settlements`,
    );
  }

  /**
   * Guarantees the lifecycle's rare cases in every seeded world: a chain of two reissues
   * (A cancelled → B, B cancelled → C) and a permanent cancellation, in the recent past.
   */
  private forceCancellations(planned: PlannedFixture[], today: number, nowSec: number): void {
    const candidates = planned
      .map((p, index) => ({ p, index }))
      .filter(({ p }) => p.sportId === 10 && p.startTime < nowSec - 6 * 3600 && SchedulePlanner.dayOf(p.startTime) >= today - 1);
    const fallback = planned.map((p, index) => ({ p, index })).filter(({ p }) => p.sportId === 10);
    const pool = candidates.length >= 2 ? candidates : fallback;
    const chain = pool[0];
    const permanent = pool[1];
    if (chain !== undefined) {
      const { p } = chain;
      planned[chain.index] = {
        ...p,
        chainReissue: true,
        cancellation: { atMs: (p.startTime - 4 * 3600) * 1000, reissue: true, reissueStartTime: p.startTime + 2 * 3600 },
      };
    }
    if (permanent !== undefined) {
      const { p } = permanent;
      planned[permanent.index] = {
        ...p,
        cancellation: { atMs: (p.startTime - 2 * 3600) * 1000, reissue: false, reissueStartTime: p.startTime },
      };
    }
  }

  private plannedRotation(nowSec: number): PlannedFixture[] {
    const planned: PlannedFixture[] = [];
    if (!Number.isFinite(this.rotationNextSlot)) return planned;
    for (;;) {
      const plan = this.planner.rotation(this.rotationNextSlot);
      if (plan === null || plan.startTime > nowSec + ROTATION_NOTICE_SEC) break;
      planned.push(plan);
      this.rotationNextSlot++;
    }
    return planned;
  }

  /** Keeps the window full: programme days up to `scheduleDays` ahead, rotation up to its notice. */
  private topUp(nowMs: number): void {
    const nowSec = Math.floor(nowMs / 1000);
    const today = SchedulePlanner.dayOf(nowSec);
    let added = false;
    for (let day = today; day <= today + this.settings.scheduleDays; day++) {
      if (this.programmeDays.has(day)) continue;
      this.programmeDays.add(day);
      for (const plan of this.planner.programme(day)) {
        if (plan.startTime * 1000 > nowMs && !this.fixtures.has(plan.fixtureId)) this.addFixture(plan);
      }
      added = true;
    }
    if (!Number.isFinite(this.rotationNextSlot)) this.rotationNextSlot = this.planner.rotationSlotAtOrAfter(nowSec);
    for (const plan of this.plannedRotation(nowSec)) {
      if (plan.startTime * 1000 > nowMs - 60_000 && !this.fixtures.has(plan.fixtureId)) this.addFixture(plan);
      added = true;
    }
    // Old programme days are forgotten so the set stays small.
    for (const day of this.programmeDays) if (day < today - 40) this.programmeDays.delete(day);
    if (added) {
      this.history.setMeta(META_PROGRAMME_DAYS, JSON.stringify([...this.programmeDays]));
      this.history.setMeta(META_ROTATION_SLOT, String(this.rotationNextSlot));
      this.rebuildActive();
    }
  }

  private propPlayers(plan: PlannedFixture, rng: Rng): PropPlayer[] {
    const props: PropPlayer[] = [];
    // Esports props are per map while its model's clock is the current map: not offered.
    if (plan.sportId === 83) return props;
    for (const [side, participantId] of [[1, plan.participant1Id], [2, plan.participant2Id]] as const) {
      const players = (this.playersByParticipant.get(participantId) ?? []).filter((p) => Object.keys(p.propRates).length > 0);
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

  private addFixture(plan: PlannedFixture): FixtureRuntime {
    const rng = createRng(`${String(this.settings.seed)}/fixture/${plan.fixtureId}`);
    const record = newRecord(plan, this.propPlayers(plan, rng.fork('props')));
    return this.adopt(record);
  }

  private adopt(record: FixtureRecord): FixtureRuntime {
    const plan = record.planned;
    const rng = createRng(`${String(this.settings.seed)}/fixture/${plan.fixtureId}/run/${String(record.match.elapsed)}`);
    const runtime = new FixtureRuntime(record, this.sportMarkets(plan.sportId), this.models, this.quoting, rng);
    this.fixtures.set(plan.fixtureId, runtime);
    this.dirty.add(plan.fixtureId);
    this.statusDirty.add(plan.fixtureId);
    return runtime;
  }

  private sportMarkets(sportId: number): readonly CatalogueMarket[] {
    return this.catalogue.bySport.get(sportId) ?? [];
  }

  private rebuildActive(): void {
    this.active = [...this.fixtures.values()]
      .filter((f) => f.statusId <= 1)
      .sort((a, b) => a.record.planned.startTime - b.record.planned.startTime);
  }

  /**
   * Plays one fixture from its opening to `untilMs` at a coarse pace (quotes every few hours
   * pre-match, every few match minutes live): the seeded past, written straight to history.
   */
  private fastForward(runtime: FixtureRuntime, untilMs: number): void {
    const plan = runtime.record.planned;
    const startMs = plan.startTime * 1000;
    const openMs = startMs - OPEN_HORIZON_SEC.sharp * 1000;
    if (openMs >= untilMs) return;
    if (startMs > untilMs) {
      // Upcoming: its books open now with one model, and its history starts here (repricing
      // its whole pre-match past would cost a model per drift step and tell nothing new).
      const ctx = this.context(untilMs);
      this.stepFixture(runtime, ctx, 0);
      return;
    }
    let t = openMs;
    runtime.updateEverySec = COARSE_PREGAME_STEP_MS / 1000;
    const ctx = this.context(t, 0.02, true);
    while (t < untilMs && runtime.statusId <= 1) {
      const live = runtime.statusId === 1;
      const next = Math.min(untilMs, live ? t + Math.max(1000, 300_000 / this.settings.simSpeed) : coarsePregameStepEnd(t, startMs));
      const dt = next - t;
      t = next;
      ctx.nowMs = t;
      if (live) runtime.updateEverySec = Math.max(1, 600 / this.settings.simSpeed);
      this.stepFixture(runtime, ctx, dt);
    }
    runtime.updateEverySec = null;
    // Live now: the books go on from the current clock and score, not from a coarse snapshot.
    runtime.rebase(this.context(untilMs));
  }

  // -------------------------------------------------------------------------------------------
  // The tick
  // -------------------------------------------------------------------------------------------

  private context(nowMs: number, quoteRate = this.settings.quoteRate, coarse = false): StepContext & { nowMs: number } {
    return {
      nowMs,
      coarse,
      simSpeed: this.settings.simSpeed,
      quoteRate,
      sink: this,
      bookStale: (slug) => this.forcedStaleBooks.has(slug) || (this.bookStaleUntil.get(slug) ?? 0) > nowMs,
    };
  }

  /**
   * Starts ticking every `tickMs` on the system timer. Each tick runs in slices of about
   * `TICK_SLICE_MS` (REST requests are served between them); it keeps the time it started at,
   * so every fixture still advances by the full step; while it steps fixtures, each slice
   * publishes its changes (see publishSlice), and the rest go with the tick's last batch.
   */
  start(): void {
    if (this.timer !== null) return;
    this.lastTickMs = this.clock.now();
    this.timer = setInterval(() => {
      this.startSlicedTick();
    }, this.settings.tickMs);
  }

  /** Stops ticking (a tick in progress is finished first), flushes pending history and saves every record. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.finishRunningTick();
    this.flushHistory();
    this.saveAll();
  }

  private startSlicedTick(): void {
    // Still busy with the previous tick (a long stall): skip; the next tick's dt covers the time.
    if (this.running !== null) return;
    this.running = this.tickSteps();
    this.tickStartedAt = performance.now();
    this.runSlice();
  }

  private runSlice(): void {
    this.nextSlice = null;
    const steps = this.running;
    if (steps === null) return;
    const until = performance.now() + (this.settings.tickSliceMs ?? TICK_SLICE_MS);
    this.stepping = true;
    try {
      for (;;) {
        const started = performance.now();
        const done = steps.next().done === true;
        const ended = performance.now();
        if (ended - started > this.timings.longestStepMs) {
          this.timings.longestStepMs = ended - started;
          this.timings.longestStep = this.stepLabel;
        }
        if (done) {
          this.running = null;
          this.timings.ticks++;
          this.timings.longestTickMs = Math.max(this.timings.longestTickMs, ended - this.tickStartedAt);
          return;
        }
        // Stopped from inside this tick (a change listener): finish it now, nothing may run after stop().
        if (performance.now() >= until && this.timer !== null) break;
      }
      if (this.steppingFixtures) {
        const started = performance.now();
        this.publishSlice();
        const took = performance.now() - started;
        if (took > this.timings.longestStepMs) {
          this.timings.longestStepMs = took;
          this.timings.longestStep = 'slice publish (history + feed)';
        }
      }
    } catch (error) {
      this.running = null;
      throw error;
    } finally {
      this.stepping = false;
    }
    this.nextSlice = setImmediate(() => {
      this.runSlice();
    });
  }

  /** True between the slices of a timer-driven tick: some fixtures are stepped, the batch is not sent yet. */
  get tickInProgress(): boolean {
    return this.running !== null;
  }

  /** Completes the timer-driven tick in progress, if any, synchronously (not from inside it: it completes itself). */
  private finishRunningTick(): void {
    if (this.stepping) return;
    if (this.nextSlice !== null) clearImmediate(this.nextSlice);
    this.nextSlice = null;
    const steps = this.running;
    this.running = null;
    if (steps !== null) drain(steps);
  }

  /** For a manual clock: advances it by `ms` in steps of `tickMs`, ticking after each. */
  advance(ms: number): void {
    if (!(this.clock instanceof ManualClock)) throw new Error('advance() needs a ManualClock; the system clock moves by itself');
    let left = ms;
    while (left > 0) {
      const step = Math.min(left, this.settings.tickMs);
      this.clock.advance(step);
      left -= step;
      this.tick();
    }
  }

  /**
   * One simulation step to the clock's now, run to completion before it returns (a timer-driven
   * tick still in progress is completed first). Frozen: nothing at all happens.
   */
  tick(): void {
    this.finishRunningTick();
    drain(this.tickSteps());
  }

  /** The tick as steps: the bookkeeping, each active fixture, the futures, then the flush. */
  private *tickSteps(): TickSteps {
    if (this.isFrozen) return;
    const nowMs = this.clock.now();
    const dt = Math.max(0, Math.min(MAX_STEP_MS, nowMs - this.lastTickMs));
    this.lastTickMs = nowMs;
    this.tickNowMs = nowMs;
    this.counters.ticks++;
    this.stepLabel = 'tick start (top-up, book health)';
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
      this.stepLabel = `fixture ${runtime.fixtureId} (sport ${String(runtime.record.planned.sportId)}, status ${String(before)})`;
      this.stepFixture(runtime, ctx, dt);
      if (runtime.statusId !== before) statusChanged = true;
      yield;
    }
    if (this.firehose !== null) {
      this.stepLabel = `firehose ${this.firehose.fixtureId}`;
      this.stepFirehose(this.firehose, nowMs, dt);
      yield;
    }
    this.stepLabel = 'futures';
    this.futures.step(nowMs, this.settings.quoteRate, this.publishing ? this.feed : null, (changes) => {
      this.recordFutureChanges(changes);
    });
    this.steppingFixtures = false;
    yield;
    this.stepLabel = 'retire';
    if (statusChanged) this.rebuildActive();
    this.retire(nowMs);
    yield* this.flushTickSteps(nowMs);
  }

  private stepFixture(runtime: FixtureRuntime, ctx: StepContext & { nowMs: number }, dtMs: number): void {
    const record = runtime.record;
    const plan = record.planned;
    const nowMs = ctx.nowMs;
    // Only time after kick-off is played: a step that crosses the start plays none of it.
    const wasLive = record.statusId === 1;
    if (record.statusId === 0) {
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
    runtime.step(ctx, wasLive ? dtMs : 0, this.books);
    if (marketsBefore === 0 && runtime.quoted) {
      this.publishTeamNews(runtime, nowMs, runtime.lineupsConfirmedBy(nowMs));
    }
    // `runtime.statusId` (not `record.statusId`): stepping changed it behind TypeScript's narrowing.
    if (runtime.statusId === 0 && runtime.quoted) this.maybeTeamNews(runtime, nowMs);
    if (runtime.statusId === 1) this.dirty.add(plan.fixtureId);
    if (runtime.statusId === 2 && !record.settled) this.settle(runtime, nowMs);
  }

  private updateBookHealth(nowMs: number, dtMs: number): void {
    for (const book of this.books) {
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

  private cancelFixture(runtime: FixtureRuntime, ctx: StepContext & { nowMs: number }, reissue: boolean): FixtureRuntime | null {
    let replacement: FixtureRuntime | null = null;
    if (reissue) {
      const plan = this.planner.reissue(runtime.record.planned);
      replacement = this.fixtures.get(plan.fixtureId) ?? this.addFixture(plan);
      // The replacement's own past (if its start is already behind us) is played out at once.
      if (!this.publishing) this.fastForward(replacement, this.clock.now());
    }
    runtime.cancel(ctx, replacement?.fixtureId ?? null);
    const settlements: SettlementRecord[] = [];
    for (const { market, playerId, outcomeIndex } of this.offeredSelections(runtime)) {
      const outcome = market.outcomes[outcomeIndex];
      if (outcome === undefined) continue;
      settlements.push({
        fixtureId: runtime.fixtureId,
        outcomeId: outcome.outcomeId,
        playerId,
        marketId: market.marketId,
        grade: 'void',
        rule: 'void: fixture cancelled',
        score: null,
        settledAt: ctx.nowMs,
      });
    }
    this.pendingSettlements.push(...settlements);
    this.counters.settlements += settlements.length;
    runtime.record.settled = true;
    this.dirty.add(runtime.fixtureId);
    this.statusDirty.add(runtime.fixtureId);
    this.rebuildActive();
    return replacement;
  }

  /** Every (market, outcome, player) some bookmaker quoted on the fixture. */
  private *offeredSelections(runtime: FixtureRuntime): Generator<{ market: CatalogueMarket; playerId: number; outcomeIndex: number }> {
    for (const offered of runtime.offered) {
      for (let k = 0; k < offered.market.outcomes.length; k++) {
        let quoted = false;
        for (const line of runtime.lines.values()) {
          if (line.entries[offered.offset + k] !== undefined) {
            quoted = true;
            break;
          }
        }
        if (quoted) yield { market: offered.market, playerId: offered.playerId, outcomeIndex: k };
      }
    }
  }

  /** Full time: every selection any bookmaker offered is graded on the final score and stored. */
  private settle(runtime: FixtureRuntime, nowMs: number): void {
    const state = runtime.record.match;
    const settlements: SettlementRecord[] = [];
    for (const { market, playerId, outcomeIndex } of this.offeredSelections(runtime)) {
      const outcome = market.outcomes[outcomeIndex];
      if (outcome === undefined) continue;
      const graded = gradeOffered(state, market, outcome.outcomeName, playerId);
      settlements.push({
        fixtureId: runtime.fixtureId,
        outcomeId: outcome.outcomeId,
        playerId,
        marketId: market.marketId,
        grade: graded.grade,
        rule: graded.rule,
        score: graded.score,
        settledAt: nowMs,
      });
    }
    this.pendingSettlements.push(...settlements);
    this.counters.settlements += settlements.length;
    runtime.record.settled = true;
    this.dirty.add(runtime.fixtureId);
  }

  /**
   * Finished fixtures keep their odds in memory for a while, then only in history; after the
   * past window (`seedPastDays` + 1 days) they leave memory altogether (the store keeps
   * their record, history and settlement).
   */
  private retire(nowMs: number, now = false): void {
    if (!now && this.counters.ticks % 20 !== 0) return;
    const forgetBefore = nowMs - (this.settings.seedPastDays + 1) * 86_400_000;
    for (const runtime of [...this.fixtures.values()]) {
      if (runtime.statusId < 2) continue;
      const end = runtime.record.finishedAtMs ?? runtime.record.planned.startTime * 1000;
      if (end < forgetBefore) {
        this.forget(runtime.fixtureId);
        continue;
      }
      if (runtime.lines.size > 0 && nowMs - end >= RETIRE_AFTER_MS) {
        this.bumpAll(runtime.fixtureId);
        runtime.release();
      }
    }
  }

  private forget(fixtureId: string): void {
    this.purged.add(fixtureId);
    this.fixtures.delete(fixtureId);
    this.versions.delete(fixtureId);
    this.views.delete(fixtureId);
    this.injuries.delete(fixtureId);
    this.lineups.delete(fixtureId);
    this.statsPublishedAt.delete(fixtureId);
  }

  // -------------------------------------------------------------------------------------------
  // Team news
  // -------------------------------------------------------------------------------------------

  private sides(runtime: FixtureRuntime): [PlayerRef[], PlayerRef[]] {
    const plan = runtime.record.planned;
    return [this.playersByParticipant.get(plan.participant1Id) ?? [], this.playersByParticipant.get(plan.participant2Id) ?? []];
  }

  private publishTeamNews(runtime: FixtureRuntime, nowMs: number, confirmed: boolean): void {
    const plan = runtime.record.planned;
    const rng = runtime.rng.fork('news');
    let injuries = this.injuries.get(plan.fixtureId);
    if (injuries === undefined) {
      injuries = drawInjuries(plan.fixtureId, this.sides(runtime), [plan.participant1Id, plan.participant2Id], rng, nowMs);
      this.injuries.set(plan.fixtureId, injuries);
      if (this.publishing) this.feed.injuriesOf(injuries);
    }
    const lineups = drawLineups(plan.fixtureId, plan.sportId, this.sides(runtime), injuries, confirmed, rng, nowMs);
    this.lineups.set(plan.fixtureId, lineups);
    if (this.publishing) this.feed.lineupsOf(lineups);
  }

  /**
   * The lineups are confirmed when the fixture's information path says (an hour before kick-off),
   * and each piece of team news on it publishes an injury update: the news that moves the line.
   */
  private maybeTeamNews(runtime: FixtureRuntime, nowMs: number): void {
    const plan = runtime.record.planned;
    const lineups = this.lineups.get(plan.fixtureId);
    if (lineups !== undefined && !lineups.confirmed && runtime.lineupsConfirmedBy(nowMs)) this.publishTeamNews(runtime, nowMs, true);
    const injuries = this.injuries.get(plan.fixtureId);
    const news = runtime.takeTeamNews();
    if (injuries !== undefined && news > 0) {
      const updated = updateInjuries(injuries, runtime.rng, nowMs);
      if (updated !== null) {
        this.injuries.set(plan.fixtureId, updated);
        if (this.publishing) this.feed.injuriesOf(updated);
      }
    }
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
    this.bump(fixture.fixtureId, 'odds', entry.bookmaker);
    if (this.publishing && this.feed.active) this.feed.oddsEntry(fixture.fixtureId, oddsId, entry);
  }

  metaChanged(fixture: FixtureRuntime, meta: BookmakerFixtureMeta): void {
    this.bump(fixture.fixtureId, 'meta', meta.bookmaker);
    if (this.publishing && this.feed.active) this.feed.bookmaker(fixture.fixtureId, meta);
  }

  scoreChanged(fixture: FixtureRuntime, unit: string, period: string): void {
    this.views.delete(fixture.fixtureId);
    if (!this.publishing) return;
    const row = this.wireRow(fixture, unit, period);
    if (row !== null) this.feed.score(fixture.fixtureId, row);
  }

  clockChanged(fixture: FixtureRuntime): void {
    this.views.delete(fixture.fixtureId);
    this.clockDirty.add(fixture.fixtureId);
  }

  statusChanged(fixture: FixtureRuntime): void {
    this.views.delete(fixture.fixtureId);
    this.statusDirty.add(fixture.fixtureId);
    this.dirty.add(fixture.fixtureId);
  }

  statsChanged(fixture: FixtureRuntime): void {
    this.statsDirty.add(fixture.fixtureId);
  }

  goal(): void {
    this.counters.goals++;
  }

  private versionsOf(fixtureId: string): { readonly odds: Map<string, number>; readonly meta: Map<string, number> } {
    let versions = this.versions.get(fixtureId);
    if (versions === undefined) {
      versions = { odds: new Map(), meta: new Map() };
      this.versions.set(fixtureId, versions);
    }
    return versions;
  }

  private bump(fixtureId: string, what: 'odds' | 'meta', bookmaker: string): void {
    this.versionsOf(fixtureId)[what].set(bookmaker, ++this.versionSeq);
  }

  /** Every bookmaker's odds and meta of a fixture changed at once (its books are released). */
  private bumpAll(fixtureId: string): void {
    const versions = this.versionsOf(fixtureId);
    for (const slug of versions.odds.keys()) versions.odds.set(slug, ++this.versionSeq);
    for (const slug of versions.meta.keys()) versions.meta.set(slug, ++this.versionSeq);
  }

  private recordFutureChanges(changes: readonly FuturePriceChange[]): void {
    for (const change of changes) this.pendingChanges.push(change);
  }

  // -------------------------------------------------------------------------------------------
  // End of tick: history, feed, records
  // -------------------------------------------------------------------------------------------

  /** Writes all pending history at once (seeding, stop, a slice of a timer-driven tick). */
  private flushHistory(): void {
    if (this.pendingChanges.length > 0) {
      this.history.appendChanges(this.pendingChanges);
      this.counters.priceChanges += this.pendingChanges.length;
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
    this.stepLabel = 'history write';
    while (this.pendingChanges.length > 0) {
      // Changes recorded between slices (admin knobs) go to a fresh queue, written after these.
      const batch = this.pendingChanges;
      this.pendingChanges = [];
      for (let i = 0; i < batch.length; i += HISTORY_CHUNK) {
        const chunk = batch.length <= HISTORY_CHUNK ? batch : batch.slice(i, i + HISTORY_CHUNK);
        this.history.appendChanges(chunk);
        this.counters.priceChanges += chunk.length;
        if (i + HISTORY_CHUNK < batch.length) yield;
      }
    }
    this.flushSettlements();
  }

  private flushTick(nowMs: number): void {
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
    for (const id of this.statusDirty) this.views.delete(id);
    this.statusDirty.clear();
    this.flushHistory();
    this.feed.flush(this.tickNowMs);
  }

  /** The fresh view of every fixture whose status changed, into the feed. */
  private feedStatusViews(): void {
    for (const id of this.statusDirty) {
      this.views.delete(id);
      const view = this.fixtureView(id);
      if (view !== null) this.feed.fixture(view);
    }
  }

  /** End of tick: history, then the feed's batch, then the periodic saves, a step each. */
  private *flushTickSteps(nowMs: number): TickSteps {
    yield* this.flushHistorySteps();
    yield;
    this.stepLabel = 'feed flush (gateway fan-out)';
    if (this.feed.active) {
      this.feedStatusViews();
      for (const id of this.clockDirty) {
        const runtime = this.fixtures.get(id);
        if (runtime !== undefined) this.feed.clock(id, clockOf(runtime.record.match, runtime.rules));
      }
      for (const id of this.statsDirty) {
        const runtime = this.fixtures.get(id);
        const last = this.statsPublishedAt.get(id) ?? 0;
        // Statistics are published at most every 5 s per fixture (they tick up constantly).
        if (runtime !== undefined && nowMs - last >= 5_000) {
          this.statsPublishedAt.set(id, nowMs);
          this.feed.statsOf(statsPayload(id, runtime.record.match, nowMs));
        }
      }
      this.feed.flush(nowMs);
    } else this.feed.discard();
    for (const id of this.statusDirty) this.views.delete(id);
    for (const id of this.clockDirty) this.views.delete(id);
    this.statusDirty.clear();
    this.clockDirty.clear();
    this.statsDirty.clear();
    if (nowMs - this.lastSaveMs >= SAVE_EVERY_MS) {
      yield;
      this.stepLabel = 'save records';
      this.lastSaveMs = nowMs;
      this.saveDirty();
    }
    if (nowMs - this.lastPruneMs >= 60_000) {
      yield;
      this.stepLabel = 'retention';
      this.lastPruneMs = nowMs;
      if (this.history.sizeBytes() > this.settings.retentionBytes) this.pruneHistory();
    }
  }

  private saveDirty(): void {
    if (this.dirty.size === 0) return;
    const rows: LifecycleRecord[] = [];
    for (const id of this.dirty) {
      const runtime = this.fixtures.get(id);
      if (runtime !== undefined) rows.push({ id, json: JSON.stringify(runtime.record), finishedAt: runtime.record.finishedAtMs });
    }
    this.history.saveFixtures(rows);
    this.dirty.clear();
    this.futures.save((records) => {
      this.history.saveFutures(records);
    });
  }

  /** Retention: the store drops the oldest finished fixtures; they leave memory with their history. */
  private pruneHistory(): void {
    const report = this.history.pruneOldest({ maxBytes: this.settings.retentionBytes });
    for (const id of report.prunedFixtureIds) this.forget(id);
    if (report.prunedFixtureIds.length > 0) {
      this.log(`retention: dropped ${String(report.prunedFixtureIds.length)} finished fixtures (${String(report.deletedChanges)} changes), ${(report.bytesAfter / 1048576).toFixed(0)} MB left`);
    }
  }

  private saveAll(): void {
    for (const id of this.fixtures.keys()) this.dirty.add(id);
    this.saveDirty();
    this.history.setMeta(META_PROGRAMME_DAYS, JSON.stringify([...this.programmeDays]));
    if (Number.isFinite(this.rotationNextSlot)) this.history.setMeta(META_ROTATION_SLOT, String(this.rotationNextSlot));
  }

  // -------------------------------------------------------------------------------------------
  // Reads (REST and the gateway)
  // -------------------------------------------------------------------------------------------

  /**
   * A number that changes whenever `bookmaker`'s odds entries on the fixture change in any way
   * (added, repriced, (de)activated, main line moved, released); 0 before its first change.
   */
  oddsVersion(fixtureId: string, bookmaker: string): number {
    return this.versions.get(fixtureId)?.odds.get(bookmaker) ?? 0;
  }

  /** A number that changes whenever `bookmaker`'s BookmakerFixtureMeta on the fixture changes; 0 before its first change. */
  metaVersion(fixtureId: string, bookmaker: string): number {
    return this.versions.get(fixtureId)?.meta.get(bookmaker) ?? 0;
  }

  /** Registers a listener of the per-tick change batches; returns its remover. */
  onChange(listener: ChangeListener): () => void {
    return this.feed.onChange(listener);
  }

  /** The score row of `unit`/`period` as the wire shows it. */
  private wireRow(runtime: FixtureRuntime, unit: string, period: string): ScorePeriod | null {
    if (!shownOnWire(runtime.record.planned.sportId, unit, period)) return null;
    const pair = runtime.record.match.rows[unit]?.[period];
    if (pair === undefined) return null;
    const at = runtime.record.scoreUpdatedAt[`${unit}|${period}`] ?? Date.parse(runtime.record.trueStartTime ?? '');
    return { period, participant1Score: pair[0], participant2Score: pair[1], updatedAt: isoOf(Number.isFinite(at) ? at : 0) };
  }

  /** The wire `scores` of a fixture: one row per period, in the unit the sport displays. */
  scoresOf(fixtureId: string): Record<string, ScorePeriod> {
    const runtime = this.fixtures.get(fixtureId);
    const scores: Record<string, ScorePeriod> = {};
    if (runtime === undefined) return scores;
    for (const [unit, rows] of Object.entries(runtime.record.match.rows)) {
      for (const period of Object.keys(rows)) {
        const row = this.wireRow(runtime, unit, period);
        if (row !== null) scores[period] = row;
      }
    }
    return scores;
  }

  /** The fixture view (spec 2.2, without odds/bookmakers), or null for an unknown id. Cached until it changes. */
  fixtureView(fixtureId: string): FixtureView | null {
    const cached = this.views.get(fixtureId);
    if (cached !== undefined) return cached;
    const runtime = this.fixtures.get(fixtureId);
    if (runtime === undefined) return null;
    const view = this.buildView(runtime);
    this.views.set(fixtureId, view);
    return view;
  }

  private buildView(runtime: FixtureRuntime): FixtureView {
    const record = runtime.record;
    const plan = record.planned;
    const ref = this.reference;
    const sport = ref.sports.find((s) => s.sportId === plan.sportId);
    const tournament = ref.tournaments.find((t) => t.tournamentId === plan.tournamentId);
    const season = ref.seasons.find((s) => s.seasonId === plan.seasonId);
    const venue = ref.venues.find((v) => v.venueId === plan.venueId);
    const p1 = ref.participants.find((p) => p.participantId === plan.participant1Id);
    const p2 = ref.participants.find((p) => p.participantId === plan.participant2Id);
    const statusId = record.statusId;
    return {
      fixtureId: plan.fixtureId,
      status: { live: statusId === 1, statusId, statusName: STATUS_NAMES[statusId] },
      sport: { sportId: plan.sportId, sportName: sport?.sportName.en ?? String(plan.sportId) },
      tournament: {
        tournamentId: plan.tournamentId,
        tournamentName: tournament?.tournamentName ?? '',
        categoryName: tournament?.category.categoryName.en ?? '',
      },
      season: {
        seasonId: season?.seasonId ?? null,
        seasonName: season?.seasonName ?? null,
        seasonRound: season === undefined ? null : plan.seasonRound,
      },
      venue: {
        venueId: venue?.venueId ?? null,
        venueName: venue?.venueName.en ?? null,
        venueLocation: venue?.venueLocation.en ?? null,
        venueSlug: venue?.venueSlug ?? null,
      },
      startTime: plan.startTime,
      trueStartTime: record.trueStartTime,
      trueEndTime: record.trueEndTime,
      participants: {
        participant1Id: plan.participant1Id,
        participant1RotNr: p1?.rotationNumber ?? null,
        participant1Name: p1?.participantName ?? '',
        participant1ShortName: p1?.participantShortName ?? null,
        participant1Abbr: p1?.participantAbbr ?? null,
        participant2Id: plan.participant2Id,
        participant2RotNr: p2?.rotationNumber ?? null,
        participant2Name: p2?.participantName ?? '',
        participant2ShortName: p2?.participantShortName ?? null,
        participant2Abbr: p2?.participantAbbr ?? null,
      },
      scores: this.scoresOf(plan.fixtureId),
      clock: record.statusId === 0 ? null : clockOf(record.match, runtime.rules),
      expectedPeriods: plan.expectedPeriods,
      periodLength: plan.periodLength,
      externalProviders: externalProvidersOf(plan),
      // Extra property (spec 9 lets fixture objects grow): the replacement of a cancelled fixture.
      reissuedFixtureId: record.reissuedFixtureId,
    };
  }

  /** Every fixture view, optionally filtered by status. */
  fixtureViews(filter: { statusIds?: readonly number[]; sportId?: number } = {}): FixtureView[] {
    const views: FixtureView[] = [];
    for (const runtime of this.fixtures.values()) {
      if (filter.statusIds !== undefined && !filter.statusIds.includes(runtime.statusId)) continue;
      if (filter.sportId !== undefined && runtime.record.planned.sportId !== filter.sportId) continue;
      const view = this.fixtureView(runtime.fixtureId);
      if (view !== null) views.push(view);
    }
    return views;
  }

  /** The current odds of a fixture: bookmaker → oddsId → entry (live objects: read, do not keep). */
  fixtureOdds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, OddsEntry>>>> {
    return this.fixtures.get(fixtureId)?.odds ?? {};
  }

  /** The BookmakerFixtureMeta of every bookmaker that has odds on the fixture. */
  fixtureBookmakers(fixtureId: string): Record<string, BookmakerFixtureMeta> {
    const out: Record<string, BookmakerFixtureMeta> = {};
    const runtime = this.fixtures.get(fixtureId);
    if (runtime === undefined) return out;
    for (const line of runtime.lines.values()) if (line.meta.hasOdds) out[line.book.bookmaker] = line.meta;
    return out;
  }

  /** The fixture record (plan, status, match state), or undefined. */
  fixtureRecord(fixtureId: string): Readonly<FixtureRecord> | undefined {
    return this.fixtures.get(fixtureId)?.record;
  }

  /** The runtime of a fixture (tests and the REST layer's market metadata). */
  runtime(fixtureId: string): FixtureRuntime | undefined {
    return this.fixtures.get(fixtureId);
  }

  injuriesOf(fixtureId: string): InjuriesPayload | null {
    return this.injuries.get(fixtureId) ?? null;
  }

  lineupsOf(fixtureId: string): LineupsPayload | null {
    return this.lineups.get(fixtureId) ?? null;
  }

  statsOf(fixtureId: string): StatsPayload | null {
    const runtime = this.fixtures.get(fixtureId);
    if (runtime === undefined || runtime.statusId === 0) return null;
    return statsPayload(fixtureId, runtime.record.match, this.clock.now());
  }

  clockOfFixture(fixtureId: string): Clock {
    const runtime = this.fixtures.get(fixtureId);
    return runtime === undefined || runtime.statusId === 0 ? null : clockOf(runtime.record.match, runtime.rules);
  }

  /** Counters for the log and /healthz. */
  stats(): SimStats {
    const fixturesByStatus: Record<string, number> = {};
    const fixturesBySport: Record<string, number> = {};
    let marketsOffered = 0;
    let quoted = 0;
    let entries = 0;
    let live = 0;
    for (const runtime of this.fixtures.values()) {
      const name = STATUS_NAMES[runtime.statusId];
      fixturesByStatus[name] = (fixturesByStatus[name] ?? 0) + 1;
      if (runtime.statusId === 1) live++;
      const sport = String(runtime.record.planned.sportId);
      fixturesBySport[sport] = (fixturesBySport[sport] ?? 0) + 1;
      if (runtime.quoted && runtime.statusId <= 1) {
        quoted++;
        marketsOffered += runtime.offered.length;
      }
      for (const byId of Object.values(runtime.odds)) entries += Object.keys(byId).length;
    }
    return {
      fixturesByStatus,
      fixturesBySport,
      marketsOffered,
      bookmakers: this.books.length,
      live,
      quotedFixtures: quoted,
      oddsEntries: entries,
      priceChanges: this.counters.priceChanges,
      goals: this.counters.goals,
      settlements: this.counters.settlements,
      frozen: this.isFrozen,
      ticks: this.counters.ticks,
    };
  }

  /** The tick timings since the last call (see {@link TickTimings}); the next call starts afresh. */
  takeTickTimings(): TickTimings {
    const taken = { ...this.timings };
    this.timings = { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' };
    return taken;
  }

  /** Fixture ids, optionally of one status. */
  /** True when retention dropped this fixture since the process started. */
  wasPurged(fixtureId: string): boolean {
    return this.purged.has(fixtureId);
  }

  fixtureIds(statusId?: number): string[] {
    const ids: string[] = [];
    for (const runtime of this.fixtures.values()) if (statusId === undefined || runtime.statusId === statusId) ids.push(runtime.fixtureId);
    return ids;
  }

  now(): number {
    return this.clock.now();
  }

  // -------------------------------------------------------------------------------------------
  // Knobs (the admin API calls these)
  // -------------------------------------------------------------------------------------------

  get frozen(): boolean {
    return this.isFrozen;
  }

  /** Freezes the world: no price, clock, score, meta or stale transition changes until `resume`. */
  freeze(): void {
    this.isFrozen = true;
  }

  /** Resumes; the match clocks continue from where they stopped (no catch-up jump). */
  resume(): void {
    this.isFrozen = false;
    this.lastTickMs = this.clock.now();
  }

  private requireFixture(fixtureId: string): FixtureRuntime {
    const runtime = this.fixtures.get(fixtureId);
    if (runtime === undefined) throw new KnobError(`unknown fixtureId ${fixtureId}`);
    return runtime;
  }

  /** Changes the retention cap (bytes); it applies at the next check, once a minute. */
  setRetention(bytes: number): void {
    if (!(bytes > 0)) throw new KnobError('the retention cap must be > 0 bytes');
    this.settings = { ...this.settings, retentionBytes: bytes };
  }

  /** Every bookmaker requotes the fixture every `seconds` (null restores the books' own pace). */
  setUpdateRate(fixtureId: string, seconds: number | null): void {
    if (seconds !== null && !(seconds > 0)) throw new KnobError('seconds must be > 0 or null');
    const runtime = this.requireFixture(fixtureId);
    runtime.updateEverySec = seconds;
    for (const line of runtime.lines.values()) line.nextQuoteAtMs = Math.min(line.nextQuoteAtMs, this.clock.now() + (seconds ?? 0) * 1000);
  }

  /**
   * The firehose: every price of `fixtureId` at every book requoted `updatesPerSec` times a second
   * in all (each requote changes the price), through the same path as the ticks' own changes —
   * history, feed, gateway. A new one replaces the one running. Each price changes at most once
   * a tick, so the rate reached is at most entries × ticks a second (`maxUpdatesPerSec`).
   */
  setFirehose(fixtureId: string, updatesPerSec: number): { fixtureId: string; updatesPerSec: number; entries: number; maxUpdatesPerSec: number } {
    if (!(updatesPerSec > 0 && updatesPerSec <= MAX_FIREHOSE_RATE)) throw new KnobError(`updatesPerSec must be > 0 and <= ${String(MAX_FIREHOSE_RATE)}, or null to stop`);
    const runtime = this.requireFixture(fixtureId);
    if (runtime.statusId > 1) throw new KnobError(`fixture ${fixtureId} is over: it has no prices to requote`);
    const firehose = new Firehose(fixtureId, updatesPerSec, runtime.lines.values());
    if (firehose.entries === 0) throw new KnobError(`fixture ${fixtureId} has no prices yet`);
    this.firehose = firehose;
    // Each price changes at most once a tick (the feed sends one state per oddsId per batch).
    return { fixtureId, updatesPerSec, entries: firehose.entries, maxUpdatesPerSec: (firehose.entries * 1000) / this.settings.tickMs };
  }

  /** Stops the firehose; answers the fixture it was on (null: none ran). */
  stopFirehose(): { stopped: string | null } {
    const stopped = this.firehose?.fixtureId ?? null;
    this.firehose = null;
    return { stopped };
  }

  /** The running firehose: its fixture, rate and the price changes made so far (null when none runs). */
  firehoseState(): { fixtureId: string; updatesPerSec: number; entries: number; changes: number } | null {
    const f = this.firehose;
    return f === null ? null : { fixtureId: f.fixtureId, updatesPerSec: f.updatesPerSec, entries: f.entries, changes: f.changes };
  }

  private stepFirehose(firehose: Firehose, nowMs: number, dtMs: number): void {
    const runtime = this.fixtures.get(firehose.fixtureId);
    // Its fixture finished or was retired: the firehose ends with it.
    if (runtime === undefined || runtime.statusId > 1) {
      this.firehose = null;
      return;
    }
    firehose.step(dtMs, nowMs, (oddsId, entry) => {
      this.oddsChanged(runtime, oddsId, entry);
    });
  }

  /**
   * Suspends (or lifts) a fixture for every book, one bookmaker on it, or one market; the
   * suspension shows at the next tick (`suspended: true`, entries `active: false`).
   */
  suspend(target: SuspensionTarget, on: boolean): void {
    const runtime = this.requireFixture(target.fixtureId);
    const lines = target.bookmaker === undefined ? [...runtime.lines.values()] : [runtime.lines.get(target.bookmaker)];
    if (lines.some((l) => l === undefined) || lines.length === 0) throw new KnobError(`bookmaker ${target.bookmaker ?? ''} does not quote ${target.fixtureId}`);
    const ctx = this.context(this.clock.now());
    for (const line of lines) {
      if (line === undefined) continue;
      if (target.marketId === undefined) line.forcedSuspended = on;
      else if (on) line.suspendedMarkets.add(target.marketId);
      else line.suspendedMarkets.delete(target.marketId);
      line.nextQuoteAtMs = ctx.nowMs;
    }
  }

  /** Puts a bookmaker's feed into (or out of) a stale spell: everywhere, or on one fixture. */
  forceStale(bookmaker: string, on: boolean, fixtureId?: string): void {
    if (!this.books.some((b) => b.bookmaker === bookmaker)) throw new KnobError(`unknown bookmaker ${bookmaker}`);
    if (fixtureId === undefined) {
      if (on) this.forcedStaleBooks.add(bookmaker);
      else {
        this.forcedStaleBooks.delete(bookmaker);
        this.bookStaleUntil.delete(bookmaker);
      }
      return;
    }
    const line = this.requireFixture(fixtureId).lines.get(bookmaker);
    if (line === undefined) throw new KnobError(`bookmaker ${bookmaker} does not quote ${fixtureId}`);
    line.forcedStale = on;
  }

  /**
   * Creates a cross-book arbitrage on a market: the bookmaker (default: the first retail book
   * quoting it) prices one outcome so that Σ over outcomes of the best implied probability < 1.
   * It lasts until the bookmaker's next requote after `clearArbitrage`, or `seconds`.
   */
  forceArbitrage(fixtureId: string, marketId: number, bookmaker?: string): { bookmaker: string; outcomeId: number; price: number } {
    const runtime = this.requireFixture(fixtureId);
    const offered = runtime.offered.find((o) => o.market.marketId === marketId);
    if (offered === undefined) throw new KnobError(`market ${String(marketId)} is not offered on ${fixtureId}`);
    const n = offered.market.outcomes.length;
    const quoting = [...runtime.lines.values()].filter((l) => l.entries[offered.offset]?.active === true);
    const line = bookmaker === undefined ? (quoting.find((l) => l.book.kind === 'retail') ?? quoting[0]) : runtime.lines.get(bookmaker);
    if (line === undefined) throw new KnobError(`no bookmaker quotes market ${String(marketId)} actively`);
    // Best implied probability of the other outcomes across books.
    let others = 0;
    for (let k = 1; k < n; k++) {
      let best = Number.POSITIVE_INFINITY;
      for (const l of quoting) {
        const entry = l.entries[offered.offset + k];
        if (entry?.active === true) best = Math.min(best, 1 / entry.price);
      }
      if (Number.isFinite(best)) others += best;
    }
    const entry = line.entries[offered.offset];
    if (entry === undefined) throw new KnobError('the bookmaker has no price on the first outcome');
    // The boosted price leaves a 3 % arbitrage: 1/price = 0.97 − others.
    const target = 1 / Math.max(0.02, 0.97 - others);
    const multiplier = target / entry.price;
    line.boosts.set(offered.offset, multiplier);
    const ctx = this.context(this.clock.now());
    runtime.requote(line, ctx);
    return { bookmaker: line.book.bookmaker, outcomeId: entry.outcomeId, price: entry.price };
  }

  /** Removes every forced arbitrage of a fixture. */
  clearArbitrage(fixtureId: string): void {
    const runtime = this.requireFixture(fixtureId);
    for (const line of runtime.lines.values()) {
      line.boosts.clear();
      line.nextQuoteAtMs = this.clock.now();
    }
  }

  /** Scores for `side` now in a live fixture (a goal, a run, a basket...), then reprices. */
  forceGoal(fixtureId: string, side: 1 | 2): void {
    const runtime = this.requireFixture(fixtureId);
    if (runtime.statusId !== 1) throw new KnobError(`fixture ${fixtureId} is not live`);
    runtime.forceScore(side, this.context(this.clock.now()));
    this.dirty.add(fixtureId);
  }

  /** Moves an open future's prices now (see FuturesBook.moveNow); they go out with the next tick's batch. */
  moveFuture(futureId: string): void {
    const moved = this.futures.moveNow(futureId, this.clock.now(), this.publishing ? this.feed : null, (changes) => {
      this.recordFutureChanges(changes);
    });
    if (!moved) throw new KnobError(`future ${futureId} is unknown or closed`);
  }

  /**
   * Kicks a pre-game fixture off now, whatever its planned start: status Live, `trueStartTime`
   * now, the match clock running from the next tick. Its pre-match prices stay as the books left
   * them, so their last ones before now are the fixture's kick-off close.
   */
  kickoff(fixtureId: string): { fixtureId: string; trueStartTime: string | null } {
    const runtime = this.requireFixture(fixtureId);
    if (runtime.statusId !== 0) throw new KnobError(`fixture ${fixtureId} is not pre-game`);
    this.finishRunningTick();
    const ctx = this.context(this.clock.now());
    runtime.start(ctx);
    // Books that had not opened yet open now, as they would at a scheduled kick-off.
    runtime.step(ctx, 0, this.books);
    this.dirty.add(fixtureId);
    this.rebuildActive();
    return { fixtureId, trueStartTime: runtime.record.trueStartTime };
  }

  /**
   * Plays the rest of a live fixture now with the match engine at full speed (no score is
   * dictated: the engine draws it as in any match) and settles it. Every change made on the way
   * carries the current time, so the in-play history gains the last in-play prices and the
   * closed ones; it goes out with the next tick's batch.
   */
  finish(fixtureId: string): { fixtureId: string; scores: Record<string, ScorePeriod> } {
    const runtime = this.requireFixture(fixtureId);
    if (runtime.statusId !== 1) throw new KnobError(`fixture ${fixtureId} is not live`);
    this.finishRunningTick();
    const ctx = this.context(this.clock.now());
    // A minute of match time per step: the engine's own events (goals, periods) come as they
    // would at any speed; the bound only stops a match the engine never ends.
    const stepMs = (FINISH_STEP_MATCH_SEC * 1000) / this.settings.simSpeed;
    // A function, not the narrowed field: stepping changes the status behind TypeScript's back.
    const live = (): boolean => runtime.statusId === 1;
    for (let i = 0; i < FINISH_MAX_STEPS && live(); i++) this.stepFixture(runtime, ctx, stepMs);
    if (live()) throw new KnobError(`fixture ${fixtureId} did not end after ${String(FINISH_MAX_STEPS)} match minutes`);
    this.rebuildActive();
    return { fixtureId, scores: this.scoresOf(fixtureId) };
  }

  /** Cancels a pre-game or live fixture now, with or without a reissued replacement. */
  cancel(fixtureId: string, reissue: boolean): { cancelled: string; reissuedFixtureId: string | null } {
    const runtime = this.requireFixture(fixtureId);
    if (runtime.statusId >= 2) throw new KnobError(`fixture ${fixtureId} is already over`);
    const replacement = this.cancelFixture(runtime, this.context(this.clock.now()), reissue);
    return { cancelled: fixtureId, reissuedFixtureId: replacement?.fixtureId ?? null };
  }

  /**
   * Moves one market's prices at the chosen books by implied points (`moveMarket`): they go out
   * with the next tick's batch, through the feed and history like the books' own changes, and
   * hold until a book's next requote reprices the market (its view moved) — `freeze` holds them.
   */
  moveMarket(fixtureId: string, move: MarketMove): MarketMoveResult {
    const runtime = this.requireFixture(fixtureId);
    const result = moveMarket(runtime, move, this.clock.now(), (oddsId, entry) => {
      this.oddsChanged(runtime, oddsId, entry);
    });
    if (typeof result === 'string') throw new KnobError(result);
    this.dirty.add(fixtureId);
    return result;
  }
}

/** A knob used on something that does not exist or cannot take it (the admin API answers 400/404). */
export class KnobError extends Error {
  override readonly name = 'KnobError';
}

/**
 * Which score rows the wire shows: the sport's main unit everywhere, except tennis (sets on
 * `result`/`fulltime`, games on the set rows and game windows) and esports (maps on
 * `result`/`fulltime`, kills on the map rows).
 */
function shownOnWire(sportId: number, unit: string, period: string): boolean {
  const matchRow = period === 'result' || period === 'fulltime';
  if (sportId === 12) return matchRow ? unit === 'sets' : unit === 'games';
  if (sportId === 83) return matchRow ? unit === 'maps' : unit === 'kills';
  return true;
}

/** The fixture's ids at external data providers, derived from its provider id. */
function externalProvidersOf(plan: PlannedFixture): Record<string, number | string | null> {
  const base = Number(plan.providerFixtureId.slice(-8));
  return {
    betradarId: base,
    betgeniusId: 10_000_000 + ((base * 7) % 9_000_000),
    lsportsId: `ls-${plan.providerFixtureId}`,
  };
}

export { scoresOfUnit };
