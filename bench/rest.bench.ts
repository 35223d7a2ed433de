// `npm run bench:rest`: the embedded service in benchmark mode, in its own process, driven over
// loopback by autocannon at a fixed 100 requests/s per endpoint. Prints p50/p99 latency and
// throughput for main odds (a tournament of 10 fixtures, all bookmakers), a 3-leg parlay and a
// 2–4-leg SGP; the baseline is GET /en/sports (the same authenticated path with no data work) at
// the same rate in the same run.
// Any non-200 fails the run.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { reportRow } from './report.ts';

const BENCH = 'bench:rest';
// Not 4190: that is on the fetch standard's list of blocked ports (ManageSieve).
const PORT = 4170;
const base = `http://127.0.0.1:${PORT}`;
const KEY = 'bench-key';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = 100;

interface OddsEntryLite { bookmaker: string; marketId: number; outcomeId: number; active: boolean; marketActive: boolean }
type OddsByBook = Record<string, Record<string, OddsEntryLite>>;

async function getJson<T>(p: string): Promise<T> {
  const res = await fetch(base + p, { headers: { 'X-API-Key': KEY } });
  if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

async function waitHealthy(deadlineMs: number): Promise<void> {
  while (Date.now() < deadlineMs) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch (error) {
      // Not listening yet.
      if (process.env.BENCH_VERBOSE === '1') console.error('healthz:', (error as Error).cause ?? error);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the service did not become healthy in time');
}

function percentile(result: autocannon.Result, p: 'p50' | 'p99'): number {
  return result.latency[p];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function drive(title: string, paths: readonly string[], headers: Record<string, string>): Promise<autocannon.Result> {
  // Let the previous run's backlog drain so one endpoint's queue does not land on the next.
  await sleep(2000);
  const result = await autocannon({
    url: base,
    connections: 10,
    overallRate: RATE,
    duration: SECONDS,
    headers,
    requests: paths.map((p) => ({ method: 'GET', path: p })),
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${title}: ${bad} requests failed (non-2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts})`);
  return result;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'odds-bench-rest-'));
const child = spawn(process.execPath, ['--import', 'tsx', 'service/main.ts'], {
  env: { ...process.env, PORT: String(PORT), ADMIN_PORT: String(PORT + 1), DATA_DIR: dataDir, BENCHMARK: '1', SEED_PAST_DAYS: '0', LOG_EVERY_SEC: '0', ...(process.env.BENCH_FROZEN === '1' ? { SIM_FROZEN: '1' } : {}) },
  stdio: ['ignore', process.env.BENCH_VERBOSE === '1' ? 'inherit' : 'ignore', 'inherit'],
});

try {
  await waitHealthy(Date.now() + 120_000);

  // Ten quoted fixtures, all bookmakers. The simulator opens books 12–36 h before kick-off, so
  // no single tournament has ten quoted at once: the request names ten fixtures by fixtureIds,
  // the same response size as a ten-fixture tournament.
  const live = await getJson<{ fixtureId: string }[]>('/en/fixtures?statusId=1');
  const upcoming = await getJson<{ fixtureId: string }[]>('/en/fixtures?statusId=0');
  const candidates = [...live, ...upcoming].map((f) => f.fixtureId);
  let views: { fixtureId: string; odds: OddsByBook }[] = [];
  for (let i = 0; i < candidates.length && views.length < 10; i += 50) {
    const chunk = candidates.slice(i, i + 50);
    const batch = await getJson<{ fixtureId: string; odds: OddsByBook }[]>(`/en/fixtures/odds/main?fixtureIds=${chunk.join(',')}`);
    views.push(...batch.filter((v) => Object.keys(v.odds).length >= 8));
  }
  views = views.slice(0, 10);
  if (views.length < 10) throw new Error(`only ${views.length} fixtures with at least 8 bookmakers quoting`);
  const mainPath = `/en/fixtures/odds/main?fixtureIds=${views.map((v) => v.fixtureId).join(',')}`;
  const fixtureCount = views.length;

  const book = 'bet365';
  const activeLegs = (v: { odds: OddsByBook }): [string, OddsEntryLite][] =>
    Object.entries(v.odds[book] ?? {}).filter(([, e]) => e.active && e.marketActive);
  const parlayLegs = views.slice(0, 3).map((v) => activeLegs(v)[0]?.[0]).filter((x): x is string => x !== undefined);
  if (parlayLegs.length !== 3) throw new Error('could not find 3 active legs for the parlay');
  // SGP: legs of different markets of one fixture (2, 3 and 4 legs).
  const sgpFixture = views.find((v) => new Set(activeLegs(v).map(([, e]) => e.marketId)).size >= 4) ?? views[0];
  const byMarket = new Map<number, string>();
  for (const [oddsId, e] of sgpFixture ? activeLegs(sgpFixture) : []) if (!byMarket.has(e.marketId)) byMarket.set(e.marketId, oddsId);
  const sgpIds = [...byMarket.values()];
  const sgpPaths = [2, 3, 4].map((n) => `/en/fixtures/odds/sgp?oddsIds=${encodeURIComponent(sgpIds.slice(0, n).join(','))}`);

  const headers = { 'X-API-Key': KEY };
  const baseline = await drive('sports', ['/en/sports'], headers);
  const main = await drive('main odds', [mainPath], headers);
  const parlay = await drive('parlay', [`/en/fixtures/odds/parlay?oddsIds=${encodeURIComponent(parlayLegs.join(','))}`], headers);
  const sgp = await drive('sgp', sgpPaths, headers);

  const rows: [string, autocannon.Result, number][] = [
    [`/fixtures/odds/main (${fixtureCount} fixtures, all bookmakers)`, main, 20],
    ['/fixtures/odds/parlay (3 legs)', parlay, 5],
    ['/fixtures/odds/sgp (2–4 legs)', sgp, 5],
  ];
  for (const [name, result, target] of rows) {
    reportRow({
      bench: BENCH,
      metric: `${name} p99 at ${RATE} req/s`,
      value: percentile(result, 'p99'),
      unit: 'ms',
      baseline: { label: 'GET /en/sports p99 (auth, no data work)', value: percentile(baseline, 'p99') },
      target: { op: '<=', value: target },
      note: `p50 ${percentile(result, 'p50')} ms, ${result.requests.average.toFixed(0)} req/s, ${(result.throughput.average / 1024).toFixed(0)} KiB/s, ${result.requests.total} requests, all 200`,
    });
  }
} finally {
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(dataDir, { recursive: true, force: true });
}
