// Parsing, building and validating the service's string identifiers (spec 2.1): fixtureId,
// fixture and future oddsIds, selection keys and parlayIds. Runs on the service's hot paths.

/** Which identifier an {@link IdError} is about. */
export type IdKind =
  | 'fixtureId'
  | 'futureId'
  | 'oddsId'
  | 'futureOddsId'
  | 'selectionKey'
  | 'parlayId'
  | 'marketId'
  | 'outcomeId';

/** Which part of the identifier is wrong. `segments`: wrong number of `:` parts; `list`: the parlay list. */
export type IdPart =
  | 'providerSlug'
  | 'sportId'
  | 'tournamentId'
  | 'providerFixtureId'
  | 'bookmaker'
  | 'marketId'
  | 'outcomeId'
  | 'playerId'
  | 'participantId'
  | 'futureId'
  | 'segments'
  | 'list';

/**
 * An identifier is malformed. `message` names the identifier, the offending part and what was
 * expected, and is meant to be returned as-is in a 400 body (inputs are quoted, JSON-escaped and
 * cut to 120 characters).
 */
export class IdError extends Error {
  override readonly name = 'IdError';
  readonly kind: IdKind;
  readonly part: IdPart;

  constructor(kind: IdKind, part: IdPart, message: string) {
    super(message);
    this.kind = kind;
    this.part = part;
  }
}

/** The segments of a fixtureId; `providerFixtureId` stays a digit string (it may exceed 2^53 or carry leading zeros). */
export interface FixtureIdParts {
  readonly providerSlug: string;
  readonly sportId: number;
  readonly tournamentId: number;
  readonly providerFixtureId: string;
}

export interface OddsIdParts {
  readonly fixtureId: string;
  readonly bookmaker: string;
  readonly outcomeId: number;
  readonly playerId: number;
}

export interface ParsedOddsId extends OddsIdParts {
  /** The oddsId that was parsed (already canonical: parsing rejects non-canonical numbers). */
  readonly oddsId: string;
  readonly fixture: FixtureIdParts;
}

export interface FutureOddsIdParts {
  readonly futureId: string;
  readonly bookmaker: string;
  readonly participantId: number;
}

export interface SelectionKeyParts {
  readonly fixtureId: string;
  readonly outcomeId: number;
  readonly playerId: number;
}

export interface ParsedSelectionKey extends SelectionKeyParts {
  readonly selectionKey: string;
  readonly fixture: FixtureIdParts;
}

const SLUG_MAX = 16;
const BOOKMAKER_MAX = 40;
const SPORT_DIGITS = 2;
const TOURNAMENT_DIGITS = 6;
const TOURNAMENT_MAX = 999_999;
const QUOTE_MAX = 120;
const WHITESPACE = /\s/u;
const LIST_SEPARATORS = /[\s,]+/u;

const CHAR_0 = 48;
const CHAR_9 = 57;
const CHAR_A = 97;
const CHAR_Z = 122;
const CHAR_HYPHEN = 45;

const EXPECT_SLUG = `expected 1–${String(SLUG_MAX)} lowercase letters a–z`;
const EXPECT_SPORT = 'expected two digits from 10 to 99';
const EXPECT_TOURNAMENT = 'expected 6 zero-padded digits (0 to 999999)';
const EXPECT_PROVIDER_FIXTURE = 'expected at least one digit 0–9';
const EXPECT_BOOKMAKER = `expected 1–${String(BOOKMAKER_MAX)} lowercase letters, digits or hyphens`;
const EXPECT_CATALOGUE_ID =
  'expected a positive integer of at least 3 digits, the first two being the sportId';
const EXPECT_PLAYER = 'expected a non-negative integer without leading zeros (0 = not a player market)';
const EXPECT_PARTICIPANT = 'expected a positive integer without leading zeros';
const EXPECT_FUTURE = 'expected a non-empty string without colons or whitespace';

const ODDS_ID_SHAPE = '{fixtureId}:{bookmaker}:{outcomeId}:{playerId}';
const FUTURE_ODDS_ID_SHAPE = '{futureId}:{bookmaker}:{participantId}';
const SELECTION_KEY_SHAPE = '{fixtureId}:{outcomeId}:{playerId}';

