// Each selection's no-vig probability from every bookmaker's current prices of its market (the
// live book, seeded by the page), by the odds screen's consensus rule: only books that price the
// whole market, active, in an open market, neither suspended nor stale, count — the books the odds
// screen's fair column counts by default, so both pages show the same fair probability.
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { marketsByOutcomesQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { isBookmakerStale, type LiveBook } from '../../book/book.ts';
import { useLiveBook } from '../../book/use-book.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import { buildOddsId } from '../../domain/ids.ts';
import { consensusLegProbability, isExplainError } from '../../domain/price-explain.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import type { Selection } from './parlay-plan.ts';
import { useBookVersion } from './use-book-version.ts';

export type LegFair =
  | { readonly ok: true; readonly probability: number; readonly books: readonly string[] }
  | { readonly ok: false; readonly reason: string };

function marketOddsIds(selection: Selection, market: Market, bookmaker: string): string[] {
  return market.outcomes.map((o) => buildOddsId({ fixtureId: selection.fixtureId, bookmaker, outcomeId: o.outcomeId, playerId: selection.playerId }));
}

/** The no-vig probability of one selection from the book's current prices (see the module note). */
export function legFairFromBook(book: LiveBook, selection: Selection, market: Market | undefined, bookmakers: readonly string[], method: DevigMethod): LegFair {
  if (market === undefined) return { ok: false, reason: 'its market is not in the catalogue' };
  const index = market.outcomes.findIndex((o) => o.outcomeId === selection.outcomeId);
  if (index < 0 || market.outcomes.length !== market.marketLength) return { ok: false, reason: 'its market is not complete in the catalogue' };
  const prices: number[][] = [];
  const books: string[] = [];
  for (const bookmaker of bookmakers) {
    const meta = book.getBookmakerMeta(selection.fixtureId, bookmaker);
    if (meta !== undefined && (meta.meta.suspended || isBookmakerStale(meta))) continue;
    const row: number[] = [];
    for (const oddsId of marketOddsIds(selection, market, bookmaker)) {
      const entry = book.getOdds(oddsId);
      // A price of exactly 1 is a settled outcome: that book's market has nothing to de-vig.
      if (entry === undefined || !entry.active || !entry.marketActive || entry.price <= 1) break;
      row.push(entry.price);
    }
    if (row.length === market.outcomes.length) {
      prices.push(row);
      books.push(bookmaker);
    }
  }
  if (prices.length === 0) return { ok: false, reason: 'no bookmaker prices its whole market right now' };
  try {
    return { ok: true, probability: consensusLegProbability(prices, index, method), books };
  } catch (error) {
    if (isExplainError(error)) return { ok: false, reason: error.message };
    throw error;
  }
}

/** Per selectionKey, its no-vig probability (re-derived, throttled, as the book's prices move). */
export function useLegFair(selections: readonly Selection[], bookmakers: readonly string[], method: DevigMethod): ReadonlyMap<string, LegFair> {
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
    return new Map(selections.map((s) => [s.selectionKey, legFairFromBook(book, s, byOutcome.get(s.outcomeId), bookmakers, method)]));
  }, [version, selections, byOutcome, bookmakers, method, book]);
}
