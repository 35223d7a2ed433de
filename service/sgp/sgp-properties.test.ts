// What a bookmaker's SGP quote must never do (issue 20), over every pair and a sample of triples
// of the markets a book quotes in the test world, at every SGP book, pre-game and live: be longer
// than the book's price of a single S whose win set lies inside the parlay's, W(S) ⊆ W(parlay)
// (S wins only when every leg wins; the cap in docs/api-parlay-sgp.md), or than the book's maximum
// price; be active on legs that cannot all win or that can push; or contradict the book's own
// legs (the fair joint's marginals are the book's no-vig legs; the joint within the Fréchet bounds).
import { describe, expect, it } from 'vitest';
import { devig } from '../../src/domain/devig.ts';
import { parseOddsId } from '../../src/domain/ids.ts';
import { selectionGrader } from '../../src/domain/settlement.ts';
import type { Grade } from '../../src/domain/grade.ts';
import type { CatalogueMarket } from '../catalogue/types.ts';
import { marginalOf } from '../pricing/marginal-fit.ts';
import { SimulatedSgpBackends } from './backends.ts';
import type { SgpQuoteRequest } from './backends.ts';
import { bookJoint, sgpBudget } from './book-joint.ts';
import { defaultSgpKnobs } from './port.ts';
import { FIXTURES, MARKETS, TestWorld, WORLD_BOOKS, oddsIdOf } from '../testing/test-world.ts';

const world = new TestWorld();
const backends = new SimulatedSgpBackends(world, defaultSgpKnobs());
const SGP_BOOKS = WORLD_BOOKS.filter((book) => world.bookmakerProfile(book)?.sgp !== null);
const GOALS = 6;

interface Selection {
  readonly market: CatalogueMarket;
  readonly outcomeName: string;
}

const selections: Selection[] = Object.values(MARKETS).flatMap((market) => market.outcomes.map((o) => ({ market, outcomeName: o.outcomeName })));

/** Every (first half, second half) score up to GOALS goals a side per half. */
const HALVES: (readonly [number, number, number, number])[] = [];
for (let h1 = 0; h1 <= GOALS; h1 += 1) for (let a1 = 0; a1 <= GOALS; a1 += 1) for (let h2 = 0; h2 <= GOALS; h2 += 1) for (let a2 = 0; a2 <= GOALS; a2 += 1) HALVES.push([h1, a1, h2, a2]);

/** A score selection's grade in each state of HALVES, from the settlement rules alone. */
function gradesOf({ market, outcomeName }: Selection): Grade[] {
  const grader = selectionGrader(market, outcomeName);
  return HALVES.map(([h1, a1, h2, a2]) => (market.period === 'p1' ? grader(h1, a1) : market.period === 'p2' ? grader(h2, a2) : grader(h1 + h2, a1 + a2)));
}
const grades = new Map(selections.filter((s) => !s.market.playerProp).map((s) => [s, gradesOf(s)]));

function oddsIdsOf(fixtureId: string, book: string, legs: readonly Selection[]): string[] {
  return legs.map((s) => oddsIdOf(fixtureId, book, s.market, s.outcomeName));
}

function requestOf(fixtureId: string, book: string, oddsIds: readonly string[]): SgpQuoteRequest {
  const profile = world.bookmakerProfile(book);
  const bookOdds = world.odds(fixtureId, book) ?? {};
  if (profile?.sgp === null || profile?.sgp === undefined) throw new Error(book);
  return {
    fixtureId,
    parlayId: [...oddsIds].sort().join(','),
    profile,
    terms: profile.sgp,
    bookmakerFixtureId: world.bookmakerMeta(fixtureId, book)?.bookmakerFixtureId ?? null,
    legs: oddsIds.map((id) => {
      const entry = bookOdds[id];
      if (entry === undefined) throw new Error(id);
      return { leg: parseOddsId(id), entry };
    }),
    bookOdds,
    pricing: world,
  };
}

/** The book's no-vig probability of a selection, from its prices of the whole market. */
function noVig(fixtureId: string, book: string, { market, outcomeName }: Selection): number {
  const prices = market.outcomes.map((o) => world.odds(fixtureId, book)?.[oddsIdOf(fixtureId, book, market, o.outcomeName)]?.price ?? NaN);
  const method = world.bookmakerProfile(book)?.marginMethod ?? 'multiplicative';
  return devig(prices, method)[market.outcomes.findIndex((o) => o.outcomeName === outcomeName)] ?? NaN;
}

const pairs: Selection[][] = [];
const triples: Selection[][] = [];
selections.forEach((a, i) => {
  selections.forEach((b, j) => {
    if (j <= i || a.market === b.market) return;
    pairs.push([a, b]);
    // A deterministic sample of triples: every 7th third leg.
    selections.forEach((c, k) => {
      if (k > j && c.market !== a.market && c.market !== b.market && (i + j + k) % 7 === 0) triples.push([a, b, c]);
    });
  });
});

interface Checked {
  active: number;
  refused: number;
}

