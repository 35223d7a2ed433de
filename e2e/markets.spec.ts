// The market catalogue in Chromium against the embedded service: every market listed, filters
// and sort in the URL, a CSV download holding exactly the filtered rows, and an accessibility check.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

const countText = (page: Page) => page.locator('.list-count');

/** "357 of 3735 markets" → 357; "3735 markets" → 3735. */
async function shownCount(page: Page): Promise<number> {
  const text = (await countText(page).textContent()) ?? '';
  const match = /^(\d+)/u.exec(text);
  if (match === null) throw new Error(`no market count in "${text}"`);
  return Number(match[1]);
}

test('the catalogue lists every market of the key and filters through the URL', async ({ page, request }) => {
  const sports = (await (await request.get('/en/sports', { headers: { 'X-API-Key': 'demo-key' } })).json()) as { sportId: number }[];
  let total = 0;
  for (const { sportId } of sports) {
    const markets = (await (await request.get(`/en/markets?sportId=${String(sportId)}`, { headers: { 'X-API-Key': 'demo-key' } })).json()) as unknown[];
    total += markets.length;
  }
  await page.goto('/markets');
  await expect(countText(page)).toHaveText(`${String(total)} markets`);

  await page.getByLabel('Sport').selectOption('10');
  await expect(page).toHaveURL(/\/markets\?sport=10$/u);
  await page.getByLabel('Player prop').selectOption('false');
  await page.getByLabel('Search').fill('handicap');
  await expect(page).toHaveURL(/q=handicap/u);
  const shown = await shownCount(page);
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThan(total);
  const names = await page.locator('.market-row:not(.market-head) [data-grid-cell$=":6"]').allTextContents();
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((name) => /handicap/iu.test(name))).toBe(true);
});

test('the CSV export holds exactly the filtered rows', async ({ page }) => {
  await page.goto('/markets?sport=10&type=totals');
  await expect(countText(page)).toContainText(' of ');
  const shown = await shownCount(page);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /^Export CSV/u }).click()]);
  expect(download.suggestedFilename()).toBe('market-catalogue-en.csv');
  const path = await download.path();
  const text = (await readFile(path, 'utf8')).replace(/^\uFEFF/u, '');
  const records = text.split('\r\n').filter((line) => line !== '');
  expect(records[0]).toMatch(/^marketId,sportId,marketType,period,handicap,/u);
  expect(records.length - 1).toBe(shown);
  expect(records.slice(1).every((record) => record.split(',')[2] === 'totals')).toBe(true);
});

test('sorting by a column is kept in the URL and survives a reload', async ({ page }) => {
  await page.goto('/markets?sport=11');
  await expect(countText(page)).toContainText(' of ');
  await page.getByRole('button', { name: /^Line/u }).click();
  await page.getByRole('button', { name: /^Line/u }).click();
  await expect(page).toHaveURL(/sort=-handicap/u);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: /^Line/u })).toHaveAttribute('aria-sort', 'descending');
  const lines = (await page.locator('.market-row:not(.market-head) [data-grid-cell$=":4"]').allTextContents()).slice(0, 10).map(Number);
  expect(lines).toEqual([...lines].sort((a, b) => b - a));
});

test('thousands of rows scroll with only the visible ones in the page', async ({ page }) => {
  await page.goto('/markets');
  await expect(countText(page)).toHaveText(/^\d{4} markets$/u);
  const rendered = await page.locator('.market-row:not(.market-head)').count();
  expect(rendered).toBeLessThan(100);
  await page.locator('.market-grid-scroll').evaluate((box) => {
    box.scrollTop = box.scrollHeight;
  });
  const last = await shownCount(page);
  await expect(page.locator(`.market-row[aria-rowindex="${String(last + 1)}"]`)).toBeVisible();
});

for (const theme of ['light', 'dark'] as const) {
  test(`the catalogue has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
    await page.goto('/markets');
    await page.getByLabel('Theme').selectOption(theme);
    await expect(countText(page)).toHaveText(/markets$/u);
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    expect(serious).toEqual([]);
  });
}
