// Reading a login frame against an entitlement: the intersection rules, the refusals, the
// per-item test and the bookmaker trimming.
import { describe, expect, it } from 'vitest';
import { buildFixtureId } from '../../src/domain/ids.ts';
import { CLOSE_CODES } from '../../src/wire/stream-schemas.ts';
import { indexReferenceData } from '../catalogue/reference-data.ts';
import { Entitlement, KeyRing } from '../http/keys.ts';
import { testReference } from '../sim/test-support.ts';
import { reaches, resolveLogin, trimByBookmaker, type Subscription } from './subscription.ts';

const reference = indexReferenceData(testReference());
const keys = new KeyRing([
  new Entitlement({
    apiKey: 'no-odds-key',
    name: 'fixtures and futures only, pre-game only',
    endpoints: { except: ['odds'] },
    sports: '*',
    tournaments: '*',
    bookmakers: '*',
    access: { live: false, pregame: true },
  }),
  new Entitlement({
    apiKey: 'everything-key',
    name: 'everything',
    endpoints: '*',
    sports: '*',
    tournaments: '*',
    bookmakers: '*',
    access: { live: true, pregame: true },
  }),
]);

function subscribe(login: Record<string, unknown>): Subscription {
  const result = resolveLogin(JSON.stringify({ type: 'login', ...login }), keys, reference, () => null);
  if (!result.ok) throw new Error(result.refusal.message);
  return result.subscription;
}

function refusal(login: Record<string, unknown>): number {
  const result = resolveLogin(JSON.stringify({ type: 'login', ...login }), keys, reference, () => null);
  return result.ok ? 0 : result.refusal.closeCode;
}

describe('resolveLogin', () => {
  it('leaves out the channels of endpoint families the key lacks', () => {
    const sub = subscribe({ apiKey: 'no-odds-key', bookmakers: ['pinnacle'] });
    expect(sub.channels).toEqual(['fixtures', 'scores', 'injuries', 'lineups', 'stats', 'clocks', 'oddsFutures']);
    expect(refusal({ apiKey: 'no-odds-key', channels: ['odds', 'bookmakers'], bookmakers: ['pinnacle'] })).toBe(CLOSE_CODES.nothingToSubscribe);
  });

  it('keeps the access within the key: live stays off for a pre-game key that asks for it', () => {
    expect(subscribe({ apiKey: 'no-odds-key', live: true }).access).toEqual({ live: false, pregame: true });
  });

  it('refuses fixture channels once neither live nor pre-game is left, but keeps oddsFutures', () => {
    expect(refusal({ apiKey: 'no-odds-key', pregame: false, channels: ['scores'] })).toBe(CLOSE_CODES.nothingToSubscribe);
    expect(subscribe({ apiKey: 'no-odds-key', pregame: false, bookmakers: ['pinnacle'] }).channels).toEqual(['oddsFutures']);
  });

  it('refuses tournamentIds that name no known tournament', () => {
    expect(refusal({ apiKey: 'everything-key', tournamentIds: [999_998] })).toBe(CLOSE_CODES.nothingToSubscribe);
  });

  it('gives equal shape keys to equal subscriptions asked in another order, and different ones otherwise', () => {
    const a = subscribe({ apiKey: 'everything-key', bookmakers: ['pinnacle', 'bet365'], sportIds: [10, 11] });
    const b = subscribe({ apiKey: 'everything-key', bookmakers: ['bet365', 'pinnacle'], sportIds: [11, 10] });
    const c = subscribe({ apiKey: 'everything-key', bookmakers: ['pinnacle'], sportIds: [10, 11] });
    expect(a.shapeKey).toBe(b.shapeKey);
    expect(a.shapeKey).not.toBe(c.shapeKey);
  });

  it('never puts the API key into a shape key', () => {
    expect(subscribe({ apiKey: 'everything-key' }).shapeKey).not.toContain('everything-key');
  });
});

describe('reaches', () => {
  const scope = { sportId: 10, tournamentId: 17, live: true };

  it('does not gate futures by live or pre-game, as REST does not', () => {
    const sub = subscribe({ apiKey: 'no-odds-key', bookmakers: ['pinnacle'] });
    expect(reaches(sub, 'oddsFutures', 'fut1', scope)).toBe(true);
    expect(reaches(sub, 'scores', 'id1000001761301227', scope)).toBe(false);
    expect(reaches(sub, 'scores', 'id1000001761301227', { ...scope, live: false })).toBe(true);
  });

  it('applies tournamentIds to futures and fixtureIds only to fixture channels', () => {
    const tournament = reference.data.tournaments[0];
    if (tournament === undefined) throw new Error('the test world has no tournament');
    const real = { sportId: tournament.sportId, tournamentId: tournament.tournamentId, live: true };
    const fixtureId = buildFixtureId({ providerSlug: 'id', sportId: real.sportId, tournamentId: real.tournamentId, providerFixtureId: '1' });
    const sub = subscribe({ apiKey: 'everything-key', bookmakers: ['pinnacle'], tournamentIds: [real.tournamentId], fixtureIds: [fixtureId] });
    expect(reaches(sub, 'oddsFutures', 'fut1', real)).toBe(true);
    expect(reaches(sub, 'oddsFutures', 'fut1', { ...real, tournamentId: real.tournamentId + 1 })).toBe(false);
    expect(reaches(sub, 'odds', fixtureId, real)).toBe(true);
    expect(reaches(sub, 'odds', `${fixtureId}0`, real)).toBe(false);
  });
});

describe('trimByBookmaker', () => {
  const record = { pinnacle: 1, bet365: 2 };

  it('returns the same object when every bookmaker is kept', () => {
    expect(trimByBookmaker(record, new Set(['pinnacle', 'bet365', 'unibet']))).toBe(record);
  });

  it('returns null when none is kept', () => {
    expect(trimByBookmaker(record, new Set(['unibet']))).toBeNull();
  });

  it('returns a trimmed copy otherwise', () => {
    expect(trimByBookmaker(record, new Set(['bet365']))).toEqual({ bet365: 2 });
  });
});
