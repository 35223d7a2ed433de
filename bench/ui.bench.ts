// `npm run bench:ui`: the odds screen of a busy fixture in real Chromium while the embedded
// service streams at a set rate. Prints main-thread busy time per frame (from a Chrome trace:
// top-level tasks of the renderer's main thread summed per 16.7 ms frame) p50/p95/p99, the share
// of frames over the 8 ms budget, long tasks over 50 ms (trace and Long Animation Frames), JS
// heap, time from navigation to first prices painted, and the first route's gzipped JavaScript.
// Baseline (same run): the same page with the service at its default quote rate.
// Then the firehose rows: the open fixture's prices requoted at 2,000 … 20,000 updates/s by the
// admin firehose (through the service's real history, feed, gateway and zstd-dict encoding): rate
// asked vs rate the page applied (its own count, src/stream/page-perf.ts), main-thread busy per
// frame, long tasks, JS heap, and stream→paint delay (frame `ts` → the animation frame that paints
// it); and the highest rate that meets every target. A rate that misses one gets the page's
// hottest functions (a CPU profile) in its note.
// BENCH_UI_TRACE_DIR=dir: each firehose rate's Chrome trace saved there (open it in DevTools'
// Performance panel), with the paint and layer events that explain the timeline's totals.
// BENCH_UI_ONLY=firehose: the quiet baseline and the firehose rows only (no QUOTE_RATE run and
// its rows), to compare a change of the odds screen under a firehose in a few minutes.
// Last, the opportunities rows: /opportunities open (EV ≥ 0 %, newest prices first, so the rows in
// view are the firehose fixture's and turn over as it requotes) while the firehose requotes the
// busy fixture at 2,000 updates/s: main-thread busy per frame p50/p95 beside the fixture board's at
// the same rate in the same run (BENCH_UI_OPPORTUNITIES=0 leaves them out).
// BENCH_UI_PORT=n: the services listen on n and their admin on n+1 (default: free ports).
// Needs a built dashboard (`vite build`) in dist/.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from '@playwright/test';
import WebSocket from 'ws';
import { AdminClient } from '../service/testing/admin-client.ts';
import { reportRow } from './report.ts';

const BENCH = 'bench:ui';
const ROOT = path.resolve(import.meta.dirname, '..');
/** The stream rate the issue sets: updates/s reaching the open screen's page. */
const TARGET_RATE = 2_000;
/** QUOTE_RATE of the loaded run: at 8 about 2,300 odds updates/s reach a page subscribed to everything (measured, 2 cores). */
const QUOTE_RATE = Number(process.env.BENCH_UI_QUOTE_RATE ?? 8);
const MEASURE_MS = Number(process.env.BENCH_UI_MS ?? 10_000);
const FRAME_MS = 1000 / 60;
const BUDGET_MS = 8;
/** The firehose rates of the issue, updates/s to the open fixture (BENCH_UI_FIREHOSE overrides: "2000,5000"). */
const FIREHOSE_RATES = (process.env.BENCH_UI_FIREHOSE ?? '2000,5000,10000,20000').split(',').map(Number);
const ONLY_FIREHOSE = process.env.BENCH_UI_ONLY === 'firehose';
/**
 * The firehose service ticks every 50 ms: each price changes at most once a tick (docs/service.md),
 * and the busiest fixture has ~1,600 prices, so 250 ms ticks would cap it at ~6,400 updates/s.
 */
const FIREHOSE_TICK_MS = 50;
/** The targets at every firehose rate; stream→paint only at the lowest (2,000/s). */
const HEAP_TARGET_MB = 150;
const PAINT_TARGET_MS = 250;
const PAINT_TARGET_RATE = 2_000;
/** The opportunities page as the rows bench opens it: every +EV price (EV ≥ 0 %), newest first. */
const OPPORTUNITIES_QUERY = 'minEv=0&sort=age';
const WITH_OPPORTUNITIES = process.env.BENCH_UI_OPPORTUNITIES !== '0';
const FIXED_PORT = process.env.BENCH_UI_PORT === undefined ? null : Number(process.env.BENCH_UI_PORT);

