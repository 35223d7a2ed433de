// Generates the reference world from a seed: tournaments, seasons, participants (teams or
// tennis players), venues and rosters with per-player prop rates, plus the bookmakers. The
// structure (which leagues exist, how big, where) is fixed here; every name, id, strength and
// rate is drawn from the seed, so the same seed always gives the same world.

import { roundHalfAwayFromZero } from '../../src/domain/rounding.ts';
import { BOOKMAKERS } from './bookmakers.ts';
import {
  abbreviate,
  ESPORTS_ADJECTIVES,
  ESPORTS_NOUNS,
  esportsHandle,
  NAME_POOLS,
  personName,
  slugify,
  TEAM_NICKNAMES,
  type Gender,
} from './names.ts';
import {
  CANADIAN_CITIES,
  CATEGORIES,
  ENGLISH_CITIES,
  ESPORTS_CITIES,
  EURO_BASKETBALL_CITIES,
  GERMAN_CITIES,
  JAPANESE_CITIES,
  locationOf,
  SPANISH_CITIES,
  SWEDISH_CITIES,
  TENNIS_CITIES,
  US_CITIES,
  type City,
} from './places.ts';
import { SeededRandom } from './seeded-random.ts';
import { CatalogueError, SPORT_IDS, SPORTS, sportById } from './sports.ts';
import type {
  CategoryRef,
  ParticipantRef,
  PlayerRef,
  ReferenceData,
  SeasonRef,
  SportRef,
  TournamentFormat,
  TournamentRef,
  Translated,
  VenueRef,
} from './types.ts';

type VenueKind = 'stadium' | 'arena' | 'ballpark' | 'ice' | 'tennis' | 'esports';

type Entrants =
  /** Clubs named after their city with a local pattern (`{c}` = the city's local name). */
  | { readonly kind: 'clubs'; readonly cities: readonly City[]; readonly count: number; readonly patterns: Readonly<Record<string, readonly string[]>> }
  /** "{City} {Nickname}" franchises. */
  | { readonly kind: 'franchises'; readonly cities: readonly City[]; readonly count: number }
  | { readonly kind: 'esports'; readonly countryCode: string; readonly count: number }
  /** A cup drawing `perSource[i]` of the strongest entrants of tournament `from[i]`. */
  | { readonly kind: 'draw'; readonly from: readonly string[]; readonly perSource: readonly number[] }
  /** A tennis event drawing `count` players of a tour's pool. */
  | { readonly kind: 'tour'; readonly pool: 'atp' | 'wta'; readonly count: number };

interface TournamentSpec {
  /** Stable label: seeds the tournament's own random stream. */
  readonly key: string;
  readonly sportId: number;
  readonly tournamentName: string;
  readonly category: CategoryRef;
  readonly format: TournamentFormat;
  readonly expectedPeriods?: number;
  readonly periodLength?: number;
  /** `split` seasons run across the turn of the year ("2026/2027"), `calendar` ones within it. */
  readonly seasons: 'split' | 'calendar';
  readonly entrants: Entrants;
  readonly rounds: (entrants: number) => number;
  /** First rotation number of a US-sports tournament; null elsewhere. */
  readonly rotationBase: number | null;
  /** Where a tennis or esports event is played; team sports play at the home team's venue. */
  readonly venue: { readonly city: City; readonly kind: VenueKind } | null;
  readonly teamVenueKind: VenueKind | null;
}

const SOCCER_PATTERNS: Readonly<Record<string, readonly string[]>> = {
  eng: ['{c} United', '{c} City', '{c} Town', '{c} Rovers', '{c} Athletic', '{c} Albion', '{c} Wanderers', '{c} County', '{c} FC'],
  deu: ['FC {c}', '1. FC {c}', 'SV {c}', 'VfB {c}', 'VfL {c}', 'SC {c}', 'Borussia {c}', 'Fortuna {c}', 'Eintracht {c}', 'TSV {c}'],
  esp: ['{c} CF', 'Real {c}', 'Atlético {c}', 'CD {c}', 'UD {c}', 'SD {c}', 'Deportivo {c}', 'Racing {c}'],
};

const BASKETBALL_PATTERNS: Readonly<Record<string, readonly string[]>> = {
  grc: ['{c} BC'],
  srb: ['KK {c}'],
  hrv: ['KK {c}'],
  tur: ['{c} Basketbol'],
  ltu: ['BC {c}'],
  ita: ['Pallacanestro {c}', 'Virtus {c}'],
  isr: ['{c} BC'],
  fra: ['{c} Basket'],
  mco: ['{c} Basket'],
  esp: ['CB {c}', '{c} Basket'],
  deu: ['{c} Baskets'],
};

