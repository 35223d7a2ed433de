// `queryOptions` per REST resource for React Query v5: reference data, lists, histories, CLV,
// settlement and parlay quotes. Current odds are deliberately absent: live prices belong to the
// book (src/book), which a snapshot from ./snapshots.ts only seeds.
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, ClvQuery, FixtureFilters, FixtureHistoryQuery, FuturesFilters } from './client.ts';
import type { FixtureHistoricalOddsResponse } from '../wire/rest-schemas.ts';
import {
  bookmakerKeys,
  fixtureKeys,
  futureKeys,
  marketKeys,
  parlayKeys,
  participantKeys,
  playerKeys,
  sportKeys,
  tournamentKeys,
} from './query-keys.ts';

/** Reference data changes with a catalogue release, not during a session. */
export const REFERENCE_STALE_MS = 60 * 60 * 1000;
/** Fixture and futures lists move as fixtures start and finish. */
export const LIST_STALE_MS = 15_000;
/** Recorded history and CLV grow while a fixture is open. */
export const HISTORY_STALE_MS = 30_000;
/** A parlay or SGP quote follows its legs' prices. */
export const QUOTE_STALE_MS = 5_000;

const reference = { staleTime: REFERENCE_STALE_MS, gcTime: 2 * REFERENCE_STALE_MS } as const;

export function sportsQuery(client: ApiClient) {
  return queryOptions({ queryKey: sportKeys.list(), queryFn: () => client.sports(), ...reference });
}

export function tournamentsQuery(client: ApiClient, sportId?: number) {
  return queryOptions({
    queryKey: tournamentKeys.list(sportId),
    queryFn: () => client.tournaments(sportId === undefined ? {} : { sportId }),
    // The listing carries live fixture counts, so it is a list rather than pure reference data.
    staleTime: LIST_STALE_MS,
  });
}

export function bookmakersQuery(client: ApiClient, sportId?: number) {
  return queryOptions({
    queryKey: bookmakerKeys.list(sportId),
    queryFn: () => client.bookmakers(sportId === undefined ? {} : { sportId }),
    ...reference,
  });
}

export function marketsBySportQuery(client: ApiClient, sportId: number) {
  return queryOptions({ queryKey: marketKeys.bySport(sportId), queryFn: () => client.markets({ sportId }), ...reference });
}

export function marketsByIdsQuery(client: ApiClient, marketIds: readonly number[]) {
  return queryOptions({ queryKey: marketKeys.byIds(marketIds), queryFn: () => client.markets({ marketIds }), ...reference });
}

export function marketsByOutcomesQuery(client: ApiClient, outcomeIds: readonly number[]) {
  return queryOptions({ queryKey: marketKeys.byOutcomes(outcomeIds), queryFn: () => client.markets({ outcomeIds }), ...reference });
}

export function participantsByIdsQuery(client: ApiClient, participantIds: readonly number[]) {
  return queryOptions({
    queryKey: participantKeys.byIds(participantIds),
    queryFn: () => client.participants({ participantIds }),
    ...reference,
  });
}

export function playersByIdsQuery(client: ApiClient, playerIds: readonly number[]) {
  return queryOptions({ queryKey: playerKeys.byIds(playerIds), queryFn: () => client.players({ playerIds }), ...reference });
}

/** A fixture list (`/fixtures`). Its live fields (status, scores, clock) are a snapshot: read live ones from the book. */
export function fixturesQuery(client: ApiClient, filters: FixtureFilters = {}) {
  return queryOptions({ queryKey: fixtureKeys.list(filters), queryFn: () => client.fixtures(filters), staleTime: LIST_STALE_MS });
}

/** One fixture's view, or null when the service does not know it (or the key may not see it). */
export function fixtureQuery(client: ApiClient, fixtureId: string) {
  return queryOptions({
    queryKey: fixtureKeys.detail(fixtureId),
    queryFn: async () => (await client.fixtures({ fixtureIds: [fixtureId] }))[0] ?? null,
    staleTime: LIST_STALE_MS,
  });
}

/** Recorded prices of a fixture: give `oddsIds` or `bookmakers` (the service requires one). */
export function fixtureHistoryQuery(client: ApiClient, query: FixtureHistoryQuery) {
  const { fixtureId, oddsIds, ...range } = query;
  return queryOptions({
    queryKey: fixtureKeys.history(fixtureId, oddsIds, range),
    queryFn: () => client.fixtureHistory({ fixtureId, ...(oddsIds === undefined ? {} : { oddsIds }), ...range }),
    staleTime: HISTORY_STALE_MS,
  });
}

/** Bookmakers per request of a board's history: a 16-book fixture in four answers of ~350 KB. */
export const BOARD_HISTORY_BOOKS_PER_REQUEST = 4;

/**
 * Every recorded price of a fixture at `bookmakers` (the board at a past moment), asked by
 * bookmaker rather than by oddsId: the URL stays a few slugs long however many prices the board
 * has (a list of oddsIds would need one request per 100 to keep the request header small), and a
 * 16-book fixture costs 4 requests of the endpoint's 200 a minute. `final`: the fixture is over,
 * its history will not grow, so it is never refetched.
 */
