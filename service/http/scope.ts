// The entitlement checks every route shares (spec 5.5–5.8): results are filtered to the key,
// and a request that names a sport, tournament or bookmaker outside it fails whole with 403.
import type { Entitlement } from './keys.ts';
import { invalidFilters, notAllowed } from './errors.ts';
import { listParam, type Query } from './query.ts';

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
