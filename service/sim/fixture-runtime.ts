// One fixture while the simulator runs it: lifecycle, match, offered markets, and every
// bookmaker's quotes on it (lagging the sharp book, with margin, rounding, noise, suspensions).
// Time is always passed in, so the live loop and the history seeding run the same code.
import type { BookmakerFixtureMeta, OddsEntry, StatusId } from '../../src/wire/shared-schemas.ts';
import { buildOddsId } from '../../src/domain/ids.ts';
import { decimalToAmerican } from '../../src/domain/odds-format.ts';
import type { BookmakerProfile, CatalogueMarket } from '../catalogue/types.ts';
import type { Rng } from '../pricing/rng.ts';
import { driftAt, drawInformation, eventsKnownAt } from './information.ts';
import type { InformationPath } from './information.ts';
import { advanceMatch, forceScore, newMatchState, playedShare } from './match-engine.ts';
import type { MatchEvent, MatchParams, MatchRules, MatchState, PropPlayer } from './match-engine.ts';
import type { FixtureModel, FixtureParams, ModelPort, QuotePort } from './model-port.ts';
import { ROTATION_NOTICE_SEC } from './schedule.ts';
import type { PlannedFixture } from './schedule.ts';
import { STATUS_CANCELLED, STATUS_FINISHED, STATUS_LIVE, isLive, isOpen, isOver, isPreGame } from '../../src/wire/status.ts';


/** What survives a restart: the plan and what has happened to the fixture so far. */
export interface FixtureRecord {
  readonly planned: PlannedFixture;
  statusId: StatusId;
  trueStartTime: string | null;
  trueEndTime: string | null;
  reissuedFixtureId: string | null;
  /**
   * Participant 1's strength shift (log scale): pre-match the market's view on the information
   * so far (`information.ts`), from kick-off the strength the match is played from.
   */
  drift: number;
  match: MatchState;
  /** Wall ms when the last score row changed, per unit/period: the rows' `updatedAt`. */
  scoreUpdatedAt: Record<string, number>;
  settled: boolean;
  /** When it finished or was cancelled (epoch ms): what retention orders by. */
  finishedAtMs: number | null;
  /** Players whose props are offered, fixed when the fixture is first quoted. */
  props: PropPlayer[];
}

/** A market offered on the fixture, and where its outcomes sit in the flat per-outcome arrays. */
export interface OfferedMarket {
  readonly market: CatalogueMarket;
  readonly playerId: number;
  /** `marketType|period|playerId`: the lines among which one is the main line. */
  readonly family: string;
  /** True when the family has several lines (its main line is the one closest to even). */
  readonly lined: boolean;
  readonly offset: number;
  /** Decided (e.g. Over 2.5 after the third goal): closed for good. */
  closed: boolean;
}

/** A published fair-probability snapshot: flat, NaN where the model cannot price. */
interface FairSnapshot {
  readonly atMs: number;
  readonly probs: Float64Array;
  /**
   * Only the clock moved since the previous snapshot (the in-play repricing interval, a period
   * end): every book runs the clock itself, so such a view reaches every book at once; a book's
   * lag is behind information (a score, pre-match news), not behind time passing.
   */
  readonly clockOnly: boolean;
}

/** The sink of everything that changes; the simulator batches it per tick. */
export interface ChangeSink {
  oddsChanged(fixture: FixtureRuntime, oddsId: string, entry: OddsEntry): void;
  metaChanged(fixture: FixtureRuntime, meta: BookmakerFixtureMeta): void;
  scoreChanged(fixture: FixtureRuntime, unit: string, period: string): void;
  clockChanged(fixture: FixtureRuntime): void;
  statusChanged(fixture: FixtureRuntime): void;
  statsChanged(fixture: FixtureRuntime): void;
  goal(fixture: FixtureRuntime): void;
}

/** One bookmaker on one fixture. */
export interface BookLine {
  readonly book: BookmakerProfile;
  /** Indexes into `FixtureRuntime.offered` of the markets this book quotes. */
  readonly markets: readonly number[];
  /** By flat outcome offset; undefined where this book does not quote. */
  readonly entries: (OddsEntry | undefined)[];
  readonly oddsIds: (string | undefined)[];
  /** Persistent logit-scale error per outcome: the book's own view, drifting slowly. */
  readonly noise: Float64Array;
  readonly meta: BookmakerFixtureMeta;
  readonly rng: Rng;
  /** Wall ms when its markets open (books open pre-match markets at different horizons). */
  readonly opensAtMs: number;
  nextQuoteAtMs: number;
  nextRefreshAtMs: number;
  /** Score suspension end, wall ms. */
  suspendedUntilMs: number;
  forcedSuspended: boolean;
  forcedStale: boolean;
  /** marketIds suspended by the admin knob. */
  readonly suspendedMarkets: Set<number>;
  /** Forced cross-book arbitrage: flat offset → price multiplier. */
  readonly boosts: Map<number, number>;
  /** The fair snapshot of its last requote. */
  lastSnapshot: unknown;
  /** Status, suspensions and boosts at its last requote. */
  lastStateKey: string;
}

