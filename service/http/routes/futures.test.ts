// The futures endpoints through real HTTP on a freshly seeded service (SEED_PAST_DAYS=1, frozen
// at its start): /futures (every future by state, our extension), its errors and entitlements,
// the seeded futures history before the process started, and the close of a settled future.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorBodySchema,
  futureClvResponseSchema,
  futureHistoricalOddsResponseSchema,
  futuresResponseSchema,
  liveFuturesResponseSchema,
  type Future,
} from '../../../src/wire/rest-schemas.ts';
import { TEST_START_MS } from '../../sim/test-support.ts';
import { startTestService, type TestService } from '../../testing/test-service.ts';
import { isOpen } from '../../../src/wire/status.ts';

let testService: TestService;

beforeAll(async () => {
  testService = await startTestService({ env: { SEED_PAST_DAYS: '1' }, freeze: true });
}, 180_000);

afterAll(async () => {
  await testService.dispose();
});

const get = (path: string, key?: string) => testService.get(path, key);

async function futures(query = ''): Promise<Future[]> {
  const { status, body } = await get(`/en/futures${query}`);
  expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return futuresResponseSchema.parse(body);
}

async function refused(path: string, key = 'demo-key'): Promise<{ status: number; code: string; message: string }> {
  const { status, body } = await get(path, key);
  const error = errorBodySchema.parse(body);
  expect(error.error).toBe(status);
  return { status, code: error.code, message: error.message };
}

async function one(statusId: number): Promise<Future> {
  const [future] = await futures(`?statusId=${String(statusId)}`);
  if (future === undefined) throw new Error(`no future with statusId ${String(statusId)}`);
  return future;
}

describe('GET /futures', () => {
  it('lists open, finished and cancelled futures, which /futures/live leaves out', async () => {
    const all = await futures();
    const statuses = new Set(all.map((f) => f.status.statusId));
    expect(statuses).toEqual(new Set([1, 2, 3]));
    const live = liveFuturesResponseSchema.parse((await get('/en/futures/live')).body);
    expect(live.map((f) => f.futureId)).toEqual(all.filter((f) => isOpen(f.status.statusId)).map((f) => f.futureId));
  });

  it('filters by statusId: a finished future names its winner, a cancelled one its replacement', async () => {
    const finished = await futures('?statusId=2');
    expect(finished.length).toBeGreaterThan(0);
    for (const f of finished) {
      expect(f.status).toMatchObject({ statusId: 2, statusName: 'Finished', live: false });
      expect(f.participants.map((p) => p.participantId)).toContain(f.winnerParticipantId);
      expect(f.settledAt).toBe(f.endTime * 1000);
    }
    const cancelled = await futures('?statusId=3');
    expect(cancelled.length).toBeGreaterThan(0);
    const open = new Set((await futures('?statusId=1')).map((f) => f.futureId));
    for (const f of cancelled) {
      expect(f.status.statusId).toBe(3);
      expect(open.has(f.reissuedFutureId ?? '')).toBe(true);
    }
  });

  it('filters by sportId and by futureIds, leaving unknown futureIds out', async () => {
    const soccer = await futures('?sportId=10');
    expect(soccer.length).toBeGreaterThan(0);
    expect(soccer.every((f) => f.sport.sportId === 10)).toBe(true);
    const finished = await one(2);
    const named = await futures(`?futureIds=${encodeURIComponent(finished.futureId)},id999999990001`);
    expect(named.map((f) => f.futureId)).toEqual([finished.futureId]);
  });

  it('keeps the bookmakers that quoted a closed future, so its history can be asked for', async () => {
    const finished = await one(2);
    expect(Object.keys(finished.bookmakers).length).toBeGreaterThan(1);
    const onlyPinnacle = await futures(`?futureIds=${encodeURIComponent(finished.futureId)}&bookmakers=pinnacle`);
    expect(Object.keys(onlyPinnacle[0]?.bookmakers ?? {})).toEqual(['pinnacle']);
  });

  it('refuses a malformed statusId or sportId with 400 invalid_filters naming the parameter', async () => {
    for (const query of ['statusId=7', 'statusId=finished', 'statusId=', 'sportId=5', 'futureIds=']) {
      const error = await refused(`/en/futures?${query}`);
      expect(error, query).toMatchObject({ status: 400, code: 'invalid_filters' });
      expect(error.message).toContain(query.split('=')[0]);
    }
  });

  it('refuses a sport or a future outside the key with 403 channel_not_allowed', async () => {
    expect(await refused('/en/futures?sportId=14', 'demo-limited')).toMatchObject({ status: 403, code: 'channel_not_allowed' });
    const football = (await futures('?sportId=14'))[0];
    expect(football).toBeDefined();
    const named = await refused(`/en/futures?futureIds=${encodeURIComponent(football?.futureId ?? '')}`, 'demo-limited');
    expect(named).toMatchObject({ status: 403, code: 'channel_not_allowed' });
    expect((await get('/en/futures', 'no-such-key')).status).toBe(401);
  });

  it('counts against the 200-per-minute bucket, with the rate-limit headers', async () => {
    const { headers } = await get('/en/futures?statusId=2');
    expect(headers.get('x-ratelimit-limit')).toBe('200');
    expect(Number(headers.get('x-ratelimit-remaining'))).toBeGreaterThan(0);
  });
});

