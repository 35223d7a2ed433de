import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { canonicalParlayId } from '../../../src/domain/ids.ts';
import { decimalToAmerican, decimalToFractionalExact } from '../../../src/domain/odds-format.ts';
import { devig } from '../../../src/domain/devig.ts';
import { roundParlayPrice, singlesPrice } from '../../../src/domain/parlay.ts';
import { errorBodySchema, sgpResponseSchema } from '../../../src/wire/rest-schemas.ts';
import type { ActiveSgpEntry, InactiveParlayEntry, SgpResponse } from '../../../src/wire/rest-schemas.ts';
import { BETFAIR_LADDER } from '../../pricing/quoting.ts';
import type { SgpBackend } from '../../sgp/backends.ts';
import { defaultSgpKnobs } from '../../sgp/port.ts';
import type { SgpKnobs } from '../../sgp/port.ts';
import { FIXTURES, KEYS, MARKETS, TestWorld, oddsIdOf, startTestApp } from '../../testing/test-world.ts';
import type { TestApp } from '../../testing/test-world.ts';
import { HOSTILE_INPUT_STATUSES, expectHostileOddsIdsAnswered } from '../../testing/hostile-odds-ids.ts';
import { sgpHandler } from './sgp.ts';
import type { SgpRouteDeps } from './sgp.ts';

const H = FIXTURES.home;
const PATH = '/fixtures/odds/sgp';

let world: TestWorld;
let knobs: SgpKnobs;
let api: TestApp;

async function start(extra: Partial<SgpRouteDeps> = {}): Promise<void> {
  await api.close();
  api = await startTestApp({ sgp: sgpHandler({ port: world, knobs, fetchTimeoutMs: 100, ...extra }) });
}

beforeEach(async () => {
  world = new TestWorld();
  knobs = defaultSgpKnobs();
  api = await startTestApp({ sgp: sgpHandler({ port: world, knobs, fetchTimeoutMs: 100 }) });
});

afterEach(async () => {
  await api.close();
});

const homeWin = (book: string, f: string = H) => oddsIdOf(f, book, MARKETS.result, '1');
const over25 = (book: string, f: string = H) => oddsIdOf(f, book, MARKETS.over25, 'Over');
const under15 = (book: string, f: string = H) => oddsIdOf(f, book, MARKETS.over15, 'Under');

/** GET /sgp expecting a 200; the body is checked against the wire schema. */
async function sgp(oddsIds: readonly string[], key?: string): Promise<SgpResponse> {
  const { status, body } = await api.get(PATH, oddsIds.join(','), key);
  expect(status, JSON.stringify(body)).toBe(200);
  return sgpResponseSchema.parse(body);
}

function entryOf(body: SgpResponse, book: string, legs: readonly string[]) {
  return body.sgp[book]?.[canonicalParlayId(legs)];
}

function activeEntry(body: SgpResponse, book: string, legs: readonly string[]): ActiveSgpEntry {
  const entry = entryOf(body, book, legs);
  if (entry?.active !== true) throw new Error(`expected an active entry for ${book}, got ${JSON.stringify(entry)}`);
  return entry;
}

function inactiveEntry(body: SgpResponse, book: string, legs: readonly string[]): InactiveParlayEntry {
  const entry = entryOf(body, book, legs);
  if (entry?.active !== false) throw new Error(`expected an inactive entry for ${book}, got ${JSON.stringify(entry)}`);
  return entry;
}

async function errorOf(oddsIds: string | undefined, key?: string): Promise<{ status: number; code: string; message: string }> {
  const { status, body } = await api.get(PATH, oddsIds, key);
  const error = errorBodySchema.parse(body);
  expect(error.error).toBe(status);
  return { status, code: error.code, message: error.message };
}

function legRefs(legs: readonly string[]): { outcomeId: number; playerId: number }[] {
  return legs.map((id) => {
    const [, , outcomeId = '', playerId = ''] = id.split(':');
    return { outcomeId: Number(outcomeId), playerId: Number(playerId) };
  });
}