/** Knobs and global state the runtime reads while stepping. */
export interface StepContext {
  readonly nowMs: number;
  readonly simSpeed: number;
  readonly quoteRate: number;
  readonly sink: ChangeSink;
  /** True when the bookmaker's feed is in a stale spell (global, per bookmaker). */
  bookStale(slug: string): boolean;
  /**
   * Seeding the past: reprice in play only on decisive scores, at most every
   * `COARSE_REPRICE_MATCH_SEC` otherwise (a model per period end would make seeding slow).
   */
  readonly coarse: boolean;
}

/** Match seconds between in-play reprices when nothing decisive happens (live, and when seeding). */
const REPRICE_MATCH_SEC = 300;
const COARSE_REPRICE_MATCH_SEC = 1800;
/**
 * In-play reprices of one fixture while seeding: enough to show the jumps after scores. A model
 * costs up to ~0.3 s in sports priced with overtime-until-decided (baseball, basketball).
 */
const COARSE_MAX_LIVE_REPRICES = 5;
/**
 * Sports whose models convolve overtimes until decided (basketball ~0.1 s, baseball ~0.3 s a
 * model): while seeding they get fewer in-play reprices, so the first start stays bounded.
 */
const SLOW_MODEL_SPORTS: ReadonlySet<number> = new Set([11, 13]);
const COARSE_MAX_SLOW_REPRICES = 2;

const MATCH_PERIODS: ReadonlySet<string> = new Set(['result', 'fulltime']);

/** Score units whose change makes the books suspend (not kills, games or baskets). */
const SUSPENDING_UNITS: ReadonlySet<string> = new Set(['goals', 'points', 'runs', 'sets', 'maps']);

/** The sharp reference book: it moves first, everyone else lags it. */
export const SHARP_BOOK = 'pinnacle';

/** Seconds before kick-off at which each kind of book opens its pre-match markets. */
export const OPEN_HORIZON_SEC: Readonly<Record<BookmakerProfile['kind'], number>> = {
  sharp: 36 * 3600,
  exchange: 24 * 3600,
  retail: 18 * 3600,
  prediction: 12 * 3600,
};

/** A market is offered pre-match only while no outcome is likelier than this (books pull near-certain lines). */
const MAX_OFFERED_PROB = 0.95;
/** A fair probability below this is an outcome ruled out: by the score in play, or by the format (best of 3 vs 5). */
const DEAD_PROB = 1e-9;
/** In play a market is suspended while an outcome is this likely, and closed once it is decided. */
const DECIDED_PROB = 1 - 1e-9;
/** Lines kept per family around the main line: more on the match periods than on sub-periods. */
const LINES_PER_MATCH_FAMILY = 3;
const LINES_PER_PERIOD_FAMILY = 1;
/** Markets with more outcomes than this (correct scores) are offered on the match periods only. */
const MAX_SUB_PERIOD_OUTCOMES = 8;
/** Fair snapshots kept for the lagging books (the lag is seconds; live reprices every few). */
const MAX_SNAPSHOTS = 24;

export function isoOf(ms: number): string {
  return new Date(ms).toISOString();
}

export class FixtureRuntime {
  readonly record: FixtureRecord;
  readonly params: FixtureParams;
  matchParams: MatchParams;
  offered: OfferedMarket[] = [];
  /** Total outcomes over `offered` (the length of the flat arrays). */
  width = 0;
  readonly lines = new Map<string, BookLine>();
  /** The wire `odds` map: bookmaker → oddsId → entry (the same objects as in the lines). */
  readonly odds: Record<string, Record<string, OddsEntry>> = {};
  private snapshots: FairSnapshot[] = [];
  private lastRepriceMs = 0;
  /**
   * Wall ms of the last score that suspends the books (a goal, run, set, map): no book quotes
   * in play from a fair snapshot older than it.
   */
  private lastScoreMs = Number.NEGATIVE_INFINITY;
  /** A score (any unit) came since the last reprice: the next one is information, not the clock. */
  private scoredSinceReprice = false;
  private coarseReprices = 0;
  /** The pre-match information path, drawn when first needed. */
  private information: InformationPath | null = null;
  /** Events of the path already taken into account (-1: none looked at yet in this process). */
  private informationSeen = -1;
  /** Team news that arrived since the simulator last asked (it publishes the injury update). */
  private teamNewsArrived = 0;
  /** Match time per wall time, from the last step (the in-play lags are match time). */
  private simSpeed = 1;
  /** Seconds between requotes of this fixture, overriding the books' own pace (the knob, the fast-forward). */
  updateEverySec: number | null = null;
  /**
   * Set by the update-rate knob: the books requote only at that pace, news included (a new fair
   * snapshot waits for the next requote instead of reaching each book after its lag). What a
   * test moves by a knob then stays moved: the market's own information cannot steam the fixture
   * meanwhile. The fast-forward's coarse pace leaves it off: there news lands after its lags.
   */
  paceHeld = false;
  readonly rng: Rng;
  private readonly events: MatchEvent[] = [];
  /** Wall ms of the last change of any kind (for the `bookmakers` refresh and the summary). */
  goals = 0;

  constructor(
    record: FixtureRecord,
    readonly sportMarkets: readonly CatalogueMarket[],
    readonly models: ModelPort,
    readonly quoting: QuotePort,
    rng: Rng,
  ) {
    this.record = record;
    this.rng = rng;
    const planned = record.planned;
    this.params = {
      sportId: planned.sportId,
      participant1Id: planned.participant1Id,
      participant2Id: planned.participant2Id,
      get drift() {
        return record.drift;
      },
      rules: rulesOf(planned),
    };
    this.matchParams = models.matchParams(this.params);
  }

