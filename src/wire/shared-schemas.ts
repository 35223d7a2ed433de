// The wire payload parts that both the REST API and the stream carry (spec 2.2 to 2.4, 2.7):
// building blocks, the fixture view and its parts, odds entries, bookmaker metadata, future
// prices, and the injuries, lineups and stats records. REST answers are in ./rest-schemas.ts
// and ./reference-schemas.ts, stream frames in ./stream-schemas.ts. Every object keeps unknown
// extra properties (spec 9), so nothing the server adds is lost.
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
export const idStringSchema = z.string().min(1);

/** A fixture or future `oddsId`, kept opaque here; `src/domain/ids.ts` parses it. */
export const oddsIdSchema = idStringSchema;

/** A bookmaker slug, e.g. `pinnacle`. */
export const bookmakerSlugSchema = idStringSchema;

/**
 * The native id of a fixture at an external provider (spec 2.2): integer or string, or null.
 * Also used for a bookmaker's own market/outcome ids, whose type the public docs do not fix.
 */
export const nativeIdSchema = z.union([z.number().int(), z.string()]);

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

/** A future price (spec 2.7): a historical entry, and the entry of the `oddsFutures` channel. */
export const futureOddsEntrySchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  participantId: z.number().int(),
  price: priceSchema,
  active: z.boolean(),
  changedAt: epochMsSchema,
});
export type FutureOddsEntry = z.infer<typeof futureOddsEntrySchema>;

// ---------------------------------------------------------------------------------------------
// Injuries, lineups and stats (our design): the REST answers and the stream channels carry these
// ---------------------------------------------------------------------------------------------

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