const HOCKEY_PATTERNS: Readonly<Record<string, readonly string[]>> = { swe: ['{c} HC', '{c} IF', 'IK {c}', '{c} HK'] };

const doubleRoundRobin = (n: number): number => 2 * (n - 1);
const knockout = (n: number): number => Math.ceil(Math.log2(n));
const fixed = (rounds: number) => (): number => rounds;

/** The world's structure. Append-only: a new tournament goes at the end, so others keep their ids. */
const TOURNAMENT_SPECS: readonly TournamentSpec[] = [
  {
    key: 'eng-premier', sportId: SPORT_IDS.soccer, tournamentName: 'Premier Division', category: CATEGORIES.england,
    format: 'league', seasons: 'split', entrants: { kind: 'clubs', cities: ENGLISH_CITIES, count: 20, patterns: SOCCER_PATTERNS },
    rounds: doubleRoundRobin, rotationBase: null, venue: null, teamVenueKind: 'stadium',
  },
  {
    key: 'deu-erste', sportId: SPORT_IDS.soccer, tournamentName: 'Erste Liga', category: CATEGORIES.germany,
    format: 'league', seasons: 'split', entrants: { kind: 'clubs', cities: GERMAN_CITIES, count: 18, patterns: SOCCER_PATTERNS },
    rounds: doubleRoundRobin, rotationBase: null, venue: null, teamVenueKind: 'stadium',
  },
  {
    key: 'esp-primera', sportId: SPORT_IDS.soccer, tournamentName: 'Primera Liga', category: CATEGORIES.spain,
    format: 'league', seasons: 'split', entrants: { kind: 'clubs', cities: SPANISH_CITIES, count: 20, patterns: SOCCER_PATTERNS },
    rounds: doubleRoundRobin, rotationBase: null, venue: null, teamVenueKind: 'stadium',
  },
  {
    // The cup is where `toqualify` is offered: knockout ties with extra time and penalties.
    key: 'eur-cup', sportId: SPORT_IDS.soccer, tournamentName: 'European Club Cup', category: CATEGORIES.europe,
    format: 'cup', seasons: 'split', entrants: { kind: 'draw', from: ['eng-premier', 'deu-erste', 'esp-primera'], perSource: [11, 10, 11] },
    rounds: knockout, rotationBase: null, venue: null, teamVenueKind: null,
  },
  {
    key: 'na-basketball', sportId: SPORT_IDS.basketball, tournamentName: 'North American Basketball League', category: CATEGORIES.usa,
    format: 'league', seasons: 'split', entrants: { kind: 'franchises', cities: US_CITIES, count: 20 },
    rounds: (n) => 4 * (n - 1), rotationBase: 501, venue: null, teamVenueKind: 'arena',
  },
  {
    key: 'eu-basketball', sportId: SPORT_IDS.basketball, tournamentName: 'European Basketball League', category: CATEGORIES.europe,
    format: 'league', periodLength: 10, seasons: 'split',
    entrants: { kind: 'clubs', cities: EURO_BASKETBALL_CITIES, count: 18, patterns: BASKETBALL_PATTERNS },
    rounds: doubleRoundRobin, rotationBase: null, venue: null, teamVenueKind: 'arena',
  },
  {
    key: 'atp-melbourne', sportId: SPORT_IDS.tennis, tournamentName: 'ATP Melbourne', category: CATEGORIES.atp,
    format: 'tour', expectedPeriods: 5, seasons: 'calendar', entrants: { kind: 'tour', pool: 'atp', count: 32 },
    rounds: knockout, rotationBase: null, venue: { city: TENNIS_CITIES.melbourne, kind: 'tennis' }, teamVenueKind: null,
  },
  {
    key: 'atp-rome', sportId: SPORT_IDS.tennis, tournamentName: 'ATP Rome', category: CATEGORIES.atp,
    format: 'tour', expectedPeriods: 3, seasons: 'calendar', entrants: { kind: 'tour', pool: 'atp', count: 32 },
    rounds: knockout, rotationBase: null, venue: { city: TENNIS_CITIES.rome, kind: 'tennis' }, teamVenueKind: null,
  },
  {
    key: 'wta-madrid', sportId: SPORT_IDS.tennis, tournamentName: 'WTA Madrid', category: CATEGORIES.wta,
    format: 'tour', expectedPeriods: 3, seasons: 'calendar', entrants: { kind: 'tour', pool: 'wta', count: 32 },
    rounds: knockout, rotationBase: null, venue: { city: TENNIS_CITIES.madrid, kind: 'tennis' }, teamVenueKind: null,
  },
  {
    key: 'wta-beijing', sportId: SPORT_IDS.tennis, tournamentName: 'WTA Beijing', category: CATEGORIES.wta,
    format: 'tour', expectedPeriods: 3, seasons: 'calendar', entrants: { kind: 'tour', pool: 'wta', count: 32 },
    rounds: knockout, rotationBase: null, venue: { city: TENNIS_CITIES.beijing, kind: 'tennis' }, teamVenueKind: null,
  },
  {
    key: 'na-baseball', sportId: SPORT_IDS.baseball, tournamentName: 'North American Baseball League', category: CATEGORIES.usa,
    format: 'league', seasons: 'calendar', entrants: { kind: 'franchises', cities: US_CITIES, count: 20 },
    rounds: (n) => 8 * (n - 1), rotationBase: 901, venue: null, teamVenueKind: 'ballpark',
  },
  {
    key: 'jp-baseball', sportId: SPORT_IDS.baseball, tournamentName: 'Japan Professional Baseball', category: CATEGORIES.japan,
    format: 'league', seasons: 'calendar', entrants: { kind: 'franchises', cities: JAPANESE_CITIES, count: 12 },
    rounds: (n) => 13 * (n - 1), rotationBase: null, venue: null, teamVenueKind: 'ballpark',
  },
  {
    key: 'na-football', sportId: SPORT_IDS.americanFootball, tournamentName: 'National Pro Football League', category: CATEGORIES.usa,
    format: 'league', seasons: 'calendar', entrants: { kind: 'franchises', cities: US_CITIES, count: 24 },
    rounds: fixed(18), rotationBase: 101, venue: null, teamVenueKind: 'stadium',
  },
  {
    key: 'spring-football', sportId: SPORT_IDS.americanFootball, tournamentName: 'Spring Football League', category: CATEGORIES.usa,
    format: 'league', seasons: 'calendar', entrants: { kind: 'franchises', cities: US_CITIES, count: 8 },
    rounds: fixed(10), rotationBase: 451, venue: null, teamVenueKind: 'stadium',
  },
  {
    key: 'na-hockey', sportId: SPORT_IDS.iceHockey, tournamentName: 'North American Hockey League', category: CATEGORIES.northAmerica,
    format: 'league', seasons: 'split', entrants: { kind: 'franchises', cities: [...CANADIAN_CITIES, ...US_CITIES], count: 24 },
    rounds: fixed(82), rotationBase: 51, venue: null, teamVenueKind: 'ice',
  },
  {
    key: 'se-hockey', sportId: SPORT_IDS.iceHockey, tournamentName: 'Swedish Hockey Elite', category: CATEGORIES.sweden,
    format: 'league', seasons: 'split', entrants: { kind: 'clubs', cities: SWEDISH_CITIES, count: 14, patterns: HOCKEY_PATTERNS },
    rounds: (n) => 4 * (n - 1), rotationBase: null, venue: null, teamVenueKind: 'ice',
  },
  {
    key: 'id-mlbb', sportId: SPORT_IDS.mobileLegends, tournamentName: 'Indonesia Pro League', category: CATEGORIES.indonesia,
    format: 'league', seasons: 'calendar', entrants: { kind: 'esports', countryCode: 'idn', count: 9 },
    rounds: doubleRoundRobin, rotationBase: null, venue: { city: ESPORTS_CITIES.jakarta, kind: 'esports' }, teamVenueKind: null,
  },
  {
    key: 'ph-mlbb', sportId: SPORT_IDS.mobileLegends, tournamentName: 'Philippines Pro League', category: CATEGORIES.philippines,
    format: 'league', seasons: 'calendar', entrants: { kind: 'esports', countryCode: 'phl', count: 8 },
    rounds: doubleRoundRobin, rotationBase: null, venue: { city: ESPORTS_CITIES.manila, kind: 'esports' }, teamVenueKind: null,
  },
  {
    key: 'sea-mlbb-cup', sportId: SPORT_IDS.mobileLegends, tournamentName: 'Southeast Asia Cup', category: CATEGORIES.southeastAsia,
    format: 'cup', seasons: 'calendar', entrants: { kind: 'draw', from: ['id-mlbb', 'ph-mlbb'], perSource: [4, 4] },
    rounds: knockout, rotationBase: null, venue: { city: ESPORTS_CITIES.kualaLumpur, kind: 'esports' }, teamVenueKind: null,
  },
];