/** The model's P(all of `legs` win), read from the port. */
function modelWin(legs: readonly string[]): number {
  const win = world.winProbability(H, legRefs(legs));
  if (win === 'unknown_fixture' || win.kind !== 'priced') throw new Error('not priced');
  return win.probability;
}

/** The book's no-vig probability of a leg: its market at the book, de-vigged by the book's own margin method. */
function bookNoVigOf(book: string, oddsId: string): number {
  const [fixtureId = '', , outcomeId = '', playerId = ''] = oddsId.split(':');
  const market = Object.values(MARKETS).find((m) => m.outcomes.some((o) => o.outcomeId === Number(outcomeId)));
  const profile = world.bookmakerProfile(book);
  if (market === undefined || profile === undefined) throw new Error(oddsId);
  const prices = market.outcomes.map((o) => world.odds(fixtureId, book)?.[`${fixtureId}:${book}:${String(o.outcomeId)}:${playerId}`]?.price ?? NaN);
  return devig(prices, profile.marginMethod)[market.outcomes.findIndex((o) => o.outcomeId === Number(outcomeId))] ?? NaN;
}

/**
 * The book's fair joint of two legs: its no-vig legs p₁, p₂ joined with the model's odds ratio
 * (what fitting the model's 2×2 table to the book's marginals keeps), Plackett's closed form.
 */
function expectedJoint(book: string, legs: readonly [string, string]): number {
  const [a, b] = legs;
  const m11 = modelWin(legs);
  const m1 = modelWin([a]);
  const m2 = modelWin([b]);
  const odds = (m11 * (1 - m1 - m2 + m11)) / ((m1 - m11) * (m2 - m11));
  const p1 = bookNoVigOf(book, a);
  const p2 = bookNoVigOf(book, b);
  if (Math.abs(odds - 1) < 1e-12) return p1 * p2;
  const s = 1 + (odds - 1) * (p1 + p2);
  return (s - Math.sqrt(s * s - 4 * odds * (odds - 1) * p1 * p2)) / (2 * (odds - 1));
}

/** The book's fair joint of two legs with its SGP margin, rounded (the exchange onto its ladder). */
function expectedPrice(book: string, legs: readonly [string, string]): number {
  const terms = world.bookmakerProfile(book)?.sgp;
  if (terms === null || terms === undefined) throw new Error(`${book} has no SGP`);
  const raw = 1 / (expectedJoint(book, legs) * (1 + terms.margin));
  if (world.bookmakerProfile(book)?.kind === 'exchange') {
    return BETFAIR_LADDER.filter((rung) => rung <= raw + 1e-9).at(-1) ?? 1.01;
  }
  return roundParlayPrice(raw);
}

