// The cached odds answers: the same bytes as the answers built from the live objects, on the
// simulator's own world (through HTTP on loopback, frozen and after changes), and a fragment
// served from cache until its version moves.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../../src/wire/shared-schemas.ts';
import { getCatalogue } from '../catalogue/catalogue.ts';
import { indexReferenceData, type ReferenceIndex } from '../catalogue/reference-data.ts';
import { openTestWorld, testReference, type TestWorld } from '../sim/test-support.ts';
import { buildHttpApp } from './app.ts';
import { loadKeyRing } from './keys.ts';
import { OddsJsonCache, type OddsSelection } from './odds-cache.ts';
import type { FixtureSource, FixtureVersions } from './ports.ts';
import { fixtureHandlers } from './routes/fixtures.ts';
import { isOpen, STATUS_LIVE } from '../../src/wire/status.ts';

let world: TestWorld;
let reference: ReferenceIndex;
let cachedApp: FastifyInstance;
let plainApp: FastifyInstance;
let cachedUrl: string;
let plainUrl: string;

async function serve(versions: boolean): Promise<FastifyInstance> {
  const sim = world.sim;
  const fixtures: FixtureSource = {
    fixtureIds: () => sim.fixtureIds(),
    view: (id) => sim.fixtureView(id),
    odds: (id) => sim.fixtureOdds(id),
    bookmakers: (id) => sim.fixtureBookmakers(id),
    ...(versions ? { versions: sim } : {}),
  };
  const handlers = fixtureHandlers({ fixtures, reference, catalogue: getCatalogue() });
  const app = await buildHttpApp({
    keys: loadKeyRing({ benchmarkMode: true }),
    handlers: { mainOdds: handlers.mainOdds, fixtureOdds: handlers.fixtureOdds },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

function urlOf(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a port');
  return `http://127.0.0.1:${String(address.port)}`;
}

beforeAll(async () => {
  world = openTestWorld();
  reference = indexReferenceData(testReference());
  world.sim.advance(5_000);
  cachedApp = await serve(true);
  plainApp = await serve(false);
  cachedUrl = urlOf(cachedApp);
  plainUrl = urlOf(plainApp);
}, 120_000);

afterAll(async () => {
  await Promise.all([cachedApp.close(), plainApp.close()]);
  world.dispose();
});

interface Answer {
  readonly status: number;
  readonly type: string | null;
  readonly text: string;
}

async function fetchText(base: string, path: string, key: string): Promise<Answer> {
  const res = await fetch(base + path, { headers: { 'X-API-Key': key } });
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

/** The cached server's answer, after checking it is byte for byte the uncached server's. */
async function same(path: string, key = 'bench-key'): Promise<Answer> {
  const cached = await fetchText(cachedUrl, path, key);
  const plain = await fetchText(plainUrl, path, key);
  expect(cached.status).toBe(200);
  expect(cached).toEqual(plain);
  return cached;
}

/** Quoted pre-game and live fixtures (most bookmakers first), and the tournament with most of them. */
function quoted(): { ids: string[]; tournamentId: number } {
  const sim = world.sim;
  const ids = sim
    .fixtureIds()
    .filter((id) => isOpen(sim.fixtureRecord(id)?.statusId) && Object.keys(sim.fixtureOdds(id)).length > 0)
    .sort((a, b) => Object.keys(sim.fixtureOdds(b)).length - Object.keys(sim.fixtureOdds(a)).length);
  const perTournament = new Map<number, number>();
  for (const id of ids) {
    const t = sim.fixtureView(id)?.tournament.tournamentId ?? 0;
    perTournament.set(t, (perTournament.get(t) ?? 0) + 1);
  }
  const [tournamentId] = [...perTournament.entries()].sort((a, b) => b[1] - a[1])[0] ?? [0];
  return { ids, tournamentId };
}

function liveQuoted(): string {
  const sim = world.sim;
  const id = sim.fixtureIds(STATUS_LIVE).find((f) => Object.keys(sim.fixtureOdds(f)).length > 1);
  if (id === undefined) throw new Error('no live quoted fixture in the test world');
  return id;
}

describe('cached odds answers through HTTP', () => {
  it('answers main odds of ten fixtures byte for byte as the uncached path, twice while frozen', async () => {
    world.sim.freeze();
    try {
      const path = `/en/fixtures/odds/main?fixtureIds=${quoted().ids.slice(0, 10).join(',')}`;
      const first = await same(path);
      const again = await same(path);
      expect(again.text).toBe(first.text);
      expect(first.type).toBe('application/json; charset=utf-8');
      expect(JSON.parse(first.text)).toHaveLength(10);
    } finally {
      world.sim.resume();
    }
  });

  it('answers every query shape the same: tournament, all markets, bookmakers, languages', async () => {
    const { ids, tournamentId } = quoted();
    const list = ids.slice(0, 6).join(',');
    await same(`/en/fixtures/odds/main?tournamentId=${String(tournamentId)}`);
    await same(`/en/fixtures/odds?fixtureIds=${list}`);
    await same(`/en/fixtures/odds/main?fixtureIds=${list}&bookmakers=pinnacle,bet365`);
    await same(`/de/fixtures/odds/main?fixtureIds=${list}`);
    await same(`/zh/fixtures/odds?fixtureIds=${list}&bookmakers=pinnacle`);
    await same(`/en/fixtures/odds/main?fixtureIds=${list}&since=0`);
  });

  it('stays equal to the uncached path after the simulation moves', async () => {
    const path = `/en/fixtures/odds?fixtureIds=${[liveQuoted(), ...quoted().ids.slice(0, 5)].join(',')}`;
    const before = await same(path);
    world.sim.advance(10_000);
    const after = await same(path);
    // The world did move: a stale cache would have shown here.
    expect(after.text).not.toBe(before.text);
  });

  it('stays equal after knobs change one bookmaker: suspension and a forced arbitrage', async () => {
    const fixtureId = liveQuoted();
    const path = `/en/fixtures/odds/main?fixtureIds=${fixtureId}`;
    await same(path);
    world.sim.suspend({ fixtureId, bookmaker: 'pinnacle' }, true);
    world.sim.advance(500);
    const suspended = await same(path);
    expect(suspended.text).toContain('"pinnacle":{"bookmaker":"pinnacle"');
    world.sim.suspend({ fixtureId, bookmaker: 'pinnacle' }, false);
    world.sim.advance(500);
    await same(path);
    const market = Object.values(world.sim.fixtureOdds(fixtureId).pinnacle ?? {}).find((e) => e.active && e.mainLine)?.marketId;
    if (market === undefined) throw new Error('no active pinnacle market on the live fixture');
    const boosted = world.sim.forceArbitrage(fixtureId, market);
    const arbitrage = await same(path);
    expect(arbitrage.text).toContain(`"price":${String(boosted.price)}`);
  });

  it('shows a key without bet365 no bet365, even after another key filled the cache', async () => {
    const path = `/en/fixtures/odds/main?fixtureIds=${quoted().ids.slice(0, 4).join(',')}`;
    world.sim.freeze();
    try {
      const full = await same(path);
      expect(full.text).toContain('"bet365"');
      const limited = await same(path, 'demo-limited');
      expect(limited.text).not.toContain('"bet365"');
    } finally {
      world.sim.resume();
    }
  });
});

describe('OddsJsonCache', () => {
  const view = { fixtureId: 'f1', sport: { sportId: 10, sportName: 'Soccer' }, tournament: { tournamentId: 1, tournamentName: 'T', categoryName: 'C' } } as unknown as FixtureView;
  const entry = (price: number): OddsEntry => ({
    bookmaker: 'pinnacle',
    outcomeId: 101,
    playerId: 0,
    marketId: 1,
    active: true,
    marketActive: true,
    mainLine: true,
    price,
    priceAmerican: 100,
    changedAt: 1,
  });
  const meta = { bookmaker: 'pinnacle', hasOdds: true } as unknown as BookmakerFixtureMeta;

  /** One element's JSON text, or null when the cache declines the view. */
  function json(cache: OddsJsonCache, v: FixtureView, chosen: ReadonlySet<string>, selection: OddsSelection): string | null {
    const pieces = cache.fixturePieces(v, 'en', chosen, selection);
    return pieces === null ? null : Buffer.concat(pieces).toString('utf8');
  }

  function harness(): { cache: OddsJsonCache; odds: Record<string, Record<string, OddsEntry>>; bump: () => void } {
    const odds: Record<string, Record<string, OddsEntry>> = { pinnacle: { a: entry(2) } };
    let version = 1;
    const source: FixtureSource = { fixtureIds: () => ['f1'], view: () => view, odds: () => odds, bookmakers: () => ({ pinnacle: meta }) };
    const versions: FixtureVersions = { oddsVersion: () => version, metaVersion: () => 1 };
    return {
      cache: new OddsJsonCache(source, versions, indexReferenceData(testReference())),
      odds,
      bump: () => {
        version++;
      },
    };
  }

  it('serves a bookmaker fragment from cache until its odds version moves', () => {
    const { cache, odds, bump } = harness();
    const chosen = new Set(['pinnacle']);
    const first = json(cache, view, chosen, 'main');
    const entries = odds.pinnacle;
    if (entries?.a === undefined) throw new Error('fixture setup');
    entries.a.price = 3;
    expect(json(cache, view, chosen, 'main')).toBe(first);
    bump();
    const fresh = json(cache, view, chosen, 'main');
    expect(fresh).toContain('"price":3');
    expect(JSON.parse(fresh ?? '')).toEqual({ ...view, bookmakers: { pinnacle: meta }, odds: { pinnacle: { a: entries.a } } });
  });

  it('leaves out a bookmaker outside the chosen set and one without an active entry', () => {
    const { cache, odds, bump } = harness();
    expect(JSON.parse(json(cache, view, new Set(), 'all') ?? '')).toMatchObject({ bookmakers: {}, odds: {} });
    const entries = odds.pinnacle;
    if (entries?.a === undefined) throw new Error('fixture setup');
    entries.a.active = false;
    bump();
    expect(JSON.parse(json(cache, view, new Set(['pinnacle']), 'all') ?? '')).toMatchObject({ bookmakers: { pinnacle: meta }, odds: {} });
  });

  it('answers a repeated request with the same bytes object until a fragment it shows changes', () => {
    const { cache, odds, bump } = harness();
    const chosen = new Set(['pinnacle']);
    const answer = () => cache.answerBytes('key', [cache.fixturePieces(view, 'en', chosen, 'all') ?? []]);
    const first = answer();
    expect(answer()).toBe(first);
    const entries = odds.pinnacle;
    if (entries?.a === undefined) throw new Error('fixture setup');
    entries.a.price = 4;
    bump();
    const fresh = answer();
    expect(fresh).not.toBe(first);
    expect(JSON.parse(fresh.toString('utf8'))).toEqual([{ ...view, bookmakers: { pinnacle: meta }, odds: { pinnacle: { a: entries.a } } }]);
  });

  it('declines a view that carries its own odds, so the caller serializes it whole', () => {
    const { cache } = harness();
    expect(cache.fixturePieces({ ...view, odds: {} }, 'en', new Set(['pinnacle']), 'main')).toBeNull();
  });
});
