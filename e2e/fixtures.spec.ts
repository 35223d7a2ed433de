// The fixtures list in Chromium against the embedded service: filters in the URL (back and
// forward work), a fixture link to its odds screen, keyboard navigation, the shell's odds format
// and language switches, and an accessibility check.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { kickOffSoccer } from './admin.ts';

const grid = (page: Page) => page.getByRole('grid', { name: 'Fixtures' });
const countText = (page: Page) => page.locator('.list-count');

async function fixtureCount(page: Page): Promise<number> {
  const text = (await countText(page).textContent()) ?? '';
  const match = /(\d+) fixtures?/u.exec(text);
  if (match === null) throw new Error(`no fixture count in "${text}"`);
  return Number(match[1]);
}

test('the fixtures list filters through the URL, and back restores the previous filters', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/fixtures');
  await expect(grid(page).getByRole('link').first()).toBeVisible();
  const all = await fixtureCount(page);
  expect(all).toBeGreaterThan(10);

  await page.getByLabel('Sport').selectOption({ label: 'Soccer' });
  await expect(page).toHaveURL(/\/fixtures\?sport=10$/u);
  await expect.poll(() => fixtureCount(page)).toBeLessThan(all);
  const headings = await grid(page).locator('.fixture-group .group-sport').allTextContents();
  expect(headings.length).toBeGreaterThan(0);
  expect(new Set(headings)).toEqual(new Set(['Soccer']));

  // click, not check(): the box is controlled by the URL, which a router navigation updates a
  // moment later; check() insists on the state flipping within the click itself.
  await page.getByLabel('In play only').click();
  await expect(page).toHaveURL(/sport=10&live=true/u);
  await expect(page.getByLabel('In play only')).toBeChecked();
  await expect(countText(page)).not.toContainText('updating');
  const statuses = await grid(page).locator('.status').allTextContents();
  expect(statuses.every((s) => s === 'Live')).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/fixtures\?sport=10$/u);
  await expect(page.getByLabel('In play only')).not.toBeChecked();
  await expect(page.getByLabel('Sport')).toHaveValue('10');
  expect(errors).toEqual([]);
});

test('live rows update in place, without a reload', async ({ page, request }) => {
  // A match kicked off now has a running clock for 45 minutes (one already in play may be at
  // half-time, where the clock stands still; tennis and baseball show none).
  const fixture = await kickOffSoccer(request);
  // Searched by its home team, so a long live list cannot scroll it out of view.
  const home = fixture.participants.split(' – ')[0] ?? '';
  await page.goto(`/fixtures?live=true&q=${encodeURIComponent(home)}`);
  const row = grid(page).locator('.fixture-row.is-live').filter({ has: page.locator(`a[href="/fixtures/${fixture.fixtureId}"]`) });
  await expect(row).toBeVisible();
  const clock = row.locator('[data-grid-cell$=":4"]');
  // The first half: a period label and a running mm:ss clock.
  await expect(clock).toHaveText(/^\S+ \d+:\d\d/u);
  const before = await clock.textContent();
  // Mark the row's element: if the list re-rendered it from scratch the mark would be gone.
  await row.evaluate((element) => {
    element.setAttribute('data-probe', 'kept');
  });
  await expect.poll(() => clock.textContent(), { timeout: 20_000 }).not.toBe(before);
  await expect(row).toHaveAttribute('data-probe', 'kept');
});

test('a shared link opens the list with its filters and text search applied', async ({ page }) => {
  await page.goto('/fixtures?status=0&q=zzz-no-such-team');
  await expect(page.getByText('No fixtures match these filters.')).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('0');
  await expect(page.getByLabel('Search')).toHaveValue('zzz-no-such-team');
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/fixtures$/u);
  await expect(grid(page).getByRole('link').first()).toBeVisible();
});

test('each fixture is a real link to its odds screen', async ({ page }) => {
  await page.goto('/fixtures?status=0');
  const link = grid(page).getByRole('link').first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/fixtures\/[A-Za-z0-9]+$/u);
  await link.click();
  await expect(page).toHaveURL(href ?? '');
});

test("the odds screen shows both participants' badges as images (the public badge route), not the initials fallback", async ({ page }) => {
  await page.goto('/fixtures?status=0');
  await grid(page).getByRole('link').first().click();
  const badges = page.locator('img.participant-badge');
  await expect(badges).toHaveCount(2);
  await expect
    .poll(() => badges.evaluateAll((images) => images.map((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0)))
    .toEqual([true, true]);
});

test('arrow keys move between cells and Enter opens the fixture', async ({ page }) => {
  await page.goto('/fixtures?status=0');
  await expect(grid(page).getByRole('link').first()).toBeVisible();
  await grid(page).locator('[data-grid-cell="0:0"]').focus();
  await page.keyboard.press('ArrowDown');
  await expect(grid(page).locator('[data-grid-cell="1:0"]')).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(grid(page).locator('[data-grid-cell="1:1"]')).toBeFocused();
  const href = await grid(page).locator('[data-grid-cell="1:1"] a').getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(href ?? '');
});

test('the odds format and language switches apply everywhere and persist; identifiers never change', async ({ page }) => {
  // A reissued fixture's id extends its original's (A, A1, A11), so the text search for an
  // original also finds its replacements: take a fixture whose id is in no other.
  const response = await page.request.get('/en/fixtures?sportId=10', { headers: { 'X-API-Key': 'demo-key' } });
  const ids = ((await response.json()) as { fixtureId: string }[]).map((fixture) => fixture.fixtureId);
  const fixtureId = ids.find((id) => ids.every((other) => other === id || !other.includes(id))) ?? '';
  expect(fixtureId).not.toBe('');
  const href = `/fixtures/${fixtureId}`;
  await page.goto(`/fixtures?sport=10&q=${fixtureId}`);
  await expect(countText(page)).toHaveText('1 fixture');

  await page.getByLabel('Odds').selectOption('american');
  await expect(page.getByLabel('Odds')).toHaveValue('american');
  await expect(page.getByLabel('Odds').locator('option:checked')).toHaveText('American (+150)');

  await page.getByLabel('Language').selectOption('de');
  await expect(grid(page).locator('.group-sport')).toHaveText('Fußball');
  await expect(page.getByLabel('Sport').locator('option:checked')).toHaveText('Fußball');
  // Names follow the language; the fixtureId, its link and the URL's filters do not.
  await expect(countText(page)).toHaveText('1 fixture');
  await expect(grid(page).getByRole('link')).toHaveAttribute('href', href);

  await page.reload();
  await expect(page.getByLabel('Odds')).toHaveValue('american');
  await expect(page.getByLabel('Language')).toHaveValue('de');
  await expect(grid(page).locator('.group-sport')).toHaveText('Fußball');
});

test('the dark theme applies at once', async ({ page }) => {
  await page.goto('/fixtures');
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(15, 18, 22)');
});

for (const theme of ['light', 'dark'] as const) {
  test(`the fixtures list has no serious or critical accessibility violations (${theme})`, async ({ page }) => {
    await page.goto('/fixtures');
    await page.getByLabel('Theme').selectOption(theme);
    await expect(grid(page).getByRole('link').first()).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
    expect(serious).toEqual([]);
  });
}
