// The edge's answers in relay mode for what the feed does not carry: reference data and the
// market catalogue (fetched from the upstream and cached), settlement (cached once the fixture is
// over: it cannot change after), and parlay/SGP (forwarded, never cached: a price is a moment).
// Every call goes through the producer's one upstream key and its queue; callers authenticate
// with the relay's own keys (service/keys.json), and the upstream key never leaves the producer.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isOver } from '../../src/wire/status.ts';
import type { ApiHandler } from '../http/app.ts';
import { ENDPOINTS } from '../http/endpoints.ts';
import { ApiError, ERROR_CODE } from '../http/errors.ts';
import { legsParam, requiredParam, type Query } from '../http/query.ts';
import { entitlementOf, requireBookmaker, requireFixtureId } from '../http/scope.ts';
import { UpstreamQueueFull, UpstreamUnreachable, type UpstreamAnswer, type UpstreamRest } from './upstream-rest.ts';

type EndpointName = keyof typeof ENDPOINTS;

/** How long a reference answer is reused: the upstream's reference data changes rarely (new players, venues). */
export const REFERENCE_TTL_MS = 10 * 60_000;
/** A final settlement is kept for as long as the relay runs. */
const FOREVER_MS = 100 * 365 * 86_400_000;
/** Answers kept per cache before the oldest go. */
const CACHE_MAX = 2000;

const REFERENCE_ENDPOINTS = ['sports', 'tournaments', 'seasons', 'participants', 'players', 'venues', 'bookmakers', 'markets'] as const satisfies readonly EndpointName[];

/** The upstream path of a request: its language, the endpoint's path and the caller's query without any key. */
function upstreamPath(name: EndpointName, request: FastifyRequest, query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    // The caller's key is the relay's, not the upstream's: it must never travel on.
    if (value !== undefined && key !== 'apiKey') params.set(key, value);
  }
  const search = params.toString();
  return `/${request.lang}${ENDPOINTS[name].path}${search === '' ? '' : `?${search}`}`;
}

/** Forwards through the upstream key; the relay's own refusals in the spec's error body. */
async function forward(upstream: UpstreamRest, path: string, interactive: boolean): Promise<UpstreamAnswer> {
  try {
    return await (interactive ? upstream.forward(path) : upstream.get(path));
  } catch (error) {
    if (error instanceof UpstreamQueueFull) {
      throw new ApiError(429, ERROR_CODE.rateLimited, `The relay's upstream queue is full: too many forwarded requests are waiting. Retry in ${String(error.retryAfterSec)} s.`, error.retryAfterSec);
    }
    if (error instanceof UpstreamUnreachable) throw new ApiError(502, ERROR_CODE.badGateway, 'The upstream service did not answer; try again in a moment.');
    throw error;
  }
}

/** The upstream's answer as the caller's: its status and body (a spec error body on failure). */
function relayed(reply: FastifyReply, answer: UpstreamAnswer): unknown {
  if (answer.body === null) throw new ApiError(502, ERROR_CODE.badGateway, `The upstream answered ${String(answer.status)} without a JSON body.`);
  if (answer.status !== 200) void reply.status(answer.status);
  return answer.body;
}

/** Answers kept by upstream path: `keep` says for how long a 200 may be reused (0: not kept). */
class AnswerCache {
  private readonly answers = new Map<string, { readonly until: number; readonly answer: UpstreamAnswer }>();
  /** One upstream request per path at a time: callers of a path being fetched share its answer. */
  private readonly inFlight = new Map<string, Promise<UpstreamAnswer>>();

  constructor(private readonly upstream: UpstreamRest) {}

  async get(path: string, keepMs: (answer: UpstreamAnswer) => number): Promise<UpstreamAnswer> {
    const held = this.answers.get(path);
    if (held !== undefined && held.until > Date.now()) return held.answer;
    const pending = this.inFlight.get(path) ?? forward(this.upstream, path, false);
    this.inFlight.set(path, pending);
    try {
      const answer = await pending;
      const ms = answer.status === 200 ? keepMs(answer) : 0;
      if (ms > 0) {
        if (this.answers.size >= CACHE_MAX) this.answers.delete(this.answers.keys().next().value ?? '');
        this.answers.set(path, { until: Date.now() + ms, answer });
      }
      return answer;
    } finally {
      this.inFlight.delete(path);
    }
  }
}

/** A settlement answer whose fixture is over: final, kept until the relay stops. */
function isFinalSettlement(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const status = (body as { status?: { statusId?: unknown } }).status;
  return typeof status?.statusId === 'number' && isOver(status.statusId);
}

/**
 * The relay's handlers for the endpoints the feed does not carry; mounted over the local ones.
 * Authentication and the endpoint family are the relay's (the app checks them first).
 */
export function relayHandlers(upstream: UpstreamRest): Partial<Record<EndpointName, ApiHandler>> {
  const cache = new AnswerCache(upstream);
  const handlers: Partial<Record<EndpointName, ApiHandler>> = {};
  for (const name of REFERENCE_ENDPOINTS) {
    handlers[name] = async (query, request, reply) => relayed(reply, await cache.get(upstreamPath(name, request, query), () => REFERENCE_TTL_MS));
  }
  handlers.settlement = async (query, request, reply) => {
    requireFixtureId(entitlementOf(request), requiredParam(query, 'fixtureId'));
    const answer = await cache.get(upstreamPath('settlement', request, query), (a) => (isFinalSettlement(a.body) ? FOREVER_MS : 0));
    return relayed(reply, answer);
  };
  const priced =
    (name: 'parlay' | 'sgp'): ApiHandler =>
    async (query, request, reply) => {
      // The caller's key judges the legs here: the upstream only knows the relay's key.
      const e = entitlementOf(request);
      for (const leg of legsParam(query)) {
        requireFixtureId(e, leg.fixtureId);
        requireBookmaker(e, leg.bookmaker);
      }
      return relayed(reply, await forward(upstream, upstreamPath(name, request, query), true));
    };
  handlers.parlay = priced('parlay');
  handlers.sgp = priced('sgp');
  return handlers;
}

/**
 * Logs when the upstream's tournaments are not the ones this service's SEED builds: the relay
 * checks ids (`tournamentId=`, a futureId's season) and translates views with its own reference
 * data, which must then be the upstream's (docs/service.md, "Relay mode", limits).
 */
export async function checkReferenceMatches(upstream: UpstreamRest, localTournamentIds: ReadonlySet<number>, log: (line: string) => void): Promise<void> {
  try {
    const answer = await upstream.get('/en/tournaments');
    if (answer.status !== 200 || !Array.isArray(answer.body)) return;
    const ids = answer.body.flatMap((t: unknown) => (typeof t === 'object' && t !== null && typeof (t as { tournamentId?: unknown }).tournamentId === 'number' ? [(t as { tournamentId: number }).tournamentId] : []));
    const missing = ids.filter((id) => !localTournamentIds.has(id));
    if (missing.length > 0) {
      log(`relay: WARNING ${String(missing.length)} of the upstream's ${String(ids.length)} tournaments are unknown to this service's reference data (SEED differs from the upstream's?): tournamentId filters and translations of those fixtures will be wrong`);
    }
  } catch {
    // A check only: the upstream's reference data is served from it regardless.
  }
}
