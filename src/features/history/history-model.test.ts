import { describe, expect, it } from 'vitest';
import type { ClvFixtureView } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { clvPlayerIds, isProvisional, marketChoices } from './history-model.ts';

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

describe('player props', () => {
  const prop = (playerId: number) => ({ olv: { ...side('pinnacle', 101, 2), playerId }, clv: { ...side('pinnacle', 101, 1.9), playerId } });
  const props = { odds: { pinnacle: { 'f:pinnacle:101:7': prop(7), 'f:pinnacle:101:8': prop(8) } } } as unknown as ClvFixtureView;

  it('names each player\'s market by the player, and lists the players to look up once', () => {
    expect(clvPlayerIds(props)).toEqual([7, 8]);
    const names = new Map([[7, 'Erling Haaland']]);
    const choices = marketChoices(props, [market], (id) => names.get(id) ?? `player ${String(id)}`);
    expect(choices.map((m) => m.name)).toEqual(['Winner · Erling Haaland', 'Winner · player 8']);
  });
});

describe('isProvisional', () => {
  it('is true before and during play and false once finished or cancelled', () => {
    expect([0, 1, 2, 3].map(isProvisional)).toEqual([true, true, false, false]);
  });
});
