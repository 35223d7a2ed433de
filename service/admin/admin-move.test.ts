// POST /admin/move end to end: the knob moves one market's price at the chosen books only, and a
// stream client and the REST odds both see exactly those books' prices move, by the points asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import { loginFrame, startStreamTestService, StreamClient, type TestService } from '../gateway/test-support.ts';
import type { MarketMoveResult } from '../sim/price-move.ts';
import { AdminClient } from '../testing/admin-client.ts';

const MARKET_ID = 101;

describe('POST /admin/move', () => {
  let t: TestService;
  let admin: AdminClient;
  let fixtureId = '';
  let books: string[] = [];

  /** The fixture's market-101 prices per bookmaker and oddsId, as the REST odds endpoint answers. */
  async function restPrices(): Promise<Map<string, Map<string, number>>> {
    const response = await fetch(`${t.service.url}/en/fixtures/odds?fixtureIds=${fixtureId}&bookmakers=${books.join(',')}`, { headers: { 'X-API-Key': 'demo-key' } });
    expect(response.status).toBe(200);
    const [view] = (await response.json()) as { odds: Record<string, Record<string, OddsEntry>> }[];
    const prices = new Map<string, Map<string, number>>();
    for (const [bookmaker, entries] of Object.entries(view?.odds ?? {})) {
      for (const [oddsId, entry] of Object.entries(entries)) {
        if (entry.marketId !== MARKET_ID || !entry.active) continue;
        const byOddsId = prices.get(bookmaker) ?? new Map<string, number>();
        byOddsId.set(oddsId, entry.price);
        prices.set(bookmaker, byOddsId);
      }
    }
    return prices;
  }

  beforeAll(async () => {
    // Ten-second ticks, so that settling every book onto an hourly requote takes few ticks.
    t = await startStreamTestService({ SIM_TICK_MS: '10000' });
    admin = new AdminClient(t.service.adminUrl, t.service.adminToken.token);
    const fixtures = await admin.json<{ fixtureId: string; sportId: number; bookmakers: string[] }[]>('GET', '/admin/fixtures?status=0');
    const soccer = fixtures.find((f) => f.sportId === 10 && f.bookmakers.length >= 5);
    if (soccer === undefined) throw new Error('no pre-game soccer fixture with 5 books');
    fixtureId = soccer.fixtureId;
    books = soccer.bookmakers;
    // Every book requotes once, then not for an hour: what moves after this is the knob alone.
    await admin.json('POST', '/admin/update-rate', { fixtureId, seconds: 3600 });
    await t.advance(130_000);
  }, 120_000);

  afterAll(async () => {
    await t.dispose();
  });

  it('moves the first outcome at exactly the chosen books, seen on the stream and by REST', async () => {
    const before = await restPrices();
    const quoting = books.filter((b) => (before.get(b)?.size ?? 0) === 3);
    expect(quoting.length).toBeGreaterThanOrEqual(4);
    const chosen = quoting.slice(0, 2);
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { fixtureIds: [fixtureId], bookmakers: books, channels: ['odds'] }));
    await client.control('login_ok');
    const seenBefore = client.data.length;

    const result = await admin.json<MarketMoveResult>('POST', '/admin/move', { fixtureId, marketId: MARKET_ID, bookmakers: chosen, byPoints: 4 });
    expect(result.outcomeId).toBe(101);
    expect(result.moved.map((m) => m.bookmaker)).toEqual(chosen);
    await t.advance(10_000);

    // REST: the chosen books moved, the others did not; the first outcome shortened by ~4 points
    // (the price is rounded to 2 decimals: within 0.5 points at these prices), the margin kept.
    const after = await restPrices();
    for (const bookmaker of quoting) {
      const was = [...(before.get(bookmaker)?.entries() ?? [])];
      const now = after.get(bookmaker);
      if (!chosen.includes(bookmaker)) {
        expect(now, bookmaker).toEqual(before.get(bookmaker));
        continue;
      }
      const first = was.find(([oddsId]) => oddsId.endsWith(':101:0'));
      const firstNow = now?.get(first?.[0] ?? '') ?? Number.NaN;
      expect(100 / firstNow - 100 / (first?.[1] ?? Number.NaN)).toBeCloseTo(4, 0);
      const margin = (prices: Iterable<number>): number => [...prices].reduce((sum, price) => sum + 1 / price, 0);
      expect(Math.abs(margin(now?.values() ?? []) - margin(was.map(([, price]) => price)))).toBeLessThan(0.01);
    }

    // The stream: the move's frames carry the new prices of exactly the chosen books.
    await client.until(() => client.data.length > seenBefore, 5_000, 'the moved prices');
    const streamed = new Map<string, number>();
    for (const frame of client.data.slice(seenBefore)) {
      if (frame.channel !== 'odds' || frame.payload.fixtureId !== fixtureId) continue;
      const odds = frame.payload.odds as Record<string, Record<string, OddsEntry>>;
      for (const [bookmaker, entries] of Object.entries(odds)) {
        for (const [oddsId, entry] of Object.entries(entries)) if (entry.marketId === MARKET_ID) streamed.set(`${bookmaker}|${oddsId}`, entry.price);
      }
    }
    const expected = new Map(chosen.flatMap((bookmaker) => [...(after.get(bookmaker)?.entries() ?? [])].map(([oddsId, price]): [string, number] => [`${bookmaker}|${oddsId}`, price])));
    expect(expected.size).toBe(6);
    expect(streamed).toEqual(expected);
    client.close();
  });

  it('moves a named outcome the other way', async () => {
    const result = await admin.json<MarketMoveResult>('POST', '/admin/move', { fixtureId, marketId: MARKET_ID, bookmakers: [books[0]], byPoints: -3, outcomeId: 103 });
    const moved = result.moved[0]?.prices.find((p) => p.outcomeId === 103);
    expect(moved).toBeDefined();
    expect(100 / (moved?.to ?? 1) - 100 / (moved?.from ?? 1)).toBeCloseTo(-3, 0);
  });

  it('refuses bad input with the admin error body, naming the field', async () => {
    const post = async (body: unknown): Promise<{ status: number; body: unknown }> => {
      const response = await admin.fetch('POST', '/admin/move', body);
      return { status: response.status, body: await response.json() };
    };
    const base = { fixtureId, marketId: MARKET_ID, bookmakers: [books[0]], byPoints: 2 };
    expect(await post({ ...base, bookmakers: [] })).toEqual({ status: 400, body: { error: 400, code: 'admin_error', message: '"bookmakers" must be an array of 1 to 50 bookmaker slugs' } });
    expect(await post({ ...base, bookmakers: [books[0], books[0]] })).toMatchObject({ status: 400, body: { message: '"bookmakers" names a bookmaker twice' } });
    expect(await post({ ...base, byPoints: 0 })).toMatchObject({ status: 400, body: { code: 'admin_error', message: expect.stringContaining('"byPoints"') as unknown } });
    expect(await post({ ...base, byPoints: '2' })).toMatchObject({ status: 400, body: { message: '"byPoints" must be a number' } });
    expect(await post({ ...base, marketId: 1.5 })).toMatchObject({ status: 400, body: { message: '"marketId" must be an integer' } });
    expect(await post({ ...base, fixtureId: 'id1000000000000' })).toMatchObject({ status: 404, body: { error: 404, code: 'knob_error' } });
    expect(await post({ ...base, marketId: 999_999 })).toMatchObject({ status: 400, body: { code: 'knob_error', message: expect.stringContaining('market 999999 is not offered') as unknown } });
    expect(await post({ ...base, outcomeId: 7 })).toMatchObject({ status: 400, body: { message: expect.stringContaining('outcome 7 is not an outcome of market 101') as unknown } });
    expect(await post({ ...base, bookmakers: ['nobook'] })).toMatchObject({ status: 400, body: { message: expect.stringContaining('bookmaker nobook does not quote') as unknown } });
    expect(await post({ ...base, byPoints: 99 })).toMatchObject({ status: 400, body: { message: expect.stringContaining('out of (0, 100) %') as unknown } });
  });
});
