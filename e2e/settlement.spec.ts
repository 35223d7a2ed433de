// The settlement lookup in real Chromium against the embedded service: a settled selection of a
// finished fixture shows the service's grade and rule, and the payout of a stake at the price in
// force at the chosen moment; a malformed id is refused by name.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin } from './admin.ts';

const KEY = { 'X-API-Key': 'demo-key' };

interface Selection {
  readonly selectionKey: string;
  readonly grade: string;
  readonly rule: string;
  readonly score: unknown;
}
interface Recorded {
  readonly price: number;
  readonly changedAt: number;
}

async function getJson<T>(request: APIRequestContext, url: string): Promise<T> {
  const response = await request.get(url, { headers: KEY });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** A won selection of a finished fixture with recorded prices at some bookmaker: its oddsId and history. */
async function wonLeg(request: APIRequestContext) {
  const finished = (await admin(request, 'GET', '/admin/fixtures?status=2')) as { fixtureId: string; sportId: number; startTime: number }[];
  const bookmakers = (await getJson<{ bookmaker: string }[]>(request, '/en/bookmakers')).map((b) => b.bookmaker);
  for (const fixture of finished.filter((f) => f.sportId === 10).slice(0, 5)) {
    const settlement = await getJson<{ settledAt: number | null; selections: Selection[] }>(request, `/en/fixtures/settlement?fixtureId=${fixture.fixtureId}`);
    if (settlement.settledAt === null) continue;
    const won = settlement.selections.filter((s) => s.grade === 'won' && s.score !== null);
    for (const bookmaker of bookmakers.slice(0, 4)) {
      const history = await getJson<{ odds: Record<string, Record<string, Record<string, Recorded>>> }>(
        request,
        `/en/fixtures/odds/historical?fixtureId=${fixture.fixtureId}&bookmakers=${bookmaker}`,
      );
      for (const selection of won) {
        const [fixtureId, outcomeId, playerId] = selection.selectionKey.split(':');
        const oddsId = `${String(fixtureId)}:${bookmaker}:${String(outcomeId)}:${String(playerId)}`;
        const recorded = Object.values(history.odds[bookmaker]?.[oddsId] ?? {}).sort((a, b) => a.changedAt - b.changedAt);
        if (recorded.length > 0) return { fixture, selection, oddsId, recorded };
      }
    }
  }
  throw new Error('no won selection with recorded prices on a finished soccer fixture');
}

test('a settled selection shows the service grade, its rule and the payout at the price in force', async ({ page, request }) => {
  const { fixture, selection, oddsId, recorded } = await wonLeg(request);
  await page.goto(`/settlement?q=${encodeURIComponent(oddsId)}`);
  await expect(page.getByTestId('scores').first()).toBeVisible({ timeout: 15_000 });
  const grade = page.getByTestId('leg-grade');
  await expect(grade).toHaveAttribute('data-grade', selection.grade);
  await expect(page.getByTestId('leg-rule')).toHaveText(selection.rule);

  // The default moment is the fixture's start: the price a pre-match bet was taken at.
  const inForce = recorded.filter((r) => r.changedAt <= fixture.startTime * 1000).at(-1);
  const price = inForce?.price ?? 2.5;
  if (inForce === undefined) await page.getByLabel(`Price taken for ${oddsId}`).fill('2.5');
  const payout = page.getByTestId('payout');
  await expect(payout).toBeVisible();
  expect(Number(await payout.getAttribute('data-payout'))).toBeCloseTo(10 * price, 9);
  await expect(payout).toContainText(`won: pays ${(10 * price).toFixed(2)} GBP`);

  await page.getByLabel('Stake').fill('4');
  await expect(payout).toContainText(`pays ${(4 * price).toFixed(2)} GBP`);

  // A price taken below 1 is a typing slip: named at the leg, and no payout is shown on it.
  await page.getByLabel(`Price taken for ${oddsId}`).fill('0.5');
  await expect(page.getByRole('alert').filter({ hasText: /^ ?Price taken for/ })).toContainText(`Price taken for ${oddsId}: "0.5" is not a decimal price above 1.00.`);
  await expect(payout).toBeHidden();
  await page.getByLabel(`Price taken for ${oddsId}`).fill('3');
  await expect(payout).toContainText(`pays ${(4 * 3).toFixed(2)} GBP`);
});

test('a malformed id is refused by name', async ({ page }) => {
  await page.goto('/settlement?q=id1000001761301227%3Abet365%3A9999%3A0');
  await expect(page.getByRole('alert')).toContainText('9999');
});
