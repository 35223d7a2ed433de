// The one module of wire payloads shared by the embedded service and the dashboard: a zod schema
// per REST payload and stream frame of the v5 spec and the stream protocol note, and its type.
// Every object keeps unknown extra properties (spec 9), so nothing the server adds is lost.
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/** A decimal price (spec 2.3): finite and at least 1 (1 means the stake back, nothing more). */
export const priceSchema = z.number().min(1);

/**
 * An American price: an integer, or `null` for a decimal price of exactly 1. American odds state
 * the profit on a stake of 100 (or the stake needed to win 100); at decimal 1 the profit is zero,
 * so the negative form −100 / (price − 1) divides by zero and no American value exists.
 */
export const americanPriceSchema = z.number().int().nullable();

/** A maximum stake at a price: finite and non-negative. */
export const stakeLimitSchema = z.number().nonnegative();

/** Epoch milliseconds, UTC (spec 2.8: `changedAt`, `bookmakerChangedAt`, the stream `ts`). */
export const epochMsSchema = z.number().int().nonnegative();

/** Epoch seconds, UTC (spec 2.8: `startTime`, `endTime`). */
export const epochSecondsSchema = z.number().int().nonnegative();

/**
 * An ISO 8601 timestamp kept as the string the server sent. Checked for the ISO shape only
 * (date, optional time with any fraction, optional `Z` or offset), not parsed: the real gateway
 * does not document its precision or offset style.
 */
export const isoTimestampSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/, {
    error: 'expected an ISO 8601 timestamp',
  });

/** A non-empty opaque identifier or slug (`fixtureId`, `futureId`, `oddsId`, bookmaker slug). */
const idStringSchema = z.string().min(1);

/** A fixture or future `oddsId`, kept opaque here; `src/domain/ids.ts` parses it. */
export const oddsIdSchema = idStringSchema;

/** A bookmaker slug, e.g. `pinnacle`. */
export const bookmakerSlugSchema = idStringSchema;

/**
 * The native id of a fixture at an external provider (spec 2.2): integer or string, or null.
 * Also used for a bookmaker's own market/outcome ids, whose type the public docs do not fix.
 */
const nativeIdSchema = z.union([z.number().int(), z.string()]);

/**
 * `externalProviders` (spec 2.2): `<provider>Id` → that provider's native id (integer, string or
 * null). It may be `{}`. Key spelling is not checked, so a new provider never fails validation.
 */
export const externalProvidersSchema = z.record(z.string(), nativeIdSchema.nullable());
export type ExternalProviders = z.infer<typeof externalProvidersSchema>;

/** Any JSON value, `null` included (spec's "value or null"); the key itself must be present. */
const jsonValueSchema = z.json();

/**
 * A field the spec does not show (an extension of the embedded service, or our design of a "not
 * shown" payload): optional, and a value of another shape reads as absent — "unknown" — instead of
 * failing the whole record, so one odd field degrades that field, never the page (docs/api.md,
 * "Fields beyond the spec", lists each with the fallback its readers use).
 */
export function extraField<S extends z.ZodType>(schema: S) {
  return schema.optional().catch(undefined);
}

// ---------------------------------------------------------------------------------------------
// Fixture view parts (spec 2.2, 3)
// ---------------------------------------------------------------------------------------------

/** The known `statusId` → `statusName` (spec 3). "Cancelled" for 3 is our choice: the spec names it by id only. */
export const STATUS_NAMES = {
  0: 'Pre-Game',
  1: 'Live',
  2: 'Finished',
  3: 'Cancelled',
} as const;

/** A lifecycle status id (spec 3): 0 Pre-Game, 1 Live, 2 Finished, 3 Cancelled. Any other value fails. */
export const statusIdSchema = z.literal([0, 1, 2, 3]);
export type StatusId = z.infer<typeof statusIdSchema>;

/**
 * The `status` object (spec 2.2, 3). `statusName` is not checked against `STATUS_NAMES`: it may be
 * translated by `{lang}`. Decide on `statusId` and `live`, never on the name.
 */
export const statusSchema = z.looseObject({
  live: z.boolean(),
  statusId: statusIdSchema,
  statusName: z.string(),
});
export type Status = z.infer<typeof statusSchema>;

export const sportSchema = z.looseObject({
  sportId: z.number().int(),
  sportName: z.string(),
});
export type Sport = z.infer<typeof sportSchema>;

export const tournamentSchema = z.looseObject({
  tournamentId: z.number().int(),
  tournamentName: z.string(),
  categoryName: z.string(),
});
export type Tournament = z.infer<typeof tournamentSchema>;

/** A fixture's `season` (spec 2.2): every member is null while the season is unresolved. */
export const fixtureSeasonSchema = z.looseObject({
  seasonId: z.number().int().nullable(),
  seasonName: z.string().nullable(),
  seasonRound: z.number().int().nullable(),
});
export type FixtureSeason = z.infer<typeof fixtureSeasonSchema>;

/**
 * A fixture's `venue` (spec 2.2): members are null when unknown. `venueSlug` is sent "where
 * resolved", so it may be absent as well as null. `venueName`/`venueLocation` are translated.
 */
export const fixtureVenueSchema = z.looseObject({
  venueId: z.number().int().nullable(),
  venueName: z.string().nullable(),
  venueLocation: z.string().nullable(),
  venueSlug: z.string().nullable().optional(),
});
export type FixtureVenue = z.infer<typeof fixtureVenueSchema>;

/** A fixture's `participants` (spec 2.2): the five keys for participant 1 and for 2, all present. */
export const participantsSchema = z.looseObject({
  participant1Id: z.number().int(),
  participant1RotNr: z.number().int().nullable(),
  participant1Name: z.string(),
  participant1ShortName: z.string().nullable(),
  participant1Abbr: z.string().nullable(),
  participant2Id: z.number().int(),
  participant2RotNr: z.number().int().nullable(),
  participant2Name: z.string(),
  participant2ShortName: z.string().nullable(),
  participant2Abbr: z.string().nullable(),
});
export type Participants = z.infer<typeof participantsSchema>;

