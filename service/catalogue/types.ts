// The service's in-memory reference model: what the catalogue generator produces, what the
// pricing models price and what the simulator and REST layer serve. Wire shapes live in
// src/wire/*-schemas.ts; these are the service's own richer records.

import type { Lang } from '../../src/wire/limits.ts';

// The languages are the spec's (src/wire/limits.ts); the catalogue's modules read them from here.
export { LANGS, type Lang } from '../../src/wire/limits.ts';

/** A translated text: one entry per supported language (src/wire/limits.ts). `en` is always present. */
export type Translated = { readonly [L in Lang]: string };

/** One market of the frozen catalogue (spec 2.6). `marketId` equals its lowest `outcomeId`. */
export interface CatalogueMarket {
  readonly marketId: number;
  readonly sportId: number;
  readonly marketType: string;
  readonly period: string;
  /** The line; 0 for lineless markets. For spreads it is participant 1's handicap. */
  readonly handicap: number;
  readonly playerProp: boolean;
  readonly marketLength: number;
  readonly marketName: Translated;
  readonly marketNameShort: string;
  /** In canonical order; outcome ids are consecutive from `marketId`. */
  readonly outcomes: readonly { readonly outcomeId: number; readonly outcomeName: string }[];
}

// ---------------------------------------------------------------------------------------------
// Reference data (added by the catalogue module): what `buildReferenceData(seed)` generates.
// ---------------------------------------------------------------------------------------------

/** A sport of the service. `periodLength` is minutes per regular period, null when untimed. */
export interface SportRef {
  readonly sportId: number;
  readonly sportSlug: string;
  readonly sportName: Translated;
  /** Regular periods (halves, quarters, innings, sets of a best-of-N, maps of a best-of-N). */
  readonly expectedPeriods: number;
  readonly periodLength: number | null;
}

/** The country or region a tournament is filed under (`categoryName` is translated). */
export interface CategoryRef {
  readonly categorySlug: string;
  readonly categoryName: Translated;
}

export type TournamentFormat = 'league' | 'cup' | 'tour';

export interface TournamentRef {
  readonly tournamentId: number;
  readonly tournamentName: string;
  readonly tournamentSlug: string;
  readonly sportId: number;
  readonly category: CategoryRef;
  readonly format: TournamentFormat;
  /** Regular periods of its fixtures; for tennis the sets of a best-of, for esports the maps. */
  readonly expectedPeriods: number;
  readonly periodLength: number | null;
  /** Competitors entered, in a stable order. A cup or tour event draws from other pools. */
  readonly participantIds: readonly number[];
  /** The tournament's own venue (tennis, esports); null when every team plays at home. */
  readonly venueId: number | null;
}

export interface SeasonRef {
  readonly seasonId: number;
  readonly tournamentId: number;
  readonly sportId: number;
  readonly seasonSlug: string;
  /** `2026/2027` for a season across the turn of the year, `2026` within one year. */
  readonly seasonName: string;
  /** Matchdays of a league, knockout rounds of a cup or tour event. */
  readonly rounds: number;
  readonly current: boolean;
}

export interface ParticipantRef {
  readonly participantId: number;
  readonly sportId: number;
  readonly participantName: string;
  readonly participantShortName: string;
  readonly participantAbbr: string;
  /** US sports only: the team's base rotation number; null elsewhere. */
  readonly rotationNumber: number | null;
  /**
   * Strength on a log scale, 0 = average of its pool (about ±0.6 at the extremes). Pricing maps
   * it to its own parameter: scoring rate multipliers, a rating, a serve-point edge for tennis.
   */
  readonly strength: number;
  /** Pace multiplier on expected totals (1 = average). */
  readonly tempo: number;
  /** Home venue (team sports); null for tennis players and esports teams. */
  readonly venueId: number | null;
  readonly countryCode: string;
}

export interface VenueRef {
  readonly venueId: number;
  readonly venueName: Translated;
  readonly venueLocation: Translated;
  readonly venueSlug: string;
  readonly capacity: number;
}

