// Per bookmaker, the overround (margin) of its quote on one market, when it prices every outcome.
import { memo, useCallback } from 'react';
import type { MarketValues } from '../../domain/odds-board-values.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';

export interface MarginRowProps {
  readonly store: MarketValuesStore;
  /** The layout columns shown, in display order. */
  readonly visible: readonly number[];
  readonly gridRow: number;
  readonly activeCol: number | null;
  readonly top: number;
  readonly height: number;
}

/** An overround as a percentage with one decimal ("4.8%"), '' when the book's market is incomplete. */
function percent(value: number | null): string {
  return value === null ? '' : `${(value * 100).toFixed(1)}%`;
}

export const MarginRow = memo(function MarginRow({ store, visible, gridRow, activeCol, top, height }: MarginRowProps) {
  const select = useCallback((values: MarketValues) => values.overround.map(percent).join('|'), []);
  const margins = useMarketSelector(store, select).split('|');
  return (
    <div role="row" aria-rowindex={gridRow + 2} className="board-row board-margin" style={{ transform: `translateY(${String(top)}px)`, height }}>
      <div role="rowheader" className="outcome-name pin pin-outcome muted">
        Margin
      </div>
      <div role="gridcell" className="pin pin-best" />
      <div role="gridcell" className="pin pin-fair" />
      <div role="gridcell" className="pin pin-ev" />
      <div role="gridcell" className="pin pin-stake" />
      {visible.map((column, gridCol) => {
        const margin = margins[column] ?? '';
        return (
          <div
            role="gridcell"
            key={column}
            className="margin-cell"
            data-grid-cell={`${String(gridRow)}:${String(gridCol)}`}
            tabIndex={activeCol === gridCol ? 0 : -1}
            title={margin === '' ? 'Incomplete or inactive market: no margin' : `Overround ${margin}`}
          >
            {margin === '' ? <span aria-label="no margin">–</span> : margin}
          </div>
        );
      })}
    </div>
  );
});
