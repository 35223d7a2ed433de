// The simulator's read side: what REST and the gateway ask of the world (fixture views, odds,
// bookmaker metas, scores, team news, clocks, statistics, change versions, counters). It only
// reads the world the engine writes, and keeps the fixture views it built until they change.
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
import { statsPayload } from './extras.ts';
import { isoOf } from './fixture-runtime.ts';
import type { FixtureRecord, FixtureRuntime } from './fixture-runtime.ts';
import { clockOf } from './match-engine.ts';
import type { PlannedFixture } from './schedule.ts';
import type { SimStats } from './sim-types.ts';
import type { SimWorld } from './sim-world.ts';
import { isLive, isOpen, isPreGame } from '../../src/wire/status.ts';

export class SimReads {
  private readonly views = new Map<string, FixtureView>();

  constructor(private readonly world: SimWorld) {}

  /** The fixture's view changed (status, clock, score) or it left memory: the next read rebuilds it. */
  invalidate(fixtureId: string): void {
    this.views.delete(fixtureId);
  }

  /** See {@link SimWorld.oddsVersion}. */
  oddsVersion(fixtureId: string, bookmaker: string): number {
    return this.world.oddsVersion(fixtureId, bookmaker);
  }

  /** See {@link SimWorld.metaVersion}. */
  metaVersion(fixtureId: string, bookmaker: string): number {
    return this.world.metaVersion(fixtureId, bookmaker);
  }

  /** True when retention dropped this fixture since the process started. */
  wasPurged(fixtureId: string): boolean {
    return this.world.purged.has(fixtureId);
  }

  /** Fixture ids, optionally of one status. */
  fixtureIds(statusId?: number): string[] {
    const ids: string[] = [];
    for (const runtime of this.world.fixtures.values()) if (statusId === undefined || runtime.statusId === statusId) ids.push(runtime.fixtureId);
    return ids;
  }

  /** The simulation clock (epoch ms). */
  now(): number {
    return this.world.clock.now();
  }

  /** The score row of `unit`/`period` as the wire shows it. */
  wireRow(runtime: FixtureRuntime, unit: string, period: string): ScorePeriod | null {
    if (!shownOnWire(runtime.record.planned.sportId, unit, period)) return null;
    const pair = runtime.record.match.rows[unit]?.[period];
    if (pair === undefined) return null;
    const at = runtime.record.scoreUpdatedAt[`${unit}|${period}`] ?? Date.parse(runtime.record.trueStartTime ?? '');
    return { period, participant1Score: pair[0], participant2Score: pair[1], updatedAt: isoOf(Number.isFinite(at) ? at : 0) };
  }

  /** The wire `scores` of a fixture: one row per period, in the unit the sport displays. */
  scoresOf(fixtureId: string): Record<string, ScorePeriod> {
    const runtime = this.world.fixtures.get(fixtureId);
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
    const runtime = this.world.fixtures.get(fixtureId);
    if (runtime === undefined) return null;
    const view = this.buildView(runtime);
    this.views.set(fixtureId, view);
    return view;
  }

  private buildView(runtime: FixtureRuntime): FixtureView {
    const record = runtime.record;
    const plan = record.planned;
    const ref = this.world.reference;
    const sport = ref.sports.find((s) => s.sportId === plan.sportId);
    const tournament = ref.tournaments.find((t) => t.tournamentId === plan.tournamentId);
    const season = ref.seasons.find((s) => s.seasonId === plan.seasonId);
    const venue = ref.venues.find((v) => v.venueId === plan.venueId);
    const p1 = ref.participants.find((p) => p.participantId === plan.participant1Id);
    const p2 = ref.participants.find((p) => p.participantId === plan.participant2Id);
    const statusId = record.statusId;
    return {
      fixtureId: plan.fixtureId,
      status: { live: isLive(statusId), statusId, statusName: STATUS_NAMES[statusId] },
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
      clock: isPreGame(record.statusId) ? null : clockOf(record.match, runtime.rules),
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
    for (const runtime of this.world.fixtures.values()) {
      if (filter.statusIds !== undefined && !filter.statusIds.includes(runtime.statusId)) continue;
      if (filter.sportId !== undefined && runtime.record.planned.sportId !== filter.sportId) continue;
      const view = this.fixtureView(runtime.fixtureId);
      if (view !== null) views.push(view);
    }
    return views;
  }

  /** The current odds of a fixture: bookmaker → oddsId → entry (live objects: read, do not keep). */
  fixtureOdds(fixtureId: string): Readonly<Record<string, Readonly<Record<string, OddsEntry>>>> {
    return this.world.fixtures.get(fixtureId)?.odds ?? {};
  }

  /** The BookmakerFixtureMeta of every bookmaker that has odds on the fixture. */
  fixtureBookmakers(fixtureId: string): Record<string, BookmakerFixtureMeta> {
    const out: Record<string, BookmakerFixtureMeta> = {};
    const runtime = this.world.fixtures.get(fixtureId);
    if (runtime === undefined) return out;
    for (const line of runtime.lines.values()) if (line.meta.hasOdds) out[line.book.bookmaker] = line.meta;
    return out;
  }

  /** The fixture record (plan, status, match state), or undefined. */
  fixtureRecord(fixtureId: string): Readonly<FixtureRecord> | undefined {
    return this.world.fixtures.get(fixtureId)?.record;
  }

  /** The runtime of a fixture (tests and the REST layer's market metadata). */
  runtime(fixtureId: string): FixtureRuntime | undefined {
    return this.world.fixtures.get(fixtureId);
  }

  injuriesOf(fixtureId: string): InjuriesPayload | null {
    return this.world.injuries.get(fixtureId) ?? null;
  }

  lineupsOf(fixtureId: string): LineupsPayload | null {
    return this.world.lineups.get(fixtureId) ?? null;
  }

  statsOf(fixtureId: string): StatsPayload | null {
    const runtime = this.world.fixtures.get(fixtureId);
    if (runtime === undefined || isPreGame(runtime.statusId)) return null;
    return statsPayload(fixtureId, runtime.record.match, this.world.clock.now());
  }

  clockOfFixture(fixtureId: string): Clock {
    const runtime = this.world.fixtures.get(fixtureId);
    return runtime === undefined || isPreGame(runtime.statusId) ? null : clockOf(runtime.record.match, runtime.rules);
  }

  /** Counters for the log and /healthz. */
  stats(): SimStats {
    const fixturesByStatus: Record<string, number> = {};
    const fixturesBySport: Record<string, number> = {};
    let marketsOffered = 0;
    let quoted = 0;
    let entries = 0;
    let live = 0;
    for (const runtime of this.world.fixtures.values()) {
      const name = STATUS_NAMES[runtime.statusId];
      fixturesByStatus[name] = (fixturesByStatus[name] ?? 0) + 1;
      if (isLive(runtime.statusId)) live++;
      const sport = String(runtime.record.planned.sportId);
      fixturesBySport[sport] = (fixturesBySport[sport] ?? 0) + 1;
      if (runtime.quoted && isOpen(runtime.statusId)) {
        quoted++;
        marketsOffered += runtime.offered.length;
      }
      for (const byId of Object.values(runtime.odds)) entries += Object.keys(byId).length;
    }
    return {
      fixturesByStatus,
      fixturesBySport,
      marketsOffered,
      bookmakers: this.world.books.length,
      live,
      quotedFixtures: quoted,
      oddsEntries: entries,
      priceChanges: this.world.counters.priceChanges,
      goals: this.world.counters.goals,
      settlements: this.world.counters.settlements,
      frozen: this.world.frozen,
      ticks: this.world.counters.ticks,
    };
  }

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
