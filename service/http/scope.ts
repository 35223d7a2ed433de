// The entitlement checks every route shares (spec 5.5–5.8): results are filtered to the key,
// and a request that names a sport, tournament or bookmaker outside it fails whole with 403.
// An id is judged by what it says of itself (a fixtureId's sport and tournament segments, a
// futureId's sport and season), before it is looked up: an id outside the key is a 403 whether
// it exists or not, so a 403-or-empty answer never tells which ids exist.
import { readFutureId } from '../../src/domain/ids.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import type { Entitlement } from './keys.ts';
import { invalidFilters, notAllowed } from './errors.ts';
import { checkFixtureId, listParam, type Query } from './query.ts';

/** The caller's entitlement; set by authentication before any handler runs. */
export function entitlementOf(request: { entitlement: Entitlement | null }): Entitlement {
  if (request.entitlement === null) throw notAllowed('No entitlement on the request.');
  return request.entitlement;
}

/** Fails the whole request when it names a sport outside the key. */
export function requireSport(entitlement: Entitlement, sportId: number): void {
  if (!entitlement.allowsSport(sportId)) throw notAllowed(`This API key is not entitled to sportId ${sportId}.`);
}

export function requireTournament(entitlement: Entitlement, sportId: number, tournamentId: number): void {
  requireSport(entitlement, sportId);
  if (!entitlement.allowsTournament(tournamentId)) {
    throw notAllowed(`This API key is not entitled to tournamentId ${tournamentId}.`);
  }
}

/**
 * A tournamentId a request names: 403 when the key excludes it or, for a known tournament, its
 * sport — whether it exists or not.
 */
export function requireTournamentId(entitlement: Entitlement, reference: ReferenceIndex, tournamentId: number): void {
  const tournament = reference.tournamentById.get(tournamentId);
  if (tournament !== undefined) requireTournament(entitlement, tournament.sportId, tournamentId);
  else if (!entitlement.allowsTournament(tournamentId)) throw notAllowed(`This API key is not entitled to tournamentId ${tournamentId}.`);
}

/** A well-formed fixtureId (400 otherwise) whose sport and tournament segments the key may see (403 otherwise). */
export function requireFixtureId(entitlement: Entitlement, fixtureId: string): void {
  const { sportId, tournamentId } = checkFixtureId(fixtureId);
  requireTournament(entitlement, sportId, tournamentId);
}

/**
 * A futureId the key may see by its sport segment and its season's tournament (403 otherwise).
 * A futureId of another shape says nothing about its sport: it passes, to be looked up.
 */
export function requireFutureId(entitlement: Entitlement, reference: ReferenceIndex, futureId: string): void {
  const parts = readFutureId(futureId);
  if (parts === null) return;
  requireSport(entitlement, parts.sportId);
  const season = reference.seasonById.get(parts.seasonId);
  if (season !== undefined) requireTournament(entitlement, season.sportId, season.tournamentId);
}

export function requireBookmaker(entitlement: Entitlement, bookmaker: string): void {
  if (!entitlement.allowsBookmaker(bookmaker)) throw notAllowed(`This API key is not entitled to bookmaker "${bookmaker.slice(0, 40)}".`);
}

/**
 * The `bookmakers` parameter: known slugs (400 for an unknown one) the key may see (403
 * otherwise). Absent: every known bookmaker the key sees.
 */
export function chosenBookmakers(entitlement: Entitlement, known: readonly string[], query: Query): string[] {
  const requested = listParam(query, 'bookmakers');
  if (requested === undefined) return known.filter((slug) => entitlement.allowsBookmaker(slug));
  const knownSet = new Set(known);
  for (const slug of requested) {
    if (!knownSet.has(slug)) throw invalidFilters(`Unknown bookmaker "${slug.slice(0, 40)}".`);
    requireBookmaker(entitlement, slug);
  }
  return requested;
}
