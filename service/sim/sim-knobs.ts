// The simulator's knobs, which the admin API calls: freeze and resume, retention, update rate,
// the firehose, suspensions, stale feeds, arbitrage, goals, future moves, kick-off, finish,
// cancellation and market moves. Each acts on the engine's world now; what it changes goes out
// with the next tick's batch, through history and the feed like the ticks' own changes.
import type { ScorePeriod } from '../../src/wire/shared-schemas.ts';
import type { BookLine, FixtureRuntime } from './fixture-runtime.ts';
import { Firehose, MAX_FIREHOSE_RATE } from './firehose.ts';
import { moveMarket } from './price-move.ts';
import type { MarketMove, MarketMoveResult } from './price-move.ts';
import type { SimEngine } from './sim-engine.ts';
import { KnobError } from './sim-types.ts';
import type { SuspensionTarget } from './sim-types.ts';
import type { TickRunner } from './tick-runner.ts';
import { isLive, isOver, isPreGame } from '../../src/wire/status.ts';

/** The admin finish knob plays the rest of a match in steps of this much match time (s)... */
const FINISH_STEP_MATCH_SEC = 60;
/** ...and gives up after this many steps (far beyond any sport's longest match with overtime). */
const FINISH_MAX_STEPS = 2_000;

export class SimKnobs {
  constructor(
    private readonly engine: SimEngine,
    private readonly runner: TickRunner,
  ) {}

  /** Freezes the world: no price, clock, score, meta or stale transition changes until `resume`. */
  freeze(): void {
    this.engine.world.frozen = true;
  }

  /** Resumes; the match clocks continue from where they stopped (no catch-up jump). */
  resume(): void {
    this.engine.world.frozen = false;
    this.engine.lastTickMs = this.engine.clock.now();
  }

  requireFixture(fixtureId: string): FixtureRuntime {
    const runtime = this.engine.world.fixtures.get(fixtureId);
    if (runtime === undefined) throw new KnobError(`unknown fixtureId ${fixtureId}`);
    return runtime;
  }

  /** Changes the retention cap (bytes); it applies at the next check, once a minute. */
  setRetention(bytes: number): void {
    if (!(bytes > 0)) throw new KnobError('the retention cap must be > 0 bytes');
    this.engine.settings = { ...this.engine.settings, retentionBytes: bytes };
  }

  /**
   * Every bookmaker requotes the fixture every `seconds` from now, and only then: news too waits
   * for the next requote, so nothing but a knob moves its prices in between (null restores the
   * books' own pace, with a requote now).
   */
  setUpdateRate(fixtureId: string, seconds: number | null): void {
    if (seconds !== null && !(seconds > 0)) throw new KnobError('seconds must be > 0 or null');
    const runtime = this.requireFixture(fixtureId);
    runtime.updateEverySec = seconds;
    runtime.paceHeld = seconds !== null;
    const next = this.engine.clock.now() + (seconds ?? 0) * 1000;
    for (const line of runtime.lines.values()) line.nextQuoteAtMs = next;
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
    if (isOver(runtime.statusId)) throw new KnobError(`fixture ${fixtureId} is over: it has no prices to requote`);
    const firehose = new Firehose(fixtureId, updatesPerSec, runtime.lines.values());
    if (firehose.entries === 0) throw new KnobError(`fixture ${fixtureId} has no prices yet`);
    this.engine.firehose = firehose;
    // Each price changes at most once a tick (the feed sends one state per oddsId per batch).
    return { fixtureId, updatesPerSec, entries: firehose.entries, maxUpdatesPerSec: (firehose.entries * 1000) / this.engine.settings.tickMs };
  }

  /** Stops the firehose; answers the fixture it was on (null: none ran). */
  stopFirehose(): { stopped: string | null } {
    const stopped = this.engine.firehose?.fixtureId ?? null;
    this.engine.firehose = null;
    return { stopped };
  }

  /** The running firehose: its fixture, rate and the price changes made so far (null when none runs). */
  firehoseState(): { fixtureId: string; updatesPerSec: number; entries: number; changes: number } | null {
    const f = this.engine.firehose;
    return f === null ? null : { fixtureId: f.fixtureId, updatesPerSec: f.updatesPerSec, entries: f.entries, changes: f.changes };
  }

  /**
   * Suspends (or lifts) a fixture for every book, one bookmaker on it, or one market; the
   * suspension shows at the next tick (`suspended: true`, entries `active: false`).
   */
  suspend(target: SuspensionTarget, on: boolean): void {
    const runtime = this.requireFixture(target.fixtureId);
    const lines = target.bookmaker === undefined ? [...runtime.lines.values()] : [runtime.lines.get(target.bookmaker)];
    if (lines.some((l) => l === undefined) || lines.length === 0) throw new KnobError(`bookmaker ${target.bookmaker ?? ''} does not quote ${target.fixtureId}`);
    const ctx = this.engine.context(this.engine.clock.now());
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
    if (!this.engine.world.books.some((b) => b.bookmaker === bookmaker)) throw new KnobError(`unknown bookmaker ${bookmaker}`);
    if (fixtureId === undefined) {
      if (on) this.engine.forcedStaleBooks.add(bookmaker);
      else {
        this.engine.forcedStaleBooks.delete(bookmaker);
        this.engine.bookStaleUntil.delete(bookmaker);
      }
      return;
    }
    const line = this.requireFixture(fixtureId).lines.get(bookmaker);
    if (line === undefined) throw new KnobError(`bookmaker ${bookmaker} does not quote ${fixtureId}`);
    line.forcedStale = on;
  }

