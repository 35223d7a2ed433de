// One bookmaker's price on one outcome: subscribed to its own oddsId, so a price change renders
// this cell alone; its best-price flag and state come from the market's store as one small
// string, so they re-render it only when they change. A move flashes up or down by a CSS
// animation, restarted by switching between two identical animation names (a changed
// animation-name restarts it): no timer per cell, and no DOM node replaced.
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useOdds } from '../../book/use-book.ts';
import type { CellState, MarketValues } from '../../domain/odds-board-values.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { priceDirection, type PriceDirection } from '../../domain/price-flash.ts';
import type { OddsEntry } from '../../wire/shared-schemas.ts';
import { useIsOnSlip } from './board-slip.ts';
import { shortBookName } from './book-columns.ts';
import { useMarketSelector, type MarketValuesStore } from './market-store.ts';
import type { PriceMemory } from './price-memory.ts';

/** What screen readers hear after the price, per state; '' for an ordinary price. */
export const STATE_TEXT: Readonly<Record<CellState, string>> = {
  absent: 'not quoted',
  'book-suspended': 'bookmaker suspended',
  'market-suspended': 'market suspended',
  inactive: 'inactive',
  'book-stale': 'stale bookmaker',
  active: '',
};

/** The short visible mark per state (beside the price). */
const STATE_MARK: Readonly<Record<CellState, string>> = {
  absent: '',
  'book-suspended': 'susp',
  'market-suspended': 'susp',
  inactive: 'off',
  'book-stale': 'stale',
  active: '',
};

export interface PriceCellProps {
  readonly oddsId: string;
  readonly store: MarketValuesStore;
  /** The outcome's row in its market, and the bookmaker's column. */
  readonly rowIndex: number;
  readonly column: number;
  /** The grid position (`data-grid-cell`) and whether the cell is the grid's tab stop. */
  readonly gridRow: number;
  readonly gridCol: number;
  readonly tabStop: boolean;
  readonly format: OddsFormat;
  readonly bookmakerName: string;
  readonly onToggle: (oddsId: string) => void;
  /** Where the cell leaves its previous price when it moves (for the peek). */
  readonly memory: PriceMemory;
  /** Whether a move flashes (the board at a past moment steps without flashing). */
  readonly flash?: boolean;
}

function useFlash(entry: OddsEntry | undefined): { readonly direction: PriceDirection; readonly key: number } {
  // Adjusting state while rendering (React's pattern for "what was the previous value"): the
  // direction is known in the same render as the new price, with no effect and no timer.
  const [seen, setSeen] = useState({ entry, direction: 'none' as PriceDirection, key: 0 });
  if (seen.entry !== entry) {
    const direction = priceDirection(seen.entry, entry);
    const next = { entry, direction, key: direction === 'none' ? seen.key : seen.key + 1 };
    setSeen(next);
    return next;
  }
  return seen;
}

export const PriceCell = memo(function PriceCell(props: PriceCellProps) {
  const { oddsId, store, rowIndex, column, gridRow, gridCol, tabStop, format, bookmakerName, onToggle, memory, flash: flashOn = true } = props;
  const entry = useOdds(oddsId);
  const selected = useIsOnSlip(oddsId);
  // Runs only when this cell's price changed: the previous one goes to the board's memory.
  const shown = useRef(entry);
  useEffect(() => {
    const before = shown.current;
    if (before !== undefined && entry !== undefined && before !== entry) memory.record(oddsId, before, entry);
    shown.current = entry;
  }, [entry, memory, oddsId]);
  const selectFlags = useCallback(
    (values: MarketValues): string => {
      const cell = values.rows[rowIndex]?.cells[column];
      return cell === undefined ? 'absent|0' : `${cell.state}|${cell.best ? '1' : '0'}`;
    },
    [rowIndex, column],
  );
  const [state, bestFlag] = useMarketSelector(store, selectFlags).split('|') as [CellState, string];
  const best = bestFlag === '1';
  const flash = useFlash(entry);
  const position = { 'data-grid-cell': `${String(gridRow)}:${String(gridCol)}`, tabIndex: tabStop ? 0 : -1 };

  if (entry === undefined) {
    return (
      <div role="gridcell" className="odds-cell odds-cell-absent" {...position}>
        <span className="odds-book" aria-hidden="true">
          {shortBookName(bookmakerName)}
        </span>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{bookmakerName}: not quoted</span>
      </div>
    );
  }
  const stateText = STATE_TEXT[state];
  const mark = STATE_MARK[state];
  return (
    <div role="gridcell" className={`odds-cell odds-cell-${state}${best ? ' odds-cell-best' : ''}`}>
      <button
        type="button"
        className="odds-price"
        aria-pressed={selected}
        onClick={() => {
          onToggle(oddsId);
        }}
        data-odds-id={oddsId}
        data-price={entry.price}
        data-state={state}
        {...position}
      >
        <span className="odds-book" aria-hidden="true">
          {shortBookName(bookmakerName)}
        </span>
        <span className={flash.direction === 'none' || !flashOn ? 'odds-value' : `odds-value flash-${flash.direction}-${String(flash.key % 2)}`}>
          {formatPrice(entry.price, format)}
        </span>
        {mark !== '' && (
          <span className="odds-mark" aria-hidden="true">
            {mark}
          </span>
        )}
        <span className="visually-hidden">
          {` ${bookmakerName}`}
          {best ? ', best price' : ''}
          {stateText === '' ? '' : `, ${stateText}`}
        </span>
      </button>
    </div>
  );
});
