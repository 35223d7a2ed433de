// `npm run bench:domain`: the domain functions that sit on hot paths, each beside the simplest
// code doing the same job without validation, measured in the same run.
import { devig } from '../src/domain/devig.ts';
import { parseOddsId } from '../src/domain/ids.ts';
import { buildBoardLayout } from '../src/domain/odds-board-layout.ts';
import { marketValues, snapshotLookup } from '../src/domain/odds-board-values.ts';
import { selectionGrader } from '../src/domain/settlement.ts';
import type { FixtureOdds } from '../src/wire/shared-schemas.ts';
import type { Market } from '../src/wire/reference-schemas.ts';
import { opsPerSecond, reportRow } from './report.ts';

const BENCH = 'bench:domain';

// 1. oddsId parsing with full validation vs a bare split.
const oddsIds = Array.from({ length: 1000 }, (_, i) => `id10000017${61301227 + i}:pinnacle:${101 + (i % 3)}:0`);
let sink = 0;
const parsed = opsPerSecond(() => {
  for (const id of oddsIds) sink += parseOddsId(id).outcomeId;
}, oddsIds.length);
const split = opsPerSecond(() => {
  for (const id of oddsIds) sink += Number(id.split(':')[2]);
}, oddsIds.length);
reportRow({
  bench: BENCH,
  metric: 'parseOddsId (validated)',
  value: parsed,
  unit: 'ids/s',
  baseline: { label: "split(':') without validation", value: split },
  target: null,
});

// 2. Grading a totals line over a soccer score grid, as the pricing models do per market.
const grader = selectionGrader({ marketType: 'totals', handicap: 2.25, period: 'result' }, 'Over');
const GRID = 100; // 100 × 100 cells
const graded = opsPerSecond(() => {
  for (let a = 0; a < GRID; a++) for (let b = 0; b < GRID; b++) sink += grader(a, b) === 'won' ? 1 : 0;
}, GRID * GRID);
const inline = opsPerSecond(() => {
  for (let a = 0; a < GRID; a++) for (let b = 0; b < GRID; b++) sink += a + b > 2.25 ? 1 : 0;
}, GRID * GRID);
reportRow({
  bench: BENCH,
  metric: 'selectionGrader, Over 2.25 (quarter line) per score cell',
  value: graded,
  unit: 'cells/s',
  baseline: { label: 'inline a + b > line (no push/half handling)', value: inline },
  target: null,
});

// 3. Shin de-vig (iterative) vs multiplicative (closed form) on 3-way markets.
const markets = Array.from({ length: 500 }, (_, i) => [1.8 + (i % 7) * 0.1, 3.4, 4.2 + (i % 5) * 0.2]);
const shin = opsPerSecond(() => {
  for (const m of markets) sink += devig(m, 'shin')[0] ?? 0;
}, markets.length);
const multiplicative = opsPerSecond(() => {
  for (const m of markets) sink += devig(m, 'multiplicative')[0] ?? 0;
}, markets.length);
reportRow({
  bench: BENCH,
  metric: 'Shin de-vig, 3-way markets',
  value: shin,
  unit: 'markets/s',
  baseline: { label: 'multiplicative de-vig', value: multiplicative },
  target: null,
});


