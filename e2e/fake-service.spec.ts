// The dashboard against a second service: the strict fake of e2e/fake-v5/ (its own ids, an
// unknown bookmaker `northbet`, no extension endpoints, 403 for ids outside its key, history rows
// without `limit`, /sports without `sportSlug`, json only on the stream, no settlement).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const FAKE = `http://127.0.0.1:${String(port + 2)}`;
const CONTROL = `http://127.0.0.1:${String(port + 3)}`;
const FAKE_KEY = 'fake-key';
const EMBEDDED_KEY = { 'X-API-Key': 'demo-key' };

interface FakeFixture {
  readonly fixtureId: string;
  readonly status: { readonly live: boolean; readonly statusId: number };
}

/** Every request the fake received since the last clear: `<status> GET <path?query>` and `WS <login frame without key>`. */
async function fakeRequests(request: APIRequestContext): Promise<string[]> {
  return (await (await request.get(`${CONTROL}/requests`)).json()) as string[];
}

async function clearFakeRequests(request: APIRequestContext): Promise<void> {
  await request.delete(`${CONTROL}/requests`);
}

async function fakeFixtures(request: APIRequestContext): Promise<FakeFixture[]> {
  return (await (await request.get(`${FAKE}/en/fixtures`, { headers: { 'X-API-Key': FAKE_KEY } })).json()) as FakeFixture[];
}

/** Settings and slip as the dashboard stores them, written before its scripts run. */
async function storeBeforeLoad(page: Page, settings: Record<string, unknown>, slipLegs: readonly string[] = []): Promise<void> {
  await page.addInitScript(
    ([s, legs]) => {
      if (sessionStorage.getItem('stored-once') !== null) return;
      sessionStorage.setItem('stored-once', '1');
      localStorage.setItem('odds-explorer.settings.v1', JSON.stringify({ state: s, version: 1 }));
      localStorage.setItem('odds-explorer.slip.v1', JSON.stringify({ state: { legs }, version: 1 }));
    },
    [settings, slipLegs] as const,
  );
}

/** Opens the dashboard on the fake, as a user who saved its URL and key. */
async function onFake(page: Page): Promise<void> {
  await storeBeforeLoad(page, { baseUrl: FAKE, apiKey: FAKE_KEY });
}

test('switching from the embedded service to the fake sends the fake no id of the embedded service', async ({ page, request }) => {
  // The embedded service's world: its fixtures, one of its prices in the slip, a sport and a
  // bookmaker the fake does not have chosen in the settings.
  const embedded = (await (await request.get('/en/fixtures', { headers: EMBEDDED_KEY })).json()) as (FakeFixture & { sport: { sportId: number } })[];
  const open = embedded.find((f) => f.status.statusId === 0 || f.status.statusId === 1);
  expect(open, 'the embedded service has an open fixture').toBeDefined();
  const odds = (await (await request.get(`/en/fixtures/odds?fixtureIds=${open?.fixtureId ?? ''}`, { headers: EMBEDDED_KEY })).json()) as {
    odds: Record<string, Record<string, unknown>>;
  }[];
  const oldLeg = Object.keys(Object.values(odds[0]?.odds ?? {})[0] ?? {})[0] ?? '';
  expect(oldLeg).not.toBe('');
  const oldSport = open?.sport.sportId ?? 0;
  await storeBeforeLoad(page, { baseUrl: `http://127.0.0.1:${String(port)}`, apiKey: null, sportIds: [oldSport], bookmakers: ['pinnacle'] }, [oldLeg]);
  await page.goto('/fixtures');
  await expect(page.getByRole('grid', { name: 'Fixtures' }).getByRole('link').first()).toBeVisible({ timeout: 15_000 });
  // Let the stream worker fill its book with the embedded service's fixtures.
  await page.waitForTimeout(3_000);
  const fakeIds = new Set((await fakeFixtures(request)).map((f) => f.fixtureId));
  await clearFakeRequests(request);

  // In-app navigation only: a reload would start a new stream worker with an empty book.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Service base URL').fill(FAKE);
  await page.getByLabel('API key').fill(FAKE_KEY);
  await page.getByRole('button', { name: 'Save' }).click();
  for (const name of ['Overview', 'Fixtures', 'Parlay']) {
    await nav.getByRole('link', { name }).click();
    await page.waitForTimeout(1_500);
  }
  // Long enough for the stream worker's re-snapshot after its login to the fake.
  await page.waitForTimeout(3_000);

  const lines = await fakeRequests(request);
  expect(lines.some((l) => l.includes(' /en/fixtures')), `the dashboard asked the fake for fixtures: ${lines.join('\n')}`).toBe(true);
  const oldIds = embedded.map((f) => f.fixtureId).filter((id) => !fakeIds.has(id));
  const carryingOld = lines.filter((line) => oldIds.some((id) => line.includes(id)) || line.includes(oldLeg));
  expect(carryingOld, 'requests carrying an id of the embedded service').toEqual([]);
  expect(lines.filter((l) => l.startsWith('403 ')), 'requests the fake refused as outside the key').toEqual([]);
  for (const line of lines) {
    const sportIds = /[?&]sportId=(\d+)/u.exec(line)?.[1];
    if (sportIds !== undefined) expect(sportIds, line).toBe('10');
    if (line.startsWith('WS ')) {
      const login = JSON.parse(line.slice(3)) as { sportIds?: number[] };
      expect(login.sportIds ?? [], line).not.toContain(oldSport === 10 ? -1 : oldSport);
    }
  }
});

