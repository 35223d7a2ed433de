// The one typed REST client of the dashboard: a method per endpoint it uses, every answer checked
// at runtime against the shared wire schemas, every call paced by the scheduler. The API key goes
// only in the X-API-Key header, never in a URL.
import type { z } from 'zod';
import {
  injuriesPayloadSchema,
  lineupsPayloadSchema,
  statsPayloadSchema,
  type InjuriesPayload,
  type LineupsPayload,
  type StatsPayload,
} from '../wire/shared-schemas.ts';
import {
  FIXTURE_FILTERS_HEADER,
  clvFixtureViewSchema,
  errorBodySchema,
  fixtureHistoricalOddsResponseSchema,
  fixtureMappingResponseSchema,
  fixtureMarketsResponseSchema,
  fixturesResponseSchema,
  futureClvResponseSchema,
  futureHistoricalOddsResponseSchema,
  futuresResponseSchema,
  futureOddsResponseSchema,
  liveFuturesResponseSchema,
  mainOddsResponseSchema,
  parlayResponseSchema,
  settlementResponseSchema,
  sgpResponseSchema,
  type ClvFixtureView,
  type FixtureHistoricalOddsResponse,
  type FixtureMappingResponse,
  type FixtureMarketsResponse,
  type FixturesResponse,
  type FutureClvResponse,
  type FutureHistoricalOddsResponse,
  type FuturesResponse,
  type FutureOddsResponse,
  type LiveFuturesResponse,
  type MainOddsResponse,
  type ParlayResponse,
  type SettlementResponse,
  type SgpResponse,
} from '../wire/rest-schemas.ts';
import {
  bookmakersResponseSchema,
  marketsResponseSchema,
  participantsResponseSchema,
  playersResponseSchema,
  seasonsResponseSchema,
  sportsResponseSchema,
  tournamentsResponseSchema,
  venuesResponseSchema,
  type BookmakersResponse,
  type MarketsResponse,
  type ParticipantsResponse,
  type PlayersResponse,
  type SeasonsResponse,
  type SportsResponse,
  type TournamentsResponse,
  type VenuesResponse,
} from '../wire/reference-schemas.ts';
import { LANGS, isLang, type Lang } from '../wire/limits.ts';
import { safeParseWire } from '../wire/validate.ts';
import { ApiError, InvalidAnswerError, NetworkError, NotOfferedError, type RateLimitHeaders } from './api-error.ts';
import { fixtureFiltersToSend, matchesFixtureFilters, readFixtureFilters, type ExtraFixtureFilter } from './fixture-filters.ts';
import { NotOfferedEndpoints } from './not-offered-endpoints.ts';
import { RequestScheduler, type ReportRateLimit } from './scheduler.ts';

const injuriesListSchema = injuriesPayloadSchema.array();
const lineupsListSchema = lineupsPayloadSchema.array();
const statsListSchema = statsPayloadSchema.array();

// The spec's limits live in src/wire (the service reads them too); the dashboard's callers take
// them from the client they pass them to.
export { LANGS, MAX_HISTORY_ODDS_IDS, MAX_LEGS, MAX_LIST_IDS, isLang, type Lang } from '../wire/limits.ts';

type IdList = readonly string[];
type IntList = readonly number[];

/** `/fixtures` filters (docs/api.md), all optional. Times are epoch seconds. */
export type FixtureFilters = {
  readonly sportId?: number;
  readonly tournamentId?: number;
  readonly statusId?: 0 | 1 | 2 | 3;
  readonly live?: boolean;
  readonly startTimeFrom?: number;
  readonly startTimeTo?: number;
  readonly fixtureIds?: IdList;
};

/** `/fixtures/odds` and `/fixtures/odds/main` (spec 4.3): exactly one of `tournamentId`, `fixtureIds`. */
/** The filters of `GET /futures` (docs/api.md). A type, not an interface: it must fit the query-parameter record. */
export type FuturesFilters = {
  readonly statusId?: 0 | 1 | 2 | 3;
  readonly sportId?: number;
  readonly tournamentId?: number;
  readonly futureIds?: IdList;
  readonly bookmakers?: IdList;
};

export type OddsQuery = ({ readonly tournamentId: number } | { readonly fixtureIds: IdList }) & {
  /** Default: every bookmaker of the key. */
  readonly bookmakers?: IdList;
  /** Epoch ms: every price with `changedAt >= since`, inactive ones included. */
  readonly since?: number;
};

