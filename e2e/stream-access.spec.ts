// What the stream left out of the chosen sports and bookmakers because the key may not see them,
// in real Chromium against the embedded service: the gateway's login_ok.dropped, through the
// stream worker, to the connection indicator.
import { expect, test } from '@playwright/test';

test('names the chosen sport and bookmaker that a limited key may not see, and stays connected', async ({ page }) => {
  test.setTimeout(60_000);
  // Chosen with the demo key, which sees everything: American football and bet365 among others.
  await page.goto('/settings');
  await page.getByRole('group', { name: 'Sports' }).getByRole('checkbox', { name: 'American Football' }).check();
  await page.getByRole('group', { name: 'Sports' }).getByRole('checkbox', { name: 'Soccer' }).check();
  await page.getByRole('group', { name: 'Bookmakers' }).getByRole('checkbox', { name: 'bet365' }).check();
  await page.getByRole('group', { name: 'Bookmakers' }).getByRole('checkbox', { name: 'Pinnacle' }).check();
  const indicator = page.locator('.connection-indicator');
  await expect(indicator).toHaveAttribute('data-phase', /connected|resuming|resnapshotting/, { timeout: 20_000 });
  await expect(indicator).not.toContainText('Not in your access');

  // demo-limited (service/keys.json) sees neither sport 14 nor bet365.
  await page.getByLabel('API key', { exact: true }).fill('demo-limited');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(indicator).toContainText('Not in your access: American Football, bet365.', { timeout: 20_000 });
  await expect(indicator).toHaveAttribute('data-phase', /connected|resuming|resnapshotting/);
  await indicator.getByRole('link', { name: 'Change the sports and bookmakers' }).click();
  await expect(page).toHaveURL(/\/settings$/u);
});