interface Phase {
  readonly label: string;
  readonly updatesPerSec: number;
  readonly fixtureUpdatesPerSec: number;
  readonly frameP50: number;
  readonly frameP95: number;
  readonly frameP99: number;
  readonly overBudgetShare: number;
  readonly longTasks: number;
  readonly maxTaskMs: number;
  readonly loafOver50: number;
  readonly heapMB: number;
  readonly firstPricesMs: number;
  readonly firstRouteJsGzipKB: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

const step = (what: string): void => {
  if (process.env.BENCH_UI_DEBUG === '1') console.log(`  … ${what}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts `tsx service/main.ts` in its own process (its own CPU, as in production) and waits for /healthz. */
async function startService(quoteRate: number, extraEnv: Readonly<Record<string, string>> = {}): Promise<{ url: string; admin: AdminClient; child: ChildProcess; dir: string }> {
  const port = FIXED_PORT ?? (await freePort());
  const adminPort = FIXED_PORT === null ? await freePort() : FIXED_PORT + 1;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ui-bench-'));
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['service/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      DATA_DIR: dir,
      SEED_PAST_DAYS: '0',
      SCHEDULE_DAYS: '1',
      LOG_EVERY_SEC: '0',
      QUOTE_RATE: String(quoteRate),
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, admin: AdminClient.forDataDir(`http://127.0.0.1:${String(adminPort)}`, dir), child, dir };
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  child.kill();
  throw new Error('the service did not answer /healthz within 120 s');
}

async function stopService(service: { child: ChildProcess; dir: string }): Promise<void> {
  const exited = new Promise((resolve) => service.child.once('exit', resolve));
  service.child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000)]);
  rmSync(service.dir, { recursive: true, force: true });
}

interface AdminFixture {
  readonly fixtureId: string;
  readonly statusId: number;
  readonly bookmakers: readonly string[];
}

/** The fixture quoted by the most bookmakers with the most prices, live first. */
async function busyFixture(admin: AdminClient, url: string): Promise<{ fixtureId: string; entries: number }> {
  const listed = await admin.json<AdminFixture[]>('GET', '/admin/fixtures?status=1,0');
  const candidates = [...listed].sort((a, b) => b.statusId - a.statusId || b.bookmakers.length - a.bookmakers.length).slice(0, 8);
  let best = { fixtureId: '', entries: -1 };
  for (const f of candidates) {
    const views = (await (await fetch(`${url}/en/fixtures/odds?fixtureIds=${f.fixtureId}`, { headers: { 'X-API-Key': 'demo-key' } })).json()) as {
      odds: Record<string, Record<string, unknown>>;
    }[];
    const entries = Object.values(views[0]?.odds ?? {}).reduce((n, byId) => n + Object.keys(byId).length, 0);
    if (entries > best.entries) best = { fixtureId: f.fixtureId, entries };
  }
  if (best.entries < 0) throw new Error('no open fixture to bench');
  return best;
}

