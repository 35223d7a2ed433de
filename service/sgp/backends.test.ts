import { describe, expect, it } from 'vitest';
import { parseOddsId } from '../../src/domain/ids.ts';
import type { BookmakerProfile, SgpProfile } from '../catalogue/types.ts';
import { BETFAIR_LADDER } from '../pricing/quoting.ts';
import {
  SimulatedSgpBackends,
  bookmakerParlayId,
  exchangeOffers,
  exchangeSgpPrice,
  ladderDown,
  sportsbookSgpPrice,
} from './backends.ts';
import type { SgpQuoteRequest } from './backends.ts';
import { defaultSgpKnobs } from './port.ts';
import { FIXTURES, MARKETS, TestWorld, oddsIdOf } from '../testing/test-world.ts';

const TERMS: SgpProfile = { margin: 0.2, maxLegs: 12, allowsPlayerProps: true, limit: 2000 };

function profileOf(world: TestWorld, slug: string): BookmakerProfile {
  const profile = world.bookmakerProfile(slug);
  if (profile === undefined) throw new Error(slug);
  return profile;
}

function request(world: TestWorld, slug: string, names: readonly [string, string][]): SgpQuoteRequest {
  const profile = profileOf(world, slug);
  const markets = { '1x2': MARKETS.result, over25: MARKETS.over25, over15: MARKETS.over15 } as const;
  const legs = names.map(([m, side]) => {
    const oddsId = oddsIdOf(FIXTURES.home, slug, markets[m as keyof typeof markets], side);
    const entry = world.odds(FIXTURES.home, slug)?.[oddsId];
    if (entry === undefined) throw new Error(oddsId);
    return { leg: parseOddsId(oddsId), entry };
  });
  return {
    fixtureId: FIXTURES.home,
    parlayId: legs.map((l) => l.leg.oddsId).sort().join(','),
    profile,
    terms: profile.sgp ?? TERMS,
    bookmakerFixtureId: world.bookmakerMeta(FIXTURES.home, slug)?.bookmakerFixtureId ?? null,
    legs,
    bookOdds: world.odds(FIXTURES.home, slug) ?? {},
    pricing: world,
  };
}

describe('SGP prices', () => {
  it('puts the book margin on the joint probability: fair 6 at 20 % is 5', () => {
    expect(sportsbookSgpPrice(6, TERMS)).toBe(5);
  });

  it('rounds a sportsbook SGP price to 2 decimals', () => {
    expect(sportsbookSgpPrice(4.1234, { ...TERMS, margin: 0 })).toBe(4.12);
  });

  it('never quotes an active price below 1.01', () => {
    expect(sportsbookSgpPrice(1.05, TERMS)).toBe(1.01);
  });

  it('snaps a price down onto the Betfair ladder', () => {
    expect(ladderDown(4.17)).toBe(4.1);
    expect(ladderDown(2.02)).toBe(2.02);
  });

  it('quotes the exchange on its ladder after its margin', () => {
    expect(exchangeSgpPrice(5.25, { ...TERMS, margin: 0.05 })).toBe(5);
  });

  it('offers the next ladder rungs below the best price with decreasing stakes', () => {
    const offers = exchangeOffers(5, 0.2);
    expect(offers.map((o) => o.price)).toEqual([4.9, 4.8, 4.7]);
    expect(offers[0]?.limit).toBeGreaterThan(offers[1]?.limit ?? Infinity);
    expect(offers[1]?.limit).toBeGreaterThan(offers[2]?.limit ?? Infinity);
  });

  it('offers nothing below the bottom of the ladder', () => {
    expect(exchangeOffers(BETFAIR_LADDER[0] ?? 1.01, 0.9)).toEqual([]);
  });
});

