// The admin (knobs) API: JSON over node:http on its own port, bound to 127.0.0.1 only, behind the
// install's admin token and never reachable with an API key or from a browser page, so tests and
// demos (not other sites) can freeze, suspend, force goals and more.
import { defaultSgpKnobs, type SgpKnobs } from '../sgp/port.ts';
import { bearerMatches, type AdminToken } from './admin-token.ts';
import http from 'node:http';
import { SECURITY_HEADERS } from '../http/security-headers.ts';
import { AdminError, knobFailure, str, type Body, type KnobAnswer } from './knob-routes.ts';

/** The producer as the admin API sees it: its knobs (answered in its own thread) and its health. */
export interface ProducerKnobs {
  /** Runs a knob of knob-routes.ts where the simulator runs. */
  call(method: string, path: string, body: Body, query: string): Promise<KnobAnswer>;
  /** Whether the producer runs, and its restarts (also in /healthz). */
  health(): unknown;
  /** Ends the producer's thread as a crash would (tests, soaks); refused when it shares the edge's thread. */
  crash(): unknown;
}

/** Marks "not one of the edge's knobs" (undefined and null are knob answers). */
const PRODUCER_KNOB = Symbol('producer knob');

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

/** The edge's own knobs; PRODUCER_KNOB when the path is the producer's. */
function edgeRoute(sgp: SgpKnobs, producer: ProducerKnobs, method: string, path: string, body: Body): unknown {
  const key = `${method} ${path}`;
  switch (key) {
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
    case 'GET /admin/producer':
      return producer.health();
    case 'POST /admin/producer-crash':
      return producer.crash();
    default:
      return PRODUCER_KNOB;
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
export async function startAdminServer(producer: ProducerKnobs, port: number, token: AdminToken, sgp: SgpKnobs = defaultSgpKnobs()): Promise<http.Server> {
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
    const method = request.method ?? 'GET';
    readBody(request)
      .then(async (body): Promise<KnobAnswer> => {
        const own = edgeRoute(sgp, producer, method, url.pathname, body);
        if (own !== PRODUCER_KNOB) return { ok: true, result: own };
        return producer.call(method, url.pathname, body, url.search);
      })
      .catch(knobFailure)
      .then((answer) => {
        if (answer.ok) send(200, answer.result);
        else send(answer.status, { error: answer.status, message: answer.message, code: answer.code });
      })
      .catch(() => undefined);
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
