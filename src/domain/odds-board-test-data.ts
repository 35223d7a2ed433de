// The odds board's test world, shared by the layout's and the values' tests: a small catalogue
// (1X2, two total lines, a first-period total, two lines of a player prop), a two-book snapshot
// over it, and random snapshots and book statuses over the same catalogue for the properties.
import fc from 'fast-check';
import type { FixtureOdds, OddsEntry } from '../wire/shared-schemas.ts';
import type { Market } from '../wire/reference-schemas.ts';
import { buildBoardLayout, type BoardLayout } from './odds-board-layout.ts';

export const FIXTURE = 'id1000001761301227';

export const market = (marketId: number, marketType: string, period: string, handicap: number, names: string[], playerProp = false): Market => ({
  marketId,
  marketLength: names.length,
  sportId: 10,
  playerProp,
  handicap,
  period,
  marketType,
  marketName: `${marketType} ${period} ${String(handicap)}`,
  marketNameShort: marketType,
  outcomes: names.map((outcomeName, i) => ({ outcomeId: marketId + i, outcomeName })),
});

const CATALOGUE: Market[] = [
  market(1001, '1x2', 'result', 0, ['1', 'X', '2']),
  market(1011, 'totals', 'result', 2.5, ['Over', 'Under']),
  market(1013, 'totals', 'result', 3.5, ['Over', 'Under']),
  market(1015, 'totals', 'p1', 0.5, ['Over', 'Under']),
  market(1021, 'players-shots', 'fulltime', 1.5, ['Over', 'Under'], true),
  market(1023, 'players-shots', 'fulltime', 2.5, ['Over', 'Under'], true),
];
export const MARKET_OF = new Map(CATALOGUE.map((m) => [m.marketId, m]));

export interface Quote {
  outcomeId: number;
  price: number;
  playerId?: number;
  active?: boolean;
  marketActive?: boolean;
  mainLine?: boolean;
}

function marketIdOf(outcomeId: number): number {
  const found = CATALOGUE.find((m) => m.outcomes.some((o) => o.outcomeId === outcomeId));
  return found?.marketId ?? outcomeId;
}

export const entry = (bookmaker: string, q: Quote): OddsEntry => ({
  bookmaker,
  outcomeId: q.outcomeId,
  playerId: q.playerId ?? 0,
  marketId: marketIdOf(q.outcomeId),
  active: q.active ?? true,
  marketActive: q.marketActive ?? true,
  mainLine: q.mainLine ?? true,
  price: q.price,
  priceAmerican: null,
  changedAt: 0,
});

export const oddsIdOf = (bookmaker: string, outcomeId: number, playerId = 0): string =>
  `${FIXTURE}:${bookmaker}:${String(outcomeId)}:${String(playerId)}`;

export function odds(books: Record<string, Quote[]>): FixtureOdds {
  const out: FixtureOdds = {};
  for (const [bookmaker, quotes] of Object.entries(books)) {
    out[bookmaker] = Object.fromEntries(quotes.map((q) => [oddsIdOf(bookmaker, q.outcomeId, q.playerId), entry(bookmaker, q)]));
  }
  return out;
}

export const SNAPSHOT = odds({
  pinnacle: [
    { outcomeId: 1001, price: 2.0 },
    { outcomeId: 1002, price: 3.5 },
    { outcomeId: 1003, price: 4.0 },
    { outcomeId: 1011, price: 2.1 },
    { outcomeId: 1012, price: 1.8 },
    { outcomeId: 1013, price: 2.9, mainLine: false },
    { outcomeId: 1014, price: 1.4, mainLine: false },
    { outcomeId: 1021, price: 1.9, playerId: 9, mainLine: false },
    { outcomeId: 1022, price: 1.9, playerId: 9, mainLine: false },
    { outcomeId: 1021, price: 2.2, playerId: 7, mainLine: false },
    { outcomeId: 1022, price: 1.65, playerId: 7, mainLine: false },
  ],
  bet365: [
    { outcomeId: 1001, price: 2.1 },
    { outcomeId: 1002, price: 3.4 },
    { outcomeId: 1003, price: 3.6 },
    { outcomeId: 1011, price: 1.95 },
    { outcomeId: 1012, price: 2.05 },
    { outcomeId: 1023, price: 3.0, playerId: 7, mainLine: false },
    { outcomeId: 1024, price: 1.36, playerId: 7, mainLine: false },
    { outcomeId: 1021, price: 2.25, playerId: 7, mainLine: false },
    { outcomeId: 1022, price: 1.6, playerId: 7, mainLine: false },
  ],
});

export const layoutOf = (snapshot: FixtureOdds = SNAPSHOT, extra: Partial<Parameters<typeof buildBoardLayout>[0]> = {}): BoardLayout =>
  buildBoardLayout({ fixtureId: FIXTURE, odds: snapshot, markets: CATALOGUE, ...extra });

// Random snapshots of the catalogue above, for the properties.
export const BOOKS = ['a-book', 'b-book', 'c-book', 'd-book'];
const price = fc.integer({ min: 101, max: 2000 }).map((cents) => cents / 100);
const quoteArb = (outcomeId: number, playerId: number) =>
  fc.record({
    present: fc.boolean(),
    price,
    active: fc.constantFrom(true, true, true, false),
    marketActive: fc.constantFrom(true, true, true, false),
    mainLine: fc.boolean(),
  }).map((q) => ({ ...q, outcomeId, playerId }));

const SLOTS = CATALOGUE.flatMap((m) => (m.playerProp ? [7, 9] : [0]).flatMap((playerId) => m.outcomes.map((o) => ({ outcomeId: o.outcomeId, playerId }))));

export const snapshotArb = fc
  .tuple(...BOOKS.map(() => fc.tuple(...SLOTS.map((s) => quoteArb(s.outcomeId, s.playerId)))))
  .map((perBook) => {
    const books: Record<string, Quote[]> = {};
    perBook.forEach((quotes, i) => {
      const present = quotes.filter((q) => q.present);
      if (present.length > 0) books[BOOKS[i] ?? ''] = present;
    });
    return odds(books);
  });

export const statusArb = fc.array(fc.record({ suspended: fc.boolean(), stale: fc.boolean() }), { minLength: BOOKS.length, maxLength: BOOKS.length }).map(
  (list) => new Map(list.map((s, i) => [BOOKS[i] ?? '', s])),
);