/**
 * One score row (our design; the spec says "not shown", the stream note gives the keys): the
 * score of each participant in `period` (a generic period key such as `result`, `p1`). Scores
 * are finite non-negative numbers, not integers, so that half points (a drawn chess game) fit.
 * `updatedAt` is ISO 8601, like the spec's only other `updatedAt` (BookmakerFixtureMeta).
 */
export const scorePeriodSchema = z.looseObject({
  period: z.string().min(1),
  participant1Score: z.number().nonnegative(),
  participant2Score: z.number().nonnegative(),
  updatedAt: isoTimestampSchema,
});
export type ScorePeriod = z.infer<typeof scorePeriodSchema>;

/** `scores` (spec 2.2): period key → score row. It may be `{}`. */
export const scoresSchema = z.record(z.string(), scorePeriodSchema);
export type Scores = z.infer<typeof scoresSchema>;

/**
 * The match `clock` (spec 2.2): null, or an object whose five keys are always present and null
 * until clock data exists. Types are our design: `currentPeriod` is a period key (`p2`), the
 * three times are seconds (elapsed in the match, left in the match, left in the period), and
 * `stopped` says the clock is not running.
 */
export const clockSchema = z
  .looseObject({
    currentPeriod: z.string().nullable(),
    currentTime: z.number().nonnegative().nullable(),
    remainingTime: z.number().nonnegative().nullable(),
    remainingTimeInPeriod: z.number().nonnegative().nullable(),
    stopped: z.boolean().nullable(),
  })
  .nullable();
export type Clock = z.infer<typeof clockSchema>;

// ---------------------------------------------------------------------------------------------
// Odds entries and bookmaker metadata (spec 2.3, 2.4)
// ---------------------------------------------------------------------------------------------

/**
 * One fixture price (spec 2.3), the value under `odds[<bookmaker>][<oddsId>]`. The keys after
 * `changedAt` are the optional extras the stream note lists; they may also appear on REST.
 * `limit` is a number or null, as on the CLV entries recorded from these same prices.
 */
export const oddsEntrySchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  outcomeId: z.number().int(),
  playerId: z.number().int(),
  marketId: z.number().int(),
  active: z.boolean(),
  marketActive: z.boolean(),
  mainLine: z.boolean(),
  price: priceSchema,
  priceAmerican: americanPriceSchema,
  changedAt: epochMsSchema,
  bookmakerMarketId: extraField(nativeIdSchema),
  bookmakerOutcomeId: extraField(nativeIdSchema),
  bookmakerChangedAt: extraField(epochMsSchema),
  priceFractional: extraField(z.string()),
  limit: extraField(stakeLimitSchema.nullable()),
  betslip: extraField(z.string()),
  meta: extraField(jsonValueSchema),
});
export type OddsEntry = z.infer<typeof oddsEntrySchema>;

/** `odds` of a fixture view (spec 2.2): bookmaker slug → `oddsId` → entry. It may be `{}`. */
export const fixtureOddsSchema = z.record(z.string(), z.record(z.string(), oddsEntrySchema));
export type FixtureOdds = z.infer<typeof fixtureOddsSchema>;

/**
 * One side of a CLV pair (spec 2.3): OLV is the first recorded price, CLV the last one before
 * settlement. `priceFractional` may be `""`; `limit` is null when the bookmaker stated none.
 */
export const clvEntrySchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  outcomeId: z.number().int(),
  playerId: z.number().int(),
  price: priceSchema,
  priceFractional: z.string(),
  priceAmerican: americanPriceSchema,
  active: z.boolean(),
  limit: stakeLimitSchema.nullable(),
  changedAt: epochMsSchema,
});
export type ClvEntry = z.infer<typeof clvEntrySchema>;

/** The CLV response's value per `oddsId` (spec 2.3, 4.7): closing and opening line. */
export const clvPairSchema = z.looseObject({
  clv: clvEntrySchema,
  olv: clvEntrySchema,
});
export type ClvPair = z.infer<typeof clvPairSchema>;

/**
 * A bookmaker's state on one fixture (spec 2.4). `staleOdds: true` means degraded connectivity:
 * the odds may not be current. `staleOddsResponseCode` and `meta` are any JSON value or null.
 */
export const bookmakerFixtureMetaSchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  bookmakerFixtureId: z.string().nullable(),
  fixturePath: z.string().nullable(),
  hasOdds: z.boolean(),
  staleOdds: z.boolean(),
  staleOddsResponseCode: jsonValueSchema,
  suspended: z.boolean(),
  participantsRotated: z.boolean(),
  meta: jsonValueSchema,
  updatedAt: isoTimestampSchema,
});
export type BookmakerFixtureMeta = z.infer<typeof bookmakerFixtureMetaSchema>;

/** `bookmakers` of a fixture view: slug → metadata, only bookmakers with valid realtime odds. */
export const fixtureBookmakersSchema = z.record(z.string(), bookmakerFixtureMetaSchema);
export type FixtureBookmakers = z.infer<typeof fixtureBookmakersSchema>;

/**
 * The reduced bookmaker metadata of futures (spec 2.4, 4.8). `bookmakerFutureId` may be null,
 * by analogy with `bookmakerFixtureId` (the bookmaker's native id may be unknown).
 */
export const futureBookmakerMetaSchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  bookmakerFutureId: z.string().nullable(),
  participantsRotated: z.boolean(),
});
export type FutureBookmakerMeta = z.infer<typeof futureBookmakerMetaSchema>;

// ---------------------------------------------------------------------------------------------
// Fixture views (spec 2.2, 4.1 to 4.3, 4.7)
// ---------------------------------------------------------------------------------------------