  get fixtureId(): string {
    return this.record.planned.fixtureId;
  }

  get statusId(): StatusId {
    return this.record.statusId;
  }

  get rules(): MatchRules {
    return this.params.rules;
  }

  /** Has its markets been built (done when the first book opens)? */
  get quoted(): boolean {
    return this.offered.length > 0;
  }

  /**
   * Chooses the markets to offer from the pre-match model: lineless markets the model prices,
   * and per line family the lines closest to even; player props for the record's players.
   */
  buildMarkets(books: readonly BookmakerProfile[], nowMs: number): void {
    const model = this.models.model(this.params, this.record.match, this.record.props);
    const offered: OfferedMarket[] = [];
    let offset = 0;
    for (const choice of chooseOfferedMarkets(this.sportMarkets, model, this.record.props)) {
      offered.push({ ...choice, offset, closed: false });
      offset += choice.market.outcomes.length;
    }
    this.offered = offered;
    this.width = offset;
    for (const book of books) this.addLine(book, nowMs);
    this.publishSnapshot(nowMs, model, false);
  }

  private addLine(book: BookmakerProfile, nowMs: number): void {
    if (!book.sportIds.includes(this.record.planned.sportId)) return;
    const startMs = this.record.planned.startTime * 1000;
    const rng = this.rng.fork(`book/${book.bookmaker}`);
    const markets: number[] = [];
    this.offered.forEach((offered, index) => {
      if (acceptsMarket(book, offered, rng)) markets.push(index);
    });
    if (markets.length === 0) return;
    const noise = new Float64Array(this.width);
    for (let i = 0; i < noise.length; i++) noise[i] = rng.normal(0, book.quoteNoise);
    const openJitter = rng.next() * 6 * 3600;
    const line: BookLine = {
      book,
      markets,
      entries: new Array<OddsEntry | undefined>(this.width),
      oddsIds: new Array<string | undefined>(this.width),
      noise,
      meta: {
        bookmaker: book.bookmaker,
        bookmakerFixtureId: `${book.bookmaker.replace(/[^a-z0-9]/g, '').slice(0, 3)}-${this.record.planned.providerFixtureId}`,
        fixturePath: `/${String(this.record.planned.sportId)}/${this.record.planned.providerFixtureId}`,
        hasOdds: false,
        staleOdds: false,
        staleOddsResponseCode: null,
        suspended: false,
        participantsRotated: book.participantsRotated,
        meta: null,
        updatedAt: isoOf(nowMs),
      },
      rng,
      opensAtMs: startMs - (OPEN_HORIZON_SEC[book.kind] - openJitter) * 1000,
      nextQuoteAtMs: 0,
      nextRefreshAtMs: 0,
      suspendedUntilMs: 0,
      forcedSuspended: false,
      forcedStale: false,
      suspendedMarkets: new Set(),
      boosts: new Map(),
      lastSnapshot: null,
      lastStateKey: '',
    };
    this.lines.set(book.bookmaker, line);
  }

  /** The model's current fair probabilities become the newest snapshot the books follow. */
  private publishSnapshot(nowMs: number, model: FixtureModel, clockOnly: boolean): void {
    const probs = new Float64Array(this.width);
    const live = isLive(this.record.statusId);
    for (const offered of this.offered) {
      const fair = offered.closed ? null : model.fairProbabilities(offered.market, offered.playerId);
      for (let k = 0; k < offered.market.outcomes.length; k++) {
        probs[offered.offset + k] = fair === null ? Number.NaN : (fair[k] ?? Number.NaN);
      }
      if (fair !== null && live) {
        let max = 0;
        for (const p of fair) if (p > max) max = p;
        if (max >= DECIDED_PROB) offered.closed = true;
      }
    }
    this.snapshots.push({ atMs: nowMs, probs, clockOnly });
    this.scoredSinceReprice = false;
    if (this.snapshots.length > MAX_SNAPSHOTS) this.snapshots.splice(0, this.snapshots.length - MAX_SNAPSHOTS);
    this.lastRepriceMs = nowMs;
    // Every book follows new information once its lag has passed, the clock at once; a held
    // pace (the knob) waits for its next requote.
    if (this.paceHeld) return;
    for (const line of this.lines.values()) {
      const due = clockOnly ? nowMs : nowMs + this.lagMsOf(line);
      if (due < line.nextQuoteAtMs) line.nextQuoteAtMs = due;
    }
  }

  /**
   * Reprices from the model now (after a goal, a drift, or the live repricing interval);
   * `clockOnly` when nothing but the clock moved since the last reprice.
   */
  reprice(nowMs: number, clockOnly = false): void {
    if (!this.quoted) return;
    this.publishSnapshot(nowMs, this.models.model(this.params, this.record.match, this.record.props), clockOnly);
  }

