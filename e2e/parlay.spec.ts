// The parlay page in real Chromium against the embedded service (simulation frozen so prices hold
// still): a cross-fixture accumulator shows at every bookmaker the price the service returns for
// that bookmaker's parlayId; a same-game parlay shows a correlated price unlike singlesPrice whose
// "why this price" breakdown recomposes it; a pasted unknown oddsId shows up as missing. An agent
// can read the page: the best active SGP price marked, payouts for a stake rounded by the written
// rule, limits with their unit, display names, short reasons, missing legs in words, full width.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };

interface AdminFixture {
  readonly fixtureId: string;
  readonly sportId: number;
  readonly bookmakers: readonly string[];
}
interface WireEntry {
  readonly price: number;
  readonly active: boolean;
  readonly marketActive: boolean;
  readonly marketId: number;
}
interface WireView {
  readonly fixtureId: string;
  readonly participants: { readonly participant1Name: string; readonly participant2Name: string };
  readonly odds: Record<string, Record<string, WireEntry>>;
}
interface WireSgpView {
  readonly missingOddsIds?: readonly string[];
  readonly sgp: Record<string, Record<string, { readonly active: boolean; readonly price: number; readonly limit?: number; readonly meta?: { readonly inactiveReason?: string } }>>;
}
interface WireParlayView {
  readonly parlay: Record<string, Record<string, { readonly active: boolean; readonly price: number }>>;
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: KEY });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** Pre-game soccer fixtures, most bookmakers first: no goal suspends a leg during a test. */
async function quietSoccer(request: APIRequestContext): Promise<AdminFixture[]> {
  const fixtures = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixture[]).filter((f) => f.sportId === 10);
  return fixtures.sort((a, b) => b.bookmakers.length - a.bookmakers.length);
}

/** The oddsIds of an active price of `outcomeId` (playerId 0) at `bookmaker`, if quoted. */
function activeLeg(view: WireView | undefined, bookmaker: string, outcomeId: number): string | undefined {
  const entries = view?.odds[bookmaker] ?? {};
  return Object.entries(entries).find(([oddsId, e]) => oddsId.endsWith(`:${String(outcomeId)}:0`) && e.active && e.marketActive)?.[0];
}

/** Over 2.5 goals (full match) in the soccer catalogue: its outcomeId and its market's name. */
async function overMarket(request: APIRequestContext): Promise<{ readonly outcomeId: number; readonly marketName: string }> {
  const markets = await getJson<
    { marketType: string; marketName: string; period: string; handicap: number; playerProp: boolean; outcomes: { outcomeId: number; outcomeName: string }[] }[]
  >(request, '/en/markets?sportId=10');
  const market = markets.find((m) => m.marketType === 'totals' && m.period === 'result' && m.handicap === 2.5 && !m.playerProp);
  const over = market?.outcomes.find((o) => o.outcomeName === 'Over');
  if (market === undefined || over === undefined) throw new Error('no Over 2.5 market in the soccer catalogue');
  return { outcomeId: over.outcomeId, marketName: market.marketName };
}

/** The outcomeId of Over 2.5 goals (full match) in the soccer catalogue. */
async function overTwoAndHalf(request: APIRequestContext): Promise<number> {
  return (await overMarket(request)).outcomeId;
}

async function rowPrices(page: Page, testId: string): Promise<Map<string, number>> {
  const pairs = await page
    .locator('tr[data-bookmaker]')
    .evaluateAll(
      (rows, id) => rows.map((row) => [row.getAttribute('data-bookmaker') ?? '', row.querySelector(`[data-testid="${id}"]`)?.getAttribute('data-price') ?? ''] as const),
      testId,
    );
  return new Map(pairs.filter(([, price]) => price !== '').map(([b, price]) => [b, Number(price)]));
}

test.beforeEach(async ({ request }) => {
  await admin(request, 'POST', '/admin/freeze');
});

test.afterEach(async ({ request }) => {
  await admin(request, 'POST', '/admin/resume');
});

