// The board's layout for one fixture: built from the live book once per snapshot (the seed),
// and rebuilt only when a price arrives that has no cell (a new market, line, player or
// bookmaker). Checking for such prices is throttled, so a busy stream costs one scan a second.
import { useEffect, useMemo, useState } from 'react';
import type { LiveBook } from '../../book/book.ts';
import { useLiveBook } from '../../book/use-book.ts';
import { BoardError, buildBoardLayout, type BoardLayout } from '../../domain/odds-board-layout.ts';
import type { FixtureOdds } from '../../wire/shared-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';

/** How often, at most, the book is scanned for prices the layout has no cell for. */
export const LAYOUT_CHECK_MS = 1_000;

export interface LayoutInput {
  readonly fixtureId: string;
  /** Changes with every seed of the fixture (a new snapshot means a new layout); 0 while not seeded. */
  readonly seededAt: number;
  /** The catalogue records (the sport's markets); undefined while loading. */
  readonly catalogue: readonly Market[] | undefined;
  /** Chosen bookmakers (columns in this order); empty: every bookmaker of the key. */
  readonly bookmakers: readonly string[];
}

function oddsOf(book: LiveBook, fixtureId: string, bookmakers: readonly string[]): FixtureOdds {
  const odds = book.fixtureOdds(fixtureId);
  if (bookmakers.length === 0) return odds;
  const chosen = new Set(bookmakers);
  return Object.fromEntries(Object.entries(odds).filter(([bookmaker]) => chosen.has(bookmaker)));
}

/** Every oddsId that has a cell, for the cheap "is anything new?" scan. */
function cellIds(layout: BoardLayout): Set<string> {
  const ids = new Set<string>();
  for (const market of layout.markets.values()) for (const row of market.rows) for (const oddsId of row.oddsIds) ids.add(oddsId);
  return ids;
}

export type LayoutResult = { readonly layout: BoardLayout; readonly error: null } | { readonly layout: null; readonly error: BoardError | null };

/** Builds the layout from what the book holds for the fixture; a BoardError (inconsistent data) is returned, not thrown. */
export function layoutFromBook(book: LiveBook, input: Omit<LayoutInput, 'seededAt'> & { readonly catalogue: readonly Market[] }): LayoutResult {
  const bookmakers = book.fixtureBookmakers(input.fixtureId);
  const chosen = input.bookmakers.length === 0 ? null : new Set(input.bookmakers);
  try {
    const layout = buildBoardLayout({
      fixtureId: input.fixtureId,
      odds: oddsOf(book, input.fixtureId, input.bookmakers),
      markets: input.catalogue,
      bookmakers: chosen === null ? bookmakers : Object.fromEntries(Object.entries(bookmakers).filter(([slug]) => chosen.has(slug))),
      bookmakerOrder: input.bookmakers,
    });
    return { layout, error: null };
  } catch (error) {
    if (error instanceof BoardError) return { layout: null, error };
    throw error;
  }
}

/**
 * The layout of the fixture's board, or null until the catalogue is there. Rebuilt when a seed
 * lands (`seededAt`), the catalogue or the chosen bookmakers change, or — checked at most every
 * {@link LAYOUT_CHECK_MS} — the book holds a price of the fixture without a cell.
 */
export function useBoardLayout(input: LayoutInput): LayoutResult {
  const book = useLiveBook();
  const { fixtureId, seededAt, catalogue, bookmakers } = input;
  // Bumped when the book holds a price the layout has no cell for.
  const [generation, setGeneration] = useState(0);
  const result = useMemo(
    (): LayoutResult =>
      catalogue === undefined || seededAt === 0 ? { layout: null, error: null } : layoutFromBook(book, { fixtureId, catalogue, bookmakers }),
    // `generation` is a trigger only: the book itself is mutable, and a bump means it holds new cells.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [book, fixtureId, catalogue, bookmakers, generation, seededAt],
  );

  const { layout } = result;
  useEffect(() => {
    if (layout === null) return;
    const known = cellIds(layout);
    const chosen = bookmakers.length === 0 ? null : new Set(bookmakers);
    let lastCheck = performance.now();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const check = (): void => {
      timer = null;
      lastCheck = performance.now();
      const odds = book.fixtureOdds(fixtureId);
      for (const bookmaker in odds) {
        if (chosen !== null && !chosen.has(bookmaker)) continue;
        for (const oddsId in odds[bookmaker]) {
          if (!known.has(oddsId)) {
            setGeneration((g) => g + 1);
            return;
          }
        }
      }
    };
    const unsubscribe = book.subscribeAny(() => {
      if (timer !== null) return;
      // One pending check at a time, at most one per LAYOUT_CHECK_MS.
      timer = setTimeout(check, Math.max(0, LAYOUT_CHECK_MS - (performance.now() - lastCheck)));
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [book, layout, fixtureId, bookmakers]);

  return result;
}