function check(fixtureId: string, book: string, legs: readonly Selection[], counts: Checked): void {
  const oddsIds = oddsIdsOf(fixtureId, book, legs);
  const answer = backends.price(requestOf(fixtureId, book, oddsIds));
  const label = `${book} ${fixtureId} ${legs.map((l) => `${l.market.marketType}/${l.market.period}/${String(l.market.handicap)}:${l.outcomeName}`).join(' + ')}`;
  if (answer.kind !== 'quoted') {
    counts.refused += 1;
    return;
  }
  counts.active += 1;
  const { price, fairPrice } = answer.quote;
  const profile = world.bookmakerProfile(book);
  expect(price, label).toBeLessThanOrEqual(profile?.maxPrice ?? 0);
  const scoreLegs = legs.filter((l) => !l.market.playerProp);
  const legGrades = scoreLegs.map((l) => grades.get(l) ?? []);
  const allWin = HALVES.map((_s, n) => legGrades.every((g) => g[n] === 'won'));
  // Legs that cannot all win, or that can push, are never active.
  expect(allWin.some((w) => w), label).toBe(true);
  for (const g of legGrades) expect(g.some((grade) => grade !== 'won' && grade !== 'lost'), label).toBe(false);
  // The cap: no longer than any single S of the book with W(S) ⊆ W(parlay), graded from the
  // settlement rules over every score up to 6 goals a side per half (not the reverse
  // inclusion, which every leg satisfies).
  if (scoreLegs.length === legs.length) {
    for (const single of selections) {
      const singleGrades = grades.get(single);
      if (singleGrades === undefined || !singleGrades.some((g) => g === 'won')) continue;
      if (!singleGrades.every((g, n) => g !== 'won' || allWin[n] === true)) continue;
      const singlePrice = world.odds(fixtureId, book)?.[oddsIdOf(fixtureId, book, single.market, single.outcomeName)]?.price ?? Infinity;
      expect(price, `${label} vs single ${single.market.marketType}/${String(single.market.handicap)}:${single.outcomeName} at ${String(singlePrice)}`).toBeLessThanOrEqual(singlePrice);
    }
  }
  // The fair joint: its marginals are the book's no-vig legs, and it lies within the Fréchet bounds.
  const refs = oddsIds.map((id) => parseOddsId(id)).map((l) => ({ outcomeId: l.outcomeId, playerId: l.playerId }));
  const targets = legs.map((l) => noVig(fixtureId, book, l));
  const joint = bookJoint(refs, targets, (subset, budget) => world.winProbability(fixtureId, subset, budget), sgpBudget());
  if (joint.kind !== 'fitted') throw new Error(`${label}: quoted but not fitted`);
  expect(1 / fairPrice, label).toBeCloseTo(joint.probability, 12);
  targets.forEach((t, i) => {
    expect(Math.abs(marginalOf(joint.table, i) - t), `${label} leg ${String(i)}`).toBeLessThanOrEqual(1e-6);
  });
  const sum = targets.reduce((a, b) => a + b, 0);
  expect(joint.probability, label).toBeGreaterThanOrEqual(Math.max(0, sum - (targets.length - 1)) - 1e-12);
  expect(joint.probability, label).toBeLessThanOrEqual(Math.min(...targets) + 1e-12);
}

describe('SGP quotes a bookmaker would really make', () => {
  for (const fixtureId of [FIXTURES.home, FIXTURES.live]) {
    it(`holds over every pair and a sample of triples at every SGP book (${fixtureId === FIXTURES.home ? 'pre-game' : 'live'})`, () => {
      const counts: Checked = { active: 0, refused: 0 };
      for (const book of SGP_BOOKS) {
        for (const legs of [...pairs, ...triples]) check(fixtureId, book, legs, counts);
      }
      // The property is not vacuous: most combinations are quoted, some refused.
      expect(counts.active).toBeGreaterThan(counts.refused);
      expect(counts.refused).toBeGreaterThan(0);
    }, 120_000);
  }

  it('prices independent legs (a player prop and the result) at the product of the book no-vig legs', () => {
    const legs = [{ market: MARKETS.result, outcomeName: '1' }, { market: MARKETS.shots, outcomeName: 'Over' }];
    const answer = backends.price(requestOf(FIXTURES.home, 'bet365', oddsIdsOf(FIXTURES.home, 'bet365', legs)));
    if (answer.kind !== 'quoted') throw new Error(JSON.stringify(answer));
    const product = noVig(FIXTURES.home, 'bet365', legs[0] ?? { market: MARKETS.result, outcomeName: '1' }) * noVig(FIXTURES.home, 'bet365', legs[1] ?? { market: MARKETS.shots, outcomeName: 'Over' });
    expect(1 / answer.quote.fairPrice).toBeCloseTo(product, 12);
  });

  it('refuses {Draw, home draw-no-bet} as not combinable: the draw-no-bet leg pushes when the draw wins', () => {
    const legs = [{ market: MARKETS.result, outcomeName: 'X' }, { market: MARKETS.drawNoBet, outcomeName: '1' }];
    const answer = backends.price(requestOf(FIXTURES.home, 'bet365', oddsIdsOf(FIXTURES.home, 'bet365', legs)));
    expect(answer.kind).toBe('not_combinable');
  });

  it('prices {home win, home by exactly 1 (home −1 "X")} no longer than that single, which it equals', () => {
    // Home −1 "X" is "home by exactly 1": with a home win the parlay IS that single.
    const legs = [{ market: MARKETS.result, outcomeName: '1' }, { market: MARKETS.european, outcomeName: 'X' }];
    for (const book of SGP_BOOKS) {
      const answer = backends.price(requestOf(FIXTURES.home, book, oddsIdsOf(FIXTURES.home, book, legs)));
      if (answer.kind !== 'quoted') throw new Error(`${book}: ${JSON.stringify(answer)}`);
      const single = world.odds(FIXTURES.home, book)?.[oddsIdOf(FIXTURES.home, book, MARKETS.european, 'X')]?.price ?? 0;
      expect(answer.quote.price, book).toBeLessThanOrEqual(single);
    }
  });
});
