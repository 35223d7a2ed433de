// /opportunities in real Chromium against the embedded service: an arbitrage forced with the
// admin move knob appears within 2 s with the closed-form stakes of its displayed prices, a +EV
// row's EV is the formula of the configured fair line (one book, multiplicative), and the stale
// knob takes the book's opportunities away. An arbitrage rule made on another page raises an
// alert naming the legs' books when an arbitrage is forced, with /opportunities never opened.
// Expectations are computed here by hand, from the prices the page shows and the fair book's
// prices REST answers — never with the app's code.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin, adminFetch, type AdminFixtureRow } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };
const MARKET = 101;
/** Books that charge commission by default: left out of "books I can bet at" so net = gross here. */
const EXCHANGES = new Set(['betfair-ex', 'kalshi', 'polymarket']);
const FAIR_BOOK = 'pinnacle';

interface OddsView {
  readonly fixtureId: string;
  readonly odds: Record<string, Record<string, { readonly marketId: number; readonly outcomeId: number; readonly price: number; readonly active: boolean }>>;
}

/** Each fixture's market-101 prices per book (outcome order 101, 102, 103), active books only: one request (≤ 50 fixtures). */
async function pricesOf(request: APIRequestContext, fixtureIds: readonly string[]): Promise<Map<string, Map<string, number[]>>> {
  const response = await request.get(`/en/fixtures/odds?fixtureIds=${fixtureIds.join(',')}`, { headers: KEY });
  expect(response.status(), await response.text()).toBe(200);
  const all = new Map<string, Map<string, number[]>>();
  for (const view of (await response.json()) as OddsView[]) {
    const out = new Map<string, number[]>();
    for (const [bookmaker, entries] of Object.entries(view.odds)) {
      const row = [101, 102, 103].map((outcomeId) => Object.values(entries).find((e) => e.marketId === MARKET && e.outcomeId === outcomeId && e.active)?.price);
      if (row.every((p): p is number => p !== undefined)) out.set(bookmaker, row);
    }
    all.set(view.fixtureId, out);
  }
  return all;
}

/** The fixture's market-101 prices per book. */
async function prices(request: APIRequestContext, fixtureId: string): Promise<Map<string, number[]>> {
  return (await pricesOf(request, [fixtureId])).get(fixtureId) ?? new Map();
}

/** Whether the best of these books' 1X2 prices already make an arbitrage (Σ 1/best < 1), by hand. */
function naturalArbitrage(quoted: ReadonlyMap<string, number[]>, books: readonly string[]): boolean {
  const best = [0, 1, 2].map((i) => Math.max(...books.map((b) => quoted.get(b)?.[i] ?? 0)));
  return best.reduce((sum, price) => sum + 1 / price, 0) < 1;
}

/**
 * A pre-game soccer fixture whose 1X2 the fair book and at least three other non-exchange books
 * quote, with no arbitrage among them already (books lagging a line move can leave one for a
 * while): the `nth` such (0: the first), so that each test forces its arbitrage on a fixture of its own.
 */
async function pickFixtures(request: APIRequestContext, nth: 0 | 1): Promise<{ fixture: AdminFixtureRow; books: string[] }[]> {
  const pregame = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixtureRow[]).filter((f) => f.sportId === 10 && f.bookmakers.includes(FAIR_BOOK));
  const found: { fixture: AdminFixtureRow; books: string[] }[] = [];
  const quotes = await pricesOf(request, pregame.slice(0, 20).map((f) => f.fixtureId));
  for (const fixture of pregame.slice(0, 20)) {
    const quoted = quotes.get(fixture.fixtureId) ?? new Map<string, number[]>();
    const books = [...quoted.keys()].filter((b) => !EXCHANGES.has(b));
    if (quoted.has(FAIR_BOOK) && books.length >= 4 && !naturalArbitrage(quoted, books)) found.push({ fixture, books });
  }
  // Alternate candidates, so the two tests never share a fixture.
  const mine = found.filter((_, i) => i % 2 === nth).slice(0, 3);
  if (mine.length === 0) throw new Error(`no pre-game soccer fixture with the fair book and four other books on its 1X2 (set ${String(nth)})`);
  return mine;
}

/**
 * The first candidate still free of an arbitrage once its requote rate is an hour and what was
 * due has landed (`settled` says so from the page): news moves the books one after the other, each
 * after its lag, so a line can open a short-lived arbitrage of its own; the test then takes the
 * next candidate rather than force one on top of it.
 */
