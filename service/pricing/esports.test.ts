import { describe, expect, it } from 'vitest';
import type { EsportsParams } from './esports.ts';
import { esportsModel, raceProbability } from './esports.ts';
import type { SgpLeg } from './fixture-pricer.ts';
import { createFixturePricer } from './fixture-pricer.ts';
import { projectGrid } from './score-grid.ts';
import type { InPlayState } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';
import type { CatalogueMarket } from '../catalogue/types.ts';

const PARAMS: EsportsParams = { model: 'esports', kills1: 18, kills2: 15 };
const series = testMarket(83, 'moneyline', 'result', 0, SIDES.twoWay);
const firstMap = testMarket(83, 'moneyline', 'p1', 0, SIDES.twoWay);

function p(market: CatalogueMarket, params = PARAMS, state: InPlayState = PRE_MATCH): number[] {
  return createFixturePricer(params, state).fairProbabilities(market, 0) ?? [];
}

/** Brute force: every ordering of A's and B's kills, counted. */
function raceByEnumeration(needA: number, needB: number, killsA: number, killsB: number): number | null {
  let wins = 0;
  let decided = 0;
  const walk = (a: number, b: number): void => {
    if (a === needA || b === needB) {
      const orderings = choose(killsA - a + killsB - b, killsA - a);
      decided += orderings;
      if (a === needA) wins += orderings;
      return;
    }
    if (a === killsA && b === killsB) return;
    if (a < killsA) walk(a + 1, b);
    if (b < killsB) walk(a, b + 1);
  };
  walk(0, 0);
  return decided === 0 ? null : wins / choose(killsA + killsB, killsA);
}

function choose(n: number, k: number): number {
  let c = 1;
  for (let i = 1; i <= k; i += 1) c = (c * (n - k + i)) / i;
  return c;
}