function quote(s: string): string {
  return JSON.stringify(s.length > QUOTE_MAX ? `${s.slice(0, QUOTE_MAX - 1)}…` : s);
}

/**
 * Throws the IdError for one bad part. `input` undefined means a build call; `shown` is the part
 * as the caller wrote it (quoted for strings); `fixtureSegment` is set when the bad part sits
 * inside the fixtureId of a larger identifier.
 */
function invalidPart(
  kind: IdKind,
  input: string | undefined,
  part: IdPart,
  shown: string,
  expected: string,
  fixtureSegment?: string,
): never {
  const where = fixtureSegment === undefined ? '' : ` in its fixtureId ${quote(fixtureSegment)}`;
  const subject = input === undefined ? `cannot build ${kind}:` : `${kind} ${quote(input)} has an`;
  throw new IdError(kind, part, `${subject} invalid ${part} ${shown}${where}: ${expected}`);
}

function wrongSegmentCount(kind: IdKind, input: string, count: number, shape: string): never {
  throw new IdError(
    kind,
    'segments',
    `${kind} ${quote(input)} has ${String(count)} part${count === 1 ? '' : 's'}; expected ${shape}`,
  );
}

function isDigitRun(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < CHAR_0 || c > CHAR_9) return false;
  }
  return true;
}

function isProviderSlug(s: string): boolean {
  if (s.length === 0 || s.length > SLUG_MAX) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < CHAR_A || c > CHAR_Z) return false;
  }
  return true;
}

function isBookmakerSlug(s: string): boolean {
  if (s.length === 0 || s.length > BOOKMAKER_MAX) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const ok = (c >= CHAR_A && c <= CHAR_Z) || (c >= CHAR_0 && c <= CHAR_9) || c === CHAR_HYPHEN;
    if (!ok) return false;
  }
  return true;
}

function isFutureId(s: string): boolean {
  return s.length > 0 && !s.includes(':') && !WHITESPACE.test(s);
}

/**
 * The value of a canonical decimal integer (digits only, no sign, no leading zero unless it is
 * "0", at most 2^53 − 1), or −1 when `s` is not one. Canonical only, so that one id has exactly
 * one spelling and string de-duplication of oddsIds is also numeric de-duplication.
 */
function canonicalInt(s: string): number {
  if (s.length === 0 || s.length > 16 || !isDigitRun(s, 0, s.length)) return -1;
  if (s.length > 1 && s.charCodeAt(0) === CHAR_0) return -1;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : -1;
}

function isCatalogueId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 100;
}

function isPlayerId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

function isParticipantId(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 1;
}

/** Sport of a catalogue id already known to be a safe integer ≥ 100. */
function leadingSport(n: number): number {
  return Number(String(n).slice(0, SPORT_DIGITS));
}

function readFixtureId(s: string, kind: IdKind, input: string | undefined): FixtureIdParts {
  const nested = kind === 'fixtureId' ? undefined : s;
  let digitsAt = 0;
  while (digitsAt < s.length) {
    const c = s.charCodeAt(digitsAt);
    if (c >= CHAR_0 && c <= CHAR_9) break;
    digitsAt++;
  }
  const providerSlug = s.slice(0, digitsAt);
  if (!isProviderSlug(providerSlug)) {
    invalidPart(kind, input, 'providerSlug', quote(providerSlug), EXPECT_SLUG, nested);
  }
  const sportEnd = digitsAt + SPORT_DIGITS;
  const tournamentEnd = sportEnd + TOURNAMENT_DIGITS;
  const sportText = s.slice(digitsAt, sportEnd);
  if (sportText.length < SPORT_DIGITS || !isDigitRun(sportText, 0, SPORT_DIGITS)) {
    invalidPart(kind, input, 'sportId', quote(sportText), EXPECT_SPORT, nested);
  }
  const sportId = Number(sportText);
  if (sportId < 10) invalidPart(kind, input, 'sportId', quote(sportText), EXPECT_SPORT, nested);
  const tournamentText = s.slice(sportEnd, tournamentEnd);
  if (tournamentText.length < TOURNAMENT_DIGITS || !isDigitRun(tournamentText, 0, TOURNAMENT_DIGITS)) {
    invalidPart(kind, input, 'tournamentId', quote(tournamentText), EXPECT_TOURNAMENT, nested);
  }
  const providerFixtureId = s.slice(tournamentEnd);
  if (providerFixtureId.length === 0 || !isDigitRun(providerFixtureId, 0, providerFixtureId.length)) {
    invalidPart(kind, input, 'providerFixtureId', quote(providerFixtureId), EXPECT_PROVIDER_FIXTURE, nested);
  }
  return { providerSlug, sportId, tournamentId: Number(tournamentText), providerFixtureId };
}

