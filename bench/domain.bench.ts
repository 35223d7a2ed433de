// `npm run bench:domain`: the domain functions that sit on hot paths, each beside the simplest
// code doing the same job without validation, measured in the same run.
import { devig } from '../src/domain/devig.ts';
import { parseOddsId } from '../src/domain/ids.ts';
import { selectionGrader } from '../src/domain/settlement.ts';
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

if (sink === Number.NEGATIVE_INFINITY) console.log(sink); // keeps the work observable