/** "de Leeds", "d'Augsbourg", "du Pirée": French "of" before a place name. */
function frOf(place: string): string {
  if (place.startsWith('Le ')) return `du ${place.slice(3)}`;
  return /^[AEIOUYÀÂÉÈÊÎÔÛH]/u.test(place) ? `d'${place}` : `de ${place}`;
}

const VENUE_NAMES: Readonly<Record<VenueKind, (c: Translated) => Translated>> = {
  stadium: (c) => ({ en: `${c.en} Stadium`, de: `Stadion ${c.de}`, fr: `Stade ${frOf(c.fr)}`, zh: `${c.zh}体育场` }),
  arena: (c) => ({ en: `${c.en} Arena`, de: `Arena ${c.de}`, fr: `Aréna ${frOf(c.fr)}`, zh: `${c.zh}体育馆` }),
  ballpark: (c) => ({ en: `${c.en} Ballpark`, de: `Ballpark ${c.de}`, fr: `Stade de baseball ${frOf(c.fr)}`, zh: `${c.zh}棒球场` }),
  ice: (c) => ({ en: `${c.en} Ice Arena`, de: `Eisstadion ${c.de}`, fr: `Patinoire ${frOf(c.fr)}`, zh: `${c.zh}冰球馆` }),
  tennis: (c) => ({ en: `${c.en} Tennis Centre`, de: `Tenniszentrum ${c.de}`, fr: `Centre de tennis ${frOf(c.fr)}`, zh: `${c.zh}网球中心` }),
  esports: (c) => ({ en: `${c.en} Esports Arena`, de: `E-Sport-Arena ${c.de}`, fr: `Arène e-sport ${frOf(c.fr)}`, zh: `${c.zh}电竞馆` }),
};

