// The producer's admin knobs (freeze, goal, move, stale, …): run where the simulator runs, in the
// producer's thread. The admin server (admin-server.ts) checks the caller and the token, answers
// the edge's own knobs (SGP faults, the producer's health) and forwards the rest here.
import { KnobError } from '../sim/simulator.ts';
import type { Simulator } from '../sim/simulator.ts';

/** A request the admin API refuses, with its HTTP status. */
export class AdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Body = Readonly<Record<string, unknown>>;

/** Caps the history database at a number of pages (null lifts it); answers the cap in force and the page count. */
export type HistoryCapKnob = (maxPages: number | null) => { maxPages: number; pageCount: number };

export function str(body: Body, key: string, required: true): string;
export function str(body: Body, key: string, required: false): string | undefined;
export function str(body: Body, key: string, required: boolean): string | undefined {
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

/**
 * The producer's knobs: method and path → handler of the JSON body. They run in the producer's
 * thread (service/producer/producer.ts); the admin server forwards them there.
 */
export function knobRoute(sim: Simulator, historyCap: HistoryCapKnob | null, method: string, path: string, body: Body, query: URLSearchParams): unknown {
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


/** A knob's answer as it crosses threads: the JSON result, or the admin API's error body. */
export type KnobAnswer =
  | { readonly ok: true; readonly result: unknown }
  | { readonly ok: false; readonly status: number; readonly message: string; readonly code: string };

/** Runs a knob and turns its refusal into the admin API's error body. */
export function answerKnob(run: () => unknown): KnobAnswer {
  try {
    return { ok: true, result: run() };
  } catch (error) {
    return knobFailure(error);
  }
}

export function knobFailure(error: unknown): KnobAnswer {
  if (error instanceof AdminError) return { ok: false, status: error.status, message: error.message, code: 'admin_error' };
  if (error instanceof KnobError) {
    const status = error.message.startsWith('unknown') ? 404 : 400;
    return { ok: false, status, message: error.message, code: 'knob_error' };
  }
  return { ok: false, status: 500, message: error instanceof Error ? error.message : 'internal error', code: 'internal' };
}