/**
 * The plain fixture view (spec 2.2) as in fixture lists and the stream's `fixtures` channel:
 * every key present, without `odds` and `bookmakers` (kept untyped if the server sends them).
 */
export const fixtureViewSchema = z.looseObject({
  fixtureId: idStringSchema,
  status: statusSchema,
  sport: sportSchema,
  tournament: tournamentSchema,
  season: fixtureSeasonSchema,
  venue: fixtureVenueSchema,
  startTime: epochSecondsSchema,
  trueStartTime: isoTimestampSchema.nullable(),
  trueEndTime: isoTimestampSchema.nullable(),
  participants: participantsSchema,
  scores: scoresSchema,
  clock: clockSchema,
  expectedPeriods: z.number().int().nullable(),
  periodLength: z.number().int().nullable(),
  externalProviders: externalProvidersSchema,
});
export type FixtureView = z.infer<typeof fixtureViewSchema>;

/** A fixture view from the odds endpoints (`/fixtures/odds`, `/fixtures/odds/main`): with `bookmakers` and `odds`. */
export const fixtureViewWithOddsSchema = fixtureViewSchema.extend({
  bookmakers: fixtureBookmakersSchema,
  odds: fixtureOddsSchema,
});
export type FixtureViewWithOdds = z.infer<typeof fixtureViewWithOddsSchema>;

/**
 * The response header by which a service says which `GET /fixtures` parameters beyond the spec
 * it applies (comma-separated, e.g. `statusId,live`). A client sends those parameters only to a
 * service that said so, and checks every record itself in any case.
 */
export const FIXTURE_FILTERS_HEADER = 'x-fixture-filters';

/** `GET /fixtures` style list: an array of plain fixture views. */
export const fixturesResponseSchema = z.array(fixtureViewSchema);
export type FixturesResponse = z.infer<typeof fixturesResponseSchema>;

/** `GET /fixtures/odds/main` (spec 4.3): an array of fixture views with odds; `odds` may be `{}`. */
export const mainOddsResponseSchema = z.array(fixtureViewWithOddsSchema);
export type MainOddsResponse = z.infer<typeof mainOddsResponseSchema>;

/**
 * `GET /fixtures/odds/clv` (spec 4.7): one fixture view whose `odds` values are `{clv, olv}`, with
 * `reissuedFixtureId` and without `bookmakers`. `reissuedFixtureId` is set only on a cancelled
 * fixture (`statusId` 3) with a replacement, and points one hop only.
 */
export const clvFixtureViewSchema = fixtureViewSchema.extend({
  odds: z.record(z.string(), z.record(z.string(), clvPairSchema)),
  reissuedFixtureId: idStringSchema.nullable(),
});
export type ClvFixtureView = z.infer<typeof clvFixtureViewSchema>;

// ---------------------------------------------------------------------------------------------
// Parlay and SGP entries (spec 2.5, 3, 4.1, 4.2)
// ---------------------------------------------------------------------------------------------

/**
 * The inactive reasons of spec 3. The wire accepts any string (a new reason must not fail a
 * response); use `isKnownInactiveReason` to tell these apart from a reason we do not know.
 */
export const INACTIVE_REASONS = [
  'leg_suspended',
  'market_closed',
  'bookmaker_suspended',
  'not_combinable',
  'sgp_unsupported',
  'sgp_fetch_failed',
  'fixture_ended',
] as const;
export type KnownInactiveReason = (typeof INACTIVE_REASONS)[number];

/** True when `reason` is one of the spec 3 inactive reasons. */
export function isKnownInactiveReason(reason: string): reason is KnownInactiveReason {
  return (INACTIVE_REASONS as readonly string[]).includes(reason);
}

/** `meta` of an inactive parlay or SGP entry: why it is inactive (open-ended, see `INACTIVE_REASONS`). */
const inactiveMetaSchema = z.looseObject({
  inactiveReason: z.string().min(1),
});

/** Fields of every parlay and SGP entry, active or not. `singlesPrice` is the naive product of the leg prices. */
const parlayCommonShape = {
  singlesPrice: priceSchema,
  changedAt: epochMsSchema,
};

/** An active entry: `bookmaker`, `priceFractional` and `priceAmerican` are present. */
const activeParlayShape = {
  ...parlayCommonShape,
  active: z.literal(true),
  bookmaker: bookmakerSlugSchema,
  price: priceSchema,
  priceFractional: z.string(),
  priceAmerican: americanPriceSchema,
};

/**
 * An inactive entry (spec 3 rule 2): `price` is exactly 1 (stake back), `bookmaker` may be
 * omitted, and `meta.inactiveReason` says why. The price fields of an active entry are absent.
 */
const inactiveParlayShape = {
  ...parlayCommonShape,
  active: z.literal(false),
  bookmaker: bookmakerSlugSchema.optional(),
  price: z.literal(1),
  meta: inactiveMetaSchema,
};

/** The inactive parlay or SGP entry (the two share this form). */
export const inactiveParlayEntrySchema = z.looseObject(inactiveParlayShape);
export type InactiveParlayEntry = z.infer<typeof inactiveParlayEntrySchema>;

/** An active `/fixtures/odds/parlay` entry (spec 4.2): `price` is the product of the leg prices and equals `singlesPrice`. */
export const activeParlayEntrySchema = z.looseObject(activeParlayShape);
export type ActiveParlayEntry = z.infer<typeof activeParlayEntrySchema>;

/** A `/fixtures/odds/parlay` entry (spec 2.5), discriminated by `active`. */
export const parlayEntrySchema = z.discriminatedUnion('active', [
  activeParlayEntrySchema,
  inactiveParlayEntrySchema,
]);
export type ParlayEntry = z.infer<typeof parlayEntrySchema>;

