import { describe, expect, it } from 'vitest';
import type { SettledSelection } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { mainMarkets, marketResult } from './final-markets.ts';

function market(marketId: number, marketType: string, handicap: number, period = 'result', playerProp = false): Market {
  return {
    marketId,
    marketLength: 2,
    sportId: 10,
    playerProp,
    handicap,
    period,
    marketType,
    marketName: `${marketType} ${String(handicap)}`,
    marketNameShort: marketType,
    outcomes: [
      { outcomeId: marketId * 10 + 1, outcomeName: 'Over' },
      { outcomeId: marketId * 10 + 2, outcomeName: 'Under' },
    ],
  };
}

describe('mainMarkets', () => {
  it('keeps one whole-match line per market type, the middle one offered, in catalogue order', () => {
    const offered = [market(1, '1x2', 0), market(2, 'totals', 1.5), market(3, 'totals', 2.5), market(4, 'totals', 3.5), market(5, 'totals', 2.5, 'p1'), market(6, 'players-goals', 0.5, 'result', true)];
    expect(mainMarkets(offered).map((m) => m.marketId)).toEqual([1, 3]);
  });

  it('falls back to the fulltime period for a type without a result market', () => {
    expect(mainMarkets([market(7, 'moneyline', 0, 'fulltime')]).map((m) => m.marketId)).toEqual([7]);
  });
});

describe('marketResult', () => {
  it('lists each graded outcome of the match market in outcome order', () => {
    const graded = (outcomeId: number, grade: SettledSelection['grade'], playerId = 0): SettledSelection => ({
      selectionKey: `f:${String(outcomeId)}:${String(playerId)}`, marketId: 3, outcomeId, playerId, grade, rule: '', score: null, settledAt: 1,
    });
    expect(marketResult(market(3, 'totals', 2.5), [graded(32, 'lost'), graded(31, 'won'), graded(31, 'lost', 9)])).toEqual([
      { name: 'Over', grade: 'won' },
      { name: 'Under', grade: 'lost' },
    ]);
  });
});
