import { describe, expect, it } from 'vitest';
import { formatLine, isPlayerPropType, marketNames, PLAYER_PROP_TYPES } from './market-names.ts';
import { PeriodError } from './periods.ts';
import { CatalogueError } from './sports.ts';

describe('formatLine', () => {
  it('uses a decimal point in en and zh and a comma in de and fr', () => {
    expect(['en', 'de', 'fr', 'zh'].map((lang) => formatLine(lang as 'en', 2.5))).toEqual(['2.5', '2,5', '2,5', '2.5']);
  });

  it('signs positive handicaps and leaves 0 and negatives alone', () => {
    expect(formatLine('en', 0.25, true)).toBe('+0.25');
    expect(formatLine('en', 0, true)).toBe('0');
    expect(formatLine('de', -1.5, true)).toBe('-1,5');
  });

  it('writes −0 as 0', () => {
    expect(formatLine('en', -0, true)).toBe('0');
  });

  it('throws CatalogueError for a non-finite line', () => {
    expect(() => formatLine('en', Number.NaN)).toThrow(CatalogueError);
  });
});

describe('marketNames', () => {
  it('names a main-period total without a period label', () => {
    expect(marketNames(10, 'totals', 'result', 2.5)).toEqual({
      marketName: {
        en: 'Total Goals Over/Under 2.5',
        de: 'Gesamttore Über/Unter 2,5',
        fr: 'Total de buts Plus/Moins de 2,5',
        zh: '总进球 大/小 2.5',
      },
      marketNameShort: 'O/U 2.5',
    });
  });

  it('prefixes a sub-period with its label', () => {
    const { marketName, marketNameShort } = marketNames(10, 'spreads', 'p1', -0.25);
    expect(marketName.en).toBe('1st Half - Asian Handicap -0.25');
    expect(marketName.zh).toBe('上半场 亚洲让球 -0.25');
    expect(marketNameShort).toBe('1H AH -0.25');
  });

  it('qualifies an overtime-inclusive period with a suffix', () => {
    expect(marketNames(15, 'moneyline', 'fulltime', 0).marketName.en).toBe('Winner (incl. Overtime)');
  });

  it('names To Qualify without a period label', () => {
    expect(marketNames(10, 'toqualify', 'fulltime', 0).marketName).toEqual({
      en: 'To Qualify',
      de: 'Weiterkommen',
      fr: 'Qualification',
      zh: '晋级',
    });
  });

  it('names units by the marketType suffix', () => {
    expect(marketNames(12, 'totals-games', 'fulltime', 22.5).marketName.en).toBe('Total Games Over/Under 22.5');
    expect(marketNames(12, 'spreads-sets', 'fulltime', -1.5).marketName.en).toBe('Set Handicap -1.5');
    expect(marketNames(83, 'totals-kills', 'p1', 25.5).marketNameShort).toBe('M1 Kills O/U 25.5');
  });

  it('names the sport unit of a plain spread', () => {
    expect(marketNames(11, 'spreads', 'fulltime', -5.5).marketName.en).toBe('Point Spread -5.5');
    expect(marketNames(13, 'spreads', 'fulltime', 1.5).marketName.en).toBe('Run Line +1.5');
  });

  it('names team totals with the team', () => {
    expect(marketNames(10, 'teamtotals-team2', 'result', 1.5).marketName.fr).toBe('Équipe 2 Total de buts Plus/Moins de 1,5');
    expect(marketNames(83, 'teamtotals-team1-kills', 'p2', 12.5).marketNameShort).toBe('M2 T1 Kills O/U 12.5');
  });

  it('names a European handicap with its signed whole line', () => {
    expect(marketNames(10, 'spreads-european', 'result', 1).marketName.de).toBe('Europäisches Handicap +1');
  });

  it('names player props as Over/Under on the statistic', () => {
    expect(marketNames(10, 'players-shots', 'result', 1.5).marketName).toEqual({
      en: 'Player Shots Over/Under 1.5',
      de: 'Spieler-Schüsse Über/Unter 1,5',
      fr: 'Tirs du joueur Plus/Moins de 1,5',
      zh: '球员射门 大/小 1.5',
    });
  });

  it('names odd/even on the unit', () => {
    expect(marketNames(83, 'oddeven-kills', 'p1', 0).marketName.en).toBe('Map 1 - Total Kills Odd/Even');
    expect(marketNames(10, 'oddeven', 'result', 0).marketNameShort).toBe('O/E');
  });

  it('names a race by its target', () => {
    expect(marketNames(83, 'racetokills', 'p3', 10).marketName.en).toBe('Map 3 - Race to 10 Kills');
  });

  it('names correct score by sport: set betting in tennis, map score in esports', () => {
    expect(marketNames(12, 'correctscore', 'fulltime', 0).marketName.en).toBe('Set Betting');
    expect(marketNames(83, 'correctscore', 'result', 0).marketName.en).toBe('Correct Map Score');
    expect(marketNames(10, 'correctscore', 'result', 0).marketName.en).toBe('Correct Score');
  });

  it('names a set’s correct score in games, not set betting', () => {
    expect(marketNames(12, 'correctscore', 'p2', 0).marketName.en).toBe('2nd Set - Correct Score');
    expect(marketNames(12, 'correctscore', 'p1g4', 0).marketNameShort).toBe('S1 4G CS');
  });

  it('throws CatalogueError for a marketType it cannot name', () => {
    expect(() => marketNames(10, 'totals-unicorns', 'result', 1.5)).toThrow(CatalogueError);
    expect(() => marketNames(10, 'mystery', 'result', 0)).toThrow(CatalogueError);
  });

  it('throws PeriodError for a period outside the vocabulary', () => {
    expect(() => marketNames(10, 'totals', 'halftime', 1.5)).toThrow(PeriodError);
  });
});

describe('player props', () => {
  it('are the players- and playertotals- marketTypes', () => {
    expect(isPlayerPropType('players-shots')).toBe(true);
    expect(isPlayerPropType('playertotals-kills')).toBe(true);
    expect(isPlayerPropType('teamtotals-team1')).toBe(false);
  });

  it('are all nameable and all carry the plural prefix', () => {
    for (const type of PLAYER_PROP_TYPES) {
      expect(isPlayerPropType(type)).toBe(true);
      expect(marketNames(10, type, 'result', 0.5).marketName.en).toContain('Over/Under');
    }
  });
});
