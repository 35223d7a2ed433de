import { describe, expect, it } from 'vitest';
import { PricingError } from './pricing-error.ts';
import type { UnitMarket } from './score-unit.ts';
import { SPORT, scoreUnit } from './score-unit.ts';

const market = (sportId: number, marketType: string, period = 'result', playerProp = false): UnitMarket => ({ sportId, marketType, period, playerProp });

describe('scoreUnit', () => {
  it('uses the sport score for team sports', () => {
    expect(scoreUnit(market(SPORT.soccer, '1x2'))).toBe('goals');
    expect(scoreUnit(market(SPORT.iceHockey, 'totals'))).toBe('goals');
    expect(scoreUnit(market(SPORT.basketball, 'spreads'))).toBe('points');
    expect(scoreUnit(market(SPORT.americanFootball, 'moneyline'))).toBe('points');
    expect(scoreUnit(market(SPORT.baseball, 'totals', 'p1+p2+p3+p4+p5'))).toBe('runs');
  });

  it('reads sets or games from a tennis suffix, else from the period', () => {
    expect(scoreUnit(market(SPORT.tennis, 'totals-games'))).toBe('games');
    expect(scoreUnit(market(SPORT.tennis, 'spreads-sets'))).toBe('sets');
    expect(scoreUnit(market(SPORT.tennis, 'moneyline'))).toBe('sets');
    expect(scoreUnit(market(SPORT.tennis, 'correctscore', 'p1'))).toBe('games');
  });

  it('reads the objective of an esports market, maps otherwise', () => {
    expect(scoreUnit(market(SPORT.esports, 'totals-kills', 'p1'))).toBe('kills');
    expect(scoreUnit(market(SPORT.esports, 'firstblood', 'p1'))).toBe('kills');
    expect(scoreUnit(market(SPORT.esports, 'racetokills', 'p1'))).toBe('kills');
    expect(scoreUnit(market(SPORT.esports, 'triplekill', 'p1'))).toBe('kills');
    expect(scoreUnit(market(SPORT.esports, 'firsttower', 'p1'))).toBe('towers');
    expect(scoreUnit(market(SPORT.esports, 'spreads-dragons', 'p1'))).toBe('dragons');
    expect(scoreUnit(market(SPORT.esports, 'moneyline'))).toBe('maps');
  });

  it('grades player props on the player count', () => {
    expect(scoreUnit(market(SPORT.soccer, 'players-shots', 'result', true))).toBe('player-stat');
  });

  it('rejects a sport without a model', () => {
    expect(() => scoreUnit(market(99, 'moneyline'))).toThrow(PricingError);
  });
});
