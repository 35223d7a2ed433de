import { expect, test } from '@playwright/test';

test('the dashboard shell loads and shows the product name', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Odds Explorer' })).toBeVisible();
  await expect(page).toHaveTitle('Odds Explorer');
  expect(errors).toEqual([]);
});

test('the service serves the dashboard at client-side routes too, and the API beside it', async ({ page, request }) => {
  await page.goto('/fixtures');
  await expect(page.getByRole('heading', { level: 1, name: 'Odds Explorer' })).toBeVisible();
  const sports = await request.get('/en/sports', { headers: { 'X-API-Key': 'demo-key' } });
  expect(sports.status()).toBe(200);
  expect(((await sports.json()) as { sportId: number }[]).map((s) => s.sportId)).toContain(10);
});

test('the overview shows what is in play, per sport, and leads to a live fixture and to the filtered list', async ({ page, request }) => {
  const live = (await (await request.get('/en/fixtures?live=true', { headers: { 'X-API-Key': 'demo-key' } })).json()) as { fixtureId: string; sport: { sportId: number } }[];
  test.skip(live.length === 0, 'nothing is in play in the simulated programme at this moment');
  await page.goto('/');
  const inPlay = page.getByRole('region', { name: 'In play now' });
  // Each sport's count is a link to the fixtures list filtered to that sport's live fixtures.
  const chip = inPlay.getByRole('list', { name: 'Live fixtures per sport' }).getByRole('link').first();
  await expect(chip).toHaveAttribute('href', /^\/fixtures\?sport=\d+&live=true$/u);
  const fixtureLink = inPlay.getByRole('table').getByRole('link').first();
  const href = (await fixtureLink.getAttribute('href')) ?? '';
  expect(live.map((f) => `/fixtures/${f.fixtureId}`)).toContain(href);
  await fixtureLink.click();
  await expect(page).toHaveURL(href);
  await page.goBack();
  await page.getByRole('region', { name: 'In play now' }).getByRole('list', { name: 'Live fixtures per sport' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/fixtures\?sport=\d+&live=true$/u);
  await expect(page.locator('.list-count')).toHaveText(/^\d+ fixtures?$/u);
});
