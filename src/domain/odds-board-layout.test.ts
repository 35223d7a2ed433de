import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FixtureOdds } from '../wire/shared-schemas.ts';
import { BoardError, boardMarketsInOrder, buildBoardLayout, cellOf, type BoardLayout } from './odds-board-layout.ts';
import { FIXTURE, MARKET_OF, SNAPSHOT, entry, layoutOf, odds, oddsIdOf, snapshotArb } from './odds-board-test-data.ts';

describe('buildBoardLayout: structure', () => {
  it('groups markets by type in the trader order, with player props last', () => {
    const layout = layoutOf();
    expect(layout.groups.map((g) => g.marketType)).toEqual(['1x2', 'totals', 'players-shots']);
    expect(layout.groups.map((g) => g.playerProp)).toEqual([false, false, true]);
  });

  it('orders columns by the given preference, then the remaining books by slug', () => {
    expect(layoutOf().columns).toEqual(['bet365', 'pinnacle']);
    const preferred = layoutOf(SNAPSHOT, { bookmakerOrder: ['pinnacle', 'absent', 'pinnacle'] });
    expect(preferred.columns).toEqual(['pinnacle', 'bet365']);
  });

  it('gives a column to a bookmaker that has a meta but no prices yet', () => {
    const meta = {
      bookmaker: 'kalshi',
      bookmakerFixtureId: null,
      fixturePath: null,
      hasOdds: false,
      staleOdds: false,
      staleOddsResponseCode: null,
      suspended: false,
      participantsRotated: false,
      meta: null,
      updatedAt: '2026-11-22T07:00:00Z',
    };
    expect(layoutOf(SNAPSHOT, { bookmakers: { kalshi: meta } }).columns).toEqual(['bet365', 'kalshi', 'pinnacle']);
  });

  it('puts main lines first and the other lines of the family among the alternates', () => {
    const totals = layoutOf().groups[1];
    expect(totals?.periods.map((p) => p.period)).toEqual(['result']);
    const family = totals?.periods[0]?.families[0];
    expect(family?.key).toBe('totals|result|0');
    expect(family?.main.map((m) => m.marketId)).toEqual([1011]);
    expect(family?.alternates.map((m) => m.marketId)).toEqual([1013]);
  });

  it('groups player props by player, each player with its own lines', () => {
    const props = layoutOf().groups[2]?.periods[0]?.families ?? [];
    expect(props.map((f) => f.key)).toEqual(['players-shots|fulltime|7', 'players-shots|fulltime|9']);
    expect(props.map((f) => f.playerId)).toEqual([7, 9]);
  });

  it('shows the most widely quoted line as main when no book marks one', () => {
    // Player 7: line 1.5 quoted by two books, 2.5 by one; nobody marks a main line.
    const player7 = layoutOf().groups[2]?.periods[0]?.families[0];
    expect(player7?.main.map((m) => m.marketId)).toEqual([1021]);
    expect(player7?.alternates.map((m) => m.marketId)).toEqual([1023]);
    expect(player7?.main[0]?.mainLine).toBe(true);
    expect(player7?.alternates[0]?.mainLine).toBe(false);
  });

  it('lists rows in the catalogue order with outcome names, one oddsId per column', () => {
    const m = layoutOf().markets.get('1001:0');
    expect(m?.rows.map((r) => [r.key, r.outcomeName])).toEqual([
      ['1001:0', '1'],
      ['1002:0', 'X'],
      ['1003:0', '2'],
    ]);
    expect(m?.rows[0]?.oddsIds).toEqual([oddsIdOf('bet365', 1001), oddsIdOf('pinnacle', 1001)]);
  });

  it('gives an unquoted outcome the oddsId a later price will have', () => {
    const layout = layoutOf();
    const row = layout.markets.get('1013:0')?.rows[0];
    expect(row?.oddsIds[0]).toBe(oddsIdOf('bet365', 1013));
    expect(cellOf(layout, oddsIdOf('bet365', 1013))).toEqual({ marketKey: '1013:0', rowIndex: 0, columnIndex: 0 });
  });

  it('has no cell for a bookmaker, market, player or fixture it has not seen', () => {
    const layout = layoutOf();
    expect(cellOf(layout, oddsIdOf('circa', 1001))).toBeUndefined();
    expect(cellOf(layout, oddsIdOf('pinnacle', 1031))).toBeUndefined();
    expect(cellOf(layout, oddsIdOf('pinnacle', 1021, 8))).toBeUndefined();
    expect(cellOf(layout, `id1000001761309999:pinnacle:1001:0`)).toBeUndefined();
  });

  it('has no cell for a malformed or non-canonical oddsId', () => {
    const layout = layoutOf();
    expect(cellOf(layout, 'nonsense')).toBeUndefined();
    expect(cellOf(layout, `${FIXTURE}:pinnacle:01001:0`)).toBeUndefined();
  });

  it('rejects one outcome filed under two markets', () => {
    const a = entry('pinnacle', { outcomeId: 1001, price: 2 });
    const snapshot: FixtureOdds = { pinnacle: { [oddsIdOf('pinnacle', 1001)]: a }, bet365: { [oddsIdOf('bet365', 1001)]: { ...a, bookmaker: 'bet365', marketId: 1011 } } };
    expect(() => layoutOf(snapshot)).toThrow(/outcomeId 1001 is filed under marketIds/);
  });

  it('files a market missing from the catalogue in a last group of its own', () => {
    const snapshot = odds({ pinnacle: [{ outcomeId: 1001, price: 2 }, { outcomeId: 1099, price: 1.5 }, { outcomeId: 1100, price: 2.5 }] });
    const layout = layoutOf(snapshot);
    const last = layout.groups.at(-1);
    expect(last?.marketType).toBeNull();
    expect(last?.periods[0]?.period).toBeNull();
    expect(last?.periods[0]?.families[0]?.main.map((m) => m.rows.map((r) => [r.outcomeId, r.outcomeName, r.catalogued]))).toEqual([
      [[1099, null, false]],
      [[1100, null, false]],
    ]);
    expect(layout.uncataloguedMarketIds).toEqual([1099, 1100]);
  });

  it('adds a row after the catalogued ones for an outcome the catalogue does not list', () => {
    const stray = { ...entry('pinnacle', { outcomeId: 1001, price: 9 }), outcomeId: 1009 };
    const snapshot: FixtureOdds = { pinnacle: { [oddsIdOf('pinnacle', 1009)]: stray } };
    const rows = layoutOf(snapshot).markets.get('1001:0')?.rows ?? [];
    expect(rows.map((r) => [r.outcomeId, r.catalogued])).toEqual([
      [1001, true],
      [1002, true],
      [1003, true],
      [1009, false],
    ]);
  });

  it('rejects two oddsIds claiming one cell, naming both', () => {
    const a = entry('pinnacle', { outcomeId: 1001, price: 2 });
    const snapshot: FixtureOdds = { pinnacle: { 'x:1': a, 'x:2': a } };
    expect(() => layoutOf(snapshot)).toThrow(BoardError);
    expect(() => layoutOf(snapshot)).toThrow(/x:1 and x:2/);
  });

  it('accepts the catalogue as a map as well as a list', () => {
    const fromMap = buildBoardLayout({ fixtureId: FIXTURE, odds: SNAPSHOT, markets: MARKET_OF });
    expect(boardMarketsInOrder(fromMap).map((m) => m.key)).toEqual(boardMarketsInOrder(layoutOf()).map((m) => m.key));
  });

  it('lists markets in display order, optionally without the alternates', () => {
    const layout = layoutOf();
    expect(boardMarketsInOrder(layout).map((m) => m.key)).toEqual(['1001:0', '1011:0', '1013:0', '1021:7', '1023:7', '1021:9']);
    expect(boardMarketsInOrder(layout, false).map((m) => m.key)).toEqual(['1001:0', '1011:0', '1021:7', '1021:9']);
  });
});

