// `npm run bench:scanner`: the opportunities scanner on natural frames, with the same code the
// stream worker runs (src/book/opportunity-scanner.ts over a LiveBook). Starts the embedded service
// on a manual clock, seeds a book the way the worker's re-snapshot does (as apiSnapshotSource does it: every
// pre-game and live fixture's odds and metas, by REST) plus every sport's catalogue, records the gateway's
// json frames over simulated time, then replays them at increasing offered rates in batches of one
// 16 ms frame each: per batch the book applies the frames, the scanner notes them and recomputes
// each changed market once (fair line: a 5-book weighted consensus). Beside it, in the same run and
// on the same batches, the book applying them alone. A rate is sustained when the batches' work
// fits in their frames (the updates/s processed is at least the rate offered).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { LiveBook, type BookOp, type BookSnapshot } from '../src/book/book.ts';
import { OpportunityScanner, type ScanConfig } from '../src/book/opportunity-scanner.ts';
import { MAX_LIST_IDS } from '../src/wire/limits.ts';
import type { Market } from '../src/wire/reference-schemas.ts';
import type { FixtureBookmakers, FixtureOdds, FixtureView } from '../src/wire/shared-schemas.ts';
import { streamUpdateSchema, type StreamUpdate } from '../src/wire/stream-schemas.ts';
import { loadConfig } from '../service/config.ts';
import { startService } from '../service/service.ts';
import { ManualClock } from '../service/sim/simulator.ts';
import { laterChangedAt } from './later-frames.ts';
import { reportRow } from './report.ts';

const BENCH = 'bench:scanner';
const RECORD_SIM_MS = Number(process.env.BENCH_SCANNER_RECORD_MS ?? 60_000);
const FRAME_MS = 16;
const RATES = [25_000, 50_000, 100_000, 200_000, 400_000, 800_000, 1_600_000];
/** Passes over the recording per rate (each with later changedAt values, so every price replaces the held one). */
const PASSES = Number(process.env.BENCH_SCANNER_PASSES ?? 4);
const TARGET = 200_000;
const KEY = 'bench-key';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface World {
  readonly seed: BookSnapshot;
  readonly catalogue: Market[];
  readonly frames: StreamUpdate[];
  readonly fairBooks: string[];
}

