// The odds screen on a 1440, a 1024 and a 390 px wide screen against the embedded service: the
// pinned columns stay in view while the books scroll, bookmaker names are never cut inside a
// word, the page never scrolls sideways, and the slip covers no price.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { kickOffSoccer, liveSoccer } from './admin.ts';

interface AdminFixture {
  readonly fixtureId: string;
  readonly sportId: number;
  readonly bookmakers: readonly string[];
}

/** The live soccer fixture (statusId 1, sportId 10) quoted by the most bookmakers. */
async function liveSoccerFixture(request: APIRequestContext): Promise<AdminFixture> {
  const live = await liveSoccer(request);
  // Most books first; among those, the latest kick-off: a match near its end can finish before
  // the page has loaded (it did, once: the page then shows a result, not a board).
  const [first] = [...live].sort((a, b) => b.bookmakers.length - a.bookmakers.length || b.startTime - a.startTime);
  if (first === undefined) throw new Error('the embedded service has no live soccer fixture');
  return first;
}

async function openBoard(page: Page, fixtureId: string): Promise<void> {
  await page.goto(`/fixtures/${fixtureId}`);
  await expect(page.getByRole('grid', { name: 'Odds by bookmaker' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-odds-id]').first()).toBeVisible();
}

interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

function inside(box: Box | null, viewport: { width: number; height: number }): boolean {
  return box !== null && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

/** The box lies along the bottom edge of the window, across its whole width (a bottom sheet). */
function alongTheBottom(box: Box | null, viewport: { width: number; height: number }): boolean {
  return box !== null && Math.abs(box.y + box.height - viewport.height) <= 1 && Math.abs(box.x) <= 1 && Math.abs(box.width - viewport.width) <= 1;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe.configure({ mode: 'serial' });

test.describe('at 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the best, fair and EV cells of the first market stay in view with the books scrolled to the far right', async ({ page, request }) => {
    const fixture = await liveSoccerFixture(request);
    await openBoard(page, fixture.fixtureId);
    await expect(page.locator('[role="columnheader"][data-bookmaker]')).toHaveCount(fixture.bookmakers.length);
    const row = page.locator('.board-outcome').first();
    await row.scrollIntoViewIfNeeded();
    const pinned = [row.locator('.best-cell'), row.locator('.fair-cell'), row.locator('.ev-cell')];
    const viewport = { width: 1440, height: 900 };
    for (const cell of pinned) expect(inside(await cell.boundingBox(), viewport)).toBe(true);
    const scroller = page.locator('.odds-board-scroll');
    const scrolled = await scroller.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return el.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    // The last book's column is in view now, its header and its cell in the row (a price or, when
    // that book does not quote the outcome, an empty cell): the books did scroll behind the pinned cells.
    expect(inside(await page.locator('[role="columnheader"][data-bookmaker]').last().boundingBox(), viewport)).toBe(true);
    expect(inside(await row.locator('[role="gridcell"]').last().boundingBox(), viewport)).toBe(true);
    for (const cell of pinned) expect(inside(await cell.boundingBox(), viewport)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('odds-1440-right.png') });
  });

  test('no bookmaker header is cut, and no word of a name is broken across lines', async ({ page, request }) => {
    const fixture = await liveSoccerFixture(request);
    await openBoard(page, fixture.fixtureId);
    const cut = await page.locator('[role="columnheader"][data-bookmaker]').evaluateAll((headers) =>
      headers.flatMap((header) => {
        const problems: string[] = [];
        const name = header.firstChild?.textContent?.trim() ?? '';
        if (header.scrollWidth > header.clientWidth || header.scrollHeight > header.clientHeight) problems.push(`${name}: overflows its header`);
        const text = header.firstChild;
        if (text?.nodeType === Node.TEXT_NODE) {
          const value = text.textContent ?? '';
          for (const match of value.matchAll(/\S+/gu)) {
            const range = document.createRange();
            range.setStart(text, match.index);
            range.setEnd(text, match.index + match[0].length);
            if (range.getClientRects().length !== 1) problems.push(`${name}: "${match[0]}" broken across lines`);
          }
        }
        return problems;
      }),
    );
    expect(cut).toEqual([]);
  });
});

test.describe('at 1024 × 768, above the fold', () => {
  test.use({ viewport: { width: 1024, height: 768 } });

  test('every outcome of the first market shows its best, fair and EV and at least 5 books\' prices without scrolling', async ({ page, request }) => {
    const fixture = await liveSoccerFixture(request);
    await openBoard(page, fixture.fixtureId);
    const viewport = { width: 1024, height: 768 };
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // The rows in the board's order: the first market's title, then its outcomes up to its margin row.
    const rows = await page.locator('.odds-board-body > .board-row').evaluateAll((list) => {
      const box = (el: Element | null) => {
        const r = el?.getBoundingClientRect();
        return r === undefined ? null : { x: r.x, y: r.y, width: r.width, height: r.height };
      };
      const ordered = [...list].sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')));
      const start = ordered.findIndex((row) => row.classList.contains('board-market'));
      const out = [];
      for (const row of ordered.slice(start + 1)) {
        if (!row.classList.contains('board-outcome')) break;
        out.push({
          pinned: [box(row.querySelector('.best-cell')), box(row.querySelector('.fair-cell')), box(row.querySelector('.ev-cell'))],
          prices: [...row.querySelectorAll('.odds-cell')].map(box),
        });
      }
      return out;
    });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      for (const cell of row.pinned) expect(inside(cell, viewport)).toBe(true);
      expect(row.prices.filter((cell) => inside(cell, viewport)).length).toBeGreaterThanOrEqual(5);
    }
    await page.screenshot({ path: test.info().outputPath('odds-1024-fold.png') });
  });
});

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${String(viewport.width)} × ${String(viewport.height)}`, () => {
    test.use({ viewport });

    test('the page never scrolls sideways, and the open slip with 2 legs covers no price at the last market', async ({ page, request }) => {
      const fixture = await liveSoccerFixture(request);
      await openBoard(page, fixture.fixtureId);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      if (viewport.width === 1024) {
        // The pinned cells and at least 5 books side by side, in the window.
        const heads = page.locator('.board-head-row [role="columnheader"]');
        const boxes = await heads.evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect()).map((r) => ({ x: r.x, right: r.right })));
        expect(boxes.filter((b) => b.x >= 0 && b.right <= 1024).length).toBeGreaterThanOrEqual(5 + 5);
      }
      const prices = page.locator('button[data-odds-id]');
      await prices.nth(0).click();
      await prices.nth(2).click();
      const slip = page.getByRole('complementary', { name: 'Parlay slip' });
      await expect(slip.getByRole('button', { name: /Parlay slip · 2 legs/ })).toHaveAttribute('aria-expanded', 'true');
      const phone = viewport.width < 640;
      if (phone) {
        // A bottom sheet: held to the bottom of the window with the page at its top as at its end.
        await page.evaluate(() => {
          window.scrollTo(0, 0);
        });
        expect(alongTheBottom(await slip.boundingBox(), viewport)).toBe(true);
      }
      await page.locator('.odds-board-scroll').evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await expect(page.locator('.board-margin, .board-outcome').last()).toBeVisible();
      // Let the virtualizer render the rows at the end, then compare every price cell with the slip.
      await page.waitForTimeout(300);
      // The page to its end: the window, and on a phone (where the window does not scroll) the
      // page's scroll area above the sheet.
      await page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        const area = document.querySelector('.fixture-page-body');
        if (area !== null) area.scrollTop = area.scrollHeight;
      });
      const slipBox = await slip.boundingBox();
      expect(slipBox).not.toBeNull();
      if (phone) expect(alongTheBottom(slipBox, viewport)).toBe(true);
      // Each price cell as it shows: clipped to the board's scroll box, so a row the virtualizer
      // keeps rendered below the fold (invisible, but with a box) does not count as a shown price.
      const cells = await page.locator('.odds-cell').evaluateAll((list) =>
        list.flatMap((c) => {
          const r = c.getBoundingClientRect();
          const clip = c.closest('.odds-board-scroll')?.getBoundingClientRect() ?? r;
          const top = Math.max(r.top, clip.top);
          const bottom = Math.min(r.bottom, clip.bottom);
          const left = Math.max(r.left, clip.left);
          const right = Math.min(r.right, clip.right);
          return bottom > top && right > left ? [{ x: left, y: top, width: right - left, height: bottom - top }] : [];
        }),
      );
      expect(cells.length).toBeGreaterThan(5);
      const covered = cells.filter((cell) => slipBox !== null && overlaps(cell, slipBox));
      expect(covered).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: test.info().outputPath(`odds-${String(viewport.width)}-slip.png`), fullPage: true });
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each outcome is a card with best, fair and the books, and the navigation is behind a menu', async ({ page, request }) => {
    const fixture = await liveSoccerFixture(request);
    await openBoard(page, fixture.fixtureId);
    await expect(page.locator('.odds-board.board-cards')).toBeVisible();
    const card = page.locator('.board-outcome').first();
    await expect(card.locator('.best-cell')).toBeVisible();
    await expect(card.locator('.fair-cell')).toBeVisible();
    // The book's name is on each price of the card.
    await expect(card.locator('.odds-book').first()).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Fixtures' })).toBeVisible();
  });
});

/**
 * The price cells as they show: each clipped to every box that clips it (a scroll box, the
 * window), so a cell scrolled out of its box, or rendered by the virtualizer below the fold,
 * does not count.
 */
async function shownPrices(page: Page): Promise<Box[]> {
  return page.locator('.odds-cell').evaluateAll((list) =>
    list.flatMap((cell) => {
      const r = cell.getBoundingClientRect();
      let top = Math.max(r.top, 0);
      let bottom = Math.min(r.bottom, window.innerHeight);
      let left = Math.max(r.left, 0);
      let right = Math.min(r.right, window.innerWidth);
      for (let el = cell.parentElement; el !== null && el !== document.body; el = el.parentElement) {
        const style = getComputedStyle(el);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = el.getBoundingClientRect();
        top = Math.max(top, clip.top);
        bottom = Math.min(bottom, clip.bottom);
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      return bottom > top && right > left ? [{ x: left, y: top, width: right - left, height: bottom - top }] : [];
    }),
  );
}

/**
 * What scrolls up and down on the page, named: the window (the root) and each scroll box outside
 * the slip with more to show than its height. Given one of them (by its index) and a fraction of
 * its scroll range, scrolls it there first.
 */
async function scrollTo(page: Page, target: { index: number; at: number } | null): Promise<string[]> {
  return page.evaluate((to) => {
    const scrollers = [...document.querySelectorAll('html, body *')].filter((el) => {
      if (el.closest('.slip-drawer') !== null) return false;
      const overflowY = getComputedStyle(el).overflowY;
      const box = el === document.documentElement || overflowY === 'auto' || overflowY === 'scroll';
      return box && el.scrollHeight > el.clientHeight + 1;
    });
    const el = to === null ? undefined : scrollers[to.index];
    if (el !== undefined && to !== null) el.scrollTop = (el.scrollHeight - el.clientHeight) * to.at;
    return scrollers.map((s) => [s.tagName.toLowerCase(), ...(s.getAttribute('class') ?? '').split(' ').filter(Boolean)].join('.'));
  }, target);
}

test.describe('on a phone, with the slip holding 2 legs', () => {
  const viewport = { width: 390, height: 844 };
  test.use({ viewport });

  test('the sheet, collapsed or open, covers no price at the top, middle or end of whatever scrolls', async ({ page, request }) => {
    // A match just kicked off quotes its whole in-play board, long enough to scroll on a phone; the
    // live match with the most books may be deep in extra time with a few markets left, whose board
    // fits its box (seen at 117').
    const fixture = await kickOffSoccer(request);
    await openBoard(page, fixture.fixtureId);
    const prices = page.locator('button[data-odds-id]');
    await prices.nth(0).click();
    await prices.nth(2).click();
    const slip = page.getByRole('complementary', { name: 'Parlay slip' });
    const toggle = slip.getByRole('button', { name: /Parlay slip · 2 legs/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const open of [true, false]) {
      if (!open) {
        await toggle.click();
        await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      }
      // Whatever scrolls up and down on the page: the window and each scroll box outside the sheet.
      const scrollers = await scrollTo(page, null);
      // The board's own scroll box is among them: its rows are checked at its middle and end too.
      expect(scrollers.filter((name) => name.includes('odds-board-scroll'))).toHaveLength(1);
      for (const [index, name] of scrollers.entries()) {
        for (const at of [0, 0.5, 1]) {
          const where = `${name} scrolled to ${String(at)}`;
          await scrollTo(page, { index, at });
          // Two frames: the scroll event reaches the virtualizer and its rows are drawn.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          const sheet = await slip.boundingBox();
          expect(alongTheBottom(sheet, viewport), `the sheet along the bottom, ${where}`).toBe(true);
          const shown = await shownPrices(page);
          // The board's virtualizer draws the rows wherever its own box is scrolled to.
          if (name.includes('odds-board-scroll')) expect(shown.length, `prices shown, ${where}`).toBeGreaterThan(0);
          const covered = shown.filter((cell) => sheet !== null && overlaps(cell, sheet));
          expect(covered, `prices under the ${open ? 'open' : 'collapsed'} sheet, ${where}`).toEqual([]);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        }
      }
    }
  });
});
