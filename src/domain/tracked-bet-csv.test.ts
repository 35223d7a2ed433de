import { describe, expect, it } from 'vitest';
import type { TrackedBet } from './tracked-bet.ts';
import { trackedBetsFromCsv, trackedBetsToCsv, TrackedBetCsvError } from './tracked-bet-csv.ts';

const nasty: TrackedBet = {
  id: 'b1',
  placedAt: Date.UTC(2026, 10, 25, 1, 2, 3, 456),
  stake: 12.5,
  currency: 'GBP',
  note: '=HYPERLINK("http://x","click"), then "quotes"\nand a second line — 中文 ελληνικά',
  legs: [
    {
      oddsId: '1-2-3-4',
      bookmaker: 'bet365',
      price: 1.005,
      sport: 'Football',
      label: 'Équipe A – Команда Б',
      close: { kind: 'closed', price: 1.004, fairPrice: null, consensusPrice: 1.0049, bookCloses: [{ bookmaker: 'bet365', price: 1.004, fairPrice: null }, { bookmaker: 'pinnacle', price: 1.005, fairPrice: 1.0062 }] },
      grade: 'half-won',
    },
  ],
};

const parlay: TrackedBet = {
  id: "'quoted",
  placedAt: 1_700_000_000_000,
  stake: 3,
  currency: 'JPY',
  note: '',
  legs: [
    { oddsId: '1-2-3-5', bookmaker: 'pinnacle', price: 2.1, sport: '', label: '-1.5 handicap', close: { kind: 'open' }, grade: null },
    { oddsId: '1-2-3-6', bookmaker: 'pinnacle', price: 3.333, sport: 'Tennis', label: '+0.25', close: { kind: 'none', reason: 'no closing line' }, grade: 'void' },
  ],
};

describe('tracked bets CSV', () => {
  it('round-trips exactly: a note starting with "=", commas, quotes, a newline, non-Latin text, a price of 1.005, a parlay', () => {
    expect(trackedBetsFromCsv(trackedBetsToCsv([nasty, parlay]))).toEqual([nasty, parlay]);
  });

  it('defuses the "=" note for spreadsheets: the cell starts with an apostrophe', () => {
    const csv = trackedBetsToCsv([nasty]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"",""click""), then ""quotes""\nand a second line — 中文 ελληνικά"`);
    expect(csv.startsWith('\uFEFFbetId,placedAt,stake')).toBe(true);
  });

  it('writes one record per leg, the bet repeated', () => {
    expect(trackedBetsToCsv([parlay]).split('\r\n').filter((line) => line.startsWith("''quoted")).length).toBe(2);
  });

  it('reads a format-1 CSV (referenceClosePrice, no book closes): its reference is the consensus, the books\' closes "not stored"', () => {
    // Written by hand as format 1 stored it.
    const v1 = [
      'betId,placedAt,stake,currency,note,oddsId,bookmaker,price,sport,label,close,closePrice,fairClosePrice,referenceClosePrice,noCloseReason,grade',
      'b1,2026-11-20T12:00:00.000Z,10,GBP,old,1-2-3-4,bet365,2.1,Football,Home,closed,2,2.05,2.2,,won',
      'b2,2026-11-20T12:00:00.000Z,10,GBP,,1-2-3-5,bet365,1.9,,,open,,,,,',
    ].join('\r\n');
    const [closedBet, openBet] = trackedBetsFromCsv(v1);
    expect(closedBet?.legs[0]?.close).toEqual({ kind: 'closed', price: 2, fairPrice: 2.05, consensusPrice: 2.2, bookCloses: null });
    expect(closedBet?.legs[0]?.grade).toBe('won');
    expect(openBet?.legs[0]?.close).toEqual({ kind: 'open' });
    // Written back, it is format 2 and reads back the same.
    const v2 = trackedBetsToCsv(trackedBetsFromCsv(v1));
    expect(v2.split('\r\n')[0]).toBe('\uFEFFbetId,placedAt,stake,currency,note,oddsId,bookmaker,price,sport,label,close,closePrice,fairClosePrice,consensusClosePrice,bookClosePrices,noCloseReason,grade');
    expect(trackedBetsFromCsv(v2)).toEqual(trackedBetsFromCsv(v1));
  });

  it('stores the books\' closes as a list of [bookmaker, close, fair close]', () => {
    expect(trackedBetsToCsv([nasty])).toContain('"[[""bet365"",1.004,null],[""pinnacle"",1.005,1.0062]]"');
  });

  it('round-trips an empty list', () => {
    expect(trackedBetsFromCsv(trackedBetsToCsv([]))).toEqual([]);
  });

  function importError(csv: string): TrackedBetCsvError {
    try {
      trackedBetsFromCsv(csv);
    } catch (error) {
      if (error instanceof TrackedBetCsvError) return error;
      throw error;
    }
    throw new Error('no error');
  }

  function withRow2(edit: (line: string) => string): string {
    const lines = trackedBetsToCsv([parlay]).split('\r\n');
    return [lines[0], edit(lines[1] ?? ''), lines[2]].join('\r\n');
  }

  it.each([
    ['a price of 1', (l: string) => l.replace(',2.1,', ',1,'), 'price', 'Row 2, price: The price must be more than 1, got 1.'],
    ['a stake of 0', (l: string) => l.replace(',3,JPY', ',0,JPY'), 'stake', 'Row 2, stake: The stake must be more than 0, got 0.'],
    ['a price that is not a number', (l: string) => l.replace(',2.1,', ',two,'), 'price', 'Row 2, price: "two" is not a number.'],
    ['an unknown grade', (l: string) => `${l}won-ish`, 'grade', 'Row 2, grade: "won-ish" is not one of won, lost, push, half-won, half-lost, void.'],
    ['a missing field', (l: string) => l.slice(0, l.lastIndexOf(',')), 'CSV', 'Row 2, CSV: 16 fields where the header has 17.'],
    ['a bad time', (l: string) => l.replace(/,20\d\d-[^,]*,/u, ',yesterday,'), 'placedAt', 'Row 2, placedAt: "yesterday" is not an ISO 8601 time.'],
    ['an empty oddsId', (l: string) => l.replace(',1-2-3-5,', ',,'), 'oddsId', 'Row 2, oddsId: The oddsId is empty.'],
  ])('names the row and field of %s', (_what, edit, field, message) => {
    const error = importError(withRow2(edit));
    expect(error.row).toBe(2);
    expect(error.field).toBe(field);
    expect(error.message).toBe(message);
  });

  it('names the row of book closes that are not a list of [bookmaker, close, fair close], and a book close below 1', () => {
    const csv = trackedBetsToCsv([nasty]);
    expect(importError(csv.replace('[[""bet365"",1.004,null]', '[[""bet365"",""x"",null]')).message).toMatch(/^Row 2, bookClosePrices: ".*" is not a list of \[bookmaker, close, fair close\]\.$/u);
    expect(importError(csv.replace('[[""bet365"",1.004,null]', '[[""bet365"",0.5,null]')).message).toBe('Row 2, bookClosePrices: The close must be a decimal price of at least 1, got 0.5.');
  });

  it('names the row of a quote left open and a missing column', () => {
    expect(importError(`${trackedBetsToCsv([parlay])}"x`).message).toBe('Row 4, CSV: a quoted field is never closed');
    expect(importError('betId,placedAt\r\n').message).toBe('Row 1, stake: this column is missing from the header.');
  });
});
