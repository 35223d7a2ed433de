// Each selection's no-vig probability from the bookmakers' current prices of its market (the
// live book, seeded by the page), under the trader's chosen fair line (src/domain/fair-line.ts),
// as the odds screen's fair column computes it: only books the line weighs that price the whole
// market, active, in an open market, neither suspended nor stale, count, so both pages show the
// same fair probability for one selection.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { marketsByOutcomesQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { isBookmakerStale, type LiveBook } from '../../book/book.ts';
import { useLiveBook } from '../../book/use-book.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import { describeFairLineFailure, EQUAL_CONSENSUS, fairLineProbabilities, type FairLine, type FairLineBook, type FairLineQuote } from '../../domain/fair-line.ts';
import { buildOddsId } from '../../domain/ids.ts';
import { isExplainError } from '../../domain/price-explain.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import type { Selection } from './parlay-plan.ts';
import { useBookVersion } from './use-book-version.ts';

export type LegFair =
  | {
      readonly ok: true;
      readonly probability: number;
      /** The books the fair line is made of (slugs), in the order given. */
      readonly books: readonly string[];
      /** The same books with their weights and prices, for the formula on hover. */
      readonly used: readonly FairLineBook[];
    }
  | { readonly ok: false; readonly reason: string };

function marketOddsIds(selection: Selection, market: Market, bookmaker: string): string[] {
  return market.outcomes.map((o) => buildOddsId({ fixtureId: selection.fixtureId, bookmaker, outcomeId: o.outcomeId, playerId: selection.playerId }));
}

/**
 * The no-vig probability of one selection from the book's current prices under `fairLine`
 * (default the equal consensus of every counting book; see the module note).
 */
export function legFairFromBook(
  book: LiveBook,
  selection: Selection,
  market: Market | undefined,
  bookmakers: readonly string[],
  method: DevigMethod,
  fairLine: FairLine = EQUAL_CONSENSUS,
): LegFair {
  if (market === undefined) return { ok: false, reason: 'its market is not in the catalogue' };
  const index = market.outcomes.findIndex((o) => o.outcomeId === selection.outcomeId);
  if (index < 0 || market.outcomes.length !== market.marketLength) return { ok: false, reason: 'its market is not complete in the catalogue' };
  const quotes: FairLineQuote[] = bookmakers.map((bookmaker) => {
    const meta = book.getBookmakerMeta(selection.fixtureId, bookmaker);
    const row: number[] = [];
    for (const oddsId of marketOddsIds(selection, market, bookmaker)) {
      const entry = book.getOdds(oddsId);
      // A price of exactly 1 is a settled outcome: that book's market has nothing to de-vig.
      if (entry === undefined || !entry.active || !entry.marketActive || entry.price <= 1) break;
      row.push(entry.price);
    }
    return {
      bookmaker,
      prices: row.length === market.outcomes.length ? row : null,
      stale: meta !== undefined && isBookmakerStale(meta),
      suspended: meta?.meta.suspended === true,
    };
  });
  try {
    const result = fairLineProbabilities(fairLine, quotes, method);
    const probability = result.probabilities?.[index];
    if (result.failure !== null || probability === undefined) {
      const failure = result.failure;
      // Nothing counts at all: said as plainly as before fair lines existed.
      if (failure === null || (failure.kind === 'too-few-books' && failure.counted === 0)) return { ok: false, reason: 'no bookmaker prices its whole market right now' };
      return { ok: false, reason: describeFairLineFailure(failure) };
    }
    return { ok: true, probability, books: result.used.map((b) => b.bookmaker), used: result.used };
  } catch (error) {
    if (isExplainError(error)) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Per selectionKey, its no-vig probability (re-derived, throttled, as the book's prices move). */
export function useLegFair(selections: readonly Selection[], bookmakers: readonly string[], method: DevigMethod, fairLine: FairLine): ReadonlyMap<string, LegFair> {
  const client = useApiClient();
  const book = useLiveBook();
  const outcomeIds = useMemo(() => [...new Set(selections.map((s) => s.outcomeId))].sort((a, b) => a - b), [selections]);
  const markets = useQuery({ ...marketsByOutcomesQuery(client, outcomeIds), enabled: outcomeIds.length > 0 });
  const byOutcome = useMemo(
    () => new Map((markets.data ?? []).flatMap((m) => m.outcomes.map((o) => [o.outcomeId, m] as const))),
    [markets.data],
  );
  const watched = useMemo(
    () =>
      selections.flatMap((s) => {
        const market = byOutcome.get(s.outcomeId);
        return market === undefined ? [] : bookmakers.flatMap((b) => marketOddsIds(s, market, b));
      }),
    [selections, bookmakers, byOutcome],
  );
  const version = useBookVersion(watched, 1_000);
  return useMemo(() => {
    // Keyed on `version` so the memo follows the book (the book itself is mutable).
    if (version < 0) return new Map<string, LegFair>();
    return new Map(selections.map((s) => [s.selectionKey, legFairFromBook(book, s, byOutcome.get(s.outcomeId), bookmakers, method, fairLine)]));
  }, [version, selections, byOutcome, bookmakers, method, fairLine, book]);
}
