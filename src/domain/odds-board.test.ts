import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FixtureOdds, OddsEntry } from '../wire/shared-schemas.ts';
import type { Market } from '../wire/reference-schemas.ts';
import { devig } from './devig.ts';
import { MarketError } from './market.ts';
import {
  BoardError,
  boardMarketsInOrder,
  buildBoardLayout,
  cellOf,
  marketValues,
  snapshotLookup,
} from './odds-board.ts';
import type { BoardLayout, BookStatus, EntryLookup, MarketValues, ValuesOptions } from './odds-board.ts';

const FIXTURE = 'id1000001761301227';

const market = (marketId: number, marketType: string, period: string, handicap: number, names: string[], playerProp = false): Market => ({
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
const MARKET_OF = new Map(CATALOGUE.map((m) => [m.marketId, m]));

interface Quote {
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

const entry = (bookmaker: string, q: Quote): OddsEntry => ({
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

const oddsIdOf = (bookmaker: string, outcomeId: number, playerId = 0): string =>
  `${FIXTURE}:${bookmaker}:${String(outcomeId)}:${String(playerId)}`;

function odds(books: Record<string, Quote[]>): FixtureOdds {
  const out: FixtureOdds = {};
  for (const [bookmaker, quotes] of Object.entries(books)) {
    out[bookmaker] = Object.fromEntries(quotes.map((q) => [oddsIdOf(bookmaker, q.outcomeId, q.playerId), entry(bookmaker, q)]));
  }
  return out;
}

const SNAPSHOT = odds({
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

const layoutOf = (snapshot: FixtureOdds = SNAPSHOT, extra: Partial<Parameters<typeof buildBoardLayout>[0]> = {}): BoardLayout =>
  buildBoardLayout({ fixtureId: FIXTURE, odds: snapshot, markets: CATALOGUE, ...extra });

const MULT: ValuesOptions = { method: 'multiplicative' };

/** The values of every market of a board, as the screen asks for them: one market at a time. */
function* everyMarket(layout: BoardLayout, lookup: EntryLookup, options: ValuesOptions): Generator<readonly [string, MarketValues]> {
  for (const key of layout.markets.keys()) yield [key, marketValues(layout, key, lookup, options)];
}

describe('buildBoardLayout: structure', () => {
  it('groups markets by type in the trader order, with player props last', () => {
    const layout = layoutOf();
    expect(layout.groups.map((g) => g.marketType)).toEqual(['1x2', 'totals', 'players-shots']);
    expect(layout.groups.map((g) => g.playerProp)).toEqual([false, false, true]);
  });

  it('orders columns by the given preference, then the remaining books by slug', () => {
    expect(layoutOf().columns).toEqual(['bet365', 'pinnacle']);
    const preferred = layoutOf(SNAPSHOT, { bookmakerOrder: ['pinnacle', 'absent', 'pinnacle'] });
    expect(preferred.columns).toEqual(['pinnacle', 'bet365']);
  });

  it('gives a column to a bookmaker that has a meta but no prices yet', () => {
    const meta = {
      bookmaker: 'kalshi',
      bookmakerFixtureId: null,
      fixturePath: null,
      hasOdds: false,
      staleOdds: false,
      staleOddsResponseCode: null,
      suspended: false,
      participantsRotated: false,
      meta: null,
      updatedAt: '2026-11-22T07:00:00Z',
    };
    expect(layoutOf(SNAPSHOT, { bookmakers: { kalshi: meta } }).columns).toEqual(['bet365', 'kalshi', 'pinnacle']);
  });

  it('puts main lines first and the other lines of the family among the alternates', () => {
    const totals = layoutOf().groups[1];
    expect(totals?.periods.map((p) => p.period)).toEqual(['result']);
    const family = totals?.periods[0]?.families[0];
    expect(family?.key).toBe('totals|result|0');
    expect(family?.main.map((m) => m.marketId)).toEqual([1011]);
    expect(family?.alternates.map((m) => m.marketId)).toEqual([1013]);
  });

  it('groups player props by player, each player with its own lines', () => {
    const props = layoutOf().groups[2]?.periods[0]?.families ?? [];
    expect(props.map((f) => f.key)).toEqual(['players-shots|fulltime|7', 'players-shots|fulltime|9']);
    expect(props.map((f) => f.playerId)).toEqual([7, 9]);
  });

  it('shows the most widely quoted line as main when no book marks one', () => {
    // Player 7: line 1.5 quoted by two books, 2.5 by one; nobody marks a main line.
    const player7 = layoutOf().groups[2]?.periods[0]?.families[0];
    expect(player7?.main.map((m) => m.marketId)).toEqual([1021]);
    expect(player7?.alternates.map((m) => m.marketId)).toEqual([1023]);
    expect(player7?.main[0]?.mainLine).toBe(true);
    expect(player7?.alternates[0]?.mainLine).toBe(false);
  });

  it('lists rows in the catalogue order with outcome names, one oddsId per column', () => {
    const m = layoutOf().markets.get('1001:0');
    expect(m?.rows.map((r) => [r.key, r.outcomeName])).toEqual([
      ['1001:0', '1'],
      ['1002:0', 'X'],
      ['1003:0', '2'],
    ]);
    expect(m?.rows[0]?.oddsIds).toEqual([oddsIdOf('bet365', 1001), oddsIdOf('pinnacle', 1001)]);
  });

  it('gives an unquoted outcome the oddsId a later price will have', () => {
    const layout = layoutOf();
    const row = layout.markets.get('1013:0')?.rows[0];
    expect(row?.oddsIds[0]).toBe(oddsIdOf('bet365', 1013));
    expect(cellOf(layout, oddsIdOf('bet365', 1013))).toEqual({ marketKey: '1013:0', rowIndex: 0, columnIndex: 0 });
  });

  it('has no cell for a bookmaker, market, player or fixture it has not seen', () => {
    const layout = layoutOf();
    expect(cellOf(layout, oddsIdOf('circa', 1001))).toBeUndefined();
    expect(cellOf(layout, oddsIdOf('pinnacle', 1031))).toBeUndefined();
    expect(cellOf(layout, oddsIdOf('pinnacle', 1021, 8))).toBeUndefined();
    expect(cellOf(layout, `id1000001761309999:pinnacle:1001:0`)).toBeUndefined();
  });

  it('has no cell for a malformed or non-canonical oddsId', () => {
    const layout = layoutOf();
    expect(cellOf(layout, 'nonsense')).toBeUndefined();
    expect(cellOf(layout, `${FIXTURE}:pinnacle:01001:0`)).toBeUndefined();
  });

  it('rejects one outcome filed under two markets', () => {
    const a = entry('pinnacle', { outcomeId: 1001, price: 2 });
    const snapshot: FixtureOdds = { pinnacle: { [oddsIdOf('pinnacle', 1001)]: a }, bet365: { [oddsIdOf('bet365', 1001)]: { ...a, bookmaker: 'bet365', marketId: 1011 } } };
    expect(() => layoutOf(snapshot)).toThrow(/outcomeId 1001 is filed under marketIds/);
  });

  it('files a market missing from the catalogue in a last group of its own', () => {
    const snapshot = odds({ pinnacle: [{ outcomeId: 1001, price: 2 }, { outcomeId: 1099, price: 1.5 }, { outcomeId: 1100, price: 2.5 }] });
    const layout = layoutOf(snapshot);
    const last = layout.groups.at(-1);
    expect(last?.marketType).toBeNull();
    expect(last?.periods[0]?.period).toBeNull();
    expect(last?.periods[0]?.families[0]?.main.map((m) => m.rows.map((r) => [r.outcomeId, r.outcomeName, r.catalogued]))).toEqual([
      [[1099, null, false]],
      [[1100, null, false]],
    ]);
    expect(layout.uncataloguedMarketIds).toEqual([1099, 1100]);
  });

  it('adds a row after the catalogued ones for an outcome the catalogue does not list', () => {
    const stray = { ...entry('pinnacle', { outcomeId: 1001, price: 9 }), outcomeId: 1009 };
    const snapshot: FixtureOdds = { pinnacle: { [oddsIdOf('pinnacle', 1009)]: stray } };
    const rows = layoutOf(snapshot).markets.get('1001:0')?.rows ?? [];
    expect(rows.map((r) => [r.outcomeId, r.catalogued])).toEqual([
      [1001, true],
      [1002, true],
      [1003, true],
      [1009, false],
    ]);
  });

  it('rejects two oddsIds claiming one cell, naming both', () => {
    const a = entry('pinnacle', { outcomeId: 1001, price: 2 });
    const snapshot: FixtureOdds = { pinnacle: { 'x:1': a, 'x:2': a } };
    expect(() => layoutOf(snapshot)).toThrow(BoardError);
    expect(() => layoutOf(snapshot)).toThrow(/x:1 and x:2/);
  });

  it('accepts the catalogue as a map as well as a list', () => {
    const fromMap = buildBoardLayout({ fixtureId: FIXTURE, odds: SNAPSHOT, markets: MARKET_OF });
    expect(boardMarketsInOrder(fromMap).map((m) => m.key)).toEqual(boardMarketsInOrder(layoutOf()).map((m) => m.key));
  });

  it('lists markets in display order, optionally without the alternates', () => {
    const layout = layoutOf();
    expect(boardMarketsInOrder(layout).map((m) => m.key)).toEqual(['1001:0', '1011:0', '1013:0', '1021:7', '1023:7', '1021:9']);
    expect(boardMarketsInOrder(layout, false).map((m) => m.key)).toEqual(['1001:0', '1011:0', '1021:7', '1021:9']);
  });
});

describe('marketValues: hand-worked examples', () => {
  const layout = layoutOf();
  const lookup = snapshotLookup(SNAPSHOT);

  it('takes the best price per outcome across books and flags its cells', () => {
    const values = marketValues(layout, '1001:0', lookup, MULT);
    expect(values.rows.map((r) => r.best)).toEqual([
      { price: 2.1, netPrice: 2.1, bookmakers: ['bet365'] },
      { price: 3.5, netPrice: 3.5, bookmakers: ['pinnacle'] },
      { price: 4, netPrice: 4, bookmakers: ['pinnacle'] },
    ]);
    expect(values.rows[0]?.cells.map((c) => c.best)).toEqual([true, false]);
  });

  it('gives each book its overround: 1/28 for 2.00/3.50/4.00 and 103/2142 for 2.10/3.40/3.60', () => {
    const values = marketValues(layout, '1001:0', lookup, MULT);
    expect(values.overround[0]).toBeCloseTo(103 / 2142, 14);
    expect(values.overround[1]).toBeCloseTo(1 / 28, 14);
  });

  it('has no overround for a book missing an outcome', () => {
    expect(marketValues(layout, '1013:0', lookup, MULT).overround).toEqual([null, expect.any(Number)]);
  });

  it('de-vigs the consensus book, the mean implied probability of each outcome', () => {
    // Mean implied: (1/2 + 1/2.1)/2 = 41/84, (1/3.5 + 1/3.4)/2 = 69/238, (1/4 + 1/3.6)/2 = 19/72;
    // multiplicative divides each by their sum.
    const values = marketValues(layout, '1001:0', lookup, MULT);
    const implied = [41 / 84, 69 / 238, 19 / 72];
    const total = implied.reduce((x, y) => x + y, 0);
    values.rows.forEach((row, i) => {
      expect(row.fair?.probability).toBeCloseTo((implied[i] ?? 0) / total, 14);
      expect(row.fair?.price).toBeCloseTo(total / (implied[i] ?? 1), 13);
    });
    expect(values.fairBooks).toEqual(['bet365', 'pinnacle']);
  });

  it('takes the lowest method for worst case and spans the four methods in the range', () => {
    const values = marketValues(layout, '1001:0', lookup, { method: 'worst-case' });
    const consensusBook = [84 / 41, 238 / 69, 72 / 19];
    const methods = ['multiplicative', 'additive', 'power', 'shin'] as const;
    const worst = devig(consensusBook, 'worst-case');
    values.rows.forEach((row, i) => {
      const probabilities = methods.map((m) => devig(consensusBook, m)[i] ?? 0);
      expect(row.fair?.probability).toBeCloseTo(worst[i] ?? 0, 14);
      expect(row.fair?.range?.min).toBeCloseTo(1 / Math.max(...probabilities), 12);
      expect(row.fair?.range?.max).toBeCloseTo(1 / Math.min(...probabilities), 12);
    });
  });

  it('leaves additive out where it is undefined: no additive fair price, and a range of the other three', () => {
    // π = 0.952, 0.0667, 0.0025; Σπ − 1 = 0.0212, a share of 0.0071 per outcome > 0.0025.
    const prices = [1.05, 15, 400];
    expect(() => devig(prices, 'additive')).toThrow(/additive/);
    const snapshot = odds({ pinnacle: prices.map((price, i) => ({ outcomeId: 1001 + i, price })) });
    const board = layoutOf(snapshot);
    const additive = marketValues(board, '1001:0', snapshotLookup(snapshot), { method: 'additive' });
    expect(additive.rows.map((r) => r.fair)).toEqual([null, null, null]);
    const shin = marketValues(board, '1001:0', snapshotLookup(snapshot), { method: 'shin' });
    const others = (['multiplicative', 'power', 'shin'] as const).map((m) => 1 / (devig(prices, m)[2] ?? 1));
    expect(shin.rows[2]?.fair?.range?.min).toBeCloseTo(Math.min(...others), 12);
    expect(shin.rows[2]?.fair?.range?.max).toBeCloseTo(Math.max(...others), 12);
  });

  it('de-vigs by the selected method alone, with no range, when the range is not wanted', () => {
    const values = marketValues(layout, '1001:0', lookup, { method: 'power', range: false });
    const power = devig([84 / 41, 238 / 69, 72 / 19], 'power');
    expect(values.rows.map((r) => r.fair?.range)).toEqual([null, null, null]);
    values.rows.forEach((row, i) => {
      expect(row.fair?.probability).toBeCloseTo(power[i] ?? 0, 14);
    });
    const worst = marketValues(layout, '1001:0', lookup, { method: 'worst-case', range: false });
    expect(worst.rows[0]?.fair?.probability).toBeCloseTo(devig([84 / 41, 238 / 69, 72 / 19], 'worst-case')[0] ?? 0, 14);
  });

  it('uses only the reference books when given', () => {
    const values = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', fairBooks: new Set(['pinnacle']) });
    expect(values.fairBooks).toEqual(['pinnacle']);
    expect(values.rows[0]?.fair?.probability).toBeCloseTo(14 / 29, 14);
  });

  it('follows a weighted fair line: Pinnacle ×3, bet365 ×1, with the weights it used', () => {
    // Weighted mean implied: (3/2 + 1/2.1)/4 = 83/168, (3/3.5 + 1/3.4)/4 = 137/476,
    // (3/4 + 1/3.6)/4 = 37/144; multiplicative divides each by their sum.
    const values = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', fairLine: { weights: { pinnacle: 3, bet365: 1 }, minBooks: 2, requiredBook: 'pinnacle' } });
    const implied = [83 / 168, 137 / 476, 37 / 144];
    const total = implied.reduce((x, y) => x + y, 0);
    values.rows.forEach((row, i) => {
      expect(row.fair?.probability).toBeCloseTo((implied[i] ?? 0) / total, 14);
    });
    expect([values.fairBooks, values.fairWeights, values.fairExcluded, values.fairFailure]).toEqual([['bet365', 'pinnacle'], [1, 3], [], null]);
  });

  it('leaves a stale book out of the fair line and says so; without its required book there is none', () => {
    const staleBet365 = new Map([['bet365', { stale: true, suspended: false }]]);
    const line = { weights: { pinnacle: 1, bet365: 1 }, minBooks: 1, requiredBook: 'bet365' };
    const values = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', bookStatus: staleBet365, fairLine: { ...line, requiredBook: null } });
    // Pinnacle alone: 1/2, 2/7, 1/4 over 29/28.
    expect(values.rows[0]?.fair?.probability).toBeCloseTo(14 / 29, 14);
    expect([values.fairBooks, values.fairExcluded]).toEqual([['pinnacle'], [{ bookmaker: 'bet365', reason: 'stale' }]]);
    const required = marketValues(layout, '1001:0', lookup, { method: 'multiplicative', bookStatus: staleBet365, fairLine: line });
    expect(required.rows.map((r) => r.fair)).toEqual([null, null, null]);
    expect(required.fairBooks).toEqual([]);
    expect(required.fairFailure).toEqual({ kind: 'required-book-missing', bookmaker: 'bet365', reason: 'stale' });
  });

  it('has no fair price when no book quotes the whole market', () => {
    const values = marketValues(layout, '1013:0', lookup, { method: 'multiplicative', fairBooks: new Set(['bet365']) });
    expect(values.rows.map((r) => r.fair)).toEqual([null, null]);
    expect(values.fairBooks).toEqual([]);
  });

  it('flags an arbitrage with the stake split so every outcome pays the same', () => {
    // Best: Over 2.10 (pinnacle), Under 2.05 (bet365); stake 100 → 100·2.05/4.15 and 100·2.1/4.15.
    const values = marketValues(layout, '1011:0', lookup, { method: 'multiplicative', stake: 100 });
    expect(values.arbitrage?.legs.map((l) => [l.rowKey, l.price, l.bookmakers])).toEqual([
      ['1011:0', 2.1, ['pinnacle']],
      ['1012:0', 2.05, ['bet365']],
    ]);
    expect(values.arbitrage?.legs[0]?.stake).toBeCloseTo((100 * 2.05) / 4.15, 12);
    expect(values.arbitrage?.legs[1]?.stake).toBeCloseTo((100 * 2.1) / 4.15, 12);
    expect(values.arbitrage?.payout).toBeCloseTo((100 * 2.1 * 2.05) / 4.15, 12);
  });

  it('finds no arbitrage when the best prices carry a margin', () => {
    expect(marketValues(layout, '1001:0', lookup, MULT).arbitrage).toBeNull();
  });

  it('finds no arbitrage on an incomplete market', () => {
    const partial = odds({ pinnacle: [{ outcomeId: 1011, price: 5 }] });
    expect(marketValues(layoutOf(partial), '1011:0', snapshotLookup(partial), MULT).arbitrage).toBeNull();
  });

  it('computes each player of a prop as a market of its own', () => {
    const p7 = marketValues(layout, '1021:7', lookup, MULT);
    const p9 = marketValues(layout, '1021:9', lookup, MULT);
    expect(p7.rows.map((r) => r.best?.price)).toEqual([2.25, 1.65]);
    expect(p9.rows.map((r) => r.best?.price)).toEqual([1.9, 1.9]);
    expect(p9.rows[0]?.fair?.probability).toBeCloseTo(0.5, 14);
  });

  it('rejects a market key the board does not hold', () => {
    expect(() => marketValues(layout, '9999:0', lookup, MULT)).toThrow(/market 9999:0 is not on the board/);
  });

  it('rejects a stake that is not positive', () => {
    expect(() => marketValues(layout, '1011:0', lookup, { method: 'multiplicative', stake: 0 })).toThrow(MarketError);
    // Also on a market whose prices could not make an arbitrage anyway.
    expect(() => marketValues(layout, '1013:0', lookup, { method: 'multiplicative', stake: Number.NaN })).toThrow(/stake must be/);
  });

  it('computes nothing for a market missing from the catalogue', () => {
    const snapshot = odds({ pinnacle: [{ outcomeId: 1099, price: 1.5 }], bet365: [{ outcomeId: 1099, price: 1.6 }] });
    const values = marketValues(layoutOf(snapshot), '1099:0', snapshotLookup(snapshot), MULT);
    expect(values.rows[0]?.best).toEqual({ price: 1.6, netPrice: 1.6, bookmakers: ['bet365'] });
    expect(values.overround).toEqual([null, null]);
    expect(values.rows[0]?.fair).toBeNull();
    expect(values.arbitrage).toBeNull();
  });
});

describe('marketValues: exchange commission, hidden books and EV', () => {
  // Over/Under 2.5 at a sportsbook and at Betfair Exchange (default commission 5% on winnings).
  const COMMISSION_SNAPSHOT = odds({
    pinnacle: [
      { outcomeId: 1011, price: 2.0 },
      { outcomeId: 1012, price: 1.85 },
    ],
    'betfair-ex': [
      { outcomeId: 1011, price: 2.04 },
      { outcomeId: 1012, price: 2.02 },
    ],
  });
  const layout = layoutOf(COMMISSION_SNAPSHOT);
  const lookup = snapshotLookup(COMMISSION_SNAPSHOT);

  it('does not flag an arbitrage that exists only gross of commission', () => {
    // Gross best: Over 2.04, Under 2.02 (both exchange): 1/2.04 + 1/2.02 = 0.98525… < 1, a 1.5% arbitrage.
    // Net of 5%: Over 1 + 1.04 × 0.95 = 1.988 (below pinnacle's 2.00, so pinnacle is best),
    // Under 1 + 1.02 × 0.95 = 1.969: 1/2.00 + 1/1.969 = 1.00787… > 1: none.
    const gross = marketValues(layout, '1011:0', lookup, { method: 'multiplicative', commission: { 'betfair-ex': 0 } });
    expect(gross.arbitrage?.impliedSum).toBeCloseTo(1 / 2.04 + 1 / 2.02, 12);
    const net = marketValues(layout, '1011:0', lookup, MULT);
    expect(net.arbitrage).toBeNull();
    expect(net.rows.map((r) => r.best)).toEqual([
      { price: 2.0, netPrice: 2.0, bookmakers: ['pinnacle'] },
      { price: 2.02, netPrice: expect.closeTo(1.969, 12) as number, bookmakers: ['betfair-ex'] },
    ]);
    // The exchange's cell is no longer flagged best on Over although its gross 2.04 is higher.
    expect(net.rows[0]?.cells.map((c) => c.best)).toEqual([false, true]);
  });

  it('stakes a net arbitrage on the net prices and names the gross ones', () => {
    // Over 2.10 at the exchange nets 1 + 1.1 × 0.95 = 2.045; Under 2.02 at pinnacle: 1/2.045 + 1/2.02 = 0.98404… < 1.
    const snapshot = odds({ pinnacle: [{ outcomeId: 1011, price: 1.9 }, { outcomeId: 1012, price: 2.02 }], 'betfair-ex': [{ outcomeId: 1011, price: 2.1 }] });
    const values = marketValues(layoutOf(snapshot), '1011:0', snapshotLookup(snapshot), { method: 'multiplicative', stake: 100 });
    expect(values.arbitrage?.impliedSum).toBeCloseTo(1 / 2.045 + 1 / 2.02, 12);
    expect(values.arbitrage?.legs.map((l) => [l.price, l.bookmakers])).toEqual([
      [2.1, ['betfair-ex']],
      [2.02, ['pinnacle']],
    ]);
    // Equal payouts net: stake_over × 2.045 = stake_under × 2.02 = 100 / 0.98404…
    expect(values.arbitrage?.legs[0]?.stake).toBeCloseTo((100 * 2.02) / (2.045 + 2.02), 9);
    expect(values.arbitrage?.payout).toBeCloseTo((100 * 2.045 * 2.02) / (2.045 + 2.02), 9);
  });

  it('leaves hidden books out of the best price and arbitrage but not out of the fair price', () => {
    // Gross, the exchange is best on both outcomes (2.04, 2.02); hidden, pinnacle is (2.00, 1.85).
    const values = marketValues(layout, '1011:0', lookup, { method: 'multiplicative', commission: { 'betfair-ex': 0 }, hiddenBooks: new Set(['betfair-ex']) });
    expect(values.rows.map((r) => [r.best?.price, r.best?.bookmakers])).toEqual([
      [2.0, ['pinnacle']],
      [1.85, ['pinnacle']],
    ]);
    expect(values.fairBooks).toEqual(['betfair-ex', 'pinnacle']);
    expect(values.rows[1]?.cells.map((c) => c.best)).toEqual([false, true]);
  });

  it('gives the EV of the best net price against the fair probability', () => {
    // Consensus: Over (1/2 + 1/2.04)/2, Under (1/1.85 + 1/2.02)/2; multiplicative fair Over = that / their sum.
    const over = (1 / 2 + 1 / 2.04) / 2;
    const under = (1 / 1.85 + 1 / 2.02) / 2;
    const values = marketValues(layout, '1011:0', lookup, MULT);
    expect(values.rows[0]?.ev).toBeCloseTo(2.0 * (over / (over + under)) - 1, 12);
    expect(values.rows[1]?.ev).toBeCloseTo((1 + 1.02 * 0.95) * (under / (over + under)) - 1, 12);
  });
});

describe('marketValues: cell states', () => {
  const states = (book: Quote, status?: BookStatus, countStaleBooks = false) => {
    const snapshot = odds({ pinnacle: [book] });
    const bookStatus = status ? new Map([['pinnacle', status]]) : undefined;
    const values = marketValues(layoutOf(snapshot), '1011:0', snapshotLookup(snapshot), { method: 'power', bookStatus, countStaleBooks });
    return values.rows.map((r) => r.cells[0]);
  };
  const healthy = { suspended: false, stale: false };

  it('marks an active price active and a missing one absent', () => {
    expect(states({ outcomeId: 1011, price: 2 }).map((c) => [c?.state, c?.counts])).toEqual([
      ['active', true],
      ['absent', false],
    ]);
  });

  it('marks an inactive price inactive', () => {
    expect(states({ outcomeId: 1011, price: 2, active: false })[0]?.state).toBe('inactive');
  });

  it('marks a price of a suspended market as such, before inactive', () => {
    expect(states({ outcomeId: 1011, price: 2, active: false, marketActive: false })[0]?.state).toBe('market-suspended');
  });

  it('marks every price of a suspended book, before any market state', () => {
    expect(states({ outcomeId: 1011, price: 2, marketActive: false }, { suspended: true, stale: true })[0]?.state).toBe('book-suspended');
  });

  it('marks a stale book’s active price and does not count it by default', () => {
    const [cell] = states({ outcomeId: 1011, price: 2 }, { suspended: false, stale: true });
    expect([cell?.state, cell?.counts]).toEqual(['book-stale', false]);
  });

  it('counts a stale book’s price when asked to', () => {
    const [cell] = states({ outcomeId: 1011, price: 2 }, { suspended: false, stale: true }, true);
    expect([cell?.state, cell?.counts, cell?.best]).toEqual(['book-stale', true, true]);
  });

  it('treats a healthy status like no status', () => {
    expect(states({ outcomeId: 1011, price: 2 }, healthy)[0]?.state).toBe('active');
  });

  it('moves the best price to the next book when the best book is suspended', () => {
    const lookup = snapshotLookup(SNAPSHOT);
    const bookStatus = new Map([['bet365', { suspended: true, stale: false }]]);
    const values = marketValues(layoutOf(), '1001:0', lookup, { method: 'shin', bookStatus });
    expect(values.rows[0]?.best).toEqual({ price: 2, netPrice: 2, bookmakers: ['pinnacle'] });
    expect(values.fairBooks).toEqual(['pinnacle']);
  });

  it('still gives the overround of a book whose prices are active, whatever its status', () => {
    const bookStatus = new Map([['bet365', { suspended: true, stale: false }]]);
    const values = marketValues(layoutOf(), '1001:0', snapshotLookup(SNAPSHOT), { method: 'shin', bookStatus });
    expect(values.overround[0]).toBeCloseTo(103 / 2142, 14);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over random snapshots of the catalogue above.
// ---------------------------------------------------------------------------------------------

const BOOKS = ['a-book', 'b-book', 'c-book', 'd-book'];
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

const snapshotArb = fc
  .tuple(...BOOKS.map(() => fc.tuple(...SLOTS.map((s) => quoteArb(s.outcomeId, s.playerId)))))
  .map((perBook) => {
    const books: Record<string, Quote[]> = {};
    perBook.forEach((quotes, i) => {
      const present = quotes.filter((q) => q.present);
      if (present.length > 0) books[BOOKS[i] ?? ''] = present;
    });
    return odds(books);
  });

const statusArb = fc.array(fc.record({ suspended: fc.boolean(), stale: fc.boolean() }), { minLength: BOOKS.length, maxLength: BOOKS.length }).map(
  (list) => new Map(list.map((s, i) => [BOOKS[i] ?? '', s])),
);

describe('odds board properties', () => {
  it('gives every snapshot price a cell in its market, row and bookmaker column', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const layout = layoutOf(snapshot);
        for (const [bookmaker, entries] of Object.entries(snapshot)) {
          for (const [oddsId, e] of Object.entries(entries)) {
            const ref = cellOf(layout, oddsId);
            expect(ref?.marketKey).toBe(`${String(e.marketId)}:${String(e.playerId)}`);
            const row = layout.markets.get(ref?.marketKey ?? '')?.rows[ref?.rowIndex ?? -1];
            expect(row?.outcomeId).toBe(e.outcomeId);
            expect(layout.columns[ref?.columnIndex ?? -1]).toBe(bookmaker);
            expect(row?.oddsIds[ref?.columnIndex ?? -1]).toBe(oddsId);
          }
        }
        // And every cell's oddsId, quoted or not, routes back to that cell.
        for (const m of layout.markets.values()) {
          m.rows.forEach((row, rowIndex) => {
            row.oddsIds.forEach((oddsId, columnIndex) => {
              expect(cellOf(layout, oddsId)).toEqual({ marketKey: m.key, rowIndex, columnIndex });
            });
          });
        }
      }),
    );
  });

  it('does not depend on the order the snapshot lists books and prices in', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const reversed: FixtureOdds = Object.fromEntries(
          Object.entries(snapshot)
            .reverse()
            .map(([book, entries]) => [book, Object.fromEntries(Object.entries(entries).reverse())]),
        );
        const shape = (layout: BoardLayout) => JSON.stringify([layout.columns, layout.groups]);
        expect(shape(layoutOf(reversed))).toBe(shape(layoutOf(snapshot)));
      }),
    );
  });

  it('shows each family’s lines exactly once, at least one of them as main', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const layout = layoutOf(snapshot);
        const shown = boardMarketsInOrder(layout).map((m) => m.key);
        expect(new Set(shown).size).toBe(layout.markets.size);
        for (const group of layout.groups) for (const period of group.periods) for (const family of period.families) expect(family.main.length).toBeGreaterThan(0);
      }),
    );
  });

  it('takes as best the highest counting price, and flags exactly the cells at it', () => {
    fc.assert(
      fc.property(snapshotArb, statusArb, (snapshot, bookStatus) => {
        const layout = layoutOf(snapshot);
        for (const [, values] of everyMarket(layout, snapshotLookup(snapshot), { method: 'shin', bookStatus })) {
          for (const row of values.rows) {
            const counting = row.cells.filter((c) => c.counts).map((c) => c.entry?.price ?? 0);
            expect(row.best?.price ?? null).toBe(counting.length > 0 ? Math.max(...counting) : null);
            for (const cell of row.cells) expect(cell.best).toBe(cell.counts && cell.entry?.price === row.best?.price);
            for (const cell of row.cells) {
              const status = bookStatus.get(layout.columns[row.cells.indexOf(cell)] ?? '');
              if (cell.counts) expect(cell.entry?.active && cell.entry.marketActive && status?.suspended === false && !status.stale).toBe(true);
            }
          }
        }
      }),
    );
  });

  it('flags an arbitrage exactly when the best prices cover the market with Σ1/p < 1, and splits the stake to equal payouts', () => {
    fc.assert(
      fc.property(snapshotArb, fc.integer({ min: 1, max: 10_000 }), (snapshot, stake) => {
        const layout = layoutOf(snapshot);
        for (const [key, values] of everyMarket(layout, snapshotLookup(snapshot), { method: 'power', stake })) {
          const bests = values.rows.map((r) => r.best?.price);
          const covered = bests.every((p) => p !== undefined);
          const implied = bests.reduce<number>((sum, p) => sum + 1 / (p ?? 1), 0);
          expect(values.arbitrage !== null, key).toBe(covered && implied < 1);
          if (values.arbitrage !== null) {
            const legs = values.arbitrage.legs;
            expect(legs.reduce((s, l) => s + l.stake, 0)).toBeCloseTo(stake, 9);
            for (const leg of legs) expect(leg.stake * leg.price).toBeCloseTo(values.arbitrage.payout, 9);
          }
        }
      }),
    );
  });

  it('gives fair probabilities that sum to 1 and fair prices inside the method range', () => {
    fc.assert(
      fc.property(snapshotArb, fc.constantFrom('multiplicative', 'additive', 'power', 'shin', 'worst-case') as fc.Arbitrary<ValuesOptions['method']>, (snapshot, method) => {
        const layout = layoutOf(snapshot);
        for (const [, values] of everyMarket(layout, snapshotLookup(snapshot), { method })) {
          const fair = values.rows.map((r) => r.fair);
          if (fair.some((f) => f === null)) continue;
          const sum = fair.reduce((s, f) => s + (f?.probability ?? 0), 0);
          if (method === 'worst-case') expect(sum).toBeLessThanOrEqual(1 + 1e-12);
          else expect(sum).toBeCloseTo(1, 12);
          for (const f of fair) {
            expect(f?.price ?? 0).toBeGreaterThanOrEqual((f?.range?.min ?? 0) * (1 - 1e-12));
            expect(f?.price ?? 0).toBeLessThanOrEqual((f?.range?.max ?? 0) * (1 + 1e-12));
          }
        }
      }),
    );
  });
});
