// `npm run bench:gateway`: the realtime gateway on the simulator's own traffic (never padded).
// The service runs in its own process in benchmark mode on port 4171. Part 1: four clients, one
// per receiveType, subscribed to all odds, print the entries per frame, the delays, bytes per odds
// entry and the ratios to json; then the encoders' cost per frame on the captured frames (baseline
// JSON.stringify). Part 2: fan-out, 50 clients in a separate process (bench/gateway-clients.ts),
// each subscribed to all odds: entries/s per client, p99 delay ts→receipt, CPU of both processes.
// Part 3 (BENCH_CLUSTER=0 skips it): 100 zstd-dict clients on the one-process service, then the
// same 100 through HAProxy on a cluster of two edges fed by Redis Streams (service/cluster), at
// the same load: entries/s per client and p99 delay, side by side.
//
// Load knobs (defaults give ≥ 5,000 odds entries/s, see docs/stream.md): BENCH_QUOTE_RATE (8),
// BENCH_SIM_SPEED (60), BENCH_LIVE_GAP_SEC (20), BENCH_TICK_MS (250); BENCH_LOAD=demo runs the service's defaults.
// Durations: BENCH_SECONDS (20, each measured window). BENCH_FANOUT_RECEIVE_TYPE (json).
import { fork, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encode as msgpackEncode } from '@msgpack/msgpack';
import { Packr } from 'msgpackr';
import { Compressor } from 'zstd-napi';
import { DEFAULT_ZSTD_LEVEL, createFrameEncoder, loadDictionaries } from '../service/gateway/encoding.ts';
import type { DataFrame, ReceiveType } from '../src/wire/stream-schemas.ts';
import { startCluster } from '../service/cluster/cluster.ts';
import { openClient, percentile, type FanOutMessage, type FanOutResult, type ReceivedFrame } from './gateway-clients.ts';
import { formatNumber, opsPerSecond, reportRow } from './report.ts';

const BENCH = 'bench:gateway';
const PORT = 4171;
const base = `http://127.0.0.1:${String(PORT)}`;
const wsUrl = `ws://127.0.0.1:${String(PORT)}/ws`;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const demo = process.env.BENCH_LOAD === 'demo';
const load: Readonly<Record<string, string>> = demo
  ? {}
  : {
      QUOTE_RATE: process.env.BENCH_QUOTE_RATE ?? '8',
      SIM_SPEED: process.env.BENCH_SIM_SPEED ?? '60',
      LIVE_KICKOFF_GAP_SEC: process.env.BENCH_LIVE_GAP_SEC ?? '20',
      SIM_TICK_MS: process.env.BENCH_TICK_MS ?? '250',
    };
const FANOUT_RECEIVE_TYPE = (process.env.BENCH_FANOUT_RECEIVE_TYPE ?? 'json') as ReceiveType;
const RECEIVE_TYPES: readonly ReceiveType[] = ['json', 'binary', 'zstd', 'zstd-dict'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitHealthy(deadlineMs: number): Promise<void> {
  while (Date.now() < deadlineMs) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(500);
  }
  throw new Error('the service did not become healthy in time');
}

