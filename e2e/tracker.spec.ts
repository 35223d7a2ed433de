// The bet tracker in Chromium against the embedded service: a bet taken before kick-off at one
// book's price gets that book's kick-off close (worked out here from the raw history JSON), the
// CLV by the hand formula, the grade of /fixtures/settlement and the profit by hand; a bet taken
// after kick-off shows "no closing line". (A forgotten fixture's stored figures are covered by
// src/features/tracker/tracker-page.test.tsx: the page shows them without asking the service.)
// A bet is added from the odds screen's price peek, by keyboard on a desktop and by a tap on a phone.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { admin } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };

async function getJson(request: APIRequestContext, path: string): Promise<unknown> {
  const response = await request.get(path, { headers: KEY });
  expect(response.ok(), path).toBe(true);
  return response.json();
}

interface ClvPair {
  readonly clv: { readonly price: number; readonly active: boolean; readonly playerId: number };
}
interface HistoryPoint {
  readonly price: number;
  readonly active: boolean;
  readonly marketActive?: boolean;
  readonly changedAt: number;
}

/** Rounded half away from zero to one decimal, signed, as a person would write a CLV. */
function clvByHand(fraction: number): string {
  const tenths = Math.sign(fraction) * Math.round(Math.abs(fraction) * 1000);
  if (tenths === 0) return '0.0%';
  return `${tenths > 0 ? '+' : '-'}${(Math.abs(tenths) / 10).toFixed(1)}%`;
}

test('a bet taken before kick-off shows its book\'s kick-off close, CLV, grade and profit; one taken after kick-off has no closing line', async ({ page, request }) => {
  test.setTimeout(90_000);
  const pregame = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as { fixtureId: string; sportId: number; bookmakers: string[] }[]).filter(
    (f) => f.sportId === 10 && f.bookmakers.length >= 3,
  );
  const fixtureId = pregame[0]?.fixtureId;
  if (fixtureId === undefined) throw new Error('no quoted pre-game soccer fixture');
  const clv = (await getJson(request, `/en/fixtures/odds/clv?fixtureId=${fixtureId}`)) as { odds: Record<string, Record<string, ClvPair>> };
  const [bookmaker, byOdds] = Object.entries(clv.odds)[0] ?? [];
  const [oddsId, pair] = Object.entries(byOdds ?? {}).find(([, p]) => p.clv.active && p.clv.playerId === 0 && p.clv.price > 1.2) ?? [];
  if (bookmaker === undefined || oddsId === undefined || pair === undefined) throw new Error('no active price');
  const taken = pair.clv.price;

  await page.goto(`/tracker?oddsIds=${encodeURIComponent(oddsId)}&prices=${String(taken)}`);
  await page.getByLabel('Stake').fill('10');
  await page.getByRole('button', { name: 'Track this bet' }).click();
  await expect(page.getByText('Tracked the bet.')).toBeVisible();
  const rows = page.locator('.tracker-bets tbody tr');
  await expect(rows.nth(0).locator('[data-col="close"]')).toHaveText('closes at kick-off');

  const { trueStartTime } = (await admin(request, 'POST', '/admin/kickoff', { fixtureId })) as { trueStartTime: string };
  const kickoff = Date.parse(trueStartTime);
  // A bet taken in play.
  await page.getByLabel('oddsId (a parlay: several)').fill(oddsId);
  await page.getByLabel('Price taken (one per leg)').fill('2.5');
  await page.getByRole('button', { name: 'Track this bet' }).click();
  await expect(rows).toHaveCount(2);
  await admin(request, 'POST', '/admin/finish', { fixtureId });
  let settlement: { settledAt: number | null; selections: { selectionKey: string; grade: string }[] } = { settledAt: null, selections: [] };
  await expect
    .poll(async () => {
      settlement = (await getJson(request, `/en/fixtures/settlement?fixtureId=${fixtureId}`)) as typeof settlement;
      return settlement.selections.length;
    })
    .toBeGreaterThan(0);

  // The close by hand: the book's last active price at or before kick-off.
  const history = (await getJson(request, `/en/fixtures/odds/historical?fixtureId=${fixtureId}&oddsIds=${encodeURIComponent(oddsId)}`)) as {
    odds: Record<string, Record<string, Record<string, HistoryPoint>>>;
  };
  const before = Object.values(history.odds[bookmaker]?.[oddsId] ?? {}).filter((p) => p.changedAt <= kickoff && p.active && p.marketActive !== false);
  const close = before.reduce((a, b) => (b.changedAt > a.changedAt ? b : a)).price;
  const [, , outcomeId, playerId] = oddsId.split(':');
  const grade = settlement.selections.find((s) => s.selectionKey === `${fixtureId}:${outcomeId ?? ''}:${playerId ?? ''}`)?.grade;
  if (grade === undefined) throw new Error('the selection was not graded');

  await page.reload();
  const first = rows.nth(0);
  await expect(first.locator('[data-col="close"]')).toHaveText(close.toFixed(3));
  await expect(first.locator('[data-col="clv"]')).toHaveText(clvByHand(taken / close - 1));
  await expect(first.locator('[data-col="result"]')).toHaveText(grade);
  const profit: Record<string, string> = { won: (Math.round((10 * taken - 10) * 100) / 100).toFixed(2), lost: '-10.00', void: '0.00', push: '0.00' };
  if (profit[grade] !== undefined) await expect(first.locator('[data-col="profit"]')).toHaveText(profit[grade]);
  await expect(rows.nth(1).locator('[data-col="close"]')).toHaveText('no closing line');
});