  /**
   * The lag of a book behind the sharp reference (the sharp book itself has none). In play it is
   * match time: the match runs at `simSpeed`, so a 12 s lag is 1.2 s of wall time at speed 10 —
   * behind by as much of the match as a real book is (in wall seconds it would trail by two
   * basketball minutes and leave the lines of a fast game apart: phantom live arbitrage).
   */
  private lagMsOf(line: BookLine): number {
    if (line.book.bookmaker === SHARP_BOOK) return 0;
    return isLive(this.record.statusId) ? (line.book.lagSec * 1000) / this.simSpeed : line.book.lagSec * 1000;
  }

  /** When the newest snapshot reaches a book that has not quoted from it (infinity when it has). */
  private newestSnapshotDueMs(line: BookLine, nowMs: number): number {
    const newest = this.snapshots[this.snapshots.length - 1];
    if (newest === undefined || newest === line.lastSnapshot) return Number.POSITIVE_INFINITY;
    return Math.max(nowMs + 1, newest.atMs + this.lagMsOf(line));
  }

  private snapshotFor(line: BookLine, nowMs: number): FairSnapshot | undefined {
    const seen = nowMs - this.lagMsOf(line);
    let chosen = this.snapshots[0];
    for (const snapshot of this.snapshots) {
      // Newer than the lag lets through: still seen when only the clock moved since the last seen.
      if (snapshot.atMs <= seen || snapshot.clockOnly) chosen = snapshot;
      else break;
    }
    return chosen;
  }

  /**
   * Whether the fair snapshot this book sees in play predates the last score: the book then keeps
   * its markets suspended, whatever its lag, until a requote from a snapshot that knows the score.
   * Not while seeding (coarse), whose capped reprices may leave no snapshot after a score.
   */
  private blindToScore(line: BookLine, ctx: StepContext, snapshot = this.snapshotFor(line, ctx.nowMs)): boolean {
    if (ctx.coarse || !isLive(this.record.statusId) || this.lastScoreMs === Number.NEGATIVE_INFINITY) return false;
    return snapshot === undefined || snapshot.atMs < this.lastScoreMs;
  }

  /**
   * After the seeded past is played: in play, the books restart from one fair snapshot of the
   * current clock and score, so the first live requote does not catch up from a coarse one.
   */
  rebase(ctx: StepContext): void {
    if (!isLive(this.record.statusId) || !this.quoted) return;
    this.snapshots = [];
    this.reprice(ctx.nowMs, true);
    for (const line of this.lines.values()) this.requote(line, ctx);
  }

  /** Moves the fixture to `nowMs`: match, drift, requotes, meta freshness. */
  step(ctx: StepContext, dtMs: number, books: readonly BookmakerProfile[]): void {
    const { nowMs } = ctx;
    this.simSpeed = Math.max(1, ctx.simSpeed);
    const record = this.record;
    // Opens when the sharp book does; a live fixture loaded after a restart reopens at once.
    if (isOpen(record.statusId) && !this.quoted && nowMs >= record.planned.startTime * 1000 - OPEN_HORIZON_SEC.sharp * 1000) {
      if (isPreGame(record.statusId)) record.drift = driftAt(this.informationPath(ctx.quoteRate), nowMs);
      this.buildMarkets(books, nowMs);
    }
    if (isLive(record.statusId)) this.stepLive(ctx, dtMs);
    else if (isPreGame(record.statusId) && this.quoted) this.stepPregame(ctx);
    if (isOpen(record.statusId) && this.quoted) this.stepBooks(ctx);
  }

  /**
   * The fixture's pre-match information path, over its planned pre-match life: from the sharp
   * book's horizon (36 h), or from its announcement for a rotation fixture (45 minutes), to
   * kick-off. A fixture first quoted later (a fresh start, a reissue) joins it where it stands.
   * Drawn from the fixture's own stream and its plan alone, so a restart draws the same one.
   */
  informationPath(quoteRate: number): InformationPath {
    if (this.information === null) {
      const planned = this.record.planned;
      const kickOffMs = planned.startTime * 1000;
      const lifeSec = planned.origin === 'rotation' ? ROTATION_NOTICE_SEC : OPEN_HORIZON_SEC.sharp;
      this.information = drawInformation(this.rng.fork('information'), planned.sportId, kickOffMs - lifeSec * 1000, kickOffMs, quoteRate);
    }
    return this.information;
  }

  /** Whether the lineups are confirmed by `nowMs` (false before the fixture opens). */
  lineupsConfirmedBy(nowMs: number): boolean {
    return this.information !== null && nowMs >= this.information.lineupsAtMs;
  }

  /** Team news (injury reports) that reached the market since the last call. */
  takeTeamNews(): number {
    const arrived = this.teamNewsArrived;
    this.teamNewsArrived = 0;
    return arrived;
  }

  /**
   * Information moves the line: whenever the market's view on what is known changes (team news,
   * lineups, informed money, the opening error corrected), the model reprices; the sharp book
   * requotes at once and the others after their lags. A coarse step may cross several pieces of
   * news and reprices once.
   */
  private stepPregame(ctx: StepContext): void {
    const { nowMs } = ctx;
    const path = this.informationPath(ctx.quoteRate);
    const known = eventsKnownAt(path, nowMs);
    if (this.informationSeen >= 0) {
      for (let i = this.informationSeen; i < known; i++) if (path.events[i]?.kind === 'team-news') this.teamNewsArrived++;
    }
    this.informationSeen = known;
    const drift = driftAt(path, nowMs);
    if (drift !== this.record.drift) {
      this.record.drift = drift;
      this.matchParams = this.models.matchParams(this.params);
      this.reprice(nowMs);
    }
  }

