// `bench:history-chart`: the line-movement chart of the history page in real Chromium, timed from
// a recorded price history in memory (≥ 50,000 points across bookmakers) to the chart painted:
// series built (src/domain/line-series.ts), downsampled, rendered by recharts, two frames later.
// The chart as the page uses it (its default point budget). Baseline (same run): the same chart
// handed every point (no downsampling).
// Builds a small harness page with Vite into node_modules/.cache (so it resolves the project's
// packages); needs no service.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { reportRow } from './report.ts';

const BENCH = 'bench:history-chart';
const ROOT = path.resolve(import.meta.dirname, '..');
const WORK = path.join(ROOT, 'node_modules/.cache/history-chart-bench');
const POINTS = Number(process.env.BENCH_HISTORY_POINTS ?? 60_000);
const BOOKMAKERS = 12;
const RUNS = Number(process.env.BENCH_HISTORY_RUNS ?? 7);
const TARGET_MS = 200;

// The harness: a deterministic history (no Math.random: a linear congruential walk), then
// `window.__run(budget)` renders it into a fresh root and resolves after two animation frames.
const HARNESS = `
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { LineMovementChart } from ${JSON.stringify(path.join(ROOT, 'src/components/line-movement-chart.tsx'))};
import { buildLineSeries } from ${JSON.stringify(path.join(ROOT, 'src/domain/line-series.ts'))};

const total = ${String(POINTS)};
const books = ${String(BOOKMAKERS)};
const histories = [];
let seed = 12345;
const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
for (let b = 0; b < books; b += 1) {
  const entries = {};
  let price = 1.8 + b * 0.02;
  let t = 1_790_000_000_000;
  for (let i = 0; i < total / books; i += 1) {
    t += 1000 + Math.floor(next() * 60_000);
    price = Math.max(1.01, price + (next() - 0.5) * 0.04);
    // About one entry in 400 suspends the price, the next one reopens it.
    const active = next() > 0.0025;
    entries[String(t)] = { price: Math.round(price * 1000) / 1000, active, marketActive: true, changedAt: t };
  }
  histories.push(['book' + String(b), entries]);
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
window.__points = histories.reduce((n, [, e]) => n + Object.keys(e).length, 0);
window.__run = async (budget) => {
  const host = document.createElement('div');
  host.style.width = '1000px';
  document.body.append(host);
  await frame();
  const start = performance.now();
  const series = histories.map(([key, entries], i) => {
    const line = buildLineSeries(key, entries);
    return { key, label: key, color: ['#2563eb', '#dc2626', '#16a34a', '#d97706'][i % 4], points: line.points, opening: line.opening };
  });
  const root = createRoot(host);
  flushSync(() => {
    root.render(budget === null ? <LineMovementChart title="bench" series={series} format="decimal" /> : <LineMovementChart title="bench" series={series} format="decimal" pointBudget={budget} />);
  });
  await frame();
  await frame();
  const ms = performance.now() - start;
  const paths = host.querySelectorAll('.line-chart-plot .recharts-line path').length;
  root.unmount();
  host.remove();
  return { ms, paths };
};
`;

async function buildHarness(): Promise<string> {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  writeFileSync(path.join(WORK, 'main.tsx'), HARNESS);
  writeFileSync(path.join(WORK, 'index.html'), '<!doctype html><html><body><script type="module" src="./main.tsx"></script></body></html>');
  await build({ root: WORK, logLevel: 'warn', configFile: false, build: { outDir: path.join(WORK, 'dist'), target: 'es2022' }, esbuild: { jsx: 'automatic' } });
  return path.join(WORK, 'dist');
}

function serve(dir: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, name === '/' ? 'index.html' : name);
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html' });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${String(port)}/`, close: () => server.close() });
    });
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function main(): Promise<void> {
  const dist = await buildHarness();
  const site = await serve(dist);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(site.url);
    await page.waitForFunction(() => typeof (window as unknown as { __run?: unknown }).__run === 'function');
    const points = await page.evaluate(() => (window as unknown as { __points: number }).__points);
    const run = (budget: number | null) =>
      page.evaluate(async (b) => (window as unknown as { __run: (b: number | null) => Promise<{ ms: number; paths: number }> }).__run(b), budget);
    // Warm-up: JIT and recharts' first-use costs are not what a chart on a warm page pays.
    await run(null);
    const downsampled: number[] = [];
    for (let i = 0; i < RUNS; i += 1) downsampled.push((await run(null)).ms);
    const full: number[] = [];
    for (let i = 0; i < Math.max(3, Math.floor(RUNS / 2)); i += 1) full.push((await run(Number.MAX_SAFE_INTEGER)).ms);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    reportRow({
      bench: BENCH,
      metric: `history chart, ${points.toLocaleString('en-US')} points × ${String(BOOKMAKERS)} bookmakers: data → painted (median of ${String(RUNS)})`,
      value: median(downsampled),
      unit: 'ms',
      baseline: { label: 'every point charted, no downsampling', value: median(full) },
      target: { op: '<=', value: TARGET_MS },
      note: `min ${downsampled.reduce((a, b) => Math.min(a, b)).toFixed(1)} ms, max ${downsampled.reduce((a, b) => Math.max(a, b)).toFixed(1)} ms`,
    });
  } finally {
    await browser.close();
    site.close();
  }
}

await main();