/** Throws unless the catalogue id's leading sport equals the fixture's sportId. */
function checkSameSport(kind: IdKind, input: string | undefined, outcomeId: number, fixture: FixtureIdParts): void {
  const outcomeSport = leadingSport(outcomeId);
  if (outcomeSport === fixture.sportId) return;
  const subject = input === undefined ? `cannot build ${kind}:` : `${kind} ${quote(input)} has`;
  throw new IdError(
    kind,
    'outcomeId',
    `${subject} outcomeId ${String(outcomeId)} of sport ${String(outcomeSport)}, but its fixtureId is of sport ${String(fixture.sportId)}; an outcome must belong to the fixture's sport`,
  );
}

/**
 * Parses `{providerSlug}{sportId 2 digits}{tournamentId 6 digits}{providerFixtureId}`, e.g.
 * `id1000001761301227` → provider `id`, sport 10, tournament 17, providerFixtureId `61301227`.
 * providerSlug: 1–16 lowercase letters; sportId 10..99; providerFixtureId: one digit or more.
 * @throws IdError (kind 'fixtureId') naming the bad part.
 */
export function parseFixtureId(fixtureId: string): FixtureIdParts {
  return readFixtureId(fixtureId, 'fixtureId', fixtureId);
}

/**
 * Builds a fixtureId, zero-padding the tournamentId to 6 digits. Inverse of {@link parseFixtureId}.
 * @throws IdError (kind 'fixtureId') when a part is out of range: sportId must be an integer
 * 10..99, tournamentId an integer 0..999999, providerFixtureId a non-empty digit string.
 */
export function buildFixtureId(parts: FixtureIdParts): string {
  const { providerSlug, sportId, tournamentId, providerFixtureId } = parts;
  if (!isProviderSlug(providerSlug)) {
    invalidPart('fixtureId', undefined, 'providerSlug', quote(providerSlug), EXPECT_SLUG);
  }
  if (!Number.isInteger(sportId) || sportId < 10 || sportId > 99) {
    invalidPart('fixtureId', undefined, 'sportId', String(sportId), EXPECT_SPORT);
  }
  if (!Number.isInteger(tournamentId) || tournamentId < 0 || tournamentId > TOURNAMENT_MAX) {
    invalidPart('fixtureId', undefined, 'tournamentId', String(tournamentId), EXPECT_TOURNAMENT);
  }
  if (providerFixtureId.length === 0 || !isDigitRun(providerFixtureId, 0, providerFixtureId.length)) {
    invalidPart('fixtureId', undefined, 'providerFixtureId', quote(providerFixtureId), EXPECT_PROVIDER_FIXTURE);
  }
  return `${providerSlug}${String(sportId)}${String(tournamentId).padStart(TOURNAMENT_DIGITS, '0')}${providerFixtureId}`;
}

/**
 * Parses a fixture oddsId `{fixtureId}:{bookmaker}:{outcomeId}:{playerId}`. bookmaker: 1–40 of
 * a–z, 0–9, '-'; outcomeId: integer ≥ 100 whose first two digits must equal the fixture's
 * sportId; playerId: integer ≥ 0 (0 = not a player market). Numbers must be canonical (no sign,
 * no leading zeros) so that one price has exactly one oddsId.
 * @throws IdError (kind 'oddsId') naming the bad part; part 'outcomeId' also for a sport mismatch.
 */
