// Futures (outrights): /futures/live (spec 4.9), /futures (every future by state; our design)
// and /futures/odds (current prices; our design in the shape of /fixtures/odds). Filtered to
// the key's sports, tournaments and bookmakers.
import type { FutureOddsEntry } from '../../../src/wire/shared-schemas.ts';
import type { Future } from '../../../src/wire/rest-schemas.ts';
import type { ReferenceIndex } from '../../catalogue/reference-data.ts';
import type { FastifyRequest } from 'fastify';
import type { ApiHandler } from '../app.ts';
import { invalidFilters } from '../errors.ts';
import { localizeEvent } from '../../catalogue/localize.ts';
import type { FutureSource } from '../ports.ts';
import { intParam, listParam, type Query } from '../query.ts';
import { chosenBookmakers, entitlementOf, requireFutureId, requireSport, requireTournament, requireTournamentId } from '../scope.ts';
import { isOpen } from '../../../src/wire/status.ts';

export interface FutureRoutesDeps {
  readonly futures: FutureSource;
  readonly reference: ReferenceIndex;
}

/** Open futures (statusId 0 or 1): what `/futures/live` lists. */
const isOpenFuture = (f: Future) => isOpen(f.status.statusId);

export function futureHandlers(deps: FutureRoutesDeps): Record<'futuresLive' | 'futures' | 'futureOdds', ApiHandler> {
  /**
   * Futures the key may see that pass the common filters (`sportId`, `tournamentId`, a named
   * sport or tournament outside the key → 403) and `keep`, by futureId, each with the
   * bookmakers the key and `bookmakers=` choose.
   */
  const list = (query: Query, request: FastifyRequest, keep: (f: Future) => boolean): Future[] => {
    const e = entitlementOf(request);
    const sportId = intParam(query, 'sportId', { min: 10, max: 99 });
    const tournamentId = intParam(query, 'tournamentId', { min: 0, max: 999_999 });
    if (sportId !== undefined) requireSport(e, sportId);
    if (tournamentId !== undefined) requireTournamentId(e, deps.reference, tournamentId);
    const chosen = new Set(chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query));
    return deps.futures
      .views()
      .filter(
        (f) =>
          keep(f) &&
          e.allowsSport(f.sport.sportId) &&
          e.allowsTournament(f.tournament.tournamentId) &&
          (sportId === undefined || f.sport.sportId === sportId) &&
          (tournamentId === undefined || f.tournament.tournamentId === tournamentId),
      )
      .sort((a, b) => (a.futureId < b.futureId ? -1 : a.futureId > b.futureId ? 1 : 0))
      .map((f) => {
        const bookmakers: Future['bookmakers'] = {};
        for (const [slug, meta] of Object.entries(f.bookmakers)) if (chosen.has(slug)) bookmakers[slug] = meta;
        return { ...localizeEvent(f, request.lang, deps.reference), bookmakers };
      });
  };

  return {
    futuresLive: (query, request) => list(query, request, isOpenFuture),

    // Our extension (docs/api.md): every future by state, so finished and cancelled ones stay reachable.
    futures: (query, request) => {
      const statusId = intParam(query, 'statusId', { min: 0, max: 3 });
      const ids = listParam(query, 'futureIds');
      if (ids !== undefined) {
        // Named futures outside the key fail the request (spec 5.8); unknown ones are left out.
        const e = entitlementOf(request);
        for (const id of ids) {
          // Judged by the id's own segments first (403 whether it exists or not), then as found.
          requireFutureId(e, deps.reference, id);
          const future = deps.futures.view(id);
          if (future !== null) requireTournament(e, future.sport.sportId, future.tournament.tournamentId);
        }
      }
      const wanted = ids === undefined ? null : new Set(ids);
      return list(query, request, (f) => (statusId === undefined || f.status.statusId === statusId) && (wanted === null || wanted.has(f.futureId)));
    },

    futureOdds: (query, request) => {
      const e = entitlementOf(request);
      const ids = listParam(query, 'futureIds');
      if (ids === undefined) throw invalidFilters('futureIds is required.');
      const chosen = new Set(chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query));
      const bookmakerAllowed = (slug: string) => chosen.has(slug);
      const out: { futureId: string; odds: Record<string, Record<string, FutureOddsEntry>> }[] = [];
      // Judged by the ids themselves first: one outside the key is a 403 whether it exists or not.
      for (const id of ids) requireFutureId(e, deps.reference, id);
      for (const id of ids) {
        const future = deps.futures.view(id);
        if (future === null) continue;
        requireTournament(e, future.sport.sportId, future.tournament.tournamentId);
        const odds: Record<string, Record<string, FutureOddsEntry>> = {};
        for (const [slug, entries] of Object.entries(deps.futures.futureOdds(id))) {
          if (!bookmakerAllowed(slug)) continue;
          odds[slug] = Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, { ...v }]));
        }
        out.push({ futureId: id, odds });
      }
      return out;
    },
  };
}
