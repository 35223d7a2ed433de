// The support desk in real Chromium against the embedded service, starting from what a customer
// says: a team name finds a finished fixture whose sheet shows exactly the service's grades; a
// 3-leg ticket at a past moment shows the prices history held then and pays by the written rule
// with one void leg; bad input gets a specific sentence. Expectations come from raw JSON.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const KEY = { 'X-API-Key': 'demo-key' };
/** Where the dashboard keeps its settings (src/settings/settings-store.ts, not importable from here: DOM code). */
const SETTINGS_STORAGE_KEY = 'odds-explorer.settings.v1';

interface Fixture {
  readonly fixtureId: string;
  readonly startTime: number;
  readonly sport: { readonly sportId: number };
  readonly participants: { readonly participant1Name: string; readonly participant2Name: string };
}
interface Selection {
  readonly selectionKey: string;
  readonly grade: string;
}
interface Settlement {
  readonly settledAt: number | null;
  readonly selections: readonly Selection[];
}
interface Recorded {
  readonly price: number;
  readonly changedAt: number;
}
type History = { readonly odds: Record<string, Record<string, Record<string, Recorded>>> };

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: KEY });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The written rule, applied by hand: to 2 decimals (GBP), half away from zero on the decimal read. */
function roundPence(amount: number): number {
  const pence = Number((Math.abs(amount) * 100).toPrecision(15));
  return (Math.sign(amount) * Math.floor(pence + 0.5)) / 100;
}

async function useKey(page: Page, apiKey: string): Promise<void> {
  await page.addInitScript(
    ([storageKey, key]) => {
      localStorage.setItem(storageKey, JSON.stringify({ state: { apiKey: key, timeZone: 'utc' }, version: 1 }));
    },
    [SETTINGS_STORAGE_KEY, apiKey] as const,
  );
}

test('from a team name typed into the search to a sheet whose every grade equals /fixtures/settlement', async ({ page, request }) => {
  const finished = await getJson<Fixture[]>(request, '/en/fixtures?statusId=2&sportId=10');
  const fixture = finished.at(-1);
  if (fixture === undefined) throw new Error('the service has no finished soccer fixture');
  const settlement = await getJson<Settlement>(request, `/en/fixtures/settlement?fixtureId=${fixture.fixtureId}`);
  expect(settlement.selections.length).toBeGreaterThan(0);

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settlement' }).click();
  await page.getByLabel('Team, fixtureId, oddsIds or a shared slip URL').fill(fixture.participants.participant1Name);
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.locator(`tr[data-fixture-id="${fixture.fixtureId}"]`);
  await expect(found).toContainText('Finished');
  await found.getByRole('link').click();

  await expect(page).toHaveURL(new RegExp(`/settlement/${fixture.fixtureId}$`, 'u'));
  await expect(page.getByTestId('sheet-grade')).toHaveCount(settlement.selections.length, { timeout: 15_000 });
  const shown = await page.locator('tr[data-selection-key]').evaluateAll((rows) =>
    rows.map((row) => [row.getAttribute('data-selection-key'), row.querySelector('[data-testid="sheet-grade"]')?.getAttribute('data-grade')]),
  );
  expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(settlement.selections.map((s) => [s.selectionKey, s.grade])));
  await expect(page.locator('[data-check="disagrees"]')).toHaveCount(0);
});