test('a three-leg cross-fixture parlay shows at every bookmaker the price the service returns for its parlayId', async ({ page, request }) => {
  // The first pair of pre-game soccer fixtures (most bookmakers first) with a bookmaker quoting all
  // three legs: a fixture far from kick-off may not offer Over 2.5 yet.
  const candidates = (await quietSoccer(request)).slice(0, 20);
  const views = await getJson<WireView[]>(request, `/en/fixtures/odds?fixtureIds=${candidates.map((f) => f.fixtureId).join(',')}`);
  const viewOf = (id: string) => views.find((v) => v.fixtureId === id);
  const over = await overTwoAndHalf(request);
  const found = candidates
    .flatMap((a) => candidates.filter((b) => b !== a).map((b) => [a, b] as const))
    .flatMap(([a, b]) => {
      const bk = a.bookmakers.find((x) => activeLeg(viewOf(a.fixtureId), x, 101) && activeLeg(viewOf(a.fixtureId), x, over) && activeLeg(viewOf(b.fixtureId), x, 103));
      return bk === undefined ? [] : [{ bookmaker: bk, viewA: viewOf(a.fixtureId), viewB: viewOf(b.fixtureId) }];
    })[0];
  if (found === undefined) throw new Error('no bookmaker quotes the three legs on any two pre-game soccer fixtures');
  const { bookmaker, viewA, viewB } = found;
  const legs = [activeLeg(viewA, bookmaker, 101), activeLeg(viewA, bookmaker, over), activeLeg(viewB, bookmaker, 103)].map(String).sort();

  await page.goto(`/parlay?slip=${encodeURIComponent(legs.join(','))}`);
  await expect(page.getByRole('table', { name: 'Quotes by bookmaker' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('The legs span fixtures: an accumulator only')).toBeVisible();
  const rows = page.locator('tr[data-bookmaker]');
  await expect(rows.first()).toBeVisible();
  // Every row settled: a price, or a sentence saying why there is none.
  await expect(page.locator('td.quote-pending')).toHaveCount(0, { timeout: 15_000 });
  const bookmakers = await rows.evaluateAll((rs) => rs.map((r) => r.getAttribute('data-bookmaker') ?? ''));
  expect(bookmakers.length).toBeGreaterThan(1);
  const shown = await rowPrices(page, 'acc-price');

  // The service's own answer for each bookmaker's parlayId, asked in requests of at most 20 oddsIds.
  const swap = (oddsId: string, bk: string) => oddsId.split(':').map((part, i) => (i === 1 ? bk : part)).join(':');
  const expected = new Map<string, number>();
  for (let i = 0; i < bookmakers.length; i += 6) {
    const chunk = bookmakers.slice(i, i + 6);
    const oddsIds = chunk.flatMap((bk) => legs.map((leg) => swap(leg, bk)));
    const answer = await getJson<WireParlayView[]>(request, `/en/fixtures/odds/parlay?oddsIds=${oddsIds.join(',')}`);
    for (const bk of chunk) {
      const parlayId = legs.map((leg) => swap(leg, bk)).sort().join(',');
      const entry = answer.map((v) => v.parlay[bk]?.[parlayId]).find((e) => e !== undefined);
      if (entry?.active === true) expected.set(bk, entry.price);
    }
  }
  expect(expected.size).toBeGreaterThan(0);
  expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(expected));
});

test('a two-leg same-fixture SGP shows a correlated price unlike singlesPrice, and its breakdown recomposes it', async ({ page, request }) => {
  const over = await overTwoAndHalf(request);
  let legs: string[] | undefined;
  for (const fixture of await quietSoccer(request)) {
    const [view] = await getJson<WireView[]>(request, `/en/fixtures/odds?fixtureIds=${fixture.fixtureId}`);
    const bookmaker = fixture.bookmakers.find((bk) => activeLeg(view, bk, 101) && activeLeg(view, bk, over));
    if (bookmaker !== undefined) {
      legs = [String(activeLeg(view, bookmaker, 101)), String(activeLeg(view, bookmaker, over))].sort();
      break;
    }
  }
  if (legs === undefined) throw new Error('no fixture quotes home win and Over 2.5 at one bookmaker');

  await page.goto(`/parlay?slip=${encodeURIComponent(legs.join(','))}`);
  await expect(page.getByText('Every leg is on one fixture')).toBeVisible({ timeout: 15_000 });
  const sgpCell = page.locator('[data-testid="sgp-price"]').first();
  await expect(sgpCell).toBeVisible({ timeout: 15_000 });
  const row = page.locator('tr[data-bookmaker]').filter({ has: page.getByTestId('sgp-price') }).first();
  const sgpPrice = Number(await row.getByTestId('sgp-price').getAttribute('data-price'));
  const singles = Number(await row.getByTestId('singles-price').getAttribute('data-price'));
  expect(sgpPrice).toBeGreaterThan(1);
  expect(sgpPrice).not.toBe(singles);

  await row.getByRole('button', { name: 'Why this price' }).click();
  const recomposed = page.getByTestId('why-recomposed');
  await expect(recomposed).toBeVisible({ timeout: 10_000 });
  const back = Number(await recomposed.getAttribute('data-price'));
  expect(Math.abs(back - sgpPrice) / sgpPrice).toBeLessThan(1e-9);
  await expect(recomposed).toContainText(`= the quoted ${sgpPrice.toFixed(2)}`);
  // Home win and over 2.5 go together: the combined factor carries more than the legs' margins.
  await expect(page.getByTestId('why-factor')).toBeVisible();
});

test('a pasted unknown oddsId shows up as missing, and a malformed one is refused by name', async ({ page, request }) => {
  const [fixture] = await quietSoccer(request);
  if (fixture === undefined) throw new Error('no pre-game soccer fixture');
  const [view] = await getJson<WireView[]>(request, `/en/fixtures/odds?fixtureIds=${fixture.fixtureId}`);
  const bookmaker = fixture.bookmakers.find((bk) => activeLeg(view, bk, 101));
  if (bookmaker === undefined) throw new Error('no bookmaker quotes the home win');
  const known = String(activeLeg(view, bookmaker, 101));
  // Well-formed, but a fixture the service never issued.
  const unknown = `id1000001799999999:${bookmaker}:101:0`;

  await page.goto('/parlay');
  const box = page.getByLabel('Paste oddsIds or a parlayId');
  await box.fill(`${known}, not-an-odds-id`);
  await page.getByRole('button', { name: 'Use these legs' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not-an-odds-id' })).toBeVisible();

  await box.fill(`${known}, ${unknown}`);
  await page.getByRole('button', { name: 'Use these legs' }).click();
  await expect(page).toHaveURL(/slip=/u);
  const missing = page.getByTestId('missing-legs');
  await expect(missing).toBeVisible({ timeout: 15_000 });
  await expect(missing).toContainText(unknown);
  await expect(missing).not.toContainText(known);
});

/** `oddsId` at another bookmaker. */
const atBook = (oddsId: string, bookmaker: string) => oddsId.split(':').map((part, i) => (i === 1 ? bookmaker : part)).join(':');

/**
 * A two-leg SGP (home win and Over 2.5) on the first pre-game soccer fixture (most bookmakers
 * first) where one bookmaker quotes both legs and another of its bookmakers quotes the home win
 * but has never quoted Over 2.5 (so that bookmaker's parlay misses exactly one leg).
 */
async function sgpWithMissingLeg(request: APIRequestContext): Promise<{ readonly legs: string[]; readonly view: WireView; readonly lacking: string }> {
  const over = await overTwoAndHalf(request);
  const candidates = (await quietSoccer(request)).slice(0, 20);
  const ids = candidates.map((f) => f.fixtureId).join(',');
  const views = await getJson<WireView[]>(request, `/en/fixtures/odds?fixtureIds=${ids}`);
  // With `since` REST lists inactive prices too (spec 4.3): a price absent from this listing was
  // never quoted, where the listing above leaves out one merely suspended now.
  const everQuoted = await getJson<WireView[]>(request, `/en/fixtures/odds?fixtureIds=${ids}&since=0`);
  for (const fixture of candidates) {
    const view = views.find((v) => v.fixtureId === fixture.fixtureId);
    const ever = everQuoted.find((v) => v.fixtureId === fixture.fixtureId);
    const bookmaker = fixture.bookmakers.find((bk) => activeLeg(view, bk, 101) && activeLeg(view, bk, over));
    const lacking = fixture.bookmakers.find(
      (bk) => activeLeg(view, bk, 101) !== undefined && !Object.keys(ever?.odds[bk] ?? {}).some((id) => id.endsWith(`:${String(over)}:0`)),
    );
    if (view !== undefined && bookmaker !== undefined && lacking !== undefined) {
      return { legs: [String(activeLeg(view, bookmaker, 101)), String(activeLeg(view, bookmaker, over))].sort(), view, lacking };
    }
  }
  throw new Error('no pre-game soccer fixture with a bookmaker quoting home win and Over 2.5 and another quoting the home win but never Over 2.5');
}

/** The raw `/fixtures/odds/sgp` answers for `legs` at every bookmaker, 10 bookmakers (20 oddsIds) a request. */
async function rawSgp(request: APIRequestContext, legs: readonly string[], bookmakers: readonly string[]): Promise<WireSgpView[]> {
  const answers: WireSgpView[] = [];
  for (let i = 0; i < bookmakers.length; i += 10) {
    const oddsIds = bookmakers.slice(i, i + 10).flatMap((bk) => legs.map((leg) => atBook(leg, bk)));
    answers.push(await getJson<WireSgpView>(request, `/en/fixtures/odds/sgp?oddsIds=${oddsIds.join(',')}`));
  }
  return answers;
}

/**
 * `stake` × `price` paid in pence, rounded half away from zero (docs/domain.md, ticket payout), by
 * hand in whole numbers: both have at most 2 decimals, so their product is a whole number of
 * ten-thousandths; + 50 then floor rounds a positive amount half up (away from zero).
 */
function payoutByHand(stake: number, price: number): string {
  const tenThousandths = Math.round(stake * 100) * Math.round(price * 100);
  const pence = Math.floor((tenThousandths + 50) / 100);
  return `${String(Math.floor(pence / 100))}.${String(pence % 100).padStart(2, '0')}`;
}

test.describe('a page an agent can read, at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a two-leg SGP marks the highest active SGP price of the raw answer best, and pays a stake of 10 by the written rule', async ({ page, request }) => {
    const { legs } = await sgpWithMissingLeg(request);
    await page.goto(`/parlay?slip=${encodeURIComponent(legs.join(','))}`);
    const table = page.getByRole('table', { name: 'Quotes by bookmaker' });
    await expect(table).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('td.quote-pending')).toHaveCount(0, { timeout: 15_000 });
    const bookmakers = await page.locator('tr[data-bookmaker]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bookmaker') ?? ''));

    // The test's own reading of the service: the highest ACTIVE SGP price of any bookmaker shown.
    const answers = await rawSgp(request, legs, bookmakers);
    const entries = bookmakers.flatMap((bk) => answers.map((a) => a.sgp[bk]?.[legs.map((leg) => atBook(leg, bk)).sort().join(',')]).filter((e) => e !== undefined).map((e) => ({ bk, ...e })));
    const active = entries.filter((e) => e.active);
    expect(active.length).toBeGreaterThan(1);
    const highest = Math.max(...active.map((e) => e.price));
    const bestBooks = active.filter((e) => e.price === highest).map((e) => e.bk).sort();

    // Marked best: exactly those books' SGP cells, with a visible badge read out as the best SGP price.
    const marked = page.locator('[data-testid="sgp-price"][data-best="true"]');
    await expect(marked).toHaveCount(bestBooks.length);
    const markedBooks = await marked.evaluateAll((cells) => cells.map((c) => c.closest('tr')?.getAttribute('data-bookmaker') ?? '').sort());
    expect(markedBooks).toEqual(bestBooks);
    expect(Number(await marked.first().getAttribute('data-price'))).toBe(highest);
    // Seen as a "Best" badge; read out as "Best SGP price".
    const badge = marked.first().locator('.best-badge');
    await expect(badge).toBeVisible();
    await expect(badge).toHaveText('Best SGP price');
    await expect(page.getByTestId('best-sgp')).toHaveAttribute('data-price', String(highest));

    // The payout of the best SGP for a stake of 10, and for 2.55 (where the half-penny rule matters).
    const bestRow = page.locator(`tr[data-bookmaker="${bestBooks[0] ?? ''}"]`);
    const stake = page.getByLabel('Stake', { exact: true });
    await stake.fill('10');
    await expect(bestRow.getByTestId('sgp-payout')).toHaveText(`${payoutByHand(10, highest)} GBP`);
    await stake.fill('2.55');
    await expect(bestRow.getByTestId('sgp-payout')).toHaveText(`${payoutByHand(2.55, highest)} GBP`);
    await expect(page.getByRole('columnheader', { name: 'SGP pays (GBP)' })).toBeVisible();

    // The limit with its unit, as the raw answer states it.
    const limited = active.find((e) => e.limit !== undefined);
    if (limited === undefined) throw new Error('no active SGP entry states a limit');
    await expect(page.locator(`tr[data-bookmaker="${limited.bk}"]`).getByTestId('limit')).toHaveText(`max stake ${String(limited.limit)}`);
    await expect(page.getByRole('columnheader', { name: 'Limit (max stake)' })).toBeVisible();

    // Every bookmaker by its display name from /bookmakers, not its slug.
    const names = new Map((await getJson<{ bookmaker: string; bookmakerName: string }[]>(request, '/en/bookmakers')).map((b) => [b.bookmaker, b.bookmakerName]));
    for (const bk of bookmakers) await expect(page.locator(`tr[data-bookmaker="${bk}"] th`)).toHaveText(names.get(bk) ?? '');

    // The page and its table span the window (the main column's padding and a scrollbar to spare),
    // not a narrow column: no empty band beside it, and nothing sticking out past the window.
    const section = await page.locator('.parlay-page').boundingBox();
    const box = await table.boundingBox();
    expect(section?.width ?? 0).toBeGreaterThan(1440 - 80);
    expect(box?.width ?? 0).toBeGreaterThanOrEqual((section?.width ?? 0) - 1);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1440);

    const results = await new AxeBuilder({ page }).include('.parlay-page').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  test('a stake of 0, a negative stake or text is refused by name, and no payout is shown', async ({ page, request }) => {
    const { legs } = await sgpWithMissingLeg(request);
    await page.goto(`/parlay?slip=${encodeURIComponent(legs.join(','))}`);
    await expect(page.locator('[data-testid="acc-payout"]').first()).toBeVisible({ timeout: 15_000 });
    const stake = page.getByLabel('Stake', { exact: true });
    for (const [typed, message] of [
      ['0', 'Stake: must be more than 0, got 0.'],
      ['-5', 'Stake: must be more than 0, got -5.'],
      ['ten', 'Stake: "ten" is not a number; type an amount such as 10 or 2.50.'],
    ] as const) {
      await stake.fill(typed);
      await expect(page.getByRole('alert').filter({ hasText: 'Stake:' })).toHaveText(message);
      await expect(stake).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('[data-testid="acc-payout"]')).toHaveCount(0);
    }
    await stake.fill('10');
    await expect(page.getByRole('alert').filter({ hasText: 'Stake:' })).toHaveCount(0);
    await expect(page.locator('[data-testid="acc-payout"]').first()).toBeVisible();
  });

  test('an inactive book says why in a few words with the whole reason on focus, and a missing leg is named in words', async ({ page, request }) => {
    const { legs, view, lacking } = await sgpWithMissingLeg(request);
    const over = await overMarket(request);
    await page.goto(`/parlay?slip=${encodeURIComponent(legs.join(','))}`);
    // Every row settled (an empty table has no pending cell either): a price, or why there is none.
    await expect(page.locator('[data-testid="sgp-price"]').first()).toBeVisible({ timeout: 15_000 });
    await expect(page.locator('td.quote-pending')).toHaveCount(0, { timeout: 15_000 });
    const bookmakers = await page.locator('tr[data-bookmaker]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-bookmaker') ?? ''));
    const answers = await rawSgp(request, legs, bookmakers);
    const unsupported = bookmakers.find((bk) => answers.some((a) => Object.values(a.sgp[bk] ?? {}).some((e) => e.meta?.inactiveReason === 'sgp_unsupported')));
    if (unsupported === undefined) throw new Error('no bookmaker of the fixture answers sgp_unsupported');

    // A few words in the cell; the long sentence is in no visible cell of the table.
    const cell = page.locator(`tr[data-bookmaker="${unsupported}"]`).getByTestId('sgp-price-inactive');
    const words = cell.locator('.quote-reason-short');
    await expect(words).toHaveText('no SGP on these legs');
    const tableText = await page.getByRole('table', { name: 'Quotes by bookmaker' }).innerText();
    expect(tableText).not.toContain('same-game parlay');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    // The whole reason: the words' accessible description, shown on keyboard focus.
    await expect(words).toHaveAccessibleDescription(/no same-game parlay on these legs.*sgp_unsupported/u);
    await words.focus();
    await expect(page.getByRole('tooltip')).toHaveText(/no same-game parlay on these legs/u);

    // The book that quotes no Over 2.5: its missing leg named by fixture, market and selection.
    const missingWords = page.locator(`tr[data-bookmaker="${lacking}"]`).getByTestId('acc-price-none').locator('.quote-reason-short');
    await expect(missingWords).toHaveText('1 of 2 legs not quoted');
    const fixtureName = `${view.participants.participant1Name} – ${view.participants.participant2Name}`;
    await expect(missingWords).toHaveAccessibleDescription(new RegExp(escapeRegExp(`${fixtureName} · ${over.marketName} · Over`), 'u'));
    await expect(missingWords).not.toHaveAccessibleDescription(/:\d+:0/u);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}