export interface PlayerRef {
  readonly playerId: number;
  readonly participantId: number;
  readonly sportId: number;
  readonly playerName: string;
  readonly position: string;
  /**
   * Expected count (or yards) per match, per map for esports, keyed by the player-prop
   * `marketType` of the catalogue (`players-shots`, `playertotals-kills`...). A marketType absent
   * from the record is not offered for that player.
   */
  readonly propRates: Readonly<Record<string, number>>;
}

export type BookmakerKind = 'sharp' | 'retail' | 'exchange' | 'prediction';

/**
 * How a bookmaker rounds a price it quotes:
 * - `decimals`: decimal odds to `decimals` places;
 * - `american`: whole American odds in steps of `step` (US books);
 * - `ladder`: the next tick of a named price ladder (Betfair's for the exchange);
 * - `probability`: a prediction market's share price in `tick` (0.01 = one cent), the decimal
 *   price being its inverse.
 */
export type PriceRounding =
  | { readonly kind: 'decimals'; readonly decimals: number }
  | { readonly kind: 'american'; readonly step: number }
  | { readonly kind: 'ladder'; readonly ladder: 'betfair' }
  | { readonly kind: 'probability'; readonly tick: number };

export interface SgpProfile {
  /** Margin added on the fair joint price of a same-game parlay (0.2 = 20 %). */
  readonly margin: number;
  readonly maxLegs: number;
  readonly allowsPlayerProps: boolean;
  /** Maximum stake quoted with an SGP price; null means no stated cap. */
  readonly limit: number | null;
}

export interface BookmakerProfile {
  readonly bookmaker: string;
  readonly bookmakerName: string;
  readonly kind: BookmakerKind;
  /** Overround on a main line: Σ 1/price − 1 (0.025 = 2.5 %). */
  readonly margin: number;
  /** Overround on alternate lines, sub-periods and player props. */
  readonly altMargin: number;
  readonly marginMethod: 'multiplicative' | 'power' | 'additive';
  readonly rounding: PriceRounding;
  readonly minPrice: number;
  readonly maxPrice: number;
  /** Null when the bookmaker offers no same-game parlay. */
  readonly sgp: SgpProfile | null;
  /** Mean delay, in seconds, with which it follows a move of the sharp reference book. */
  readonly lagSec: number;
  /** Standard deviation of its own error on the fair probability, on the logit scale. */
  readonly quoteNoise: number;
  /** Chance per hour of a stale spell (feed degraded, `staleOdds: true`) and its mean length. */
  readonly staleness: { readonly perHour: number; readonly meanLengthSec: number };
  /** Seconds live markets stay suspended after a score; whether it suspends while stale. */
  readonly suspension: { readonly onScoreSec: number; readonly whenStale: boolean };
  /** True when it lists the participants in the opposite order to the fixture (US books). */
  readonly participantsRotated: boolean;
  readonly offersLive: boolean;
  /** Freshness bounds of `GET /bookmakers`; null when it has no such delivery mode. */
  readonly maxDelayLiveInSec: number | null;
  readonly maxDelayPregameInSec: number | null;
  readonly maxDelayPregameMainInSec: number | null;
  /**
   * https deep-link template; `{bookmakerFixtureId}` and `{selections}` (the bookmaker's
   * selection ids joined by commas) are substituted.
   */
  readonly betslipUrlTemplate: string;
  readonly sportIds: readonly number[];
}

/** Everything `buildReferenceData(seed)` generates; the same seed gives the same data. */
export interface ReferenceData {
  readonly seed: number;
  readonly sports: readonly SportRef[];
  readonly tournaments: readonly TournamentRef[];
  readonly seasons: readonly SeasonRef[];
  readonly participants: readonly ParticipantRef[];
  readonly venues: readonly VenueRef[];
  readonly players: readonly PlayerRef[];
  readonly bookmakers: readonly BookmakerProfile[];
}
