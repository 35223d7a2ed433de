// Books react like books (issue 19), as a client of the real service sees them over REST: no
// book quotes in play from before the last goal, and a freshly seeded world opens without
// large arbitrage. Arbitrage is counted as the odds screen counts it (src/domain/odds-board-values.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoardLayout } from '../src/domain/odds-board-layout.ts';
import { marketValues, snapshotLookup, type BookStatus } from '../src/domain/odds-board-values.ts';
import { fixturesResponseSchema, mainOddsResponseSchema } from '../src/wire/rest-schemas.ts';
import { marketsResponseSchema, type Market } from '../src/wire/reference-schemas.ts';
import type { Service } from './service.ts';
import type { AdminClient } from './testing/admin-client.ts';
import { startTestService, type TestService } from './testing/test-service.ts';

// The benchmark key: exempt from rate limits, so a simulated second can be read at once.
const KEY = 'bench-key';
/** 1X2 and its home outcome in the catalogue. */
const MATCH_RESULT = 101;
const HOME = 101;
const TENNIS = 12;
/** Tennis set betting: the scores of a best of 3 and of a best of 5 in one market. */
const SET_BETTING = 1214;

describe('books react like books', () => {
  let testService: TestService;
  let service: Service;
  let admin: AdminClient;
  const catalogue = new Map<number, Market>();

  async function get(path: string): Promise<unknown> {
    const response = await fetch(`${service.url}/en${path}`, { headers: { 'X-API-Key': KEY } });
    expect(response.status).toBe(200);
    return response.json();
  }

  async function oddsOf(fixtureIds: readonly string[]) {
    return mainOddsResponseSchema.parse(await get(`/fixtures/odds?fixtureIds=${fixtureIds.join(',')}`));
  }

  async function learnMarkets(marketIds: Iterable<number>): Promise<void> {
    const missing = [...new Set(marketIds)].filter((id) => !catalogue.has(id));
    for (let i = 0; i < missing.length; i += 500) {
      const markets = marketsResponseSchema.parse(await get(`/markets?marketIds=${missing.slice(i, i + 500).join(',')}`));
      for (const market of markets) catalogue.set(market.marketId, market);
    }
  }

  beforeAll(async () => {
    testService = await startTestService({ env: { BENCHMARK: '1' } });
    ({ service, admin } = testService);
  }, 120_000);

  afterAll(async () => {
    await testService.dispose();
  });

  it('shows no arbitrage above 5 % in the first minute after a fresh seed', async () => {
    const live = fixturesResponseSchema.parse(await get('/fixtures?live=true')).map((f) => f.fixtureId);
    expect(live.length).toBeGreaterThan(0);
    let worst = 0;
    let where = '';
    for (let second = 0; second < 60; second++) {
      for (const view of await oddsOf(live)) {
        await learnMarkets(Object.values(view.odds).flatMap((entries) => Object.values(entries).map((e) => e.marketId)));
        const layout = buildBoardLayout({ fixtureId: view.fixtureId, odds: view.odds, markets: catalogue, bookmakers: view.bookmakers });
        const bookStatus = new Map<string, BookStatus>(
          Object.entries(view.bookmakers).map(([slug, meta]) => [slug, { suspended: meta.suspended, stale: meta.staleOdds }]),
        );
        // The screen's defaults: stale books excluded, exchanges net of DEFAULT_COMMISSION.
        const lookup = snapshotLookup(view.odds);
        for (const key of layout.markets.keys()) {
          const profit = marketValues(layout, key, lookup, { method: 'multiplicative', bookStatus, range: false }).arbitrage?.profitRatio ?? 0;
          if (profit > worst) {
            worst = profit;
            where = `${view.fixtureId} ${key} at +${String(second)} s`;
          }
        }
      }
      service.simulator.advance(1000);
    }
    expect(worst, where).toBeLessThanOrEqual(0.05);
  }, 120_000);

  it('quotes only the set scores a tennis match\'s format allows (best of 3: no 3:0 … 2:3)', async () => {
    // Set betting lists both formats' scores; a best-of-3 match once quoted the best-of-5 ones at
    // each book's longest price (six 1001.00s at one book), which every scanner read as +EV.
    const tennis = (await admin.json<{ fixtureId: string; sportId: number }[]>('GET', '/admin/fixtures?status=0')).filter((f) => f.sportId === TENNIS).map((f) => f.fixtureId);
    expect(tennis.length).toBeGreaterThan(0);
    await learnMarkets([SET_BETTING]);
    const names = new Map(catalogue.get(SET_BETTING)?.outcomes.map((o) => [o.outcomeId, o.outcomeName]));
    let markets = 0;
    const mixed: string[] = [];
    for (let i = 0; i < tennis.length; i += 50) {
      for (const view of await oddsOf(tennis.slice(i, i + 50))) {
        for (const [slug, entries] of Object.entries(view.odds)) {
          const scores = Object.values(entries).filter((e) => e.marketId === SET_BETTING && e.active).map((e) => names.get(e.outcomeId) ?? '?');
          if (scores.length === 0) continue;
          markets += 1;
          // The winner's sets: 2 in every score of a best-of-3, 3 in every score of a best-of-5.
          const winnerSets = new Set(scores.map((score) => Math.max(...score.split(':').map(Number))));
          if (winnerSets.size !== 1) mixed.push(`${view.fixtureId} ${slug}: ${scores.join(' ')}`);
        }
      }
    }
    expect(markets).toBeGreaterThan(0);
    expect(mixed.slice(0, 3)).toEqual([]);
  }, 120_000);

  it('after a goal forced with the admin knob, no book shows a price from before the goal', async () => {
    const pregame = await admin.json<{ fixtureId: string; sportId: number; bookmakers: string[] }[]>('GET', '/admin/fixtures?status=0');
    const fixture = pregame.filter((f) => f.sportId === 10).sort((a, b) => b.bookmakers.length - a.bookmakers.length)[0];
    const fixtureId = fixture?.fixtureId ?? '';
    await admin.json('POST', '/admin/kickoff', { fixtureId });
    // Every book, however slow, requotes in play at 0-0 first.
    service.simulator.advance(40_000);
    const homeProb = async (): Promise<Map<string, { prob: number; changedAt: number; active: boolean }>> => {
      const [view] = await oddsOf([fixtureId]);
      const result = new Map<string, { prob: number; changedAt: number; active: boolean }>();
      for (const [slug, entries] of Object.entries(view?.odds ?? {})) {
        const suspended = view?.bookmakers[slug]?.suspended === true;
        for (const entry of Object.values(entries)) {
          if (entry.marketId !== MATCH_RESULT || entry.outcomeId !== HOME) continue;
          result.set(slug, { prob: 1 / entry.price, changedAt: entry.changedAt, active: entry.active && entry.marketActive && !suspended });
        }
      }
      return result;
    };
    const before = (await homeProb()).get('pinnacle');
    expect(before?.active).toBe(true);
    await admin.json('POST', '/admin/goal', { fixtureId, side: 1 });
    const goalMs = service.simulator.now();
    const seen: { slug: string; second: number; prob: number; changedAt: number }[] = [];
    for (let second = 1; second <= 40; second++) {
      service.simulator.advance(1000);
      for (const [slug, quote] of await homeProb()) if (quote.active) seen.push({ slug, second, prob: quote.prob, changedAt: quote.changedAt });
    }
    const after = (await homeProb()).get('pinnacle');
    expect(after?.active).toBe(true);
    const p0 = before?.prob ?? 0;
    const p1 = after?.prob ?? 0;
    // An early home goal makes the home win far likelier: the sharp line moved by points.
    expect(p1 - p0).toBeGreaterThan(0.1);
    expect(seen.length).toBeGreaterThan(0);
    // A live price after the goal is repriced after it, and already knows it: nearer the sharp
    // book's post-goal line than its pre-goal one (book noise and margins are a few points).
    const fromBefore = seen.filter((q) => q.changedAt < goalMs || q.prob < (p0 + p1) / 2);
    expect(fromBefore).toEqual([]);
  }, 120_000);
});
