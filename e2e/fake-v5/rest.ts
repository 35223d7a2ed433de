// The fake's REST side (spec 4, 5, 7, 8): GET-only JSON under `/{lang}`, the key in `X-API-Key`
// or `apiKey`, the spec's error bodies, 403 for any id outside the key (5.8), rate-limit headers
// on every answer. Endpoints the spec names without a payload, and every extension of the
// embedded service, answer 404: not offered.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bookmakerMetas, fixtureView } from './views.ts';
import {
  BOOKMAKERS, BOUNDS, FUTURE_ID, FUTURE_PARTICIPANTS, MARKETS, PARTICIPANTS, SEASONS, SPORT, TOURNAMENTS, VENUE,
  americanOf, statusOf, type Fixture, type OddsEntry, type World,
} from './world.ts';

export const API_KEY = 'fake-key';
const LANGS: ReadonlySet<string> = new Set(['en', 'de', 'fr', 'zh']);
const ODDS_BUCKET: ReadonlySet<string> = new Set(['/fixtures/odds', '/fixtures/odds/main', '/futures/odds', '/fixtures/odds/parlay', '/fixtures/odds/sgp']);
const MAX_LEGS = 20;

class Failure extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}
const invalid = (message: string) => new Failure(400, 'invalid_filters', message);
const outsideKey = (what: string) => new Failure(403, 'channel_not_allowed', `${what} is not allowed for this API key.`);

/** A comma/space-separated list parameter, de-duplicated; undefined when absent. */
function list(query: URLSearchParams, name: string): string[] | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const items = [...new Set(raw.split(/[\s,]+/).filter((s) => s !== ''))];
  if (items.length === 0) throw invalid(`${name} is empty.`);
  return items;
}

function int(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null) return undefined;
  if (!/^\d+$/.test(raw)) throw invalid(`${name} must be a non-negative integer.`);
  return Number(raw);
}

/** The key's bookmakers among those asked (all when none asked); an unknown one fails the request (5.8). */
function bookmakersOf(query: URLSearchParams): string[] {
  const asked = list(query, 'bookmakers');
  if (asked === undefined) return [...BOOKMAKERS];
  for (const b of asked) if (!(BOOKMAKERS as readonly string[]).includes(b)) throw outsideKey(`Bookmaker ${b.slice(0, 40)}`);
  return asked;
}

function sportOf(query: URLSearchParams): void {
  const sportId = int(query, 'sportId');
  if (sportId !== undefined && sportId !== SPORT.sportId) throw outsideKey(`Sport ${String(sportId)}`);
}

function tournamentIndexOf(query: URLSearchParams): number | undefined {
  const tournamentId = int(query, 'tournamentId');
  if (tournamentId === undefined) return undefined;
  const index = TOURNAMENTS.findIndex((t) => t.tournamentId === tournamentId);
  if (index < 0) throw outsideKey(`Tournament ${String(tournamentId)}`);
  return index;
}

function fixturesNamed(world: World, ids: readonly string[]): Fixture[] {
  return ids.map((id) => {
    const fixture = world.fixtureById(id);
    if (fixture === undefined) throw outsideKey(`Fixture ${id.slice(0, 60)}`);
    return fixture;
  });
}

/** Spec 4.3: exactly one of `tournamentId`, `fixtureIds`. */
function oddsScope(world: World, query: URLSearchParams): Fixture[] {
  const tournamentIndex = tournamentIndexOf(query);
  const ids = list(query, 'fixtureIds');
  if ((tournamentIndex === undefined) === (ids === undefined)) throw invalid('Give exactly one of tournamentId and fixtureIds.');
  return ids === undefined ? world.fixtures.filter((f) => f.tournamentIndex === tournamentIndex) : fixturesNamed(world, ids);
}

interface Leg {
  readonly oddsId: string;
  readonly fixture: Fixture;
  readonly bookmaker: string;
}

