// The admin (knobs) API: JSON over node:http on its own port, bound to 127.0.0.1 only and never
// reachable with an API key, so tests and demos can freeze, suspend, force goals and more.
import { defaultSgpKnobs, type SgpKnobs } from '../sgp/port.ts';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
function route(sim: Simulator, sgp: SgpKnobs, method: string, path: string, body: Body, query: URLSearchParams): unknown {
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
    default:
      throw new AdminError(404, `no admin route ${key}`);
  }
}

function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}

/**
 * Starts the admin API on 127.0.0.1:`port` (0 = any free port). Requests from elsewhere, and
 * requests carrying an API key (header or query), are refused with 403: the knobs are for the
 * operator on the machine, not for API clients.
 */
export async function startAdminServer(sim: Simulator, port: number, sgp: SgpKnobs = defaultSgpKnobs()): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const send = (status: number, payload: unknown): void => {
      const text = JSON.stringify(payload);
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      response.end(text);
    };
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (!isLoopback(request.socket.remoteAddress)) {
      send(403, { error: 403, message: 'the admin API answers loopback only', code: 'forbidden' });
      return;
    }
    if (request.headers['x-api-key'] !== undefined || url.searchParams.has('apiKey')) {
      send(403, { error: 403, message: 'the admin API takes no API key', code: 'forbidden' });
      return;
    }
    readBody(request)
      .then((body) => {
        send(200, route(sim, sgp, request.method ?? 'GET', url.pathname, body, url.searchParams));
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

/** The port a started server listens on. */
export function portOf(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}