/** One rung of an exchange's price ladder below the best price (spec 2.5 `meta.offers`). */
export const sgpOfferSchema = z.looseObject({
  price: priceSchema,
  limit: stakeLimitSchema,
});
export type SgpOffer = z.infer<typeof sgpOfferSchema>;

/**
 * An active `/fixtures/odds/sgp` entry (spec 2.5, 4.1 rule 1). Optional: `limit` (absent means
 * no stated cap, NOT zero), `bookmakerParlayId`, `bookmakerChangedAt` (fall back to `changedAt`
 * when absent), `betslip` (deep link), and `meta.offers` (exchanges only).
 */
export const activeSgpEntrySchema = z.looseObject({
  ...activeParlayShape,
  limit: stakeLimitSchema.optional(),
  bookmakerParlayId: z.string().optional(),
  bookmakerChangedAt: epochMsSchema.optional(),
  betslip: z.string().optional(),
  meta: z
    .looseObject({
      offers: z.array(sgpOfferSchema).optional(),
      /**
       * Extension of the embedded service (not in the spec): the pricing model's fair joint
       * probability of the legs, before the book's SGP margin. Other services may omit it.
       */
      fairJointProbability: extraField(z.number().gt(0).max(1)),
    })
    .optional(),
});
export type ActiveSgpEntry = z.infer<typeof activeSgpEntrySchema>;

/** A `/fixtures/odds/sgp` entry (spec 2.5), discriminated by `active`. The gap between `singlesPrice` and `price` is the correlation margin. */
export const sgpEntrySchema = z.discriminatedUnion('active', [
  activeSgpEntrySchema,
  inactiveParlayEntrySchema,
]);
export type SgpEntry = z.infer<typeof sgpEntrySchema>;

/** `missingOddsIds` (spec 4.1): present only when at least one requested leg could not be found. */
const missingOddsIdsSchema = z.array(oddsIdSchema).optional();

/**
 * `GET /fixtures/odds/sgp` (spec 4.1): ONE fixture view with the requested legs as `odds`, and
 * `sgp`: bookmaker slug → `parlayId` → entry. An empty `sgp` without `missingOddsIds` means no
 * correlated price is available (rule 4).
 */
export const sgpResponseSchema = fixtureViewWithOddsSchema.extend({
  missingOddsIds: missingOddsIdsSchema,
  sgp: z.record(z.string(), z.record(z.string(), sgpEntrySchema)),
});
export type SgpResponse = z.infer<typeof sgpResponseSchema>;

/** One fixture view of the `/fixtures/odds/parlay` response, with its `parlay` section. */
export const parlayFixtureViewSchema = fixtureViewWithOddsSchema.extend({
  missingOddsIds: missingOddsIdsSchema,
  parlay: z.record(z.string(), z.record(z.string(), parlayEntrySchema)),
});
export type ParlayFixtureView = z.infer<typeof parlayFixtureViewSchema>;

/**
 * `GET /fixtures/odds/parlay` (spec 4.2): an array of fixture views, one per fixture a leg
 * belongs to, ordered by `fixtureId`; a cross-fixture parlay repeats on every involved fixture.
 */
export const parlayResponseSchema = z.array(parlayFixtureViewSchema);
export type ParlayResponse = z.infer<typeof parlayResponseSchema>;

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
// Futures (spec 2.7, 4.8, 4.9)
// ---------------------------------------------------------------------------------------------

/** A participant of a future (our design; the spec says only "array, may be empty"). */
export const futureParticipantSchema = z.looseObject({
  participantId: z.number().int(),
  participantName: z.string(),
});
export type FutureParticipant = z.infer<typeof futureParticipantSchema>;

/**
 * A future of the live listing (spec 2.7). `reissuedFutureId` has the semantics of
 * `reissuedFixtureId`. `market.marketName` and `market.marketType` are currently always null.
 * `bookmakers` (`{}` when none) holds the reduced futures metadata.
 */
export const futureSchema = z.looseObject({
  futureId: idStringSchema,
  reissuedFutureId: idStringSchema.nullable(),
  status: statusSchema,
  sport: sportSchema,
  tournament: tournamentSchema,
  season: z.looseObject({
    seasonId: z.number().int(),
    seasonName: z.string(),
  }),
  startTime: epochSecondsSchema,
  endTime: epochSecondsSchema,
  market: z.looseObject({
    marketId: z.number().int().nullable(),
    marketName: z.string().nullable(),
    marketType: z.string().nullable(),
  }),
  participants: z.array(futureParticipantSchema),
  externalProviders: externalProvidersSchema,
  bookmakers: z.record(z.string(), futureBookmakerMetaSchema),
  // Extensions of the embedded service (docs/api.md), absent from a spec-only service: the
  // winner of a finished future, and when a future was settled or cancelled (epoch ms).
  winnerParticipantId: z.number().int().nullable().optional(),
  settledAt: epochMsSchema.nullable().optional(),
});
export type Future = z.infer<typeof futureSchema>;

/** `GET /futures/live` (spec 4.9). */
export const liveFuturesResponseSchema = z.array(futureSchema);
export type LiveFuturesResponse = z.infer<typeof liveFuturesResponseSchema>;

/** `GET /futures` (docs/api.md, our extension): every future by state, in the live listing's shape. */
export const futuresResponseSchema = z.array(futureSchema);
export type FuturesResponse = z.infer<typeof futuresResponseSchema>;

/** A future price (spec 2.7): a historical entry, and the entry of the `oddsFutures` channel. */
export const futureOddsEntrySchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  participantId: z.number().int(),
  price: priceSchema,
  active: z.boolean(),
  changedAt: epochMsSchema,
});
export type FutureOddsEntry = z.infer<typeof futureOddsEntrySchema>;

/**
 * `GET /futures/odds/historical` (spec 4.8): `odds` is bookmaker slug → future `oddsId` →
 * `changedAt` (epoch ms as a decimal string) → entry; `bookmakers` holds the reduced metadata.
 */