/** Counts odds updates per second on a socket subscribed as the page is (every sport, every bookmaker). */
function countStream(url: string, fixtureId: string): { stop: () => { all: number; fixture: number; seconds: number } } {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  let all = 0;
  let fixture = 0;
  let started = 0;
  ws.on('open', () => {
    void fetch(`${url}/en/bookmakers`, { headers: { 'X-API-Key': 'demo-key' } })
      .then(async (r) => ((await r.json()) as { bookmaker: string }[]).map((b) => b.bookmaker))
      .then((bookmakers) => {
        ws.send(JSON.stringify({ type: 'login', apiKey: 'demo-key', receiveType: 'json', channels: ['odds'], bookmakers }));
      });
  });
  ws.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as { type: string; payload?: { fixtureId?: string; odds?: Record<string, Record<string, unknown>> } };
    if (frame.type === 'login_ok') started = performance.now();
    if (frame.type !== 'UPDATE' || frame.payload?.odds === undefined) return;
    let n = 0;
    for (const byId of Object.values(frame.payload.odds)) n += Object.keys(byId).length;
    all += n;
    if (frame.payload.fixtureId === fixtureId) fixture += n;
  });
  return {
    stop: () => {
      ws.close();
      return { all, fixture, seconds: started === 0 ? 1 : (performance.now() - started) / 1000 };
    },
  };
}

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  readonly dur?: number;
  /** Thread (CPU) time of the event: unlike `dur`, not inflated while the thread waits for a core. */
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** Per-frame busy time of the busiest renderer main thread: top-level tasks summed per 16.7 ms window. */
function framesFromTrace(events: readonly TraceEvent[]): { busy: number[]; cpu: number[]; tasks: number[] } {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${String(e.pid)}:${String(e.tid)}`));
  const byThread = new Map<string, { start: number; end: number; cpu: number }[]>();
  for (const e of events) {
    if (e.ph !== 'X' || e.dur === undefined) continue;
    if (e.name !== 'ThreadControllerImpl::RunTask' && e.name !== 'RunTask') continue;
    const key = `${String(e.pid)}:${String(e.tid)}`;
    if (!mains.has(key)) continue;
    let list = byThread.get(key);
    if (list === undefined) byThread.set(key, (list = []));
    list.push({ start: e.ts / 1000, end: (e.ts + e.dur) / 1000, cpu: (e.tdur ?? e.dur) / 1000 });
  }
  let tasks: { start: number; end: number; cpu: number }[] = [];
  let busiest = -1;
  for (const list of byThread.values()) {
    const total = list.reduce((n, t) => n + t.end - t.start, 0);
    if (total > busiest) {
      busiest = total;
      tasks = list;
    }
  }
  // Keep top-level tasks only (a nested RunTask lies inside its parent).
  tasks.sort((a, b) => a.start - b.start);
  const top: { start: number; end: number; cpu: number }[] = [];
  for (const t of tasks) {
    const last = top[top.length - 1];
    if (last !== undefined && t.start < last.end) continue;
    top.push(t);
  }
  const first = top[0];
  const last = top[top.length - 1];
  if (first === undefined || last === undefined) return { busy: [], cpu: [], tasks: [] };
  const frames = Math.ceil((last.end - first.start) / FRAME_MS);
  const busy = new Array<number>(frames).fill(0);
  // The same per frame in thread time: a task's CPU spread over its frames like its wall time.
  const cpu = new Array<number>(frames).fill(0);
  for (const t of top) {
    // Split a task over the frames it spans (by index, so float rounding cannot stall the loop).
    const from = Math.floor((t.start - first.start) / FRAME_MS);
    const to = Math.min(frames - 1, Math.floor((t.end - first.start) / FRAME_MS));
    for (let index = from; index <= to; index++) {
      const frameStart = first.start + index * FRAME_MS;
      const overlap = Math.min(t.end, frameStart + FRAME_MS) - Math.max(t.start, frameStart);
      if (overlap > 0) {
        busy[index] = (busy[index] ?? 0) + overlap;
        cpu[index] = (cpu[index] ?? 0) + (t.end > t.start ? (t.cpu * overlap) / (t.end - t.start) : 0);
      }
    }
  }
  return { busy, cpu, tasks: top.map((t) => t.end - t.start) };
}

/** The renderer main thread's work that the DevTools timeline names (Chrome's own event names). */
const TIMELINE_WORK: Readonly<Record<string, string>> = {
  FunctionCall: 'script',
  RunMicrotasks: 'microtasks',
  FireAnimationFrame: 'animation frame callbacks',
  UpdateLayoutTree: 'style recalc',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  Layerize: 'layerize',
  MinorGC: 'GC',
  MajorGC: 'GC',
};

/**
 * Where the busiest renderer main thread's time went over the trace (devtools.timeline events),
 * in ms of CPU (thread time) per second traced, largest first: the explanation of a missed frame
 * budget that a JS CPU profile cannot give (style, layout and paint show there only as
 * "(program)"). Nested events (a forced layout inside script) count in both.
 */
function timelineBreakdown(events: readonly TraceEvent[]): string {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${String(e.pid)}:${String(e.tid)}`));
  const byThread = new Map<string, Map<string, number>>();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    const label = TIMELINE_WORK[e.name];
    if (label === undefined || e.ph !== 'X' || e.dur === undefined) continue;
    const thread = `${String(e.pid)}:${String(e.tid)}`;
    if (!mains.has(thread)) continue;
    let sums = byThread.get(thread);
    if (sums === undefined) byThread.set(thread, (sums = new Map<string, number>()));
    sums.set(label, (sums.get(label) ?? 0) + (e.tdur ?? e.dur) / 1000);
    first = Math.min(first, e.ts);
    last = Math.max(last, e.ts + e.dur);
  }
  const total = (sums: Map<string, number>) => [...sums.values()].reduce((a, b) => a + b, 0);
  const busiest = [...byThread.values()].sort((a, b) => total(b) - total(a))[0];
  if (busiest === undefined) return 'no timeline events';
  const seconds = Math.max(1e-3, (last - first) / 1e6);
  return [...busiest]
    .sort((a, b) => b[1] - a[1])
    .map(([label, ms]) => `${label} ${(ms / seconds).toFixed(0)} CPU ms/s`)
    .join(', ');
}

/** A Chrome trace of `ms` (top-level tasks of every thread) over CDP, events as they are reported. */
async function traceFor(page: Page, ms: number, categories: readonly string[] = []): Promise<TraceEvent[]> {
  const cdp = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  let done: () => void = () => undefined;
  const complete = new Promise<void>((resolve) => {
    done = resolve;
  });
  cdp.on('event', ({ method, params }) => {
    if (method === 'Tracing.dataCollected') events.push(...(params as { value: TraceEvent[] }).value);
    else if (method === 'Tracing.tracingComplete') done();
  });
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', '__metadata', ...categories] }, transferMode: 'ReportEvents' });
  await sleep(ms);
  await cdp.send('Tracing.end');
  await complete;
  await cdp.detach();
  return events;
}

/** With BENCH_UI_PROFILE=1: the page's hottest functions by self time over `ms` (a CPU profile). */
async function printProfile(page: Page, ms: number): Promise<void> {
  for (const [key, total] of await hottestFunctions(page, ms, 25)) console.log(`  ${total.toFixed(1).padStart(8)} ms  ${key}`);
}

