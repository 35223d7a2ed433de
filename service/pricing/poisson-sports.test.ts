import { describe, expect, it } from 'vitest';
import { createFixturePricer } from './fixture-pricer.ts';
import type { BaseballParams, IceHockeyParams } from './poisson-sports.ts';
import { baseballModel, iceHockeyModel } from './poisson-sports.ts';
import { gridMass, projectGrid } from './score-grid.ts';
import type { InPlayState } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';
import { SIDES, testMarket } from '../testing/test-markets.ts';

const HOCKEY: IceHockeyParams = { model: 'ice-hockey', goals1: 3.3, goals2: 2.6 };
const BASEBALL: BaseballParams = { model: 'baseball', runs1: 4.8, runs2: 4.2 };

function probabilities(params: IceHockeyParams | BaseballParams, sportId: number, marketType: string, period: string, state: InPlayState = PRE_MATCH): number[] {
  const sides = marketType === '1x2' ? SIDES.threeWay : SIDES.twoWay;
  return createFixturePricer(params, state).fairProbabilities(testMarket(sportId, marketType, period, 0, sides), 0) ?? [];
}

describe('ice hockey model', () => {
  it('gives every row a distribution that sums to 1', () => {
    const model = iceHockeyModel(HOCKEY, PRE_MATCH);
    for (const period of ['p1', 'p2', 'p3', 'result', 'fulltime', 'overtime', 'p2+p3']) {
      expect(gridMass(model.row(period, 'goals')?.grid ?? { min1: 0, min2: 0, size1: 1, size2: 1, mass: new Float64Array(1) }), period).toBeCloseTo(1, 12);
    }
  });

  it('gives the tie-break winner one more goal in fulltime', () => {
    const [home, draw] = probabilities(HOCKEY, 15, '1x2', 'result');
    const [fulltimeHome, fulltimeDraw] = probabilities(HOCKEY, 15, '1x2', 'fulltime');
    expect(fulltimeDraw).toBe(0);
    expect(fulltimeHome).toBeCloseTo((home ?? 0) + (draw ?? 0) * (3.3 / 5.9), 12);
  });

  it('raises participant 1 chances with strength and with a goal', () => {
    const [base] = probabilities(HOCKEY, 15, 'moneyline', 'fulltime');
    const [stronger] = probabilities({ ...HOCKEY, goals1: 4 }, 15, 'moneyline', 'fulltime');
    const goal: InPlayState = { elapsed: 0.4, scores: { goals: { p1: { participant1Score: 1, participant2Score: 0 } } } };
    const [ahead] = probabilities(HOCKEY, 15, 'moneyline', 'fulltime', goal);
    expect(stronger).toBeGreaterThan(base ?? 1);
    expect(ahead).toBeGreaterThan(base ?? 1);
  });

  it('sends the leader win probability to 1 as time runs out', () => {
    const lead = (elapsed: number): InPlayState => ({ elapsed, scores: { goals: { p3: { participant1Score: 0, participant2Score: 1 } } } });
    const [, , away90] = probabilities(HOCKEY, 15, '1x2', 'result', lead(0.9));
    const [, , away99] = probabilities(HOCKEY, 15, '1x2', 'result', lead(0.99));
    expect(away99).toBeGreaterThan(away90 ?? 1);
    expect(probabilities(HOCKEY, 15, '1x2', 'result', lead(1))[2]).toBe(1);
  });
});

describe('baseball model', () => {
  it('plays extra innings until fulltime has a winner', () => {
    const [, draw] = probabilities(BASEBALL, 13, '1x2', 'fulltime');
    expect(draw).toBeLessThan(1e-12);
    const row = baseballModel(BASEBALL, PRE_MATCH).row('fulltime', 'runs');
    expect(row === null ? 0 : gridMass(row.grid)).toBeCloseTo(1, 12);
  });

  it('has five ninths of the runs in the first five innings', () => {
    const row = baseballModel(BASEBALL, PRE_MATCH).row('p1+p2+p3+p4+p5', 'runs');
    const total = projectGrid(row?.grid ?? { min1: 0, min2: 0, size1: 1, size2: 1, mass: new Float64Array(1) }, 'total');
    const mean = total.mass.reduce((s, p, k) => s + p * (total.min + k), 0);
    expect(mean).toBeCloseTo((9 * 5) / 9, 10);
  });

  it('raises participant 1 chances with strength and after scoring runs', () => {
    const [base] = probabilities(BASEBALL, 13, 'moneyline', 'fulltime');
    const [stronger] = probabilities({ ...BASEBALL, runs1: 5.5 }, 13, 'moneyline', 'fulltime');
    const runs: InPlayState = { elapsed: 3 / 9, scores: { runs: { p3: { participant1Score: 3, participant2Score: 0 } } } };
    const [ahead] = probabilities(BASEBALL, 13, 'moneyline', 'fulltime', runs);
    expect(stronger).toBeGreaterThan(base ?? 1);
    expect(ahead).toBeGreaterThan(base ?? 1);
  });

  it('rejects rates outside the model range', () => {
    expect(() => baseballModel({ ...BASEBALL, runs1: 0 }, PRE_MATCH)).toThrow(/runs1/);
    expect(() => iceHockeyModel({ ...HOCKEY, goals2: 99 }, PRE_MATCH)).toThrow(/goals2/);
  });
});