/** Spec 4.1/4.2 `oddsIds`: 422 when omitted, 400 when empty, malformed or over 20; 403 outside the key. */
function legsOf(world: World, query: URLSearchParams): Leg[] {
  if (query.get('oddsIds') === null) throw new Failure(422, 'validation_error', 'oddsIds is required.');
  const ids = (list(query, 'oddsIds') ?? []).sort();
  if (ids.length > MAX_LEGS) throw invalid(`At most ${String(MAX_LEGS)} legs.`);
  return ids.map((oddsId) => {
    const parts = oddsId.split(':');
    if (parts.length !== 4 || !/^\d+$/.test(parts[2] ?? '') || !/^\d+$/.test(parts[3] ?? '')) throw invalid('oddsIds holds a malformed oddsId.');
    const [fixtureId = '', bookmaker = ''] = parts;
    const fixture = world.fixtureById(fixtureId);
    if (fixture === undefined) throw outsideKey(`Fixture ${fixtureId.slice(0, 60)}`);
    if (!(BOOKMAKERS as readonly string[]).includes(bookmaker)) throw outsideKey(`Bookmaker ${bookmaker.slice(0, 40)}`);
    return { oddsId, fixture, bookmaker };
  });
}

const fractionalOf = (price: number): string => {
  const numerator = Math.round((price - 1) * 100);
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const d = gcd(numerator, 100);
  return `${String(numerator / d)}/${String(100 / d)}`;
};

/** Future prices (spec 2.7's entry): per bookmaker and participant, five recorded moves. */
function futureHistory(now: number) {
  const odds: Record<string, Record<string, Record<string, { bookmaker: string; participantId: number; price: number; active: boolean; changedAt: number }>>> = {};
  BOOKMAKERS.forEach((bookmaker, b) => {
    const byOddsId: (typeof odds)[string] = {};
    FUTURE_PARTICIPANTS.forEach((participantId, p) => {
      const rows: (typeof byOddsId)[string] = {};
      for (let step = 0; step < 5; step += 1) {
        const changedAt = now - (5 - step) * 3600_000;
        rows[String(changedAt)] = { bookmaker, participantId, price: Math.round((2.5 + p * 1.5 + b * 0.1 + step * 0.05) * 100) / 100, active: true, changedAt };
      }
      byOddsId[`${FUTURE_ID}:${bookmaker}:${String(participantId)}`] = rows;
    });
    odds[bookmaker] = byOddsId;
  });
  return odds;
}

export interface RestOptions {
  readonly world: World;
  readonly startedAt: number;
  /** Every request's path and query, in order (the tests read it to prove no old id arrived). */
  readonly record: (line: string) => void;
  /** Endpoints switched off through the control port: 404, as not offered. */
  readonly notOffered: () => ReadonlySet<string>;
}