export function fixtureBoardHistoryQuery(client: ApiClient, fixtureId: string, bookmakers: readonly string[], final: boolean) {
  const sorted = [...new Set(bookmakers)].sort();
  return queryOptions({
    queryKey: fixtureKeys.history(fixtureId, undefined, { bookmakers: sorted }),
    queryFn: async (): Promise<FixtureHistoricalOddsResponse> => {
      const groups: string[][] = [];
      for (let i = 0; i < sorted.length; i += BOARD_HISTORY_BOOKS_PER_REQUEST) groups.push(sorted.slice(i, i + BOARD_HISTORY_BOOKS_PER_REQUEST));
      const answers = await Promise.all(groups.map((group) => client.fixtureHistory({ fixtureId, bookmakers: group })));
      const odds: FixtureHistoricalOddsResponse['odds'] = {};
      // Each answer holds its own bookmakers: the merge never overwrites one with another.
      for (const answer of answers) Object.assign(odds, answer.odds);
      return { fixtureId, odds };
    },
    staleTime: final ? Number.POSITIVE_INFINITY : HISTORY_STALE_MS,
  });
}

export function fixtureClvQuery(client: ApiClient, fixtureId: string, query: ClvQuery = {}) {
  return queryOptions({
    queryKey: fixtureKeys.clv(fixtureId, query),
    queryFn: () => client.fixtureClv({ fixtureId, ...query }),
    staleTime: HISTORY_STALE_MS,
  });
}

/** A fixture's settlement: final once `settledAt` is set, so it is then never refetched. */
export function settlementQuery(client: ApiClient, fixtureId: string) {
  return queryOptions({
    queryKey: fixtureKeys.settlement(fixtureId),
    queryFn: () => client.settlement({ fixtureId }),
    staleTime: (query) => (query.state.data?.settledAt != null ? Number.POSITIVE_INFINITY : HISTORY_STALE_MS),
  });
}

// A fixture's current team news or live statistics. Only a seed: the stream keeps them current
// afterwards, so each is read once per visit and not retried (a service may not offer them).
const extrasSeed = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

export function fixtureInjuriesQuery(client: ApiClient, fixtureId: string) {
  return queryOptions({ queryKey: fixtureKeys.extras(fixtureId, 'injuries'), queryFn: () => client.fixtureInjuries({ fixtureIds: [fixtureId] }), ...extrasSeed });
}

export function fixtureLineupsQuery(client: ApiClient, fixtureId: string) {
  return queryOptions({ queryKey: fixtureKeys.extras(fixtureId, 'lineups'), queryFn: () => client.fixtureLineups({ fixtureIds: [fixtureId] }), ...extrasSeed });
}

export function fixtureStatsQuery(client: ApiClient, fixtureId: string) {
  return queryOptions({ queryKey: fixtureKeys.extras(fixtureId, 'stats'), queryFn: () => client.fixtureStats({ fixtureIds: [fixtureId] }), ...extrasSeed });
}

export function fixtureMappingQuery(client: ApiClient, fixtureIds: readonly string[]) {
  return queryOptions({ queryKey: fixtureKeys.mapping(fixtureIds), queryFn: () => client.mapping({ fixtureIds }), ...reference });
}

export function liveFuturesQuery(
  client: ApiClient,
  filters: { readonly sportId?: number; readonly tournamentId?: number; readonly bookmakers?: readonly string[] } = {},
) {
  return queryOptions({ queryKey: futureKeys.list(filters), queryFn: () => client.futuresLive(filters), staleTime: LIST_STALE_MS });
}

/** Futures in any state (`/futures`, our extension): a service without it fails with NotOfferedError. */
export function futuresQuery(client: ApiClient, filters: FuturesFilters = {}) {
  return queryOptions({ queryKey: futureKeys.byState(filters), queryFn: () => client.futures(filters), staleTime: LIST_STALE_MS });
}

/** One future's listing record in any state (`/futures?futureIds=`), or null when the service does not know it. */
export function futureQuery(client: ApiClient, futureId: string) {
  return queryOptions({
    queryKey: [...futureKeys.detail(futureId), 'view'] as const,
    queryFn: async () => (await client.futures({ futureIds: [futureId] }))[0] ?? null,
    staleTime: LIST_STALE_MS,
  });
}

/** Spec 4.8: without `oddsIds`, `bookmakers` must name exactly one bookmaker. */
export function futureHistoryQuery(client: ApiClient, futureId: string, query: ClvQuery = {}) {
  return queryOptions({
    queryKey: futureKeys.history(futureId, query),
    queryFn: () => client.futureHistory({ futureId, ...query }),
    staleTime: HISTORY_STALE_MS,
  });
}

export function futureClvQuery(client: ApiClient, futureId: string, query: ClvQuery = {}) {
  return queryOptions({
    queryKey: futureKeys.clv(futureId, query),
    queryFn: () => client.futureClv({ futureId, ...query }),
    staleTime: HISTORY_STALE_MS,
  });
}

/** An uncorrelated accumulator quote (spec 4.2) for up to 20 legs. */
export function parlayQuery(client: ApiClient, oddsIds: readonly string[]) {
  return queryOptions({ queryKey: parlayKeys.parlay(oddsIds), queryFn: () => client.parlay({ oddsIds }), staleTime: QUOTE_STALE_MS });
}

/** A correlated same-game parlay quote (spec 4.1) for up to 20 legs of one fixture. */
export function sgpQuery(client: ApiClient, oddsIds: readonly string[]) {
  return queryOptions({ queryKey: parlayKeys.sgp(oddsIds), queryFn: () => client.sgp({ oddsIds }), staleTime: QUOTE_STALE_MS });
}