  /**
   * Creates a cross-book arbitrage on a market: the bookmaker (default: the first retail book
   * quoting it) prices one outcome so that Σ over outcomes of the best implied probability < 1,
   * and is that outcome's best price.
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
    // The longest active price of the market's outcome `k` among `lines` (0 when none quotes it).
    const longest = (lines: readonly BookLine[], k: number): number =>
      lines.reduce((max, l) => {
        const e = l.entries[offered.offset + k];
        return e?.active === true ? Math.max(max, e.price) : max;
      }, 0);
    // Best implied probability of the other outcomes across books.
    let others = 0;
    for (let k = 1; k < n; k++) {
      const best = longest(quoting, k);
      if (best > 0) others += 1 / best;
    }
    const entry = line.entries[offered.offset];
    if (entry === undefined) throw new KnobError('the bookmaker has no price on the first outcome');
    // The boosted price leaves a 3 % arbitrage: 1/price = 0.97 − others; and it is the best
    // price of its outcome, 2 % above every other book's (another book already longer, say by a
    // moved price, would otherwise keep the best and the arbitrage would not run through this one).
    const longestElsewhere = longest(quoting.filter((l) => l !== line), 0);
    const target = Math.max(1 / Math.max(0.02, 0.97 - others), longestElsewhere * 1.02);
    const multiplier = target / entry.price;
    line.boosts.set(offered.offset, multiplier);
    const ctx = this.engine.context(this.engine.clock.now());
    runtime.requote(line, ctx);
    return { bookmaker: line.book.bookmaker, outcomeId: entry.outcomeId, price: entry.price };
  }

  /** Removes every forced arbitrage of a fixture. */
  clearArbitrage(fixtureId: string): void {
    const runtime = this.requireFixture(fixtureId);
    for (const line of runtime.lines.values()) {
      line.boosts.clear();
      line.nextQuoteAtMs = this.engine.clock.now();
    }
  }

  /** Scores for `side` now in a live fixture (a goal, a run, a basket...), then reprices. */
  forceGoal(fixtureId: string, side: 1 | 2): void {
    const runtime = this.requireFixture(fixtureId);
    if (!isLive(runtime.statusId)) throw new KnobError(`fixture ${fixtureId} is not live`);
    runtime.forceScore(side, this.engine.context(this.engine.clock.now()));
    this.engine.dirty.add(fixtureId);
  }

  /** Moves an open future's prices now (see FuturesBook.moveNow); they go out with the next tick's batch. */
  moveFuture(futureId: string): void {
    const moved = this.engine.futures.moveNow(futureId, this.engine.clock.now(), this.engine.publishing ? this.engine.feed : null, (changes) => {
      this.engine.recordFutureChanges(changes);
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
    if (!isPreGame(runtime.statusId)) throw new KnobError(`fixture ${fixtureId} is not pre-game`);
    this.runner.finishRunningTick();
    const ctx = this.engine.context(this.engine.clock.now());
    runtime.start(ctx);
    // Books that had not opened yet open now, as they would at a scheduled kick-off.
    runtime.step(ctx, 0, this.engine.world.books);
    this.engine.dirty.add(fixtureId);
    this.engine.rebuildActive();
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
    if (!isLive(runtime.statusId)) throw new KnobError(`fixture ${fixtureId} is not live`);
    this.runner.finishRunningTick();
    const ctx = this.engine.context(this.engine.clock.now());
    // A minute of match time per step: the engine's own events (goals, periods) come as they
    // would at any speed; the bound only stops a match the engine never ends.
    const stepMs = (FINISH_STEP_MATCH_SEC * 1000) / this.engine.settings.simSpeed;
    for (let i = 0; i < FINISH_MAX_STEPS && isLive(runtime.statusId); i++) this.engine.stepFixture(runtime, ctx, stepMs);
    if (isLive(runtime.statusId)) throw new KnobError(`fixture ${fixtureId} did not end after ${String(FINISH_MAX_STEPS)} match minutes`);
    this.engine.rebuildActive();
    return { fixtureId, scores: this.engine.reads.scoresOf(fixtureId) };
  }

  /** Cancels a pre-game or live fixture now, with or without a reissued replacement. */
  cancel(fixtureId: string, reissue: boolean): { cancelled: string; reissuedFixtureId: string | null } {
    const runtime = this.requireFixture(fixtureId);
    if (isOver(runtime.statusId)) throw new KnobError(`fixture ${fixtureId} is already over`);
    const replacement = this.engine.cancelFixture(runtime, this.engine.context(this.engine.clock.now()), reissue);
    return { cancelled: fixtureId, reissuedFixtureId: replacement?.fixtureId ?? null };
  }

  /**
   * Moves one market's prices at the chosen books by implied points (`moveMarket`): they go out
   * with the next tick's batch, through the feed and history like the books' own changes, and
   * hold until a book's next requote reprices the market (its view moved) — `freeze` holds them.
   */
  moveMarket(fixtureId: string, move: MarketMove): MarketMoveResult {
    const runtime = this.requireFixture(fixtureId);
    const result = moveMarket(runtime, move, this.engine.clock.now(), (oddsId, entry) => {
      this.engine.oddsChanged(runtime, oddsId, entry);
    });
    if (typeof result === 'string') throw new KnobError(result);
    this.engine.dirty.add(fixtureId);
    return result;
  }
}
