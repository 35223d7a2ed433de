import { describe, expect, it } from 'vitest';
import type { ParlayResponse, SgpResponse } from '../../wire/rest-schemas.ts';
import { bestPrices, inactiveReason, isSameGame, legsAt, noEntryReason, planRequests, readQuotes, selectionsOf, type BookmakerQuote } from './parlay-plan.ts';

const F1 = 'id1000001761301227';
const F2 = 'id1000001761301228';
const leg = (fixtureId: string, bookmaker: string, outcomeId: number) => `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`;

describe('selectionsOf', () => {
  it('drops the bookmaker of each leg', () => {
    expect(selectionsOf([leg(F1, 'bet365', 101)]).selections).toEqual([{ selectionKey: `${F1}:101:0`, fixtureId: F1, outcomeId: 101, playerId: 0 }]);
  });

  it('reports a selection repeated at another bookmaker', () => {
    expect(selectionsOf([leg(F1, 'bet365', 101), leg(F1, 'pinnacle', 101)]).repeated).toEqual([leg(F1, 'pinnacle', 101)]);
  });
});

describe('planRequests', () => {
  const three = selectionsOf([leg(F1, 'a', 101), leg(F1, 'a', 1011), leg(F2, 'a', 103)]).selections;
  const books = ['b01', 'b02', 'b03', 'b04', 'b05', 'b06', 'b07', 'b08', 'b09', 'b10', 'b11', 'b12', 'b13', 'b14', 'b15', 'b16'];

  it('never puts more than 20 oddsIds in one request', () => {
    const requests = planRequests(three, books);
    expect(requests.every((r) => r.oddsIds.length <= 20)).toBe(true);
  });

  it('prices every bookmaker exactly once', () => {
    expect(planRequests(three, books).flatMap((r) => r.bookmakers)).toEqual(books);
  });

  it('keeps each bookmaker whole: floor(20 / 3) = 6 bookmakers per request', () => {
    expect(planRequests(three, books).map((r) => r.bookmakers.length)).toEqual([6, 6, 4]);
  });

  it('sends one bookmaker per request at 20 legs', () => {
    const twenty = selectionsOf(Array.from({ length: 20 }, (_, i) => leg(F1, 'a', 1001 + i))).selections;
    expect(planRequests(twenty, ['x', 'y']).map((r) => r.oddsIds.length)).toEqual([20, 20]);
  });

  it('refuses more than 20 selections', () => {
    const many = selectionsOf(Array.from({ length: 21 }, (_, i) => leg(F1, 'a', 1001 + i))).selections;
    expect(() => planRequests(many, ['x'])).toThrow(/at most 20/u);
  });
});

describe('isSameGame', () => {
  it('is true for two legs of one fixture', () => {
    expect(isSameGame(selectionsOf([leg(F1, 'a', 101), leg(F1, 'a', 1011)]).selections)).toBe(true);
  });

  it('is false across fixtures', () => {
    expect(isSameGame(selectionsOf([leg(F1, 'a', 101), leg(F2, 'a', 101)]).selections)).toBe(false);
  });
});

describe('readQuotes', () => {
  const selections = selectionsOf([leg(F1, 'x', 101), leg(F1, 'x', 1011)]).selections;
  const request = { bookmakers: ['a', 'b'], oddsIds: [...legsAt(selections, 'a'), ...legsAt(selections, 'b')] };
  const parlayIdA = legsAt(selections, 'a').sort().join(',');
  const view = { fixtureId: F1, odds: {}, bookmakers: {} } as const;
  const parlay = [
    {
      ...view,
      missingOddsIds: [leg(F1, 'b', 101)],
      parlay: { a: { [parlayIdA]: { active: true, bookmaker: 'a', price: 3, singlesPrice: 3, priceFractional: '2/1', priceAmerican: 200, changedAt: 1 } } },
    },
  ] as unknown as ParlayResponse;
  const sgp = { ...view, sgp: {} } as unknown as SgpResponse;

  it("finds a bookmaker's accumulator under its parlayId", () => {
    expect(readQuotes(selections, { request, parlay, sgp })[0]?.accumulator?.price).toBe(3);
  });

  it('lists the missing legs of a bookmaker', () => {
    expect(readQuotes(selections, { request, parlay, sgp })[1]?.missing).toEqual([leg(F1, 'b', 101)]);
  });

  const words = (oddsId: string) => (oddsId.endsWith(':101:0') ? 'Luton – Reading · 1X2 · 1' : 'Luton – Reading · Over/Under 2.5 · Over');

  it('explains an empty sgp as no correlated price available', () => {
    const [a] = readQuotes(selections, { request, parlay, sgp });
    expect(a === undefined ? null : noEntryReason(a, 'sgp', words)?.short).toBe('no correlated price available');
  });

  it('says in a few words how many legs a bookmaker misses', () => {
    const b = readQuotes(selections, { request, parlay, sgp })[1];
    expect(b === undefined ? null : noEntryReason(b, 'accumulator', words)?.short).toBe('1 of 2 legs not quoted');
  });

  it('names a missing leg by its fixture, market and selection, not by its oddsId', () => {
    const b = readQuotes(selections, { request, parlay, sgp })[1];
    const full = b === undefined ? '' : (noEntryReason(b, 'accumulator', words)?.full ?? '');
    expect(full).toContain('Luton – Reading · 1X2 · 1');
    expect(full).not.toContain(':b:101:0');
  });
});

describe('inactiveReason', () => {
  it('says a few words in the table and the whole reason, with its code, for the tooltip', () => {
    const reason = inactiveReason('sgp_unsupported');
    expect(reason.short).toBe('no SGP on these legs');
    expect(reason.full).toMatch(/^The bookmaker offers no same-game parlay on these legs.*\(meta\.inactiveReason sgp_unsupported\)$/u);
  });

  it('shows an unknown reason as it came', () => {
    expect(inactiveReason('odd_new_reason').short).toBe('inactive (odd_new_reason)');
  });
});

describe('bestPrices', () => {
  const entry = (price: number, active: boolean) => ({ active, price, singlesPrice: price, changedAt: 1, meta: active ? undefined : { inactiveReason: 'leg_suspended' } });
  const quote = (accumulator: number, sgp: number | null, active = true) =>
    ({ accumulator: entry(accumulator, active), sgp: sgp === null ? null : entry(sgp, active) }) as unknown as BookmakerQuote;

  it('is the highest active price of each kind', () => {
    expect(bestPrices([quote(4.5, 3.9), quote(4.8, 3.6), quote(4.6, null)])).toEqual({ accumulator: 4.8, sgp: 3.9 });
  });

  it('never counts an inactive price, however high', () => {
    const inactive = { accumulator: entry(9, false), sgp: entry(9, false) } as unknown as BookmakerQuote;
    expect(bestPrices([quote(4.5, 3.9), inactive])).toEqual({ accumulator: 4.5, sgp: 3.9 });
  });

  it('is null when no price of a kind is active', () => {
    expect(bestPrices([quote(4.5, 3.9, false)])).toEqual({ accumulator: null, sgp: null });
  });
});