describe('GET /fixtures/odds/sgp — the decision table', () => {
  it('row 1: answers 422 validation_error when oddsIds is omitted', async () => {
    expect(await errorOf(undefined)).toMatchObject({ status: 422, code: 'validation_error' });
  });

  it('row 2: answers 400 invalid_filters when oddsIds is empty', async () => {
    expect(await errorOf(' , ')).toMatchObject({ status: 400, code: 'invalid_filters' });
  });

  it('row 2: answers 400 invalid_filters for a malformed oddsId', async () => {
    expect(await errorOf('not-an-odds-id')).toMatchObject({ status: 400, code: 'invalid_filters' });
  });

  it('row 2: answers 400 invalid_filters for more than 20 distinct legs', async () => {
    const legs = Array.from({ length: 21 }, (_u, i) => `${H}:bet365:${String(10100 + i)}:0`);
    const error = await errorOf(legs.join(','));
    expect(error).toMatchObject({ status: 400, code: 'invalid_filters' });
    expect(error.message).toContain('21 legs');
  });

  it('row 2: counts legs after removing duplicates, so 20 distinct legs sent twice pass', async () => {
    const legs = Array.from({ length: 20 }, (_u, i) => `${H}:bet365:${String(10100 + i)}:0`);
    const { status } = await api.get(PATH, [...legs, ...legs].join(' '));
    expect(status).toBe(200);
  });

  it('row 3: answers 400 with the exact message when legs span several fixtures', async () => {
    const error = await errorOf([homeWin('bet365'), homeWin('bet365', FIXTURES.away)].join(','));
    expect(error).toEqual({ status: 400, code: 'invalid_filters', message: 'oddsIds must share one fixture.' });
  });

  it('row 4: answers 403 channel_not_allowed when a leg is of a sport outside the key', async () => {
    expect(await errorOf([homeWin('bet365'), over25('bet365')].join(','), KEYS.noSoccer)).toMatchObject({ status: 403, code: 'channel_not_allowed' });
  });

  it('row 4: answers 403 when a leg is of a tournament outside the key', async () => {
    const legs = [homeWin('bet365', FIXTURES.otherTournament), over25('bet365', FIXTURES.otherTournament)];
    expect(await errorOf(legs.join(','), KEYS.noTournament18)).toMatchObject({ status: 403, code: 'channel_not_allowed' });
  });

  it('row 4: answers 403 when one leg is of a bookmaker outside the key, never dropping it silently', async () => {
    const legs = [homeWin('williamhill'), over25('williamhill'), homeWin('bet365')];
    expect(await errorOf(legs.join(','), KEYS.noBet365)).toMatchObject({ status: 403, code: 'channel_not_allowed' });
  });

  it('row 4: decides entitlement before existence: an excluded leg on a fabricated fixture is 403, not 502', async () => {
    const legs = [homeWin('bet365', FIXTURES.fabricated), over25('bet365', FIXTURES.fabricated)];
    expect(await errorOf(legs.join(','), KEYS.noBet365)).toMatchObject({ status: 403 });
  });

  it('row 5: answers 403 when the fixture is live and the key has pre-game access only', async () => {
    const legs = [homeWin('bet365', FIXTURES.live), over25('bet365', FIXTURES.live)];
    expect(await errorOf(legs.join(','), KEYS.pregameOnly)).toMatchObject({ status: 403, code: 'channel_not_allowed' });
  });

  it('row 6: answers 501 when SGP pricing is disabled', async () => {
    knobs.sgpEnabled = false;
    expect(await errorOf([homeWin('bet365'), over25('bet365')].join(','))).toMatchObject({ status: 501, code: 'not_enabled' });
  });

  it('row 6: decides 501 before the fixture is looked up: a fabricated fixture is 501 too', async () => {
    knobs.sgpEnabled = false;
    const legs = [homeWin('bet365', FIXTURES.fabricated), over25('bet365', FIXTURES.fabricated)];
    expect((await errorOf(legs.join(','))).status).toBe(501);
  });

  it('row 7: answers 502 when the pricing service is unreachable', async () => {
    knobs.backendUnreachable = true;
    expect(await errorOf([homeWin('bet365'), over25('bet365')].join(','))).toMatchObject({ status: 502, code: 'bad_gateway' });
  });

  it('row 7: answers 502 when unreachable even if every leg would be missing', async () => {
    knobs.backendUnreachable = true;
    expect((await errorOf(`${H}:nosuchbook:101:0`)).status).toBe(502);
  });

  it('row 8: answers 502, not 404, for a fabricated fixtureId', async () => {
    const legs = [homeWin('bet365', FIXTURES.fabricated), over25('bet365', FIXTURES.fabricated)];
    expect(await errorOf(legs.join(','))).toMatchObject({ status: 502, code: 'bad_gateway' });
  });

  it('row 9: answers 404 for a fixture that existed and was purged', async () => {
    const legs = [homeWin('bet365', FIXTURES.purged), over25('bet365', FIXTURES.purged)];
    expect(await errorOf(legs.join(','))).toMatchObject({ status: 404, code: 'not_found' });
  });

  it('row 9: answers 404 once a fixture the client priced before is purged', async () => {
    await sgp([homeWin('bet365'), over25('bet365')]);
    world.purge(H);
    expect((await errorOf([homeWin('bet365'), over25('bet365')].join(','))).status).toBe(404);
  });

  it('row 10: answers 200 with missingOddsIds when the fixture is held but its odds expired', async () => {
    const legs = [homeWin('bet365', FIXTURES.expired), over25('bet365', FIXTURES.expired)];
    const body = await sgp(legs);
    expect(body.missingOddsIds).toEqual([...legs].sort());
    expect(body.sgp).toEqual({});
  });

  it('row b: answers 429 rate_limited with Retry-After past 10 requests a second', async () => {
    const legs = [homeWin('bet365'), over25('bet365')].join(',');
    const responses = await Promise.all(Array.from({ length: 12 }, () => api.get(PATH, legs, KEYS.limited)));
    const limited = responses.find((r) => r.status === 429);
    expect(limited?.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(errorBodySchema.parse(limited?.body)).toMatchObject({ error: 429, code: 'rate_limited' });
  });

  it('row a: answers 401 for an unknown API key', async () => {
    expect((await errorOf([homeWin('bet365'), over25('bet365')].join(','), 'no-such-key-at-all')).status).toBe(401);
  });

  it('row c: answers 403 for a key not entitled to the endpoint', async () => {
    expect((await errorOf([homeWin('bet365'), over25('bet365')].join(','), KEYS.noSgp)).status).toBe(403);
  });
});

describe('GET /fixtures/odds/sgp — the response', () => {
  it('returns ONE fixture view that parses with the wire schema', async () => {
    const body = await sgp([homeWin('bet365'), over25('bet365')]);
    expect(body.fixtureId).toBe(H);
    expect(Array.isArray(body)).toBe(false);
  });

  it('keys each entry by the canonical parlayId whatever the order, separators and duplicates sent', async () => {
    const legs = [over25('bet365'), homeWin('bet365')];
    const { body } = await api.get(PATH, `${legs[0] ?? ''}  ${legs[1] ?? ''},${legs[0] ?? ''}`);
    const parsed = sgpResponseSchema.parse(body);
    expect(Object.keys(parsed.sgp.bet365 ?? {})).toEqual([[...legs].sort().join(',')]);
  });

  it('returns several bookmakers side by side, each keyed by the parlayId of its own legs', async () => {
    const legs = [homeWin('bet365'), over25('bet365'), homeWin('fanduel'), over25('fanduel')];
    const body = await sgp(legs);
    expect(Object.keys(body.sgp).sort()).toEqual(['bet365', 'fanduel']);
    expect(Object.keys(body.sgp.fanduel ?? {})).toEqual([canonicalParlayId([homeWin('fanduel'), over25('fanduel')])]);
  });

  it('lists exactly the requested legs in odds, inactive ones included', async () => {
    world.patchEntry(over25('bet365'), { active: false });
    const legs = [homeWin('bet365'), over25('bet365')];
    const body = await sgp(legs);
    expect(Object.keys(body.odds)).toEqual(['bet365']);
    expect(Object.keys(body.odds.bet365 ?? {}).sort()).toEqual([...legs].sort());
    expect(body.odds.bet365?.[over25('bet365')]?.active).toBe(false);
  });

  it('gives the metadata of the requested bookmakers only', async () => {
    const body = await sgp([homeWin('bet365'), over25('bet365')]);
    expect(Object.keys(body.bookmakers)).toEqual(['bet365']);
    expect(body.bookmakers.bet365?.bookmakerFixtureId).toBe('bet-5001');
  });

  it('omits missingOddsIds when every leg is found', async () => {
    const body = await sgp([homeWin('bet365'), over25('bet365')]);
    expect('missingOddsIds' in body).toBe(false);
  });

  it('does not send the CLV-only reissuedFixtureId', async () => {
    const body = await sgp([homeWin('bet365'), over25('bet365')]);
    expect('reissuedFixtureId' in body).toBe(false);
  });

  it('lists the legs of an unknown bookmaker as missing and gives it no entry', async () => {
    const unknown = `${H}:nosuchbook:101:0`;
    const body = await sgp([unknown, homeWin('bet365'), over25('bet365')]);
    expect(body.missingOddsIds).toEqual([unknown]);
    expect(body.sgp.nosuchbook).toBeUndefined();
    expect(activeEntry(body, 'bet365', [homeWin('bet365'), over25('bet365')]).active).toBe(true);
  });

  it('gives no entry to a bookmaker with one unknown oddsId but still lists its found legs', async () => {
    const unknown = `${H}:bet365:109999:0`;
    const body = await sgp([homeWin('bet365'), unknown]);
    expect(body.missingOddsIds).toEqual([unknown]);
    expect(body.sgp).toEqual({});
    expect(Object.keys(body.odds.bet365 ?? {})).toEqual([homeWin('bet365')]);
  });
});

describe('GET /fixtures/odds/sgp — correlated prices', () => {
  it('prices positively correlated legs (home win and over 2.5) below singlesPrice at every SGP book', async () => {
    for (const book of ['bet365', 'williamhill', 'fanduel', 'bwin', 'betfair-ex']) {
      const legs = [homeWin(book), over25(book)];
      const entry = activeEntry(await sgp(legs), book, legs);
      expect(entry.price, book).toBeLessThan(entry.singlesPrice);
    }
  });

  it('prices negatively correlated legs (home win and under 1.5) above singlesPrice at every SGP book', async () => {
    for (const book of ['bet365', 'williamhill', 'fanduel', 'bwin', 'betfair-ex']) {
      const legs = [homeWin(book), under15(book)];
      const entry = activeEntry(await sgp(legs), book, legs);
      expect(entry.price, book).toBeGreaterThan(entry.singlesPrice);
    }
  });

  it('quotes the book own no-vig legs joined by the model dependence, with each book SGP margin, after rounding', async () => {
    for (const book of ['bet365', 'williamhill', 'fanduel', 'bwin', 'betfair-ex']) {
      for (const legs of [
        [homeWin(book), over25(book)],
        [homeWin(book), under15(book)],
      ] as const) {
        expect(activeEntry(await sgp(legs), book, legs).price, `${book} ${legs.join(',')}`).toBe(expectedPrice(book, legs));
      }
      const three = [homeWin(book), over25(book), oddsIdOf(H, book, MARKETS.btts, 'Yes')];
      const entry = activeEntry(await sgp(three), book, three);
      const margin = world.bookmakerProfile(book)?.sgp?.margin ?? NaN;
      const raw = 1 / ((entry.meta?.fairJointProbability ?? NaN) * (1 + margin));
      expect(entry.price, book).toBe(book === 'betfair-ex' ? (BETFAIR_LADDER.filter((rung) => rung <= raw + 1e-9).at(-1) ?? 1.01) : roundParlayPrice(raw));
    }
  });

  it('asks the model once per distinct selection set however many books price them', async () => {
    await sgp([homeWin('bet365'), over25('bet365')]);
    const oneBook = world.winCalls;
    world.winCalls = 0;
    await sgp(['bet365', 'williamhill', 'fanduel'].flatMap((book) => [homeWin(book), over25(book)]));
    expect(world.winCalls).toBeLessThanOrEqual(oneBook + 4);
    expect(world.jointCalls).toBe(0);
  });

  it('states the book fair joint probability as meta.fairJointProbability, the price being it with the book margin', async () => {
    const legs = [homeWin('bet365'), over25('bet365')] as const;
    const entry = activeEntry(await sgp(legs), 'bet365', legs);
    const p = entry.meta?.fairJointProbability;
    if (p === undefined) throw new Error('no fairJointProbability');
    expect(p).toBeCloseTo(expectedJoint('bet365', legs), 9);
    const margin = world.bookmakerProfile('bet365')?.sgp?.margin ?? Number.NaN;
    expect(roundParlayPrice(1 / (p * (1 + margin)))).toBe(entry.price);
  });

  it('shows singlesPrice as the rounded product of the book leg prices', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    const body = await sgp(legs);
    const prices = legs.map((id) => body.odds.bet365?.[id]?.price ?? 0);
    expect(activeEntry(body, 'bet365', legs).singlesPrice).toBe(roundParlayPrice(singlesPrice(prices)));
  });

  it('gives the exact fraction and the American form of the price', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    const entry = activeEntry(await sgp(legs), 'bet365', legs);
    expect(entry.priceFractional).toBe(decimalToFractionalExact(entry.price));
    expect(entry.priceAmerican).toBe(decimalToAmerican(entry.price));
  });

  it('states the book SGP cap as limit', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    expect(activeEntry(await sgp(legs), 'bet365', legs).limit).toBe(world.bookmakerProfile('bet365')?.sgp?.limit);
  });

  it('omits limit at the exchange and offers ladder rungs below its price with decreasing limits', async () => {
    const legs = [homeWin('betfair-ex'), over25('betfair-ex')];
    const entry = activeEntry(await sgp(legs), 'betfair-ex', legs);
    expect('limit' in entry).toBe(false);
    const offers = entry.meta?.offers ?? [];
    expect(offers.length).toBeGreaterThan(0);
    const below = BETFAIR_LADDER.filter((rung) => rung < entry.price).reverse();
    expect(offers.map((o) => o.price)).toEqual(below.slice(0, offers.length));
    for (let i = 1; i < offers.length; i += 1) expect(offers[i]?.limit ?? 0).toBeLessThan(offers[i - 1]?.limit ?? 0);
  });

  it('keeps sportsbook entries free of meta.offers', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    expect(activeEntry(await sgp(legs), 'bet365', legs).meta?.offers).toBeUndefined();
  });

  it('gives a bookmakerParlayId stable across requests and different between books', async () => {
    const a = [homeWin('bet365'), over25('bet365')];
    const b = [homeWin('williamhill'), over25('williamhill')];
    const first = await sgp([...a, ...b]);
    const second = await sgp(a);
    expect(activeEntry(first, 'bet365', a).bookmakerParlayId).toBe(activeEntry(second, 'bet365', a).bookmakerParlayId);
    expect(activeEntry(first, 'bet365', a).bookmakerParlayId).not.toBe(activeEntry(first, 'williamhill', b).bookmakerParlayId);
  });

  it('links an https betslip naming the book fixture id and every leg', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    const url = new URL(activeEntry(await sgp(legs), 'bet365', legs).betslip ?? '');
    expect(url.protocol).toBe('https:');
    expect(url.searchParams.get('fixture')).toBe('bet-5001');
    const selections = url.searchParams.get('bs') ?? '';
    for (const id of legs) expect(selections).toContain(id.split(':')[2]);
  });

  it('stamps changedAt with the latest leg change and bookmakerChangedAt with the quote time', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    const body = await sgp(legs);
    const entry = activeEntry(body, 'bet365', legs);
    expect(entry.changedAt).toBe(Math.max(...legs.map((id) => body.odds.bet365?.[id]?.changedAt ?? 0)));
    expect(entry.bookmakerChangedAt).toBe(world.nowMs);
  });

  it('follows a leg price move: the entry changedAt moves with it', async () => {
    const legs = [homeWin('bet365'), over25('bet365')];
    world.patchEntry(homeWin('bet365'), { changedAt: world.nowMs - 1 });
    expect(activeEntry(await sgp(legs), 'bet365', legs).changedAt).toBe(world.nowMs - 1);
  });
});

