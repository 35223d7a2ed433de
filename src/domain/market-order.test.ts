import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMarketTypes, compareNatural, comparePeriods, isPlayerPropType } from './market-order.ts';

describe('compareNatural', () => {
  it('compares runs of digits as numbers', () => {
    expect(['p10', 'p2', 'p1r10', 'p1r9', 'p1'].sort(compareNatural)).toEqual(['p1', 'p1r9', 'p1r10', 'p2', 'p10']);
  });

  it('tells apart strings that read as the same number', () => {
    expect(compareNatural('p01', 'p1')).not.toBe(0);
    expect(Math.sign(compareNatural('p01', 'p1')) + Math.sign(compareNatural('p1', 'p01'))).toBe(0);
  });

  it('is a total order: antisymmetric, zero only for equal strings, transitive', () => {
    const key = fc.string({ unit: fc.constantFrom('p', 'r', '0', '1', '2', '9', '+', 'g'), maxLength: 6 });
    fc.assert(
      fc.property(key, key, key, (a, b, c) => {
        expect(Math.sign(compareNatural(a, b)) + Math.sign(compareNatural(b, a))).toBe(0);
        expect(compareNatural(a, b) === 0).toBe(a === b);
        if (compareNatural(a, b) <= 0 && compareNatural(b, c) <= 0) expect(compareNatural(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });
});

describe('comparePeriods', () => {
  it('puts result and fulltime first, then the periods in natural order', () => {
    const periods = ['p2', 'p1+p2', 'fulltime', 'p1r1', 'p10', 'p1', 'result', 'p3+p4+overtime'];
    expect(periods.sort(comparePeriods)).toEqual(['result', 'fulltime', 'p1', 'p1+p2', 'p1r1', 'p2', 'p3+p4+overtime', 'p10']);
  });
});

describe('compareMarketTypes', () => {
  it('orders known types, sport variants after their family, unknown types, then player props', () => {
    const types = ['players-shots', 'zzz-new', 'totals-games', 'correctscore', 'totals', '1x2', 'players-assists', 'spreads', 'moneyline'];
    expect(types.sort(compareMarketTypes)).toEqual([
      '1x2',
      'moneyline',
      'spreads',
      'totals',
      'totals-games',
      'correctscore',
      'zzz-new',
      'players-assists',
      'players-shots',
    ]);
  });

  it('puts a variant of a two-word family after that family, not among unknown types', () => {
    const types = ['zzz-new', 'teamtotals-team1-kills', 'bothteamsscore', 'teamtotals-team1', 'totals-kills', 'spreads-european'];
    expect(types.sort(compareMarketTypes)).toEqual(['spreads-european', 'totals-kills', 'teamtotals-team1', 'teamtotals-team1-kills', 'bothteamsscore', 'zzz-new']);
  });

  it('recognises player prop types', () => {
    expect(isPlayerPropType('players-points')).toBe(true);
    expect(isPlayerPropType('totals')).toBe(false);
  });
});