const VENUE_CAPACITY: Readonly<Record<VenueKind, readonly [number, number]>> = {
  stadium: [18_000, 75_000],
  arena: [9_000, 21_000],
  ballpark: [25_000, 48_000],
  ice: [7_000, 19_000],
  tennis: [9_000, 15_000],
  esports: [1_500, 6_000],
};

/** One roster slot: a position, how many deep, and per-match base rates of its props. */
interface RosterSlot {
  readonly position: string;
  /** One factor per player at the position: 1 for a starter, less for depth. */
  readonly depth: readonly number[];
  readonly rates: Readonly<Record<string, number>>;
}

// Base rates per match (per map for MLBB) of a starter, in the units of each prop market.
const ROSTERS: Readonly<Record<number, readonly RosterSlot[]>> = {
  [SPORT_IDS.soccer]: [
    { position: 'Goalkeeper', depth: [1, 0.1], rates: { 'players-passes': 28 } },
    {
      position: 'Defender',
      depth: [1, 1, 1, 1, 0.4],
      rates: { 'players-shots': 0.6, 'players-shotsontarget': 0.2, 'players-goals': 0.05, 'players-assists': 0.06, 'players-passes': 50, 'players-tackles': 1.9 },
    },
    {
      position: 'Midfielder',
      depth: [1, 1, 1, 0.6, 0.4],
      rates: { 'players-shots': 1.3, 'players-shotsontarget': 0.45, 'players-goals': 0.14, 'players-assists': 0.18, 'players-passes': 48, 'players-tackles': 2.1 },
    },
    {
      position: 'Forward',
      depth: [1, 1, 0.6, 0.4],
      rates: { 'players-shots': 2.6, 'players-shotsontarget': 1.1, 'players-goals': 0.42, 'players-assists': 0.16, 'players-passes': 22, 'players-tackles': 0.7 },
    },
  ],
  [SPORT_IDS.basketball]: [
    { position: 'Point Guard', depth: [1, 0.55], rates: { 'players-points': 16, 'players-rebounds': 4, 'players-assists': 6.5, 'players-threes': 2.2 } },
    { position: 'Shooting Guard', depth: [1, 0.55], rates: { 'players-points': 15, 'players-rebounds': 4, 'players-assists': 3.2, 'players-threes': 2.4 } },
    { position: 'Small Forward', depth: [1, 0.55], rates: { 'players-points': 13, 'players-rebounds': 5.5, 'players-assists': 2.5, 'players-threes': 1.6 } },
    { position: 'Power Forward', depth: [1, 0.55], rates: { 'players-points': 12, 'players-rebounds': 7, 'players-assists': 2, 'players-threes': 1 } },
    { position: 'Center', depth: [1, 0.55], rates: { 'players-points': 11, 'players-rebounds': 9.5, 'players-assists': 1.8, 'players-threes': 0.3 } },
  ],
  [SPORT_IDS.baseball]: [
    ...['Catcher', 'First Base', 'Second Base', 'Third Base', 'Shortstop', 'Left Field', 'Center Field', 'Right Field', 'Designated Hitter'].map(
      (position): RosterSlot => ({
        position,
        depth: [1],
        rates: { 'players-hits': 0.95, 'players-totalbases': 1.5, 'players-homeruns': 0.14, 'players-rbis': 0.5 },
      }),
    ),
    { position: 'Starting Pitcher', depth: [1, 1, 1, 1, 1], rates: { 'players-strikeouts': 5.8 } },
  ],
  [SPORT_IDS.americanFootball]: [
    {
      position: 'Quarterback',
      depth: [1, 0.1],
      rates: { 'players-passingyards': 245, 'players-passingtouchdowns': 1.6, 'players-rushingyards': 14, 'players-touchdowns': 0.15 },
    },
    {
      position: 'Running Back',
      depth: [1, 0.5, 0.25],
      rates: { 'players-rushingyards': 62, 'players-receptions': 2.5, 'players-receivingyards': 18, 'players-touchdowns': 0.5 },
    },
    {
      position: 'Wide Receiver',
      depth: [1, 1, 0.7, 0.35],
      rates: { 'players-receptions': 5, 'players-receivingyards': 64, 'players-touchdowns': 0.4 },
    },
    {
      position: 'Tight End',
      depth: [1, 0.5, 0.25],
      rates: { 'players-receptions': 3.8, 'players-receivingyards': 40, 'players-touchdowns': 0.3 },
    },
  ],
  [SPORT_IDS.iceHockey]: [
    { position: 'Goaltender', depth: [1, 0.3], rates: { 'players-saves': 27 } },
    {
      position: 'Defenseman',
      depth: [1, 1, 0.8, 0.8],
      rates: { 'players-shots': 1.7, 'players-points': 0.42, 'players-goals': 0.09, 'players-assists': 0.33 },
    },
    {
      position: 'Forward',
      depth: [1, 1, 1, 0.85, 0.85, 0.85, 0.6, 0.6],
      rates: { 'players-shots': 2.4, 'players-points': 0.65, 'players-goals': 0.28, 'players-assists': 0.37 },
    },
  ],
  [SPORT_IDS.mobileLegends]: [
    { position: 'Gold Lane', depth: [1], rates: { 'playertotals-kills': 4.2 } },
    { position: 'EXP Lane', depth: [1], rates: { 'playertotals-kills': 2.6 } },
    { position: 'Mid Lane', depth: [1], rates: { 'playertotals-kills': 3.3 } },
    { position: 'Jungler', depth: [1], rates: { 'playertotals-kills': 3.8 } },
    { position: 'Roamer', depth: [1], rates: { 'playertotals-kills': 1.2 } },
  ],
};

