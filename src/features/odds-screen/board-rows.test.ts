import { describe, expect, it } from 'vitest';
import { buildBoardLayout } from '../../domain/odds-board-layout.ts';
import type { FixtureOdds } from '../../wire/shared-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { boardItems } from './board-rows.ts';

// Records as the catalogue names them (service/catalogue/market-names.ts): the main period
// unqualified, other periods as a prefix ("1st Half - …") or a suffix ("… (incl. Extra Time)").
const market = (marketId: number, sportId: number, marketType: string, period: string, handicap: number, marketName: string): Market => ({
  marketId,
  marketLength: 2,
  sportId,
  playerProp: false,
  handicap,
  period,
  marketType,
  marketName,
  marketNameShort: marketType,
  outcomes: [
    { outcomeId: marketId, outcomeName: 'A' },
    { outcomeId: marketId + 1, outcomeName: 'B' },
  ],
});

function headings(markets: readonly Market[]): string[] {
  const odds: FixtureOdds = { pinnacle: {} };
  for (const m of markets) {
    for (const outcome of m.outcomes) {
      const oddsId = `f1:pinnacle:${String(outcome.outcomeId)}:0`;
      const entries = odds['pinnacle'] ?? {};
      entries[oddsId] = { bookmaker: 'pinnacle', outcomeId: outcome.outcomeId, playerId: 0, marketId: m.marketId, active: true, marketActive: true, mainLine: true, price: 1.9, priceAmerican: -111, changedAt: 0 };
    }
  }
  const layout = buildBoardLayout({ fixtureId: 'f1', odds, markets });
  return boardItems(layout, new Set()).flatMap((item) => (item.kind === 'type' || item.kind === 'period' ? [`${item.kind}: ${item.title}`] : []));
}

describe('board headings', () => {
  it('take the market type and period words from the catalogue names, never from a slug', () => {
    const soccer = [
      market(1101, 10, 'drawnobet', 'result', 0, 'Draw No Bet'),
      market(1103, 10, 'drawnobet', 'p1', 0, '1st Half - Draw No Bet'),
      market(1201, 10, 'totals', 'result', 2.5, 'Total Goals Over/Under 2.5'),
      market(1203, 10, 'totals', 'fulltime', 2.5, 'Total Goals Over/Under 2.5 (incl. Extra Time)'),
    ];
    const shown = headings(soccer);
    expect(shown).toContain('type: Draw No Bet');
    expect(shown).toContain('period: 1st Half');
    expect(shown).toContain('type: Total Goals Over/Under');
    expect(shown).toContain('period: incl. Extra Time');
    expect(shown.some((h) => /drawnobet|Drawnobet|Totals/u.test(h))).toBe(false);
  });

  it('names tennis’s match winner and its main period as the catalogue does', () => {
    expect(headings([market(1301, 12, 'moneyline', 'fulltime', 0, 'Match Winner')])).toEqual(['type: Match Winner', 'period: Match']);
  });
});
