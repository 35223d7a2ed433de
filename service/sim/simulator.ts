// The live simulator's public face: opens the world on its history store, runs the ticks, and
// answers the reads of REST and the gateway and the knobs of the admin API. The work is done by
// its parts: the engine produces every change (sim-engine.ts: the tick, settlement, history, the
// change feed), the reads answer from the world it writes (sim-reads.ts, sim-world.ts), the
// knobs act on the engine (sim-knobs.ts), world-loading.ts opens or seeds the world, and
// tick-runner.ts slices the timer-driven ticks.
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
import type { BookmakerProfile } from '../catalogue/types.ts';
import type { ChangeFeed, ChangeListener } from './change-feed.ts';
import type { FixtureRecord, FixtureRuntime } from './fixture-runtime.ts';
import type { FuturesBook } from './futures.ts';
import type { MarketMove, MarketMoveResult } from './price-move.ts';
import { SimEngine } from './sim-engine.ts';
import { SimKnobs } from './sim-knobs.ts';
import type { SimReads } from './sim-reads.ts';
import { ManualClock } from './sim-types.ts';
import type { SimStats, SimulatorDeps, SuspensionTarget, TickTimings } from './sim-types.ts';
import { drain, TICK_SLICE_MS, TickRunner } from './tick-runner.ts';
import { checkDataDir, loadWorld, reopenWorld, seedWorld } from './world-loading.ts';

export { DataDirMismatchError, KnobError, ManualClock, systemClock } from './sim-types.ts';
export type { SimClock, SimSettings, SimStats, SimulatorDeps, SuspensionTarget, TickTimings } from './sim-types.ts';

export class Simulator {
  private readonly engine: SimEngine;
  private readonly reads: SimReads;
  private readonly knobs: SimKnobs;
  private readonly runner: TickRunner;

  private constructor(deps: SimulatorDeps) {
    this.engine = new SimEngine(deps);
    this.reads = this.engine.reads;
    const { tickMs, tickSliceMs } = deps.settings;
    this.runner = new TickRunner(this.engine, tickMs, tickSliceMs ?? TICK_SLICE_MS);
    this.knobs = new SimKnobs(this.engine, this.runner);
  }

  /**
   * Opens the simulator on a history store: checks that the stored catalogue and seed are the
   * code's (throws `DataDirMismatchError` otherwise), loads the stored fixtures, or seeds a
   * fresh world (finished fixtures with price histories, live and upcoming ones).
   */
  static open(deps: SimulatorDeps): Simulator {
    checkDataDir(deps.history, deps.catalogue, deps.settings.seed);
    const sim = new Simulator(deps);
    const loaded = loadWorld(sim.engine);
    if (loaded === 0) seedWorld(sim.engine);
    else reopenWorld(sim.engine);
    sim.engine.flushTick(sim.engine.clock.now());
    return sim;
  }

  /** The typed change feed the ticks publish. */
  get feed(): ChangeFeed {
    return this.engine.feed;
  }

  get books(): readonly BookmakerProfile[] {
    return this.engine.world.books;
  }

  get futures(): FuturesBook {
    return this.engine.futures;
  }

  // -------------------------------------------------------------------------------------------
  // Running
  // -------------------------------------------------------------------------------------------

  /**
   * Starts ticking every `tickMs` on the system timer. Each tick runs in slices of about
   * `TICK_SLICE_MS` (REST requests are served between them); it keeps the time it started at,
   * so every fixture still advances by the full step; while it steps fixtures, each slice
   * publishes its changes, and the rest go with the tick's last batch.
   */
  start(): void {
    this.engine.lastTickMs = this.engine.clock.now();
    this.runner.start();
  }

  /** Stops ticking (a tick in progress is finished first), flushes pending history and saves every record. */
  stop(): void {
    this.runner.stop();
    this.engine.flushHistory();
    this.engine.saveAll();
  }

  /** True between the slices of a timer-driven tick: some fixtures are stepped, the batch is not sent yet. */
  get tickInProgress(): boolean {
    return this.runner.inProgress;
  }

  /** For a manual clock: advances it by `ms` in steps of `tickMs`, ticking after each. */
  advance(ms: number): void {
    const clock = this.engine.clock;
    if (!(clock instanceof ManualClock)) throw new Error('advance() needs a ManualClock; the system clock moves by itself');
    let left = ms;
    while (left > 0) {
      const step = Math.min(left, this.engine.settings.tickMs);
      clock.advance(step);
      left -= step;
      this.tick();
    }
  }

  /**
   * One simulation step to the clock's now, run to completion before it returns (a timer-driven
   * tick still in progress is completed first). Frozen: nothing at all happens.
   */
  tick(): void {
    this.runner.finishRunningTick();
    drain(this.engine.steps());
  }

  /**
   * Publishes what a knob changed now (history, then the feed), even while frozen, rather than
   * with the next tick: the edge reads the feed, not this world. Between the slices of a running
   * tick it does nothing: that tick's next batch carries it within milliseconds.
   */
  publishPending(): void {
    if (this.runner.inProgress) return;
    this.engine.flushTick(this.engine.clock.now());
  }