  /** Kick-off: status Live, the clock starts. */
  start(ctx: StepContext): void {
    const record = this.record;
    record.statusId = STATUS_LIVE;
    record.trueStartTime = isoOf(ctx.nowMs);
    // The match is played from the kick-off strength: what the market knows now (at the planned
    // kick-off, everything; the closing prices were made from it).
    if (this.information !== null) record.drift = driftAt(this.information, ctx.nowMs);
    this.matchParams = this.models.matchParams(this.params);
    // Each book re-confirms at kick-off: a pre-game refresh just before it would otherwise leave
    // `updatedAt` on the slower pre-game pace, past the live freshness bound.
    for (const line of this.lines.values()) line.nextRefreshAtMs = ctx.nowMs;
    if (!this.quoted) this.buildMarkets([], ctx.nowMs);
    ctx.sink.statusChanged(this);
  }

  private stepLive(ctx: StepContext, dtMs: number): void {
    const events = this.events;
    events.length = 0;
    advanceMatch(this.record.match, this.rules, this.matchParams, this.record.props, (dtMs / 1000) * ctx.simSpeed, this.rng, events);
    this.afterEvents(ctx, dtMs > 0);
  }

  /** The admin knob's goal: scored now, then handled like any other score. */
  forceScore(side: 1 | 2, ctx: StepContext): void {
    const events = this.events;
    events.length = 0;
    forceScore(this.record.match, this.rules, this.matchParams, side, events);
    this.afterEvents(ctx, false);
  }

  private afterEvents(ctx: StepContext, moved: boolean): void {
    const record = this.record;
    const events = this.events;
    let significant = false;
    for (const event of events) {
      if (event.kind === 'score') {
        const periods = event.period === 'overtime' ? ['overtime', 'fulltime'] : event.period === 'penalties' ? ['penalties', 'fulltime'] : [event.period, 'result', 'fulltime'];
        for (const period of periods) {
          record.scoreUpdatedAt[`${event.unit}|${period}`] = ctx.nowMs;
          ctx.sink.scoreChanged(this, event.unit, period);
        }
        if (SUSPENDING_UNITS.has(event.unit) && this.rules.sportId !== 11) {
          significant = true;
          this.lastScoreMs = ctx.nowMs;
          this.goals++;
          ctx.sink.goal(this);
        }
      } else if (event.kind === 'period-start') {
        for (const [unit, rows] of Object.entries(record.match.rows)) {
          for (const period of Object.keys(rows)) {
            if (record.scoreUpdatedAt[`${unit}|${period}`] === undefined) {
              record.scoreUpdatedAt[`${unit}|${period}`] = ctx.nowMs;
              ctx.sink.scoreChanged(this, unit, period);
            }
          }
        }
      }
    }
    if (events.length > 0 || moved) ctx.sink.clockChanged(this);
    if (moved && record.match.phase === 'play') ctx.sink.statsChanged(this);
    // Books suspend on goals, runs, touchdowns, sets and maps; a basket moves the price only.
    if (significant) this.suspendForScore(ctx);
    if (record.match.phase === 'done') {
      this.finish(ctx);
      return;
    }
    // In play the model is re-evaluated every few match minutes, and at once after a score.
    const everyMatchSec = ctx.coarse ? COARSE_REPRICE_MATCH_SEC : REPRICE_MATCH_SEC / Math.max(0.25, Math.min(ctx.quoteRate, 8));
    const due = ctx.nowMs - this.lastRepriceMs >= (everyMatchSec * 1000) / ctx.simSpeed;
    if (ctx.coarse) {
      const cap = SLOW_MODEL_SPORTS.has(this.rules.sportId) ? COARSE_MAX_SLOW_REPRICES : COARSE_MAX_LIVE_REPRICES;
      if ((due || significant) && this.coarseReprices < cap) {
        this.coarseReprices++;
        this.reprice(ctx.nowMs);
      }
      return;
    }
    const scored = events.some((e) => e.kind === 'score');
    // Only a score that suspends the books is news they take their lag over; baskets, kills and
    // games are on every book's feed at once, so the interval reprice that catches up on them
    // reaches every book together (lagged, it would leave minutes of play between the books).
    if (significant) this.scoredSinceReprice = true;
    if (significant || (scored && !moved) || events.some((e) => e.kind === 'period-end') || due) this.reprice(ctx.nowMs, !this.scoredSinceReprice);
  }

  /**
   * A score: every book suspends the fixture for its own few seconds, then requotes. A stale
   * book's feed has stopped: it sends no suspension either (its prices stay frozen, and its
   * suspension window still applies if it comes back within it).
   */
  private suspendForScore(ctx: StepContext): void {
    for (const line of this.lines.values()) {
      line.suspendedUntilMs = ctx.nowMs + line.book.suspension.onScoreSec * 1000;
      if (!line.meta.staleOdds) this.requote(line, ctx);
    }
  }

  /** Full time: status Finished; every entry is closed (settlement is the simulator's job). */
  finish(ctx: StepContext): void {
    const record = this.record;
    record.statusId = STATUS_FINISHED;
    record.trueEndTime = isoOf(ctx.nowMs);
    record.finishedAtMs = ctx.nowMs;
    for (const offered of this.offered) offered.closed = true;
    for (const line of this.lines.values()) this.requote(line, ctx);
    ctx.sink.clockChanged(this);
    ctx.sink.statusChanged(this);
  }

