// Takes the README's screenshot of the history page with Playwright's Chromium against a running
// service: a finished soccer fixture's 1X2, a taken price of 2.60 judged against the kick-off close.
// Usage: node scripts/screenshot-history.mjs [baseUrl=http://127.0.0.1:4100] [out=docs/history-page.png]
// The admin API is PORT + 1; its token (DATA_DIR/admin-token) is sent when DATA_DIR names it.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:4100';
const out = process.argv[3] ?? 'docs/history-page.png';
const admin = base.replace(/:(\d+)$/u, (_, port) => `:${String(Number(port) + 1)}`);

/** The admin fixtures list, with the admin token when there is one. */
async function adminFixtures(status) {
  const tokenFile = process.env.DATA_DIR === undefined ? null : path.join(process.env.DATA_DIR, 'admin-token');
  const headers = tokenFile !== null && existsSync(tokenFile) ? { authorization: `Bearer ${readFileSync(tokenFile, 'utf8').trim()}` } : {};
  const response = await fetch(`${admin}/admin/fixtures?status=${status}`, { headers });
  if (!response.ok) throw new Error(`admin fixtures: HTTP ${String(response.status)}`);
  return response.json();
}

/** The latest finished soccer fixture with prices recorded from at least six bookmakers. */
async function finishedFixture() {
  for (const f of (await adminFixtures(2)).filter((x) => x.sportId === 10).reverse()) {
    const clv = await (await fetch(`${base}/en/fixtures/odds/clv?fixtureId=${f.fixtureId}`, { headers: { 'X-API-Key': 'demo-key' } })).json();
    if (Object.keys(clv.odds ?? {}).length >= 6) return f;
  }
  throw new Error('no finished soccer fixture with six bookmakers');
}

const fixture = await finishedFixture();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1 });
  await page.goto(`${base}/fixtures/${fixture.fixtureId}/history`);
  await page.getByRole('region', { name: /^Closing lines of / }).waitFor({ timeout: 30_000 });
  await page.getByLabel('Price you took').fill('2.60');
  await page.waitForTimeout(500);
  await page.screenshot({ path: out, fullPage: true });
  console.log(`${out}: ${fixture.fixtureId} (${fixture.participants})`);
} finally {
  await browser.close();
}
