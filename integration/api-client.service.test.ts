// The REST client and the snapshot fetchers against the real embedded service on loopback (a
// temporary DATA_DIR, the simulation frozen): every endpoint's answer passes its wire schema, the
// service's errors arrive as ApiErrors, and snapshots equal the simulator's state.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/api-error.ts';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { RequestScheduler } from '../src/api/scheduler.ts';
import { fetchFixtureViews, fetchFixturesInScope, fetchFutureOddsSnapshot, fetchOddsSnapshot } from '../src/api/snapshots.ts';
import { startEmbeddedService, type EmbeddedService } from './embedded-service.ts';
import { isOpen } from '../src/wire/status.ts';

let service: EmbeddedService;
let client: ApiClient;

beforeAll(async () => {
  service = await startEmbeddedService({ BENCHMARK: '1' });
  client = createApiClient({ baseUrl: service.url, apiKey: 'demo-key', lang: 'en' });
}, 180_000);

afterAll(async () => {
  await service.dispose();
});

const sim = () => service.simulator;
const quotedLive = () => sim().fixtureIds(1).find((id) => Object.keys(sim().fixtureOdds(id)).length > 0) ?? '';
const finished = () => sim().fixtureIds(2)[0] ?? '';
const openFuture = () => sim().futures.views().find((f) => isOpen(f.status.statusId))?.futureId ?? '';
const firstOddsId = (fixtureId: string) => Object.values(sim().fixtureOdds(fixtureId)).flatMap((byId) => Object.keys(byId))[0] ?? '';

describe('reference endpoints through the client', () => {
  it('reads /sports', async () => {
    expect((await client.sports()).map((s) => s.sportId)).toContain(10);
  });

  it('reads /tournaments of one sport', async () => {
    const tournaments = await client.tournaments({ sportId: 10 });
    expect(tournaments.length).toBeGreaterThan(0);
    expect(tournaments.every((t) => t.sportId === 10)).toBe(true);
  });

  it('reads /bookmakers with their freshness bounds', async () => {
    expect((await client.bookmakers()).map((b) => b.bookmaker)).toContain('pinnacle');
  });

  it('reads /markets by id', async () => {
    expect((await client.markets({ marketIds: [101] }))[0]?.marketType).toBe('1x2');
  });

  it('reads /seasons, /participants and /players of a tournament', async () => {
    const [tournament] = await client.tournaments({ sportId: 10 });
    const tournamentId = tournament?.tournamentId ?? 0;
    expect((await client.seasons({ tournamentId })).length).toBeGreaterThan(0);
    const participants = await client.participants({ tournamentId });
    expect(participants.length).toBeGreaterThan(0);
    await expect(client.players({ participantId: participants[0]?.participantId ?? 0 })).resolves.toBeInstanceOf(Array);
  });

  it('reads /venues in the chosen language', async () => {
    const de = createApiClient({ baseUrl: service.url, apiKey: 'demo-key', lang: 'de' });
    expect((await de.venues()).length).toBeGreaterThan(0);
  });
});

describe('fixture endpoints through the client', () => {
  it('reads the live fixtures list', async () => {
    const live = await client.fixtures({ live: true });
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((v) => v.status.live)).toBe(true);
  });

  it('reads /fixtures/odds with prices equal to the simulator', async () => {
    const fixtureId = quotedLive();
    const [view] = await client.fixtureOdds({ fixtureIds: [fixtureId] });
    const entries = Object.entries(view?.odds ?? {}).flatMap(([book, byId]) => Object.entries(byId).map(([id, e]) => [book, id, e] as const));
    expect(entries.length).toBeGreaterThan(0);
    for (const [book, oddsId, entry] of entries) expect(entry.price).toBe(sim().fixtureOdds(fixtureId)[book]?.[oddsId]?.price);
  });

  it('reads /fixtures/odds/main with main lines only', async () => {
    const [view] = await client.mainOdds({ fixtureIds: [quotedLive()] });
    const entries = Object.values(view?.odds ?? {}).flatMap((byId) => Object.values(byId));
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.mainLine)).toBe(true);
  });

  it('reads /fixtures/markets', async () => {
    const [offer] = await client.fixtureMarkets({ fixtureIds: [quotedLive()] });
    expect(offer?.markets.length).toBeGreaterThan(0);
  });

  it('reads /fixtures/odds/historical and /fixtures/odds/clv of one price', async () => {
    const fixtureId = quotedLive();
    const oddsId = firstOddsId(fixtureId);
    const history = await client.fixtureHistory({ fixtureId, oddsIds: [oddsId] });
    expect(Object.values(history.odds).some((byId) => oddsId in byId)).toBe(true);
    const clv = await client.fixtureClv({ fixtureId, oddsIds: [oddsId] });
    expect(clv.fixtureId).toBe(fixtureId);
  });

  it('reads the settlement of a finished fixture', async () => {
    const settlement = await client.settlement({ fixtureId: finished() });
    expect(settlement.selections.length).toBeGreaterThan(0);
  });

  it('reads /mapping/fixtures', async () => {
    const fixtureId = quotedLive();
    expect((await client.mapping({ fixtureIds: [fixtureId] }))[0]?.fixtureId).toBe(fixtureId);
  });

  it('prices a parlay and an SGP of two legs', async () => {
    const fixtureId = quotedLive();
    const legs = Object.values(sim().fixtureOdds(fixtureId))
      .flatMap((byId) => Object.keys(byId))
      .slice(0, 2);
    expect((await client.parlay({ oddsIds: legs }))[0]?.fixtureId).toBe(fixtureId);
    expect((await client.sgp({ oddsIds: legs })).fixtureId).toBe(fixtureId);
  });
});

