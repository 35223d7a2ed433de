// `npm run bench:history-load`: what heavy history reads do to everything else the service
// answers. The service runs in its own process (benchmark mode, one finished day seeded, the
// simulation frozen so that its ticks add no stalls of their own); this process polls /healthz
// every 10 ms, first with no other load (the same-run baseline), then while ROUNDS rounds of 12
// parallel /fixtures/odds/historical requests over all 16 bookmakers run, each for the finished
// fixture whose answer is closest to 1.4 MB (the load of issue 13). Reports the /healthz p99 and
// the longest event-loop stall inside the service (benchmark mode's /healthz field
// eventLoopMaxDelayMs: the longest stall since the previous /healthz). Target of both: ≤ 50 ms.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { reportRow } from './report.ts';

const BENCH = 'bench:history-load';
const KEY = 'bench-key';
const PARALLEL = 12;
const ROUNDS = Number(process.env.BENCH_HISTORY_ROUNDS ?? 5);
const POLL_MS = 10;
const BASELINE_MS = 3_000;
const TARGET_BYTES = 1.4e6;
const TARGET_MS = 50;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'odds-bench-history-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'service/main.ts'], {
  env: { ...process.env, PORT: '0', ADMIN_PORT: '0', DATA_DIR: dataDir, BENCHMARK: '1', SEED_PAST_DAYS: '1', SCHEDULE_DAYS: '1', LOG_EVERY_SEC: '0', SIM_FROZEN: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

/** The service's URL, read from its "listening on" log line (it listens on an ephemeral port). */
const base = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const url = /listening on (http:\/\/[^\s:]+:\d+)/.exec(out)?.[1];
    if (url !== undefined) resolve(url.replace('0.0.0.0', '127.0.0.1'));
  });
  child.once('exit', (code, signal) => {
    reject(new Error(`the service exited before listening (code ${String(code)}, signal ${String(signal)})`));
  });
});

async function get(p: string): Promise<Buffer> {
  const res = await fetch(base + p, { headers: { 'X-API-Key': KEY } });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`${p} answered ${String(res.status)}: ${body.toString('utf8').slice(0, 200)}`);
  return body;
}

interface Probe {
  /** /healthz round trips, ms. */
  readonly latencies: number[];
  /** The service's longest event-loop stall reported by each /healthz, ms. */
  readonly stalls: number[];
}

/** Polls /healthz every POLL_MS until `done` resolves (or for `ms` when given a number). */
async function probe(until: Promise<unknown> | number): Promise<Probe> {
  const result: Probe = { latencies: [], stalls: [] };
  const state = { finished: false };
  const end = typeof until === 'number' ? sleep(until) : until;
  void end.then(() => {
    state.finished = true;
  });
  await get('/healthz'); // starts the stall window afresh
  while (!state.finished) {
    const start = performance.now();
    const health = JSON.parse((await get('/healthz')).toString('utf8')) as { eventLoopMaxDelayMs?: number };
    result.latencies.push(performance.now() - start);
    if (health.eventLoopMaxDelayMs === undefined) throw new Error('/healthz has no eventLoopMaxDelayMs: is the service in benchmark mode?');
    result.stalls.push(health.eventLoopMaxDelayMs);
    await sleep(POLL_MS);
  }
  await end;
  return result;
}

function p99(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? Number.NaN;
}
const round1 = (ms: number): number => Math.round(ms * 10) / 10;

try {
  const bookmakers = (JSON.parse((await get('/en/bookmakers')).toString('utf8')) as { bookmaker: string }[]).map((b) => b.bookmaker);
  const finished = (JSON.parse((await get('/en/fixtures?statusId=2')).toString('utf8')) as { fixtureId: string }[]).map((f) => f.fixtureId);
  const pathOf = (fixtureId: string): string => `/en/fixtures/odds/historical?fixtureId=${fixtureId}&bookmakers=${bookmakers.join(',')}`;
  let chosen = { path: '', bytes: 0 };
  for (const fixtureId of finished) {
    const bytes = (await get(pathOf(fixtureId))).length;
    if (Math.abs(bytes - TARGET_BYTES) < Math.abs(chosen.bytes - TARGET_BYTES)) chosen = { path: pathOf(fixtureId), bytes };
  }
  if (chosen.bytes < TARGET_BYTES / 2) throw new Error(`no finished fixture with a large enough history (largest answer ${String(chosen.bytes)} bytes)`);
  const megabytes = (chosen.bytes / 1e6).toFixed(2);
  console.log(`${String(bookmakers.length)} bookmakers; fixture history answer ${megabytes} MB (of ${String(finished.length)} finished fixtures, closest to 1.4 MB)`);

  const idle = await probe(BASELINE_MS);
  const requestMs: number[] = [];
  const load = (async () => {
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        Array.from({ length: PARALLEL }, async () => {
          const start = performance.now();
          const body = await get(chosen.path);
          requestMs.push(performance.now() - start);
          if (body.length !== chosen.bytes) throw new Error(`the answer changed size: ${String(body.length)} bytes, was ${String(chosen.bytes)}`);
        }),
      );
    }
  })();
  const loaded = await probe(load);
  const load0 = `${String(ROUNDS)} rounds of ${String(PARALLEL)} parallel /fixtures/odds/historical (${String(bookmakers.length)} books, ${megabytes} MB each)`;
  const note = `${String(loaded.latencies.length)} /healthz samples under load, ${String(idle.latencies.length)} idle; historical request p50 ${String(Math.round(requestMs.sort((a, b) => a - b)[Math.floor(requestMs.length / 2)] ?? 0))} ms`;
  reportRow({
    bench: BENCH,
    metric: `/healthz p99 during ${load0}`,
    value: round1(p99(loaded.latencies)),
    unit: 'ms',
    baseline: { label: '/healthz p99 with no load', value: round1(p99(idle.latencies)) },
    target: { op: '<=', value: TARGET_MS },
    note,
  });
  reportRow({
    bench: BENCH,
    metric: `longest event-loop stall in the service during ${load0}`,
    value: Math.max(...loaded.stalls),
    unit: 'ms',
    baseline: { label: 'longest stall with no load', value: Math.max(...idle.stalls) },
    target: { op: '<=', value: TARGET_MS },
    note: 'monitorEventLoopDelay (5 ms resolution) in the service, read through benchmark-mode /healthz',
  });
} finally {
  child.kill('SIGTERM');
  await new Promise((resolve) => {
    child.once('exit', resolve);
    setTimeout(resolve, 5_000);
  });
  rmSync(dataDir, { recursive: true, force: true });
}
