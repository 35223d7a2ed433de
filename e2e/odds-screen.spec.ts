// The odds screen in real Chromium against the embedded service: live prices, prices equal to
// REST with the simulation frozen, and the service's knobs (arbitrage, stale, suspension) shown.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin, kicksOffLater, liveSoccer, type AdminFixtureRow as AdminFixture } from './admin.ts';
import { formatPrice } from '../src/domain/odds-format.ts';

const KEY = { 'X-API-Key': 'demo-key' };


/**
 * The live fixture with the most active prices right now (REST lists only active ones): one in
 * a post-goal suspension would show no moves for a while.
 */
async function liveFixture(request: APIRequestContext): Promise<AdminFixture> {
  // Every live fixture, with a soccer match kicked off first when nothing is in play at this hour.
  await liveSoccer(request);
  const live = (await admin(request, 'GET', '/admin/fixtures?status=1')) as AdminFixture[];
  // One request per 50 fixtures, not one per fixture: the odds endpoint's rate limit would refuse
  // a loop over every live fixture once earlier tests have kicked several off.
  const views: { fixtureId: string; odds: Record<string, Record<string, unknown>> }[] = [];
  for (let i = 0; i < live.length; i += 50) {
    const ids = live.slice(i, i + 50).map((f) => f.fixtureId);
    const response = await request.get(`/en/fixtures/odds?fixtureIds=${ids.join(',')}`, { headers: KEY });
    expect(response.status(), await response.text()).toBe(200);
    views.push(...((await response.json()) as typeof views));
  }
  let best: { fixture: AdminFixture; active: number } | null = null;
  for (const fixture of live) {
    const view = views.find((v) => v.fixtureId === fixture.fixtureId);
    const active = Object.values(view?.odds ?? {}).reduce((n, entries) => n + Object.keys(entries).length, 0);
    if (best === null || active > best.active) best = { fixture, active };
  }
  if (best === null) throw new Error('the embedded service has no live fixture');
  return best.fixture;
}

/**
 * A pre-game fixture for the knob tests: no goal can suspend its markets while a test waits for
 * the knob's effect.
 */
async function quietFixture(request: APIRequestContext): Promise<AdminFixture> {
  return fixtureWithStatus(request, 0);
}

async function fixtureWithStatus(request: APIRequestContext, statusId: 0 | 1): Promise<AdminFixture> {
  const listed = (await admin(request, 'GET', `/admin/fixtures?status=${String(statusId)}`)) as AdminFixture[];
  // A pre-game one not kicking off while the test runs (its books reprice at kick-off).
  const live = statusId === 0 ? listed.filter(kicksOffLater) : listed;
  const ranked = [...live].sort((a, b) => Number(b.sportId === 10) - Number(a.sportId === 10) || b.bookmakers.length - a.bookmakers.length);
  const first = ranked[0];
  if (first === undefined) throw new Error(`the embedded service has no fixture with statusId ${String(statusId)}`);
  return first;
}

/** oddsId → data-price of every price cell on screen. */
async function shownPrices(page: Page): Promise<Map<string, string>> {
  const pairs = await page
    .locator('[data-odds-id]')
    .evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-odds-id') ?? '', cell.getAttribute('data-price') ?? ''] as const));
  return new Map(pairs);
}

async function openBoard(page: Page, fixtureId: string): Promise<void> {
  await page.goto(`/fixtures/${fixtureId}`);
  await expect(page.getByRole('grid', { name: 'Odds by bookmaker' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-odds-id]').first()).toBeVisible();
}

/** The first market on screen: its marketId and the oddsIds of its first outcome row, by bookmaker. */
async function firstMarket(page: Page): Promise<{ marketId: number; firstRow: Map<string, string> }> {
  const title = page.locator('[data-market-id]').first();
  const marketId = Number(await title.getAttribute('data-market-id'));
  const row = page.locator('.board-outcome').first();
  const ids = await row.locator('[data-odds-id]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-odds-id') ?? ''));
  return { marketId, firstRow: new Map(ids.map((id) => [id.split(':')[1] ?? '', id])) };
}

