// Watchlist and saved views in Chromium against the embedded service: stars survive a reload, the
// watchlist shows best, fair and EV of the starred markets, and a saved view — the fixtures list's
// filters, the odds screen's de-vig method and columns — survives a reload and opens from its
// copied URL alone in a fresh browser context (no storage of the first).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin, type AdminFixtureRow } from './admin.ts';

// Each test opens a second browser context that loads the dashboard from cold: on a shared,
// loaded machine that alone can take tens of seconds.
test.describe.configure({ timeout: 120_000 });

/** A pre-game soccer fixture with the most books: no goal suspends its markets while the test looks. */
async function quietFixture(request: APIRequestContext): Promise<AdminFixtureRow> {
  const rows = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixtureRow[]).filter((f) => f.sportId === 10);
  const first = [...rows].sort((a, b) => b.bookmakers.length - a.bookmakers.length)[0];
  if (first === undefined) throw new Error('the embedded service has no pre-game soccer fixture');
  return first;
}

async function openBoard(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('grid', { name: 'Odds by bookmaker' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-odds-id]').first()).toBeVisible();
}

async function saveView(page: Page, name: string): Promise<string> {
  await page.locator('.saved-views > summary').click();
  await page.getByLabel('View name').fill(name);
  await page.getByRole('button', { name: 'Save current view' }).click();
  const link = page.getByRole('link', { name, exact: true });
  await expect(link).toBeVisible();
  return new URL((await link.getAttribute('href')) ?? '', page.url()).toString();
}

test('stars put a fixture and a market on the watchlist, with best, fair and EV, and survive a reload', async ({ page, request }) => {
  const fixture = await quietFixture(request);
  await openBoard(page, `/fixtures/${fixture.fixtureId}`);
  const fixtureStar = page.locator('.fixture-facts .star-button');
  await expect(fixtureStar).toHaveAttribute('aria-pressed', 'false');
  await fixtureStar.click();
  await expect(fixtureStar).toHaveAttribute('aria-pressed', 'true');
  // The second market's title star: the first is listed anyway as the starred fixture's main market.
  const title = page.locator('.market-title').nth(1);
  const marketId = await title.getAttribute('data-market-id');
  await title.locator('.star-button').click();
  await expect(title.locator('.star-button')).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Watchlist' }).click();
  const section = page.locator(`.watched-fixture[data-fixture-id="${fixture.fixtureId}"]`);
  await expect(section.locator('.watched-market')).toHaveCount(2, { timeout: 15_000 });
  await expect(section.locator(`.watched-market[data-market-key="${String(marketId)}:0"]`)).toBeVisible();
  await expect(page.locator('.fair-line-label')).toContainText('Every book, equal weight');

  // A row with all three figures: EV is best × (1 / fair) − 1, within the rounding of the shown fair
  // price. A row whose best is at a sportsbook: an exchange's best is compared net of its commission
  // (docs/domain.md), while the price shown is gross.
  const row = section
    .locator('tr[data-outcome-id]')
    .filter({ has: page.locator('.watched-ev:not(:has(.muted))') })
    .filter({ hasNot: page.locator('.watched-at', { hasText: /Exchange|Kalshi/ }) })
    .first();
  await expect(row).toBeVisible({ timeout: 10_000 });
  const best = Number(await row.locator('.watched-best').textContent());
  const fair = Number(await row.locator('.watched-fair').textContent());
  const ev = Number(((await row.locator('.watched-ev').textContent()) ?? '').replace('−', '-').replace('%', ''));
  expect(best).toBeGreaterThan(1);
  expect(fair).toBeGreaterThan(1);
  expect(Math.abs(ev - (best / fair - 1) * 100)).toBeLessThan(0.15);

  await page.reload();
  await expect(section.locator('.watched-market')).toHaveCount(2, { timeout: 15_000 });
  // Unstarring the market from the watchlist leaves the fixture's main market.
  await section.locator(`.watched-market[data-market-key="${String(marketId)}:0"] .star-button`).click();
  await expect(section.locator('.watched-market')).toHaveCount(1);
  await page.reload();
  await expect(section.locator('.watched-market')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.locator('.star-button[aria-pressed="true"]').first()).toBeVisible();
});

test("a saved view of the fixtures list survives a reload and opens from its copied URL in a fresh browser", async ({ page, browser }) => {
  await page.goto('/fixtures');
  await page.getByLabel('Sport').selectOption({ label: 'Soccer' });
  await expect(page).toHaveURL(/\/fixtures\?sport=10$/u);
  await page.getByLabel('In play only').click();
  await expect(page).toHaveURL(/sport=10&live=true/u);
  const url = await saveView(page, 'Soccer in play');
  expect(new URL(url).search).toBe('?sport=10&live=true');

  await page.goto('/fixtures');
  await page.locator('.saved-views > summary').click();
  await page.getByRole('link', { name: 'Soccer in play' }).click();
  await expect(page).toHaveURL(/\/fixtures\?sport=10&live=true$/u);
  await expect(page.getByLabel('In play only')).toBeChecked();
  await page.reload();
  await expect(page.locator('.saved-views > summary')).toHaveText('Saved views (1)');

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await other.goto(url);
    await expect(other.getByLabel('Sport')).toHaveValue('10', { timeout: 30_000 });
    await expect(other.getByLabel('In play only')).toBeChecked();
    // The view itself is this browser's: the fresh one has none saved.
    await expect(other.locator('.saved-views > summary')).toHaveText('Saved views (0)');
  } finally {
    await fresh.close();
  }
});

test("a saved view of the odds screen restores its de-vig method and columns from the copied URL alone", async ({ page, browser, request }) => {
  const fixture = await quietFixture(request);
  await openBoard(page, `/fixtures/${fixture.fixtureId}?devig=shin`);
  const books = await page.locator('.book-header[data-bookmaker]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-bookmaker') ?? ''));
  const hidden = books[0] ?? '';
  expect(books.length).toBeGreaterThan(1);
  await page.getByText('Books and density').click();
  const hiddenName = (await page.locator(`.book-header[data-bookmaker="${hidden}"]`).first().getAttribute('title')) ?? hidden;
  await page.locator('.books-order li').filter({ hasText: hiddenName }).getByRole('checkbox').uncheck();
  await page.getByLabel('Compact').check();
  await expect(page.locator(`.book-header[data-bookmaker="${hidden}"]`)).toHaveCount(0);
  const url = await saveView(page, 'Shin, compact');
  const saved = new URL(url).searchParams;
  expect(saved.get('devig')).toBe('shin');
  expect(saved.get('hide')).toBe(hidden);
  expect(saved.get('density')).toBe('compact');

  const fresh = await browser.newContext();
  try {
    const other = await fresh.newPage();
    await openBoard(other, url.replace(new URL(url).origin, ''));
    // Applied to this browser's board preferences, then gone from the URL; the de-vig method stays.
    await expect(other).toHaveURL(/\?devig=shin$/u);
    await expect(other.locator(`.book-header[data-bookmaker="${hidden}"]`)).toHaveCount(0);
    await expect(other.locator('.book-header[data-bookmaker]').first()).toBeVisible();
    await other.getByText('Books and density').click();
    await expect(other.getByLabel('Compact')).toBeChecked();
    await expect(other.getByLabel('De-vig method')).toHaveValue('shin');
    await other.reload();
    await expect(other.getByRole('grid', { name: 'Odds by bookmaker' })).toBeVisible({ timeout: 15_000 });
    await expect(other.locator(`.book-header[data-bookmaker="${hidden}"]`)).toHaveCount(0);
  } finally {
    await fresh.close();
  }
});
