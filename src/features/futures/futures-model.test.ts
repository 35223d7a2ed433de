import { describe, expect, it } from 'vitest';
import type { Future, FutureClvResponse } from '../../wire/rest-schemas.ts';
import { bookmakerOptions, clvParticipantIds, filterFutures, futureClvRows, futurePriceTable, parseFuturesFilters } from './futures-model.ts';

const future = (futureId: string, sportId: number, tournamentName: string, names: readonly string[]) =>
  ({
    futureId,
    sport: { sportId, sportName: 'S' },
    tournament: { tournamentId: 1, tournamentName, categoryName: 'Cat' },
    season: { seasonId: 1, seasonName: '2026' },
    participants: names.map((participantName, i) => ({ participantId: i + 1, participantName })),
  }) as unknown as Future;

const side = (bookmaker: string, participantId: number, price: number) => ({
  bookmaker,
  participantId,
  price,
  priceFractional: '',
  priceAmerican: 100,
  active: true,
  limit: null,
  changedAt: 1,
});

const clv = {
  futureId: 'fx',
  reissuedFutureId: null,
  status: { live: true, statusId: 1, statusName: 'Live' },
  odds: {
    pinnacle: {
      'fx:pinnacle:2': { olv: side('pinnacle', 2, 3), clv: side('pinnacle', 2, 2.5) },
      'fx:pinnacle:1': { olv: side('pinnacle', 1, 2), clv: side('pinnacle', 1, 1.8) },
    },
    bet365: { 'fx:bet365:1': { olv: side('bet365', 1, 2.1), clv: side('bet365', 1, 1.9) } },
  },
} as unknown as FutureClvResponse;

describe('bookmakerOptions', () => {
  it('offers each bookmaker by its slug in the order given', () => {
    expect(bookmakerOptions(['pinnacle', 'bet365'])).toEqual([
      { value: 'pinnacle', label: 'pinnacle' },
      { value: 'bet365', label: 'bet365' },
    ]);
  });
});

describe('filterFutures', () => {
  const list = [future('a', 10, 'Premier League', ['Reading']), future('b', 11, 'NBA', ['Boston'])];

  it('keeps the futures of the chosen sport', () => {
    expect(filterFutures(list, { sportId: 11, search: '' }).map((f) => f.futureId)).toEqual(['b']);
  });

  it('matches every search word against tournament and participant names', () => {
    expect(filterFutures(list, { sportId: null, search: 'premier reading' }).map((f) => f.futureId)).toEqual(['a']);
    expect(filterFutures(list, { sportId: null, search: 'premier boston' })).toEqual([]);
  });

  it('reads a missing or malformed sport from the URL as no sport filter', () => {
    expect(parseFuturesFilters(new URLSearchParams('sport=abc&q=x'))).toEqual({ state: 'open', sportId: null, search: 'x' });
  });

  it('reads the state from the URL, open unless finished or cancelled', () => {
    expect(parseFuturesFilters(new URLSearchParams('state=finished')).state).toBe('finished');
    expect(parseFuturesFilters(new URLSearchParams('state=cancelled')).state).toBe('cancelled');
    expect(parseFuturesFilters(new URLSearchParams('state=bogus')).state).toBe('open');
  });
});

describe('futureClvRows', () => {
  it('gives one row per participant of a bookmaker, its closing market in participant order', () => {
    const rows = futureClvRows(clv, { bookmaker: 'pinnacle' });
    expect(rows.map((r) => [r.key, r.outcomeIndex])).toEqual([
      ['fx:pinnacle:1', 0],
      ['fx:pinnacle:2', 1],
    ]);
    expect(rows[0]?.closingMarket).toEqual([1.8, 2.5]);
  });

  it('gives one row per bookmaker of a participant, without a closing market where the answer lacks it', () => {
    const rows = futureClvRows(clv, { participantId: 1 });
    expect(rows.map((r) => [r.bookmaker, r.closingMarket === null])).toEqual([
      ['pinnacle', false],
      ['bet365', true],
    ]);
  });

  it('lists the participants the answer covers', () => {
    expect(clvParticipantIds(clv)).toEqual([1, 2]);
  });
});

describe('futurePriceTable', () => {
  const entry = (bookmaker: string, participantId: number, price: number, active = true) => ({ bookmaker, participantId, price, active, changedAt: 1 });
  const prices = new Map(
    [entry('pinnacle', 1, 1.8), entry('pinnacle', 2, 2.0), entry('bet365', 1, 2.2), entry('bet365', 2, 1.7), entry('kalshi', 1, 3, false)].map((e) => [
      `fx:${e.bookmaker}:${String(e.participantId)}`,
      e,
    ]),
  );
  const table = futurePriceTable('fx', [1, 2], ['pinnacle', 'bet365', 'kalshi'], (id) => prices.get(id));

  it('marks the best active price per participant and every book offering it', () => {
    expect(table.rows.map((r) => [r.participantId, r.best])).toEqual([
      [1, { price: 2.2, bookmakers: ['bet365'] }],
      [2, { price: 2.0, bookmakers: ['pinnacle'] }],
    ]);
  });

  it("gives each book's overround only where it prices every participant", () => {
    // pinnacle: 1/1.8 + 1/2 − 1 = 1/18; bet365: 1/2.2 + 1/1.7 − 1 = 0.04278…; kalshi: one inactive price.
    expect(table.overround[0]).toBeCloseTo(1 / 18, 12);
    expect(table.overround[1]).toBeCloseTo(1 / 2.2 + 1 / 1.7 - 1, 12);
    expect(table.overround[2]).toBeNull();
  });

  it('finds the cross-book arbitrage of the best prices', () => {
    // 1/2.2 + 1/2.0 = 0.954545…: 4.76 % profit backing 1 at bet365 and 2 at pinnacle.
    expect(table.arbitrage?.impliedSum).toBeCloseTo(21 / 22, 12);
    expect(table.arbitrage?.profitRatio).toBeCloseTo(22 / 21 - 1, 12);
  });

  it('finds no arbitrage while a participant has no price on offer', () => {
    expect(futurePriceTable('fx', [1, 2, 3], ['pinnacle', 'bet365'], (id) => prices.get(id)).arbitrage).toBeNull();
  });
});
