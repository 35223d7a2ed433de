// `npm run bench:past-board`: the board at a past moment in real Chromium. The service runs in its
// own process (one finished day seeded, the simulation frozen); the page is the built dashboard.
// Rows: the first open of a finished 16-book fixture at a moment of its live phase, from
// navigation to the first prices painted, fetch of its whole recorded history included (median
// of RUNS cold opens; baseline: the live board's first open of the busiest open fixture, same
// run); and each scrub step, from the range's input to the moved board painted (p95 of STEPS
// steps across the span; baseline: the same measurement around an input that changes nothing).
// Needs a built dashboard (`vite build`) in dist/.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { AdminClient } from '../service/testing/admin-client.ts';
import { reportRow } from './report.ts';

const BENCH = 'bench:past-board';
const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_PAST_RUNS ?? 3);
const STEPS = Number(process.env.BENCH_PAST_STEPS ?? 40);
const FIRST_OPEN_TARGET_MS = 3_000;
const STEP_TARGET_MS = 150;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'odds-bench-past-'));
const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['service/main.ts'], {
  cwd: ROOT,
  env: { ...process.env, PORT: '0', ADMIN_PORT: '0', DATA_DIR: dataDir, SEED_PAST_DAYS: '1', SCHEDULE_DAYS: '1', LOG_EVERY_SEC: '0', SIM_FROZEN: '1' },
  stdio: ['ignore', 'pipe', 'inherit'],
});

/** The service's URL and admin URL, read from its "listening on" log line (ephemeral ports). */
const { base, adminUrl } = await new Promise<{ base: string; adminUrl: string }>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    const found = /listening on (http:\/\/\S+?): API.*admin API on (http:\/\/\S+)/.exec(out);
    if (found?.[1] !== undefined && found[2] !== undefined) resolve({ base: found[1].replace('0.0.0.0', '127.0.0.1'), adminUrl: found[2] });
  });
  child.once('exit', (code, signal) => {
    reject(new Error(`the service exited before listening (code ${String(code)}, signal ${String(signal)})`));
  });
});
const admin = AdminClient.forDataDir(adminUrl, dataDir);

interface AdminFixture {
  readonly fixtureId: string;
  readonly statusId: number;
  readonly sportId: number;
  readonly bookmakers: readonly string[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function p95(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
}

/** Milliseconds from navigation to the first price cell painted, in a fresh context (cold cache). */
async function firstOpen(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __firstPrices: number };
    w.__firstPrices = Number.NaN;
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-odds-id]') === null) return;
      observer.disconnect();
      // Painted: the frame after the cells are in the DOM.
      requestAnimationFrame(() => {
        setTimeout(() => {
          w.__firstPrices = performance.now();
        }, 0);
      });
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto(url);
  await page.waitForFunction(() => !Number.isNaN((window as unknown as { __firstPrices: number }).__firstPrices), undefined, { timeout: 60_000 });
  const ms = await page.evaluate(() => (window as unknown as { __firstPrices: number }).__firstPrices);
  await context.close();
  return ms;
}

/**
 * Moves the range to each value in turn (as a drag does: an input event per position) and times
 * each from the input to the frame after the banner shows the new moment (or, for a value that
 * changes nothing, to the next frame).
 */
async function scrubSteps(page: Page, values: readonly number[], changes: boolean): Promise<number[]> {
  return page.evaluate(
    async ({ values, changes }) => {
      const range = document.querySelector<HTMLInputElement>('input.moment-range');
      const banner = document.querySelector('[data-testid="past-banner"]');
      if (range === null || banner === null) throw new Error('no scrubber on the page');
      // The prototype's setter, not `range.value =`: React's value tracker must see a change.
      const descriptor = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
      const out: number[] = [];
      for (const value of values) {
        const before = banner.textContent;
        const start = performance.now();
        descriptor?.set?.call(range, String(value));
        range.dispatchEvent(new Event('input', { bubbles: true }));
        if (changes) {
          const giveUp = start + 5_000;
          while (banner.textContent === before && performance.now() < giveUp) await new Promise((resolve) => setTimeout(resolve, 0));
        }
        // Painted: the frame after the change (inline: tsx would wrap a named helper in __name,
        // which the page does not define).
        await new Promise<void>((resolve) => {
          requestAnimationFrame(() => {
            setTimeout(resolve, 0);
          });
        });
        out.push(performance.now() - start);
        // Let the page settle between steps, as a hand on a slider does.
        await new Promise((resolve) => setTimeout(resolve, 30));
      }
      return out;
    },
    { values: [...values], changes },
  );
}