/** The page's `count` hottest functions by self time over `ms` (a CPU profile of the main thread). */
async function hottestFunctions(page: Page, ms: number, count: number): Promise<[string, number][]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.start');
  await sleep(ms);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.detach();
  const self = new Map<string, number>();
  const { nodes, samples = [], timeDeltas = [] } = profile;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  samples.forEach((id, i) => {
    const node = byId.get(id);
    if (node === undefined) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop() ?? ''}:${String(lineNumber)}`;
    self.set(key, (self.get(key) ?? 0) + (timeDeltas[i] ?? 0) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
}

/** Every JS response until first prices, gzipped here (the size a compressing server would send). */
function trackScripts(page: Page): { gzipBytes: () => number } {
  let bytes = 0;
  page.on('response', (response) => {
    if (!response.url().endsWith('.js')) return;
    void response
      .body()
      .then((body) => {
        bytes += gzipSync(body).byteLength;
      })
      .catch(() => undefined);
  });
  return { gzipBytes: () => bytes };
}

async function measurePhase(browser: Browser, label: string, service: { url: string; admin: AdminClient }): Promise<Phase> {
  console.log(`${label}: service up at ${service.url}`);
  const { fixtureId, entries } = await busyFixture(service.admin, service.url);
  step(`busy fixture ${fixtureId}`);
  await service.admin.json('POST', '/admin/update-rate', { fixtureId, seconds: 1 });
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __bench: { firstPrices: number; loaf: number[] } };
    w.__bench = { firstPrices: Number.NaN, loaf: [] };
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-odds-id]') === null) return;
      observer.disconnect();
      // Painted: the frame after the cells are in the DOM.
      requestAnimationFrame(() => {
        setTimeout(() => {
          w.__bench.firstPrices = performance.now();
        }, 0);
      });
    }).observe(document, { childList: true, subtree: true });
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__bench.loaf.push(entry.duration);
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // Long Animation Frames are Chrome 123+.
    }
  });
  const scripts = trackScripts(page);
  await page.goto(`${service.url}/fixtures/${fixtureId}`);
  step('navigated');
  await page.waitForFunction(() => !Number.isNaN((window as unknown as { __bench: { firstPrices: number } }).__bench.firstPrices), undefined, { timeout: 30_000 });
  const firstPricesMs = await page.evaluate(() => (window as unknown as { __bench: { firstPrices: number } }).__bench.firstPrices);
  const firstRouteJsGzipKB = scripts.gzipBytes() / 1024;
  await sleep(2_000);

  const counter = countStream(service.url, fixtureId);
  await page.evaluate(() => {
    (window as unknown as { __bench: { loaf: number[] } }).__bench.loaf = [];
  });
  step('first prices');
  const trace = await traceFor(page, MEASURE_MS);
  step('traced');
  if (process.env.BENCH_UI_PROFILE === '1') await printProfile(page, 3_000);
  const counted = counter.stop();
  step('stream counted');
  const loaf = await page.evaluate(() => (window as unknown as { __bench: { loaf: number[] } }).__bench.loaf);
  const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? Number.NaN);
  step('page figures read');
  await context.close();
  step('page closed');
  await service.admin.json('POST', '/admin/update-rate', { fixtureId, seconds: null });

  const { busy, tasks } = framesFromTrace(trace);
  const sorted = [...busy].sort((a, b) => a - b);
  console.log(`${label}: fixture ${fixtureId} (${String(entries)} prices), ${String(busy.length)} frames traced`);
  return {
    label,
    updatesPerSec: counted.all / counted.seconds,
    fixtureUpdatesPerSec: counted.fixture / counted.seconds,
    frameP50: percentile(sorted, 50),
    frameP95: percentile(sorted, 95),
    frameP99: percentile(sorted, 99),
    overBudgetShare: busy.length === 0 ? Number.NaN : busy.filter((b) => b > BUDGET_MS).length / busy.length,
    longTasks: tasks.filter((t) => t > 50).length,
    maxTaskMs: Math.max(0, ...tasks),
    loafOver50: loaf.filter((d) => d > 50).length,
    heapMB: heap / 1024 / 1024,
    firstPricesMs,
    firstRouteJsGzipKB,
  };
}

/** A traced phase's frame figures (busy wall and CPU per frame, long tasks) and the page's JS heap. */
interface FrameFigures {
  readonly frameP50: number;
  readonly frameP95: number;
  readonly frameP99: number;
  /** Main-thread CPU (thread time) per frame p95, and per second: what the page costs, whatever else runs on the machine. */
  readonly cpuFrameP95: number;
  readonly cpuMsPerSec: number;
  readonly longTasks: number;
  readonly maxTaskMs: number;
  readonly heapMB: number;
}

async function frameFigures(page: Page, trace: readonly TraceEvent[]): Promise<FrameFigures> {
  const heap = await page.evaluate(() => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? Number.NaN);
  const { busy, cpu, tasks } = framesFromTrace(trace);
  const sortedBusy = [...busy].sort((a, b) => a - b);
  const sortedCpu = [...cpu].sort((a, b) => a - b);
  return {
    frameP50: percentile(sortedBusy, 50),
    frameP95: percentile(sortedBusy, 95),
    frameP99: percentile(sortedBusy, 99),
    cpuFrameP95: percentile(sortedCpu, 95),
    cpuMsPerSec: cpu.reduce((a, b) => a + b, 0) / Math.max(1e-3, (cpu.length * FRAME_MS) / 1000),
    longTasks: tasks.filter((t) => t > 50).length,
    maxTaskMs: Math.max(0, ...tasks),
    heapMB: heap / 1024 / 1024,
  };
}

/** Where the page's main thread spends its time: the timeline's totals and the hottest JS over 3 s. */
async function mainThreadProfile(page: Page, trace: readonly TraceEvent[]): Promise<string> {
  return `main thread: ${timelineBreakdown(trace)}; hottest JS over 3 s: ${(await hottestFunctions(page, 3_000, 6))
    .filter(([key]) => !key.startsWith('(idle)'))
    .map(([key, ms]) => `${key} ${ms.toFixed(0)} ms`)
    .join('; ')}`;
}

interface FirehosePhase extends FrameFigures {
  readonly rate: number;
  /** Updates/s the service made (the firehose's own count) and the page applied (its own count). */
  readonly producedPerSec: number;
  readonly appliedPerSec: number;
  readonly loafOver50: number;
  readonly paintP50: number;
  readonly paintP95: number;
  /** The hottest functions when a target was missed, else ''. */
  readonly profile: string;
}

interface PerfWindow {
  __oddsPerf: { applied: number; paintDelaysMs: number[] };
  __bench: { loaf: number[] };
}

/** Whether a firehose phase meets every target of the issue (stream→paint only at 2,000/s). */
function meetsTargets(phase: FirehosePhase): boolean {
  const paintOk = phase.rate !== PAINT_TARGET_RATE || phase.paintP95 <= PAINT_TARGET_MS;
  return phase.frameP95 <= BUDGET_MS && phase.longTasks === 0 && phase.heapMB < HEAP_TARGET_MB && paintOk;
}

/** The open fixture's page while the admin firehose requotes its prices at each rate in turn. */
async function measureFirehose(browser: Browser, service: { url: string; admin: AdminClient }): Promise<FirehosePhase[]> {
  const { fixtureId, entries } = await busyFixture(service.admin, service.url);
  // BENCH_UI_REDUCED_MOTION=1: the same page without the price flash (prefers-reduced-motion), to
  // tell the flash's repaints from the rest of the page's work.
  const reducedMotion = process.env.BENCH_UI_REDUCED_MOTION === '1' ? 'reduce' : 'no-preference';
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, reducedMotion });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as PerfWindow;
    // Turns on the page's own count of what it applies (src/stream/page-perf.ts).
    w.__oddsPerf = { applied: 0, paintDelaysMs: [] };
    w.__bench = { loaf: [] };
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__bench.loaf.push(entry.duration);
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // Long Animation Frames are Chrome 123+.
    }
  });
  await page.goto(`${service.url}/fixtures/${fixtureId}`);
  await page.waitForSelector('[data-odds-id]', { timeout: 30_000 });
  // The rows are for zstd-dict: the gateway must not have downgraded the page's login.
  await page.waitForFunction(() => document.querySelector('.connection-figures')?.textContent.includes('encoding zstd-dict') === true, undefined, { timeout: 30_000 });
  await sleep(2_000);
  const phases: FirehosePhase[] = [];
  const changesSoFar = async (): Promise<number> => (await service.admin.json<{ firehose: { changes: number } | null }>('GET', '/admin/firehose')).firehose?.changes ?? 0;
  try {
    for (const rate of FIREHOSE_RATES) {
      const started = await service.admin.json<{ entries: number; maxUpdatesPerSec: number }>('POST', '/admin/firehose', { fixtureId, updatesPerSec: rate });
      console.log(`firehose ${String(rate)}/s: fixture ${fixtureId} (${String(entries)} prices shown, ${String(started.entries)} requoted; at most ${String(Math.round(started.maxUpdatesPerSec))}/s)`);
      await sleep(3_000);
      await page.evaluate(() => {
        const w = window as unknown as PerfWindow;
        w.__oddsPerf.applied = 0;
        w.__oddsPerf.paintDelaysMs = [];
        w.__bench.loaf = [];
      });
      const producedBefore = await changesSoFar();
      const from = performance.now();
      const traceDir = process.env.BENCH_UI_TRACE_DIR;
      const trace = await traceFor(page, MEASURE_MS, ['devtools.timeline', ...(traceDir === undefined ? [] : ['disabled-by-default-devtools.timeline', 'blink', 'cc'])]);
      if (traceDir !== undefined) {
        mkdirSync(traceDir, { recursive: true });
        writeFileSync(path.join(traceDir, `firehose-${String(rate)}.json`), JSON.stringify({ traceEvents: trace }));
      }
      const seconds = (performance.now() - from) / 1000;
      const produced = (await changesSoFar()) - producedBefore;
      const perf = await page.evaluate(() => {
        const w = window as unknown as PerfWindow;
        return { applied: w.__oddsPerf.applied, delays: w.__oddsPerf.paintDelaysMs, loaf: w.__bench.loaf };
      });
      const figures = await frameFigures(page, trace);
      const sortedDelays = [...perf.delays].sort((a, b) => a - b);
      const phase: FirehosePhase = {
        rate,
        producedPerSec: produced / seconds,
        appliedPerSec: perf.applied / seconds,
        ...figures,
        loafOver50: perf.loaf.filter((d) => d > 50).length,
        paintP50: percentile(sortedDelays, 50),
        paintP95: percentile(sortedDelays, 95),
        profile: '',
      };
      // A missed target is explained by where the page's main thread spends its time.
      const profile = meetsTargets(phase) && process.env.BENCH_UI_PROFILE !== '1' ? '' : await mainThreadProfile(page, trace);
      phases.push({ ...phase, profile });
      console.log(
        `firehose ${String(rate)}/s: produced ${phase.producedPerSec.toFixed(0)}/s, applied ${phase.appliedPerSec.toFixed(0)}/s, busy p95 ${phase.frameP95.toFixed(2)} ms (CPU p95 ${phase.cpuFrameP95.toFixed(2)} ms, ${phase.cpuMsPerSec.toFixed(0)} ms/s), paint p95 ${phase.paintP95.toFixed(0)} ms${profile === '' ? '' : `; hottest over 3 s: ${profile}`}`,
      );
    }
  } finally {
    await service.admin.json('POST', '/admin/firehose', { updatesPerSec: null });
    await context.close();
  }
  return phases;
}

interface OpportunitiesPhase extends FrameFigures {
  readonly rate: number;
  readonly producedPerSec: number;
  /** Rows in the grid's DOM at the end, and DOM changes inside the grid per second (the rows do update). */
  readonly rowsShown: number;
  readonly gridChangesPerSec: number;
  readonly profile: string;
}

/** /opportunities open while the admin firehose requotes the busy fixture at `rate`. */
async function measureOpportunities(browser: Browser, service: { url: string; admin: AdminClient }, rate: number): Promise<OpportunitiesPhase> {
  const { fixtureId } = await busyFixture(service.admin, service.url);
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  try {
    await page.goto(`${service.url}/opportunities?${OPPORTUNITIES_QUERY}`);
    await page.waitForSelector('.opportunity-row[data-key]', { timeout: 60_000 });
    await page.evaluate(() => {
      const w = window as unknown as { __grid: { changes: number } };
      w.__grid = { changes: 0 };
      const grid = document.querySelector('.opportunity-grid');
      if (grid === null) return;
      new MutationObserver((records) => {
        w.__grid.changes += records.length;
      }).observe(grid, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    await service.admin.json('POST', '/admin/firehose', { fixtureId, updatesPerSec: rate });
    await sleep(3_000);
    await page.evaluate(() => {
      (window as unknown as { __grid: { changes: number } }).__grid.changes = 0;
    });
    const producedBefore = (await service.admin.json<{ firehose: { changes: number } | null }>('GET', '/admin/firehose')).firehose?.changes ?? 0;
    const from = performance.now();
    const trace = await traceFor(page, MEASURE_MS, ['devtools.timeline']);
    const seconds = (performance.now() - from) / 1000;
    const produced = ((await service.admin.json<{ firehose: { changes: number } | null }>('GET', '/admin/firehose')).firehose?.changes ?? 0) - producedBefore;
    const changes = await page.evaluate(() => (window as unknown as { __grid: { changes: number } }).__grid.changes);
    const rowsShown = await page.locator('.opportunity-row[data-key]').count();
    const figures = await frameFigures(page, trace);
    const { frameP95 } = figures;
    const profile = frameP95 <= BUDGET_MS && figures.longTasks === 0 && process.env.BENCH_UI_PROFILE !== '1' ? '' : await mainThreadProfile(page, trace);
    const phase: OpportunitiesPhase = {
      rate,
      producedPerSec: produced / seconds,
      ...figures,
      rowsShown,
      gridChangesPerSec: changes / seconds,
      profile,
    };
    console.log(
      `opportunities page, firehose ${String(rate)}/s: produced ${phase.producedPerSec.toFixed(0)}/s, ${String(rowsShown)} rows shown, ${phase.gridChangesPerSec.toFixed(0)} grid DOM changes/s, busy p50 ${phase.frameP50.toFixed(2)} ms, p95 ${frameP95.toFixed(2)} ms (CPU p95 ${phase.cpuFrameP95.toFixed(2)} ms, ${phase.cpuMsPerSec.toFixed(0)} ms/s)${profile === '' ? '' : `; ${profile}`}`,
    );
    return phase;
  } finally {
    await service.admin.json('POST', '/admin/firehose', { updatesPerSec: null });
    await context.close();
  }
}

function reportOpportunities(p: OpportunitiesPhase, board: FirehosePhase | undefined, base: Phase): void {
  const at = `opportunities page (${OPPORTUNITIES_QUERY}), firehose ${p.rate.toLocaleString('en-US')}/s`;
  // The baseline is the fixture board at the same firehose rate in the same run; the quiet board when that rate was not run.
  const baseline = (pick: (phase: FirehosePhase | Phase) => number) =>
    board === undefined ? { label: base.label, value: pick(base) } : { label: `fixture board, firehose ${p.rate.toLocaleString('en-US')}/s, same run`, value: pick(board) };
  const note = `${String(p.rowsShown)} rows in the grid, ${p.gridChangesPerSec.toFixed(0)} grid DOM changes/s; service made ${p.producedPerSec.toFixed(0)} updates/s`;
  reportRow({ bench: BENCH, metric: `${at}: main-thread busy per frame p50`, value: p.frameP50, unit: 'ms', baseline: baseline((x) => x.frameP50), target: null, note });
  reportRow({
    bench: BENCH,
    metric: `${at}: main-thread busy per frame p95`,
    value: p.frameP95,
    unit: 'ms',
    baseline: baseline((x) => x.frameP95),
    target: { op: '<=', value: BUDGET_MS },
    note: p.profile === '' ? note : `${note}; ${p.profile}`,
  });
  reportRow({ bench: BENCH, metric: `${at}: main-thread busy per frame p99`, value: p.frameP99, unit: 'ms', baseline: baseline((x) => x.frameP99), target: null });
  reportRow({
    bench: BENCH,
    metric: `${at}: main-thread CPU per frame p95 (thread time)`,
    value: p.cpuFrameP95,
    unit: 'ms',
    baseline: { label: 'wall busy p95', value: p.frameP95 },
    target: null,
    note: `${p.cpuMsPerSec.toFixed(0)} ms of CPU per second`,
  });
  reportRow({ bench: BENCH, metric: `${at}: long tasks over 50 ms (trace)`, value: p.longTasks, unit: 'tasks', baseline: null, target: { op: '<=', value: 0 }, note: `longest ${p.maxTaskMs.toFixed(1)} ms` });
  reportRow({ bench: BENCH, metric: `${at}: JS heap`, value: p.heapMB, unit: 'MB', baseline: null, target: { op: '<=', value: HEAP_TARGET_MB } });
}

function reportFirehose(phases: readonly FirehosePhase[], base: Phase): void {
  const row = (metric: string, value: number, unit: string, baseline: { label: string; value: number } | null, target: { op: '>=' | '<='; value: number } | null, note?: string) => {
    reportRow({ bench: BENCH, metric, value, unit, baseline, target, ...(note === undefined || note === '' ? {} : { note }) });
  };
  const quiet = (value: number) => ({ label: base.label, value });
  for (const p of phases) {
    const at = `firehose ${p.rate.toLocaleString('en-US')}/s`;
    const why = p.profile;
    row(`${at}: odds updates/s applied by the page`, p.appliedPerSec, 'updates/s', { label: 'rate asked', value: p.rate }, null, `service made ${p.producedPerSec.toFixed(0)}/s`);
    row(`${at}: main-thread busy per frame p50`, p.frameP50, 'ms', quiet(base.frameP50), null);
    row(`${at}: main-thread busy per frame p95`, p.frameP95, 'ms', quiet(base.frameP95), { op: '<=', value: BUDGET_MS }, p.frameP95 > BUDGET_MS ? why : undefined);
    row(`${at}: main-thread busy per frame p99`, p.frameP99, 'ms', quiet(base.frameP99), null);
    row(
      `${at}: main-thread CPU per frame p95 (thread time)`,
      p.cpuFrameP95,
      'ms',
      { label: 'wall busy p95', value: p.frameP95 },
      null,
      `${p.cpuMsPerSec.toFixed(0)} ms of CPU per second; busy per frame is wall time, which counts a task's waits for a core on a loaded machine, thread time does not`,
    );
    row(`${at}: long tasks over 50 ms (trace)`, p.longTasks, 'tasks', quiet(base.longTasks), { op: '<=', value: 0 }, `longest ${p.maxTaskMs.toFixed(1)} ms; long animation frames over 50 ms: ${String(p.loafOver50)}${p.longTasks > 0 ? `; ${why}` : ''}`);
    row(`${at}: JS heap`, p.heapMB, 'MB', quiet(base.heapMB), { op: '<=', value: HEAP_TARGET_MB });
    row(
      `${at}: stream→paint delay p95`,
      p.paintP95,
      'ms',
      { label: 'p50', value: p.paintP50 },
      p.rate === PAINT_TARGET_RATE ? { op: '<=', value: PAINT_TARGET_MS } : null,
      p.rate === PAINT_TARGET_RATE && p.paintP95 > PAINT_TARGET_MS ? why : undefined,
    );
  }
  const meeting = phases.filter(meetsTargets).map((p) => p.rate);
  row(
    'firehose: highest rate meeting every target',
    meeting.length === 0 ? 0 : Math.max(...meeting),
    'updates/s',
    null,
    { op: '>=', value: Math.max(...FIREHOSE_RATES) },
    `rates tried: ${FIREHOSE_RATES.join(', ')}; targets: busy p95 <= ${String(BUDGET_MS)} ms, no long task over 50 ms, heap < ${String(HEAP_TARGET_MB)} MB, stream→paint p95 <= ${String(PAINT_TARGET_MS)} ms at ${String(PAINT_TARGET_RATE)}/s; service ticks every ${String(FIREHOSE_TICK_MS)} ms`,
  );
}

