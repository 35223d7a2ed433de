// One outcome of a market: pinned on the left its name, best price, fair price, EV and arbitrage
// stake; then a price cell per shown bookmaker. Memoized: scrolling and other rows' changes leave
// it alone.
import { memo } from 'react';
import type { DevigMethod } from '../../domain/devig.ts';
import type { BoardMarket } from '../../domain/odds-board-layout.ts';
import type { OddsFormat } from '../../domain/odds-format.ts';
import { BestCell } from './best-cell.tsx';
import { EvCell } from './ev-cell.tsx';
import { FairCell } from './fair-cell.tsx';
import type { MarketValuesStore } from './market-store.ts';
import { PriceCell } from './price-cell.tsx';
import type { PriceMemory } from './price-memory.ts';
import { StakeCell } from './stake-cell.tsx';

export interface OutcomeRowProps {
  readonly market: BoardMarket;
  readonly rowIndex: number;
  readonly store: MarketValuesStore;
  /** Index in the grid (virtual row), for `data-grid-cell` and `aria-rowindex`. */
  readonly gridRow: number;
  /** The active column when this row holds the grid's tab stop, else null. */
  readonly activeCol: number | null;
  readonly columns: readonly string[];
  /** The layout columns shown, in display order (hidden books left out). */
  readonly visible: readonly number[];
  readonly memory: PriceMemory;
  readonly nameOf: (bookmaker: string) => string;
  readonly format: OddsFormat;
  readonly method: DevigMethod;
  readonly showRange: boolean;
  /** Whether a moved price flashes. */
  readonly flash: boolean;
  readonly onToggle: (oddsId: string) => void;
  readonly top: number;
  readonly height: number;
}

export const OutcomeRow = memo(function OutcomeRow(props: OutcomeRowProps) {
  const { market, rowIndex, store, gridRow, activeCol, columns, visible, memory, nameOf, format, method, showRange, flash, onToggle, top, height } = props;
  const row = market.rows[rowIndex];
  if (row === undefined) return null;
  return (
    <div role="row" aria-rowindex={gridRow + 2} className="board-row board-outcome" style={{ transform: `translateY(${String(top)}px)`, height }}>
      <div role="rowheader" className="outcome-name pin pin-outcome">
        {row.outcomeName ?? `Outcome ${String(row.outcomeId)}`}
      </div>
      <BestCell store={store} rowIndex={rowIndex} format={format} nameOf={nameOf} />
      <FairCell store={store} rowIndex={rowIndex} method={method} format={format} showRange={showRange} nameOf={nameOf} />
      <EvCell store={store} rowIndex={rowIndex} />
      <StakeCell store={store} rowKey={row.key} nameOf={nameOf} />
      {visible.map((column, gridCol) => {
        const oddsId = row.oddsIds[column] ?? '';
        return (
          <PriceCell
            key={oddsId}
            oddsId={oddsId}
            store={store}
            rowIndex={rowIndex}
            column={column}
            gridRow={gridRow}
            gridCol={gridCol}
            tabStop={activeCol === gridCol}
            format={format}
            bookmakerName={nameOf(columns[column] ?? '')}
            onToggle={onToggle}
            memory={memory}
            flash={flash}
          />
        );
      })}
    </div>
  );
});
