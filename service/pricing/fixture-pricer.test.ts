import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { returnFactor } from '../../src/domain/grade.ts';
import { selectionGrader } from '../../src/domain/settlement.ts';
import type { SgpLeg } from './fixture-pricer.ts';
import { createFixturePricer } from './fixture-pricer.ts';
import { soccerMarkets } from '../testing/market-sets.ts';
import { PricingError } from './pricing-error.ts';
import { cellMass } from './score-grid.ts';
import type { SoccerParams } from './soccer.ts';
import { dixonColesGrid } from './soccer.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';
import type { CatalogueMarket } from '../catalogue/types.ts';

const PARAMS: SoccerParams = { model: 'soccer', goals1: 1.6, goals2: 1.1, rho: -0.08 };
const pricer = createFixturePricer(PARAMS);
const matchResult = testMarket(10, '1x2', 'result', 0, SIDES.threeWay);
const over25 = testMarket(10, 'totals', 'result', 2.5, SIDES.overUnder);
const over15 = testMarket(10, 'totals', 'result', 1.5, SIDES.overUnder);
const firstHalfOver05 = testMarket(10, 'totals', 'p1', 0.5, SIDES.overUnder);
const correctScore = testMarket(10, 'correctscore', 'result', 0, ['0:1', '1:0', 'Other']);

/** A leg at its fair price. */
function fairLeg(market: CatalogueMarket, outcomeName: string, playerId = 0, on = pricer): SgpLeg {
  const index = market.outcomes.findIndex((o) => o.outcomeName === outcomeName);
  const p = on.fairProbabilities(market, playerId)?.[index];
  if (p === undefined) throw new Error(`no price for ${market.marketType} ${outcomeName}`);
  return { market, outcomeName, playerId, fairPrice: 1 / p };
}

function impliedProbability(legs: readonly SgpLeg[], on = pricer): number {
  const price = on.jointFairPrice(legs);
  if (price.kind !== 'priced') throw new Error(`not priced: ${price.reason}`);
  return price.impliedJointProbability;
}

describe('fair probabilities', () => {
  it('sum to 1 over every complete soccer market', () => {
    for (const market of soccerMarkets()) {
      const probabilities = pricer.fairProbabilities(market, 0);
      expect(probabilities, `${market.marketType} ${market.period} ${String(market.handicap)}`).not.toBeNull();
      expect((probabilities ?? []).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 9);
    }
  });

  it('sum to 1 on any Asian handicap or total line, quarter lines included', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.2, max: 3.5, noNaN: true }),
        fc.double({ min: 0.2, max: 3.5, noNaN: true }),
        fc.integer({ min: -20, max: 20 }),
        fc.integer({ min: 0, max: 30 }),
        (goals1, goals2, quarterLine, quarterTotal) => {
          const model = createFixturePricer({ model: 'soccer', goals1, goals2, rho: -0.05 });
          const handicap = model.fairProbabilities(testMarket(10, 'spreads', 'result', quarterLine / 4, SIDES.twoWay), 0) ?? [];
          const total = model.fairProbabilities(testMarket(10, 'totals', 'result', quarterTotal / 4 + 0.25, SIDES.overUnder), 0) ?? [];
          expect((handicap[0] ?? 0) + (handicap[1] ?? 0)).toBeCloseTo(1, 9);
          expect((total[0] ?? 0) + (total[1] ?? 0)).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('prices a push line so that the fair price returns exactly the stake', () => {
    // Handicap 0 (draw no bet): the price d with d·P(win) + P(draw) = 1.
    const [p1] = pricer.fairProbabilities(testMarket(10, 'spreads', 'result', 0, SIDES.twoWay), 0) ?? [];
    const [win, draw] = pricer.fairProbabilities(matchResult, 0) ?? [];
    const d = 1 / (p1 ?? Number.NaN);
    expect(d * (win ?? 0) + (draw ?? 0)).toBeCloseTo(1, 12);
  });

  it('returns null for a market the model cannot price', () => {
    expect(pricer.fairProbabilities(testMarket(10, 'firsttower', 'result', 0, SIDES.twoWay), 0)).toBeNull();
    expect(pricer.fairProbabilities(testMarket(10, 'totals', 'p1r3', 0.5, SIDES.overUnder), 0)).toBeNull();
    expect(pricer.fairProbabilities(testMarket(11, 'totals', 'result', 0.5, SIDES.overUnder), 0)).toBeNull();
    expect(pricer.fairProbabilities(testMarket(10, 'totals', 'result', 2.5, ['Yes', 'No']), 0)).toBeNull();
  });

  it('prices player props on the player count and not otherwise', () => {
    const withPlayers = createFixturePricer(PARAMS, undefined, [{ playerId: 7, rates: { 'players-shots': { mean: 2.5 } } }]);
    const shots = testMarket(10, 'players-shots', 'result', 1.5, SIDES.overUnder, true);
    const [over] = withPlayers.fairProbabilities(shots, 7) ?? [];
    // P(Poisson(2.5) ≥ 2) = 1 − e^−2.5·(1 + 2.5).
    expect(over).toBeCloseTo(1 - Math.exp(-2.5) * 3.5, 12);
    expect(withPlayers.fairProbabilities(shots, 8)).toBeNull();
  });

  it('prices markets fast enough to reprice live fixtures (logs markets per second)', () => {
    const markets = soccerMarkets();
    const reprice = (round: number): number => {
      const fresh = createFixturePricer({ ...PARAMS, goals1: 1.2 + round / 100 }, { elapsed: (round % 40) / 100, scores: {} });
      let priced = 0;
      for (const market of markets) if (fresh.fairProbabilities(market, 0) !== null) priced += 1;
      return priced;
    };
    for (let round = 0; round < 10; round += 1) reprice(round);
    const started = performance.now();
    let priced = 0;
    for (let round = 0; round < 100; round += 1) priced += reprice(round);
    const perSecond = (priced / (performance.now() - started)) * 1000;
    console.log(`soccer: ${String(markets.length)} markets per fixture, ${perSecond.toFixed(0)} markets priced per second (model build included)`);
    expect(priced).toBe(100 * markets.length);
  });

  it('prices same-game parlays fast enough for the SGP endpoint (logs parlays per second)', () => {
    const legs = [fairLeg(matchResult, '1'), fairLeg(over25, 'Over'), fairLeg(firstHalfOver05, 'Over')];
    const started = performance.now();
    let priced = 0;
    for (let round = 0; round < 200; round += 1) if (pricer.jointFairPrice(legs).kind === 'priced') priced += 1;
    const perSecond = (priced / (performance.now() - started)) * 1000;
    console.log(`soccer: ${perSecond.toFixed(0)} three-leg parlays (two periods) priced per second`);
    expect(priced).toBe(200);
  });
});

