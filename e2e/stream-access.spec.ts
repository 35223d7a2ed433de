// What the stream left out of the chosen sports and bookmakers because the key may not see them,
// in real Chromium against the embedded service: the gateway's login_ok.dropped, through the
// stream worker, to the connection indicator; and the REST requests that leave those values out.
import { expect, test, type Locator, type Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);

/**
 * A returning user of the limited key demo-limited (service/keys.json: neither sport 14 nor
 * bet365) whose stored settings still choose American football and Soccer, bet365 and Pinnacle.
 * Stored before load: choosing in the settings page cannot do it, since a change of key starts a
 * new world and clears the chosen sports and bookmakers. Returns the connection indicator.
 */
async function limitedKeyWithOutOfScopeChoices(page: Page): Promise<Locator> {
  await page.addInitScript((settings) => {
    if (sessionStorage.getItem('stored-once') !== null) return;
    sessionStorage.setItem('stored-once', '1');
    localStorage.setItem('odds-explorer.settings.v1', JSON.stringify({ state: settings, version: 1 }));
  }, { baseUrl: `http://127.0.0.1:${String(port)}`, apiKey: 'demo-limited', sportIds: [14, 10], bookmakers: ['bet365', 'pinnacle'] });
  await page.goto('/settings');
  return page.locator('.connection-indicator');
}

test('names the chosen sport and bookmaker that a limited key may not see, and stays connected', async ({ page }) => {
  test.setTimeout(60_000);
  const indicator = await limitedKeyWithOutOfScopeChoices(page);
  await expect(indicator).toContainText('Not in your access: American Football, bet365.', { timeout: 20_000 });
  await expect(indicator).toHaveAttribute('data-phase', /connected|resuming|resnapshotting/);
  await indicator.getByRole('link', { name: 'Change the sports and bookmakers' }).click();
  await expect(page).toHaveURL(/\/settings$/u);
});

test('with a limited key and an out-of-scope sport and bookmaker still chosen, REST is never asked for them and the stream settles to connected', async ({ page }) => {
  test.setTimeout(60_000);
  const refused: string[] = [];
  const asked: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!/^\/[a-z]{2}\//u.test(url.pathname)) return;
    asked.push(`${url.pathname}${url.search}`);
    if (response.status() === 403) refused.push(`${String(response.status())} ${url.pathname}${url.search}`);
  });
  const indicator = await limitedKeyWithOutOfScopeChoices(page);
  await expect(indicator).toContainText('Not in your access: American Football, bet365.', { timeout: 20_000 });
  // The re-snapshot asks REST only for what the key may see, so it ends.
  await expect(indicator).toHaveAttribute('data-phase', 'connected', { timeout: 20_000 });
  // The pages' own requests leave the dropped bookmaker out too.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Fixtures' }).click();
  await expect(page.getByRole('grid', { name: 'Fixtures' }).getByRole('link').first()).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(2_000);
  expect(asked.some((line) => line.startsWith('/en/fixtures')), asked.join('\n')).toBe(true);
  expect(refused, 'requests refused as outside the key').toEqual([]);
  expect(asked.filter((line) => /sportId=14\b|bet365/u.test(line) && !line.startsWith('/en/bookmakers')), 'requests naming a dropped value').toEqual([]);
});