test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  // Leave the shared service as found.
  await admin(request, 'POST', '/admin/resume');
});

test('a live fixture\'s prices change on screen without a reload', async ({ page, request }) => {
  const fixture = await liveFixture(request);
  await admin(request, 'POST', '/admin/update-rate', { fixtureId: fixture.fixtureId, seconds: 1 });
  try {
    await openBoard(page, fixture.fixtureId);
    const before = await shownPrices(page);
    await expect
      .poll(async () => {
        const now = await shownPrices(page);
        return [...now].filter(([oddsId, price]) => before.has(oddsId) && before.get(oddsId) !== price).length;
      }, { timeout: 30_000 })
      .toBeGreaterThan(0);
  } finally {
    await admin(request, 'POST', '/admin/update-rate', { fixtureId: fixture.fixtureId, seconds: null });
  }
});

test('with the simulation frozen, every shown price equals the REST price of its oddsId', async ({ page, request }) => {
  const fixture = await liveFixture(request);
  await openBoard(page, fixture.fixtureId);
  await admin(request, 'POST', '/admin/freeze');
  // Frozen, REST no longer moves: read it once.
  const response = await request.get(`/en/fixtures/odds?fixtureIds=${fixture.fixtureId}`, { headers: KEY });
  expect(response.status()).toBe(200);
  const [view] = (await response.json()) as { odds: Record<string, Record<string, { price: number }>> }[];
  const rest = new Map(Object.values(view?.odds ?? {}).flatMap((entries) => Object.entries(entries).map(([id, e]) => [id, e.price] as const)));
  // Without `since`, REST lists only the prices that are active now (spec 4.3): a price it does
  // not list must be shown as not on offer; every other price must equal REST's.
  const notOffered = new Set(['inactive', 'market-suspended', 'book-suspended']);
  const mismatchesNow = async (): Promise<string[]> => {
    const prices = await shownPrices(page);
    const states = new Map(
      await page
        .locator('[data-odds-id]')
        .evaluateAll((cells) => cells.map((cell) => [cell.getAttribute('data-odds-id') ?? '', cell.getAttribute('data-state') ?? ''] as const)),
    );
    return [...prices]
      .filter(([oddsId, price]) => (rest.has(oddsId) ? rest.get(oddsId) !== Number(price) : !notOffered.has(states.get(oddsId) ?? '')))
      .map(([oddsId, price]) => `${oddsId}: shown ${price} (${states.get(oddsId) ?? '?'}), REST ${String(rest.get(oddsId))}`);
  };
  // Frames published before the freeze may still be on their way (a loaded machine delays them
  // by seconds): the screen must come to equal REST and stay there. A lost or corrupted price never
  // converges, and fails here with the cells that differ.
  await expect.poll(mismatchesNow, { intervals: [500], timeout: 20_000 }).toEqual([]);
  await page.waitForTimeout(2_000);
  expect(await mismatchesNow()).toEqual([]);
  const shown = await shownPrices(page);
  expect(shown.size).toBeGreaterThan(10);
  expect([...shown.keys()].filter((oddsId) => rest.has(oddsId)).length).toBeGreaterThan(10);
  // And the text is that price in the chosen format (decimal by default).
  const first = page.locator('[data-odds-id]').first();
  const firstId = (await first.getAttribute('data-odds-id')) ?? '';
  await expect(first.locator('.odds-value')).toHaveText(formatPrice(rest.get(firstId) ?? Number.NaN, 'decimal'));
});

