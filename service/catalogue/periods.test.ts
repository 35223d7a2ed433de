import { describe, expect, it } from 'vitest';
import { genericPeriodName, isPeriod, PeriodError, PERIODS, periodShape, zhNumeral } from './periods.ts';
import { LANGS } from './types.ts';

describe('the period vocabulary', () => {
  it('has the 213 values the spec states', () => {
    expect(PERIODS).toHaveLength(213);
  });

  it('holds each key once', () => {
    expect(new Set(PERIODS).size).toBe(PERIODS.length);
  });

  it('holds the 195 sub-period keys of 2026-10-01: rounds p1r1..p5r36 and game windows p1g2..p5g6', () => {
    const rounds = PERIODS.filter((p) => /^p[1-5]r\d+$/u.test(p));
    const windows = PERIODS.filter((p) => /^p[1-5]g\d+$/u.test(p));
    expect(rounds).toHaveLength(180);
    expect(windows).toHaveLength(15);
    expect(rounds[0]).toBe('p1r1');
    expect(rounds.at(-1)).toBe('p5r36');
    expect(windows[0]).toBe('p1g2');
    expect(windows.at(-1)).toBe('p5g6');
  });

  it('keeps the classic keys first, so appending never moves them', () => {
    expect(PERIODS.slice(0, 4)).toEqual(['fulltime', 'result', 'overtime', 'penalties']);
    for (const key of ['p1', 'p9', 'p1+p2', 'p3+p4', 'p3+p4+overtime', 'p1+p2+p3+p4+p5']) {
      expect(PERIODS.indexOf(key)).toBeLessThan(18);
    }
  });

  it('contains no empty key', () => {
    expect(PERIODS).not.toContain('');
    expect(isPeriod('')).toBe(false);
  });

  it('rejects keys outside the vocabulary', () => {
    expect(isPeriod('p10')).toBe(false);
    expect(isPeriod('p1g3')).toBe(false);
    expect(isPeriod('p6r1')).toBe(false);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(PERIODS)).toBe(true);
  });
});

describe('periodShape', () => {
  it('reads a composite as its parts', () => {
    expect(periodShape('p3+p4+overtime')).toEqual({ kind: 'composite', parts: ['p3', 'p4', 'overtime'] });
  });

  it('reads a round key as map and round', () => {
    expect(periodShape('p2r14')).toEqual({ kind: 'round', map: 2, round: 14 });
  });

  it('reads a game window as set and games', () => {
    expect(periodShape('p3g4')).toEqual({ kind: 'game-window', set: 3, games: 4 });
  });

  it('reads a regular period as its index', () => {
    expect(periodShape('p7')).toEqual({ kind: 'regular', index: 7 });
  });

  it('reads the fixed keys as themselves', () => {
    expect(periodShape('penalties')).toEqual({ kind: 'penalties' });
  });

  it('throws PeriodError for a key outside the vocabulary', () => {
    expect(() => periodShape('p0')).toThrow(PeriodError);
  });
});

describe('genericPeriodName', () => {
  it('names every vocabulary key in every language', () => {
    for (const period of PERIODS) {
      const name = genericPeriodName(period);
      for (const lang of LANGS) expect(name[lang].trim(), `${period} ${lang}`).not.toBe('');
    }
  });

  it('names a round of a map', () => {
    expect(genericPeriodName('p2r14')).toEqual({
      en: 'Map 2, Round 14',
      de: 'Map 2, Runde 14',
      fr: 'Carte 2, manche 14',
      zh: '第二局第十四回合',
    });
  });

  it('names a game window as the first games of a set', () => {
    expect(genericPeriodName('p1g4').en).toBe('Set 1, First 4 Games');
  });

  it('names a composite by its range and overtime', () => {
    expect(genericPeriodName('p3+p4+overtime').en).toBe('Periods 3–4 incl. Overtime');
    expect(genericPeriodName('p1+p2+p3+p4+p5').de).toBe('Abschnitte 1–5');
  });

  it('names fixed keys and regular periods', () => {
    expect(genericPeriodName('penalties').de).toBe('Elfmeterschießen');
    expect(genericPeriodName('p9').zh).toBe('第九节');
  });
});

describe('zhNumeral', () => {
  it('writes 1 to 99 as Chinese numerals', () => {
    expect([1, 10, 11, 20, 36, 99].map(zhNumeral)).toEqual(['一', '十', '十一', '二十', '三十六', '九十九']);
  });

  it('throws PeriodError outside 1 to 99', () => {
    expect(() => zhNumeral(0)).toThrow(PeriodError);
    expect(() => zhNumeral(1.5)).toThrow(PeriodError);
  });
});