describe('seeded futures history', () => {
  it('reaches back over SEED_PAST_DAYS before the start, at the books\' requote pace', async () => {
    // Through the spec's own listing, so this holds whatever /futures does.
    const future = liveFuturesResponseSchema.parse((await get('/en/futures/live?sportId=10')).body)[0];
    expect(future).toBeDefined();
    const id = encodeURIComponent(future?.futureId ?? '');
    const history = futureHistoricalOddsResponseSchema.parse((await get(`/en/futures/odds/historical?futureId=${id}&bookmakers=pinnacle`)).body);
    // Every time pinnacle requoted a changed price, over all participants.
    const times = [...new Set(Object.values(history.odds.pinnacle ?? {}).flatMap((byTime) => Object.keys(byTime).map(Number)))].sort((a, b) => a - b);
    const before = times.filter((t) => t < TEST_START_MS);
    expect(before[0]).toBeLessThan(TEST_START_MS - 22 * 3600_000);
    // Prices move when form and news do (every 10–50 minutes), at the book's next requote (1–5
    // minutes): dozens of moves a day, never two within a minute, never an hour without one.
    expect(before.length).toBeGreaterThan(24);
    const gaps = before.slice(1).map((t, i) => t - (before[i] ?? t));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(60_000);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(60 * 60_000);
  });

  it('closes a finished future on its last active prices before settlement, inside the seeded past', async () => {
    const finished = await one(2);
    const settledAt = finished.settledAt ?? 0;
    expect(settledAt).toBeGreaterThan(TEST_START_MS - 24 * 3600_000);
    expect(settledAt).toBeLessThan(TEST_START_MS);
    const id = encodeURIComponent(finished.futureId);
    const book = Object.keys(finished.bookmakers)[0] ?? '';
    const history = futureHistoricalOddsResponseSchema.parse((await get(`/en/futures/odds/historical?futureId=${id}&bookmakers=${book}`)).body);
    const clv = futureClvResponseSchema.parse((await get(`/en/futures/odds/clv?futureId=${id}&bookmakers=${book}`)).body);
    const rows = Object.entries(history.odds[book] ?? {});
    expect(rows.length).toBe(finished.participants.length);
    for (const [oddsId, byTime] of rows) {
      const entries = Object.values(byTime).sort((a, b) => a.changedAt - b.changedAt);
      const last = entries.at(-1);
      // Settlement takes every price down; the close is the last price still on offer before it.
      expect(last).toMatchObject({ active: false, changedAt: settledAt });
      const lastActive = entries.filter((e) => e.active && e.changedAt < settledAt).at(-1);
      expect(lastActive).toBeDefined();
      expect(clv.odds[book]?.[oddsId]?.clv).toMatchObject({ price: lastActive?.price, changedAt: lastActive?.changedAt, active: true });
    }
  });
});