test('a forced arbitrage moves the best price to the boosted bookmaker and is flagged with its stake split', async ({ page, request }) => {
  const fixture = await quietFixture(request);
  // Every book of the fixture quoting: lift any suspension an earlier test or spec left on it.
  await admin(request, 'POST', '/admin/suspend', { fixtureId: fixture.fixtureId, on: false });
  await openBoard(page, fixture.fixtureId);
  const { marketId, firstRow } = await firstMarket(page);
  // The boosted book must start below the best: the healthy book with the lowest price on the
  // first outcome (the books' margins differ, so it is not the best).
  const row = page.locator('.board-outcome').first();
  const cells = await row.locator('[data-odds-id]').evaluateAll((found) =>
    found.map((cell) => ({
      oddsId: cell.getAttribute('data-odds-id') ?? '',
      price: Number(cell.getAttribute('data-price')),
      healthy: cell.getAttribute('data-state') === 'active',
      best: cell.parentElement?.classList.contains('odds-cell-best') === true,
    })),
  );
  const lowest = cells.filter((c) => c.healthy && !c.best).sort((a, b) => a.price - b.price)[0];
  expect(lowest, `a healthy book below the best price among ${JSON.stringify(cells)}`).toBeDefined();
  const bookmaker = lowest?.oddsId.split(':')[1] ?? '';
  expect(firstRow.get(bookmaker)).toBe(lowest?.oddsId);
  try {
    await admin(request, 'POST', '/admin/arbitrage', { fixtureId: fixture.fixtureId, marketId, bookmaker });
    const boosted = row.locator(`[data-odds-id="${lowest?.oddsId ?? ''}"]`);
    await expect(boosted.locator('xpath=..')).toHaveClass(/odds-cell-best/, { timeout: 15_000 });
    await expect(boosted).toContainText('best price');
    const title = page.locator(`[data-market-id="${String(marketId)}"]`).first();
    await expect(title.locator('.arb-flag')).toContainText(/Arbitrage: \+\d+\.\d\d% guaranteed/);
    // One stake per outcome of the market, adding up to the whole stake.
    // Polled: the stake cells fill in a frame after the flag (values recompute once per frame).
    const stakeError = async () => {
      const stakes = await page.locator('.stake-cell[data-stake]').evaluateAll((cells) => cells.map((c) => Number.parseFloat(c.getAttribute('data-stake') ?? '')));
      return stakes.length >= 2 ? Math.abs(stakes.reduce((a, b) => a + b, 0) - 100) : Number.POSITIVE_INFINITY;
    };
    await expect.poll(stakeError, { timeout: 10_000 }).toBeLessThan(0.2);
  } finally {
    await admin(request, 'DELETE', '/admin/arbitrage', { fixtureId: fixture.fixtureId });
  }
});