/** Nationalities of the two tennis tours' players. */
const TOUR_NATIONS: Readonly<Record<'atp' | 'wta', { readonly gender: Gender; readonly nations: readonly string[] }>> = {
  atp: { gender: 'male', nations: ['esp', 'fra', 'ita', 'deu', 'usa', 'srb', 'arg', 'aus', 'can', 'cze', 'pol', 'jpn', 'swe', 'eng'] },
  wta: { gender: 'female', nations: ['usa', 'cze', 'pol', 'rou', 'chn', 'fra', 'ita', 'esp', 'deu', 'eng', 'aus', 'can', 'jpn'] },
};
const TOUR_POOL_SIZE = 48;

/** Draws distinct ids in [min, max] in a seeded order. */
class IdAllocator {
  private readonly used = new Set<number>();

  constructor(
    private readonly rng: SeededRandom,
    private readonly min: number,
    private readonly max: number,
  ) {}

  next(): number {
    for (;;) {
      const id = this.rng.int(this.min, this.max);
      if (!this.used.has(id)) {
        this.used.add(id);
        return id;
      }
    }
  }
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

export interface ReferenceDataOptions {
  /** The year the current seasons start in: "2026/2027" and "2026" for 2026 (the default). */
  readonly seasonYear?: number;
}

/** Mutable state of one generation run. */
class WorldBuilder {
  readonly tournaments: TournamentRef[] = [];
  readonly seasons: SeasonRef[] = [];
  readonly participants: ParticipantRef[] = [];
  readonly venues: VenueRef[] = [];
  readonly players: PlayerRef[] = [];
  private readonly byKey = new Map<string, TournamentRef>();
  private readonly participantById = new Map<number, ParticipantRef>();
  private readonly tourPools = new Map<string, readonly ParticipantRef[]>();
  private readonly venueSlugs = new Set<string>();
  /** Venues by kind and city: teams of one city in one kind of venue share it. */
  private readonly venueByPlace = new Map<string, number>();
  private readonly esportsHandles = new Set<string>();
  private readonly esportsNouns = new Set<string>();
  private readonly ids: {
    readonly tournament: IdAllocator;
    readonly season: IdAllocator;
    readonly participant: IdAllocator;
    readonly venue: IdAllocator;
    readonly player: IdAllocator;
  };

