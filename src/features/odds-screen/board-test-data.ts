// Test data for the odds screen's tests: a fixture with many two-way totals lines quoted by
// three bookmakers, its catalogue records, and a live book holding it.
import { LiveBook, type BookSnapshot } from '../../book/book.ts';
import { FIXTURE_ID, fixtureView, meta } from '../../book/book-test-data.ts';
import type { BookmakerFixtureMeta, FixtureOdds, OddsEntry } from '../../wire/shared-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';

export { FIXTURE_ID };
export const BOOKS = ['alpha', 'beta', 'gamma'] as const;
export const MARKET_COUNT = 40;
export const UPDATED_AT = '2026-01-01T00:00:00Z';

/** `GET /bookmakers` records of the books: names in capitals. */
export const BOOKMAKER_RECORDS = BOOKS.map((bookmaker) => ({
  bookmaker,
  bookmakerName: bookmaker.toUpperCase(),
  maxDelayLiveInSec: 10,
  maxDelayPregameInSec: 60,
  maxDelayPregameMainInSec: null,
}));

/** marketId of line `i` (0-based); its outcomes are Over `2i + 10000` and Under `2i + 10001`. */
export const marketIdOf = (i: number): number => 1000 + i;
export const overOf = (i: number): number => 10000 + 2 * i;
export const underOf = (i: number): number => 10001 + 2 * i;
export const oddsIdOf = (bookmaker: string, outcomeId: number): string => `${FIXTURE_ID}:${bookmaker}:${String(outcomeId)}:0`;

export function catalogue(count = MARKET_COUNT): Market[] {
  return Array.from({ length: count }, (_, i) => ({
    marketId: marketIdOf(i),
    marketLength: 2,
    sportId: 10,
    playerProp: false,
    handicap: 0.5 + i,
    period: 'result',
    marketType: 'totals',
    marketName: `Total goals ${String(0.5 + i)}`,
    marketNameShort: `O/U ${String(0.5 + i)}`,
    outcomes: [
      { outcomeId: overOf(i), outcomeName: `Over ${String(0.5 + i)}` },
      { outcomeId: underOf(i), outcomeName: `Under ${String(0.5 + i)}` },
    ],
  }));
}

export function entry(bookmaker: string, i: number, outcomeId: number, price: number, extra: Partial<OddsEntry> = {}): OddsEntry {
  return {
    bookmaker,
    outcomeId,
    playerId: 0,
    marketId: marketIdOf(i),
    active: true,
    marketActive: true,
    mainLine: true,
    price,
    priceAmerican: price >= 2 ? Math.round(100 * (price - 1)) : Math.round(-100 / (price - 1)),
    changedAt: 1_000,
    ...extra,
  };
}

/** Every line quoted by every book: alpha 1.90/1.90, beta 1.95/1.85, gamma 1.85/1.95 (beta best on Over, gamma on Under). */
export function fixtureOdds(count = MARKET_COUNT): FixtureOdds {
  const prices: Readonly<Record<string, readonly [number, number]>> = { alpha: [1.9, 1.9], beta: [1.95, 1.85], gamma: [1.85, 1.95] };
  const odds: Record<string, Record<string, OddsEntry>> = {};
  for (const bookmaker of BOOKS) {
    const [over, under] = prices[bookmaker] ?? [2, 2];
    const byId: Record<string, OddsEntry> = {};
    for (let i = 0; i < count; i++) {
      byId[oddsIdOf(bookmaker, overOf(i))] = entry(bookmaker, i, overOf(i), over);
      byId[oddsIdOf(bookmaker, underOf(i))] = entry(bookmaker, i, underOf(i), under);
    }
    odds[bookmaker] = byId;
  }
  return odds;
}

export function metas(extra: Partial<Record<string, Partial<BookmakerFixtureMeta>>> = {}): Record<string, BookmakerFixtureMeta> {
  return Object.fromEntries(BOOKS.map((b) => [b, meta(b, UPDATED_AT, extra[b] ?? {})]));
}

export function snapshot(odds: FixtureOdds, bookmakers: Record<string, BookmakerFixtureMeta>): BookSnapshot {
  return {
    channels: ['fixtures', 'odds', 'bookmakers'],
    fixtureIds: [FIXTURE_ID],
    futureIds: [],
    bookmakers: [...BOOKS],
    fixtures: [fixtureView(FIXTURE_ID, 1)],
    odds: [{ fixtureId: FIXTURE_ID, odds, bookmakers }],
    futuresOdds: [],
  };
}

/** A book holding the fixture (meta `updatedAt` in the past, but no bounds are set: nothing is overdue). */
export function seededBook(odds = fixtureOdds(), bookmakers = metas()): LiveBook {
  const book = new LiveBook({ now: () => Date.parse(UPDATED_AT) + 1_000 });
  book.seed(snapshot(odds, bookmakers), true);
  book.flush();
  return book;
}

/** An `odds` frame moving some prices of the fixture. */
export function oddsUpdate(entries: readonly OddsEntry[], seq: number) {
  const odds: Record<string, Record<string, OddsEntry>> = {};
  for (const e of entries) (odds[e.bookmaker] ??= {})[oddsIdOf(e.bookmaker, e.outcomeId)] = e;
  return {
    op: 'update' as const,
    frame: { channel: 'odds' as const, type: 'UPDATE' as const, ts: 2_000, entryId: `2000-${String(seq)}`, payload: { fixtureId: FIXTURE_ID, odds } },
  };
}
