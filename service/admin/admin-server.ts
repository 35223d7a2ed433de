// The admin (knobs) API: JSON over node:http on its own port, bound to 127.0.0.1 only, behind the
// install's admin token and never reachable with an API key or from a browser page, so tests and
// demos (not other sites) can freeze, suspend, force goals and more.
import { defaultSgpKnobs, type SgpKnobs } from '../sgp/port.ts';
import { bearerMatches, type AdminToken } from './admin-token.ts';
import http from 'node:http';
import { SECURITY_HEADERS } from '../http/security-headers.ts';
import { KnobError } from '../sim/simulator.ts';
import type { Simulator } from '../sim/simulator.ts';

/** A request the admin API refuses, with its HTTP status. */
class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Body = Readonly<Record<string, unknown>>;

/** Caps the history database at a number of pages (null lifts it); answers the cap in force and the page count. */
export type HistoryCapKnob = (maxPages: number | null) => { maxPages: number; pageCount: number };

function str(body: Body, key: string, required: true): string;
function str(body: Body, key: string, required: false): string | undefined;
function str(body: Body, key: string, required: boolean): string | undefined {
  const value = body[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.length === 0) throw new AdminError(400, `"${key}" must be a non-empty string`);
  return value;
}

function num(body: Body, key: string): number | undefined {
  const value = body[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new AdminError(400, `"${key}" must be a number`);
  return value;
}

function int(body: Body, key: string): number | undefined {
  const value = num(body, key);
  if (value !== undefined && !Number.isSafeInteger(value)) throw new AdminError(400, `"${key}" must be an integer`);
  return value;
}

function bool(body: Body, key: string, fallback: boolean): boolean {
  const value = body[key];
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new AdminError(400, `"${key}" must be true or false`);
  return value;
}

async function readBody(request: http.IncomingMessage): Promise<Body> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > 64 * 1024) throw new AdminError(413, 'body too large');
    chunks.push(buffer);
  }
  if (size === 0) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new AdminError(400, 'body must be JSON');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new AdminError(400, 'body must be a JSON object');
  return parsed as Body;
}

function sgpState(sgp: SgpKnobs): unknown {
  return {
    enabled: sgp.sgpEnabled,
    backendUnreachable: sgp.backendUnreachable,
    timeout: [...sgp.fetchFailedBookmakers].sort(),
    rateLimited: [...sgp.rateLimitedBookmakers].sort(),
  };
}