  constructor(
    private readonly root: SeededRandom,
    private readonly seasonYear: number,
  ) {
    // Tournament ids stay below 1,000,000: they are the 6-digit segment of a fixtureId.
    this.ids = {
      tournament: new IdAllocator(root.fork('ids:tournament'), 1_000, 999_999),
      season: new IdAllocator(root.fork('ids:season'), 10_000, 999_999),
      participant: new IdAllocator(root.fork('ids:participant'), 100_000, 9_999_999),
      venue: new IdAllocator(root.fork('ids:venue'), 1_000, 999_999),
      player: new IdAllocator(root.fork('ids:player'), 1_000_000, 99_999_999),
    };
  }

  build(spec: TournamentSpec): void {
    const rng = this.root.fork(`tournament:${spec.key}`);
    const sport = sportById(spec.sportId);
    const tournamentId = this.ids.tournament.next();
    const venueId = spec.venue === null ? null : this.addVenue(spec.venue.city, spec.venue.kind, rng);
    const entrants = this.entrants(spec, rng);
    const tournament: TournamentRef = {
      tournamentId,
      tournamentName: spec.tournamentName,
      tournamentSlug: slugify(spec.tournamentName),
      sportId: spec.sportId,
      category: spec.category,
      format: spec.format,
      expectedPeriods: spec.expectedPeriods ?? sport.expectedPeriods,
      periodLength: spec.periodLength ?? sport.periodLength,
      participantIds: entrants.map((p) => p.participantId),
      venueId,
    };
    this.tournaments.push(tournament);
    this.byKey.set(spec.key, tournament);
    this.addSeasons(spec, tournament, entrants.length);
  }

  private addSeasons(spec: TournamentSpec, tournament: TournamentRef, entrants: number): void {
    for (const year of [this.seasonYear - 1, this.seasonYear]) {
      const seasonName = spec.seasons === 'split' ? `${year}/${year + 1}` : String(year);
      this.seasons.push({
        seasonId: this.ids.season.next(),
        tournamentId: tournament.tournamentId,
        sportId: tournament.sportId,
        seasonSlug: slugify(seasonName),
        seasonName,
        rounds: spec.rounds(entrants),
        current: year === this.seasonYear,
      });
    }
  }

  private entrants(spec: TournamentSpec, rng: SeededRandom): readonly ParticipantRef[] {
    const { entrants } = spec;
    switch (entrants.kind) {
      case 'clubs':
      case 'franchises':
        return this.teams(spec, entrants, rng);
      case 'esports':
        return this.esportsTeams(spec, entrants.countryCode, entrants.count, rng);
      case 'draw':
        return entrants.from.flatMap((key, i) => {
          const source = this.byKey.get(key);
          if (source === undefined) throw new CatalogueError(`tournament "${spec.key}" draws from "${key}", which is not built before it`);
          const strongest = source.participantIds
            .map((id) => this.participantById.get(id))
            .filter((p): p is ParticipantRef => p !== undefined)
            .sort((a, b) => b.strength - a.strength);
          return strongest.slice(0, entrants.perSource[i] ?? 0);
        });
      case 'tour':
        return rng.sample(this.tourPool(entrants.pool), entrants.count);
    }
  }

  private addParticipant(participant: ParticipantRef): ParticipantRef {
    this.participants.push(participant);
    this.participantById.set(participant.participantId, participant);
    return participant;
  }

  private strength(rng: SeededRandom, sd: number): number {
    return roundHalfAwayFromZero(clamp(rng.normal(0, sd), -0.7, 0.7), 3);
  }

  private tempo(rng: SeededRandom): number {
    return roundHalfAwayFromZero(clamp(rng.normal(1, 0.05), 0.85, 1.15), 3);
  }

