import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalParlayId } from '../../../src/domain/ids.ts';
import { decimalToAmerican, decimalToFractionalExact } from '../../../src/domain/odds-format.ts';
import { roundParlayPrice, singlesPrice } from '../../../src/domain/parlay.ts';
import { errorBodySchema, parlayResponseSchema, sgpResponseSchema } from '../../../src/wire/rest-schemas.ts';
import type { ActiveParlayEntry, InactiveParlayEntry, ParlayFixtureView, ParlayResponse } from '../../../src/wire/rest-schemas.ts';
import { defaultSgpKnobs } from '../../sgp/port.ts';
import { FIXTURES, KEYS, MARKETS, TestWorld, oddsIdOf, startTestApp } from '../../testing/test-world.ts';
import type { TestApp } from '../../testing/test-world.ts';
import { expectHostileOddsIdsAnswered } from '../../testing/hostile-odds-ids.ts';
import { parlayHandler } from './parlay.ts';
import { sgpHandler } from './sgp.ts';

const H = FIXTURES.home;
const A = FIXTURES.away;
const PATH = '/fixtures/odds/parlay';

let world: TestWorld;
let api: TestApp;

beforeEach(async () => {
  world = new TestWorld();
  api = await startTestApp({ parlay: parlayHandler({ port: world }), sgp: sgpHandler({ port: world, knobs: defaultSgpKnobs() }) });
});

afterEach(async () => {
  await api.close();
});

const homeWin = (book: string, f: string = H) => oddsIdOf(f, book, MARKETS.result, '1');
const over25 = (book: string, f: string = H) => oddsIdOf(f, book, MARKETS.over25, 'Over');

async function parlay(oddsIds: readonly string[], key?: string): Promise<ParlayResponse> {
  const { status, body } = await api.get(PATH, oddsIds.join(','), key);
  expect(status, JSON.stringify(body)).toBe(200);
  return parlayResponseSchema.parse(body);
}

function view(body: ParlayResponse, fixtureId: string): ParlayFixtureView {
  const found = body.find((v) => v.fixtureId === fixtureId);
  if (found === undefined) throw new Error(`no view of ${fixtureId}`);
  return found;
}

function active(v: ParlayFixtureView, book: string, legs: readonly string[]): ActiveParlayEntry {
  const entry = v.parlay[book]?.[canonicalParlayId(legs)];
  if (entry?.active !== true) throw new Error(`expected an active entry for ${book}, got ${JSON.stringify(entry)}`);
  return entry;
}

function inactive(v: ParlayFixtureView, book: string, legs: readonly string[]): InactiveParlayEntry {
  const entry = v.parlay[book]?.[canonicalParlayId(legs)];
  if (entry?.active !== false) throw new Error(`expected an inactive entry for ${book}, got ${JSON.stringify(entry)}`);
  return entry;
}

async function errorOf(oddsIds: string | undefined, key?: string): Promise<{ status: number; code: string }> {
  const { status, body } = await api.get(PATH, oddsIds, key);
  const error = errorBodySchema.parse(body);
  expect(error.error).toBe(status);
  return { status, code: error.code };
}