async function quietCandidate<T extends { fixture: AdminFixtureRow }>(request: APIRequestContext, candidates: readonly T[], settled: (candidate: T) => Promise<boolean>): Promise<T> {
  for (const candidate of candidates) {
    await admin(request, 'POST', '/admin/update-rate', { fixtureId: candidate.fixture.fixtureId, seconds: 3600 });
    if (await settled(candidate)) return candidate;
    await admin(request, 'POST', '/admin/update-rate', { fixtureId: candidate.fixture.fixtureId, seconds: null });
  }
  throw new Error(`each of ${String(candidates.length)} candidate fixtures had an arbitrage of its own before the move`);
}

/** The chosen fair line "Pinnacle only" for this origin's service, before the app loads. */
async function chooseFairLine(page: Page): Promise<void> {
  await page.addInitScript((book) => {
    const preset = { name: 'Pinnacle only', weights: { [book]: 1 }, minBooks: 1, requiredBook: null };
    const state = { byService: { [location.origin]: { presets: [preset], chosen: preset.name } } };
    localStorage.setItem('odds-explorer.fair-line.v1', JSON.stringify({ state, version: 0 }));
  }, FAIR_BOOK);
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Leaves the fixture as found for the specs that follow: the moved book back, its requote rate normal. */
async function restore(request: APIRequestContext, fixtureId: string, moved: string): Promise<void> {
  await adminFetch(request, 'POST', '/admin/move', { fixtureId, marketId: MARKET, bookmakers: [moved], byPoints: 25 });
  await admin(request, 'POST', '/admin/update-rate', { fixtureId, seconds: null });
}
/** The count line once the worker's first re-snapshot has landed and its markets are scanned. */
const SCANNED = /across [1-9]\d* markets/u;

test('a forced arbitrage shows within 2 s with closed-form stakes; a +EV row follows the fair line; the stale knob removes them', async ({ page, request }) => {
  test.setTimeout(240_000);
  await chooseFairLine(page);
  const rowOf = (fixtureId: string) => page.locator(`.opportunity-row[data-key="${fixtureId}|${String(MARKET)}|0"]`);
  // The books' own requotes come once an hour on the fixture taken: what moves then is the knob.
  const { fixture, books } = await quietCandidate(request, await pickFixtures(request, 0), async (candidate) => {
    // Soccer 1X2 only, at the candidate's books: the count line says the worker has scanned.
    await page.goto(`/opportunities?tab=arb&books=${candidate.books.join(',')}&total=100&sports=10&families=1x2`);
    await expect(page.locator('.opportunity-count')).toHaveText(SCANNED, { timeout: 90_000 });
    // Let the requotes already due land, and the worker's scan settle, before the move.
    await page.waitForTimeout(8_000);
    return (await rowOf(candidate.fixture.fixtureId).count()) === 0;
  });
  const fixtureId = fixture.fixtureId;
  const moved = books.find((b) => b !== FAIR_BOOK) ?? '';
  const arbRow = rowOf(fixtureId);
  try {
    // The home side 25 implied points longer at one book: its price now beats every other book's.
    await admin(request, 'POST', '/admin/move', { fixtureId, marketId: MARKET, bookmakers: [moved], byPoints: -25 });
    const movedAt = Date.now();
    await expect(arbRow).toBeVisible({ timeout: 2_000 });
    const seenAfter = Date.now() - movedAt;
    expect(seenAfter).toBeLessThanOrEqual(2_000);

    // Stakes by the closed form from the displayed prices (no commission at these books): stakeᵢ = T·(1/pᵢ)/Σ 1/pⱼ.
    const legs = await arbRow.locator('[data-leg]').evaluateAll((els) => els.map((el) => ({ price: Number(el.getAttribute('data-leg-price')), text: el.textContent })));
    expect(legs).toHaveLength(3);
    const sum = legs.reduce((s, leg) => s + 1 / leg.price, 0);
    expect(sum).toBeLessThan(1);
    for (const leg of legs) {
      const stake = round2((100 * (1 / leg.price)) / sum);
      expect(leg.text).toContain(`→ ${stake.toFixed(2)} EUR`);
    }
    await expect(arbRow.locator('[data-return]')).toHaveAttribute('data-return', `${round2(100 / sum).toFixed(2)} EUR`);

    // +EV: the moved book's home price against the fair line "Pinnacle only", de-vigged multiplicatively.
    // The +EV tab of the same page (no reload: the worker's scan goes on).
    await page.getByRole('tab', { name: '+EV' }).click();
    await expect(page.locator('.opportunity-count')).toHaveText(SCANNED, { timeout: 30_000 });
    const quoted = await prices(request, fixtureId);
    const fair = quoted.get(FAIR_BOOK) ?? [];
    const implied = fair.map((p) => 1 / p);
    const pHome = (implied[0] ?? 0) / implied.reduce((s, x) => s + x, 0);
    const evRow = page.locator(`.opportunity-row[data-key="${fixtureId}:${moved}:101:0"]`);
    await expect(evRow).toBeVisible({ timeout: 10_000 });
    const shownPrice = Number(await evRow.locator('[data-price]').getAttribute('data-price'));
    expect(shownPrice).toBe(quoted.get(moved)?.[0]);
    const ev = pHome * shownPrice - 1;
    const sign = ev > 0 ? '+' : '−';
    await expect(evRow.locator('[data-ev]')).toHaveText(`${sign}${Math.abs(ev * 100).toFixed(1)}%`);

    // The stale knob on the moved book: its +EV rows and the arbitrage go.
    await admin(request, 'POST', '/admin/stale', { bookmaker: moved, on: true, fixtureId });
    await expect(evRow).toHaveCount(0, { timeout: 10_000 });
    await page.getByRole('tab', { name: 'Arbitrage' }).click();
    await expect(page.locator('.opportunity-count')).toHaveText(SCANNED, { timeout: 30_000 });
    await expect(arbRow).toHaveCount(0, { timeout: 10_000 });
  } finally {
    await adminFetch(request, 'POST', '/admin/stale', { bookmaker: moved, on: false, fixtureId });
    await restore(request, fixtureId, moved);
  }
});

test('an arbitrage rule made on /moves raises an alert naming the books within seconds of a forced arbitrage, without /opportunities open', async ({ page, request }) => {
  test.setTimeout(180_000);
  const candidates = await pickFixtures(request, 1);
  const names = new Map(((await (await request.get('/en/bookmakers', { headers: KEY })).json()) as { bookmaker: string; bookmakerName?: string }[]).map((b) => [b.bookmaker, b.bookmakerName ?? b.bookmaker]));

  await page.goto('/moves');
  await expect(page.locator('.shell')).toHaveAttribute('data-feed', 'live', { timeout: 60_000 });
  // The rule, through the form.
  const form = page.getByRole('form', { name: 'Add an alert rule' });
  await form.getByLabel('Alerts on').selectOption('arbitrage');
  await form.getByLabel('Name').fill('Arbs');
  await form.getByLabel('Minimum arbitrage (%)').fill('0.5');
  await form.getByRole('button', { name: 'Add rule' }).click();
  await expect(page.locator('.alert-rules-list li[data-rule-kind="arbitrage"]')).toContainText('Arbs — Arbitrage of 0.5 % or more');

  // The alert list, open while the test waits (it lists alerts as they are raised).
  await page.getByRole('button', { name: /^Alerts/ }).click();
  const panel = page.getByRole('region', { name: 'Alerts' });
  const alertOf = (fixtureId: string) => panel.locator(`li[data-alert-kind="arbitrage"]:has(a[href^="/fixtures/${fixtureId}?cell="])`);
  const { fixture, books } = await quietCandidate(request, candidates, async (candidate) => {
    // Let the requotes already due land and the worker's scan settle: no arbitrage here yet.
    await page.waitForTimeout(8_000);
    return (await alertOf(candidate.fixture.fixtureId).count()) === 0;
  });
  const fixtureId = fixture.fixtureId;
  const moved = books.find((b) => b !== FAIR_BOOK) ?? '';
  const alert = alertOf(fixtureId);

  // The home side 25 implied points longer at one book: its price beats every other book's.
  await admin(request, 'POST', '/admin/move', { fixtureId, marketId: MARKET, bookmakers: [moved], byPoints: -25 });
  try {
    await expect(alert.first()).toBeVisible({ timeout: 5_000 });
    const legBooks = ((await alert.first().getAttribute('data-books')) ?? '').split(',');
    expect(legBooks).toHaveLength(3);
    expect(legBooks[0]).toBe(moved);
    // Each leg's book by name, the rule and the return.
    for (const book of legBooks) await expect(alert.first().locator('.alerts-books')).toContainText(`at ${names.get(book) ?? book}`);
    await expect(alert.first()).toContainText('Arbs');
    await expect(alert.first().getByRole('link')).toHaveText(/^Arbitrage \+\d+\.\d%: /u);
    // A click opens the fixture's odds screen on the first leg's cell.
    await alert.first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/fixtures/${fixtureId}\\?cell=`, 'u'));
  } finally {
    await restore(request, fixtureId, moved);
  }
});