describe('bookmakerParlayId', () => {
  const world = new TestWorld();

  it('is stable for one book and parlay', () => {
    expect(bookmakerParlayId(profileOf(world, 'bet365'), 'a,b')).toBe(bookmakerParlayId(profileOf(world, 'bet365'), 'a,b'));
  });

  it('differs between books for the same parlay', () => {
    expect(bookmakerParlayId(profileOf(world, 'bet365'), 'a,b')).not.toBe(bookmakerParlayId(profileOf(world, 'fanduel'), 'a,b'));
  });

  it('looks like an exchange market id at the exchange', () => {
    expect(bookmakerParlayId(profileOf(world, 'betfair-ex'), 'a,b')).toMatch(/^1\.\d{9}$/);
  });
});

describe('SimulatedSgpBackends', () => {
  it('quotes the model joint price with the book margin', async () => {
    const world = new TestWorld();
    const backends = new SimulatedSgpBackends(world, defaultSgpKnobs());
    const answer = await backends.quote(request(world, 'bet365', [['1x2', '1'], ['over25', 'Over']]), new AbortController().signal);
    if (answer.kind !== 'quoted') throw new Error(answer.kind);
    expect(answer.quote.price).toBe(sportsbookSgpPrice(answer.quote.fairPrice, TERMS));
  });

  it('answers rate_limited at once for a rate-limited book', async () => {
    const world = new TestWorld();
    const knobs = defaultSgpKnobs();
    knobs.rateLimitedBookmakers.add('bet365');
    const answer = await new SimulatedSgpBackends(world, knobs).quote(request(world, 'bet365', [['1x2', '1'], ['over25', 'Over']]), new AbortController().signal);
    expect(answer).toMatchObject({ kind: 'unresolved', cause: 'rate_limited' });
  });

  it('stalls a fetch-failed book until the caller aborts', async () => {
    const world = new TestWorld();
    const knobs = defaultSgpKnobs();
    knobs.fetchFailedBookmakers.add('bet365');
    const controller = new AbortController();
    const pending = new SimulatedSgpBackends(world, knobs, { stallMs: 60_000 }).quote(request(world, 'bet365', [['1x2', '1'], ['over25', 'Over']]), controller.signal);
    setTimeout(() => {
      controller.abort();
    }, 20);
    expect(await pending).toMatchObject({ kind: 'unresolved', cause: 'error' });
  });

  it('answers not_combinable for contradictory legs', async () => {
    const world = new TestWorld();
    const answer = await new SimulatedSgpBackends(world, defaultSgpKnobs()).quote(
      request(world, 'bet365', [['over25', 'Over'], ['over15', 'Under']]),
      new AbortController().signal,
    );
    expect(answer.kind).toBe('not_combinable');
  });

  it('answers unknown_fixture when the book has no id for the fixture', async () => {
    const world = new TestWorld();
    const answer = await new SimulatedSgpBackends(world, defaultSgpKnobs()).quote(
      { ...request(world, 'bet365', [['1x2', '1'], ['over25', 'Over']]), bookmakerFixtureId: null },
      new AbortController().signal,
    );
    expect(answer).toMatchObject({ kind: 'unresolved', cause: 'unknown_fixture' });
  });

  it('answers unknown_fixture when the pricing service has no model of the fixture', async () => {
    const world = new TestWorld();
    const req = request(world, 'bet365', [['1x2', '1'], ['over25', 'Over']]);
    world.purge(FIXTURES.home);
    const answer = await new SimulatedSgpBackends(world, defaultSgpKnobs()).quote(req, new AbortController().signal);
    expect(answer).toMatchObject({ kind: 'unresolved', cause: 'unknown_fixture' });
  });

  it('names every leg in the betslip', async () => {
    const world = new TestWorld();
    const answer = await new SimulatedSgpBackends(world, defaultSgpKnobs()).quote(
      request(world, 'fanduel', [['1x2', '1'], ['over25', 'Over']]),
      new AbortController().signal,
    );
    if (answer.kind !== 'quoted') throw new Error(answer.kind);
    const selections = new URL(answer.quote.betslip).searchParams.get('selectionIds');
    expect(selections).toBe(`${String(MARKETS.result.outcomes[0]?.outcomeId)}-0,${String(MARKETS.over25.outcomes[0]?.outcomeId)}-0`);
  });
});