describe('GET /fixtures/odds/parlay — the decision table', () => {
  it('row 1: answers 422 validation_error when oddsIds is omitted', async () => {
    expect(await errorOf(undefined)).toEqual({ status: 422, code: 'validation_error' });
  });

  it('row 2: answers 400 invalid_filters when oddsIds is empty', async () => {
    expect(await errorOf('')).toEqual({ status: 400, code: 'invalid_filters' });
  });

  it('row 2: answers 400 invalid_filters for a malformed oddsId', async () => {
    expect(await errorOf(`${H}:bet365:0101:0`)).toEqual({ status: 400, code: 'invalid_filters' });
  });

  it('row 2: answers 400 for more than 20 distinct legs counted over all bookmakers and fixtures', async () => {
    const legs = Array.from({ length: 21 }, (_u, i) => `${i % 2 === 0 ? H : A}:${i % 3 === 0 ? 'bet365' : 'pinnacle'}:${String(10100 + i)}:0`);
    expect(await errorOf(legs.join(','))).toEqual({ status: 400, code: 'invalid_filters' });
  });

  it('row 3: answers 403 when a leg is of a sport outside the key', async () => {
    expect((await errorOf(homeWin('bet365'), KEYS.noSoccer)).status).toBe(403);
  });

  it('row 3: answers 403 when one leg of a cross-fixture parlay is of a tournament outside the key', async () => {
    const legs = [homeWin('bet365'), homeWin('bet365', FIXTURES.otherTournament)];
    expect(await errorOf(legs.join(','), KEYS.noTournament18)).toEqual({ status: 403, code: 'channel_not_allowed' });
  });

  it('row 3: answers 403 when a leg is of a bookmaker outside the key', async () => {
    expect((await errorOf([homeWin('pinnacle'), homeWin('bet365', A)].join(','), KEYS.noBet365)).status).toBe(403);
  });

  it('row 3: decides entitlement before existence: an excluded leg on an unknown fixture is 403', async () => {
    expect((await errorOf(homeWin('bet365', FIXTURES.fabricated), KEYS.noBet365)).status).toBe(403);
  });

  it('row 4: answers 403 when a leg is on a live fixture and the key has pre-game access only', async () => {
    expect((await errorOf([homeWin('bet365'), homeWin('bet365', FIXTURES.live)].join(','), KEYS.pregameOnly)).status).toBe(403);
  });

  it('row 5: answers 200 for legs on several fixtures and sports', async () => {
    const body = await parlay([homeWin('bet365'), homeWin('bet365', A)]);
    expect(body).toHaveLength(2);
  });

  it('has no 404, 501 or 502: a fabricated fixture only makes its legs missing', async () => {
    const body = await parlay([homeWin('bet365'), homeWin('bet365', FIXTURES.fabricated)]);
    expect(view(body, H).missingOddsIds).toEqual([homeWin('bet365', FIXTURES.fabricated)]);
  });

  it('answers an empty array when no leg is on a fixture the service holds', async () => {
    expect(await parlay([homeWin('bet365', FIXTURES.fabricated), homeWin('bet365', FIXTURES.purged)])).toEqual([]);
  });

  it('row b: answers 429 rate_limited with Retry-After past 10 requests a second', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => api.get(PATH, homeWin('bet365'), KEYS.limited)));
    const limited = responses.find((r) => r.status === 429);
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorBodySchema.parse(limited?.body)).toMatchObject({ error: 429, code: 'rate_limited' });
  });

  it('row a: answers 401 for an unknown API key', async () => {
    expect((await errorOf([homeWin('bet365')].join(','), 'no-such-key-at-all')).status).toBe(401);
  });

  it('row c: answers 403 for a key not entitled to the endpoint', async () => {
    expect((await errorOf(homeWin('bet365'), KEYS.noSgp)).status).toBe(403);
  });
});