async function run(): Promise<void> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const finished = await admin.json<AdminFixture[]>('GET', '/admin/fixtures?status=2');
    const past = [...finished].filter((f) => f.bookmakers.length >= 16).sort((a, b) => Number(b.sportId === 10) - Number(a.sportId === 10))[0];
    if (past === undefined) throw new Error('no finished 16-book fixture was seeded');
    const open = await admin.json<AdminFixture[]>('GET', '/admin/fixtures?status=0,1');
    const busiest = [...open].sort((a, b) => b.bookmakers.length - a.bookmakers.length)[0];
    if (busiest === undefined) throw new Error('no open fixture for the baseline');
    const views = (await (await fetch(`${base}/en/fixtures?fixtureIds=${past.fixtureId}`, { headers: { 'X-API-Key': 'demo-key' } })).json()) as {
      trueStartTime: string | null;
      trueEndTime: string | null;
    }[];
    const [started, ended] = [Date.parse(views[0]?.trueStartTime ?? ''), Date.parse(views[0]?.trueEndTime ?? '')];
    if (!Number.isFinite(started) || !Number.isFinite(ended)) throw new Error(`fixture ${past.fixtureId} has no kick-off and end times`);
    // Halfway through the match: the live phase, with its suspensions and moves behind it.
    const at = new Date((started + ended) / 2).toISOString();
    console.log(`past board: fixture ${past.fixtureId} (${String(past.bookmakers.length)} books) at ${at}; live baseline: ${busiest.fixtureId}`);

    const live: number[] = [];
    const pastOpens: number[] = [];
    // Alternated, so that both see the same machine load.
    for (let i = 0; i < RUNS; i++) {
      live.push(await firstOpen(browser, `${base}/fixtures/${busiest.fixtureId}`));
      pastOpens.push(await firstOpen(browser, `${base}/fixtures/${past.fixtureId}?at=${at}`));
    }
    console.log(`first opens, ms: past ${pastOpens.map((v) => v.toFixed(0)).join(', ')}; live ${live.map((v) => v.toFixed(0)).join(', ')}`);
    reportRow({
      bench: BENCH,
      metric: 'Past board first open (finished 16-book fixture, history fetch included), median',
      value: median(pastOpens),
      unit: 'ms',
      baseline: { label: 'live board first open, busiest open fixture', value: median(live) },
      target: { op: '<=', value: FIRST_OPEN_TARGET_MS },
    });

    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${base}/fixtures/${past.fixtureId}?at=${at}`);
    await page.waitForSelector('[data-odds-id]', { timeout: 60_000 });
    const range = page.locator('input.moment-range');
    const [min, max] = [Number(await range.getAttribute('min')), Number(await range.getAttribute('max'))];
    // Steps of a fortieth of the span back and forth across it: a drag from one end to the other.
    const values = Array.from({ length: STEPS }, (_, i) => Math.round(min + ((max - min) * ((i * 7) % STEPS)) / STEPS) + 1);
    const steps = await scrubSteps(page, values, true);
    const last = Number(await range.inputValue());
    const idle = await scrubSteps(page, Array.from({ length: 10 }, () => last), false);
    await context.close();
    console.log(`scrub steps, ms: p50 ${median(steps).toFixed(1)}, p95 ${p95(steps).toFixed(1)}, max ${Math.max(...steps).toFixed(1)}`);
    reportRow({
      bench: BENCH,
      metric: 'Past board scrub step (range input → board painted), p95',
      value: p95(steps),
      unit: 'ms',
      baseline: { label: 'an input that changes nothing → next frame, p95', value: p95(idle) },
      target: { op: '<=', value: STEP_TARGET_MS },
    });
  } finally {
    await browser.close();
  }
}

try {
  await run();
} finally {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