test('the commission set in the settings decides whether an arbitrage through the exchange is flagged', async ({ page, request }) => {
  // A pre-game soccer fixture (no goal suspends it while the test waits) where Betfair Exchange
  // quotes the 1X2 result: the fixtures' odds in one request, as REST lists the active prices.
  const pregame = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixture[]).filter((f) => f.sportId === 10 && f.bookmakers.includes('betfair-ex'));
  const response = await request.get(`/en/fixtures/odds?fixtureIds=${pregame.slice(0, 50).map((f) => f.fixtureId).join(',')}`, { headers: KEY });
  expect(response.status(), await response.text()).toBe(200);
  const views = (await response.json()) as { fixtureId: string; odds: Record<string, Record<string, { marketId: number; outcomeId: number; price: number; active: boolean }>> }[];
  const marketId = 101;
  // Without the exchange, no arbitrage already (books lagging a line move can leave one for a
  // while): then the one flagged is the exchange's, and its commission decides it.
  const noArbitrageWithout = (view: (typeof views)[number], exchange: string): boolean => {
    const best = new Map<number, number>();
    for (const [bookmaker, entries] of Object.entries(view.odds)) {
      if (bookmaker === exchange) continue;
      for (const e of Object.values(entries)) {
        if (e.marketId === marketId && e.active) best.set(e.outcomeId, Math.max(best.get(e.outcomeId) ?? 0, e.price));
      }
    }
    return best.size === 3 && [...best.values()].reduce((sum, price) => sum + 1 / price, 0) >= 1;
  };
  const quoted = views
    .filter((view) => noArbitrageWithout(view, 'betfair-ex'))
    .map((view) => ({ fixtureId: view.fixtureId, oddsIds: Object.entries(view.odds['betfair-ex'] ?? {}).filter(([, e]) => e.marketId === marketId).map(([id]) => id) }))
    .find((view) => view.oddsIds.length > 0);
  if (quoted === undefined) throw new Error('no pre-game soccer fixture where betfair-ex quotes the 1X2 result');
  await page.goto('/settings');
  await page.getByLabel('Betfair Exchange commission (%)').fill('0');
  await openBoard(page, quoted.fixtureId);
  const title = page.locator(`[data-market-id="${String(marketId)}"]`).first();
  // The outcome rows of the market, and their best cells.
  const bests = page.locator('.board-outcome', { has: page.locator(quoted.oddsIds.map((id) => `[data-odds-id="${id}"]`).join(', ')) }).locator('.best-cell');
  const bestBooks = () => bests.evaluateAll((cells) => cells.map((c) => c.getAttribute('data-best-books') ?? ''));
  try {
    // The exchange's first outcome is boosted until Σ best implied = 0.97: a 3% arbitrage gross.
    await admin(request, 'POST', '/admin/arbitrage', { fixtureId: quoted.fixtureId, marketId, bookmaker: 'betfair-ex' });
    await expect(title.locator('.arb-flag')).toContainText(/Arbitrage: \+\d+\.\d\d% guaranteed/, { timeout: 15_000 });
    expect((await bestBooks()).some((books) => books.includes('betfair-ex'))).toBe(true);
    // 50% of the winnings: net of it the boosted price is no longer best, and the arbitrage is gone.
    await page.getByText('Books and density').click();
    await page.getByRole('link', { name: 'set the commission rates in Settings' }).click();
    await page.getByLabel('Betfair Exchange commission (%)').fill('50');
    await page.goBack();
    await expect(page.getByTestId('odds-notes')).toContainText('Betfair Exchange 50.0%', { timeout: 15_000 });
    await expect(title).toBeVisible();
    await expect(title.locator('.arb-flag')).toHaveCount(0);
    await expect.poll(async () => (await bestBooks()).some((books) => books.includes('betfair-ex'))).toBe(false);
  } finally {
    await admin(request, 'DELETE', '/admin/arbitrage', { fixtureId: quoted.fixtureId });
  }
});

test('focusing a price with the keyboard shows its peek: age and opening price', async ({ page, request }) => {
  const fixture = await quietFixture(request);
  await openBoard(page, fixture.fixtureId);
  // Tab from the last control of the toolbar into the grid (one tab stop), then arrow down to a
  // price, moving one book right after every 7 rows (the first book need not quote the first rows).
  await page.getByText('Books and density').focus();
  await page.keyboard.press('Tab');
  for (let i = 0; i < 40; i++) {
    if ((await page.evaluate(() => document.activeElement?.getAttribute('data-odds-id') ?? null)) !== null) break;
    await page.keyboard.press(i % 8 === 7 ? 'ArrowRight' : 'ArrowDown');
  }
  const oddsId = await page.evaluate(() => document.activeElement?.getAttribute('data-odds-id') ?? null);
  expect(oddsId).not.toBeNull();
  // A group, not a tooltip: the peek holds the "Track this bet" link.
  const peek = page.getByRole('group', { name: /price details$/u });
  await expect(peek).toHaveAttribute('data-peek-odds-id', oddsId ?? '');
  await expect(peek.locator('[data-peek="age"]')).toHaveText(/^\d+ (s|min \d+ s|h \d+ min) \(since .+\)$/);
  await expect(peek.locator('[data-peek="opening"]')).toHaveText(/^\d+\.\d\d at .+$/, { timeout: 10_000 });
});