async function record(): Promise<World> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scanner-bench-'));
  const env = { DATA_DIR: dir, PORT: '0', SEED_PAST_DAYS: '0', SCHEDULE_DAYS: '1', LOG_EVERY_SEC: '0', BENCHMARK: '1' };
  const service = await startService({ ...loadConfig(env, []), adminPort: 0 }, { clock: new ManualClock(Date.parse('2026-11-22T18:00:00Z')), manualTicks: true });
  try {
    const get = async <T>(pathAndQuery: string): Promise<T> => {
      const response = await fetch(`${service.url}/en${pathAndQuery}`, { headers: { 'X-API-Key': KEY } });
      if (!response.ok) throw new Error(`GET ${pathAndQuery}: ${String(response.status)} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const bookmakers = (await get<{ bookmaker: string }[]>('/bookmakers')).map((b) => b.bookmaker);
    const sports = await get<{ sportId: number }[]>('/sports');
    const catalogue = (await Promise.all(sports.map((s) => get<Market[]>(`/markets?sportId=${String(s.sportId)}`)))).flat();
    // The worker's re-snapshot (src/stream/snapshots.ts): every fixture, then the odds and metas of the open ones.
    const fixtures = (await Promise.all(sports.map((s) => get<FixtureView[]>(`/fixtures?sportId=${String(s.sportId)}`)))).flat();
    const open = fixtures.filter((f) => f.status.statusId === 0 || f.status.statusId === 1).map((f) => f.fixtureId);
    const odds: { fixtureId: string; odds: FixtureOdds; bookmakers: FixtureBookmakers }[] = [];
    for (let i = 0; i < open.length; i += MAX_LIST_IDS) {
      const views = await get<{ fixtureId: string; odds: FixtureOdds; bookmakers: FixtureBookmakers }[]>(`/fixtures/odds?fixtureIds=${open.slice(i, i + MAX_LIST_IDS).join(',')}`);
      for (const v of views) odds.push({ fixtureId: v.fixtureId, odds: v.odds, bookmakers: v.bookmakers });
    }
    const seed: BookSnapshot = { channels: ['fixtures', 'scores', 'clocks', 'odds', 'bookmakers'], fixtureIds: fixtures.map((f) => f.fixtureId), futureIds: [], bookmakers, fixtures, odds, futuresOdds: [] };
    const frames: StreamUpdate[] = [];
    const ws = new WebSocket(`${service.url.replace(/^http/, 'ws')}/ws`);
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString('utf8')) as { type: string };
        if (frame.type === 'UPDATE') {
          const parsed = streamUpdateSchema.safeParse(frame);
          if (parsed.success) frames.push(parsed.data);
        } else if (frame.type === 'login_ok') resolve();
      });
      ws.on('open', () => {
        ws.send(JSON.stringify({ type: 'login', apiKey: KEY, receiveType: 'json', bookmakers, channels: ['odds', 'bookmakers', 'fixtures'] }));
      });
      ws.on('error', reject);
    });
    for (let t = 0; t < RECORD_SIM_MS; t += 1_000) {
      service.simulator.advance(1_000);
      await sleep(30);
    }
    await sleep(500);
    ws.close();
    // The fair line's five books: the sharpest-known first when the service has them, else the first five.
    const preferred = ['pinnacle', 'circa', 'betfair-ex', 'bookmaker', 'sbobet'].filter((b) => bookmakers.includes(b));
    const fairBooks = [...preferred, ...bookmakers.filter((b) => !preferred.includes(b))].slice(0, 5);
    return { seed, catalogue, frames, fairBooks };
  } finally {
    await service.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

function updatesIn(frame: StreamUpdate): number {
  if (frame.channel !== 'odds') return 1;
  let n = 0;
  for (const entries of Object.values(frame.payload.odds)) n += Object.keys(entries).length;
  return n;
}

/** Cuts frames into batches of about `perBatch` updates (whole frames). */
function batches(frames: readonly StreamUpdate[], perBatch: number): BookOp[][] {
  const out: BookOp[][] = [];
  let current: BookOp[] = [];
  let n = 0;
  for (const frame of frames) {
    current.push({ op: 'update', frame });
    n += updatesIn(frame);
    if (n >= perBatch) {
      out.push(current);
      current = [];
      n = 0;
    }
  }
  if (current.length > 0) out.push(current);
  return out;
}

async function main(): Promise<void> {
  console.log(`recording ${String(RECORD_SIM_MS / 1000)} s of simulated time, seeding every open fixture…`);
  const world = await record();
  const updates = world.frames.reduce((n, f) => n + updatesIn(f), 0);
  const seededPrices = world.seed.odds.reduce((n, o) => n + Object.values(o.odds).reduce((m, e) => m + Object.keys(e).length, 0), 0);
  console.log(`${String(world.seed.odds.length)} fixtures, ${String(seededPrices)} prices seeded; ${String(world.catalogue.length)} catalogue markets; ${String(updates)} updates in ${String(world.frames.length)} frames`);
  console.log(`fair line: ${world.fairBooks.map((b, i) => `${b} ×${String([3, 2, 1, 1, 1][i] ?? 1)}`).join(', ')}, multiplicative, at least 3 books`);
  const config: ScanConfig = {
    fairLine: { weights: Object.fromEntries(world.fairBooks.map((b, i) => [b, [3, 2, 1, 1, 1][i] ?? 1])), minBooks: 3, requiredBook: null },
    method: 'multiplicative',
    commission: {},
    bettable: null,
    hidden: [],
  };
  const passes = Array.from({ length: PASSES + 1 }, (_, p) => world.frames.map((f) => laterChangedAt(f, p)));

  /** A book seeded like the worker's mirror; with a scanner over it when `scan`. */
  const setUp = (scan: boolean) => {
    const book = new LiveBook({ now: () => Date.parse('2026-11-22T18:00:30Z') });
    const seedOp: BookOp = { op: 'seed', snapshot: world.seed, authoritative: true };
    book.apply([seedOp]);
    book.flush();
    let scanner: OpportunityScanner | null = null;
    if (scan) {
      scanner = new OpportunityScanner(book);
      scanner.setConfig(config);
      scanner.addCatalogue(world.catalogue);
      scanner.noteOps([seedOp]);
      scanner.scan();
    }
    return { book, scanner };
  };

  /** Work per batch at `rate`, over PASSES passes after an untimed one; returns updates/s processed and markets recomputed per batch. */
  const run = (rate: number, scan: boolean): { rate: number; marketsPerBatch: number } => {
    const { book, scanner } = setUp(scan);
    const perBatch = Math.max(1, Math.round((rate * FRAME_MS) / 1000));
    let time = 0;
    let done = 0;
    let batchCount = 0;
    let recomputed = 0;
    for (let p = 0; p <= PASSES; p++) {
      for (const ops of batches(passes[p] ?? [], perBatch)) {
        const start = performance.now();
        book.apply(ops);
        book.flush();
        const markets = scanner === null ? 0 : (scanner.noteOps(ops), scanner.scan());
        if (p > 0) {
          recomputed += markets;
          time += performance.now() - start;
          batchCount += 1;
        }
      }
      if (p > 0) done += updates;
    }
    return { rate: (done * 1000) / time, marketsPerBatch: batchCount === 0 ? 0 : recomputed / batchCount };
  };

  let sustained = 0;
  let lastScan = 0;
  let lastApply = 0;
  for (const offered of RATES) {
    // Interleaved, best of two each: the machine is shared, and the least disturbed run is the fair one.
    const scan = [run(offered, true), run(offered, true)].reduce((a, b) => (a.rate >= b.rate ? a : b));
    const apply = Math.max(run(offered, false).rate, run(offered, false).rate);
    const keeps = scan.rate >= offered;
    if (keeps) sustained = offered;
    lastScan = scan.rate;
    lastApply = apply;
    reportRow({
      bench: BENCH,
      metric: `scan at ${offered.toLocaleString('en-US')} updates/s offered (${String(Math.round((offered * FRAME_MS) / 1000))} updates per 16 ms batch)`,
      value: scan.rate,
      unit: 'updates/s',
      baseline: { label: 'book apply alone, same batches', value: apply },
      target: null,
      note: `${keeps ? 'keeps up' : 'falls behind'}; ~${scan.marketsPerBatch.toFixed(0)} markets recomputed per batch`,
    });
  }
  reportRow({
    bench: BENCH,
    metric: 'scanner: highest offered rate sustained (book apply + scan, 5-book weighted consensus fair line)',
    value: sustained,
    unit: 'updates/s',
    baseline: { label: 'book apply alone at the largest batch', value: lastApply },
    target: { op: '>=', value: TARGET },
    note: `at the largest batch the scan processed ${Math.round(lastScan).toLocaleString('en-US')} updates/s`,
  });
}

await main();