export function parseOddsId(oddsId: string): ParsedOddsId {
  const segments = oddsId.split(':');
  if (segments.length !== 4) wrongSegmentCount('oddsId', oddsId, segments.length, ODDS_ID_SHAPE);
  const [fixtureId = '', bookmaker = '', outcomeText = '', playerText = ''] = segments;
  const fixture = readFixtureId(fixtureId, 'oddsId', oddsId);
  if (!isBookmakerSlug(bookmaker)) invalidPart('oddsId', oddsId, 'bookmaker', quote(bookmaker), EXPECT_BOOKMAKER);
  const outcomeId = canonicalInt(outcomeText);
  if (!isCatalogueId(outcomeId)) {
    invalidPart('oddsId', oddsId, 'outcomeId', quote(outcomeText), EXPECT_CATALOGUE_ID);
  }
  const playerId = canonicalInt(playerText);
  if (playerId < 0) invalidPart('oddsId', oddsId, 'playerId', quote(playerText), EXPECT_PLAYER);
  checkSameSport('oddsId', oddsId, outcomeId, fixture);
  return { oddsId, fixtureId, bookmaker, outcomeId, playerId, fixture };
}

/**
 * Builds a fixture oddsId from its parts, with the same rules as {@link parseOddsId}.
 * @throws IdError (kind 'oddsId') naming the bad part.
 */
export function buildOddsId(parts: OddsIdParts): string {
  const { fixtureId, bookmaker, outcomeId, playerId } = parts;
  const fixture = readFixtureId(fixtureId, 'oddsId', undefined);
  if (!isBookmakerSlug(bookmaker)) invalidPart('oddsId', undefined, 'bookmaker', quote(bookmaker), EXPECT_BOOKMAKER);
  if (!isCatalogueId(outcomeId)) invalidPart('oddsId', undefined, 'outcomeId', String(outcomeId), EXPECT_CATALOGUE_ID);
  if (!isPlayerId(playerId)) invalidPart('oddsId', undefined, 'playerId', String(playerId), EXPECT_PLAYER);
  checkSameSport('oddsId', undefined, outcomeId, fixture);
  return `${fixtureId}:${bookmaker}:${String(outcomeId)}:${String(playerId)}`;
}

/**
 * The segments of a futureId in the futures listing's description (spec 2.1):
 * `{providerSlug}{sportId}{seasonId}{futureMarketId}`, the futureMarketId as 4 zero-padded digits
 * (the embedded service's choice; the spec leaves its width open).
 */
export interface FutureIdParts {
  readonly providerSlug: string;
  readonly sportId: number;
  readonly seasonId: number;
  readonly futureMarketId: number;
}

const FUTURE_ID_SEGMENTS = /^([a-z]{1,16})([1-9]\d)([1-9]\d{0,15})(\d{4})$/u;
const FUTURE_MARKET_DIGITS = 4;

/**
 * The segments of a futureId of the shape the embedded service issues, or null for any other
 * string: clients treat futureIds as opaque (the spec describes them two incompatible ways), so
 * another shape is not an error, only an id whose sport cannot be read from it.
 */
export function readFutureId(futureId: string): FutureIdParts | null {
  const match = FUTURE_ID_SEGMENTS.exec(futureId);
  if (match === null) return null;
  const [, providerSlug = '', sport = '', season = '', market = ''] = match;
  const seasonId = Number(season);
  if (!Number.isSafeInteger(seasonId)) return null;
  return { providerSlug, sportId: Number(sport), seasonId, futureMarketId: Number(market) };
}

/**
 * Builds a futureId; inverse of {@link readFutureId}.
 * @throws IdError (kind 'futureId') when a part is out of range.
 */
export function buildFutureId(parts: FutureIdParts): string {
  const { providerSlug, sportId, seasonId, futureMarketId } = parts;
  if (!isProviderSlug(providerSlug)) invalidPart('futureId', undefined, 'providerSlug', quote(providerSlug), EXPECT_SLUG);
  if (!Number.isInteger(sportId) || sportId < 10 || sportId > 99) invalidPart('futureId', undefined, 'sportId', String(sportId), EXPECT_SPORT);
  if (!Number.isSafeInteger(seasonId) || seasonId < 1) invalidPart('futureId', undefined, 'futureId', `seasonId ${String(seasonId)}`, 'expected a positive integer');
  if (!Number.isInteger(futureMarketId) || futureMarketId < 0 || futureMarketId > 9999) {
    invalidPart('futureId', undefined, 'futureId', `futureMarketId ${String(futureMarketId)}`, 'expected an integer from 0 to 9999');
  }
  return `${providerSlug}${String(sportId)}${String(seasonId)}${String(futureMarketId).padStart(FUTURE_MARKET_DIGITS, '0')}`;
}