/** Builds the request handler. */
export function createRest({ world, startedAt, record, notOffered }: RestOptions) {
  const startedIso = new Date(startedAt).toISOString();
  const futures = futureHistory(startedAt);
  const windows = new Map<string, { start: number; count: number }>();

  /** Spec 8: 10/s on the odds bucket, 200/min elsewhere, per key and endpoint; headers on every answer. */
  function rateLimit(endpoint: string, res: ServerResponse): void {
    const [limit, windowMs] = ODDS_BUCKET.has(endpoint) ? [10, 1000] : [200, 60_000];
    const now = Date.now();
    let w = windows.get(endpoint);
    if (w === undefined || now - w.start >= windowMs) {
      w = { start: now, count: 0 };
      windows.set(endpoint, w);
    }
    w.count += 1;
    const resetSec = Math.max(1, Math.ceil((w.start + windowMs - now) / 1000));
    res.setHeader('X-RateLimit-Limit', String(limit));
    res.setHeader('X-RateLimit-Remaining', String(Math.max(0, limit - w.count)));
    res.setHeader('X-RateLimit-Reset', String(resetSec));
    if (w.count > limit) {
      res.setHeader('Retry-After', String(resetSec));
      throw Object.assign(new Failure(429, 'rate_limited', 'Rate limit exceeded.'), { retryAfterSec: resetSec });
    }
  }

  /** `fixtureId` (required), `bookmakers`, `oddsIds` of the history and CLV endpoints: the recorded prices they name. */
  function recordedPrices(query: URLSearchParams) {
    const fixtureId = query.get('fixtureId');
    if (fixtureId === null) throw invalid('fixtureId is required.');
    const [fixture] = fixturesNamed(world, [fixtureId]);
    if (fixture === undefined) throw invalid('fixtureId is required.');
    const bookmakers = bookmakersOf(query);
    const oddsIds = list(query, 'oddsIds');
    const recorded: { oddsId: string; entries: readonly OddsEntry[]; last: OddsEntry }[] = [];
    for (const [oddsId, entries] of world.history) {
      const last = entries.at(-1);
      if (last === undefined || !oddsId.startsWith(`${fixture.fixtureId}:`) || !bookmakers.includes(last.bookmaker)) continue;
      if (oddsIds === undefined || oddsIds.includes(oddsId)) recorded.push({ oddsId, entries, last });
    }
    return { fixture, recorded };
  }

  function route(endpoint: string, query: URLSearchParams): unknown {
    const view = (f: Fixture) => fixtureView(f, startedIso);
    switch (endpoint) {
      case '/sports':
        return [{ ...SPORT }];
      case '/tournaments':
        sportOf(query);
        return TOURNAMENTS.map((t) => ({ ...t, sportId: SPORT.sportId }));
      case '/bookmakers':
        sportOf(query);
        return BOOKMAKERS.map((bookmaker) => ({ bookmaker, ...BOUNDS }));
      case '/markets': {
        const sportId = int(query, 'sportId');
        const marketIds = list(query, 'marketIds')?.map(Number);
        const outcomeIds = list(query, 'outcomeIds')?.map(Number);
        if ([sportId, marketIds, outcomeIds].filter((x) => x !== undefined).length !== 1) throw invalid('Give exactly one of marketIds, sportId, outcomeIds.');
        if (sportId !== undefined) {
          sportOf(query);
          return MARKETS;
        }
        if (marketIds !== undefined) return MARKETS.filter((m) => marketIds.includes(m.marketId));
        return MARKETS.filter((m) => m.outcomes.some((o) => outcomeIds?.includes(o.outcomeId)));
      }
      case '/seasons': {
        const seasonIds = list(query, 'seasonIds')?.map(Number);
        const tournamentIndex = tournamentIndexOf(query);
        if ((seasonIds === undefined) === (tournamentIndex === undefined)) throw invalid('Give exactly one of seasonIds, tournamentId.');
        return SEASONS.filter((s, i) => (seasonIds === undefined ? i === tournamentIndex : seasonIds.includes(s.seasonId)));
      }
      case '/players':
        return [];
      case '/participants': {
        const ids = list(query, 'participantIds')?.map(Number);
        sportOf(query);
        tournamentIndexOf(query);
        return PARTICIPANTS.filter((p) => ids === undefined || ids.includes(p.participantId));
      }
      case '/venues':
        return [{ ...VENUE }];
      case '/fixtures': {
        // Parameters of the fixtures list are not shown in the spec: the fake knows the ones it
        // names elsewhere (ids, sport, tournament, start-time window) and ignores the rest (`live`).
        sportOf(query);
        const tournamentIndex = tournamentIndexOf(query);
        const ids = list(query, 'fixtureIds');
        const from = int(query, 'startTimeFrom');
        const to = int(query, 'startTimeTo');
        const named = ids === undefined ? world.fixtures : fixturesNamed(world, ids);
        return named
          .filter((f) => (tournamentIndex === undefined || f.tournamentIndex === tournamentIndex) && (from === undefined || f.startTime >= from) && (to === undefined || f.startTime <= to))
          .sort((a, b) => a.startTime - b.startTime || (a.fixtureId < b.fixtureId ? -1 : 1))
          .map((f) => ({ ...view(f), bookmakers: bookmakerMetas(f, BOOKMAKERS, startedIso) }));
      }
      case '/fixtures/odds':
      case '/fixtures/odds/main': {
        const fixtures = oddsScope(world, query);
        const bookmakers = bookmakersOf(query);
        const since = int(query, 'since');
        return fixtures.map((f) => {
          const odds = world.currentOdds(f, bookmakers, endpoint === '/fixtures/odds/main');
          if (since !== undefined) {
            for (const b of Object.keys(odds)) {
              const kept = Object.entries(odds[b] ?? {}).filter(([, e]) => e.changedAt >= since);
              odds[b] = Object.fromEntries(kept);
            }
          }
          return { ...view(f), bookmakers: bookmakerMetas(f, bookmakers, startedIso), odds };
        });
      }
      case '/fixtures/odds/historical': {
        // Rows are spec 2.3's entry as recorded (no `limit`: the spec shows none for fixtures).
        const { fixture, recorded } = recordedPrices(query);
        const odds: Record<string, Record<string, Record<string, OddsEntry>>> = {};
        for (const { oddsId, entries, last } of recorded) {
          (odds[last.bookmaker] ??= {})[oddsId] = Object.fromEntries(entries.map((e) => [String(e.changedAt), e]));
        }
        return { ...view(fixture), odds };
      }
      case '/fixtures/odds/clv': {
        const { fixture, recorded } = recordedPrices(query);
        const side = (e: OddsEntry) => ({
          bookmaker: e.bookmaker, outcomeId: e.outcomeId, playerId: e.playerId, price: e.price, priceFractional: fractionalOf(e.price),
          priceAmerican: e.priceAmerican, active: e.active, limit: null, changedAt: e.changedAt,
        });
        const odds: Record<string, Record<string, unknown>> = {};
        for (const { oddsId, entries, last } of recorded) {
          const first = entries[0] ?? last;
          (odds[last.bookmaker] ??= {})[oddsId] = { clv: side(last), olv: side(first) };
        }
        return { ...view(fixture), odds, reissuedFixtureId: null };
      }
      case '/futures/live': {
        sportOf(query);
        const tournamentIndex = tournamentIndexOf(query);
        const bookmakers = bookmakersOf(query);
        if (tournamentIndex !== undefined && tournamentIndex !== 0) return [];
        const tournament = TOURNAMENTS[0];
        const season = SEASONS[0];
        return [{
          futureId: FUTURE_ID, reissuedFutureId: null, status: statusOf(1), sport: { ...SPORT }, tournament: { ...tournament },
          season: { seasonId: season?.seasonId, seasonName: season?.seasonName },
          startTime: Math.floor(startedAt / 1000) - 86_400 * 30, endTime: Math.floor(startedAt / 1000) + 86_400 * 90,
          market: { marketId: null, marketName: null, marketType: null }, participants: [], externalProviders: {},
          bookmakers: Object.fromEntries(bookmakers.map((bookmaker) => [bookmaker, { bookmaker, bookmakerFutureId: null, participantsRotated: false }])),
        }];
      }
      case '/futures/odds': {
        const ids = list(query, 'futureIds') ?? [];
        for (const id of ids) if (id !== FUTURE_ID) throw outsideKey(`Future ${id.slice(0, 60)}`);
        const bookmakers = bookmakersOf(query);
        return ids.map((futureId) => ({
          futureId,
          odds: Object.fromEntries(bookmakers.map((b) => [b, Object.fromEntries(Object.entries(futures[b] ?? {}).map(([oddsId, rows]) => [oddsId, Object.values(rows).at(-1)]))])),
        }));
      }
      case '/futures/odds/historical': {
        // Spec 4.8: without oddsIds, exactly one bookmaker.
        const futureId = query.get('futureId');
        if (futureId === null) throw invalid('futureId is required.');
        if (futureId !== FUTURE_ID) throw outsideKey(`Future ${futureId.slice(0, 60)}`);
        const oddsIds = list(query, 'oddsIds');
        const bookmakers = bookmakersOf(query);
        if (oddsIds === undefined && (query.get('bookmakers') === null || bookmakers.length !== 1)) throw invalid('Without oddsIds, name exactly one bookmaker.');
        const odds: typeof futures = {};
        for (const b of bookmakers) {
          const rows = Object.entries(futures[b] ?? {}).filter(([oddsId]) => oddsIds === undefined || oddsIds.includes(oddsId));
          if (rows.length > 0) odds[b] = Object.fromEntries(rows);
        }
        const metas = Object.fromEntries(Object.keys(odds).map((bookmaker) => [bookmaker, { bookmaker, bookmakerFutureId: null, participantsRotated: false }]));
        return { futureId, odds, bookmakers: metas };
      }
      case '/fixtures/odds/parlay': {
        // Spec 4.2: an array of fixture views, one per fixture of a leg, by fixtureId; priced as the product.
        const legs = legsOf(world, query);
        const byFixture = [...new Set(legs.map((l) => l.fixture))].sort((a, b) => (a.fixtureId < b.fixtureId ? -1 : 1));
        const current = new Map<string, OddsEntry>();
        const missing: string[] = [];
        for (const leg of legs) {
          const entry = world.currentOdds(leg.fixture, [leg.bookmaker], false)[leg.bookmaker]?.[leg.oddsId];
          if (entry === undefined) missing.push(leg.oddsId);
          else current.set(leg.oddsId, entry);
        }
        const parlay: Record<string, Record<string, unknown>> = {};
        for (const bookmaker of new Set(legs.map((l) => l.bookmaker))) {
          const own = legs.filter((l) => l.bookmaker === bookmaker);
          if (own.some((l) => !current.has(l.oddsId))) continue;
          const parlayId = own.map((l) => l.oddsId).join(',');
          const price = Math.round(own.reduce((p, l) => p * (current.get(l.oddsId)?.price ?? 1), 1) * 100) / 100;
          const changedAt = Math.max(...own.map((l) => current.get(l.oddsId)?.changedAt ?? 0));
          parlay[bookmaker] = { [parlayId]: { bookmaker, active: true, price, priceFractional: fractionalOf(price), priceAmerican: americanOf(price), singlesPrice: price, changedAt } };
        }
        return byFixture.map((f) => {
          const mine = legs.filter((l) => l.fixture === f);
          const odds: Record<string, Record<string, OddsEntry>> = {};
          for (const l of mine) {
            const entry = current.get(l.oddsId);
            if (entry !== undefined) (odds[l.bookmaker] ??= {})[l.oddsId] = entry;
          }
          const ownMissing = missing.filter((id) => mine.some((l) => l.oddsId === id));
          const involved = Object.fromEntries(Object.entries(parlay).filter(([b]) => mine.some((l) => l.bookmaker === b)));
          return {
            ...view(f), bookmakers: bookmakerMetas(f, [...new Set(mine.map((l) => l.bookmaker))], startedIso), odds,
            ...(ownMissing.length > 0 ? { missingOddsIds: ownMissing } : {}), parlay: involved,
          };
        });
      }
      case '/fixtures/odds/sgp':
        // Spec 7: 501 when SGP pricing is not enabled for the endpoint.
        legsOf(world, query);
        throw new Failure(501, 'not_enabled', 'SGP pricing is not enabled.');
      default:
        throw new Failure(404, 'not_found', 'No such endpoint.');
    }
  }

  return function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://fake');
    res.on('finish', () => {
      record(`${String(res.statusCode)} ${req.method ?? 'GET'} ${url.pathname}${url.search}`);
    });
    // Any origin may call (the dashboard runs on another origin); the key header is allowed in.
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Headers': 'X-API-Key, Accept', 'Access-Control-Allow-Methods': 'GET' }).end();
      return;
    }
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
    };
    try {
      if (req.method !== 'GET') throw new Failure(405, 'method_not_allowed', 'Every endpoint is GET.');
      const match = /^\/([a-z]{2})(\/.*)$/.exec(url.pathname);
      if (match === null || !LANGS.has(match[1] ?? '')) throw new Failure(404, 'not_found', 'No such endpoint.');
      const endpoint = match[2] ?? '';
      const header = req.headers['x-api-key'];
      const param = url.searchParams.get('apiKey');
      const keys = [typeof header === 'string' ? header : undefined, param ?? undefined].filter((k) => k !== undefined);
      if (keys.length === 0 || keys.some((k) => k !== API_KEY)) throw new Failure(401, 'unauthorized', 'Missing or invalid API key.');
      rateLimit(endpoint, res);
      if (notOffered().has(endpoint)) throw new Failure(404, 'not_found', 'No such endpoint.');
      send(200, route(endpoint, url.searchParams));
    } catch (error) {
      if (error instanceof Failure) {
        const retryAfterSec = (error as Failure & { retryAfterSec?: number }).retryAfterSec;
        send(error.status, { error: error.status, message: error.message, code: error.code, ...(retryAfterSec === undefined ? {} : { retryAfterSec }) });
      } else {
        send(500, { error: 500, message: 'Internal error.', code: 'internal_error' });
      }
    }
  };
}
