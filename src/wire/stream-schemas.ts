// The stream protocol (spec 6, stream-protocol.md): channels, encodings, close codes, cursors,
// the login and control frames, and the data frames with a payload schema per channel. Kept
// apart from the REST answers (./rest-schemas.ts) so that code speaking only one of the two
// bundles only its schemas. Every object keeps unknown extra properties (spec 9).
import { z } from 'zod';
import {
  bookmakerSlugSchema,
  clockSchema,
  epochMsSchema,
  fixtureBookmakersSchema,
  fixtureOddsSchema,
  fixtureViewSchema,
  futureOddsEntrySchema,
  idStringSchema,
  injuriesPayloadSchema,
  lineupsPayloadSchema,
  nativeIdSchema,
  scoresSchema,
  statsPayloadSchema,
} from './shared-schemas.ts';

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
