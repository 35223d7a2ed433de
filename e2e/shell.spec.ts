import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };

/** The live fixtures; when the programme has none at this moment, a pre-game one is kicked off. */
async function liveFixtures(request: APIRequestContext): Promise<{ fixtureId: string }[]> {
  const read = async () => (await (await request.get('/en/fixtures?live=true', { headers: KEY })).json()) as { fixtureId: string }[];
  const live = await read();
  if (live.length > 0) return live;
  const pregame = (await admin(request, 'GET', '/admin/fixtures?status=0')) as { fixtureId: string }[];
  const fixtureId = pregame[0]?.fixtureId;
  if (fixtureId === undefined) throw new Error('no pre-game fixture to kick off');
  await admin(request, 'POST', '/admin/kickoff', { fixtureId });
  await expect.poll(async () => (await read()).length).toBeGreaterThan(0);
  return read();
}

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
  const sports = await request.get('/en/sports', { headers: KEY });
  expect(sports.status()).toBe(200);
  expect(((await sports.json()) as { sportId: number }[]).map((s) => s.sportId)).toContain(10);
});

test('the overview shows what is in play, per sport, and leads to a live fixture and to the filtered list', async ({ page, request }) => {
  const live = await liveFixtures(request);
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
