// No dead ends for fixtures that are over: a finished one, reached from the fixtures list, shows
// its result and closing prices and leads to its line movement and back; a cancelled one says it
// has no prices and links its replacement.
import { expect, test } from '@playwright/test';

test('a finished fixture from the list shows its score, each main market\'s result and its closing prices, and links its line movement', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/fixtures?sport=10&status=2');
  const link = page.getByRole('grid', { name: 'Fixtures' }).getByRole('link').first();
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await expect(page).toHaveURL(href);
  await expect(page.getByRole('heading', { name: 'Result and closing prices' })).toBeVisible();
  await expect(page.locator('.fixture-header .score-table')).toBeVisible();
  const results = page.getByRole('table', { name: 'Result of each main market' });
  await expect(results).toBeVisible({ timeout: 15_000 });
  // The match result market is graded: some outcome won.
  await expect(results.getByRole('row').nth(1)).toContainText(/won|push|void/u);
  const closes = page.getByRole('table', { name: /^Closing prices of / }).first();
  await expect(closes).toBeVisible();
  await expect(closes.getByRole('rowheader', { name: 'Best close' })).toBeVisible();
  await expect(closes.getByRole('rowheader', { name: 'Consensus close' })).toBeVisible();
  expect(await closes.locator('tbody tr').count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByText('No bookmaker quotes this fixture yet')).toHaveCount(0);

  await page.getByRole('link', { name: 'Line movement and closing lines', exact: true }).click();
  await expect(page).toHaveURL(`${href}/history`);
  await expect(page.getByRole('heading', { name: /^Line movement: / })).toBeVisible();
  await page.getByRole('link', { name: 'odds screen' }).click();
  await expect(page).toHaveURL(href);
  expect(errors).toEqual([]);
});

test('a cancelled fixture from the list says it has no prices and links its replacement or says there is none', async ({ page }) => {
  await page.goto('/fixtures?status=3');
  const link = page.getByRole('grid', { name: 'Fixtures' }).getByRole('link').first();
  await link.click();
  await expect(page.getByText(/This fixture was cancelled: it has no prices and no close/u)).toBeVisible();
  const notice = page.locator('.fixture-cancelled');
  await expect(notice).toContainText(/reissued as|no replacement/u);
  const replacement = notice.getByRole('link');
  if ((await replacement.count()) > 0) {
    const target = (await replacement.getAttribute('href')) ?? '';
    await replacement.click();
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('link', { name: 'Line movement and closing lines', exact: true })).toBeVisible();
  }
  await expect(page.getByText('No bookmaker quotes this fixture yet')).toHaveCount(0);
});