describe('joint fair price of a same-game parlay', () => {
  it('prices home win and over 2.5 above the product of the singles (positive correlation)', () => {
    const legs = [fairLeg(matchResult, '1'), fairLeg(over25, 'Over')];
    const product = legs.reduce((p, leg) => p / leg.fairPrice, 1);
    const price = pricer.jointFairPrice(legs);
    expect(impliedProbability(legs)).toBeGreaterThan(product);
    expect(price.kind === 'priced' && price.fairPrice < price.singlesPrice).toBe(true);
  });

  it('prices home win and under 1.5 below the product of the singles', () => {
    const legs = [fairLeg(matchResult, '1'), fairLeg(over15, 'Under')];
    const product = legs.reduce((p, leg) => p / leg.fairPrice, 1);
    expect(impliedProbability(legs)).toBeLessThan(product);
  });

  it('equals the grid sum of the cells where every leg wins', () => {
    const row = pricer.row('result', 'goals');
    let both = 0;
    for (let a = 0; a <= 40; a += 1) for (let b = 0; b < a; b += 1) if (a + b >= 3 && row !== null) both += cellMass(row.grid, a, b);
    expect(impliedProbability([fairLeg(matchResult, '1'), fairLeg(over25, 'Over')])).toBeCloseTo(both, 12);
  });

  it('prices legs on different halves from the joint grid of both halves', () => {
    // Independent of the pricer: Σ over first-half × second-half cells of the product of returns.
    const first = dixonColesGrid(1.6 * 0.45, 1.1 * 0.45, -0.08);
    const second = dixonColesGrid(1.6 * 0.55, 1.1 * 0.55, -0.08);
    const legs = [fairLeg(firstHalfOver05, 'Over'), fairLeg(matchResult, '1')];
    const over = selectionGrader(firstHalfOver05, 'Over');
    const home = selectionGrader(matchResult, '1');
    let expectation = 0;
    for (let a = 0; a <= 10; a += 1) {
      for (let b = 0; b <= 10; b += 1) {
        for (let c = 0; c <= 10; c += 1) {
          for (let d = 0; d <= 10; d += 1) {
            const p = cellMass(first, a, b) * cellMass(second, c, d);
            expectation += p * returnFactor(over(a, b), legs[0]?.fairPrice ?? 0) * returnFactor(home(a + c, b + d), legs[1]?.fairPrice ?? 0);
          }
        }
      }
    }
    const price = pricer.jointFairPrice(legs);
    const singles = (legs[0]?.fairPrice ?? 0) * (legs[1]?.fairPrice ?? 0);
    expect(price.kind === 'priced' ? price.fairPrice : 0).toBeCloseTo(singles / expectation, 10);
  });

  it('follows Π d / E[Π returnFactor] with push legs', () => {
    const drawNoBet = testMarket(10, 'drawnobet', 'result', 0, SIDES.twoWay);
    const legs = [fairLeg(drawNoBet, '1'), fairLeg(over25, 'Over')];
    const row = pricer.row('result', 'goals');
    let expectation = 0;
    for (let a = 0; a <= 40; a += 1) {
      for (let b = 0; b <= 40; b += 1) {
        const p = row === null ? 0 : cellMass(row.grid, a, b);
        const first = a > b ? (legs[0]?.fairPrice ?? 0) : a === b ? 1 : 0;
        expectation += p * first * (a + b >= 3 ? (legs[1]?.fairPrice ?? 0) : 0);
      }
    }
    const price = pricer.jointFairPrice(legs);
    expect(price.kind === 'priced' ? price.fairPrice : 0).toBeCloseTo(((legs[0]?.fairPrice ?? 0) * (legs[1]?.fairPrice ?? 0)) / expectation, 10);
  });

  it('prices a single leg at its fair price', () => {
    const leg = fairLeg(testMarket(10, 'spreads', 'result', -0.75, SIDES.twoWay), '1');
    const price = pricer.jointFairPrice([leg]);
    expect(price.kind === 'priced' ? price.fairPrice : 0).toBeCloseTo(leg.fairPrice, 10);
  });

  it('multiplies independent player-prop legs', () => {
    const withPlayers = createFixturePricer(PARAMS, undefined, [
      { playerId: 7, rates: { 'players-shots': { mean: 2.5 } } },
      { playerId: 9, rates: { 'players-shots': { mean: 1.2, dispersion: 0.3 } } },
    ]);
    const shots = testMarket(10, 'players-shots', 'result', 1.5, SIDES.overUnder, true);
    const legs = [fairLeg(shots, 'Over', 7, withPlayers), fairLeg(shots, 'Under', 9, withPlayers), fairLeg(matchResult, '1', 0, withPlayers)];
    const price = withPlayers.jointFairPrice(legs);
    expect(price.kind === 'priced' ? price.fairPrice : 0).toBeCloseTo(price.kind === 'priced' ? price.singlesPrice : 1, 10);
  });

  it('prices two lines of one player statistic on the same count', () => {
    const withPlayers = createFixturePricer(PARAMS, undefined, [{ playerId: 7, rates: { 'players-shots': { mean: 2.5 } } }]);
    const over15 = testMarket(10, 'players-shots', 'result', 1.5, SIDES.overUnder, true);
    const over25Shots = testMarket(10, 'players-shots', 'result', 2.5, SIDES.overUnder, true);
    const legs = [fairLeg(over15, 'Over', 7, withPlayers), fairLeg(over25Shots, 'Over', 7, withPlayers)];
    // Over 2.5 implies over 1.5: the joint is the over 2.5 single.
    expect(impliedProbability(legs, withPlayers)).toBeCloseTo(1 / (legs[1]?.fairPrice ?? 1), 12);
  });

  it('refuses two outcomes of one market', () => {
    const price = pricer.jointFairPrice([fairLeg(over25, 'Over'), fairLeg(over25, 'Under')]);
    expect(price).toMatchObject({ kind: 'not_combinable', reason: 'same_market' });
  });

  it('refuses contradictory legs', () => {
    const price = pricer.jointFairPrice([fairLeg(matchResult, '1'), fairLeg(correctScore, '0:1')]);
    expect(price).toMatchObject({ kind: 'not_combinable', reason: 'contradictory' });
  });

  it('refuses a leg the model cannot price', () => {
    const leg: SgpLeg = { market: testMarket(10, 'firsttower', 'result', 0, SIDES.twoWay), outcomeName: '1', playerId: 0, fairPrice: 2 };
    expect(pricer.jointFairPrice([leg, fairLeg(over25, 'Over')])).toMatchObject({ reason: 'unpriceable_leg' });
    const prop: SgpLeg = { market: testMarket(10, 'players-shots', 'result', 1.5, SIDES.overUnder, true), outcomeName: 'Over', playerId: 3, fairPrice: 2 };
    expect(pricer.jointFairPrice([prop])).toMatchObject({ reason: 'unpriceable_leg' });
  });

  it('rejects an empty parlay and invalid leg prices', () => {
    expect(() => pricer.jointFairPrice([])).toThrow(PricingError);
    expect(() => pricer.jointFairPrice([{ ...fairLeg(over25, 'Over'), fairPrice: 0.5 }])).toThrow(/price/);
  });
});