  /** The tick timings since the last call (see {@link TickTimings}); the next call starts afresh. */
  takeTickTimings(): TickTimings {
    return this.runner.takeTimings();
  }

  // -------------------------------------------------------------------------------------------
  // Reads (REST and the gateway): see sim-reads.ts
  // -------------------------------------------------------------------------------------------

  /** Registers a listener of the per-tick change batches; returns its remover. */
  onChange(listener: ChangeListener): () => void {
    return this.engine.feed.onChange(listener);
  }

  now(): number {
    return this.reads.now();
  }

  stats(): SimStats {
    return this.reads.stats();
  }

  wasPurged(fixtureId: string): boolean {
    return this.reads.wasPurged(fixtureId);
  }

  fixtureIds(statusId?: number): string[] {
    return this.reads.fixtureIds(statusId);
  }

  oddsVersion(fixtureId: string, bookmaker: string): number {
    return this.reads.oddsVersion(fixtureId, bookmaker);
  }

  metaVersion(fixtureId: string, bookmaker: string): number {
    return this.reads.metaVersion(fixtureId, bookmaker);
  }

  scoresOf(fixtureId: string): Record<string, ScorePeriod> {
    return this.reads.scoresOf(fixtureId);
  }

  fixtureView(fixtureId: string): FixtureView | null {
    return this.reads.fixtureView(fixtureId);
  }

  fixtureViews(filter: { statusIds?: readonly number[]; sportId?: number } = {}): FixtureView[] {
    return this.reads.fixtureViews(filter);
  }

  fixtureOdds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, OddsEntry>>>> {
    return this.reads.fixtureOdds(fixtureId);
  }

  fixtureBookmakers(fixtureId: string): Record<string, BookmakerFixtureMeta> {
    return this.reads.fixtureBookmakers(fixtureId);
  }

  fixtureRecord(fixtureId: string): Readonly<FixtureRecord> | undefined {
    return this.reads.fixtureRecord(fixtureId);
  }

  runtime(fixtureId: string): FixtureRuntime | undefined {
    return this.reads.runtime(fixtureId);
  }

  injuriesOf(fixtureId: string): InjuriesPayload | null {
    return this.reads.injuriesOf(fixtureId);
  }

  lineupsOf(fixtureId: string): LineupsPayload | null {
    return this.reads.lineupsOf(fixtureId);
  }

  statsOf(fixtureId: string): StatsPayload | null {
    return this.reads.statsOf(fixtureId);
  }

  clockOfFixture(fixtureId: string): Clock {
    return this.reads.clockOfFixture(fixtureId);
  }

  // -------------------------------------------------------------------------------------------
  // Knobs (the admin API calls these): see sim-knobs.ts
  // -------------------------------------------------------------------------------------------

  get frozen(): boolean {
    return this.engine.world.frozen;
  }

  freeze(): void {
    this.knobs.freeze();
  }

  resume(): void {
    this.knobs.resume();
  }

  setRetention(bytes: number): void {
    this.knobs.setRetention(bytes);
  }

  setUpdateRate(fixtureId: string, seconds: number | null): void {
    this.knobs.setUpdateRate(fixtureId, seconds);
  }

  setFirehose(fixtureId: string, updatesPerSec: number): ReturnType<SimKnobs['setFirehose']> {
    return this.knobs.setFirehose(fixtureId, updatesPerSec);
  }

  stopFirehose(): { stopped: string | null } {
    return this.knobs.stopFirehose();
  }

  firehoseState(): ReturnType<SimKnobs['firehoseState']> {
    return this.knobs.firehoseState();
  }

  suspend(target: SuspensionTarget, on: boolean): void {
    this.knobs.suspend(target, on);
  }

  forceStale(bookmaker: string, on: boolean, fixtureId?: string): void {
    this.knobs.forceStale(bookmaker, on, fixtureId);
  }

  forceArbitrage(fixtureId: string, marketId: number, bookmaker?: string): { bookmaker: string; outcomeId: number; price: number } {
    return this.knobs.forceArbitrage(fixtureId, marketId, bookmaker);
  }

  clearArbitrage(fixtureId: string): void {
    this.knobs.clearArbitrage(fixtureId);
  }

  forceGoal(fixtureId: string, side: 1 | 2): void {
    this.knobs.forceGoal(fixtureId, side);
  }

  moveFuture(futureId: string): void {
    this.knobs.moveFuture(futureId);
  }

  kickoff(fixtureId: string): { fixtureId: string; trueStartTime: string | null } {
    return this.knobs.kickoff(fixtureId);
  }

  finish(fixtureId: string): { fixtureId: string; scores: Record<string, ScorePeriod> } {
    return this.knobs.finish(fixtureId);
  }

  cancel(fixtureId: string, reissue: boolean): { cancelled: string; reissuedFixtureId: string | null } {
    return this.knobs.cancel(fixtureId, reissue);
  }

  moveMarket(fixtureId: string, move: MarketMove): MarketMoveResult {
    return this.knobs.moveMarket(fixtureId, move);
  }
}
