// The fixture schedule: a daily programme per sport plus a short-notice "live rotation", both
// drawn from the seed and the absolute time slot only, so topping up later gives the same world.
import { buildFixtureId } from '../../src/domain/ids.ts';
import { createRng } from '../pricing/rng.ts';
import type { Rng } from '../pricing/rng.ts';
import type { ReferenceData, SeasonRef, TournamentRef } from '../catalogue/types.ts';

/** Where a fixture came from: its daily programme, the rotation, or a cancellation's reissue. */
export type FixtureOrigin = 'programme' | 'rotation' | 'reissue';

/** A planned cancellation: when (epoch ms) and whether a replacement fixture is issued. */
export interface CancellationPlan {
  readonly atMs: number;
  readonly reissue: boolean;
  /** Start time (epoch seconds) of the replacement when `reissue`. */
  readonly reissueStartTime: number;
}

/** A fixture as the schedule plans it, before anything has happened to it. */
export interface PlannedFixture {
  readonly fixtureId: string;
  readonly providerFixtureId: string;
  readonly sportId: number;
  readonly tournamentId: number;
  readonly seasonId: number | null;
  readonly seasonRound: number | null;
  readonly participant1Id: number;
  readonly participant2Id: number;
  readonly venueId: number | null;
  /** Epoch seconds. */
  readonly startTime: number;
  readonly origin: FixtureOrigin;
  /** A drawn cup tie goes to extra time and penalties. */
  readonly knockout: boolean;
  /** Regular periods and minutes per period, from the tournament (null: the sport's default). */
  readonly expectedPeriods: number;
  readonly periodLength: number | null;
  readonly cancellation: CancellationPlan | null;
  /** The fixture this one replaces (one hop), null for an original. */
  readonly reissueOf: string | null;
  /** Its replacement is cancelled and reissued in turn (the guaranteed chain A → B → C). */
  readonly chainReissue?: boolean;
}

const DAY_SEC = 86_400;
/** Rotation fixtures are announced this long before kick-off (short notice). */
export const ROTATION_NOTICE_SEC = 45 * 60;

/**
 * Fixtures per day and the UTC kick-off window (hours) of each sport's daily programme: a
 * realistic, modest density; the live rotation supplies the steady flow of live matches.
 */
const PROGRAMME: Readonly<Record<number, { readonly perDay: number; readonly fromHour: number; readonly toHour: number }>> = {
  10: { perDay: 8, fromHour: 11, toHour: 21 },
  11: { perDay: 3, fromHour: 17, toHour: 27 },
  12: { perDay: 5, fromHour: 9, toHour: 20 },
  13: { perDay: 2, fromHour: 17, toHour: 26 },
  14: { perDay: 1, fromHour: 18, toHour: 25 },
  15: { perDay: 3, fromHour: 16, toHour: 26 },
  83: { perDay: 4, fromHour: 8, toHour: 16 },
};

/** Relative weight of each sport in the live rotation (soccer dominates, as in real books). */
const ROTATION_WEIGHTS: readonly (readonly [number, number])[] = [
  [10, 0.34],
  [11, 0.14],
  [12, 0.16],
  [13, 0.06],
  [14, 0.04],
  [15, 0.12],
  [83, 0.14],
];

/** Share of fixtures cancelled before kick-off, and the share of those that are reissued. */
const CANCEL_RATE = 0.025;
const REISSUE_SHARE = 0.6;

/** Reference data indexed for planning. */
export class SchedulePlanner {
  private readonly tournamentsBySport = new Map<number, TournamentRef[]>();
  private readonly currentSeason = new Map<number, SeasonRef>();
  private readonly participantVenue = new Map<number, number | null>();

  constructor(
    ref: ReferenceData,
    private readonly seed: number,
    /** Wall-clock seconds between rotation kick-offs; 0 disables the rotation. */
    private readonly rotationGapSec: number,
  ) {
    for (const tournament of ref.tournaments) {
      if (tournament.participantIds.length < 2) continue;
      const list = this.tournamentsBySport.get(tournament.sportId) ?? [];
      list.push(tournament);
      this.tournamentsBySport.set(tournament.sportId, list);
    }
    for (const season of ref.seasons) {
      const known = this.currentSeason.get(season.tournamentId);
      if (season.current || known === undefined) this.currentSeason.set(season.tournamentId, season);
    }
    for (const participant of ref.participants) this.participantVenue.set(participant.participantId, participant.venueId);
  }

  /** The UTC day index (days since the epoch) of an epoch-seconds time. */
  static dayOf(epochSec: number): number {
    return Math.floor(epochSec / DAY_SEC);
  }