/** A finished fixture with a void selection and two won ones priced by one bookmaker before kick-off. */
async function voidTicket(request: APIRequestContext) {
  const finished = await getJson<Fixture[]>(request, '/en/fixtures?statusId=2');
  const bookmakers = (await getJson<{ bookmaker: string }[]>(request, '/en/bookmakers')).map((b) => b.bookmaker);
  for (const fixture of finished) {
    const settlement = await getJson<Settlement>(request, `/en/fixtures/settlement?fixtureId=${fixture.fixtureId}`);
    if (settlement.settledAt === null || !settlement.selections.some((s) => s.grade === 'void')) continue;
    const history = await getJson<History>(request, `/en/fixtures/odds/historical?fixtureId=${fixture.fixtureId}&bookmakers=${bookmakers.join(',')}`);
    // A moment of the pre-game phase: ten minutes before kick-off.
    const at = fixture.startTime * 1000 - 10 * 60_000;
    for (const bookmaker of bookmakers) {
      const inForce = (selection: Selection) => {
        const [fixtureId, outcomeId, playerId] = selection.selectionKey.split(':');
        const oddsId = `${String(fixtureId)}:${bookmaker}:${String(outcomeId)}:${String(playerId)}`;
        const rows = Object.values(history.odds[bookmaker]?.[oddsId] ?? {}).sort((a, b) => a.changedAt - b.changedAt);
        const row = rows.filter((r) => r.changedAt <= at).at(-1);
        return row === undefined ? [] : [{ oddsId, row }];
      };
      const voided = settlement.selections.filter((s) => s.grade === 'void').flatMap(inForce);
      const won = settlement.selections.filter((s) => s.grade === 'won').flatMap(inForce);
      const [v] = voided;
      const [w1, w2] = won;
      if (v !== undefined && w1 !== undefined && w2 !== undefined) return { at, legs: [w1, v, w2], won: [w1, w2] };
    }
  }
  throw new Error('no finished fixture has a void and two won selections priced by one book before kick-off');
}

test('a 3-leg ticket at a past moment shows the prices history held then and pays with its void leg removed', async ({ page, request }) => {
  const { at, legs, won } = await voidTicket(request);
  await useKey(page, 'demo-key');
  await page.goto(`/settlement?q=${encodeURIComponent(legs.map((l) => l.oddsId).join(','))}&at=${String(at)}`);

  for (const { oddsId, row } of legs) {
    const value = page.locator(`tr[data-leg="${oddsId}"] [data-testid="price-at-value"]`);
    await expect(value).toHaveAttribute('data-price', String(row.price), { timeout: 15_000 });
    await expect(value).toHaveAttribute('data-changed-at', String(row.changedAt));
  }
  // Hand-computed: the void leg is removed, so 10 × the two won prices, rounded to pence.
  const expected = roundPence(10 * (won[0]?.row.price ?? 0) * (won[1]?.row.price ?? 0));
  const payout = page.getByTestId('payout');
  await expect(payout).toHaveAttribute('data-payout', String(expected));
  await expect(payout).toContainText(`won: pays ${expected.toFixed(2)} GBP on a stake of 10.00 GBP`);
  await expect(payout).toContainText('2 of 3 legs counted');
  await expect(page.getByTestId('no-sgp-price')).toContainText('No correlated SGP price at that moment is held');

  await page.getByLabel('Stake').fill('0');
  await expect(page.getByTestId('payout-unavailable')).toHaveText('No payout: The stake must be more than 0, got 0.');
});

test('bad input gets a specific sentence: no such team, a moment in the future, an oddsId outside the key', async ({ page, request }) => {
  await useKey(page, 'demo-limited');
  await page.goto('/settlement?q=Zzyzx%20Wanderers');
  await expect(page.getByTestId('no-match')).toContainText('has a team named “Zzyzx Wanderers”');

  const finished = await getJson<Fixture[]>(request, '/en/fixtures?statusId=2&sportId=10');
  const fixtureId = finished[0]?.fixtureId ?? '';
  const future = Date.now() + 3 * 86_400_000;
  await page.goto(`/settlement?q=${fixtureId}:pinnacle:101:0&at=${String(future)}`);
  await expect(page.getByTestId('moment-error')).toContainText('is in the future');

  // demo-limited may not see bet365 (docs/api.md): the service refuses, and the page says so.
  await page.goto(`/settlement?q=${fixtureId}:bet365:101:0`);
  await expect(page.getByRole('alert').filter({ hasText: 'This API key does not include what was asked for' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('body')).not.toContainText('Something went wrong');
});

test('a fixture page links to its settlement sheet', async ({ page, request }) => {
  const [fixture] = await getJson<Fixture[]>(request, '/en/fixtures?statusId=2&sportId=10');
  if (fixture === undefined) throw new Error('the service has no finished soccer fixture');
  await page.goto(`/fixtures/${fixture.fixtureId}`);
  await page.getByRole('link', { name: 'Settlement sheet' }).click();
  await expect(page).toHaveURL(new RegExp(`/settlement/${fixture.fixtureId}$`, 'u'));
  await expect(page.getByTestId('sheet-grade').first()).toBeVisible({ timeout: 15_000 });
});