/** CPU seconds (user + system) used so far by process `pid`, from /proc (Linux). */
function cpuSecondsOf(pid: number): number {
  const stat = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the parenthesised command name; utime and stime are the 14th and 15th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const pct = (share: number): string => `${(share * 100).toFixed(0)} %`;

// ---------------------------------------------------------------------------------------------
// Part 1: the four encodings on the same frames
// ---------------------------------------------------------------------------------------------

/** Every bookmaker the bench key may see: "subscribed to all odds". */
async function allBookmakers(): Promise<string[]> {
  const res = await fetch(`${base}/en/bookmakers`, { headers: { 'X-API-Key': 'bench-key' } });
  if (res.status !== 200) throw new Error(`/en/bookmakers answered ${String(res.status)}`);
  return ((await res.json()) as { bookmaker: string }[]).map((b) => b.bookmaker);
}

async function encodings(bookmakers: readonly string[]): Promise<string[]> {
  const received = new Map<ReceiveType, Map<string, ReceivedFrame>>(RECEIVE_TYPES.map((t) => [t, new Map()]));
  let measuring = false;
  const clients = await Promise.all(
    RECEIVE_TYPES.map((receiveType) =>
      openClient({
        url: wsUrl,
        apiKey: 'bench-key',
        receiveType,
        channels: ['odds'],
        bookmakers,
        keepJson: receiveType === 'json',
        onFrame: (frame) => {
          if (measuring && frame.channel === 'odds') received.get(receiveType)?.set(frame.entryId, frame);
        },
      }),
    ),
  );
  for (const [i, client] of clients.entries()) {
    if (client.negotiated !== RECEIVE_TYPES[i]) throw new Error(`asked ${String(RECEIVE_TYPES[i])}, negotiated ${client.negotiated} (is GATEWAY_ZSTD off?)`);
  }
  await sleep(2000);
  measuring = true;
  await sleep(SECONDS * 1000);
  measuring = false;
  for (const client of clients) client.close();

  // Compare on the frames every client received, so that the window edges do not skew a ratio.
  const json = received.get('json') ?? new Map<string, ReceivedFrame>();
  const common = [...json.keys()].filter((id) => RECEIVE_TYPES.every((t) => received.get(t)?.has(id) === true));
  if (common.length === 0) throw new Error('no odds frame reached all four clients');
  const frames = common.map((id) => json.get(id)).filter((f): f is ReceivedFrame => f !== undefined);
  const entries = frames.reduce((sum, f) => sum + f.entries, 0);
  const perFrame = frames.map((f) => f.entries).sort((a, b) => a - b);
  console.log(`\n== Encodings: ${String(frames.length)} odds frames, ${String(entries)} entries in ${String(SECONDS)} s (${formatNumber(entries / SECONDS)} entries/s)`);
  console.log(
    `odds entries per frame: p50 ${String(percentile(perFrame, 0.5))}, p90 ${String(percentile(perFrame, 0.9))}, ` +
      `p99 ${String(percentile(perFrame, 0.99))}, max ${String(perFrame.at(-1) ?? 0)}`,
  );
  reportRow({ bench: BENCH, metric: 'odds entries per frame, p50', value: percentile(perFrame, 0.5), unit: 'entries', baseline: null, target: null });

  // Batching: the simulator frames a tick's changes at the tick's end; the gateway adds no window.
  const ages = frames
    .map((f) => {
      const parsed = JSON.parse(f.json ?? '{}') as { payload?: { odds?: Record<string, Record<string, { changedAt?: number }>> } };
      let oldest = f.ts;
      for (const book of Object.values(parsed.payload?.odds ?? {})) for (const e of Object.values(book)) oldest = Math.min(oldest, e.changedAt ?? f.ts);
      return f.ts - oldest;
    })
    .sort((a, b) => a - b);
  const delays = frames.map((f) => f.receivedAt - f.ts).sort((a, b) => a - b);
  console.log(`entry age when framed (ts − oldest changedAt): p50 ${String(percentile(ages, 0.5))} ms, p99 ${String(percentile(ages, 0.99))} ms`);
  console.log(`gateway delay ts → receipt (json client): p50 ${String(percentile(delays, 0.5))} ms, p99 ${String(percentile(delays, 0.99))} ms`);
  reportRow({
    bench: BENCH,
    metric: 'odds delay ts→receipt, p99 (the gateway adds no batching window)',
    value: percentile(delays, 0.99),
    unit: 'ms',
    baseline: null,
    target: { op: '<=', value: 50 },
    note: 'frames are the simulator tick batches, sent as they come',
  });

  const bytesOf = (t: ReceiveType): number => common.reduce((sum, id) => sum + (received.get(t)?.get(id)?.bytes ?? 0), 0);
  const jsonPerEntry = bytesOf('json') / entries;
  for (const t of RECEIVE_TYPES) {
    const perEntry = bytesOf(t) / entries;
    const ratio = jsonPerEntry / perEntry;
    console.log(`${t.padEnd(9)} ${perEntry.toFixed(1).padStart(7)} bytes per odds entry, ${ratio.toFixed(2)}× smaller than json`);
    if (t !== 'json') {
      reportRow({
        bench: BENCH,
        metric: `${t}: ratio to json on odds`,
        value: ratio,
        unit: '×',
        baseline: { label: 'json bytes/entry', value: jsonPerEntry },
        target: t === 'zstd' ? { op: '>=', value: 6 } : t === 'zstd-dict' ? { op: '>=', value: 9 } : null,
        note: `${perEntry.toFixed(1)} bytes per odds entry`,
      });
    }
  }
  return frames.map((f) => f.json ?? '');
}

/** Encoding cost per frame on the captured frames, and the zstd level curve that set DEFAULT_ZSTD_LEVEL. */
function encodingCost(texts: readonly string[]): void {
  const frames = texts.map((t) => JSON.parse(t) as DataFrame);
  const buffers = texts.map((t) => Buffer.from(t));
  const jsonBytes = buffers.reduce((sum, b) => sum + b.length, 0);
  const n = frames.length;
  const usPerFrame = (fn: () => void): number => 1e6 / opsPerSecond(fn, n, 1000);
  console.log(`\n== Encoding cost per odds frame (${String(n)} captured frames, avg ${formatNumber(jsonBytes / n)} bytes of JSON)`);
  const packr = new Packr({ useRecords: false, variableMapSize: true });
  const contenders = {
    stringify: () => {
      for (const f of frames) JSON.stringify(f);
    },
    msgpackr: () => {
      for (const f of frames) packr.pack(f);
    },
    msgpack: () => {
      for (const f of frames) msgpackEncode(f);
    },
  };
  // Interleaved rounds, best of three: a single pass is skewed by whichever runs first (JIT, GC).
  const best = { stringify: Infinity, msgpackr: Infinity, msgpack: Infinity };
  for (let round = 0; round < 3; round++) {
    for (const key of ['stringify', 'msgpackr', 'msgpack'] as const) best[key] = Math.min(best[key], usPerFrame(contenders[key]));
  }
  const { stringify, msgpackr, msgpack } = best;
  console.log(`JSON.stringify ${stringify.toFixed(1)} µs · msgpackr (useRecords:false, variableMapSize) ${msgpackr.toFixed(1)} µs · @msgpack/msgpack ${msgpack.toFixed(1)} µs`);
  reportRow({ bench: BENCH, metric: 'binary encode per odds frame (msgpackr)', value: msgpackr, unit: 'µs', baseline: { label: '@msgpack/msgpack', value: msgpack }, target: null });

  const dict = loadDictionaries().byChannel.get('odds');
  console.log('zstd level: ratio to json and µs per frame, dictless | with the odds dictionary');
  for (const level of [1, 3, 5, 7, 9, 12]) {
    const plain = new Compressor();
    plain.setParameters({ compressionLevel: level });
    const withDict = new Compressor();
    withDict.setParameters({ compressionLevel: level });
    if (dict !== undefined) withDict.loadDictionary(dict.data);
    const size = (c: Compressor) => buffers.reduce((sum, b) => sum + c.compress(b).length, 0);
    const cost = (c: Compressor) =>
      usPerFrame(() => {
        for (const b of buffers) c.compress(b);
      });
    const mark = level === DEFAULT_ZSTD_LEVEL ? '  ← DEFAULT_ZSTD_LEVEL' : '';
    console.log(
      `  L${String(level).padEnd(2)} ${(jsonBytes / size(plain)).toFixed(2)}× ${cost(plain).toFixed(0).padStart(5)} µs | ` +
        `${(jsonBytes / size(withDict)).toFixed(2)}× ${cost(withDict).toFixed(0).padStart(5)} µs${mark}`,
    );
  }
  // What the gateway does per frame and encoding (once per frame object, then memoized).
  const encoder = createFrameEncoder({ zstd: true });
  for (const t of ['zstd', 'zstd-dict'] as const) {
    const us = usPerFrame(() => {
      for (const f of frames) encoder.encode({ ...f }, t);
    });
    reportRow({ bench: BENCH, metric: `${t} encode per odds frame (JSON text + level ${String(DEFAULT_ZSTD_LEVEL)})`, value: us, unit: 'µs', baseline: { label: 'JSON.stringify', value: stringify }, target: null });
  }
}

// ---------------------------------------------------------------------------------------------
// Part 2: fan-out to 50 clients in another process
// ---------------------------------------------------------------------------------------------

interface FanOutRun {
  /** The stream URL the clients connect to. */
  readonly url: string;
  readonly clients: number;
  readonly receiveType: ReceiveType;
  /** The processes serving them, whose CPU is measured. */
  readonly pids: readonly number[];
  readonly bookmakers: readonly string[];
}

interface FanOutFigures {
  readonly r: FanOutResult;
  /** Entries/s per client, sorted. */
  readonly rates: number[];
  /** CPU of the serving processes, in cores, in all. */
  readonly serverCpu: number;
}

/** Runs `clients` clients in a separate process (bench/gateway-clients.ts) and prints what they received. */
async function runFanOut(run: FanOutRun): Promise<FanOutFigures> {
  const child = fork(path.join(import.meta.dirname, 'gateway-clients.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      FANOUT_URL: run.url,
      FANOUT_CLIENTS: String(run.clients),
      FANOUT_BOOKMAKERS: run.bookmakers.join(','),
      FANOUT_RECEIVE_TYPE: run.receiveType,
      FANOUT_WARMUP_MS: '5000',
      FANOUT_MEASURE_MS: String(SECONDS * 1000),
    },
  });
  const cpu = (): number => run.pids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
  let serverCpuStart = 0;
  let wallStart = 0;
  const result = await new Promise<{ result: FanOutResult; serverCpu: number }>((resolve, reject) => {
    child.on('message', (message: FanOutMessage) => {
      if (message.type === 'measure-start') {
        serverCpuStart = cpu();
        wallStart = performance.now();
      } else if (message.type === 'result') {
        const serverCpu = (cpu() - serverCpuStart) / ((performance.now() - wallStart) / 1000);
        resolve({ result: message, serverCpu });
      } else if (message.type === 'failed') {
        reject(new Error(`fan-out clients failed: ${message.message}`));
      }
    });
    child.on('exit', (code) => {
      reject(new Error(`fan-out process exited (${String(code)}) before reporting`));
    });
  });
  await new Promise((resolve) => {
    if (child.exitCode !== null) resolve(null);
    else child.once('exit', resolve);
  });
  const { result: r, serverCpu } = result;
  const rates = [...r.entriesPerSecond].sort((a, b) => a - b);
  console.log(
    `entries/s per client: min ${formatNumber(rates[0] ?? 0)}, median ${formatNumber(percentile(rates, 0.5))}, max ${formatNumber(rates.at(-1) ?? 0)} ` +
      `(total ${formatNumber(rates.reduce((a, b) => a + b, 0))} entries/s delivered)`,
  );
  console.log(`delay ts → receipt: p50 ${String(r.delayP50)} ms, p99 ${String(r.delayP99)} ms, max ${String(r.delayMax)} ms`);
  console.log(`  of which ts → first of the ${String(run.clients)} receipts (simulator tick, gateway, loopback): p50 ${String(r.firstP50)} ms, p99 ${String(r.firstP99)} ms`);
  console.log(`  and first → each receipt (fanning out): p50 ${String(r.spreadP50)} ms, p99 ${String(r.spreadP99)} ms`);
  console.log(`CPU: serving process(es) ${pct(serverCpu)} of a core, client process ${pct(r.cpu)} of a core`);
  if (Object.keys(r.controls).length > 0) console.log(`control frames during the run: ${JSON.stringify(r.controls)}`);
  return { r, rates, serverCpu };
}