  /** The daily programme of UTC day `day`, in kick-off order. */
  programme(day: number): PlannedFixture[] {
    const planned: PlannedFixture[] = [];
    for (const [sportText, plan] of Object.entries(PROGRAMME)) {
      const sportId = Number(sportText);
      const rng = createRng(`${String(this.seed)}/programme/${String(day)}/${sportText}`);
      for (let i = 0; i < plan.perDay; i++) {
        const quarter = rng.int(plan.fromHour * 4, plan.toHour * 4 - 1);
        const startTime = day * DAY_SEC + quarter * 900;
        const providerFixtureId = String(60_000_000 + (day % 10_000) * 100 + (sportId % 20) * 5 + i);
        const fixture = this.draw(rng, sportId, startTime, providerFixtureId, 'programme', day);
        if (fixture !== null) planned.push(fixture);
      }
    }
    return planned.sort((a, b) => a.startTime - b.startTime || a.fixtureId.localeCompare(b.fixtureId));
  }

  /** Index of the rotation slot kicking off at or after `epochSec`. */
  rotationSlotAtOrAfter(epochSec: number): number {
    return this.rotationGapSec === 0 ? Number.POSITIVE_INFINITY : Math.ceil(epochSec / this.rotationGapSec);
  }

  /** The rotation fixture of slot `slot` (kick-off at slot × gap), null when the rotation is off. */
  rotation(slot: number): PlannedFixture | null {
    if (this.rotationGapSec === 0) return null;
    const rng = createRng(`${String(this.seed)}/rotation/${String(slot)}`);
    let u = rng.next();
    let sportId = 10;
    for (const [sport, weight] of ROTATION_WEIGHTS) {
      sportId = sport;
      if (u < weight) break;
      u -= weight;
    }
    const startTime = slot * this.rotationGapSec;
    // A leading 9 keeps rotation ids apart from programme ids (which start with 6).
    const providerFixtureId = `9${String(slot % 100_000_000).padStart(8, '0')}`;
    return this.draw(rng, sportId, startTime, providerFixtureId, 'rotation', SchedulePlanner.dayOf(startTime));
  }

  /**
   * The replacement of a cancelled fixture: same pairing and tournament, the planned new start,
   * a providerFixtureId derived from the old one (so a chain A → B → C stays unique).
   */
  reissue(of: PlannedFixture): PlannedFixture {
    const startTime = of.cancellation?.reissueStartTime ?? of.startTime + DAY_SEC;
    const providerFixtureId = `${of.providerFixtureId}1`;
    const rng = createRng(`${String(this.seed)}/reissue/${providerFixtureId}`);
    const forceCancellation: CancellationPlan | null =
      of.chainReissue === true ? { atMs: (startTime - 3600) * 1000, reissue: true, reissueStartTime: startTime + 26 * 3600 } : null;
    return {
      ...of,
      chainReissue: false,
      fixtureId: buildFixtureId({ providerSlug: 'id', sportId: of.sportId, tournamentId: of.tournamentId, providerFixtureId }),
      providerFixtureId,
      startTime,
      origin: 'reissue',
      // A replacement is itself cancelled now and then (a chain A → B → C), never a third time.
      cancellation: forceCancellation ?? this.cancellationFor(rng, startTime, of.origin === 'reissue' ? 0 : 0.3),
      reissueOf: of.fixtureId,
    };
  }

  /** A cancellation plan drawn with probability `rate` (before kick-off), null otherwise. */
  private cancellationFor(rng: Rng, startTime: number, rate: number): CancellationPlan | null {
    if (!rng.bernoulli(rate)) return null;
    const atMs = (startTime - rng.int(600, 6 * 3600)) * 1000;
    const reissue = rng.bernoulli(REISSUE_SHARE);
    const reissueStartTime = startTime + rng.int(2, 48) * 1800;
    return { atMs, reissue, reissueStartTime };
  }

  private draw(
    rng: Rng,
    sportId: number,
    startTime: number,
    providerFixtureId: string,
    origin: FixtureOrigin,
    day: number,
  ): PlannedFixture | null {
    const tournaments = this.tournamentsBySport.get(sportId);
    if (tournaments === undefined || tournaments.length === 0) return null;
    const tournament = rng.pick(tournaments);
    const ids = tournament.participantIds;
    const first = rng.int(0, ids.length - 1);
    const second = (first + rng.int(1, ids.length - 1)) % ids.length;
    const participant1Id = ids[first] ?? 0;
    const participant2Id = ids[second] ?? 0;
    const season = this.currentSeason.get(tournament.tournamentId) ?? null;
    const rounds = season?.rounds ?? 0;
    const seasonRound = rounds > 0 ? (day % rounds) + 1 : null;
    const venueId = tournament.venueId ?? this.participantVenue.get(participant1Id) ?? null;
    return {
      fixtureId: buildFixtureId({ providerSlug: 'id', sportId, tournamentId: tournament.tournamentId, providerFixtureId }),
      providerFixtureId,
      sportId,
      tournamentId: tournament.tournamentId,
      seasonId: season?.seasonId ?? null,
      seasonRound,
      participant1Id,
      participant2Id,
      venueId,
      startTime,
      origin,
      knockout: tournament.format === 'cup',
      expectedPeriods: tournament.expectedPeriods,
      periodLength: tournament.periodLength,
      cancellation: this.cancellationFor(rng, startTime, CANCEL_RATE),
      reissueOf: null,
    };
  }
}
