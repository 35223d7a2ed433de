import { describe, expect, it } from 'vitest';
import { shortBookName, visibleColumns } from './book-columns.ts';

const COLUMNS = ['bet365', 'betfair-ex', 'draftkings', 'pinnacle', 'unibet'];
const NONE = { order: [], hidden: [], sharpFirst: false };

describe('visibleColumns', () => {
  it('shows every book in the board order by default', () => {
    expect(visibleColumns(COLUMNS, NONE)).toEqual([0, 1, 2, 3, 4]);
  });

  it('leaves hidden books out and puts the trader’s order first', () => {
    expect(visibleColumns(COLUMNS, { ...NONE, hidden: ['draftkings'], order: ['unibet', 'bet365'] })).toEqual([4, 0, 1, 3]);
  });

  it('groups the sharp books first when asked, each group in the trader’s order', () => {
    expect(visibleColumns(COLUMNS, { ...NONE, sharpFirst: true, order: ['pinnacle'] })).toEqual([3, 1, 0, 2, 4]);
  });
});

describe('shortBookName', () => {
  it('keeps whole words only', () => {
    expect(shortBookName('Caesars Sportsbook')).toBe('Caesars');
    expect(shortBookName('Betfair Exchange')).toBe('Betfair');
    expect(shortBookName('William Hill')).toBe('William Hill');
    expect(shortBookName('BetMGM')).toBe('BetMGM');
  });

  it('keeps a first word longer than the limit whole', () => {
    expect(shortBookName('Supercalifragilistic Bets', 8)).toBe('Supercalifragilistic');
  });
});