test('Test connection against the fake says it is connected', async ({ page }) => {
  await page.goto('/settings');
  await page.getByLabel('Service base URL').fill(FAKE);
  await page.getByLabel('API key').fill(FAKE_KEY);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Connected: the key sees 1 sport/u })).toBeVisible();
});

test('against the fake, the history chart of a finished fixture draws every bookmaker', async ({ page, request }) => {
  await onFake(page);
  const finished = (await fakeFixtures(request)).find((f) => f.status.statusId === 2);
  await page.goto(`/fixtures/${finished?.fixtureId ?? ''}/history`);
  const chart = page.getByRole('figure', { name: /^Line movement of / });
  await expect(chart).toBeVisible({ timeout: 15_000 });
  await expect(chart.locator('.line-chart-plot .recharts-line')).toHaveCount(3);
  await expect(chart.getByRole('group', { name: /Series/u })).toContainText('northbet');
});

test('against the fake, the catalogue lists its markets', async ({ page }) => {
  await onFake(page);
  await page.goto('/markets');
  const names = page.locator('.market-row:not(.market-head)');
  await expect(names.filter({ hasText: 'Match Result' })).toHaveCount(1, { timeout: 15_000 });
  await expect(names.filter({ hasText: 'Total Goals 2.5' })).toHaveCount(1);
  await expect(names.filter({ hasText: 'Total Goals 3.5' })).toHaveCount(1);
});

test('against the fake, a live fixture\'s prices stream with no stale mark', async ({ page, request }) => {
  await onFake(page);
  const live = (await fakeFixtures(request)).find((f) => f.status.live);
  await page.goto(`/fixtures/${live?.fixtureId ?? ''}`);
  const board = page.getByRole('grid', { name: 'Odds by bookmaker' });
  await expect(board).toBeVisible({ timeout: 15_000 });
  await expect(board.locator('[role="columnheader"][data-bookmaker="northbet"]')).toBeVisible();
  // The fake moves a price of every bookmaker every 500 ms: the board's prices change.
  const prices = () => board.locator('[data-odds-id] .odds-value').allTextContents();
  const before = (await prices()).join('|');
  await expect.poll(async () => (await prices()).join('|'), { timeout: 10_000 }).not.toBe(before);
  // Past the fake's 5 s live bound with its metas unchanged since start-up: prices keep moving, so nothing is stale.
  await page.waitForTimeout(6_000);
  await expect(board.getByText('stale', { exact: true })).toHaveCount(0);
  await expect(board.locator('[role="columnheader"]').filter({ hasText: '⚠' })).toHaveCount(0);
});