export type FixtureHistoryQuery = {
  readonly fixtureId: string;
  readonly bookmakers?: IdList;
  readonly oddsIds?: IdList;
  /** Epoch ms, inclusive. */
  readonly from?: number;
  /** Epoch ms, exclusive. */
  readonly to?: number;
};

export type ClvQuery = {
  readonly bookmakers?: IdList;
  readonly oddsIds?: IdList;
};

/** The API of one service as one key sees it, in one language. */
export interface ApiClient {
  /** The base URL, without a trailing slash. */
  readonly baseUrl: string;
  readonly lang: Lang;
  /** The pacing of this client's calls (for a "waiting for the rate limit" indicator). */
  readonly scheduler: RequestScheduler;
  /** The endpoints this service answered 404/501 for so far (each page's "not offered" line). */
  readonly notOffered: NotOfferedEndpoints;

  sports(): Promise<SportsResponse>;
  tournaments(query?: { readonly sportId?: number }): Promise<TournamentsResponse>;
  bookmakers(query?: { readonly sportId?: number }): Promise<BookmakersResponse>;
  markets(query: { readonly marketIds: IntList } | { readonly sportId: number } | { readonly outcomeIds: IntList }): Promise<MarketsResponse>;
  seasons(query: { readonly seasonIds: IntList } | { readonly tournamentId: number }): Promise<SeasonsResponse>;
  participants(
    query: { readonly participantIds: IntList } | { readonly sportId: number } | { readonly tournamentId: number },
  ): Promise<ParticipantsResponse>;
  players(query: { readonly playerIds: IntList } | { readonly participantId: number } | { readonly sportId: number }): Promise<PlayersResponse>;
  venues(query?: { readonly venueIds?: IntList }): Promise<VenuesResponse>;

  fixtures(filters?: FixtureFilters): Promise<FixturesResponse>;
  /** Every market's current prices; seed the live book with it, never keep it as live state. */
  fixtureOdds(query: OddsQuery): Promise<MainOddsResponse>;
  /** Main lines only (spec 4.3). */
  mainOdds(query: OddsQuery): Promise<MainOddsResponse>;
  fixtureMarkets(query: { readonly fixtureIds: IdList }): Promise<FixtureMarketsResponse>;
  fixtureHistory(query: FixtureHistoryQuery): Promise<FixtureHistoricalOddsResponse>;
  fixtureClv(query: { readonly fixtureId: string } & ClvQuery): Promise<ClvFixtureView>;
  settlement(query: { readonly fixtureId: string }): Promise<SettlementResponse>;

  futuresLive(query?: { readonly sportId?: number; readonly tournamentId?: number; readonly bookmakers?: IdList }): Promise<LiveFuturesResponse>;
  /** Every future by state (`GET /futures`, our extension: docs/api.md); a spec-only service answers 404. */
  futures(query?: FuturesFilters): Promise<FuturesResponse>;
  futureOdds(query: { readonly futureIds: IdList; readonly bookmakers?: IdList }): Promise<FutureOddsResponse>;
  /** Spec 4.8: without `oddsIds`, `bookmakers` must name exactly one bookmaker. */
  futureHistory(query: { readonly futureId: string } & ClvQuery): Promise<FutureHistoricalOddsResponse>;
  futureClv(query: { readonly futureId: string } & ClvQuery): Promise<FutureClvResponse>;

  parlay(query: { readonly oddsIds: IdList }): Promise<ParlayResponse>;
  sgp(query: { readonly oddsIds: IdList }): Promise<SgpResponse>;
  mapping(query: { readonly fixtureIds: IdList } | { readonly provider: string; readonly ids: IdList }): Promise<FixtureMappingResponse>;
  /** Current team news and live statistics (an endpoint of the embedded service's design). */
  fixtureInjuries(query: { readonly fixtureIds: IdList }): Promise<InjuriesPayload[]>;
  fixtureLineups(query: { readonly fixtureIds: IdList }): Promise<LineupsPayload[]>;
  fixtureStats(query: { readonly fixtureIds: IdList }): Promise<StatsPayload[]>;
}

export interface ApiClientOptions {
  /** The service, e.g. `https://odds.example.com` or the dashboard's own origin. */
  readonly baseUrl: string;
  /** Sent only in the X-API-Key header. An empty key fails every call with a local 401. */
  readonly apiKey: string;
  readonly lang: Lang;
  /** Default: the global fetch. */
  readonly fetch?: typeof fetch;
  /** Default: a new scheduler with spec 8's limits. */
  readonly scheduler?: RequestScheduler;
}

export class ApiClientConfigError extends Error {
  override readonly name = 'ApiClientConfigError';
}

