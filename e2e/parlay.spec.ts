// The parlay page in real Chromium against the embedded service (simulation frozen so prices hold
// still): a cross-fixture accumulator shows at every bookmaker the price the service returns for
// that bookmaker's parlayId; a same-game parlay shows a correlated price unlike singlesPrice whose
// "why this price" breakdown recomposes it; a pasted unknown oddsId shows up as missing.
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
  readonly odds: Record<string, Record<string, WireEntry>>;
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

/** The outcomeId of Over 2.5 goals (full match) in the soccer catalogue. */
async function overTwoAndHalf(request: APIRequestContext): Promise<number> {
  const markets = await getJson<{ marketType: string; period: string; handicap: number; playerProp: boolean; outcomes: { outcomeId: number; outcomeName: string }[] }[]>(
    request,
    '/en/markets?sportId=10',
  );
  const market = markets.find((m) => m.marketType === 'totals' && m.period === 'result' && m.handicap === 2.5 && !m.playerProp);
  const over = market?.outcomes.find((o) => o.outcomeName === 'Over');
  if (over === undefined) throw new Error('no Over 2.5 market in the soccer catalogue');
  return over.outcomeId;
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