async function run(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/index.html'))) throw new Error('no dist/: run `npx vite build` first (npm run bench:ui does)');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const phases: Phase[] = [];
  let firehose: FirehosePhase[] = [];
  let opportunities: OpportunitiesPhase | null = null;
  try {
    const runs: [string, number][] = [['default quote rate', 1]];
    if (!ONLY_FIREHOSE) runs.push([`QUOTE_RATE ${String(QUOTE_RATE)}`, QUOTE_RATE]);
    for (const [label, quoteRate] of runs) {
      const service = await startService(quoteRate);
      try {
        phases.push(await measurePhase(browser, label, service));
      } finally {
        await stopService(service);
      }
    }
    if (FIREHOSE_RATES.length > 0 && FIREHOSE_RATES.every((r) => r > 0)) {
      const service = await startService(1, { SIM_TICK_MS: String(FIREHOSE_TICK_MS), GATEWAY_ZSTD: 'on' });
      try {
        firehose = await measureFirehose(browser, service);
        if (WITH_OPPORTUNITIES) opportunities = await measureOpportunities(browser, service, TARGET_RATE);
      } finally {
        await stopService(service);
      }
    }
  } finally {
    await browser.close();
  }
  const [base, loaded] = phases;
  if (base === undefined) return;
  const scanned = opportunities;
  const reportScan = () => {
    if (scanned !== null) reportOpportunities(scanned, firehose.find((p) => p.rate === scanned.rate), base);
  };
  if (loaded === undefined) {
    reportFirehose(firehose, base);
    reportScan();
    return;
  }
  const baseline = (value: number) => ({ label: base.label, value });
  const row = (metric: string, value: number, unit: string, baseValue: number | null, target: { op: '>=' | '<='; value: number } | null, note?: string) => {
    reportRow({ bench: BENCH, metric, value, unit, baseline: baseValue === null ? null : baseline(baseValue), target, ...(note === undefined ? {} : { note }) });
  };
  const rateNote = `target ${String(TARGET_RATE)} updates/s to the page`;
  row('odds updates/s streamed to the page', loaded.updatesPerSec, 'updates/s', base.updatesPerSec, null, rateNote);
  row('odds updates/s of the open fixture', loaded.fixtureUpdatesPerSec, 'updates/s', base.fixtureUpdatesPerSec, null);
  row('main-thread busy per frame p50', loaded.frameP50, 'ms', base.frameP50, null);
  row('main-thread busy per frame p95', loaded.frameP95, 'ms', base.frameP95, { op: '<=', value: BUDGET_MS });
  row('main-thread busy per frame p99', loaded.frameP99, 'ms', base.frameP99, null);
  row('frames over the 8 ms budget', loaded.overBudgetShare * 100, '%', base.overBudgetShare * 100, null);
  row('long tasks over 50 ms (trace)', loaded.longTasks, 'tasks', base.longTasks, { op: '<=', value: 0 }, `longest ${loaded.maxTaskMs.toFixed(1)} ms`);
  row('long animation frames over 50 ms', loaded.loafOver50, 'frames', base.loafOver50, null);
  row('JS heap', loaded.heapMB, 'MB', base.heapMB, null);
  row('navigation to first prices painted', loaded.firstPricesMs, 'ms', base.firstPricesMs, { op: '<=', value: 1_000 });
  row('first route JavaScript (gzip)', loaded.firstRouteJsGzipKB, 'kB', null, { op: '<=', value: 200 });
  reportFirehose(firehose, base);
  reportScan();
}

await run();