describe('GET /fixtures/odds/sgp — inactive entries', () => {
  const legs = (book: string) => [homeWin(book), over25(book)];

  it('marks leg_suspended when a leg is inactive, with price 1 and singlesPrice still shown', async () => {
    world.patchEntry(over25('bet365'), { active: false });
    const entry = inactiveEntry(await sgp(legs('bet365')), 'bet365', legs('bet365'));
    expect(entry).toMatchObject({ active: false, price: 1, meta: { inactiveReason: 'leg_suspended' } });
    expect(entry.singlesPrice).toBeGreaterThan(1);
  });

  it('marks market_closed when a leg market is closed', async () => {
    world.patchEntry(over25('bet365'), { marketActive: false });
    expect(inactiveEntry(await sgp(legs('bet365')), 'bet365', legs('bet365')).meta.inactiveReason).toBe('market_closed');
  });

  it('marks bookmaker_suspended when the book is suspended on the fixture', async () => {
    world.patchMeta(H, 'bet365', { suspended: true });
    expect(inactiveEntry(await sgp(legs('bet365')), 'bet365', legs('bet365')).meta.inactiveReason).toBe('bookmaker_suspended');
  });

  it('marks not_combinable for two outcomes of one market', async () => {
    const same = [homeWin('bet365'), oddsIdOf(H, 'bet365', MARKETS.result, 'X')];
    expect(inactiveEntry(await sgp(same), 'bet365', same).meta.inactiveReason).toBe('not_combinable');
  });

  it('marks not_combinable for contradictory legs (over 2.5 and under 1.5 goals)', async () => {
    const contradictory = [over25('bet365'), under15('bet365')];
    expect(inactiveEntry(await sgp(contradictory), 'bet365', contradictory).meta.inactiveReason).toBe('not_combinable');
  });

  it('marks sgp_unsupported at a book that offers no SGP', async () => {
    expect(inactiveEntry(await sgp(legs('pinnacle')), 'pinnacle', legs('pinnacle')).meta.inactiveReason).toBe('sgp_unsupported');
  });

  it('marks sgp_unsupported for a single leg', async () => {
    const one = [homeWin('bet365')];
    expect(inactiveEntry(await sgp(one), 'bet365', one).meta.inactiveReason).toBe('sgp_unsupported');
  });

  it('marks sgp_unsupported for more legs than the book combines', async () => {
    const many = Object.values(MARKETS)
      .flatMap((m) => m.outcomes.map((o) => oddsIdOf(H, 'williamhill', m, o.outcomeName)))
      .slice(0, 11);
    expect(inactiveEntry(await sgp(many), 'williamhill', many).meta.inactiveReason).toBe('sgp_unsupported');
  });

  it('marks sgp_unsupported for a player prop at a book that does not combine props', async () => {
    const withProp = [homeWin('bwin'), oddsIdOf(H, 'bwin', MARKETS.shots, 'Over')];
    expect(inactiveEntry(await sgp(withProp), 'bwin', withProp).meta.inactiveReason).toBe('sgp_unsupported');
  });

  it('prices a player prop with the game at a book that combines props', async () => {
    const withProp = [homeWin('bet365'), oddsIdOf(H, 'bet365', MARKETS.shots, 'Over')] as const;
    expect(activeEntry(await sgp(withProp), 'bet365', withProp).price).toBe(expectedPrice('bet365', withProp));
  });

  it('marks sgp_fetch_failed when the book backend times out', async () => {
    knobs.fetchFailedBookmakers.add('bet365');
    const body = await sgp([...legs('bet365'), ...legs('fanduel')]);
    expect(inactiveEntry(body, 'bet365', legs('bet365')).meta.inactiveReason).toBe('sgp_fetch_failed');
    expect(activeEntry(body, 'fanduel', legs('fanduel')).active).toBe(true);
  });

  it('marks fixture_ended on a finished fixture whose odds are still held', async () => {
    const ended = [homeWin('bet365', FIXTURES.ended), over25('bet365', FIXTURES.ended)];
    expect(inactiveEntry(await sgp(ended), 'bet365', ended).meta.inactiveReason).toBe('fixture_ended');
  });

  it('gives a rate-limited book no entry and names no missing leg (rule 4)', async () => {
    knobs.rateLimitedBookmakers.add('bet365');
    const body = await sgp(legs('bet365'));
    expect(body.sgp).toEqual({});
    expect('missingOddsIds' in body).toBe(false);
  });

  it('gives no entry when the book cannot address the fixture (rule 4: unknown fixture at the book)', async () => {
    world.patchMeta(H, 'bet365', { bookmakerFixtureId: null });
    const body = await sgp(legs('bet365'));
    expect(body.sgp).toEqual({});
    expect('missingOddsIds' in body).toBe(false);
  });

  it('gives no entry when the book backend fails, and reports the error (rule 4)', async () => {
    const errors: string[] = [];
    const failing: SgpBackend = { quote: () => Promise.reject(new Error('boom')) };
    await start({ backend: failing, onBackendError: (book) => errors.push(book) });
    const body = await sgp(legs('bet365'));
    expect(body.sgp).toEqual({});
    expect(errors).toEqual(['bet365']);
  });
});

