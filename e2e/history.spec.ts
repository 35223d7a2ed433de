// The line-movement / CLV page in Chromium against the embedded service: several bookmakers
// charted and toggled from the legend, an open fixture's chart following the stream, the
// taken-price CLV computed both ways, a cancelled fixture's replacement chain linked.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };

interface AdminFixture {
  readonly fixtureId: string;
  readonly statusId: number;
  readonly sportId: number;
  readonly bookmakers: readonly string[];
}

async function fixturesWithStatus(request: APIRequestContext, status: string): Promise<AdminFixture[]> {
  return (await admin(request, 'GET', `/admin/fixtures?status=${status}`)) as AdminFixture[];
}

async function clvOf(request: APIRequestContext, fixtureId: string): Promise<{ odds: Record<string, unknown>; reissuedFixtureId: string | null }> {
  const response = await request.get(`/en/fixtures/odds/clv?fixtureId=${fixtureId}`, { headers: KEY });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { odds: Record<string, unknown>; reissuedFixtureId: string | null };
}

/** A finished fixture whose recorded prices come from at least three bookmakers. */
async function finishedFixture(request: APIRequestContext): Promise<string> {
  for (const f of await fixturesWithStatus(request, '2')) {
    if (Object.keys((await clvOf(request, f.fixtureId)).odds).length >= 3) return f.fixtureId;
  }
  throw new Error('no finished fixture with three bookmakers');
}

test('the history chart draws one series per bookmaker, and the legend hides and shows them', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fixtureId = await finishedFixture(request);
  await page.goto(`/fixtures/${fixtureId}/history`);
  const chart = page.getByRole('figure', { name: /^Line movement of / });
  await expect(chart).toBeVisible();
  const legend = chart.getByRole('group', { name: /Series/ });
  const entries = legend.getByRole('button');
  const count = await entries.count();
  expect(count).toBeGreaterThanOrEqual(3);
  const lines = chart.locator('.line-chart-plot .recharts-line');
  await expect(lines).toHaveCount(count);
  await expect(chart.locator('.opening-dot').first()).toBeVisible();

  const first = entries.first();
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(lines).toHaveCount(count - 1);
  await first.click();
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  await expect(lines).toHaveCount(count);

  // Another outcome: the URL keeps the choice, the chart stays multi-bookmaker.
  // click, not check(): the radio follows the URL one router navigation later.
  await page.getByRole('radio').nth(1).click();
  await expect(page).toHaveURL(/outcome=\d+/u);
  await expect(page.getByRole('radio').nth(1)).toBeChecked();
  // (A flat line has an empty box, so count the series rather than test their visibility.)
  await expect(page.getByRole('heading', { level: 3 }).first()).toContainText(await page.getByRole('radio').nth(1).evaluate((r) => r.parentElement?.textContent ?? ''));
  expect(await page.getByRole('figure', { name: /^Line movement of / }).locator('.line-chart-plot .recharts-line').count()).toBeGreaterThanOrEqual(3);
  expect(errors).toEqual([]);
});

/**
 * A live fixture (else a pre-game one: both are open), soccer first, with a main market one of
 * its bookmakers prices actively right now (REST lists only active prices): the arbitrage knob
 * needs an active price to move.
 */
async function openMarket(request: APIRequestContext): Promise<{ fixtureId: string; marketId: number; bookmaker: string }> {
  for (const status of ['1', '0']) {
    const fixtures = [...(await fixturesWithStatus(request, status))].sort((a, b) => Number(b.sportId === 10) - Number(a.sportId === 10) || b.bookmakers.length - a.bookmakers.length);
    for (const f of fixtures.slice(0, 5)) {
      const response = await request.get(`/en/fixtures/odds?fixtureIds=${f.fixtureId}`, { headers: KEY });
      if (!response.ok()) continue;
      const [view] = (await response.json()) as { odds: Record<string, Record<string, { marketId: number; playerId: number; active: boolean }>> }[];
      for (const [bookmaker, entries] of Object.entries(view?.odds ?? {})) {
        const entry = Object.values(entries).find((e) => e.playerId === 0 && e.active);
        if (entry !== undefined) return { fixtureId: f.fixtureId, marketId: entry.marketId, bookmaker };
      }
    }
  }
  throw new Error('no open fixture with an active price');
}

test('an open fixture\'s chart gains a point when a price moves, without a reload', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const { fixtureId, marketId, bookmaker } = await openMarket(request);
  // The market's first outcome is the page's default outcome and the one the knob moves.
  await page.goto(`/fixtures/${fixtureId}/history?market=${String(marketId)}:0`);
  const chart = page.getByRole('figure', { name: /^Line movement of / });
  const series = chart.locator(`.legend-item[data-series-key="${bookmaker}"]`);
  await expect(series).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('.line-freshness')).toContainText('Live');
  // A marker a reload would wipe.
  await page.evaluate(() => {
    document.body.dataset.noReload = 'yes';
  });
  const before = Number(await series.getAttribute('data-point-count'));
  try {
    await admin(request, 'POST', '/admin/arbitrage', { fixtureId, marketId, bookmaker });
    await expect.poll(async () => Number(await series.getAttribute('data-point-count')), { timeout: 15_000 }).toBeGreaterThan(before);
    await expect(page.locator('.line-freshness time')).toHaveAttribute('datetime', /^\d{4}-/u);
    expect(await page.evaluate(() => document.body.dataset.noReload)).toBe('yes');
  } finally {
    await admin(request, 'DELETE', '/admin/arbitrage', { fixtureId });
  }
  expect(errors).toEqual([]);
});

test('a taken price gets its CLV both ways, each figure beside its definition', async ({ page, request }) => {
  const fixtureId = await finishedFixture(request);
  await page.goto(`/fixtures/${fixtureId}/history`);
  await expect(page.getByText('Closing (CLV)').first()).toBeVisible();
  await expect(page.getByText(/taken ÷ closing − 1/u)).toBeVisible();
  await expect(page.getByText(/taken × fair closing probability − 1/u)).toBeVisible();
  await page.getByLabel('Price you took').fill('2.50');
  const row = page.locator('.clv-table tbody tr').first();
  await expect(row.locator('.clv-figure').first()).toHaveText(/^[+-]?\d+\.\d\d%$/u);
});

test('a cancelled fixture links to its replacement', async ({ page, request }) => {
  let chain: { fixtureId: string; next: string } | null = null;
  for (const f of await fixturesWithStatus(request, '3')) {
    const next = (await clvOf(request, f.fixtureId)).reissuedFixtureId;
    if (next !== null) {
      chain = { fixtureId: f.fixtureId, next };
      break;
    }
  }
  test.skip(chain === null, 'the seeded service has no reissued fixture');
  if (chain === null) return;
  await page.goto(`/fixtures/${chain.fixtureId}/history`);
  const note = page.getByRole('note');
  await expect(note).toContainText('cancelled and reissued');
  // exact: the chain may go on (A → B → C), and C's id can start with B's.
  await note.getByRole('link', { name: chain.next, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/fixtures/${chain.next}/history$`, 'u'));
});