  private teams(
    spec: TournamentSpec,
    entrants: Extract<Entrants, { kind: 'clubs' | 'franchises' }>,
    rng: SeededRandom,
  ): readonly ParticipantRef[] {
    const cities = rng.sample(entrants.cities, entrants.count);
    const nicknames = rng.sample(TEAM_NICKNAMES, entrants.count);
    const abbreviations = new Set<string>();
    return cities.map((place, i) => {
      let participantName: string;
      let participantShortName: string;
      let participantAbbr: string;
      if (entrants.kind === 'clubs') {
        const pattern = rng.pick(entrants.patterns[place.countryCode] ?? ['{c}']);
        participantName = pattern.replace('{c}', place.native);
        participantShortName = place.native;
        participantAbbr = abbreviate(participantName, abbreviations);
      } else {
        const nickname = nicknames[i] ?? 'Club';
        participantName = `${place.native} ${nickname}`;
        participantShortName = nickname;
        participantAbbr = abbreviate(place.native, abbreviations);
      }
      const venueId = spec.teamVenueKind === null ? null : this.addVenue(place, spec.teamVenueKind, rng);
      const team = this.addParticipant({
        participantId: this.ids.participant.next(),
        sportId: spec.sportId,
        participantName,
        participantShortName,
        participantAbbr,
        rotationNumber: spec.rotationBase === null ? null : spec.rotationBase + 2 * i,
        strength: this.strength(rng, 0.25),
        tempo: this.tempo(rng),
        venueId,
        countryCode: place.countryCode,
      });
      this.addRoster(team, rng);
      return team;
    });
  }

  private esportsTeams(spec: TournamentSpec, countryCode: string, count: number, rng: SeededRandom): readonly ParticipantRef[] {
    const nouns = rng.sample(ESPORTS_NOUNS.filter((n) => !this.esportsNouns.has(n)), count);
    const abbreviations = new Set<string>();
    return nouns.map((noun) => {
      this.esportsNouns.add(noun);
      const participantName = `${rng.pick(ESPORTS_ADJECTIVES)} ${noun}`;
      const team = this.addParticipant({
        participantId: this.ids.participant.next(),
        sportId: spec.sportId,
        participantName,
        participantShortName: noun,
        participantAbbr: abbreviate(participantName, abbreviations),
        rotationNumber: null,
        strength: this.strength(rng, 0.3),
        tempo: this.tempo(rng),
        venueId: null,
        countryCode,
      });
      this.addRoster(team, rng);
      return team;
    });
  }

  private tourPool(pool: 'atp' | 'wta'): readonly ParticipantRef[] {
    const existing = this.tourPools.get(pool);
    if (existing !== undefined) return existing;
    const rng = this.root.fork(`pool:${pool}`);
    const { gender, nations } = TOUR_NATIONS[pool];
    const names = new Set<string>();
    const abbreviations = new Set<string>();
    const players: ParticipantRef[] = [];
    for (let i = 0; i < TOUR_POOL_SIZE; i += 1) {
      const countryCode = rng.pick(nations);
      const { first, last, full } = personName(rng, countryCode, gender, names);
      players.push(
        this.addParticipant({
          participantId: this.ids.participant.next(),
          sportId: SPORT_IDS.tennis,
          participantName: full,
          participantShortName: `${first.slice(0, 1)}. ${last}`,
          participantAbbr: abbreviate(last, abbreviations),
          rotationNumber: null,
          // For tennis: the player's edge in points won on serve, on the same log scale.
          strength: this.strength(rng, 0.35),
          tempo: 1,
          venueId: null,
          countryCode,
        }),
      );
    }
    this.tourPools.set(pool, players);
    return players;
  }

  private addVenue(place: City, kind: VenueKind, rng: SeededRandom): number {
    const placeKey = `${kind}|${place.countryCode}|${place.native}`;
    const shared = this.venueByPlace.get(placeKey);
    if (shared !== undefined) return shared;
    const venueName = VENUE_NAMES[kind](place.name);
    let venueSlug = slugify(venueName.en);
    for (let n = 2; this.venueSlugs.has(venueSlug); n += 1) venueSlug = `${slugify(venueName.en)}-${n}`;
    this.venueSlugs.add(venueSlug);
    const [low, high] = VENUE_CAPACITY[kind];
    const venue: VenueRef = {
      venueId: this.ids.venue.next(),
      venueName,
      venueLocation: locationOf(place),
      venueSlug,
      capacity: Math.round(rng.int(low, high) / 100) * 100,
    };
    this.venues.push(venue);
    this.venueByPlace.set(placeKey, venue.venueId);
    return venue.venueId;
  }

