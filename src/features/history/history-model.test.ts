import { describe, expect, it } from 'vitest';
import type { ClvFixtureView, FixtureHistoricalOddsResponse, Market } from '../../wire/schemas.ts';
import { closingLines, isProvisional, marketChoices } from './history-model.ts';

const side = (bookmaker: string, outcomeId: number, price: number) => ({
  bookmaker,
  outcomeId,
  playerId: 0,
  price,
  priceFractional: '',
  priceAmerican: 100,
  active: true,
  limit: null,
  changedAt: 1,
});
const pair = (bookmaker: string, outcomeId: number, open: number, close: number) => ({ olv: side(bookmaker, outcomeId, open), clv: side(bookmaker, outcomeId, close) });

const market: Market = {
  marketId: 101,
  marketLength: 2,
  sportId: 10,
  playerProp: false,
  handicap: 0,
  period: 'result',
  marketType: 'moneyline',
  marketName: 'Winner',
  marketNameShort: 'W',
  outcomes: [
    { outcomeId: 101, outcomeName: '1' },
    { outcomeId: 102, outcomeName: '2' },
  ],
};

// Only `odds` is read; the rest of the view does not matter here.
const view = {
  odds: {
    pinnacle: { 'f:pinnacle:101:0': pair('pinnacle', 101, 2, 1.9), 'f:pinnacle:102:0': pair('pinnacle', 102, 1.8, 1.95) },
    bet365: { 'f:bet365:101:0': pair('bet365', 101, 2.1, 2), 'f:bet365:999:0': pair('bet365', 999, 3, 3) },
  },
} as unknown as ClvFixtureView;

describe('marketChoices', () => {
  it('groups the oddsIds of every bookmaker under the catalogue market of their outcome', () => {
    const [first] = marketChoices(view, [market]);
    expect(first?.name).toBe('Winner');
    expect(first?.outcomes.map((o) => o.name)).toEqual(['1', '2']);
    expect(first?.oddsIds).toEqual(['f:bet365:101:0', 'f:pinnacle:101:0', 'f:pinnacle:102:0']);
  });

  it('gives an outcome the catalogue does not know a market of its own, after the known ones', () => {
    expect(marketChoices(view, [market]).map((m) => m.name)).toEqual(['Winner', 'Market 999']);
  });
});

describe('closingLines', () => {
  const KICKOFF = 1_000_000;
  const entry = (bookmaker: string, outcomeId: number, changedAt: number, price: number, active = true) => ({
    bookmaker, outcomeId, playerId: 0, marketId: 101, price, active, marketActive: true, limit: null, changedAt,
  });
  const keyed = (...entries: ReturnType<typeof entry>[]) => Object.fromEntries(entries.map((e) => [String(e.changedAt), e]));
  const finished = { ...view, status: { statusId: 2, statusName: 'Finished', live: false }, startTime: KICKOFF / 1000, trueStartTime: null } as unknown as ClvFixtureView;
  const history: FixtureHistoricalOddsResponse = {
    fixtureId: 'f',
    odds: {
      // Pinnacle trades in play: its last prices (1.01 / 40) are not its close.
      pinnacle: {
        'f:pinnacle:101:0': keyed(entry('pinnacle', 101, KICKOFF - 500, 2.05), entry('pinnacle', 101, KICKOFF, 2), entry('pinnacle', 101, KICKOFF + 9000, 1.01)),
        'f:pinnacle:102:0': keyed(entry('pinnacle', 102, KICKOFF - 500, 1.9), entry('pinnacle', 102, KICKOFF + 9000, 40)),
      },
      // bet365 opened in play only.
      bet365: { 'f:bet365:101:0': keyed(entry('bet365', 101, KICKOFF + 10, 2.2)) },
    },
  };

  it('closes each book at its last active price at or before kick-off, not at its last price', () => {
    const [choice] = marketChoices(finished, [market]);
    if (choice === undefined) throw new Error('no market');
    const lines = closingLines(finished, history, choice, 101, 'multiplicative');
    expect(lines.rows.map((r) => [r.bookmaker, r.close])).toEqual([
      ['bet365', { kind: 'none', reason: 'no-pre-match-quote' }],
      ['pinnacle', { kind: 'close', price: 2, changedAt: KICKOFF, provisional: false }],
    ]);
    expect(lines.rows[1]?.marketClose).toEqual([2, 1.9]);
    expect(lines.rows[1]?.lastBeforeSettlement.price).toBe(1.9);
    expect(lines.best).toEqual({ price: 2, bookmakers: ['pinnacle'] });
    // One complete close (pinnacle 2.00 / 1.90): multiplicative fair probability of outcome 1 is (1/2) / (1/2 + 1/1.9).
    expect(lines.consensus?.probabilities[0]).toBeCloseTo(0.5 / (0.5 + 1 / 1.9), 12);
  });

  it('has no close on a cancelled fixture', () => {
    const cancelled = { ...finished, status: { statusId: 3, statusName: 'Cancelled', live: false } } as unknown as ClvFixtureView;
    const [choice] = marketChoices(cancelled, [market]);
    if (choice === undefined) throw new Error('no market');
    const lines = closingLines(cancelled, history, choice, 101, 'multiplicative');
    expect(lines.rows.every((r) => r.close.kind === 'none' && r.close.reason === 'cancelled')).toBe(true);
    expect(lines.best).toBeNull();
    expect(lines.consensus).toBeNull();
  });
});

describe('isProvisional', () => {
  it('is true before and during play and false once finished or cancelled', () => {
    expect([0, 1, 2, 3].map(isProvisional)).toEqual([true, true, false, false]);
  });
});