  /** Cancellation: status Cancelled, every entry closed. */
  cancel(ctx: StepContext, reissuedFixtureId: string | null): void {
    const record = this.record;
    record.statusId = STATUS_CANCELLED;
    record.reissuedFixtureId = reissuedFixtureId;
    record.finishedAtMs = ctx.nowMs;
    for (const offered of this.offered) offered.closed = true;
    for (const line of this.lines.values()) this.requote(line, ctx);
    ctx.sink.statusChanged(this);
  }

  private stepBooks(ctx: StepContext): void {
    const { nowMs } = ctx;
    const live = isLive(this.record.statusId);
    for (const line of this.lines.values()) {
      if (nowMs < line.opensAtMs && !live) continue;
      const stale = line.forcedStale || ctx.bookStale(line.book.bookmaker);
      if (stale !== line.meta.staleOdds) {
        line.meta.staleOdds = stale;
        line.meta.staleOddsResponseCode = stale ? 503 : null;
        ctx.sink.metaChanged(this, line.meta);
      }
      const suspended = line.forcedSuspended || (stale && line.book.suspension.whenStale) || nowMs < line.suspendedUntilMs || this.blindToScore(line, ctx);
      if (suspended !== line.meta.suspended) {
        line.meta.suspended = suspended;
        // A suspension or its end is an update of the book's data: its updatedAt moves, so a
        // client ordering metas by updatedAt takes the change (at an equal updatedAt the book's
        // tie-break keeps `suspended: true`, which left a lifted suspension showing). Not while
        // stale: a stale feed's updatedAt falls behind, which is how staleness shows.
        if (!stale) line.meta.updatedAt = isoOf(nowMs);
        ctx.sink.metaChanged(this, line.meta);
        line.nextQuoteAtMs = nowMs;
      }
      // A stale feed freezes prices and lets `updatedAt` fall behind its freshness bound.
      if (stale) continue;
      if (nowMs >= line.nextQuoteAtMs) {
        this.requote(line, ctx);
        // A newer snapshot its lag does not let through yet is requoted once it does, not at the
        // next regular requote (up to minutes pre-game): soft books follow within their lags.
        const gapEnd = nowMs + this.quoteGapMs(line, ctx);
        line.nextQuoteAtMs = this.paceHeld ? gapEnd : Math.min(gapEnd, this.newestSnapshotDueMs(line, nowMs));
      }
      if (nowMs >= line.nextRefreshAtMs) {
        line.meta.updatedAt = isoOf(nowMs);
        line.nextRefreshAtMs = nowMs + refreshGapMs(line, live);
        ctx.sink.metaChanged(this, line.meta);
      }
    }
  }

  private quoteGapMs(line: BookLine, ctx: StepContext): number {
    if (this.updateEverySec !== null) return this.updateEverySec * 1000;
    const live = isLive(this.record.statusId);
    const bound = live ? (line.book.maxDelayLiveInSec ?? 10) : (line.book.maxDelayPregameMainInSec ?? line.book.maxDelayPregameInSec ?? 120);
    const rate = Math.max(0.01, ctx.quoteRate);
    return ((0.25 + 0.5 * line.rng.next()) * bound * 1000) / rate;
  }

