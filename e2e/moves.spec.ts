// Moves and alerts in real Chromium against the embedded service: a price moved with
// `POST /admin/move` at three books raises a steam alert naming exactly those books, and /moves
// lists it with the books still on the old price; at two books it is no steam with the default
// settings (3 books, 2 points, 2 minutes) — until the trader lowers the threshold to 2 books.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin, adminFetch, kicksOffLater, type AdminFixtureRow as AdminFixture } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };
const MARKET_ID = 101;
/** The market's first outcome, which the knob moves by default. */
const OUTCOME_ID = 101;

interface OddsView {
  readonly fixtureId: string;
  readonly odds: Record<string, Record<string, { readonly marketId: number; readonly outcomeId: number; readonly active: boolean }>>;
  readonly bookmakers: Record<string, { readonly staleOdds: boolean; readonly suspended: boolean }>;
}

/**
 * Pre-game soccer fixtures with the most books first, not kicking off during the test: no goal
 * or kick-off can move every book while the test waits (and the update-rate knob holds the
 * market's own news back: docs/service.md, "Knobs").
 */
async function quietFixtures(request: APIRequestContext): Promise<AdminFixture[]> {
  const fixtures = (await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixture[];
  return fixtures
    .filter((f) => f.sportId === 10 && f.bookmakers.length >= 5 && kicksOffLater(f))
    .sort((a, b) => b.bookmakers.length - a.bookmakers.length);
}

/** The fresh books (neither stale nor suspended) quoting the market's first outcome actively, by REST. */
async function freshBooksQuoting(request: APIRequestContext, fixtureId: string): Promise<string[]> {
  const response = await request.get(`/en/fixtures/odds?fixtureIds=${fixtureId}`, { headers: KEY });
  expect(response.status(), await response.text()).toBe(200);
  const [view] = (await response.json()) as OddsView[];
  if (view === undefined) throw new Error(`REST has no odds for ${fixtureId}`);
  return Object.entries(view.odds)
    .filter(([bookmaker, entries]) => {
      const meta = view.bookmakers[bookmaker];
      const quoting = Object.values(entries).some((e) => e.marketId === MARKET_ID && e.outcomeId === OUTCOME_ID && e.active);
      return quoting && meta !== undefined && !meta.staleOdds && !meta.suspended;
    })
    .map(([bookmaker]) => bookmaker)
    .sort();
}

/**
 * Opens /moves showing pre-game steam only (in play, goals fill the feed with moves of every
 * book) and waits until the stream is live (its login snapshot holds every book's price).
 */
async function openMoves(page: Page): Promise<void> {
  await page.goto('/moves');
  await expect(page.getByRole('heading', { level: 1, name: 'Moves' })).toBeVisible();
  await page.getByRole('radio', { name: 'Steam' }).check();
  await page.getByRole('checkbox', { name: /^Pre-game only/ }).check();
  await expect(page.locator('.shell')).toHaveAttribute('data-feed', 'live', { timeout: 60_000 });
}

/** The books of the steam row of `fixtureId`'s first outcome, shortening: moved and still, by slug. */
async function steamRow(page: Page, fixtureId: string): Promise<{ moved: string[]; still: string[] } | null> {
  const row = page.locator(`tr[data-move-kind="steam"][data-fixture-id="${fixtureId}"][data-outcome-id="${String(OUTCOME_ID)}"]`).filter({ hasText: 'shortening' });
  if ((await row.count()) === 0) return null;
  const slugs = (list: string) =>
    row
      .first()
      .locator(`ul[aria-label="${list}"] li`)
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-bookmaker') ?? '').sort());
  return { moved: await slugs('Books moved'), still: await slugs('Still on the old price') };
}

/**
 * Leaves the fixture as found for the specs that follow: the moved books back by the same points
 * (the move lengthened their other outcomes, which with the books unmoved can make an arbitrage),
 * and its requote rate back to normal.
 */
async function restore(request: APIRequestContext, fixtureId: string, moved: readonly string[]): Promise<void> {
  if (moved.length > 0) await adminFetch(request, 'POST', '/admin/move', { fixtureId, marketId: MARKET_ID, bookmakers: moved, byPoints: -5 });
  await admin(request, 'POST', '/admin/update-rate', { fixtureId, seconds: null });
}

test.describe('moves and alerts', () => {
  test.describe.configure({ timeout: 150_000 });

  test('a move forced at three books raises a steam alert naming them, and /moves lists the books still on the old price', async ({ page, request }) => {
    const [fixture] = await quietFixtures(request);
    if (fixture === undefined) throw new Error('no pre-game soccer fixture with 5 books');
    // The books requote once an hour on this fixture, news included: what moves is the knob.
    await admin(request, 'POST', '/admin/update-rate', { fixtureId: fixture.fixtureId, seconds: 3600 });
    let chosen: string[] = [];
    try {
      await openMoves(page);
      const fresh = await freshBooksQuoting(request, fixture.fixtureId);
      expect(fresh.length).toBeGreaterThanOrEqual(5);
      chosen = fresh.slice(0, 3);
      // 5 points: well over the 2-point threshold after the prices are rounded to 2 decimals.
      await admin(request, 'POST', '/admin/move', { fixtureId: fixture.fixtureId, marketId: MARKET_ID, bookmakers: chosen, byPoints: 5 });

      // The bell counts the alert; its list names exactly the three books.
      const bell = page.getByRole('button', { name: /^Alerts, \d+ unread$/ });
      await expect(bell).toBeVisible({ timeout: 30_000 });
      await bell.click();
      const alert = page
        .getByRole('region', { name: 'Alerts' })
        .locator(`li[data-move-kind="steam"]`)
        .filter({ has: page.locator(`a[href="/fixtures/${fixture.fixtureId}"]`) })
        .filter({ hasText: '▲ shortening' });
      await expect(alert.first()).toBeVisible();
      await expect(alert.first()).toHaveAttribute('data-moved-books', chosen.join(','));
      await page.getByRole('region', { name: 'Alerts' }).getByRole('button', { name: 'Close' }).click();

      // The moves page: the three books moved, every other fresh book quoting it still on its price.
      await expect.poll(() => steamRow(page, fixture.fixtureId), { timeout: 30_000 }).toEqual({ moved: chosen, still: fresh.filter((b) => !chosen.includes(b)) });
      // A click on the fixture opens its odds screen.
      await page.locator(`tr[data-move-kind="steam"][data-fixture-id="${fixture.fixtureId}"] a`).first().click();
      await expect(page).toHaveURL(new RegExp(`/fixtures/${fixture.fixtureId}$`));
    } finally {
      await restore(request, fixture.fixtureId, chosen);
    }
  });

  test('a move at two books is no steam with the default settings, and is once the trader asks for 2 books', async ({ page, request }) => {
    const fixture = (await quietFixtures(request))[1];
    if (fixture === undefined) throw new Error('no second pre-game soccer fixture with 5 books');
    await admin(request, 'POST', '/admin/update-rate', { fixtureId: fixture.fixtureId, seconds: 3600 });
    let chosen: string[] = [];
    try {
      await openMoves(page);
      const fresh = await freshBooksQuoting(request, fixture.fixtureId);
      chosen = fresh.slice(0, 2);
      await admin(request, 'POST', '/admin/move', { fixtureId: fixture.fixtureId, marketId: MARKET_ID, bookmakers: chosen, byPoints: 5 });
      // The move reaches the stream with the next tick (1 s); give it several.
      await page.waitForTimeout(6_000);
      expect(await steamRow(page, fixture.fixtureId)).toBeNull();
      // No alert for it either (other fixtures' own moves may raise some).
      await page.getByRole('button', { name: /^Alerts/ }).click();
      const panel = page.getByRole('region', { name: 'Alerts' });
      await expect(panel.locator(`li:has(a[href="/fixtures/${fixture.fixtureId}"])`)).toHaveCount(0);
      await panel.getByRole('button', { name: 'Close' }).click();

      // Lowering the threshold re-judges the same prices: the two books are now steam.
      await page.getByText('What counts as a move').click();
      await page.getByLabel('Steam: at least (books)').fill('2');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(async () => (await steamRow(page, fixture.fixtureId))?.moved, { timeout: 30_000 }).toEqual(chosen);
    } finally {
      await restore(request, fixture.fixtureId, chosen);
    }
  });
});