test('a bookmaker forced stale is marked in its column header with the reason', async ({ page, request }) => {
  const fixture = await quietFixture(request);
  await openBoard(page, fixture.fixtureId);
  const bookmaker = (await page.locator('[role="columnheader"][data-bookmaker]').first().getAttribute('data-bookmaker')) ?? '';
  try {
    await admin(request, 'POST', '/admin/stale', { bookmaker, fixtureId: fixture.fixtureId, on: true });
    const header = page.locator(`[role="columnheader"][data-bookmaker="${bookmaker}"]`);
    await expect(header).toHaveAttribute('data-health', /staleOdds/, { timeout: 15_000 });
    await expect(header).toHaveAttribute('title', /Stale odds/);
    await expect(header).toHaveAccessibleDescription(/Stale odds/);
  } finally {
    await admin(request, 'POST', '/admin/stale', { bookmaker, fixtureId: fixture.fixtureId, on: false });
  }
});

test('a suspension is shown on the bookmaker and on its prices', async ({ page, request }) => {
  const fixture = await quietFixture(request);
  await openBoard(page, fixture.fixtureId);
  const bookmaker = (await page.locator('[role="columnheader"][data-bookmaker]').nth(1).getAttribute('data-bookmaker')) ?? '';
  try {
    await admin(request, 'POST', '/admin/suspend', { fixtureId: fixture.fixtureId, bookmaker, on: true });
    const header = page.locator(`[role="columnheader"][data-bookmaker="${bookmaker}"]`);
    await expect(header).toHaveAttribute('title', /Suspended/, { timeout: 15_000 });
    const cell = page.locator(`[data-odds-id*=":${bookmaker}:"]`).first();
    await expect(cell).toHaveAttribute('data-state', 'book-suspended');
    await expect(cell).toContainText('bookmaker suspended');
  } finally {
    await admin(request, 'POST', '/admin/suspend', { fixtureId: fixture.fixtureId, bookmaker, on: false });
  }
});

test('clicking a price adds it to the slip (aria-pressed)', async ({ page, request }) => {
  const fixture = await liveFixture(request);
  await openBoard(page, fixture.fixtureId);
  const price = page.locator('[data-odds-id]').first();
  await expect(price).toHaveAttribute('aria-pressed', 'false');
  await price.click();
  await expect(price).toHaveAttribute('aria-pressed', 'true');
  await price.click();
  await expect(price).toHaveAttribute('aria-pressed', 'false');
});

test('the odds screen has no serious or critical accessibility violations', async ({ page, request }) => {
  const fixture = await liveFixture(request);
  await openBoard(page, fixture.fixtureId);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
  expect(serious).toEqual([]);
});

test('a price mid-flash and a suspended or stale book\'s header keep their text readable (contrast), in the light and the dark theme', async ({ page, request }) => {
  // A pre-game fixture: no book of it is suspended by the match itself (a goal), so the knobs
  // decide which header carries which mark.
  const fixture = await quietFixture(request);
  await openBoard(page, fixture.fixtureId);
  // The marked headers take their own colours: one book suspended and another forced stale, so
  // both marks are on screen in each theme whatever the simulation is doing. Most books also stop
  // taking bets when stale (a suspended mark), so the stale mark is sought among the others.
  const books = await page.locator('[role="columnheader"][data-bookmaker]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-bookmaker') ?? ''));
  const [suspendedBook, ...others] = books;
  if (suspendedBook === undefined) throw new Error('the fixture has no bookmaker');
  const header = (bookmaker: string) => page.locator(`[role="columnheader"][data-bookmaker="${bookmaker}"]`);
  const forcedStale: string[] = [];
  try {
    await admin(request, 'POST', '/admin/suspend', { bookmaker: suspendedBook, fixtureId: fixture.fixtureId, on: true });
    await expect(header(suspendedBook)).toHaveClass(/book-header-suspended/, { timeout: 15_000 });
    let staleShown = false;
    for (const bookmaker of others) {
      forcedStale.push(bookmaker);
      await admin(request, 'POST', '/admin/stale', { bookmaker, fixtureId: fixture.fixtureId, on: true });
      await expect(header(bookmaker)).toHaveAttribute('data-health', /staleOdds/, { timeout: 15_000 });
      if (/book-header-stale/.test((await header(bookmaker).getAttribute('class')) ?? '')) {
        staleShown = true;
        break;
      }
    }
    expect(staleShown, 'some bookmaker of the fixture keeps taking bets when stale').toBe(true);
    await expectReadableInBothThemes(page);
  } finally {
    await admin(request, 'POST', '/admin/suspend', { bookmaker: suspendedBook, fixtureId: fixture.fixtureId, on: false });
    for (const bookmaker of forcedStale) await admin(request, 'POST', '/admin/stale', { bookmaker, fixtureId: fixture.fixtureId, on: false });
  }
});