// 4–6. The odds board of a busy fixture: 16 books each quoting every outcome (~1,300 entries).
// Layout build and first-paint values of the whole board, and the one-market recompute a price
// change triggers, each against merely iterating the same entries.
const BOARD_FIXTURE = 'id1100001761301227';
const BOARD_BOOKS = [
  'pinnacle', 'circa', 'sbobet', 'bet365', 'williamhill', 'draftkings', 'fanduel', 'betmgm',
  'caesars', 'unibet', 'bwin', 'betway', '888sport', 'betfair-ex', 'polymarket', 'kalshi',
];
const boardMarkets: Market[] = [];
let nextOutcome = 1100;
const addMarket = (marketType: string, period: string, handicap: number, names: readonly string[], playerProp = false): Market => {
  const marketId = nextOutcome;
  nextOutcome += names.length;
  const market: Market = {
    marketId, marketLength: names.length, sportId: 11, playerProp, handicap, period, marketType,
    marketName: marketType, marketNameShort: marketType,
    outcomes: names.map((outcomeName, i) => ({ outcomeId: marketId + i, outcomeName })),
  };
  boardMarkets.push(market);
  return market;
};
for (const period of ['fulltime', 'result', 'p1', 'p2', 'p3', 'p4', 'p1+p2', 'p3+p4']) {
  addMarket('1x2', period, 0, ['1', 'X', '2']);
  addMarket('moneyline', period, 0, ['1', '2']);
  for (let i = 0; i < 22; i++) addMarket('spreads', period, -10.5 + i, ['1', '2']);
  for (let i = 0; i < 20; i++) addMarket('totals', period, 200.5 + i, ['Over', 'Under']);
  for (let i = 0; i < 6; i++) addMarket('teamtotals-team1', period, 100.5 + i, ['Over', 'Under']);
  for (let i = 0; i < 6; i++) addMarket('teamtotals-team2', period, 100.5 + i, ['Over', 'Under']);
}
const propMarkets: Market[] = [];
for (const type of ['players-points', 'players-rebounds', 'players-assists']) {
  for (let i = 0; i < 4; i++) {
    propMarkets.push(addMarket(type, 'fulltime', 5.5 + 5 * i, ['Over', 'Under'], true));
  }
}
const PROP_PLAYERS = [11, 12, 13, 14, 15, 16, 17, 18, 21, 22, 23, 24, 25, 26, 27, 28];
const boardOdds: FixtureOdds = {};
BOARD_BOOKS.forEach((bookmaker, b) => {
  const entries: FixtureOdds[string] = {};
  for (const m of boardMarkets) {
    for (const playerId of m.playerProp ? PROP_PLAYERS : [0]) {
      m.outcomes.forEach(({ outcomeId }, o) => {
        const price = m.marketLength * (0.92 + ((b * 7 + o * 13 + outcomeId) % 17) / 100);
        entries[`${BOARD_FIXTURE}:${bookmaker}:${String(outcomeId)}:${String(playerId)}`] = {
          bookmaker, outcomeId, playerId, marketId: m.marketId, active: true, marketActive: true,
          mainLine: m.handicap === 0 || m.handicap % 10 === 0.5, price, priceAmerican: null, changedAt: 0,
        };
      });
    }
  }
  boardOdds[bookmaker] = entries;
});
const entriesPerBook = Object.keys(boardOdds.pinnacle ?? {}).length;
const boardInput = { fixtureId: BOARD_FIXTURE, odds: boardOdds, markets: boardMarkets };
const iterateAll = (): void => {
  for (const entries of Object.values(boardOdds)) for (const e of Object.values(entries)) sink += e.price;
};
const msPer = (opsPerSec: number): number => 1000 / opsPerSec;
const built = opsPerSecond(() => {
  sink += buildBoardLayout(boardInput).markets.size;
}, 1, 2000);
const iterated = opsPerSecond(iterateAll, 1, 1000);
reportRow({
  bench: BENCH,
  metric: `odds board layout, 16 books × ${String(entriesPerBook)} entries`,
  value: msPer(built),
  unit: 'ms/build',
  baseline: { label: 'iterating the same entries', value: msPer(iterated) },
  target: null,
});

const boardLayout = buildBoardLayout(boardInput);
const liveBook = snapshotLookup(boardOdds);
const allValues = opsPerSecond(() => {
  for (const key of boardLayout.markets.keys()) sink += marketValues(boardLayout, key, liveBook, { method: 'shin' }).rows.length;
}, 1, 2000);
const lookedUp = opsPerSecond(() => {
  for (const m of boardLayout.markets.values()) for (const row of m.rows) for (const id of row.oddsIds) sink += liveBook(id)?.price ?? 0;
}, 1, 1000);
reportRow({
  bench: BENCH,
  metric: `odds board values of all ${String(boardLayout.markets.size)} markets (first paint)`,
  value: msPer(allValues),
  unit: 'ms/board',
  baseline: { label: 'looking up every cell’s entry', value: msPer(lookedUp) },
  target: null,
});

for (const [label, key, range] of [
  ['3-way, fair ×4 methods', `${String(boardMarkets[0]?.marketId)}:0`, true],
  ['2-way player prop, fair ×4 methods', `${String(propMarkets[0]?.marketId)}:11`, true],
  ['3-way, Shin only (range: false)', `${String(boardMarkets[0]?.marketId)}:0`, false],
] as const) {
  const board = boardLayout.markets.get(key);
  const one = opsPerSecond(() => {
    sink += marketValues(boardLayout, key, liveBook, { method: 'shin', range }).rows.length;
  }, 1);
  const oneBaseline = opsPerSecond(() => {
    for (const row of board?.rows ?? []) for (const id of row.oddsIds) sink += liveBook(id)?.price ?? 0;
  }, 1);
  reportRow({
    bench: BENCH,
    metric: `odds board one-market recompute, ${label}, 16 books (best, overround, fair, arbitrage)`,
    value: msPer(one) * 1000,
    unit: 'µs/market',
    baseline: { label: 'looking up the market’s entries', value: msPer(oneBaseline) * 1000 },
    target: null,
  });
}

if (sink === Number.NEGATIVE_INFINITY) console.log(sink); // keeps the work observable
