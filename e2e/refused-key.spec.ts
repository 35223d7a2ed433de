// What a key the service refuses does to the dashboard, in real Chromium against the embedded
// service: a 403 is final until the key changes (asked once per query, shown once per page), and
// "Use the embedded service" turns a stored wrong key back into a working configuration in one click.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };
/** A key of service/keys.json with every endpoint but parlay and SGP. */
const NO_PARLAY_KEY = 'demo-basic';
/** Where the dashboard keeps its settings (src/settings/settings-store.ts). */
const SETTINGS_STORAGE_KEY = 'odds-explorer.settings.v1';

interface AdminFixture {
  readonly fixtureId: string;
  readonly sportId: number;
  readonly bookmakers: readonly string[];
}

/** Stores `apiKey` as the settings page would, before any page of the test loads. */
async function storeKey(page: Page, apiKey: string): Promise<void> {
  await page.addInitScript(
    ([storageKey, key]) => {
      // Only once: the test then watches what the page itself stores.
      if (sessionStorage.getItem('e2e-key-stored') !== null) return;
      sessionStorage.setItem('e2e-key-stored', '1');
      localStorage.setItem(storageKey, JSON.stringify({ state: { apiKey: key }, version: 1 }));
    },
    [SETTINGS_STORAGE_KEY, apiKey] as const,
  );
}

/** Two active 1X2 prices of one pre-game soccer fixture at one bookmaker: a same-game slip. */
async function sameGameLegs(request: APIRequestContext): Promise<{ fixtureId: string; legs: string[] }> {
  const fixtures = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixture[])
    .filter((f) => f.sportId === 10)
    .sort((a, b) => b.bookmakers.length - a.bookmakers.length);
  for (const fixture of fixtures) {
    const response = await request.get(`/en/fixtures/odds?fixtureIds=${fixture.fixtureId}`, { headers: KEY });
    const [view] = (await response.json()) as { odds: Record<string, Record<string, { active: boolean }>> }[];
    for (const entries of Object.values(view?.odds ?? {})) {
      const legs = Object.keys(entries).filter((oddsId) => /:(101|103):0$/u.test(oddsId) && entries[oddsId]?.active === true);
      if (legs.length === 2) return { fixtureId: fixture.fixtureId, legs: legs.sort() };
    }
  }
  throw new Error('no pre-game soccer fixture with an active 1X2 at one bookmaker');
}

test.describe('a key without the parlay and SGP endpoints on /parlay', () => {
  let fixtureId = '';

  test.afterEach(async ({ request }) => {
    if (fixtureId !== '') await admin(request, 'POST', '/admin/update-rate', { fixtureId, seconds: null });
  });

  test('asks each forbidden quote once, not again as the legs move, and says so once', async ({ page, request }) => {
    const slip = await sameGameLegs(request);
    fixtureId = slip.fixtureId;
    // Every book requotes the legs' fixture each second: the page re-asks its quotes as they move.
    await admin(request, 'POST', '/admin/update-rate', { fixtureId, seconds: 1 });
    const asked: string[] = [];
    const refused: string[] = [];
    page.on('request', (r) => {
      if (/\/fixtures\/odds\/(parlay|sgp)\?/u.test(r.url())) asked.push(r.url());
    });
    page.on('response', (r) => {
      if (r.status() === 403) refused.push(r.url());
    });
    await storeKey(page, NO_PARLAY_KEY);

    await page.goto(`/parlay?slip=${encodeURIComponent(slip.legs.join(','))}`);
    const message = page.getByText(/does not include/u);
    await expect(message.first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('tr[data-bookmaker]').first()).toBeVisible();
    // The legs move every second; the page may re-ask every 2 s.
    await page.waitForTimeout(6_000);

    expect(refused.length).toBeGreaterThan(0);
    expect(asked.filter((url) => /\/sgp\?/u.test(url)).length).toBeGreaterThan(0);
    // One request per query (each asks a distinct set of oddsIds), none repeated.
    const repeats = asked.filter((url, i) => asked.indexOf(url) !== i).map((url) => new URL(url).pathname);
    expect(repeats).toEqual([]);
    await expect(message).toHaveCount(1);
    await expect(page).toHaveURL(/\/parlay\?/u);
  });
});

test.describe('"Use the embedded service" in the settings', () => {
  test('replaces a stored wrong key in one click and leads back to a page showing prices', async ({ page, request }) => {
    const fixtures = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixture[]).filter((f) => f.sportId === 10);
    const fixtureId = fixtures[0]?.fixtureId;
    if (fixtureId === undefined) throw new Error('no pre-game soccer fixture');
    await storeKey(page, 'demo-wrong-e2e-key');

    // The wrong key sends every page to the settings.
    await page.goto(`/fixtures/${fixtureId}`);
    await expect(page).toHaveURL(/\/settings\?reason=invalid-key/u, { timeout: 15_000 });
    await expect(page.getByRole('alert').filter({ hasText: /refused the API key/u })).toBeVisible();

    await page.getByRole('button', { name: 'Use the embedded service' }).click();

    await expect(page).toHaveURL(new RegExp(`/fixtures/${fixtureId}$`, 'u'), { timeout: 15_000 });
    await expect(page.locator('[data-odds-id][data-price]').first()).toBeVisible({ timeout: 15_000 });
    // Stored for good: a reload and another page work too.
    await page.goto('/fixtures');
    await expect(page).toHaveURL(/\/fixtures$/u);
    await page.goto(`/fixtures/${fixtureId}`);
    await expect(page.locator('[data-odds-id][data-price]').first()).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(new RegExp(`/fixtures/${fixtureId}$`, 'u'));
  });
});