test('CSV export then import gives the same list: a note starting with "=", commas, quotes, a newline, non-Latin text, a price of 1.005', async ({ page }) => {
  const header = 'betId,placedAt,stake,currency,note,oddsId,bookmaker,price,sport,label,close,closePrice,fairClosePrice,referenceClosePrice,noCloseReason,grade';
  // Written by hand: the note as a spreadsheet-safe cell (leading apostrophe), quoted, with "" and CRLF inside.
  const row = `b1,2026-11-20T12:00:00.000Z,10,GBP,"'=1+1, ""quoted""\r\n中文 ελληνικά",id1000000000000001:bet365:101:0,bet365,1.005,Football,Équipe,closed,1.004,,,,won`;
  const note = '=1+1, "quoted"\r\n中文 ελληνικά';
  await page.goto('/tracker');
  await page.getByLabel('Import CSV').setInputFiles({ name: 'bets.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${row}\r\n`) });
  await expect(page.getByText('Imported 1 bet.')).toBeVisible();
  const table = page.locator('.tracker-bets tbody');
  await expect(table.locator('.tracker-note')).toHaveJSProperty('textContent', note);
  await expect(table.locator('td', { hasText: '1.005' })).toHaveCount(1);
  const before = await table.innerHTML();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = await (await download).path();
  await page.evaluate(() => {
    window.localStorage.clear();
  });
  await page.reload();
  await expect(page.getByText('No bets tracked yet')).toBeVisible();
  await page.getByLabel('Import CSV').setInputFiles(exported);
  await expect(page.getByText('Imported 1 bet.')).toBeVisible();
  expect(await table.innerHTML()).toBe(before);
});

test('a CSV with a broken row is refused naming the row and field, and the stored bets are kept', async ({ page }) => {
  const header = 'betId,placedAt,stake,currency,note,oddsId,bookmaker,price,sport,label,close,closePrice,fairClosePrice,referenceClosePrice,noCloseReason,grade';
  const good = 'b1,2026-11-20T12:00:00.000Z,10,GBP,first,id1000000000000001:bet365:101:0,bet365,2.5,,,open,,,,,';
  const bad = 'b2,2026-11-20T12:00:00.000Z,10,GBP,second,id1000000000000001:bet365:101:0,bet365,0.9,,,open,,,,,';
  await page.goto('/tracker');
  await page.getByLabel('Import CSV').setInputFiles({ name: 'a.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${good}\r\n`) });
  await expect(page.getByText('Imported 1 bet.')).toBeVisible();
  await page.getByLabel('Import CSV').setInputFiles({ name: 'b.csv', mimeType: 'text/csv', buffer: Buffer.from(`${header}\r\n${bad}\r\n`) });
  await expect(page.getByText('Row 2, price: The price must be more than 1, got 0.9.')).toBeVisible();
  await expect(page.locator('.tracker-bets tbody tr')).toHaveCount(1);
  await expect(page.locator('.tracker-note')).toHaveText('first');
});

/** A pre-game soccer fixture the books quote. */
async function pregameFixture(request: APIRequestContext): Promise<string> {
  const pregame = (await admin(request, 'GET', '/admin/fixtures?status=0')) as { fixtureId: string; sportId: number; bookmakers: string[] }[];
  const fixtureId = pregame.find((f) => f.sportId === 10 && f.bookmakers.length >= 3)?.fixtureId;
  if (fixtureId === undefined) throw new Error('no quoted pre-game soccer fixture');
  return fixtureId;
}

/**
 * The tracker's form opened from the peek holds that price's oddsId and price; tracked, its row
 * shows that book, by the service's display name (the tracker's book column), and price.
 */
async function trackFromForm(page: Page, request: APIRequestContext, oddsId: string, price: string): Promise<void> {
  const slug = oddsId.split(':')[1] ?? '';
  const names = (await getJson(request, '/en/bookmakers')) as { bookmaker: string; bookmakerName: string }[];
  const bookName = names.find((b) => b.bookmaker === slug)?.bookmakerName ?? slug;
  await expect(page).toHaveURL(/\/tracker\?/u);
  await expect(page.getByLabel('oddsId (a parlay: several)')).toHaveValue(oddsId);
  await expect(page.getByLabel('Price taken (one per leg)')).toHaveValue(price);
  await page.getByRole('button', { name: 'Track this bet' }).click();
  await expect(page.getByText('Tracked the bet.')).toBeVisible();
  const row = page.locator('.tracker-bets tbody tr').first();
  await expect(row.locator('td').nth(2)).toHaveText(bookName);
  await expect(row.locator('td').nth(3)).toHaveText(Number(price).toFixed(3));
  await expect(row.locator('[data-col="close"]')).toHaveText('closes at kick-off');
}

test.describe('"Track this bet" from the odds screen\'s price peek', () => {
  // Frozen, the price read from the cell is the one the peek links to.
  test.beforeEach(async ({ request }) => {
    await admin(request, 'POST', '/admin/freeze');
  });
  test.afterEach(async ({ request }) => {
    await admin(request, 'POST', '/admin/resume');
  });

  test('by keyboard: Tab from a focused price reaches it; the tracker has no serious accessibility violations', async ({ page, request }) => {
    await page.goto(`/fixtures/${await pregameFixture(request)}`);
    const price = page.locator('button[data-odds-id][data-state="active"]').first();
    await expect(price).toBeVisible();
    const oddsId = (await price.getAttribute('data-odds-id')) ?? '';
    const shown = (await price.getAttribute('data-price')) ?? '';
    await price.focus();
    const link = page.getByRole('group', { name: /price details$/u }).getByRole('link', { name: 'Track this bet' });
    await page.keyboard.press('Tab');
    await expect(link).toBeFocused();
    await page.keyboard.press('Enter');
    await trackFromForm(page, request, oddsId, shown);
    const results = await new AxeBuilder({ page }).include('.tracker-page').analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
    expect(serious).toEqual([]);
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

    test('a tap on a price card opens its peek, and a tap on "Track this bet" opens the tracker with that price', async ({ page, request }) => {
      await page.goto(`/fixtures/${await pregameFixture(request)}`);
      await expect(page.locator('.odds-board.board-cards')).toBeVisible();
      const price = page.locator('button[data-odds-id][data-state="active"]').first();
      const oddsId = (await price.getAttribute('data-odds-id')) ?? '';
      const shown = (await price.getAttribute('data-price')) ?? '';
      await price.tap();
      const link = page.getByRole('group', { name: /price details$/u }).getByRole('link', { name: 'Track this bet' });
      await expect(link).toBeInViewport();
      await link.tap();
      await trackFromForm(page, request, oddsId, shown);
    });
  });
});
