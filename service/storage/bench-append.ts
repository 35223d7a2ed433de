// Throughput check of the SQLite history store: appends a simulator-like stream of changes for
// 200 fixtures in tick-sized batches and prints sustained appends/s, bytes per change, and the
// latency of the reads the REST layer makes. Run: npx tsx service/storage/bench-append.ts
// Options: --changes N (2000000) --batch N (1000) --fixtures N (200) --seed N (1) --dir PATH.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FixturePriceChange } from './history-store.ts';
import { openSqliteHistoryStore } from './sqlite-history-store.ts';

const { values } = parseArgs({
  options: {
    changes: { type: 'string', default: '2000000' },
    batch: { type: 'string', default: '1000' },
    fixtures: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    dir: { type: 'string' },
  },
});

const TOTAL = Number(values.changes);
const BATCH = Number(values.batch);
const FIXTURES = Number(values.fixtures);
const BOOKMAKERS = ['bet365', 'pinnacle', 'unibet', 'betfair', 'williamhill', 'bwin', 'betway', '1xbet'];
const OUTCOMES = 120; // 40 three-way markets per fixture and bookmaker
const LIVE_SHARE = 0.1; // the first 10 % of fixtures are live and get 90 % of the changes
const TICK_MS = 200; // every change of a batch shares its tick's timestamp, as in the simulator
const T0 = Date.parse('2026-11-22T12:00:00Z');

/** mulberry32: small, fast and seeded, so every run appends the same stream. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function diskWriteBytes(): number | null {
  try {
    const match = /write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'));
    return match?.[1] === undefined ? null : Number(match[1]);
  } catch {
    return null;
  }
}

function fixtureId(index: number): string {
  return `sr10000017${String(100000 + index)}`;
}

const random = seeded(Number(values.seed));
const liveCount = Math.max(1, Math.round(FIXTURES * LIVE_SHARE));
const prices = new Map<string, number>();

function nextChange(changedAt: number): FixturePriceChange {
  const fixture = random() < 0.9 ? Math.floor(random() * liveCount) : liveCount + Math.floor(random() * (FIXTURES - liveCount));
  // Main lines (the first 12 outcomes) move far more often than the rest.
  const outcome = random() < 0.6 ? Math.floor(random() * 12) : Math.floor(random() * OUTCOMES);
  const bookmaker = BOOKMAKERS[Math.floor(random() * BOOKMAKERS.length)] ?? 'bet365';
  const id = fixtureId(fixture);
  const outcomeId = 1_000_000 + outcome;
  const oddsId = `${id}:${bookmaker}:${String(outcomeId)}:0`;
  const previous = prices.get(oddsId) ?? 1.5 + random() * 4;
  const price = Math.max(1.01, Math.round(previous * (0.97 + random() * 0.06) * 1000) / 1000);
  prices.set(oddsId, price);
  return {
    kind: 'fixture',
    oddsId,
    fixtureId: id,
    bookmaker,
    outcomeId,
    playerId: 0,
    marketId: outcomeId - (outcome % 3),
    price,
    active: random() > 0.02,
    marketActive: true,
    limit: bookmaker === 'pinnacle' || bookmaker === 'betfair' ? 500 + Math.floor(random() * 20) * 100 : null,
    changedAt,
  };
}

function ms(from: bigint): number {
  return Number(process.hrtime.bigint() - from) / 1e6;
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const start = process.hrtime.bigint();
  const value = run();
  return { value, ms: ms(start) };
}

const dir = values.dir ?? mkdtempSync(path.join(os.tmpdir(), 'history-bench-'));
let store = openSqliteHistoryStore({ dataDir: dir });
const writesBefore = diskWriteBytes();
let appendMs = 0;
const wallStart = process.hrtime.bigint();
let tick = 0;
for (let done = 0; done < TOTAL; done += BATCH) {
  const changedAt = T0 + tick * TICK_MS;
  tick += 1;
  const batch: FixturePriceChange[] = [];
  for (let i = 0; i < Math.min(BATCH, TOTAL - done); i++) batch.push(nextChange(changedAt));
  appendMs += timed(() => {
    store.appendChanges(batch);
  }).ms;
}
const wallMs = ms(wallStart);
const writesAfter = diskWriteBytes();
store.close(); // checkpoints the WAL into the main file, so its size is the data's size
store = openSqliteHistoryStore({ dataDir: dir });
const bytes = store.sizeBytes();

const lastTick = T0 + tick * TICK_MS;
const liveFixture = fixtureId(0);
const someOdds = `${liveFixture}:pinnacle:1000001:0`;
const clv = timed(() => store.readOpeningAndClosing(liveFixture, lastTick));
const clvOneBookmaker = timed(() => store.readOpeningAndClosing(liveFixture, lastTick, { bookmakers: ['pinnacle'] }));
const historyOneBookmaker = timed(() => store.readHistoryForFixture(liveFixture, { bookmakers: ['pinnacle'] }));
const historyOne = timed(() => store.readHistory(someOdds));
const lastBefore = timed(() => store.readLastBefore(someOdds, lastTick));
const fixtureRows = store.readHistoryForFixture(liveFixture).length;

// Retention: finish every pre-game fixture, then prune to half the size.
store.saveFixtures(
  Array.from({ length: FIXTURES - liveCount }, (_, i) => ({
    id: fixtureId(liveCount + i),
    json: '{}',
    finishedAt: T0 + i,
  })),
);
const prune = timed(() => store.pruneOldest({ maxBytes: Math.floor(bytes / 2) }));
store.close();
if (values.dir === undefined) rmSync(dir, { recursive: true, force: true });

const perSecond = (TOTAL / appendMs) * 1000;
const lines = [
  `changes appended      ${TOTAL.toLocaleString('en')} for ${String(FIXTURES)} fixtures, batches of ${String(BATCH)}`,
  `sustained appends/s   ${Math.round(perSecond).toLocaleString('en')} (store time ${(appendMs / 1000).toFixed(2)} s; with generation ${Math.round((TOTAL / wallMs) * 1000).toLocaleString('en')}/s)`,
  `bytes per change      ${(bytes / TOTAL).toFixed(1)} (database ${(bytes / 1024 / 1024).toFixed(1)} MiB)`,
  writesBefore === null || writesAfter === null
    ? 'disk writes           n/a'
    : `disk writes           ${((writesAfter - writesBefore) / TOTAL).toFixed(0)} bytes per change (WAL + checkpoints)`,
  `live fixture          ${fixtureRows.toLocaleString('en')} changes`,
  `  OLV+CLV all prices  ${clv.ms.toFixed(1)} ms (${String(clv.value.size)} oddsIds)`,
  `  OLV+CLV 1 bookmaker ${clvOneBookmaker.ms.toFixed(1)} ms (${String(clvOneBookmaker.value.size)} oddsIds)`,
  `  history 1 bookmaker ${historyOneBookmaker.ms.toFixed(1)} ms (${historyOneBookmaker.value.length.toLocaleString('en')} rows)`,
  `  history 1 oddsId    ${historyOne.ms.toFixed(1)} ms (${String(historyOne.value.length)} rows)`,
  `  last before 1 odds  ${lastBefore.ms.toFixed(2)} ms`,
  `prune to half         ${prune.ms.toFixed(0)} ms: ${String(prune.value.prunedFixtureIds.length)} fixtures, ${(prune.value.bytesBefore / 1024 / 1024).toFixed(1)} → ${(prune.value.bytesAfter / 1024 / 1024).toFixed(1)} MiB`,
];
console.log(lines.join('\n'));