describe('esports model', () => {
  it('computes the race to N kills as counting the kill orders', () => {
    for (const [needA, needB, killsA, killsB] of [
      [3, 3, 5, 4],
      [2, 4, 2, 6],
      [5, 5, 7, 9],
      [1, 1, 3, 2],
    ] as const) {
      expect(raceProbability(needA, needB, killsA, killsB)).toBeCloseTo(raceByEnumeration(needA, needB, killsA, killsB) ?? Number.NaN, 12);
    }
    expect(raceProbability(5, 5, 3, 4)).toBeNull();
    expect(raceProbability(5, 5, 6, 4)).toBe(1);
    expect(raceProbability(5, 5, 2, 8)).toBe(0);
  });

  it('gives first blood by the share of the kill rates', () => {
    const [first] = p(testMarket(83, 'firstblood', 'p1', 0, SIDES.twoWay));
    expect(first).toBeCloseTo(18 / 33, 10);
  });

  it('plays independent maps to a best-of-three series', () => {
    const [mapWin = 0] = p(firstMap);
    const scores = p(testMarket(83, 'correctscore', 'result', 0, ['2:0', '2:1', '1:2', '0:2']));
    expect(scores[0]).toBeCloseTo(mapWin ** 2, 12);
    expect(scores[1]).toBeCloseTo(2 * mapWin ** 2 * (1 - mapWin), 12);
    expect(p(series)[0]).toBeCloseTo(mapWin ** 2 * (3 - 2 * mapWin), 12);
  });

  it('counts the kills of the maps played only', () => {
    const model = esportsModel(PARAMS, PRE_MATCH);
    const total = model.rowProjection('result', 'kills', 'total');
    const mean = total === null ? 0 : total.dist.mass.reduce((s, q, k) => s + q * (total.dist.min + k), 0);
    const [, twoOne = 0, oneTwo = 0] = p(testMarket(83, 'correctscore', 'result', 0, ['2:0', '2:1', '1:2', '0:2']));
    expect(mean).toBeCloseTo(33 * (2 + twoOne + oneTwo), 9);
    expect(model.row('p3', 'kills')?.voidMass).toBeCloseTo(1 - twoOne - oneTwo, 12);
  });

  it('prices kill markets as distributions', () => {
    for (const market of [
      testMarket(83, 'totals-kills', 'p2', 32.5, SIDES.overUnder),
      testMarket(83, 'spreads-kills', 'result', -4.5, SIDES.twoWay),
      testMarket(83, 'teamtotals-team1-kills', 'p1', 17.5, SIDES.overUnder),
      testMarket(83, '1x2-kills', 'p1', 0, SIDES.threeWay),
      testMarket(83, 'oddeven-kills', 'p1', 0, SIDES.oddEven),
      testMarket(83, 'racetokills', 'p3', 10, SIDES.twoWay),
      testMarket(83, 'totals', 'result', 2.5, SIDES.overUnder),
    ]) {
      expect(p(market).reduce((s, q) => s + q, 0), market.marketType).toBeCloseTo(1, 12);
    }
  });

  it('raises participant 1 chances with its kill rate', () => {
    expect(p(series, { ...PARAMS, kills1: 21 })[0]).toBeGreaterThan(p(series)[0] ?? 1);
  });

  it('raises the series price after a map won and the map price with a kill lead', () => {
    const wonFirst: InPlayState = { elapsed: 0, scores: { maps: { p1: { participant1Score: 1, participant2Score: 0 } } } };
    expect(p(series, PARAMS, wonFirst)[0]).toBeGreaterThan(p(series)[0] ?? 1);
    const killLead: InPlayState = { elapsed: 0.5, scores: { kills: { p1: { participant1Score: 12, participant2Score: 4 } } } };
    expect(p(firstMap, PARAMS, killLead)[0]).toBeGreaterThan(p(firstMap)[0] ?? 1);
  });

  it('settles the series once a side has won two maps', () => {
    const over: InPlayState = {
      elapsed: 0,
      scores: { maps: { p1: { participant1Score: 0, participant2Score: 1 }, p2: { participant1Score: 0, participant2Score: 1 } } },
    };
    expect(p(series, PARAMS, over)).toEqual([0, 1]);
  });

  it('cannot price first blood of a map under way with kills', () => {
    const underWay: InPlayState = { elapsed: 0.3, scores: { kills: { p1: { participant1Score: 2, participant2Score: 1 } } } };
    expect(createFixturePricer(PARAMS, underWay).fairProbabilities(testMarket(83, 'firstblood', 'p1', 0, SIDES.twoWay), 0)).toBeNull();
    expect(p(testMarket(83, 'racetokills', 'p1', 5, SIDES.twoWay), PARAMS, underWay).reduce((s, q) => s + q, 0)).toBeCloseTo(1, 12);
  });

  it('refuses two legs on the kill order of one map', () => {
    const pricer = createFixturePricer(PARAMS);
    const legs: SgpLeg[] = [testMarket(83, 'firstblood', 'p1', 0, SIDES.twoWay), testMarket(83, 'racetokills', 'p1', 5, SIDES.twoWay)].map(
      (market) => ({ market, outcomeName: '1', playerId: 0, fairPrice: 1.8 }),
    );
    expect(pricer.jointFairPrice(legs)).toMatchObject({ kind: 'not_combinable', reason: 'order_dependent' });
  });

  it('correlates a map win with that map kill lead in a parlay', () => {
    const pricer = createFixturePricer(PARAMS);
    const killSpread = testMarket(83, 'spreads-kills', 'p1', -2.5, SIDES.twoWay);
    const firstBlood = testMarket(83, 'firstblood', 'p1', 0, SIDES.twoWay);
    const legs: SgpLeg[] = [firstMap, killSpread, firstBlood].map((market) => ({
      market,
      outcomeName: '1',
      playerId: 0,
      fairPrice: 1 / (pricer.fairProbabilities(market, 0)?.[0] ?? 1),
    }));
    const price = pricer.jointFairPrice(legs);
    expect(price.kind === 'priced' && price.fairPrice < price.singlesPrice).toBe(true);
  });

  it('has no rows for other objectives or maps beyond the series', () => {
    const model = esportsModel(PARAMS, PRE_MATCH);
    expect(model.row('result', 'towers')).toBeNull();
    expect(model.row('p4', 'maps')).toBeNull();
    expect(projectGrid(model.row('p1+p2', 'maps')?.grid ?? { min1: 0, min2: 0, size1: 1, size2: 1, mass: new Float64Array(1) }, 'total').min).toBe(0);
  });
});
