// The parlay slip in real Chromium against the embedded service: prices clicked on a fixture's
// odds screen become legs in the drawer, survive a reload, and a shared link restores the slip.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin } from './admin.ts';


interface AdminFixture {
  readonly fixtureId: string;
  readonly sportId: number;
  readonly bookmakers: readonly string[];
}

/** A pre-game fixture quoted by many bookmakers: no goal suspends its markets during the test. */
async function quietFixture(request: APIRequestContext): Promise<string> {
  const fixtures = (await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixture[];
  const best = [...fixtures].sort((a, b) => b.bookmakers.length - a.bookmakers.length)[0];
  if (best === undefined) throw new Error('the embedded service has no pre-game fixture');
  return best.fixtureId;
}

/** Clicks the first `n` active prices of different outcomes on the board; returns their oddsIds. */
async function addPrices(page: Page, n: number): Promise<string[]> {
  const buttons = page.locator('button[data-odds-id][data-state="active"]');
  await expect(buttons.first()).toBeVisible({ timeout: 15_000 });
  const added: string[] = [];
  for (let i = 0; added.length < n; i++) {
    const button = buttons.nth(i);
    const oddsId = (await button.getAttribute('data-odds-id')) ?? '';
    // One price per outcome row: a leg per selection, as a bettor builds a parlay.
    const selection = oddsId.split(':').filter((_, j) => j !== 1).join(':');
    if (added.some((leg) => leg.split(':').filter((_, j) => j !== 1).join(':') === selection)) continue;
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    added.push(oddsId);
  }
  return added.sort();
}

async function expectSlip(page: Page, legs: readonly string[]): Promise<void> {
  const drawer = page.getByRole('complementary', { name: 'Parlay slip' });
  await expect(drawer.getByRole('button', { name: `Parlay slip · ${String(legs.length)} legs` })).toBeVisible();
  const items = drawer.getByRole('list', { name: 'Legs' }).getByRole('listitem');
  await expect(items).toHaveCount(legs.length);
  expect(await items.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-odds-id')))).toEqual(legs);
  // Every leg shows its live price, and the legs together their simple product.
  await expect(drawer.getByTestId('slip-leg-price')).toHaveCount(legs.length, { timeout: 10_000 });
  await expect(drawer.getByTestId('slip-product')).toBeVisible();
}

test('prices added to the slip survive a reload, and the slip URL restores them elsewhere', async ({ page, request, browser }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const fixtureId = await quietFixture(request);
  await page.goto(`/fixtures/${fixtureId}`);
  const legs = await addPrices(page, 3);
  await expectSlip(page, legs);
  await expect.poll(() => new URL(page.url()).searchParams.get('slip')).toBe(legs.join(','));

  await page.reload();
  await expectSlip(page, legs);

  // A fresh browser profile (no stored slip) opening the shared link gets the same slip.
  const shared = page.url();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(shared);
  await expectSlip(otherPage, legs);
  await expect(otherPage.getByRole('link', { name: 'Price this parlay' })).toHaveAttribute('href', `/parlay?slip=${encodeURIComponent(legs.join(','))}`);
  await other.close();
  expect(errors).toEqual([]);
});

test('the slip drawer, the fixture header and its tabs have no serious or critical accessibility violations', async ({ page, request }) => {
  const fixtureId = await quietFixture(request);
  await page.goto(`/fixtures/${fixtureId}?info=ids`);
  await addPrices(page, 2);
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Identifiers of this fixture' })).toBeVisible();
  const results = await new AxeBuilder({ page }).include('.slip-drawer').include('.fixture-header').include('.fixture-extras').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});
