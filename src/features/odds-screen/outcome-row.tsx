// One outcome of a market: its name, a price cell per bookmaker, the fair price and the
// arbitrage stake. Memoized: scrolling and other rows' changes leave it alone.
import { memo } from 'react';
import type { DevigMethod } from '../../domain/devig.ts';
import type { BoardMarket } from '../../domain/odds-board.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { FairCell } from './fair-cell.tsx';
import type { MarketValuesStore } from './market-store.ts';
import { PriceCell } from './price-cell.tsx';
import { StakeCell } from './stake-cell.tsx';

export interface OutcomeRowProps {
  readonly market: BoardMarket;
  readonly rowIndex: number;
  readonly store: MarketValuesStore;
  /** Index in the grid (virtual row), for `data-grid-cell` and `aria-rowindex`. */
  readonly gridRow: number;
  /** The active column when this row holds the grid's tab stop, else null. */
  readonly activeCol: number | null;
  /** Column indices whose price is on the slip, joined by ',' (a string, so the memo compares cheaply). */
  readonly selectedColumns: string;
  readonly columns: readonly string[];
  readonly nameOf: (bookmaker: string) => string;
  readonly format: OddsFormat;
  readonly method: DevigMethod;
  readonly showRange: boolean;
  readonly onToggle: (oddsId: string) => void;
  readonly top: number;
  readonly height: number;
}

export const OutcomeRow = memo(function OutcomeRow(props: OutcomeRowProps) {
  const { market, rowIndex, store, gridRow, activeCol, selectedColumns, columns, nameOf, format, method, showRange, onToggle, top, height } = props;
  const row = market.rows[rowIndex];
  if (row === undefined) return null;
  const selected = new Set(selectedColumns === '' ? [] : selectedColumns.split(',').map(Number));
  return (
    <div role="row" aria-rowindex={gridRow + 2} className="board-row board-outcome" style={{ transform: `translateY(${String(top)}px)`, height }}>
      <div role="rowheader" className="outcome-name">
        {row.outcomeName ?? `Outcome ${String(row.outcomeId)}`}
      </div>
      {row.oddsIds.map((oddsId, column) => (
        <PriceCell
          key={oddsId}
          oddsId={oddsId}
          store={store}
          rowIndex={rowIndex}
          column={column}
          gridRow={gridRow}
          gridCol={column}
          tabStop={activeCol === column}
          selected={selected.has(column)}
          format={format}
          bookmakerName={nameOf(columns[column] ?? '')}
          onToggle={onToggle}
        />
      ))}
      <FairCell store={store} rowIndex={rowIndex} method={method} format={format} showRange={showRange} />
      <StakeCell store={store} rowKey={row.key} nameOf={nameOf} />
    </div>
  );
});
