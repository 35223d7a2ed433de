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