async function fanOut(servicePid: number, bookmakers: readonly string[]): Promise<void> {
  console.log(`\n== Fan-out: 50 clients in a separate process, all odds, receiveType ${FANOUT_RECEIVE_TYPE}`);
  const { r, rates, serverCpu } = await runFanOut({ url: wsUrl, clients: 50, receiveType: FANOUT_RECEIVE_TYPE, pids: [servicePid], bookmakers });
  const min = rates[0] ?? 0;
  reportRow({ bench: BENCH, metric: 'fan-out: odds entries/s to each of 50 clients (min)', value: min, unit: 'entries/s', baseline: null, target: { op: '>=', value: 5000 } });
  reportRow({ bench: BENCH, metric: 'fan-out: p99 delay ts→receipt', value: r.delayP99, unit: 'ms', baseline: { label: 'p50', value: r.delayP50 }, target: { op: '<=', value: 100 } });
  reportRow({ bench: BENCH, metric: 'fan-out: service CPU', value: serverCpu * 100, unit: '% core', baseline: null, target: null });
  reportRow({ bench: BENCH, metric: 'fan-out: client process CPU', value: r.cpu * 100, unit: '% core', baseline: null, target: null });
}

// ---------------------------------------------------------------------------------------------
// Part 3: the same 100 zstd-dict clients on one process, then on a cluster (issue #24)
// ---------------------------------------------------------------------------------------------

