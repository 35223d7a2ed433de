// The board at a past moment in real Chromium against the embedded service: `/fixtures/:id?at=T`
// shows, for every book of the 1X2 market, the price and state that the raw recorded history says
// were in force at T — one book suspended by the admin knob at T (and active again since) included;
// a past price opens the ticket check at T; the live board leads to a past moment and back.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin, kickOffSoccer } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };

interface Row {
  readonly bookmaker: string;
  readonly outcomeId: number;
  readonly price: number;
  readonly active: boolean;
  readonly marketActive: boolean;
  readonly changedAt: number;
}

type History = { readonly odds: Record<string, Record<string, Record<string, Row>>> };

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: KEY });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test('the board at a past moment shows each 1X2 price and state that history says were in force then', async ({ page, request }) => {
  const fixture = await kickOffSoccer(request);
  const markets = await getJson<{ marketId: number; marketType: string; period: string; outcomes: { outcomeId: number }[] }[]>(request, '/en/markets?sportId=10');
  const oneX2 = markets.find((m) => m.marketType === '1x2' && m.period === 'result');
  if (oneX2 === undefined) throw new Error('the soccer catalogue has no 1X2 market');
  const suspended = fixture.bookmakers[0] ?? '';
  // The 1X2 prices of every book of the fixture: 3 × 16 oddsIds, one request.
  const oddsIds = fixture.bookmakers.flatMap((book) => oneX2.outcomes.map((o) => `${fixture.fixtureId}:${book}:${String(o.outcomeId)}:0`));
  const historyPath = `/en/fixtures/odds/historical?fixtureId=${fixture.fixtureId}&oddsIds=${oddsIds.join(',')}`;

  const suspend = (on: boolean) => admin(request, 'POST', '/admin/suspend', { fixtureId: fixture.fixtureId, bookmaker: suspended, marketId: oneX2.marketId, on });
  // Whether the suspended book's latest recorded 1X2 row has its market active.
  const lastMarketActive = async () => {
    const rows = Object.values((await getJson<History>(request, historyPath)).odds[suspended] ?? {}).flatMap((byTime) => Object.values(byTime));
    return rows.sort((a, b) => b.changedAt - a.changedAt)[0]?.marketActive;
  };
  await suspend(true);
  try {
    // The suspension is recorded at the book's next quote: wait for its rows, then pick T.
    await expect.poll(lastMarketActive, { timeout: 15_000 }).toBe(false);
    await page.waitForTimeout(1_000);
    const at = Date.now();
    // Lifted before the page opens: the board must show T's suspension, not the book's state now.
    await suspend(false);
    await expect.poll(lastMarketActive, { timeout: 15_000 }).toBe(true);
    const history = await getJson<History>(request, historyPath);

    await page.goto(`/fixtures/${fixture.fixtureId}?at=${new Date(at).toISOString()}`);
    await expect(page.getByTestId('past-banner')).toContainText('— historical');
    await expect(page.getByRole('grid', { name: 'Odds by bookmaker' })).toBeVisible();

    let checked = 0;
    for (const oddsId of oddsIds) {
      const bookmaker = oddsId.split(':')[1] ?? '';
      // The expectation, from the raw rows: the last one recorded at or before T.
      const inForce = Object.values(history.odds[bookmaker]?.[oddsId] ?? {})
        .filter((row) => row.changedAt <= at)
        .sort((a, b) => b.changedAt - a.changedAt)[0];
      const cell = page.locator(`[data-odds-id="${oddsId}"]`);
      if (inForce === undefined) {
        await expect(cell).toHaveCount(0);
        continue;
      }
      const state = !inForce.marketActive ? 'market-suspended' : !inForce.active ? 'inactive' : 'active';
      if (bookmaker === suspended) expect(state, `${oddsId} was suspended at T`).toBe('market-suspended');
      await expect(cell, oddsId).toHaveAttribute('data-price', String(inForce.price));
      await expect(cell, oddsId).toHaveAttribute('data-state', state);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3 * 2);

    // A past price goes to the ticket check at T, never to the slip.
    const leg = oddsIds.find((id) => id.split(':')[1] === suspended) ?? '';
    await page.locator(`[data-odds-id="${leg}"]`).click();
    await page.getByRole('dialog', { name: 'A past price' }).getByRole('link', { name: /^Check this ticket at / }).click();
    await expect(page).toHaveURL(/\/settlement\?/);
    const params = new URL(page.url()).searchParams;
    expect([params.get('q'), params.get('at'), params.get('book')]).toEqual([leg, new Date(at).toISOString(), suspended]);
    const placedAt = await page.evaluate((ms) => {
      const d = new Date(ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
    }, at);
    await expect(page.getByLabel(/^Placed at/)).toHaveValue(placedAt);

    // The live board leads there: a second ago, then "back to live" drops the moment again.
    await page.goto(`/fixtures/${fixture.fixtureId}`);
    await page.getByRole('button', { name: 'The board at a past moment' }).click();
    await expect(page.getByTestId('past-banner')).toContainText('— historical');
    expect(new URL(page.url()).searchParams.has('at')).toBe(true);
    await page.getByRole('link', { name: 'Back to live' }).click();
    await expect(page.getByTestId('past-banner')).toHaveCount(0);
    expect(new URL(page.url()).searchParams.has('at')).toBe(false);
  } finally {
    await suspend(false);
  }
});
