// Listing records of the reference endpoints in one language: our design of the shapes the spec
// leaves "not shown" (sports, tournaments, participants, venues, bookmakers) and the shown ones
// (market 2.6, season and player 2.7). Translated fields become plain strings of `lang`.

import type {
  BookmakerProfile,
  CatalogueMarket,
  Lang,
  ParticipantRef,
  PlayerRef,
  SeasonRef,
  SportRef,
  TournamentRef,
  VenueRef,
} from './types.ts';

/** `GET /sports` row. */
export interface SportRecord {
  readonly sportId: number;
  readonly sportName: string;
  readonly sportSlug: string;
}

/** `GET /tournaments` row; `categoryName` is translated. */
export interface TournamentRecord {
  readonly tournamentId: number;
  readonly tournamentName: string;
  readonly tournamentSlug: string;
  readonly sportId: number;
  readonly categoryName: string;
  readonly categorySlug: string;
}

/** `GET /participants` row. */
export interface ParticipantRecord {
  readonly participantId: number;
  readonly participantName: string;
  readonly participantShortName: string;
  readonly participantAbbr: string;
  readonly sportId: number;
}

/** `GET /venues` row; `venueName` and `venueLocation` are translated. */
export interface VenueRecord {
  readonly venueId: number;
  readonly venueName: string;
  readonly venueLocation: string;
  readonly venueSlug: string;
}

/** `GET /seasons` row (spec 2.7). */
export interface SeasonRecord {
  readonly seasonId: number;
  readonly tournamentId: number;
  readonly sportId: number;
  readonly seasonSlug: string;
  readonly seasonName: string;
}

/** `GET /players` row (spec 2.7). */
export interface PlayerRecord {
  readonly playerId: number;
  readonly playerName: string;
}

/** `GET /bookmakers` row: the freshness bounds of spec 4.10, null without that delivery mode. */
export interface BookmakerRecord {
  readonly bookmaker: string;
  readonly bookmakerName: string;
  readonly maxDelayLiveInSec: number | null;
  readonly maxDelayPregameInSec: number | null;
  readonly maxDelayPregameMainInSec: number | null;
}

/** `GET /markets` row (spec 2.6) with `marketName` in `lang`. */
export interface MarketRecord {
  readonly marketId: number;
  readonly marketLength: number;
  readonly sportId: number;
  readonly playerProp: boolean;
  readonly handicap: number;
  readonly period: string;
  readonly marketType: string;
  readonly marketName: string;
  readonly marketNameShort: string;
  readonly outcomes: readonly { readonly outcomeId: number; readonly outcomeName: string }[];
}

export function toSportRecord(sport: SportRef, lang: Lang): SportRecord {
  return { sportId: sport.sportId, sportName: sport.sportName[lang], sportSlug: sport.sportSlug };
}

export function toTournamentRecord(tournament: TournamentRef, lang: Lang): TournamentRecord {
  return {
    tournamentId: tournament.tournamentId,
    tournamentName: tournament.tournamentName,
    tournamentSlug: tournament.tournamentSlug,
    sportId: tournament.sportId,
    categoryName: tournament.category.categoryName[lang],
    categorySlug: tournament.category.categorySlug,
  };
}

export function toParticipantRecord(participant: ParticipantRef): ParticipantRecord {
  return {
    participantId: participant.participantId,
    participantName: participant.participantName,
    participantShortName: participant.participantShortName,
    participantAbbr: participant.participantAbbr,
    sportId: participant.sportId,
  };
}

export function toVenueRecord(venue: VenueRef, lang: Lang): VenueRecord {
  return {
    venueId: venue.venueId,
    venueName: venue.venueName[lang],
    venueLocation: venue.venueLocation[lang],
    venueSlug: venue.venueSlug,
  };
}

export function toSeasonRecord(season: SeasonRef): SeasonRecord {
  return {
    seasonId: season.seasonId,
    tournamentId: season.tournamentId,
    sportId: season.sportId,
    seasonSlug: season.seasonSlug,
    seasonName: season.seasonName,
  };
}

export function toPlayerRecord(player: PlayerRef): PlayerRecord {
  return { playerId: player.playerId, playerName: player.playerName };
}

export function toBookmakerRecord(profile: BookmakerProfile): BookmakerRecord {
  return {
    bookmaker: profile.bookmaker,
    bookmakerName: profile.bookmakerName,
    maxDelayLiveInSec: profile.maxDelayLiveInSec,
    maxDelayPregameInSec: profile.maxDelayPregameInSec,
    maxDelayPregameMainInSec: profile.maxDelayPregameMainInSec,
  };
}

export function toMarketRecord(market: CatalogueMarket, lang: Lang): MarketRecord {
  return {
    marketId: market.marketId,
    marketLength: market.marketLength,
    sportId: market.sportId,
    playerProp: market.playerProp,
    handicap: market.handicap,
    period: market.period,
    marketType: market.marketType,
    marketName: market.marketName[lang],
    marketNameShort: market.marketNameShort,
    outcomes: market.outcomes.map(({ outcomeId, outcomeName }) => ({ outcomeId, outcomeName })),
  };
}