const CLUSTER_CLIENTS = 100;

/** 100 zstd-dict clients on the one-process service (the baseline of the two-edge row). */
async function oneProcessHundred(servicePid: number, bookmakers: readonly string[]): Promise<FanOutFigures> {
  console.log(`\n== ${String(CLUSTER_CLIENTS)} zstd-dict clients on the one-process service`);
  return runFanOut({ url: wsUrl, clients: CLUSTER_CLIENTS, receiveType: 'zstd-dict', pids: [servicePid], bookmakers });
}

/** The cluster (Redis, producer, 2 edges, HAProxy) at the same load, 100 zstd-dict clients through HAProxy. */
async function twoEdges(bookmakers: readonly string[], single: FanOutFigures): Promise<void> {
  console.log(`\n== 2 edges × ${String(CLUSTER_CLIENTS / 2)} zstd-dict clients through HAProxy (Redis Streams feed), same load`);
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'odds-bench-cluster-'));
  const cluster = await startCluster({
    port: PORT + 10,
    dataDir: clusterDir,
    env: { BENCHMARK: '1', SEED_PAST_DAYS: '0', GATEWAY_ZSTD: 'on', GATEWAY_PENDING_PER_ADDRESS: '1000', GATEWAY_PENDING_MAX: '1000', ...load },
    log: (line) => {
      if (process.env.BENCH_VERBOSE === '1') console.log(line);
    },
    throwaway: true,
  });
  try {
    const pids = cluster.edges.map((edge) => edge.pid()).filter((pid): pid is number => pid !== null);
    const { r, rates } = await runFanOut({ url: `${cluster.url.replace('http', 'ws')}/ws`, clients: CLUSTER_CLIENTS, receiveType: 'zstd-dict', pids, bookmakers });
    const perClient = (figures: readonly number[]): number => percentile([...figures], 0.5);
    reportRow({
      bench: BENCH,
      metric: `two edges: odds entries/s per client (median of ${String(CLUSTER_CLIENTS)}, zstd-dict, through HAProxy)`,
      value: perClient(rates),
      unit: 'entries/s',
      baseline: { label: `one process, same ${String(CLUSTER_CLIENTS)} clients`, value: perClient(single.rates) },
      target: null,
    });
    reportRow({
      bench: BENCH,
      metric: `two edges: p99 delay ts→receipt (${String(CLUSTER_CLIENTS)} clients)`,
      value: r.delayP99,
      unit: 'ms',
      baseline: { label: `one process, same ${String(CLUSTER_CLIENTS)} clients`, value: single.r.delayP99 },
      target: null,
    });
  } finally {
    await cluster.close();
    rmSync(clusterDir, { recursive: true, force: true });
  }
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'odds-bench-gateway-'));
// BENCH_SERVICE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the service under this load.
const serviceNodeArgs = (process.env.BENCH_SERVICE_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
const service = spawn(process.execPath, [...serviceNodeArgs, '--import', 'tsx', 'service/main.ts'], {
  env: {
    ...process.env,
    PORT: String(PORT),
    ADMIN_PORT: String(PORT + 1),
    DATA_DIR: dataDir,
    BENCHMARK: '1',
    SEED_PAST_DAYS: '0',
    LOG_EVERY_SEC: '0',
    GATEWAY_ZSTD: 'on',
    // The 50 fan-out clients all connect from 127.0.0.1 (one after another today): set so that the
    // fan-out never measures the limit on sockets waiting to log in instead of the gateway.
    GATEWAY_PENDING_PER_ADDRESS: '1000',
    GATEWAY_PENDING_MAX: '1000',
    ...load,
  },
  stdio: ['ignore', process.env.BENCH_VERBOSE === '1' ? 'inherit' : 'ignore', 'inherit'],
});

try {
  console.log(`service: ${demo ? 'demo defaults' : `QUOTE_RATE ${String(load.QUOTE_RATE)}, SIM_SPEED ${String(load.SIM_SPEED)}, LIVE_KICKOFF_GAP_SEC ${String(load.LIVE_KICKOFF_GAP_SEC)}, SIM_TICK_MS ${String(load.SIM_TICK_MS)}`}`);
  await waitHealthy(Date.now() + 180_000);
  if (service.pid === undefined) throw new Error('the service process has no pid');
  // The machine may be shared: the load average says how far to trust the timings.
  console.log(`load average at start: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} on ${String(os.cpus().length)} cores`);
  const bookmakers = await allBookmakers();
  console.log(`subscribing to odds of ${String(bookmakers.length)} bookmakers`);
  const texts = await encodings(bookmakers);
  encodingCost(texts);
  await fanOut(service.pid, bookmakers);
  if (process.env.BENCH_CLUSTER !== '0') {
    const single = await oneProcessHundred(service.pid, bookmakers);
    service.kill('SIGTERM');
    await new Promise((resolve) => {
      if (service.exitCode !== null) resolve(null);
      else service.once('exit', resolve);
    });
    await twoEdges(bookmakers, single);
  }
  console.log(`load average at end: ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  service.kill('SIGTERM');
  await new Promise((resolve) => {
    if (service.exitCode !== null) resolve(null);
    else service.once('exit', resolve);
  });
  rmSync(dataDir, { recursive: true, force: true });
}