async function expectReadableInBothThemes(page: Page): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
    // Every price flashes at once, held at the flash's first frame (the strongest colour).
    await page.evaluate(() => {
      document.querySelectorAll('.odds-value').forEach((value, i) => {
        value.classList.add(i % 2 === 0 ? 'flash-up-1' : 'flash-down-1');
        (value as HTMLElement).style.animationPlayState = 'paused';
      });
    });
    const results = await new AxeBuilder({ page }).include('.odds-board').withRules(['color-contrast']).analyze();
    const failing = results.violations.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    expect(failing).toEqual([]);
  }
}

interface FlashSample {
  readonly direction: 'up' | 'down';
  /** The value's box-shadow as the move is committed, and 1.2 s later (the price not moved again). */
  readonly atMove: string;
  readonly later: string;
}

/** The opacity of a computed box-shadow's colour: 0 for none; rgb(…) is opaque, rgba(…, a) and any `fn(… / a)` give a. */
function ringAlpha(boxShadow: string): number {
  if (boxShadow === 'none') return 0;
  const alpha = /^rgba\([^)]*,\s*([\d.]+)\)/.exec(boxShadow) ?? /^\w+\([^)]*\/\s*([\d.]+)\)/.exec(boxShadow);
  return alpha === null ? 1 : Number(alpha[1]);
}

test('a moved price is ringed green when it lengthens and red when it shortens, and the ring clears within a second', async ({ page, request }) => {
  test.setTimeout(60_000);
  const fixture = await quietFixture(request);
  await page.addInitScript(() => {
    const samples: FlashSample[] = [];
    (window as unknown as { flashSamples: FlashSample[] }).flashSamples = samples;
    new MutationObserver((records) => {
      for (const record of records) {
        const button = record.target;
        if (!(button instanceof HTMLElement) || record.oldValue === null) continue;
        const value = button.querySelector('.odds-value');
        const price = button.dataset.price ?? '';
        if (value === null || Number(price) === Number(record.oldValue)) continue;
        const direction = Number(price) > Number(record.oldValue) ? 'up' : 'down';
        const atMove = getComputedStyle(value).boxShadow;
        setTimeout(() => {
          if (button.isConnected && button.dataset.price === price) samples.push({ direction, atMove, later: getComputedStyle(value).boxShadow });
        }, 1_200);
      }
    }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ['data-price'] });
  });
  await openBoard(page, fixture.fixtureId);
  // Each price swings up then down every few seconds (every price of the fixture in turn), slower
  // than a ring lasts, so no ring is restarted before it is sampled.
  await admin(request, 'POST', '/admin/firehose', { fixtureId: fixture.fixtureId, updatesPerSec: 400 });
  try {
    const samples = () => page.evaluate(() => (window as unknown as { flashSamples: FlashSample[] }).flashSamples);
    await expect.poll(async () => new Set((await samples()).map((s) => s.direction)).size, { timeout: 30_000 }).toBe(2);
    const colour = { up: 'rgb(22, 163, 74)', down: 'rgb(220, 38, 38)' } as const;
    for (const sample of await samples()) {
      expect(sample.atMove, sample.direction).toContain(colour[sample.direction]);
      // No ring left, not even a faint one.
      expect(ringAlpha(sample.later), `${sample.direction}: ${sample.later}`).toBe(0);
    }
  } finally {
    await admin(request, 'POST', '/admin/firehose', { updatesPerSec: null });
  }
});