/**
 * The base URL as the client uses it: an absolute http(s) URL without query, fragment or
 * trailing slash (a path prefix is kept).
 * @throws ApiClientConfigError saying what is wrong with it.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new ApiClientConfigError(`The base URL "${baseUrl.slice(0, 200)}" is not an absolute URL (e.g. https://odds.example.com).`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ApiClientConfigError(`The base URL must start with http:// or https://, not ${url.protocol}.`);
  }
  if (url.username !== '' || url.password !== '') {
    throw new ApiClientConfigError('The base URL must not hold credentials: the API key goes in its own field.');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

type ParamValue = string | number | boolean | readonly (string | number)[] | undefined;
type Params = Readonly<Record<string, ParamValue>>;

/** The query string: keys sorted, lists de-duplicated, sorted and comma-joined, so equal requests spell alike. */
export function encodeParams(params: Params): string {
  const search = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    const value = params[name];
    if (value === undefined) continue;
    if (typeof value === 'object') {
      const items = [...new Set(value.map(String))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      search.set(name, items.join(','));
    } else {
      search.set(name, String(value));
    }
  }
  return search.toString();
}

function headerNumber(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** `X-RateLimit-*` of a response, when it carries at least Remaining and Reset. */
export function readRateLimitHeaders(headers: Headers): RateLimitHeaders | undefined {
  const remaining = headerNumber(headers, 'x-ratelimit-remaining');
  const resetSec = headerNumber(headers, 'x-ratelimit-reset');
  if (remaining === undefined || resetSec === undefined) return undefined;
  return { limit: headerNumber(headers, 'x-ratelimit-limit'), remaining, resetSec };
}

/** The only endpoint whose 404 is one of the spec's own answers (7: the pricing service does not know the fixture). */
const ENDPOINTS_WITH_OWN_404: ReadonlySet<string> = new Set(['/fixtures/odds/sgp']);

/** Turns a non-2xx answer into the error it means. */
function failureOf(endpoint: string, status: number, headers: Headers, body: unknown): Error {
  const parsed = errorBodySchema.safeParse(body);
  if (status === 501) return new NotOfferedError(endpoint, 'HTTP 501 not implemented');
  if (status === 404 && !(parsed.success && ENDPOINTS_WITH_OWN_404.has(endpoint))) {
    return new NotOfferedError(endpoint, 'HTTP 404');
  }
  const retryAfterHeader = headerNumber(headers, 'retry-after');
  if (parsed.success) {
    return new ApiError({
      status,
      code: parsed.data.code,
      message: parsed.data.message,
      endpoint,
      retryAfterSec: parsed.data.retryAfterSec ?? retryAfterHeader,
    });
  }
  return new ApiError({
    status,
    code: `http_${String(status)}`,
    message: `The service answered HTTP ${String(status)} without an error body.`,
    endpoint,
    retryAfterSec: retryAfterHeader,
  });
}

/** One key per distinct API key in this page, so dedupe keys never hold the key itself. */
const keyTags = new Map<string, number>();
function keyTag(apiKey: string): string {
  let tag = keyTags.get(apiKey);
  if (tag === undefined) {
    tag = keyTags.size + 1;
    keyTags.set(apiKey, tag);
  }
  return `k${String(tag)}`;
}

/**
 * A client for one service, key and language. Every method resolves with the answer checked
 * against its wire schema, or rejects with an ApiError (an error body), a NotOfferedError (the
 * service's 404 or 501), an InvalidAnswerError (a 2xx answer of another shape) or a NetworkError.
 * @throws ApiClientConfigError when `baseUrl` is not an absolute http(s) URL or `lang` is unknown.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = normalizeBaseUrl(options.baseUrl);
  const { apiKey, lang } = options;
  if (!isLang(lang)) throw new ApiClientConfigError(`Unknown language "${String(lang)}": use one of ${LANGS.join(', ')}.`);
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const scheduler = options.scheduler ?? new RequestScheduler();
  const dedupePrefix = `${baseUrl} ${lang} ${keyTag(apiKey)}`;
  // The `/fixtures` parameters beyond the spec this service has said it applies (none until it does).
  let fixtureFilters: ReadonlySet<ExtraFixtureFilter> = new Set();
  const notOffered = new NotOfferedEndpoints();

  async function send<S extends z.ZodType>(endpoint: string, query: string, schema: S, report: ReportRateLimit): Promise<z.output<S>> {
    if (apiKey === '') {
      throw new ApiError({ status: 401, code: 'unauthorized', message: 'Missing API key: enter one in the settings.', endpoint });
    }
    const url = `${baseUrl}/${lang}${endpoint}${query === '' ? '' : `?${query}`}`;
    let response: Response;
    let text: string;
    try {
      response = await fetchImpl(url, { method: 'GET', headers: { 'X-API-Key': apiKey, Accept: 'application/json' } });
      text = await response.text();
    } catch (error) {
      throw new NetworkError(endpoint, baseUrl, error);
    }
    const rateLimit = readRateLimitHeaders(response.headers);
    if (rateLimit !== undefined) report(rateLimit);
    if (endpoint === '/fixtures' && response.ok) fixtureFilters = readFixtureFilters(response.headers.get(FIXTURE_FILTERS_HEADER));
    let body: unknown;
    let isJson = true;
    try {
      body = JSON.parse(text);
    } catch {
      isJson = false;
    }
    if (!response.ok) {
      const failure = failureOf(endpoint, response.status, response.headers, isJson ? body : undefined);
      if (failure instanceof NotOfferedError) notOffered.add(endpoint);
      throw failure;
    }
    // A 2xx answer means the endpoint exists: a shape it should not have is an error naming the
    // field, never "not offered" (only the service's 404/501 says that).
    if (!isJson) throw new InvalidAnswerError(endpoint, 'the answer is not JSON');
    const parsed = safeParseWire(schema, body, `GET /${lang}${endpoint}`);
    if (!parsed.ok) {
      const first = parsed.error.issues[0];
      throw new InvalidAnswerError(endpoint, first === undefined ? parsed.error.message : `${first.path}: ${first.message}`);
    }
    return parsed.value;
  }

  function get<S extends z.ZodType>(endpoint: string, schema: S, params: Params = {}): Promise<z.output<S>> {
    const query = encodeParams(params);
    return scheduler.schedule(endpoint, `${dedupePrefix} ${endpoint}?${query}`, (report) => send(endpoint, query, schema, report));
  }

  return {
    baseUrl,
    lang,
    scheduler,
    notOffered,
    sports: () => get('/sports', sportsResponseSchema),
    tournaments: (query = {}) => get('/tournaments', tournamentsResponseSchema, query),
    bookmakers: (query = {}) => get('/bookmakers', bookmakersResponseSchema, query),
    markets: (query) => get('/markets', marketsResponseSchema, query),
    seasons: (query) => get('/seasons', seasonsResponseSchema, query),
    participants: (query) => get('/participants', participantsResponseSchema, query),
    players: (query) => get('/players', playersResponseSchema, query),
    venues: (query = {}) => get('/venues', venuesResponseSchema, query),
    // The spec shows no list parameters: each view is checked against the filters whatever the
    // service did with them, and the extra ones go only to a service that said it applies them.
    fixtures: async (filters = {}) => {
      const views = await get('/fixtures', fixturesResponseSchema, fixtureFiltersToSend(filters, fixtureFilters));
      return views.filter((view) => matchesFixtureFilters(view, filters));
    },
    // `/fixtures/odds` answers the shape of `/fixtures/odds/main`, with every market.
    fixtureOdds: (query) => get('/fixtures/odds', mainOddsResponseSchema, query),
    mainOdds: (query) => get('/fixtures/odds/main', mainOddsResponseSchema, query),
    fixtureMarkets: (query) => get('/fixtures/markets', fixtureMarketsResponseSchema, query),
    fixtureHistory: (query) => get('/fixtures/odds/historical', fixtureHistoricalOddsResponseSchema, query),
    fixtureClv: (query) => get('/fixtures/odds/clv', clvFixtureViewSchema, query),
    settlement: (query) => get('/fixtures/settlement', settlementResponseSchema, query),
    futuresLive: (query = {}) => get('/futures/live', liveFuturesResponseSchema, query),
    futures: (query = {}) => get('/futures', futuresResponseSchema, query),
    futureOdds: (query) => get('/futures/odds', futureOddsResponseSchema, query),
    futureHistory: (query) => get('/futures/odds/historical', futureHistoricalOddsResponseSchema, query),
    futureClv: (query) => get('/futures/odds/clv', futureClvResponseSchema, query),
    parlay: (query) => get('/fixtures/odds/parlay', parlayResponseSchema, query),
    sgp: (query) => get('/fixtures/odds/sgp', sgpResponseSchema, query),
    mapping: (query) => get('/mapping/fixtures', fixtureMappingResponseSchema, query),
    fixtureInjuries: (query) => get('/fixtures/injuries', injuriesListSchema, query),
    fixtureLineups: (query) => get('/fixtures/lineups', lineupsListSchema, query),
    fixtureStats: (query) => get('/fixtures/stats', statsListSchema, query),
  };
}
