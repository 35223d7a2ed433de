import { describe, expect, it } from 'vitest';
import { PeriodError, PERIODS } from './periods.ts';
import { CatalogueError, periodLabel, periodName, SPORTS, sportById } from './sports.ts';
import { LANGS } from './types.ts';

describe('the sports', () => {
  it('have the public ids 10 to 15 and the esport 83', () => {
    expect(SPORTS.map((s) => s.sportId)).toEqual([10, 11, 12, 13, 14, 15, 83]);
  });

  it('have translated names in every language', () => {
    for (const sport of SPORTS) for (const lang of LANGS) expect(sport.sportName[lang].trim()).not.toBe('');
    expect(sportById(10).sportName).toEqual({ en: 'Soccer', de: 'Fußball', fr: 'Football', zh: '足球' });
  });

  it('have unique slugs', () => {
    expect(new Set(SPORTS.map((s) => s.sportSlug)).size).toBe(SPORTS.length);
  });

  it('have a main period from the vocabulary', () => {
    for (const sport of SPORTS) expect(PERIODS).toContain(sport.mainPeriod);
  });

  it('throws CatalogueError for an unknown sportId', () => {
    expect(() => sportById(99)).toThrow(CatalogueError);
  });
});

describe('periodLabel', () => {
  it('gives the main period no label', () => {
    expect(periodLabel(10, 'result')).toBeNull();
    expect(periodLabel(11, 'fulltime')).toBeNull();
  });

  it('calls p1 a half in soccer, a quarter in basketball, a set in tennis and a map in esports', () => {
    expect(periodLabel(10, 'p1')?.text.en).toBe('1st Half');
    expect(periodLabel(11, 'p1')?.text.en).toBe('1st Quarter');
    expect(periodLabel(12, 'p1')?.text.en).toBe('1st Set');
    expect(periodLabel(83, 'p1')?.text.en).toBe('Map 1');
  });

  it('qualifies overtime-inclusive periods as a suffix', () => {
    expect(periodLabel(15, 'fulltime')).toMatchObject({ placement: 'suffix', short: 'OT' });
  });

  it('uses French ordinals by gender: 1re manche, 1er quart-temps', () => {
    expect(periodLabel(13, 'p1')?.text.fr).toBe('1re manche');
    expect(periodLabel(11, 'p1')?.text.fr).toBe('1er quart-temps');
    expect(periodLabel(13, 'p2')?.text.fr).toBe('2e manche');
  });

  it('uses English ordinals 1st, 2nd, 3rd, 4th', () => {
    expect([1, 2, 3, 4].map((n) => periodLabel(11, `p${n}`)?.text.en)).toEqual([
      '1st Quarter',
      '2nd Quarter',
      '3rd Quarter',
      '4th Quarter',
    ]);
  });

  it('falls back to the generic name for a key the sport does not name', () => {
    expect(periodLabel(10, 'p1r3')).toEqual({
      text: { en: 'Map 1, Round 3', de: 'Map 1, Runde 3', fr: 'Carte 1, manche 3', zh: '第一局第三回合' },
      placement: 'prefix',
      short: 'p1r3',
    });
  });

  it('throws PeriodError for a key outside the vocabulary', () => {
    expect(() => periodLabel(10, 'halftime')).toThrow(PeriodError);
  });
});

describe('periodName', () => {
  it('names every vocabulary key of every sport in every language', () => {
    for (const sport of SPORTS) {
      for (const period of PERIODS) {
        const name = periodName(sport.sportId, period);
        for (const lang of LANGS) expect(name[lang].trim()).not.toBe('');
      }
    }
  });

  it('gives a suffix qualifier its standalone name', () => {
    expect(periodName(10, 'fulltime').en).toBe('Full Time incl. Extra Time');
    expect(periodName(15, 'fulltime').en).toBe('Full Time incl. Overtime');
  });

  it('names the main period generically', () => {
    expect(periodName(10, 'result').en).toBe('Regulation Time');
  });

  it('names a prefix period by its label', () => {
    expect(periodName(13, 'p1+p2+p3+p4+p5').en).toBe('First 5 Innings');
  });
});