describe('futures endpoints through the client', () => {
  it('reads /futures/live, /futures/odds and the history and CLV of a future price', async () => {
    expect((await client.futuresLive()).length).toBeGreaterThan(0);
    const futureId = openFuture();
    const [odds] = await client.futureOdds({ futureIds: [futureId] });
    const [bookmaker, byId] = Object.entries(odds?.odds ?? {})[0] ?? ['', {}];
    const oddsId = Object.keys(byId)[0] ?? '';
    expect(oddsId).not.toBe('');
    const history = await client.futureHistory({ futureId, bookmakers: [bookmaker] });
    expect(history.futureId).toBe(futureId);
    const clv = await client.futureClv({ futureId, oddsIds: [oddsId] });
    expect(clv.futureId).toBe(futureId);
  });
});

describe('the service errors through the client', () => {
  it('turns an unknown key into a 401 ApiError', async () => {
    const bad = createApiClient({ baseUrl: service.url, apiKey: 'not-a-key-0000', lang: 'en' });
    await expect(bad.sports()).rejects.toMatchObject({ name: 'ApiError', status: 401, code: 'unauthorized', endpoint: '/sports' });
  });

  it('turns a key without the parlay family into a 403 channel_not_allowed', async () => {
    const basic = createApiClient({ baseUrl: service.url, apiKey: 'demo-basic', lang: 'en' });
    const legs = [firstOddsId(quotedLive())];
    await expect(basic.parlay({ oddsIds: legs })).rejects.toMatchObject({ status: 403, code: 'channel_not_allowed' });
  });

  it('waits out a real 429 and retries when the client is set to ask faster than the limit', async () => {
    // A budget of 30/s against the service's 10/s: the service answers 429 and the scheduler must wait and retry.
    const eager = createApiClient({
      baseUrl: service.url,
      apiKey: 'demo-basic',
      lang: 'en',
      scheduler: new RequestScheduler({ limitFor: () => ({ max: 30, windowMs: 1000 }), maxRetries: 5 }),
    });
    const fixtureId = quotedLive();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => eager.mainOdds({ fixtureIds: [fixtureId], since: i })),
    );
    expect(answers).toHaveLength(12);
    expect(answers.every((a) => a[0]?.fixtureId === fixtureId)).toBe(true);
  }, 20_000);

  it('hands the 429 to the caller once retries are spent', async () => {
    const impatient = createApiClient({
      baseUrl: service.url,
      apiKey: 'demo-limited',
      lang: 'en',
      scheduler: new RequestScheduler({ limitFor: () => ({ max: 30, windowMs: 1000 }), maxRetries: 0 }),
    });
    const asks = Array.from({ length: 12 }, (_, i) => impatient.mainOdds({ fixtureIds: [quotedLive()], since: i }).catch((e: unknown) => e));
    const failures = (await Promise.all(asks)).filter((a) => a instanceof ApiError);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((failures[0] as ApiError).retryAfterSec).toBeGreaterThanOrEqual(1);
  });
});

describe('snapshot fetchers against the service', () => {
  it('fetches the odds of more fixtures than one request may name, equal to the simulator', async () => {
    const ids = sim().fixtureIds();
    expect(ids.length).toBeGreaterThan(100);
    const bench = createApiClient({ baseUrl: service.url, apiKey: 'bench-key', lang: 'en' });
    const views = await fetchOddsSnapshot(bench, ids, undefined, { since: 0 });
    expect(new Set(views.map((v) => v.fixtureId))).toEqual(new Set(ids));
    for (const view of views) {
      const expected = sim().fixtureOdds(view.fixtureId);
      for (const [book, byId] of Object.entries(expected)) {
        expect(Object.keys(view.odds[book] ?? {}).sort()).toEqual(Object.keys(byId).sort());
      }
    }
  }, 60_000);

  it('fetches only the chosen bookmakers', async () => {
    const views = await fetchOddsSnapshot(client, [quotedLive()], ['pinnacle']);
    expect(Object.keys(views[0]?.odds ?? {})).toEqual(['pinnacle']);
  });

  it('fetches fresh fixture views by id', async () => {
    const ids = sim().fixtureIds(1);
    expect((await fetchFixtureViews(client, ids)).map((v) => v.fixtureId).sort()).toEqual([...ids].sort());
  });

  it('lists the fixtures of the chosen sports', async () => {
    const views = await fetchFixturesInScope(client, { sportIds: [10] });
    expect(views.length).toBeGreaterThan(0);
    expect(views.every((v) => v.sport.sportId === 10)).toBe(true);
  });

  it('fetches current futures prices equal to the simulator', async () => {
    const futureId = openFuture();
    const [snapshot] = await fetchFutureOddsSnapshot(client, [futureId], undefined);
    for (const [book, byId] of Object.entries(sim().futures.futureOdds(futureId))) {
      for (const [oddsId, entry] of Object.entries(byId)) expect(snapshot?.odds[book]?.[oddsId]?.price).toBe(entry.price);
    }
  });
});
