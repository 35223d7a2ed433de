import { describe, expect, it } from 'vitest';
import type { CatalogueMarket } from '../catalogue/types.ts';
import { newMatchState } from './match-engine.ts';
import type { MatchState } from './match-engine.ts';
import { gradeOffered, scoresOfUnit } from './settle.ts';

function market(partial: Partial<CatalogueMarket> & Pick<CatalogueMarket, 'marketType' | 'sportId'>): CatalogueMarket {
  const outcomes = partial.outcomes ?? [{ outcomeId: 1001, outcomeName: '1' }, { outcomeId: 1002, outcomeName: '2' }];
  return {
    marketId: outcomes[0]?.outcomeId ?? 1001,
    period: 'result',
    handicap: 0,
    playerProp: false,
    marketLength: outcomes.length,
    marketName: { en: '', de: '', fr: '', zh: '' },
    marketNameShort: '',
    outcomes,
    ...partial,
  };
}

function finished(rows: MatchState['rows']): MatchState {
  return { ...newMatchState(), phase: 'done', rows };
}

const OVER_UNDER = [{ outcomeId: 1001, outcomeName: 'Over' }, { outcomeId: 1002, outcomeName: 'Under' }];

describe('gradeOffered', () => {
  it('grades a total on the row of its period', () => {
    const state = finished({ goals: { result: [2, 1], fulltime: [2, 1], p1: [0, 0], p2: [2, 1] } });
    const totals = market({ sportId: 10, marketType: 'totals', handicap: 2.5, outcomes: OVER_UNDER });
    expect(gradeOffered(state, totals, 'Over', 0).grade).toBe('won');
    expect(gradeOffered(state, { ...totals, period: 'p1' }, 'Over', 0).grade).toBe('lost');
  });

  it('voids a market on a period that was never played', () => {
    const state = finished({ maps: { result: [2, 0], p1: [1, 0], p2: [1, 0] } });
    const result = gradeOffered(state, market({ sportId: 83, marketType: 'moneyline', period: 'p3' }), '1', 0);
    expect(result.grade).toBe('void');
  });

  it('settles toqualify on the penalty shoot-out after a drawn tie', () => {
    const state = finished({ goals: { result: [1, 1], fulltime: [1, 1], penalties: [3, 5] } });
    const toqualify = market({ sportId: 10, marketType: 'toqualify', period: 'fulltime' });
    expect(gradeOffered(state, toqualify, '2', 0).grade).toBe('won');
    expect(gradeOffered(state, toqualify, '1', 0).grade).toBe('lost');
  });

  it('settles first blood on who drew it, and voids it when nobody did', () => {
    const state = { ...finished({ kills: { p1: [3, 4] } }), firsts: { 'firstblood:p1': 2 as const } };
    const firstblood = market({ sportId: 83, marketType: 'firstblood', period: 'p1' });
    expect(gradeOffered(state, firstblood, '2', 0).grade).toBe('won');
    expect(gradeOffered(state, { ...firstblood, period: 'p2' }, '2', 0).grade).toBe('void');
  });

  it('grades a player prop on the player’s own count', () => {
    const state = { ...finished({}), players: { '77': { 'players-shots': 3 } } };
    const prop = market({ sportId: 10, marketType: 'players-shots', handicap: 2.5, playerProp: true, period: 'fulltime', outcomes: OVER_UNDER });
    const result = gradeOffered(state, prop, 'Over', 77);
    expect(result.grade).toBe('won');
    expect(result.score).toEqual({ participant1Score: 3, participant2Score: 0 });
  });

  it('voids a selection no rule can grade, saying why', () => {
    const state = finished({ goals: { result: [1, 0] } });
    const result = gradeOffered(state, market({ sportId: 10, marketType: 'cornerrace' }), '1', 0);
    expect(result.grade).toBe('void');
    expect(result.rule).toContain('no settlement rule');
  });
});

describe('scoresOfUnit', () => {
  it('turns the engine rows of one unit into settlement score rows', () => {
    expect(scoresOfUnit(finished({ goals: { p1: [1, 2] } }), 'goals')).toEqual({ p1: { participant1Score: 1, participant2Score: 2 } });
    expect(scoresOfUnit(finished({}), 'goals')).toEqual({});
  });
});
