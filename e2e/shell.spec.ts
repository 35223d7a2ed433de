import { expect, test } from '@playwright/test';

test('the dashboard shell loads and shows the product name', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Odds Explorer' })).toBeVisible();
  await expect(page).toHaveTitle('Odds Explorer');
  expect(errors).toEqual([]);
});
