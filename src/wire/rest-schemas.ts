// The REST payloads of the v5 spec and of docs/api.md about fixtures, prices, parlays, futures,
// settlement and errors: a zod schema per answer and its type (the reference records are in
// ./reference-schemas.ts).
// Kept apart from the stream protocol (./stream-schemas.ts) so that code speaking only one of
// the two bundles only its schemas. Every object keeps unknown extra properties (spec 9).
import { z } from 'zod';
import {
  americanPriceSchema,
  bookmakerSlugSchema,
  epochMsSchema,
  epochSecondsSchema,
  externalProvidersSchema,
  extraField,
  fixtureBookmakersSchema,
  fixtureOddsSchema,
  fixtureViewSchema,
  futureOddsEntrySchema,
  idStringSchema,
  oddsIdSchema,
  priceSchema,
  scoresSchema,
  sportSchema,
  stakeLimitSchema,
  statusSchema,
  tournamentSchema,
} from './shared-schemas.ts';

// ---------------------------------------------------------------------------------------------
// CLV entries, futures bookmaker metadata, fixture views with odds (spec 2.2 to 2.4, 4.7)
// ---------------------------------------------------------------------------------------------

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
 * The reduced bookmaker metadata of futures (spec 2.4, 4.8). `bookmakerFutureId` may be null,
 * by analogy with `bookmakerFixtureId` (the bookmaker's native id may be unknown).
 */
export const futureBookmakerMetaSchema = z.looseObject({
  bookmaker: bookmakerSlugSchema,
  bookmakerFutureId: z.string().nullable(),
  participantsRotated: z.boolean(),
});
export type FutureBookmakerMeta = z.infer<typeof futureBookmakerMetaSchema>;

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