test('against the fake, the live list and In play now hold only live fixtures', async ({ page, request }) => {
  await onFake(page);
  const fixtures = await fakeFixtures(request);
  const liveHrefs = fixtures.filter((f) => f.status.live).map((f) => `/fixtures/${f.fixtureId}`).sort();
  await page.goto('/');
  const inPlay = page.getByRole('region', { name: 'In play now' }).getByRole('table').getByRole('link');
  await expect(inPlay).toHaveCount(liveHrefs.length, { timeout: 15_000 });
  expect((await inPlay.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).sort()).toEqual(liveHrefs);

  await page.goto('/fixtures?live=true');
  const rows = page.getByRole('grid', { name: 'Fixtures' }).getByRole('link');
  await expect(rows).toHaveCount(liveHrefs.length, { timeout: 15_000 });
  expect((await rows.evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))).sort()).toEqual(liveHrefs);
});

/** Switches endpoints of the fake off (404, not offered) until the next call; [] restores them. */
async function switchOff(request: APIRequestContext, endpoints: readonly string[]): Promise<void> {
  const response = await request.put(`${CONTROL}/not-offered`, { data: endpoints });
  expect(response.status(), await response.text()).toBe(200);
}

test('against the fake, each page names in one line what is not offered and shows the rest', async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await onFake(page);
  const fixtures = await fakeFixtures(request);
  const live = fixtures.filter((f) => f.status.live);
  const finished = fixtures.find((f) => f.status.statusId === 2);
  const line = page.getByRole('status', { name: 'Not offered by this service' });

  // Fixture page: the odds board, and the extras the fake lacks named in the page's one line.
  await page.goto(`/fixtures/${live[0]?.fixtureId ?? ''}`);
  await expect(page.getByRole('grid', { name: 'Odds by bookmaker' })).toBeVisible({ timeout: 15_000 });
  await expect(line).toHaveCount(1);
  for (const endpoint of ['/fixtures/injuries', '/fixtures/lineups', '/fixtures/stats', '/mapping/fixtures']) {
    await expect(line.locator(`[data-endpoint="${endpoint}"]`)).toBeVisible();
  }
  await expect(line).toContainText('injuries');
  await expect(line.locator('[data-endpoint="/fixtures/odds"]')).toHaveCount(0);

  // Fixtures list: everything it uses is offered, so no line.
  await page.goto('/fixtures');
  await expect(page.getByRole('grid', { name: 'Fixtures' }).getByRole('link')).toHaveCount(fixtures.length, { timeout: 15_000 });
  await expect(line).toHaveCount(0);

  // Line movement with the history endpoint switched off: named; the opening and closing lines stay.
  await switchOff(request, ['/fixtures/odds/historical']);
  try {
    await page.goto(`/fixtures/${finished?.fixtureId ?? ''}/history`);
    await expect(line.locator('[data-endpoint="/fixtures/odds/historical"]')).toBeVisible({ timeout: 15_000 });
    await expect(line).toContainText('line movement');
    // The spec's opening and last-before-settlement prices stay; each kick-off close says why it is missing.
    const closing = page.getByRole('region', { name: /^Closing lines of / });
    await expect(closing).toBeVisible();
    await expect(closing.locator('td.kickoff-close').first()).toContainText('the service keeps no price history');
    await expect(closing.locator('td.last-before-settlement').first()).toHaveText(/\d/u);
  } finally {
    await switchOff(request, []);
  }

  // Markets: the catalogue, nothing missing.
  await page.goto('/markets');
  await expect(page.locator('.market-row:not(.market-head)').filter({ hasText: 'Match Result' })).toHaveCount(1, { timeout: 15_000 });
  await expect(line).toHaveCount(0);

  // Parlay: two legs of one fixture ask the SGP endpoint, which answers 501: named; the
  // accumulator quotes stay.
  const sameGame = [`${live[0]?.fixtureId ?? ''}:northbet:1001:0`, `${live[0]?.fixtureId ?? ''}:northbet:1004:0`];
  await page.goto(`/parlay?slip=${encodeURIComponent(sameGame.join(','))}`);
  await expect(page.getByRole('table', { name: 'Quotes by bookmaker' })).toBeVisible({ timeout: 15_000 });
  await expect(line.locator('[data-endpoint="/fixtures/odds/sgp"]')).toBeVisible({ timeout: 15_000 });
  await expect(line).toContainText('same-game parlay prices');

  // Futures: the outright is listed; its page names the CLV it lacks and shows the prices.
  await page.goto('/futures');
  await expect(page.getByRole('link', { name: /Northern League/u }).first()).toBeVisible({ timeout: 15_000 });
  await expect(line).toHaveCount(0);
  await page.getByRole('link', { name: /Northern League/u }).first().click();
  await expect(page.getByRole('table', { name: 'Prices per participant and bookmaker' })).toBeVisible({ timeout: 15_000 });
  await expect(line.locator('[data-endpoint="/futures/odds/clv"]')).toBeVisible();

  // Settlement: named; the leg is graded here from the final score.
  await page.goto(`/settlement?q=${encodeURIComponent(`${finished?.fixtureId ?? ''}:northbet:1001:0`)}`);
  await expect(line.locator('[data-endpoint="/fixtures/settlement"]')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('leg-grade')).toHaveAttribute('data-graded-here', 'true');

  // Settings: the unknown bookmaker is offered by its slug; nothing missing.
  await page.goto('/settings');
  await expect(page.getByText('northbet').first()).toBeVisible({ timeout: 15_000 });
  await expect(line).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('against the fake, which offers no settlement, a finished fixture\'s legs are graded here from its final score', async ({ page, request }) => {
  await onFake(page);
  const finished = (await (await request.get(`${FAKE}/en/fixtures`, { headers: { 'X-API-Key': FAKE_KEY } })).json()) as (FakeFixture & {
    scores: { result?: { participant1Score: number; participant2Score: number } };
  })[];
  const fixture = finished.find((f) => f.status.statusId === 2 && f.scores.result !== undefined);
  const result = fixture?.scores.result;
  expect(result, 'the fake has a finished fixture with a result').toBeDefined();
  const home = result?.participant1Score ?? 0;
  const away = result?.participant2Score ?? 0;
  // 1X2 on the result row, by hand: outcome 1001 is "1" (home), 1002 "X", 1003 "2".
  const expected = (outcome: '1' | 'X' | '2') => ((outcome === '1' ? home > away : outcome === '2' ? away > home : home === away) ? 'won' : 'lost');
  const legs = [`${fixture?.fixtureId ?? ''}:northbet:1001:0`, `${fixture?.fixtureId ?? ''}:pinnacle:1002:0`];
  await page.goto(`/settlement?q=${encodeURIComponent(legs.join(','))}`);
  await expect(page.getByRole('region', { name: /^Result of / })).toContainText('graded here from the final score: the service offers no settlement', { timeout: 15_000 });
  const grade = (leg: string) => page.locator(`tr[data-leg="${leg}"] [data-testid="leg-grade"]`);
  await expect(grade(legs[0] ?? '')).toHaveAttribute('data-grade', expected('1'));
  await expect(grade(legs[1] ?? '')).toHaveAttribute('data-grade', expected('X'));
  await expect(grade(legs[0] ?? '')).toContainText('graded here');
  await expect(page.getByRole('status', { name: 'Not offered by this service' })).toContainText('settlement');
});

test("a spec-only service: the future's page shows its prices and history, and 'not offered' only where an endpoint is missing", async ({ page }) => {
  await onFake(page);
  await page.goto('/futures');
  const table = page.getByRole('table', { name: 'Futures' });
  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/futures\/[^/?]+/u);
  // /futures/odds/clv is not offered: its section says so, the rest of the page is there.
  await expect(page.getByRole('table', { name: 'Prices per participant and bookmaker' }).locator('td[data-odds-id]').first()).toHaveText(/\d/u);
  await expect(page.getByRole('figure', { name: /^Price history at / })).toBeVisible();
  await expect(page.getByText('Not offered by this service: /futures/odds/clv')).toBeVisible();

  await page.goto('/futures?state=finished');
  await expect(page.getByText('Not offered by this service: /futures')).toBeVisible();
});