  private addRoster(team: ParticipantRef, rng: SeededRandom): void {
    const slots = ROSTERS[team.sportId];
    if (slots === undefined) return;
    // Names are unique within a team (namesakes across teams happen in real leagues too);
    // esports handles are unique across the sport, as players are known by them alone.
    const handles = this.esportsHandles;
    const teammates = new Set<string>();
    const foreign = Object.keys(NAME_POOLS);
    for (const slot of slots) {
      for (const depth of slot.depth) {
        let playerName: string;
        if (team.sportId === SPORT_IDS.mobileLegends) {
          playerName = esportsHandle(rng, handles);
        } else {
          const home = NAME_POOLS[team.countryCode] === undefined ? 'usa' : team.countryCode;
          const nation = rng.next() < 0.7 ? home : rng.pick(foreign);
          playerName = personName(rng, nation, 'male', teammates).full;
        }
        const propRates: Record<string, number> = {};
        for (const [marketType, base] of Object.entries(slot.rates)) {
          // A lognormal spread of ±20 % around the position's rate: players differ, none is negative.
          const rate = roundHalfAwayFromZero(base * depth * Math.exp(rng.normal(0, 0.2)), 2);
          if (rate > 0) propRates[marketType] = rate;
        }
        this.players.push({
          playerId: this.ids.player.next(),
          participantId: team.participantId,
          sportId: team.sportId,
          playerName,
          position: slot.position,
          propRates,
        });
      }
    }
  }
}

/**
 * Generates the reference world of `seed` (an integer from 0 to 2^32 − 1): every listed sport's
 * tournaments with two seasons each (the previous and the current one), their participants,
 * venues and rosters, and the bookmaker profiles. Deterministic: the same seed and options give
 * deep-equal data. Throws `CatalogueError` for an invalid seed or season year.
 */
export function buildReferenceData(seed: number, options: ReferenceDataOptions = {}): ReferenceData {
  const seasonYear = options.seasonYear ?? 2026;
  if (!Number.isInteger(seasonYear) || seasonYear < 2000 || seasonYear > 2100) {
    throw new CatalogueError(`seasonYear must be an integer from 2000 to 2100, got ${String(seasonYear)}`);
  }
  const world = new WorldBuilder(new SeededRandom(seed), seasonYear);
  for (const spec of TOURNAMENT_SPECS) world.build(spec);
  const sports: SportRef[] = SPORTS.map(({ sportId, sportSlug, sportName, expectedPeriods, periodLength }) => ({
    sportId,
    sportSlug,
    sportName,
    expectedPeriods,
    periodLength,
  }));
  return {
    seed,
    sports,
    tournaments: world.tournaments,
    seasons: world.seasons,
    participants: world.participants,
    venues: world.venues,
    players: world.players,
    bookmakers: BOOKMAKERS,
  };
}

/** Lookups over a `ReferenceData`, built once per world. */
export interface ReferenceIndex {
  readonly data: ReferenceData;
  readonly tournamentById: ReadonlyMap<number, TournamentRef>;
  readonly seasonById: ReadonlyMap<number, SeasonRef>;
  readonly seasonsByTournament: ReadonlyMap<number, readonly SeasonRef[]>;
  readonly participantById: ReadonlyMap<number, ParticipantRef>;
  readonly venueById: ReadonlyMap<number, VenueRef>;
  readonly playerById: ReadonlyMap<number, PlayerRef>;
  readonly playersByParticipant: ReadonlyMap<number, readonly PlayerRef[]>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k) ?? [];
    list.push(item);
    groups.set(k, list);
  }
  return groups;
}

export function indexReferenceData(data: ReferenceData): ReferenceIndex {
  return {
    data,
    tournamentById: new Map(data.tournaments.map((t) => [t.tournamentId, t])),
    seasonById: new Map(data.seasons.map((s) => [s.seasonId, s])),
    seasonsByTournament: groupBy(data.seasons, (s) => s.tournamentId),
    participantById: new Map(data.participants.map((p) => [p.participantId, p])),
    venueById: new Map(data.venues.map((v) => [v.venueId, v])),
    playerById: new Map(data.players.map((p) => [p.playerId, p])),
    playersByParticipant: groupBy(data.players, (p) => p.participantId),
  };
}

/** The current season of a tournament; throws `CatalogueError` for an unknown tournament. */
export function currentSeason(index: ReferenceIndex, tournamentId: number): SeasonRef {
  const season = index.seasonsByTournament.get(tournamentId)?.find((s) => s.current);
  if (season === undefined) throw new CatalogueError(`no current season for tournamentId ${String(tournamentId)}`);
  return season;
}