describe('GET /fixtures/odds/parlay — the response', () => {
  it('returns one view per fixture a leg names, ordered by fixtureId, that parses with the wire schema', async () => {
    const body = await parlay([homeWin('bet365', A), homeWin('bet365', FIXTURES.otherTournament), homeWin('bet365')]);
    expect(body.map((v) => v.fixtureId)).toEqual([H, A, FIXTURES.otherTournament].sort());
  });

  it('puts a cross-fixture parlay with the same entry on every involved fixture', async () => {
    const legs = [homeWin('bet365'), over25('bet365', A)];
    const body = await parlay(legs);
    expect(active(view(body, H), 'bet365', legs)).toEqual(active(view(body, A), 'bet365', legs));
  });

  it('forms one parlay per bookmaker, side by side, each keyed by its own legs', async () => {
    const bet365 = [homeWin('bet365'), over25('bet365', A)];
    const pinnacle = [homeWin('pinnacle')];
    const body = await parlay([...bet365, ...pinnacle]);
    expect(Object.keys(view(body, H).parlay).sort()).toEqual(['bet365', 'pinnacle']);
    expect(Object.keys(view(body, A).parlay)).toEqual(['bet365']);
    expect(Object.keys(view(body, H).parlay.pinnacle ?? {})).toEqual([canonicalParlayId(pinnacle)]);
  });

  it('prices the product of the leg prices, rounded, with singlesPrice equal to it', async () => {
    const legs = [homeWin('bet365'), over25('bet365'), homeWin('bet365', A)];
    const body = await parlay(legs);
    const prices = legs.map((id) => view(body, id.split(':')[0] ?? '').odds.bet365?.[id]?.price ?? 0);
    const entry = active(view(body, H), 'bet365', legs);
    expect(entry.price).toBe(roundParlayPrice(singlesPrice(prices)));
    expect(entry.singlesPrice).toBe(entry.price);
  });

  it('gives the exact fraction and the American form of the price', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    const entry = active(view(await parlay(legs), H), 'bet365', legs);
    expect(entry.priceFractional).toBe(decimalToFractionalExact(entry.price));
    expect(entry.priceAmerican).toBe(decimalToAmerican(entry.price));
  });

  it('stamps changedAt with the latest leg change across fixtures', async () => {
    const legs = [homeWin('bet365'), homeWin('bet365', A)];
    world.patchEntry(homeWin('bet365', A), { changedAt: world.nowMs - 3 });
    expect(active(view(await parlay(legs), H), 'bet365', legs).changedAt).toBe(world.nowMs - 3);
  });

  it('names the bookmaker on the entry', async () => {
    const legs = [homeWin('bet365')];
    expect(active(view(await parlay(legs), H), 'bet365', legs).bookmaker).toBe('bet365');
  });

  it('lists in odds exactly the legs on that fixture, inactive ones included', async () => {
    world.patchEntry(over25('bet365'), { active: false });
    const body = await parlay([homeWin('bet365'), over25('bet365'), homeWin('bet365', A)]);
    expect(Object.keys(view(body, H).odds.bet365 ?? {}).sort()).toEqual([homeWin('bet365'), over25('bet365')].sort());
    expect(Object.keys(view(body, A).odds.bet365 ?? {})).toEqual([homeWin('bet365', A)]);
  });

  it('gives each view the metadata of the requested bookmakers on that fixture only', async () => {
    const body = await parlay([homeWin('bet365'), homeWin('pinnacle', A)]);
    expect(Object.keys(view(body, H).bookmakers)).toEqual(['bet365']);
    expect(Object.keys(view(body, A).bookmakers)).toEqual(['pinnacle']);
  });

  it('omits missingOddsIds when every leg is found', async () => {
    expect('missingOddsIds' in view(await parlay([homeWin('bet365')]), H)).toBe(false);
  });

  it('builds the same parlayId as /sgp for the same legs', async () => {
    const legs = [over25('bet365'), homeWin('bet365')];
    const p = await parlay(legs);
    const s = sgpResponseSchema.parse((await api.get('/fixtures/odds/sgp', legs.join(' '))).body);
    expect(Object.keys(view(p, H).parlay.bet365 ?? {})).toEqual(Object.keys(s.sgp.bet365 ?? {}));
  });

  it('asks the port for the view in the language of the path prefix', async () => {
    const langs: string[] = [];
    const original = world.fixture.bind(world);
    world.fixture = (fixtureId, lang) => {
      langs.push(lang);
      return original(fixtureId, lang);
    };
    expect((await api.get(PATH, homeWin('bet365'), KEYS.all, 'de')).status).toBe(200);
    expect(langs).toEqual(['de']);
  });

  it('does not send the CLV-only reissuedFixtureId', async () => {
    expect('reissuedFixtureId' in view(await parlay([homeWin('bet365')]), H)).toBe(false);
  });
});