describe('odds board layout properties', () => {
  it('gives every snapshot price a cell in its market, row and bookmaker column', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const layout = layoutOf(snapshot);
        for (const [bookmaker, entries] of Object.entries(snapshot)) {
          for (const [oddsId, e] of Object.entries(entries)) {
            const ref = cellOf(layout, oddsId);
            expect(ref?.marketKey).toBe(`${String(e.marketId)}:${String(e.playerId)}`);
            const row = layout.markets.get(ref?.marketKey ?? '')?.rows[ref?.rowIndex ?? -1];
            expect(row?.outcomeId).toBe(e.outcomeId);
            expect(layout.columns[ref?.columnIndex ?? -1]).toBe(bookmaker);
            expect(row?.oddsIds[ref?.columnIndex ?? -1]).toBe(oddsId);
          }
        }
        // And every cell's oddsId, quoted or not, routes back to that cell.
        for (const m of layout.markets.values()) {
          m.rows.forEach((row, rowIndex) => {
            row.oddsIds.forEach((oddsId, columnIndex) => {
              expect(cellOf(layout, oddsId)).toEqual({ marketKey: m.key, rowIndex, columnIndex });
            });
          });
        }
      }),
    );
  });

  it('does not depend on the order the snapshot lists books and prices in', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const reversed: FixtureOdds = Object.fromEntries(
          Object.entries(snapshot)
            .reverse()
            .map(([book, entries]) => [book, Object.fromEntries(Object.entries(entries).reverse())]),
        );
        const shape = (layout: BoardLayout) => JSON.stringify([layout.columns, layout.groups]);
        expect(shape(layoutOf(reversed))).toBe(shape(layoutOf(snapshot)));
      }),
    );
  });

  it('shows each family’s lines exactly once, at least one of them as main', () => {
    fc.assert(
      fc.property(snapshotArb, (snapshot) => {
        const layout = layoutOf(snapshot);
        const shown = boardMarketsInOrder(layout).map((m) => m.key);
        expect(new Set(shown).size).toBe(layout.markets.size);
        for (const group of layout.groups) for (const period of group.periods) for (const family of period.families) expect(family.main.length).toBeGreaterThan(0);
      }),
    );
  });
});