  /**
   * Requotes every market of one book from the fair snapshot it has seen (its lag), with its
   * noise, margin and rounding; records each entry whose price or state changed.
   */
  requote(line: BookLine, ctx: StepContext): void {
    const { nowMs } = ctx;
    const snapshot = this.snapshotFor(line, nowMs);
    if (snapshot === undefined) return;
    // The book's own view moves when the market moves (a new snapshot reached it), and now and
    // then on its own; an unchanged view requotes to unchanged prices.
    const drift = snapshot !== line.lastSnapshot || line.rng.next() < 0.05;
    line.lastSnapshot = snapshot;
    const bookSuspended =
      line.forcedSuspended || nowMs < line.suspendedUntilMs || (line.meta.staleOdds && line.book.suspension.whenStale) || this.blindToScore(line, ctx, snapshot);
    const over = isOver(this.record.statusId);
    const live = isLive(this.record.statusId);
    // Same view, same suspensions, same status: every price would come out as it is. Skipping
    // the pass is what lets hundreds of fixtures requote every second.
    const stateKey = `${String(this.record.statusId)}|${String(bookSuspended)}|${[...line.suspendedMarkets].join(',')}|${[...line.boosts.values()].join(',')}`;
    if (!drift && stateKey === line.lastStateKey) return;
    line.lastStateKey = stateKey;
    const slug = line.book.bookmaker;
    let byOddsId = this.odds[slug];
    const touched = new Set<string>();
    for (const index of line.markets) {
      const offered = this.offered[index];
      if (offered === undefined) continue;
      const n = offered.market.outcomes.length;
      const base = offered.offset;
      let priceable = true;
      let max = 0;
      let dead = 0;
      for (let k = 0; k < n; k++) {
        const p = snapshot.probs[base + k] ?? Number.NaN;
        if (!(p >= 0)) priceable = false;
        else if (p > max) max = p;
        // Ruled out: by the score in play (a correct score already passed), or by the format at
        // any time (a best-of-3 match's 3:0 in a set betting market that lists both formats).
        if (p < DEAD_PROB) dead++;
      }
      const closed = offered.closed || over || (live && !line.book.offersLive);
      const tradable = priceable && !closed && max <= MAX_OFFERED_PROB;
      const marketActive = !closed && !bookSuspended && !line.suspendedMarkets.has(offered.market.marketId);
      const active = marketActive && tradable;
      let prices: readonly (number | undefined)[] | null = null;
      if (tradable) {
        // The book's own view: the fair probabilities tilted by its persistent noise, which
        // drifts a little at each requote (mean-reverting, so its spread stays quoteNoise).
        // An outcome ruled out (by the score or the format) is taken off the board: quoted at the
        // book's longest price it would take margin from the live outcomes, and across books
        // leave the market under 100 % (a phantom arbitrage).
        const alive: number[] = [];
        const noisy: number[] = [];
        let sum = 0;
        for (let k = 0; k < n; k++) {
          const i = base + k;
          let e = line.noise[i] ?? 0;
          if (drift) {
            e = e * 0.9 + line.rng.normal(0, line.book.quoteNoise * 0.44);
            line.noise[i] = e;
          }
          const p = snapshot.probs[i] ?? 0;
          if (dead > 0 && p < DEAD_PROB) continue;
          const q = p * Math.exp(e);
          alive.push(k);
          noisy.push(q);
          sum += q;
        }
        for (let j = 0; j < noisy.length; j++) noisy[j] = (noisy[j] ?? 0) / sum;
        const main = !offered.lined || offered.market.period === 'result' || offered.market.period === 'fulltime';
        if (alive.length >= 2) {
          const quoted = this.quoting.quote(noisy, line.book, main, line.rng);
          const full = new Array<number | undefined>(n);
          alive.forEach((k, j) => (full[k] = quoted[j]));
          prices = dead > 0 ? full : quoted;
        }
      }
      for (let k = 0; k < n; k++) {
        const i = base + k;
        let entry = line.entries[i];
        const quotedPrice = prices?.[k];
        // Without a price now (ruled out, or the market not tradable) a selection is not active.
        const outcomeActive = active && quotedPrice !== undefined;
        if (entry === undefined) {
          // A selection enters the book only with a price (its opening line).
          if (quotedPrice === undefined || !active) continue;
          const outcome = offered.market.outcomes[k];
          if (outcome === undefined) continue;
          const oddsId = buildOddsId({ fixtureId: this.fixtureId, bookmaker: slug, outcomeId: outcome.outcomeId, playerId: offered.playerId });
          entry = {
            bookmaker: slug,
            outcomeId: outcome.outcomeId,
            playerId: offered.playerId,
            marketId: offered.market.marketId,
            active: outcomeActive,
            marketActive,
            mainLine: !offered.lined,
            price: quotedPrice,
            priceAmerican: decimalToAmerican(quotedPrice),
            changedAt: nowMs,
          };
          line.entries[i] = entry;
          line.oddsIds[i] = oddsId;
          if (byOddsId === undefined) {
            byOddsId = {};
            this.odds[slug] = byOddsId;
          }
          byOddsId[oddsId] = entry;
          touched.add(offered.family);
          ctx.sink.oddsChanged(this, oddsId, entry);
          continue;
        }
        const boost = line.boosts.get(i);
        const price = quotedPrice === undefined ? entry.price : boost === undefined ? quotedPrice : Math.round(quotedPrice * boost * 100) / 100;
        if (entry.price !== price || entry.active !== outcomeActive || entry.marketActive !== marketActive) {
          entry.price = price;
          entry.priceAmerican = decimalToAmerican(price);
          entry.active = outcomeActive;
          entry.marketActive = marketActive;
          entry.changedAt = nowMs;
          touched.add(offered.family);
          const oddsId = line.oddsIds[i];
          if (oddsId !== undefined) ctx.sink.oddsChanged(this, oddsId, entry);
        }
      }
    }
    if (!line.meta.hasOdds && byOddsId !== undefined) {
      line.meta.hasOdds = true;
      ctx.sink.metaChanged(this, line.meta);
    }
    if (touched.size > 0 && !over) this.markMainLines(line, touched, ctx);
  }

  /** Marks, per family with several lines, the active line whose prices are closest to even. */
  private markMainLines(line: BookLine, families: ReadonlySet<string>, ctx: StepContext): void {
    for (const family of families) {
      let best = -1;
      let bestScore = Number.POSITIVE_INFINITY;
      const members: number[] = [];
      for (const index of line.markets) {
        const offered = this.offered[index];
        if (offered === undefined || offered.family !== family || !offered.lined) continue;
        members.push(index);
        const first = line.entries[offered.offset];
        const last = line.entries[offered.offset + offered.market.outcomes.length - 1];
        if (first === undefined || last === undefined || !first.marketActive) continue;
        const score = Math.abs(1 / first.price - 1 / last.price);
        if (score < bestScore) {
          bestScore = score;
          best = index;
        }
      }
      for (const index of members) {
        const offered = this.offered[index];
        if (offered === undefined) continue;
        const isMain = index === best;
        for (let k = 0; k < offered.market.outcomes.length; k++) {
          const entry = line.entries[offered.offset + k];
          if (entry === undefined || entry.mainLine === isMain) continue;
          entry.mainLine = isMain;
          entry.changedAt = ctx.nowMs;
          const oddsId = line.oddsIds[offered.offset + k];
          if (oddsId !== undefined) ctx.sink.oddsChanged(this, oddsId, entry);
        }
      }
    }
  }