/**
 * Parses a future oddsId `{futureId}:{bookmaker}:{participantId}`. The futureId is opaque (the
 * spec describes it two incompatible ways): any non-empty text without colons or whitespace.
 * participantId: a positive canonical integer.
 * @throws IdError (kind 'futureOddsId') naming the bad part.
 */
export function parseFutureOddsId(oddsId: string): FutureOddsIdParts {
  const segments = oddsId.split(':');
  if (segments.length !== 3) wrongSegmentCount('futureOddsId', oddsId, segments.length, FUTURE_ODDS_ID_SHAPE);
  const [futureId = '', bookmaker = '', participantText = ''] = segments;
  if (!isFutureId(futureId)) invalidPart('futureOddsId', oddsId, 'futureId', quote(futureId), EXPECT_FUTURE);
  if (!isBookmakerSlug(bookmaker)) {
    invalidPart('futureOddsId', oddsId, 'bookmaker', quote(bookmaker), EXPECT_BOOKMAKER);
  }
  const participantId = canonicalInt(participantText);
  if (participantId < 1) {
    invalidPart('futureOddsId', oddsId, 'participantId', quote(participantText), EXPECT_PARTICIPANT);
  }
  return { futureId, bookmaker, participantId };
}

/**
 * Builds a future oddsId, with the same rules as {@link parseFutureOddsId}.
 * @throws IdError (kind 'futureOddsId') naming the bad part.
 */
export function buildFutureOddsId(parts: FutureOddsIdParts): string {
  const { futureId, bookmaker, participantId } = parts;
  if (!isFutureId(futureId)) invalidPart('futureOddsId', undefined, 'futureId', quote(futureId), EXPECT_FUTURE);
  if (!isBookmakerSlug(bookmaker)) {
    invalidPart('futureOddsId', undefined, 'bookmaker', quote(bookmaker), EXPECT_BOOKMAKER);
  }
  if (!isParticipantId(participantId)) {
    invalidPart('futureOddsId', undefined, 'participantId', String(participantId), EXPECT_PARTICIPANT);
  }
  return `${futureId}:${bookmaker}:${String(participantId)}`;
}

/**
 * Parses a selection key `{fixtureId}:{outcomeId}:{playerId}` (the bookmaker-independent key
 * used for grading), with the same part rules and sport cross-check as {@link parseOddsId}.
 * @throws IdError (kind 'selectionKey') naming the bad part.
 */
export function parseSelectionKey(selectionKey: string): ParsedSelectionKey {
  const segments = selectionKey.split(':');
  if (segments.length !== 3) {
    wrongSegmentCount('selectionKey', selectionKey, segments.length, SELECTION_KEY_SHAPE);
  }
  const [fixtureId = '', outcomeText = '', playerText = ''] = segments;
  const fixture = readFixtureId(fixtureId, 'selectionKey', selectionKey);
  const outcomeId = canonicalInt(outcomeText);
  if (!isCatalogueId(outcomeId)) {
    invalidPart('selectionKey', selectionKey, 'outcomeId', quote(outcomeText), EXPECT_CATALOGUE_ID);
  }
  const playerId = canonicalInt(playerText);
  if (playerId < 0) invalidPart('selectionKey', selectionKey, 'playerId', quote(playerText), EXPECT_PLAYER);
  checkSameSport('selectionKey', selectionKey, outcomeId, fixture);
  return { selectionKey, fixtureId, outcomeId, playerId, fixture };
}

/**
 * Builds a selection key, with the same rules as {@link parseSelectionKey}.
 * @throws IdError (kind 'selectionKey') naming the bad part.
 */