describe('GET /fixtures/odds/parlay — missing legs', () => {
  it('lists an unknown bookmaker leg as missing and gives that bookmaker no entry', async () => {
    const unknown = `${H}:nosuchbook:101:0`;
    const body = await parlay([unknown, homeWin('bet365')]);
    expect(view(body, H).missingOddsIds).toEqual([unknown]);
    expect(Object.keys(view(body, H).parlay)).toEqual(['bet365']);
  });

  it('gives a bookmaker with one missing leg no entry on any of its fixtures', async () => {
    const unknown = `${A}:bet365:109999:0`;
    const body = await parlay([homeWin('bet365'), unknown]);
    expect(view(body, H).parlay).toEqual({});
    expect(view(body, A).parlay).toEqual({});
  });

  it('lists a missing leg on the view of its own fixture only', async () => {
    const unknown = `${A}:bet365:109999:0`;
    const body = await parlay([homeWin('bet365'), unknown]);
    expect(view(body, A).missingOddsIds).toEqual([unknown]);
    expect('missingOddsIds' in view(body, H)).toBe(false);
  });

  it('lists the legs of a fixture the service does not hold on every view', async () => {
    const orphan = homeWin('bet365', FIXTURES.fabricated);
    const body = await parlay([homeWin('pinnacle'), homeWin('pinnacle', A), orphan]);
    expect(view(body, H).missingOddsIds).toEqual([orphan]);
    expect(view(body, A).missingOddsIds).toEqual([orphan]);
  });

  it('lists the legs of a fixture whose odds hold has run out as missing', async () => {
    const expired = homeWin('bet365', FIXTURES.expired);
    const body = await parlay([expired]);
    expect(view(body, FIXTURES.expired).missingOddsIds).toEqual([expired]);
    expect(view(body, FIXTURES.expired).parlay).toEqual({});
  });

  it('holds a finished fixture odds for 6 hours after its end', async () => {
    const legs = [homeWin('bet365', FIXTURES.ended)];
    world.nowMs += 5 * 3_600_000 - 60_000;
    expect('missingOddsIds' in view(await parlay(legs), FIXTURES.ended)).toBe(false);
    world.nowMs += 120_000;
    expect(view(await parlay(legs), FIXTURES.ended).missingOddsIds).toEqual(legs);
  });
});

describe('GET /fixtures/odds/parlay — inactive entries', () => {
  const legs = [homeWin('bet365'), over25('bet365', A)];

  it('marks leg_suspended when a leg is inactive, with price 1 and singlesPrice still shown', async () => {
    world.patchEntry(homeWin('bet365'), { active: false });
    const entry = inactive(view(await parlay(legs), H), 'bet365', legs);
    expect(entry).toMatchObject({ active: false, price: 1, meta: { inactiveReason: 'leg_suspended' } });
    expect(entry.singlesPrice).toBeGreaterThan(1);
  });

  it('marks market_closed when a leg market is closed', async () => {
    world.patchEntry(over25('bet365', A), { marketActive: false });
    expect(inactive(view(await parlay(legs), A), 'bet365', legs).meta.inactiveReason).toBe('market_closed');
  });

  it('marks market_closed for a leg on a finished fixture whose odds are still held', async () => {
    const ended = [homeWin('bet365'), homeWin('bet365', FIXTURES.ended)];
    world.patchEntry(homeWin('bet365', FIXTURES.ended), { active: true, marketActive: true });
    expect(inactive(view(await parlay(ended), H), 'bet365', ended).meta.inactiveReason).toBe('market_closed');
  });

  it('marks bookmaker_suspended when the book is suspended on any involved fixture', async () => {
    world.patchMeta(A, 'bet365', { suspended: true });
    const body = await parlay(legs);
    expect(inactive(view(body, H), 'bet365', legs).meta.inactiveReason).toBe('bookmaker_suspended');
    expect(inactive(view(body, A), 'bet365', legs).meta.inactiveReason).toBe('bookmaker_suspended');
  });

  it('puts bookmaker_suspended before market_closed and leg_suspended', async () => {
    world.patchMeta(H, 'bet365', { suspended: true });
    world.patchEntry(over25('bet365', A), { active: false, marketActive: false });
    expect(inactive(view(await parlay(legs), H), 'bet365', legs).meta.inactiveReason).toBe('bookmaker_suspended');
  });

  it('puts market_closed before leg_suspended', async () => {
    world.patchEntry(homeWin('bet365'), { active: false });
    world.patchEntry(over25('bet365', A), { marketActive: false });
    expect(inactive(view(await parlay(legs), H), 'bet365', legs).meta.inactiveReason).toBe('market_closed');
  });

  it('leaves other bookmakers active when one is suspended', async () => {
    world.patchMeta(H, 'bet365', { suspended: true });
    const body = await parlay([...legs, homeWin('pinnacle')]);
    expect(active(view(body, H), 'pinnacle', [homeWin('pinnacle')]).active).toBe(true);
  });
});

describe('GET /fixtures/odds/parlay — hostile input', () => {
  it('answers every random oddsIds with an allowed status and, when not 200, a spec error body', async () => {
    await expectHostileOddsIdsAnswered(api, PATH, parlayResponseSchema);
  });
});
