import { describe, expect, it } from 'vitest';
import { parseOddsId } from '../../src/domain/ids.ts';
import { roundHalfAwayFromZero } from '../../src/domain/rounding.ts';
import { ODDS_HOLD_MS, legStateReason, legsChangedAt, legsSinglesPrice, oddsExpired, plainView, resolveLegs } from './legs.ts';
import { FIXTURES, MARKETS, TestWorld, oddsIdOf } from '../testing/test-world.ts';

const H = FIXTURES.home;

function resolve(world: TestWorld, ids: readonly string[]) {
  return resolveLegs(world, ids.map((id) => parseOddsId(id)).sort((a, b) => (a.oddsId < b.oddsId ? -1 : 1)), 'en');
}

describe('resolveLegs', () => {
  it('groups the legs into one parlay per bookmaker, in slug order', () => {
    const world = new TestWorld();
    const { books } = resolve(world, [oddsIdOf(H, 'fanduel', MARKETS.result, '1'), oddsIdOf(H, 'bet365', MARKETS.result, '1')]);
    expect(books.map((b) => b.bookmaker)).toEqual(['bet365', 'fanduel']);
  });

  it('finds a held leg with a copy of its entry', () => {
    const world = new TestWorld();
    const id = oddsIdOf(H, 'bet365', MARKETS.result, '1');
    const [book] = resolve(world, [id]).books;
    expect(book?.found[0]?.entry).toEqual(world.odds(H, 'bet365')?.[id]);
    expect(book?.found[0]?.entry).not.toBe(world.odds(H, 'bet365')?.[id]);
  });

  it('misses every leg of an unknown bookmaker', () => {
    const world = new TestWorld();
    expect(resolve(world, [`${H}:nosuchbook:101:0`]).books[0]?.missing).toEqual([`${H}:nosuchbook:101:0`]);
  });

  it('misses the legs of a fixture past its hold', () => {
    const world = new TestWorld();
    const id = oddsIdOf(FIXTURES.expired, 'bet365', MARKETS.result, '1');
    expect(resolve(world, [id]).books[0]?.missing).toEqual([id]);
  });

  it('records an unknown fixture as undefined', () => {
    const world = new TestWorld();
    expect(resolve(world, [`${FIXTURES.fabricated}:bet365:101:0`]).fixtures.get(FIXTURES.fabricated)).toBeUndefined();
  });
});

describe('odds hold', () => {
  it('holds odds up to 6 hours after the end and no longer', () => {
    const world = new TestWorld();
    const fixture = world.fixture(FIXTURES.ended, 'en');
    if (fixture?.endedAt === null || fixture === undefined) throw new Error('no end');
    expect(oddsExpired(fixture, fixture.endedAt + ODDS_HOLD_MS)).toBe(false);
    expect(oddsExpired(fixture, fixture.endedAt + ODDS_HOLD_MS + 1)).toBe(true);
  });

  it('never expires a fixture that has not ended', () => {
    const world = new TestWorld();
    const fixture = world.fixture(H, 'en');
    if (fixture === undefined) throw new Error('no fixture');
    expect(oddsExpired(fixture, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe('legStateReason', () => {
  const legs = [oddsIdOf(H, 'bet365', MARKETS.result, '1'), oddsIdOf(H, 'bet365', MARKETS.over25, 'Over')];

  function reason(world: TestWorld) {
    const { fixtures, books } = resolve(world, legs);
    const [book] = books;
    if (book === undefined) throw new Error('no book');
    return legStateReason(world, book, fixtures);
  }

  it('is null when every leg is tradable', () => {
    expect(reason(new TestWorld())).toBeNull();
  });

  it('prefers bookmaker_suspended to market_closed', () => {
    const world = new TestWorld();
    world.patchMeta(H, 'bet365', { suspended: true });
    world.patchEntry(legs[0] ?? '', { marketActive: false });
    expect(reason(world)).toBe('bookmaker_suspended');
  });

  it('prefers market_closed to leg_suspended', () => {
    const world = new TestWorld();
    world.patchEntry(legs[0] ?? '', { active: false });
    world.patchEntry(legs[1] ?? '', { marketActive: false });
    expect(reason(world)).toBe('market_closed');
  });

  it('reports leg_suspended for an inactive leg', () => {
    const world = new TestWorld();
    world.patchEntry(legs[1] ?? '', { active: false });
    expect(reason(world)).toBe('leg_suspended');
  });
});

describe('parlay numbers', () => {
  it('rounds singlesPrice like a parlay price', () => {
    const world = new TestWorld();
    const [book] = resolve(world, [oddsIdOf(H, 'bet365', MARKETS.result, '1'), oddsIdOf(H, 'bet365', MARKETS.over25, 'Over')]).books;
    const prices = book?.found.map((f) => f.entry.price) ?? [];
    expect(legsSinglesPrice(book?.found ?? [])).toBe(roundHalfAwayFromZero(prices.reduce((a, b) => a * b, 1), 2));
  });

  it('takes the latest leg change as changedAt', () => {
    const world = new TestWorld();
    const [book] = resolve(world, [oddsIdOf(H, 'bet365', MARKETS.result, '1'), oddsIdOf(H, 'bet365', MARKETS.over25, 'Over')]).books;
    expect(legsChangedAt(book?.found ?? [])).toBe(Math.max(...(book?.found.map((f) => f.entry.changedAt) ?? [])));
  });
});

describe('plainView', () => {
  it('strips odds, bookmakers and reissuedFixtureId', () => {
    const view = new TestWorld().fixture(H, 'en')?.view;
    if (view === undefined) throw new Error('no view');
    const plain = plainView({ ...view, odds: {}, bookmakers: {} });
    expect(Object.keys(plain)).not.toContain('odds');
    expect(Object.keys(plain)).not.toContain('bookmakers');
    expect(Object.keys(plain)).not.toContain('reissuedFixtureId');
    expect(plain.fixtureId).toBe(H);
  });
});