/** The routes: method and path → handler of the JSON body. */
function route(sim: Simulator, sgp: SgpKnobs, historyCap: HistoryCapKnob | null, method: string, path: string, body: Body, query: URLSearchParams): unknown {
  const key = `${method} ${path}`;
  switch (key) {
    case 'GET /admin/state':
      return sim.stats();
    case 'GET /admin/fixtures': {
      const status = query.get('status');
      const statusIds = status === null ? undefined : status.split(',').map(Number);
      return sim.fixtureViews(statusIds === undefined ? {} : { statusIds }).map((v) => ({
        fixtureId: v.fixtureId,
        statusId: v.status.statusId,
        sportId: v.sport.sportId,
        startTime: v.startTime,
        participants: `${v.participants.participant1Name} – ${v.participants.participant2Name}`,
        bookmakers: Object.keys(sim.fixtureOdds(v.fixtureId)),
      }));
    }
    case 'POST /admin/freeze':
      sim.freeze();
      return { frozen: true };
    case 'POST /admin/resume':
      sim.resume();
      return { frozen: false };
    case 'POST /admin/update-rate': {
      const seconds = num(body, 'seconds');
      sim.setUpdateRate(str(body, 'fixtureId', true), seconds ?? null);
      return { ok: true };
    }
    case 'POST /admin/firehose': {
      // The odds screen under load (docs/service.md): null or 0 stops it.
      const rate = body.updatesPerSec;
      if (rate !== null && rate !== undefined && (typeof rate !== 'number' || !Number.isFinite(rate))) throw new AdminError(400, '"updatesPerSec" must be a number, or null to stop');
      if (rate === undefined) throw new AdminError(400, '"updatesPerSec" is required (null stops the firehose)');
      if (rate === null || rate === 0) return sim.stopFirehose();
      return sim.setFirehose(str(body, 'fixtureId', true), rate);
    }
    case 'GET /admin/firehose':
      return { firehose: sim.firehoseState() };
    case 'POST /admin/suspend': {
      const bookmaker = str(body, 'bookmaker', false);
      const marketId = num(body, 'marketId');
      sim.suspend({ fixtureId: str(body, 'fixtureId', true), ...(bookmaker === undefined ? {} : { bookmaker }), ...(marketId === undefined ? {} : { marketId }) }, bool(body, 'on', true));
      return { ok: true };
    }
    case 'POST /admin/stale':
      sim.forceStale(str(body, 'bookmaker', true), bool(body, 'on', true), str(body, 'fixtureId', false));
      return { ok: true };
    case 'POST /admin/arbitrage': {
      const marketId = num(body, 'marketId');
      if (marketId === undefined) throw new AdminError(400, '"marketId" is required');
      return sim.forceArbitrage(str(body, 'fixtureId', true), marketId, str(body, 'bookmaker', false));
    }
    case 'DELETE /admin/arbitrage':
      sim.clearArbitrage(str(body, 'fixtureId', true));
      return { ok: true };
    case 'POST /admin/goal': {
      const side = num(body, 'side') ?? 1;
      if (side !== 1 && side !== 2) throw new AdminError(400, '"side" must be 1 or 2');
      sim.forceGoal(str(body, 'fixtureId', true), side);
      return { ok: true, scores: sim.scoresOf(str(body, 'fixtureId', true)) };
    }
    case 'POST /admin/move': {
      // A move at chosen books only (docs/service.md), unlike a goal, which moves every book.
      const marketId = int(body, 'marketId');
      if (marketId === undefined) throw new AdminError(400, '"marketId" is required');
      const books = body.bookmakers;
      if (!Array.isArray(books) || books.length === 0 || books.length > 50 || !books.every((b): b is string => typeof b === 'string' && b.length > 0)) {
        throw new AdminError(400, '"bookmakers" must be an array of 1 to 50 bookmaker slugs');
      }
      if (new Set(books).size !== books.length) throw new AdminError(400, '"bookmakers" names a bookmaker twice');
      const byPoints = num(body, 'byPoints');
      if (byPoints === undefined || byPoints === 0 || Math.abs(byPoints) >= 100) throw new AdminError(400, '"byPoints" must be a number of implied percentage points, not 0, between -100 and 100');
      const outcomeId = int(body, 'outcomeId');
      const playerId = int(body, 'playerId');
      return sim.moveMarket(str(body, 'fixtureId', true), {
        marketId,
        bookmakers: books,
        byPoints,
        ...(outcomeId === undefined ? {} : { outcomeId }),
        ...(playerId === undefined ? {} : { playerId }),
      });
    }
    case 'POST /admin/future-move':
      sim.moveFuture(str(body, 'futureId', true));
      return { ok: true };
    case 'POST /admin/cancel':
      return sim.cancel(str(body, 'fixtureId', true), bool(body, 'reissue', true));
    case 'POST /admin/kickoff':
      return sim.kickoff(str(body, 'fixtureId', true));
    case 'POST /admin/finish':
      return sim.finish(str(body, 'fixtureId', true));
    case 'GET /admin/sgp':
      return sgpState(sgp);
    case 'POST /admin/sgp': {
      // SGP pricing faults (docs/api-parlay-sgp.md): disable it (501), make it unreachable (502),
      // or make one bookmaker's backend time out (sgp_fetch_failed) or rate-limit (empty sgp).
      const enabled = body.enabled;
      const unreachable = body.backendUnreachable;
      if (enabled !== undefined && typeof enabled !== 'boolean') throw new AdminError(400, '"enabled" must be a boolean');
      if (unreachable !== undefined && typeof unreachable !== 'boolean') throw new AdminError(400, '"backendUnreachable" must be a boolean');
      if (enabled !== undefined) sgp.sgpEnabled = enabled;
      if (unreachable !== undefined) sgp.backendUnreachable = unreachable;
      const bookmaker = str(body, 'bookmaker', false);
      const fault = str(body, 'fault', false);
      if (fault !== undefined) {
        if (bookmaker === undefined) throw new AdminError(400, '"bookmaker" is required with "fault"');
        sgp.fetchFailedBookmakers.delete(bookmaker);
        sgp.rateLimitedBookmakers.delete(bookmaker);
        if (fault === 'timeout') sgp.fetchFailedBookmakers.add(bookmaker);
        else if (fault === 'rate_limited') sgp.rateLimitedBookmakers.add(bookmaker);
        else if (fault !== 'none') throw new AdminError(400, '"fault" must be timeout, rate_limited or none');
      }
      return sgpState(sgp);
    }
    case 'POST /admin/history-cap': {
      // A real SQLITE_FULL on demand (docs/service.md, "When history cannot be written").
      if (historyCap === null) throw new AdminError(404, 'this service has no history cap knob');
      const maxPages = body.maxPages;
      if (maxPages !== null && !(typeof maxPages === 'number' && Number.isSafeInteger(maxPages) && maxPages >= 1)) {
        throw new AdminError(400, '"maxPages" must be a positive integer, or null to lift the cap');
      }
      return historyCap(maxPages);
    }
    default:
      throw new AdminError(404, `no admin route ${key}`);
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/** A loopback name, with any port: another name means DNS rebinding (a foreign site resolving to 127.0.0.1). */
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/iu;

/** The media type of a JSON body, parameters (charset) aside. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function hasBody(request: http.IncomingMessage): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** Why the admin API refuses `request` before reading it (status, message, code), or null. */
function refusal(request: http.IncomingMessage, url: URL, token: AdminToken): readonly [number, string, string] | null {
  const { headers } = request;
  if (!isLoopback(request.socket.remoteAddress)) return [403, 'the admin API answers loopback only', 'forbidden'];
  if (!LOOPBACK_HOST.test(headers.host ?? '')) return [403, 'the admin API answers only a loopback Host (127.0.0.1, localhost, [::1])', 'forbidden'];
  // The admin API has no browser UI: any browser-made request (cross-site or not) is refused.
  if (headers.origin !== undefined) return [403, 'the admin API refuses requests with an Origin header (browser requests)', 'forbidden'];
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'none') return [403, `the admin API refuses browser requests (Sec-Fetch-Site: ${site})`, 'forbidden'];
  if (headers['x-api-key'] !== undefined || url.searchParams.has('apiKey')) return [403, 'the admin API takes no API key', 'forbidden'];
  if (!bearerMatches(headers.authorization, token.token)) {
    return [401, `the admin API needs "Authorization: Bearer <token>" with the token in ${token.path}`, 'unauthorized'];
  }
  if (hasBody(request) && !isJson(headers['content-type'])) {
    return [415, `the admin API takes bodies as application/json only, not ${headers['content-type'] ?? 'a body without content-type'}`, 'unsupported_media_type'];
  }
  return null;
}

/**
 * Starts the admin API on 127.0.0.1:`port` (0 = any free port). It answers only requests that a
 * program on this machine made: from a loopback address, to a loopback Host, without an Origin or
 * a Sec-Fetch-Site other than `none` (a browser page's request), with the install's `token` as a
 * bearer token and bodies as application/json; never with an API key (403, 401 or 415 otherwise).
 */
export async function startAdminServer(
  sim: Simulator,
  port: number,
  token: AdminToken,
  sgp: SgpKnobs = defaultSgpKnobs(),
  historyCap: HistoryCapKnob | null = null,
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (status: number, payload: unknown, headers: Readonly<Record<string, string>> = {}): void => {
      const text = JSON.stringify(payload);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS, ...headers });
      response.end(text);
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const refused = refusal(request, url, token);
    if (refused !== null) {
      const [status, message, code] = refused;
      send(status, { error: status, message, code }, status === 401 ? { 'www-authenticate': 'Bearer' } : {});
      return;
    }
    readBody(request)
      .then((body) => {
        send(200, route(sim, sgp, historyCap, request.method ?? 'GET', url.pathname, body, url.searchParams));
      })
      .catch((error: unknown) => {
        if (error instanceof AdminError) send(error.status, { error: error.status, message: error.message, code: 'admin_error' });
        else if (error instanceof KnobError) {
          const status = error.message.startsWith('unknown') ? 404 : 400;
          send(status, { error: status, message: error.message, code: 'knob_error' });
        }
        else send(500, { error: 500, message: error instanceof Error ? error.message : 'internal error', code: 'internal' });
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}