describe('GET /fixtures/odds/sgp — precedence of inactive reasons', () => {
  const legs = [homeWin('bet365'), over25('bet365')];

  it('puts bookmaker_suspended before market_closed and leg_suspended', async () => {
    world.patchMeta(H, 'bet365', { suspended: true });
    world.patchEntry(over25('bet365'), { active: false, marketActive: false });
    expect(inactiveEntry(await sgp(legs), 'bet365', legs).meta.inactiveReason).toBe('bookmaker_suspended');
  });

  it('puts market_closed before leg_suspended', async () => {
    world.patchEntry(homeWin('bet365'), { active: false });
    world.patchEntry(over25('bet365'), { marketActive: false });
    expect(inactiveEntry(await sgp(legs), 'bet365', legs).meta.inactiveReason).toBe('market_closed');
  });

  it('puts fixture_ended before the closed markets of the finished fixture', async () => {
    const ended = [homeWin('bet365', FIXTURES.ended), over25('bet365', FIXTURES.ended)];
    world.patchMeta(FIXTURES.ended, 'bet365', { suspended: true });
    expect(inactiveEntry(await sgp(ended), 'bet365', ended).meta.inactiveReason).toBe('fixture_ended');
  });

  it('puts sgp_unsupported before fixture_ended', async () => {
    const ended = [homeWin('pinnacle', FIXTURES.ended), over25('pinnacle', FIXTURES.ended)];
    expect(inactiveEntry(await sgp(ended), 'pinnacle', ended).meta.inactiveReason).toBe('sgp_unsupported');
  });

  it('puts the leg states before the backend: a suspended leg is reported even when the backend would time out', async () => {
    knobs.fetchFailedBookmakers.add('bet365');
    world.patchEntry(homeWin('bet365'), { active: false });
    expect(inactiveEntry(await sgp(legs), 'bet365', legs).meta.inactiveReason).toBe('leg_suspended');
  });

  it('does not ask the backend when a leg is suspended', async () => {
    world.patchEntry(homeWin('bet365'), { active: false });
    await sgp(legs);
    expect(world.jointCalls).toBe(0);
  });

  it('puts a missing leg before everything: no entry even when another leg is suspended', async () => {
    world.patchEntry(homeWin('bet365'), { active: false });
    const body = await sgp([homeWin('bet365'), `${H}:bet365:109999:0`]);
    expect(body.sgp).toEqual({});
    expect(body.missingOddsIds).toEqual([`${H}:bet365:109999:0`]);
  });
});

describe('GET /fixtures/odds/sgp — hostile input', () => {
  it('answers every random oddsIds with an allowed status and, when not 200, a spec error body', async () => {
    await expectHostileOddsIdsAnswered(api, PATH, sgpResponseSchema);
  });

  it('answers raw bytes that are not UTF-8 in the query with a spec error body, not a 500', async () => {
    const address = api.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    const response = await fetch(`http://127.0.0.1:${String(address.port)}/en${PATH}?oddsIds=%ED%A0%80%FF%C0`, { headers: { 'X-API-Key': KEYS.all } });
    expect(HOSTILE_INPUT_STATUSES.has(response.status)).toBe(true);
    expect(errorBodySchema.parse(await response.json()).error).toBe(response.status);
  });
});
