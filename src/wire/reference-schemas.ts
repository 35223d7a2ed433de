// The REST reference records (spec 2.6, 2.7, 4.4 to 4.6, 4.10): markets, seasons, players,
// venues, bookmakers, and the sports, tournaments and participants listings. Apart from the
// answers about fixtures, prices and futures (./rest-schemas.ts): these change with the
// catalogue, not with the play. Every object keeps unknown extra properties (spec 9).
import { z } from 'zod';
import { bookmakerSlugSchema, extraField } from './shared-schemas.ts';

// ---------------------------------------------------------------------------------------------
// Catalogue and reference records (spec 2.6, 2.7, 4.4 to 4.6, 4.10)
// ---------------------------------------------------------------------------------------------

export const marketOutcomeSchema = z.looseObject({
  outcomeId: z.number().int(),
  outcomeName: z.string(),
});
export type MarketOutcome = z.infer<typeof marketOutcomeSchema>;

/**
 * A market catalogue record (spec 2.6). `period` is never empty; `marketType` and `period` are
 * open vocabularies, so they are plain strings. `outcomes` are in canonical order.
 */
export const marketSchema = z.looseObject({
  marketId: z.number().int(),
  marketLength: z.number().int().positive(),
  sportId: z.number().int(),
  playerProp: z.boolean(),
  handicap: z.number(),
  period: z.string().min(1),
  marketType: z.string().min(1),
  marketName: z.string(),
  marketNameShort: z.string(),
  outcomes: z.array(marketOutcomeSchema),
});
export type Market = z.infer<typeof marketSchema>;

/** `GET /markets` (spec 4.4). */
export const marketsResponseSchema = z.array(marketSchema);
export type MarketsResponse = z.infer<typeof marketsResponseSchema>;

/** A season record (spec 2.7). */
export const seasonSchema = z.looseObject({
  seasonId: z.number().int(),
  tournamentId: z.number().int(),
  sportId: z.number().int(),
  seasonSlug: z.string(),
  seasonName: z.string(),
});
export type Season = z.infer<typeof seasonSchema>;

/** `GET /seasons` (spec 4.5). */
export const seasonsResponseSchema = z.array(seasonSchema);
export type SeasonsResponse = z.infer<typeof seasonsResponseSchema>;

/** A player record (spec 2.7). */
export const playerSchema = z.looseObject({
  playerId: z.number().int(),
  playerName: z.string(),
});
export type Player = z.infer<typeof playerSchema>;

/** `GET /players` (spec 4.6). */
export const playersResponseSchema = z.array(playerSchema);
export type PlayersResponse = z.infer<typeof playersResponseSchema>;

/** A venue record of `GET /venues` (spec 4.10); `venueName` and `venueLocation` are translated. */
export const venueSchema = z.looseObject({
  venueId: z.number().int(),
  venueName: z.string(),
  venueLocation: z.string(),
  venueSlug: extraField(z.string()),
});
export type Venue = z.infer<typeof venueSchema>;

/** `GET /venues` (spec 4.10): an array of venue records (our design; the envelope is not shown). */
export const venuesResponseSchema = z.array(venueSchema);
export type VenuesResponse = z.infer<typeof venuesResponseSchema>;

/**
 * A bookmaker listing record of `GET /bookmakers` (spec 4.10; our design of the "not shown"
 * payload, tolerant of more fields). The `maxDelay…InSec` bounds are the maximum expected refresh
 * delay per delivery mode, in seconds; null when the bookmaker has no such delivery mode.
 * `bookmakerName` is not in the spec: readers fall back to the slug (`bookmakerLabel`).
 */
export const bookmakerSchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  bookmakerName: extraField(z.string()),
  maxDelayLiveInSec: z.number().nonnegative().nullable(),
  maxDelayPregameInSec: z.number().nonnegative().nullable(),
  maxDelayPregameMainInSec: z.number().nonnegative().nullable(),
});
export type Bookmaker = z.infer<typeof bookmakerSchema>;

/** A bookmaker's display name: its `bookmakerName` when the service sends one, else its slug. */
export function bookmakerLabel(record: Pick<Bookmaker, 'bookmaker' | 'bookmakerName'>): string {
  return record.bookmakerName ?? record.bookmaker;
}

/** `GET /bookmakers`: an array of bookmaker records (our design). */
export const bookmakersResponseSchema = z.array(bookmakerSchema);
export type BookmakersResponse = z.infer<typeof bookmakersResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Listings the spec leaves "not shown" (spec 4.10), in the shapes docs/api.md designs
// ---------------------------------------------------------------------------------------------

/**
 * A `GET /sports` record (spec 4.10: "not shown"): the sport object of spec 2.2 (`sportId`,
 * `sportName`, translated); `sportSlug` is the embedded service's extension.
 */
export const sportRecordSchema = z.looseObject({
  sportId: z.number().int(),
  sportName: z.string(),
  sportSlug: extraField(z.string()),
});
export type SportRecord = z.infer<typeof sportRecordSchema>;

/** `GET /sports`. */
export const sportsResponseSchema = z.array(sportRecordSchema);
export type SportsResponse = z.infer<typeof sportsResponseSchema>;

/**
 * A `GET /tournaments` record (spec 4.10: "not shown"): the tournament object of spec 2.2
 * (`tournamentId`, `tournamentName`, `categoryName`) and its `sportId` (spec 2.1: a tournament
 * belongs to one sport); the slugs and fixture counts are the embedded service's extensions.
 */
export const tournamentRecordSchema = z.looseObject({
  tournamentId: z.number().int(),
  tournamentName: z.string(),
  tournamentSlug: extraField(z.string()),
  sportId: z.number().int(),
  categoryName: z.string(),
  categorySlug: extraField(z.string()),
  upcomingFixtures: extraField(z.number().int().nonnegative()),
  liveFixtures: extraField(z.number().int().nonnegative()),
});
export type TournamentRecord = z.infer<typeof tournamentRecordSchema>;

/** `GET /tournaments`. */
export const tournamentsResponseSchema = z.array(tournamentRecordSchema);
export type TournamentsResponse = z.infer<typeof tournamentsResponseSchema>;

/**
 * A `GET /participants` record (spec 4.10: "with `participantShortName`"); the abbreviation and
 * `sportId` are the embedded service's extensions.
 */
export const participantRecordSchema = z.looseObject({
  participantId: z.number().int(),
  participantName: z.string(),
  participantShortName: z.string().nullable(),
  participantAbbr: extraField(z.string().nullable()),
  sportId: extraField(z.number().int()),
});
export type ParticipantRecord = z.infer<typeof participantRecordSchema>;

/** `GET /participants`. */
export const participantsResponseSchema = z.array(participantRecordSchema);
export type ParticipantsResponse = z.infer<typeof participantsResponseSchema>;
