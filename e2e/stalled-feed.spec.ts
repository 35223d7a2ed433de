// A stalled feed is visible (docs/stream-client.md, "A stalled feed"): a dedicated service whose
// node process is paused with SIGSTOP shows "Stalled" within the documented bound and "Live" after
// SIGCONT; the admin freeze (the service answers, nothing changes) shows "No updates for N s".
// The service is its own process (service/testing/service-process.ts: `node --import tsx
// service/main.ts`, serving the built dist/), so pausing it pauses nothing else of the run.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ServiceProcess } from '../service/testing/service-process.ts';

/** The documented bound: 5 s threshold (busy stream) + 2 s probe + 0.5 s between checks, and slack for a loaded machine. */
const STALLED_WITHIN_MS = 7_500 + 2_500;
const PAUSE_MS = 15_000;

interface AdminFixture {
  readonly fixtureId: string;
  readonly statusId: number;
  readonly bookmakers: readonly string[];
}

let service: ServiceProcess | null = null;

test.afterEach(async () => {
  // SIGKILL ends a paused process too.
  await service?.close('SIGKILL');
  service = null;
});

test('a paused service shows Stalled, then Live after SIGCONT; the admin freeze shows No updates for N s', async ({ page }) => {
  test.setTimeout(240_000);
  const own = new ServiceProcess({ dirPrefix: 'stalled-feed-e2e-', startTimeoutMs: 120_000 });
  service = own;
  await own.start({});
  // The signal must reach the node process that serves, not a launcher around it.
  const pid = own.pid ?? 0;
  const argv = readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8').split('\0');
  expect(argv.slice(1, 4)).toEqual(['--import', 'tsx', 'service/main.ts']);
  expect(argv[0]).toBe(process.execPath);

  const fixtures = await own.adminClient.json<AdminFixture[]>('GET', '/admin/fixtures?status=1,0');
  const fixture = fixtures.find((f) => f.bookmakers.length > 0);
  if (fixture === undefined) throw new Error('the service quotes no fixture');
  await page.goto(`${own.restUrl}/fixtures/${fixture.fixtureId}`);
  const headline = page.locator('.connection-indicator .connection-phase');
  await expect(headline).toHaveText('Live', { timeout: 30_000 });
  const price = page.locator('[data-odds-id]').first();
  await expect(price).toBeVisible({ timeout: 30_000 });
  const liveColour = await price.evaluate((el) => getComputedStyle(el).color);

  own.pause(true);
  const pausedAt = Date.now();
  try {
    await expect(headline).toHaveText('Stalled — prices may be old', { timeout: STALLED_WITHIN_MS });
    console.log(`stalled shown ${String(Date.now() - pausedAt)} ms after SIGSTOP`);
    await expect(page.locator('.shell')).toHaveAttribute('data-feed', 'stalled');
    // Every live price is dimmed while stalled.
    expect(await price.evaluate((el) => getComputedStyle(el).color)).not.toBe(liveColour);
    await page.waitForTimeout(Math.max(0, PAUSE_MS - (Date.now() - pausedAt)));
    await expect(headline).toHaveText('Stalled — prices may be old');
  } finally {
    own.pause(false);
  }
  await expect(headline).toHaveText('Live', { timeout: 20_000 });
  await expect(page.locator('.shell')).toHaveAttribute('data-feed', 'live');

  // Frozen: the service answers /healthz, nothing changes. Not a stall.
  await own.admin('freeze');
  try {
    await expect(headline).toHaveText(/^No updates for \d+ s$/u, { timeout: STALLED_WITHIN_MS });
    await page.waitForTimeout(4_000);
    await expect(headline).toHaveText(/^No updates for \d+ s$/u);
    const seconds = Number(/(\d+) s$/u.exec((await headline.textContent()) ?? '')?.[1]);
    expect(seconds).toBeGreaterThanOrEqual(8);
  } finally {
    await own.admin('resume');
  }
  await expect(headline).toHaveText('Live', { timeout: 20_000 });
});
