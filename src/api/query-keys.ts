// React Query keys per resource, from general to specific (TkDodo's key factories), so a page
// can invalidate "every fixture list" or "this fixture's history" by prefix. Keys hold no client
// identity: the app clears the cache whenever the base URL, key or language change.
import type { ClvQuery, FixtureFilters, FuturesFilters } from './client.ts';

/** An id list as a key part: de-duplicated and sorted, so the same set gives the same key. */
function idSet<T extends string | number>(ids: readonly T[] | undefined): T[] | undefined {
  if (ids === undefined) return undefined;
  return [...new Set(ids)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** A filter object as a key part: undefined members dropped, id lists normalised. */
function filterPart(filters: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(filters).sort()) {
    const value = filters[name];
    if (value === undefined) continue;
    out[name] = Array.isArray(value) ? idSet(value as (string | number)[]) : value;
  }
  return out;
}

export const sportKeys = {
  all: ['sports'] as const,
  list: () => [...sportKeys.all, 'list'] as const,
};

export const tournamentKeys = {
  all: ['tournaments'] as const,
  list: (sportId?: number) => [...tournamentKeys.all, 'list', { sportId }] as const,
};

export const bookmakerKeys = {
  all: ['bookmakers'] as const,
  list: (sportId?: number) => [...bookmakerKeys.all, 'list', { sportId }] as const,
};

export const marketKeys = {
  all: ['markets'] as const,
  bySport: (sportId: number) => [...marketKeys.all, 'sport', sportId] as const,
  byIds: (marketIds: readonly number[]) => [...marketKeys.all, 'ids', idSet(marketIds)] as const,
  byOutcomes: (outcomeIds: readonly number[]) => [...marketKeys.all, 'outcomes', idSet(outcomeIds)] as const,
};

export const participantKeys = {
  all: ['participants'] as const,
  byIds: (participantIds: readonly number[]) => [...participantKeys.all, 'ids', idSet(participantIds)] as const,
};

export const playerKeys = {
  all: ['players'] as const,
  byIds: (playerIds: readonly number[]) => [...playerKeys.all, 'ids', idSet(playerIds)] as const,
};

export const fixtureKeys = {
  all: ['fixtures'] as const,
  lists: () => [...fixtureKeys.all, 'list'] as const,
  list: (filters: FixtureFilters = {}) => [...fixtureKeys.lists(), filterPart(filters)] as const,
  details: () => [...fixtureKeys.all, 'detail'] as const,
  detail: (fixtureId: string) => [...fixtureKeys.details(), fixtureId] as const,
  /** Recorded prices; `oddsIds` and `bookmakers` narrow them, `from`/`to` (epoch ms) bound them. */
  history: (
    fixtureId: string,
    oddsIds?: readonly string[],
    range: { readonly bookmakers?: readonly string[]; readonly from?: number; readonly to?: number } = {},
  ) => [...fixtureKeys.detail(fixtureId), 'history', filterPart({ oddsIds, ...range })] as const,
  clv: (fixtureId: string, query: ClvQuery = {}) => [...fixtureKeys.detail(fixtureId), 'clv', filterPart(query)] as const,
  settlement: (fixtureId: string) => [...fixtureKeys.detail(fixtureId), 'settlement'] as const,
  /** Team news and live statistics (`/fixtures/injuries`, `/lineups`, `/stats`). */
  extras: (fixtureId: string, channel: 'injuries' | 'lineups' | 'stats') => [...fixtureKeys.detail(fixtureId), 'extras', channel] as const,
  mapping: (fixtureIds: readonly string[]) => [...fixtureKeys.all, 'mapping', idSet(fixtureIds)] as const,
  // The answers that seed the live book (src/api/seed-queries.ts); `bookmakers` empty: every bookmaker of the key.
  /** One fixture's odds snapshot (every market), for its odds board. */
  oddsSeed: (fixtureId: string, bookmakers: readonly string[]) => [...fixtureKeys.detail(fixtureId), 'odds-seed', { bookmakers: idSet(bookmakers) }] as const,
  /** The odds snapshot of several fixtures: a parlay's, or those of slip legs the book lacks (at the legs' bookmakers). */
  fixturesOddsSeed: (seedFor: 'parlay' | 'slip-legs', fixtureIds: readonly string[], bookmakers: readonly string[]) =>
    [...fixtureKeys.all, 'odds-seed', seedFor, { fixtureIds: idSet(fixtureIds), bookmakers: idSet(bookmakers) }] as const,
  /** The bookmaker metas of a list's fixtures (`/fixtures/odds/main` with `since` = now). */
  bookmakerMetas: (fixtureIds: readonly string[], bookmakers: readonly string[]) =>
    [...fixtureKeys.all, 'bookmaker-metas', { fixtureIds: idSet(fixtureIds), bookmakers: idSet(bookmakers) }] as const,
};

export const futureKeys = {
  all: ['futures'] as const,
  lists: () => [...futureKeys.all, 'list'] as const,
  list: (filters: { readonly sportId?: number; readonly tournamentId?: number; readonly bookmakers?: readonly string[] } = {}) =>
    [...futureKeys.lists(), filterPart(filters)] as const,
  /** `/futures` (any state); apart from `list`, which is the spec's `/futures/live`. */
  byState: (filters: FuturesFilters = {}) => [...futureKeys.lists(), 'by-state', filterPart(filters)] as const,
  detail: (futureId: string) => [...futureKeys.all, 'detail', futureId] as const,
  history: (futureId: string, query: ClvQuery = {}) => [...futureKeys.detail(futureId), 'history', filterPart(query)] as const,
  clv: (futureId: string, query: ClvQuery = {}) => [...futureKeys.detail(futureId), 'clv', filterPart(query)] as const,
  /** The futures prices that seed the live book (`bookmakers` empty: every bookmaker of the key). */
  oddsSeed: (futureIds: readonly string[], bookmakers: readonly string[]) =>
    [...futureKeys.all, 'odds-seed', { futureIds: idSet(futureIds), bookmakers: idSet(bookmakers) }] as const,
};

/** Parlay and SGP quotes, keyed by their legs (the parlayId's set of oddsIds). */
export const parlayKeys = {
  all: ['parlays'] as const,
  parlay: (oddsIds: readonly string[]) => [...parlayKeys.all, 'parlay', idSet(oddsIds)] as const,
  sgp: (oddsIds: readonly string[]) => [...parlayKeys.all, 'sgp', idSet(oddsIds)] as const,
};