// Issue 13 item 12: right after a page load a book must not read STALE while the stream
// re-snapshots. Every mark and every price move is recorded from before the first paint.
interface StaleWatch {
  /** Bookmakers ever marked stale (column header: class or reasons; price cell), with the time since load. */
  readonly marks: { readonly bookmaker: string; readonly atMs: number }[];
  /** Bookmakers seen moving a price on screen. */
  readonly moved: string[];
}

async function watchStaleMarks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const watch: StaleWatch = { marks: [], moved: [] };
    (window as unknown as { staleWatch: StaleWatch }).staleWatch = watch;
    const bookmakerOf = (el: Element) => el.getAttribute('data-bookmaker') ?? el.getAttribute('data-odds-id')?.split(':')[1] ?? '?';
    new MutationObserver((records) => {
      for (const record of records) {
        const target = record.target;
        if (record.type === 'attributes' && target instanceof Element && record.attributeName === 'data-price' && record.oldValue !== null) {
          const bookmaker = bookmakerOf(target);
          if (!watch.moved.includes(bookmaker)) watch.moved.push(bookmaker);
        }
      }
      for (const el of document.querySelectorAll('.book-header-stale, [data-state="book-stale"], [data-health~="staleOdds"], [data-health~="updatedAtOverdue"]')) {
        const bookmaker = bookmakerOf(el);
        if (!watch.marks.some((m) => m.bookmaker === bookmaker)) watch.marks.push({ bookmaker, atMs: Math.round(performance.now()) });
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeOldValue: true, attributeFilter: ['class', 'data-state', 'data-price', 'data-health'] });
  });
}

const staleWatch = (page: Page) => page.evaluate(() => (window as unknown as { staleWatch: StaleWatch }).staleWatch);

test('right after a page load, no book whose prices keep arriving is ever marked stale; /admin/stale marks one', async ({ page, request }) => {
  test.setTimeout(60_000);
  // At the simulation's own pace: books whose metas are not refreshed with every price are the
  // ones the old heartbeat rule marked stale at load.
  const fixture = await liveFixture(request);
  await watchStaleMarks(page);
  await openBoard(page, fixture.fixtureId);
  await expect(page.locator('.connection-indicator')).toHaveAttribute('data-phase', 'connected', { timeout: 20_000 });
  const books = await page.locator('[role="columnheader"][data-bookmaker]').evaluateAll((els) => els.map((el) => el.getAttribute('data-bookmaker') ?? ''));
  expect(books.length).toBeGreaterThan(1);
  // Books seen moving a price on screen are those whose prices keep arriving; then past a
  // freshness bound (the bug showed STALE for about 5 s after the load).
  await expect.poll(async () => (await staleWatch(page)).moved.length, { timeout: 30_000 }).toBeGreaterThan(1);
  await page.waitForTimeout(6_000);
  const watch = await staleWatch(page);
  expect(watch.marks.filter((m) => watch.moved.includes(m.bookmaker)), 'stale marks on books whose prices were arriving').toEqual([]);

  // Evidence does mark it: the service says staleOdds of a book whose prices were arriving.
  const bookmaker = watch.moved.find((b) => books.includes(b)) ?? '';
  await admin(request, 'POST', '/admin/stale', { bookmaker, fixtureId: fixture.fixtureId, on: true });
  try {
    // (A book that suspends when stale shows ✕, its header still naming the stale odds.)
    await expect(page.locator(`[role="columnheader"][data-bookmaker="${bookmaker}"]`)).toHaveAttribute('data-health', /staleOdds/, { timeout: 15_000 });
    expect((await staleWatch(page)).marks.map((m) => m.bookmaker)).toContain(bookmaker);
  } finally {
    await admin(request, 'POST', '/admin/stale', { bookmaker, fixtureId: fixture.fixtureId, on: false });
  }
});