  /** Frees what only a quoted fixture needs (its books, odds and fair snapshots); history keeps them. */
  release(): void {
    this.lines.clear();
    for (const slug of Object.keys(this.odds)) Reflect.deleteProperty(this.odds, slug);
    this.snapshots = [];
  }

  /** Share of regulation played (for summaries and the engine's pacing). */
  get playedShare(): number {
    return playedShare(this.record.match, this.rules);
  }
}

/** How often a healthy book re-confirms a fixture: well within its freshness bound. */
function refreshGapMs(line: BookLine, live: boolean): number {
  const bound = live ? line.book.maxDelayLiveInSec : line.book.maxDelayPregameMainInSec ?? line.book.maxDelayPregameInSec;
  return (0.4 + 0.4 * line.rng.next()) * (bound ?? 60) * 1000;
}

/** How far the prices of a market are from even: the main line minimises it. */
/**
 * The markets a fixture offers, chosen from its pre-match model: lineless markets the model
 * prices, and per line family the lines closest to even; player props for `props`' players.
 * In family order, each family's lines by handicap. (Also read by bench/sgp-cost.bench.ts, so
 * its SGPs are capped against the singles a book really quotes.)
 */
export function chooseOfferedMarkets(
  sportMarkets: readonly CatalogueMarket[],
  model: Pick<FixtureModel, 'fairProbabilities'>,
  props: readonly Pick<PropPlayer, 'playerId' | 'marketType'>[],
): Pick<OfferedMarket, 'market' | 'playerId' | 'family' | 'lined'>[] {
  const families = new Map<string, { market: CatalogueMarket; probs: readonly number[]; playerId: number }[]>();
  const addCandidate = (market: CatalogueMarket, playerId: number): void => {
    const probs = model.fairProbabilities(market, playerId);
    if (probs === null) return;
    let max = 0;
    for (const p of probs) if (p > max) max = p;
    if (!(max <= MAX_OFFERED_PROB) || market.outcomes.length > 40) return;
    if (!MATCH_PERIODS.has(market.period) && market.outcomes.length > MAX_SUB_PERIOD_OUTCOMES) return;
    const family = `${market.marketType}|${market.period}|${String(playerId)}`;
    const list = families.get(family) ?? [];
    list.push({ market, probs, playerId });
    families.set(family, list);
  };
  for (const market of sportMarkets) {
    if (market.playerProp) {
      for (const prop of props) if (prop.marketType === market.marketType) addCandidate(market, prop.playerId);
    } else addCandidate(market, 0);
  }
  const offered: Pick<OfferedMarket, 'market' | 'playerId' | 'family' | 'lined'>[] = [];
  for (const [family, candidates] of families) {
    const lined = candidates.length > 1;
    let chosen = candidates;
    if (lined) {
      // Keep the lines nearest to even odds: the main line and its alternates.
      chosen = [...candidates]
        .sort((a, b) => evenness(a.probs) - evenness(b.probs))
        .slice(0, MATCH_PERIODS.has(candidates[0]?.market.period ?? '') ? LINES_PER_MATCH_FAMILY : LINES_PER_PERIOD_FAMILY)
        .sort((a, b) => a.market.handicap - b.market.handicap);
    }
    for (const { market, playerId } of chosen) offered.push({ market, playerId, family, lined });
  }
  return offered;
}

function evenness(probs: readonly number[]): number {
  const first = probs[0] ?? 0;
  const last = probs[probs.length - 1] ?? 0;
  return Math.abs(first - last);
}

/** Which markets a kind of book quotes: sharp books everything, the others a realistic subset. */
function acceptsMarket(book: BookmakerProfile, offered: OfferedMarket, rng: Rng): boolean {
  const { market } = offered;
  switch (book.kind) {
    case 'sharp':
      return true;
    case 'retail':
      return rng.next() < (offered.lined || market.playerProp ? 0.7 : 0.9);
    case 'exchange':
      return !market.playerProp && (market.period === 'result' || market.period === 'fulltime') && rng.next() < 0.6;
    case 'prediction':
      return !market.playerProp && market.marketLength <= 3 && !offered.lined && (market.period === 'result' || market.period === 'fulltime');
  }
}

/** A fixture's match rules from its plan and its sport/tournament. */
export function rulesOf(planned: PlannedFixture): MatchRules {
  return {
    sportId: planned.sportId,
    expectedPeriods: planned.expectedPeriods,
    periodLength: planned.periodLength,
    knockout: planned.knockout,
  };
}

/** A fresh record for a planned fixture. */
export function newRecord(planned: PlannedFixture, props: PropPlayer[]): FixtureRecord {
  return {
    planned,
    statusId: 0,
    trueStartTime: null,
    trueEndTime: null,
    reissuedFixtureId: null,
    drift: 0,
    match: newMatchState(),
    scoreUpdatedAt: {},
    settled: false,
    finishedAtMs: null,
    props,
  };
}
