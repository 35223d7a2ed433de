// The futures pages in Chromium against the embedded service: the list links to a future, its
// history renders one bookmaker at a time or ticked participants across bookmakers, and its
// prices move live from the stream.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin } from './admin.ts';


async function resume(request: APIRequestContext): Promise<void> {
  // Another spec may have frozen the simulator; futures only move while it runs.
  await admin(request, 'POST', '/admin/resume');
}

test('the futures list opens a future whose history renders per participant, then per bookmaker', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/futures');
  const table = page.getByRole('table', { name: 'Futures' });
  await expect(table.locator('.live-price').first()).toHaveText(/\d/u);
  await page.getByLabel('Sport').selectOption({ label: 'Soccer' });
  await expect(page).toHaveURL(/sport=10/u);
  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/futures\/[^/?]+/u);

  const chart = page.getByRole('figure', { name: /^Price history at / });
  await expect(chart).toBeVisible();
  const lines = chart.locator('.line-chart-plot .recharts-line');
  expect(await lines.count()).toBeGreaterThanOrEqual(4);

  // The spec's rule made natural: ticking participants compares them across every bookmaker.
  const ticks = page.getByRole('checkbox', { name: /^Compare / });
  // click, not check(): the boxes follow the URL one router navigation later.
  await ticks.nth(0).click();
  await expect(ticks.nth(0)).toBeChecked();
  await ticks.nth(1).click();
  await expect(ticks.nth(1)).toBeChecked();
  await expect(page).toHaveURL(/compare=\d+%2C\d+|compare=\d+,\d+/u);
  const compared = page.getByRole('figure', { name: /^Price history of / });
  await expect(compared).toHaveCount(2);
  expect(await compared.first().locator('.line-chart-plot .recharts-line').count()).toBeGreaterThanOrEqual(3);
  await page.getByRole('button', { name: 'Back to one bookmaker' }).click();
  await expect(page.getByRole('figure', { name: /^Price history at / })).toBeVisible();
  expect(errors).toEqual([]);
});

test("a future's prices update live, without a reload", async ({ page, request }) => {
  await resume(request);
  await page.goto('/futures');
  await page.getByRole('table', { name: 'Futures' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/futures\/[^/?]+/u);
  const futureId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  const grid = page.getByRole('table', { name: 'Prices per participant and bookmaker' });
  const cells = grid.locator('td[data-odds-id]');
  await expect(cells.first()).toHaveText(/\d/u);
  const before = await cells.allTextContents();
  await grid.evaluate((element) => {
    element.setAttribute('data-probe', 'kept');
  });
  // Futures requote every few minutes on their own: the knob moves this one's prices now, and
  // the stream must carry them to the open page.
  await admin(request, 'POST', '/admin/future-move', { futureId });
  await expect
    .poll(async () => (await cells.allTextContents()).some((text, i) => text !== before[i]), { timeout: 15_000 })
    .toBe(true);
  await expect(grid).toHaveAttribute('data-probe', 'kept');
});

test('finished futures are listed, and one opens on its settlement, closing prices and history', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/futures');
  await page.getByLabel('State').selectOption({ label: 'Finished' });
  await expect(page).toHaveURL(/state=finished/u);
  const table = page.getByRole('table', { name: 'Futures' });
  await expect(table.getByText(/^Won by /u).first()).toBeVisible();
  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/futures\/[^/?]+/u);

  const settlement = page.getByRole('region', { name: 'Settlement' });
  await expect(settlement).toContainText(/Finished on .+: Won by \S/u);
  const closing = page.getByRole('table', { name: 'Closing prices per participant and bookmaker' });
  await expect(closing.locator('td[data-odds-id]').first()).toHaveText(/\d/u);
  // The odds screen's market maths on the closing prices: a best price per participant, each
  // complete book's overround, and whether the best prices leave an arbitrage.
  await expect(closing.locator('td.best-price').first()).toBeVisible();
  await expect(closing.getByRole('row', { name: /^Overround/u })).toContainText(/\d+\.\d%/u);
  await expect(page.getByText(/^(No arbitrage across bookmakers|Arbitrage: )/u)).toBeVisible();
  const chart = page.getByRole('figure', { name: /^Price history at / });
  await expect(chart).toBeVisible();
  expect(await chart.locator('.line-chart-plot .recharts-line').count()).toBeGreaterThanOrEqual(4);
  await expect(page.getByRole('heading', { name: /^Opening and closing lines/u })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a cancelled future says so, names its replacement, and still shows its closing prices', async ({ page }) => {
  await page.goto('/futures?state=cancelled');
  const table = page.getByRole('table', { name: 'Futures' });
  await expect(table).toContainText('Cancelled: bets are void');
  await table.getByRole('link').first().click();
  const settlement = page.getByRole('region', { name: 'Settlement' });
  await expect(settlement).toContainText(/Cancelled on .+: Cancelled: bets are void · replaced by /u);
  await expect(page.getByRole('note')).toContainText('This future was cancelled and reissued');
  await expect(page.getByRole('table', { name: 'Closing prices per participant and bookmaker' }).locator('td[data-odds-id]').first()).toHaveText(/\d/u);
});