export const futureHistoricalOddsResponseSchema = z.looseObject({
  futureId: idStringSchema,
  odds: z.record(
    z.string(),
    z.record(z.string(), z.record(z.string().regex(/^\d+$/), futureOddsEntrySchema)),
  ),
  bookmakers: z.record(z.string(), futureBookmakerMetaSchema),
});
export type FutureHistoricalOddsResponse = z.infer<typeof futureHistoricalOddsResponseSchema>;

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

/**
 * One market a fixture offers (`GET /fixtures/markets`, docs/api.md): which bookmakers quote it,
 * whether any quotes it as a main line, and the players of a player prop. The catalogue fields
 * are null for a market the catalogue does not know.
 */
export const fixtureMarketSchema = z.looseObject({
  marketId: z.number().int(),
  marketType: z.string().nullable(),
  period: z.string().nullable(),
  handicap: z.number().nullable(),
  playerProp: z.boolean(),
  mainLine: z.boolean(),
  bookmakers: z.array(bookmakerSlugSchema),
  playerIds: z.array(z.number().int()),
});
export type FixtureMarket = z.infer<typeof fixtureMarketSchema>;

/** `GET /fixtures/markets`: per requested fixture, the markets it offers. */
export const fixtureMarketsResponseSchema = z.array(
  z.looseObject({ fixtureId: idStringSchema, markets: z.array(fixtureMarketSchema) }),
);
export type FixtureMarketsResponse = z.infer<typeof fixtureMarketsResponseSchema>;

/**
 * One recorded fixture price (`GET /fixtures/odds/historical`; spec 4.10: "not shown"): the
 * fields of the odds entry of spec 2.3 the dashboard reads. `limit` is not in 2.3: absent means
 * no stated cap.
 */
export const historicalOddsEntrySchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  outcomeId: z.number().int(),
  playerId: z.number().int(),
  marketId: z.number().int(),
  price: priceSchema,
  active: z.boolean(),
  marketActive: z.boolean(),
  limit: extraField(stakeLimitSchema.nullable()),
  changedAt: epochMsSchema,
});
export type HistoricalOddsEntry = z.infer<typeof historicalOddsEntrySchema>;

/**
 * `GET /fixtures/odds/historical` (docs/api.md, in the form of spec 4.8): bookmaker slug →
 * `oddsId` → `changedAt` (epoch ms as a decimal string) → recorded price.
 */
export const fixtureHistoricalOddsResponseSchema = z.looseObject({
  fixtureId: idStringSchema,
  odds: z.record(
    z.string(),
    z.record(z.string(), z.record(z.string().regex(/^\d+$/), historicalOddsEntrySchema)),
  ),
});
export type FixtureHistoricalOddsResponse = z.infer<typeof fixtureHistoricalOddsResponseSchema>;

/** A settlement grade (docs/api.md; `src/domain/grade.ts` defines what each returns). */
export const gradeSchema = z.enum(['won', 'lost', 'push', 'half-won', 'half-lost', 'void']);

/** One graded selection of `GET /fixtures/settlement`; `score` is null when none applied (void). */
export const settledSelectionSchema = z.looseObject({
  selectionKey: idStringSchema,
  marketId: z.number().int(),
  outcomeId: z.number().int(),
  playerId: z.number().int(),
  grade: gradeSchema,
  rule: z.string(),
  score: z
    .looseObject({ participant1Score: z.number().nonnegative(), participant2Score: z.number().nonnegative() })
    .nullable(),
  settledAt: epochMsSchema,
});
export type SettledSelection = z.infer<typeof settledSelectionSchema>;

/** `GET /fixtures/settlement` (docs/api.md): `settledAt` is null while the fixture is not settled. */
export const settlementResponseSchema = z.looseObject({
  fixtureId: idStringSchema,
  status: statusSchema,
  scores: scoresSchema,
  settledAt: epochMsSchema.nullable(),
  selections: z.array(settledSelectionSchema),
});
export type SettlementResponse = z.infer<typeof settlementResponseSchema>;

/** `GET /futures/odds` (docs/api.md): per future, bookmaker slug → future `oddsId` → current price. */
export const futureOddsResponseSchema = z.array(
  z.looseObject({
    futureId: idStringSchema,
    odds: z.record(z.string(), z.record(z.string(), futureOddsEntrySchema)),
  }),
);
export type FutureOddsResponse = z.infer<typeof futureOddsResponseSchema>;

/** One side of a futures CLV pair: a CLV entry keyed by `participantId` instead of `outcomeId`. */
export const futureClvEntrySchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  participantId: z.number().int(),
  price: priceSchema,
  priceFractional: z.string(),
  priceAmerican: americanPriceSchema,
  active: z.boolean(),
  limit: stakeLimitSchema.nullable(),
  changedAt: epochMsSchema,
});
export type FutureClvEntry = z.infer<typeof futureClvEntrySchema>;

/** `GET /futures/odds/clv` (docs/api.md): bookmaker slug → future `oddsId` → `{clv, olv}`. */
export const futureClvResponseSchema = z.looseObject({
  futureId: idStringSchema,
  reissuedFutureId: idStringSchema.nullable(),
  status: statusSchema,
  odds: z.record(
    z.string(),
    z.record(z.string(), z.looseObject({ clv: futureClvEntrySchema, olv: futureClvEntrySchema })),
  ),
});
export type FutureClvResponse = z.infer<typeof futureClvResponseSchema>;

/** `GET /mapping/fixtures` (docs/api.md): a fixture's native ids at external providers. */
export const fixtureMappingResponseSchema = z.array(
  z.looseObject({ fixtureId: idStringSchema, externalProviders: externalProvidersSchema }),
);
export type FixtureMappingResponse = z.infer<typeof fixtureMappingResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Errors (spec 7)
// ---------------------------------------------------------------------------------------------