export function buildSelectionKey(parts: SelectionKeyParts): string {
  const { fixtureId, outcomeId, playerId } = parts;
  const fixture = readFixtureId(fixtureId, 'selectionKey', undefined);
  if (!isCatalogueId(outcomeId)) {
    invalidPart('selectionKey', undefined, 'outcomeId', String(outcomeId), EXPECT_CATALOGUE_ID);
  }
  if (!isPlayerId(playerId)) invalidPart('selectionKey', undefined, 'playerId', String(playerId), EXPECT_PLAYER);
  checkSameSport('selectionKey', undefined, outcomeId, fixture);
  return `${fixtureId}:${String(outcomeId)}:${String(playerId)}`;
}

/**
 * The selection key of a fixture oddsId: the oddsId without its bookmaker segment.
 * @throws IdError (kind 'oddsId') when the oddsId is invalid.
 */
export function selectionKeyOfOddsId(oddsId: string): string {
  const { fixtureId, outcomeId, playerId } = parseOddsId(oddsId);
  return `${fixtureId}:${String(outcomeId)}:${String(playerId)}`;
}

/**
 * The sportId encoded in the first two digits of a marketId (an integer ≥ 100: two sport digits
 * and at least one more). E.g. 10101 → 10.
 * @throws IdError (kind and part 'marketId') for anything else.
 */
export function sportIdOfMarketId(marketId: number): number {
  if (!isCatalogueId(marketId)) invalidPart('marketId', undefined, 'marketId', String(marketId), EXPECT_CATALOGUE_ID);
  return leadingSport(marketId);
}

/**
 * The sportId encoded in the first two digits of an outcomeId (an integer ≥ 100).
 * @throws IdError (kind and part 'outcomeId') for anything else.
 */
export function sportIdOfOutcomeId(outcomeId: number): number {
  if (!isCatalogueId(outcomeId)) {
    invalidPart('outcomeId', undefined, 'outcomeId', String(outcomeId), EXPECT_CATALOGUE_ID);
  }
  return leadingSport(outcomeId);
}

/**
 * Splits a list parameter on any run of commas and/or whitespace, dropping empty items:
 * `" a, b ,,c d "` → `['a', 'b', 'c', 'd']`. Items are not validated; an empty input gives [].
 */
export function splitIdList(input: string): string[] {
  return input.split(LIST_SEPARATORS).filter((item) => item.length > 0);
}

function byCodeUnit(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

function canonicalList(oddsIds: string | readonly string[]): string[] {
  const items = typeof oddsIds === 'string' ? splitIdList(oddsIds) : oddsIds.flatMap((item) => splitIdList(item));
  return [...new Set(items)].sort(byCodeUnit);
}

/**
 * The parlayId of a set of legs: de-duplicated, sorted by UTF-16 code unit (plain `<`, never
 * locale order, so every host builds the same id) and joined with ','. A string is first split
 * with {@link splitIdList}; so is each array item (an oddsId cannot hold a comma or a space).
 * Pure normalisation: legs are NOT validated (use {@link parseParlayId}); no legs give ''.
 * Idempotent: canonicalParlayId(canonicalParlayId(x)) === canonicalParlayId(x).
 */
export function canonicalParlayId(oddsIds: string | readonly string[]): string {
  return canonicalList(oddsIds).join(',');
}

/**
 * Parses a parlayId or an `oddsIds` query value (comma- and/or whitespace-separated, any order,
 * duplicates allowed) into its legs, each validated with {@link parseOddsId}, de-duplicated and in
 * parlayId order. The leg-count limit (20) and the one-fixture rule of /sgp are the caller's.
 * @throws IdError (kind 'parlayId', part 'list') when there is no leg; the leg's own IdError
 * (kind 'oddsId') when a leg is invalid.
 */
export function parseParlayId(parlayId: string): ParsedOddsId[] {
  const legs = canonicalList(parlayId);
  if (legs.length === 0) {
    throw new IdError('parlayId', 'list', `parlayId ${quote(parlayId)} has no oddsId; expected at least one ${ODDS_ID_SHAPE}`);
  }
  return legs.map((leg) => parseOddsId(leg));
}
