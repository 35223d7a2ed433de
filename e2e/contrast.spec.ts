// Every page's text stays readable (WCAG AA colour contrast, axe's color-contrast rule) in the
// light and the dark theme, with the coloured states a user meets on it: a live match, a finished
// fixture's sheet and history, the moves list and the opportunities scanner. Colours that are
// fixed for one theme (a dark red on the dark panel) fail here, whatever page carries them.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { admin, kickOffSoccer, type AdminFixtureRow } from './admin.ts';

async function contrastFailures(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return results.violations.flatMap((v) => v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`));
}

test.describe.configure({ mode: 'serial' });

test('every page reads at AA contrast in the light and the dark theme', async ({ page, request }) => {
  test.setTimeout(180_000);
  const live = await kickOffSoccer(request);
  const finished = ((await admin(request, 'GET', '/admin/fixtures?status=2')) as AdminFixtureRow[])[0];
  if (finished === undefined) throw new Error('the embedded service has no finished fixture (SEED_PAST_DAYS seeds some)');
  const pages = [
    '/',
    '/fixtures',
    `/fixtures/${live.fixtureId}`,
    `/fixtures/${finished.fixtureId}`,
    `/fixtures/${finished.fixtureId}/history`,
    `/settlement/${finished.fixtureId}`,
    '/settlement',
    '/opportunities',
    '/moves',
    '/markets',
    '/parlay',
    '/futures',
    '/tracker',
    '/watchlist',
    '/settings',
  ];
  const failing: string[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
    // Let the first answers and stream frames land: their states carry the colours under test.
    await page.waitForTimeout(1_000);
    // Both themes on the same page, so they are checked on the same content. The themes are pure
    // CSS on the root's data-theme (src/app/app.css), which is what the settings set.
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      failing.push(...(await contrastFailures(page)).map((f) => `${theme} ${path} ${f}`));
    }
  }
  expect(failing).toEqual([]);
});
