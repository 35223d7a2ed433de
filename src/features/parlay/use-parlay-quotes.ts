// The data of the parlay page: the legs' fixtures seeded into the live book (every market, so the
// fair probabilities can read every bookmaker's prices), then the accumulator and SGP quotes of
// every bookmaker, fanned out in requests of at most 20 oddsIds through the client's scheduler and
// asked again (throttled) whenever one of the legs moves in the book.
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { parlayQuery, sgpQuery } from '../../api/queries.ts';
import { fixturesOddsSeedQuery } from '../../api/seed-queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import type { BookSnapshot } from '../../book/book.ts';
import { snapshotOf } from '../../book/snapshot-of.ts';
import { useOddsInterest } from '../../book/use-book.ts';
import { useBookSeed } from '../../book/use-book-seed.ts';
import type { FixtureViewWithOdds } from '../../wire/rest-schemas.ts';
import { isSameGame, planRequests, readQuotes, type BookmakerQuote, type QuoteRequest, type Selection } from './parlay-plan.ts';
import { useBookVersion } from './use-book-version.ts';

/** The quotes are asked again at most this often while legs move. */
export const QUOTE_REFRESH_MS = 2_000;

const NO_IDS: readonly string[] = [];

/** The legs' fixtures as the book takes them: views, every price and every bookmaker's meta. */
function fixturesSnapshot(views: readonly FixtureViewWithOdds[]): BookSnapshot {
  return snapshotOf({ views, odds: views, metas: views });
}

// The bookmakers of the requests whose query failed (results line up with requests).
function bookmakersOfFailed(requests: readonly QuoteRequest[], results: readonly { readonly isError: boolean }[]): Set<string> {
  return new Set(requests.flatMap((r, i) => (results[i]?.isError === true ? r.bookmakers : [])));
}

export interface ParlayQuotes {
  /** The bookmakers compared, in slug order. */
  readonly bookmakers: readonly string[];
  readonly requests: readonly QuoteRequest[];
  /** Per bookmaker, once its request's answers are in. */
  readonly quotes: ReadonlyMap<string, BookmakerQuote>;
  readonly sameGame: boolean;
  readonly seedError: unknown;
  /** The failure of every accumulator and SGP request that failed (403, 501, 502, 404...), for one notice. */
  readonly quoteErrors: readonly unknown[];
  /** Bookmakers whose accumulator request failed. */
  readonly accumulatorFailed: ReadonlySet<string>;
  /** Bookmakers whose SGP request failed (same game only). */
  readonly sgpFailed: ReadonlySet<string>;
  readonly loading: boolean;
  /** Every oddsId whose price feeds the page (the legs at every bookmaker). */
  readonly legOddsIds: readonly string[];
}

/**
 * Quotes of the selections at every bookmaker: `chosenBookmakers` (empty: every bookmaker with
 * odds on the legs' fixtures) and the legs' own `legBookmakers`. An SGP is asked only when every selection is on one fixture.
 */
export function useParlayQuotes(selections: readonly Selection[], chosenBookmakers: readonly string[], legBookmakers: readonly string[]): ParlayQuotes {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const fixtureIds = useMemo(() => [...new Set(selections.map((s) => s.fixtureId))].sort(), [selections]);
  useOddsInterest(fixtureIds);
  const seed = useQuery({ ...fixturesOddsSeedQuery(client, 'parlay', fixtureIds, chosenBookmakers), enabled: fixtureIds.length > 0 });
  useBookSeed(seed.data, fixturesSnapshot);

  const bookmakers = useMemo(() => {
    // The legs' own bookmakers always take part: they were picked, and an unknown leg must still
    // be asked for so that the service can report it missing.
    const base = chosenBookmakers.length > 0 ? chosenBookmakers : (seed.data ?? []).flatMap((v) => [...Object.keys(v.bookmakers), ...Object.keys(v.odds)]);
    return [...new Set([...base, ...legBookmakers])].sort();
  }, [chosenBookmakers, legBookmakers, seed.data]);

  const sameGame = isSameGame(selections);
  const requests = useMemo(() => planRequests(selections, bookmakers), [selections, bookmakers]);
  const enabled = seed.isSuccess || seed.isError;

  const parlayResults = useQueries({ queries: requests.map((r) => ({ ...parlayQuery(client, r.oddsIds), enabled })) });
  const sgpResults = useQueries({ queries: requests.map((r) => ({ ...sgpQuery(client, r.oddsIds), enabled: enabled && sameGame, retry: false })) });

  const legOddsIds = useMemo(() => requests.flatMap((r) => r.oddsIds), [requests]);
  // Heard from the first quote request on: the seed itself (in the same commit) is not a leg moving.
  const version = useBookVersion(enabled ? legOddsIds : NO_IDS, QUOTE_REFRESH_MS);
  const lastVersion = useRef(version);
  useEffect(() => {
    if (version === lastVersion.current) return;
    lastVersion.current = version;
    // A leg moved: ask again for exactly the quotes of this page (not every cached parlay).
    for (const r of requests) {
      void queryClient.invalidateQueries({ queryKey: parlayQuery(client, r.oddsIds).queryKey, exact: true });
      if (sameGame) void queryClient.invalidateQueries({ queryKey: sgpQuery(client, r.oddsIds).queryKey, exact: true });
    }
  }, [version, requests, sameGame, client, queryClient]);

  const quotes = new Map<string, BookmakerQuote>();
  requests.forEach((request, i) => {
    const parlay = parlayResults[i]?.data;
    const sgp = sameGame ? sgpResults[i]?.data : undefined;
    if (parlay === undefined && sgp === undefined) return;
    for (const quote of readQuotes(selections, { request, parlay, sgp })) quotes.set(quote.bookmaker, quote);
  });

  return {
    bookmakers,
    requests,
    quotes,
    sameGame,
    seedError: seed.error,
    quoteErrors: parlayResults.map((r) => r.error).concat(sameGame ? sgpResults.map((r) => r.error) : []),
    accumulatorFailed: bookmakersOfFailed(requests, parlayResults),
    sgpFailed: sameGame ? bookmakersOfFailed(requests, sgpResults) : new Set(),
    loading: seed.isPending && fixtureIds.length > 0 ? true : parlayResults.some((r) => r.isPending),
    legOddsIds,
  };
}