/** The error codes spec 7 names. Codes for 401, 404, 501 and 502 are not shown, so `code` stays an open string. */
export const ERROR_CODES = {
  invalidFilters: 'invalid_filters',
  channelNotAllowed: 'channel_not_allowed',
  validationError: 'validation_error',
  rateLimited: 'rate_limited',
} as const;
export type KnownErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** An HTTP error body (spec 7): `error` repeats the HTTP status; `retryAfterSec` comes on 429. */
export const errorBodySchema = z.looseObject({
  error: z.number().int(),
  message: z.string(),
  code: z.string(),
  retryAfterSec: z.number().int().nonnegative().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// ---------------------------------------------------------------------------------------------
// Stream (spec 6, stream-protocol.md)
// ---------------------------------------------------------------------------------------------

/** Every stream channel (spec 6), in the spec's order. */
export const CHANNELS = [
  'fixtures',
  'scores',
  'odds',
  'bookmakers',
  'injuries',
  'lineups',
  'stats',
  'clocks',
  'oddsFutures',
] as const;
export type Channel = (typeof CHANNELS)[number];

/** A stream channel name; any other name fails. */
export const channelSchema = z.enum(CHANNELS);

/** The connection encodings (stream note); `json` is the default. */
export const RECEIVE_TYPES = ['json', 'binary', 'zstd', 'zstd-dict'] as const;
export type ReceiveType = (typeof RECEIVE_TYPES)[number];

/**
 * A connection encoding. Closed on purpose: a client cannot decode a mode it does not know, so
 * an unknown negotiated `receiveType` must fail loudly.
 */
export const receiveTypeSchema = z.enum(RECEIVE_TYPES);

/**
 * The WebSocket close codes (stream note). 4002 and 4003 are public; 4001, 4401 and 4403 are the
 * note's decisions; 4429 is the embedded service's (docs/stream.md).
 */
export const CLOSE_CODES = {
  noLogin: 4001,
  backpressure: 4002,
  tooManyConnections: 4003,
  unauthorized: 4401,
  nothingToSubscribe: 4403,
  /** A login with a bad key from an address over its failed-authentication limit (docs/stream.md). */
  tooManyFailedLogins: 4429,
} as const;

/**
 * Matches a stream cursor `<ts_ms>-<seq>`: two decimal integers without sign or leading zeros
 * (the canonical spelling `src/domain/entry-id.ts` parses and orders).
 */
export const ENTRY_ID_PATTERN = /^(0|[1-9]\d*)-(0|[1-9]\d*)$/;

/** A stream cursor `<ts_ms>-<seq>` (spec 6): a cursor, not a delivery guarantee; gaps are normal. */
export const entryIdSchema = z.string().regex(ENTRY_ID_PATTERN, {
  error: 'expected an entryId "<ts_ms>-<seq>"',
});

/** The server's epoch, a hex string; a change of it means: re-snapshot everything. */
export const serverEpochSchema = z.string().regex(/^[0-9a-f]+$/i, {
  error: 'expected a hexadecimal serverEpoch',
});

/** channel → last `entryId` (login's `lastSeenId`, the server's `serverEntryIds`). */
const entryIdsByChannelSchema = z.record(z.string(), entryIdSchema);

/**
 * The first frame a client sends (client → server). All but `type` and `apiKey` are optional.
 * `channels` omitted means every entitled channel; the server subscribes to the intersection,
 * so an unknown channel name is not an error here. `bookmakers` is needed for `odds`,
 * `oddsFutures` and `bookmakers`. Resume: send the persisted `serverEpoch` and `lastSeenId`.
 * A `dicts` field (removed in the spec) is kept but ignored. Sport and tournament ids are
 * positive: a malformed value refuses the login, it is never dropped like a value outside the key.
 */
export const loginFrameSchema = z.looseObject({
  type: z.literal('login'),
  apiKey: z.string().min(1),
  channels: z.array(z.string()).optional(),
  sportIds: z.array(z.number().int().positive()).optional(),
  tournamentIds: z.array(z.number().int().positive()).optional(),
  fixtureIds: z.array(idStringSchema).optional(),
  futureIds: z.array(idStringSchema).optional(),
  bookmakers: z.array(bookmakerSlugSchema).optional(),
  lang: z.string().optional(),
  receiveType: receiveTypeSchema.optional(),
  clientName: z.string().optional(),
  pregame: z.boolean().optional(),
  live: z.boolean().optional(),
  serverEpoch: serverEpochSchema.optional(),
  lastSeenId: entryIdsByChannelSchema.optional(),
});
export type LoginFrame = z.infer<typeof loginFrameSchema>;

/**
 * `login_ok.dropped` (the project's additive extension of the note's login_ok, docs/stream.md):
 * the login's filter values the gateway left out because the key may not see them, so that a
 * client can say so instead of silently showing less. Only non-empty lists are present; names
 * come where the service knows them (a sport's in the login's `lang`). Other gateways omit it.
 */
export const droppedFiltersSchema = z.looseObject({
  sports: z.array(z.looseObject({ sportId: z.number().int(), sportName: z.string().optional() })).optional(),
  tournaments: z.array(z.looseObject({ tournamentId: z.number().int(), tournamentName: z.string().optional() })).optional(),
  fixtures: z.array(z.looseObject({ fixtureId: idStringSchema })).optional(),
  futures: z.array(z.looseObject({ futureId: idStringSchema })).optional(),
  bookmakers: z.array(z.looseObject({ bookmaker: bookmakerSlugSchema, bookmakerName: z.string().optional() })).optional(),
});
export type DroppedFilters = z.infer<typeof droppedFiltersSchema>;

/**
 * The login answer. Decode every data frame by the negotiated `receiveType`, never by the one
 * asked for. `resume.replayChannels` lists the channels whose cursors may be replayed; every
 * other channel is re-snapshotted from REST. `dropped` is optional: only this project's gateway
 * sends it, and only when it left a filter value out.
 */
export const loginOkFrameSchema = z.looseObject({
  type: z.literal('login_ok'),
  access: z.looseObject({ live: z.boolean(), pregame: z.boolean() }),
  channels: z.array(z.string()),
  receiveType: receiveTypeSchema,
  resume: z.looseObject({
    serverEpoch: serverEpochSchema,
    resumeWindowMs: z.number().int().nonnegative(),
    replayChannels: z.array(z.string()),
    serverEntryIds: entryIdsByChannelSchema,
  }),
  dropped: droppedFiltersSchema.optional(),
});
export type LoginOkFrame = z.infer<typeof loginOkFrameSchema>;

/** A refusal; the server closes the connection after it. */
export const errorFrameSchema = z.looseObject({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  /** With 4429: seconds until a login from this address is judged again (as REST's retryAfterSec). */
  retryAfterSec: z.number().int().nonnegative().optional(),
});
export type ErrorFrame = z.infer<typeof errorFrameSchema>;

/** The end of a replay: live frames follow. */
export const resumeCompleteFrameSchema = z.looseObject({
  type: z.literal('resume_complete'),
  serverEpoch: serverEpochSchema,
});
export type ResumeCompleteFrame = z.infer<typeof resumeCompleteFrameSchema>;

/** The `snapshot_required` reasons of the stream note. */
export const SNAPSHOT_REASONS = [
  'server_restarted',
  'resume_window_exceeded',
  'client_backpressure',
] as const;
export type KnownSnapshotReason = (typeof SNAPSHOT_REASONS)[number];

/** True when `reason` is one of the stream note's `snapshot_required` reasons. */
export function isKnownSnapshotReason(reason: string): reason is KnownSnapshotReason {
  return (SNAPSHOT_REASONS as readonly string[]).includes(reason);
}

/**
 * Replay is impossible for `channels`: rebuild them from REST and clear their cursors; the
 * stream goes on. `reason` is read open-ended (see `SNAPSHOT_REASONS`): the action is the same
 * whatever the reason, and dropping this frame over a new reason would leave the book stale.
 */
export const snapshotRequiredFrameSchema = z.looseObject({
  type: z.literal('snapshot_required'),
  reason: z.string(),
  channels: z.array(z.string()),
  serverEpoch: serverEpochSchema,
  resumeWindowMs: z.number().int().nonnegative(),
  serverEntryIds: entryIdsByChannelSchema,
});
export type SnapshotRequiredFrame = z.infer<typeof snapshotRequiredFrameSchema>;

/**
 * The server will close soon (it keeps streaming a few seconds): reconnect and resume. The only
 * documented `reason` is `server_upgrade`; others are accepted for the same reason as above.
 */
export const reconnectFrameSchema = z.looseObject({
  type: z.literal('reconnect'),
  reason: z.string(),
});
export type ReconnectFrame = z.infer<typeof reconnectFrameSchema>;

/**
 * A trained zstd dictionary (`zstd-dict` mode only), sent after `login_ok` and before any data
 * frame. `data` is base64. Decode data frames by the dictId in their zstd header, never by
 * channel. `dictVersion` is an integer or a string (its type is not documented).
 */
export const dictFrameSchema = z.looseObject({
  type: z.literal('dict'),
  channel: z.string(),
  dictId: z.number().int().nonnegative(),
  dictVersion: nativeIdSchema,
  data: z.base64(),
});
export type DictFrame = z.infer<typeof dictFrameSchema>;

/** Every server → client control frame (always JSON text, in every `receiveType`), discriminated by `type`. */
export const controlFrameSchema = z.discriminatedUnion('type', [
  loginOkFrameSchema,
  errorFrameSchema,
  resumeCompleteFrameSchema,
  snapshotRequiredFrameSchema,
  reconnectFrameSchema,
  dictFrameSchema,
]);
export type ControlFrame = z.infer<typeof controlFrameSchema>;

/** `odds` channel: bookmaker-scoped changed prices of one fixture. */
export const oddsPayloadSchema = z.looseObject({
  fixtureId: idStringSchema,
  odds: fixtureOddsSchema,
});
export type OddsPayload = z.infer<typeof oddsPayloadSchema>;

/** `scores` channel: changed score rows of one fixture, keyed by period. */
export const scoresPayloadSchema = z.looseObject({
  fixtureId: idStringSchema,
  scores: scoresSchema,
});
export type ScoresPayload = z.infer<typeof scoresPayloadSchema>;

/** `fixtures` channel: the plain fixture view (without `odds` and `bookmakers`). */
export const fixturesPayloadSchema = fixtureViewSchema;
export type FixturesPayload = z.infer<typeof fixturesPayloadSchema>;

/** `clocks` channel: the clock of one fixture; null clears it. */
export const clocksPayloadSchema = z.looseObject({
  fixtureId: idStringSchema,
  clock: clockSchema,
});
export type ClocksPayload = z.infer<typeof clocksPayloadSchema>;

/** `bookmakers` channel: changed bookmaker metadata of one fixture. */
export const bookmakersPayloadSchema = z.looseObject({
  fixtureId: idStringSchema,
  bookmakers: fixtureBookmakersSchema,
});
export type BookmakersPayload = z.infer<typeof bookmakersPayloadSchema>;

/** `oddsFutures` channel (stream note decision, by analogy with `odds`): bookmaker → future `oddsId` → entry. */
export const oddsFuturesPayloadSchema = z.looseObject({
  futureId: idStringSchema,
  odds: z.record(z.string(), z.record(z.string(), futureOddsEntrySchema)),
});
export type OddsFuturesPayload = z.infer<typeof oddsFuturesPayloadSchema>;

/** An injury report's severity (our design). */
export const INJURY_STATUSES = ['out', 'doubtful', 'questionable'] as const;
export type InjuryStatus = (typeof INJURY_STATUSES)[number];

/** One injured player (our design); `reason` is null when not reported. */
export const injurySchema = z.looseObject({
  participantId: z.number().int(),
  playerId: z.number().int(),
  playerName: z.string(),
  status: z.enum(INJURY_STATUSES),
  reason: z.string().nullable(),
  updatedAt: isoTimestampSchema,
});
export type Injury = z.infer<typeof injurySchema>;

/**
 * `injuries` channel (our design): `{fixtureId, injuries: [{participantId, playerId, playerName,
 * status: 'out'|'doubtful'|'questionable', reason, updatedAt}]}`, the full current list of the
 * fixture (a player absent from it is not injured).
 */
export const injuriesPayloadSchema = z.looseObject({
  fixtureId: idStringSchema,
  injuries: z.array(injurySchema),
});
export type InjuriesPayload = z.infer<typeof injuriesPayloadSchema>;

/** One player of a lineup (our design); `position` and `shirtNumber` are null when unknown. */
export const lineupPlayerSchema = z.looseObject({
  playerId: z.number().int(),
  playerName: z.string(),
  position: z.string().nullable(),
  shirtNumber: z.number().int().nullable(),
});
export type LineupPlayer = z.infer<typeof lineupPlayerSchema>;

/** One side's lineup (our design); `formation` (e.g. `4-3-3`) is null where it does not apply. */
export const teamLineupSchema = z.looseObject({
  formation: z.string().nullable(),
  starters: z.array(lineupPlayerSchema),
  substitutes: z.array(lineupPlayerSchema),
});
export type TeamLineup = z.infer<typeof teamLineupSchema>;

/**
 * `lineups` channel (our design): `{fixtureId, lineups: {participant1, participant2}, confirmed,
 * updatedAt}`, each side `{formation, starters, substitutes}`; `confirmed: false` marks a
 * predicted lineup.
 */
export const lineupsPayloadSchema = z.looseObject({
  fixtureId: idStringSchema,
  lineups: z.looseObject({
    participant1: teamLineupSchema,
    participant2: teamLineupSchema,
  }),
  confirmed: z.boolean(),
  updatedAt: isoTimestampSchema,
});
export type LineupsPayload = z.infer<typeof lineupsPayloadSchema>;

/** One statistic's values for both participants (our design): finite numbers, so rates fit. */
export const statValuesSchema = z.looseObject({
  participant1: z.number(),
  participant2: z.number(),
});
export type StatValues = z.infer<typeof statValuesSchema>;

/**
 * `stats` channel (our design): `{fixtureId, stats: {<statName>: {participant1, participant2}},
 * updatedAt}`, statName being an open vocabulary (`shots`, `possession`, ...).
 */
export const statsPayloadSchema = z.looseObject({
  fixtureId: idStringSchema,
  stats: z.record(z.string(), statValuesSchema),
  updatedAt: isoTimestampSchema,
});
export type StatsPayload = z.infer<typeof statsPayloadSchema>;

/** The payload schema of each channel. */
export const channelPayloadSchemas = {
  fixtures: fixturesPayloadSchema,
  scores: scoresPayloadSchema,
  odds: oddsPayloadSchema,
  bookmakers: bookmakersPayloadSchema,
  injuries: injuriesPayloadSchema,
  lineups: lineupsPayloadSchema,
  stats: statsPayloadSchema,
  clocks: clocksPayloadSchema,
  oddsFutures: oddsFuturesPayloadSchema,
} as const satisfies Record<Channel, z.ZodType>;
export type ChannelPayload<C extends Channel> = z.infer<(typeof channelPayloadSchemas)[C]>;

const envelopeShape = {
  type: z.literal('UPDATE'),
  ts: epochMsSchema,
  entryId: entryIdSchema,
};

/**
 * A data frame with its payload left unchecked (any object): the cheap first step when only the
 * envelope matters, e.g. to advance a cursor. Check the payload with `channelPayloadSchemas`.
 */
export const dataFrameSchema = z.looseObject({
  ...envelopeShape,
  channel: channelSchema,
  payload: z.looseObject({}),
});
export type DataFrame = z.infer<typeof dataFrameSchema>;

/** The data frame of one channel: the envelope with `channel` fixed and its payload schema. */
function updateFrameSchema<C extends Channel, P extends z.ZodType>(channel: C, payload: P) {
  return z.looseObject({ ...envelopeShape, channel: z.literal(channel), payload });
}

/**
 * A data frame `{channel, type: "UPDATE", payload, ts, entryId}` with its payload checked,
 * discriminated by `channel`, so that narrowing on `channel` types `payload`.
 */
export const streamUpdateSchema = z.discriminatedUnion('channel', [
  updateFrameSchema('fixtures', fixturesPayloadSchema),
  updateFrameSchema('scores', scoresPayloadSchema),
  updateFrameSchema('odds', oddsPayloadSchema),
  updateFrameSchema('bookmakers', bookmakersPayloadSchema),
  updateFrameSchema('injuries', injuriesPayloadSchema),
  updateFrameSchema('lineups', lineupsPayloadSchema),
  updateFrameSchema('stats', statsPayloadSchema),
  updateFrameSchema('clocks', clocksPayloadSchema),
  updateFrameSchema('oddsFutures', oddsFuturesPayloadSchema),
]);
export type StreamUpdate = z.infer<typeof streamUpdateSchema>;

/** Any JSON text frame from the server: a control frame or a checked data frame, by `type`. */
export const serverFrameSchema = z.discriminatedUnion('type', [
  controlFrameSchema,
  streamUpdateSchema,
]);
export type ServerFrame = z.infer<typeof serverFrameSchema>;
