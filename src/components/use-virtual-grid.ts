// A virtualized ARIA grid's plumbing, shared by the list pages: TanStack Virtual renders only
// the rows in view, `useGridKeyboard` moves focus between cells and scrolls a row into view
// before focusing it, and the grid element stands in as the tab stop while that cell is unrendered.
import { useVirtualizer, type Rect } from '@tanstack/react-virtual';
import { useCallback, useRef, type Key } from 'react';
import { useGridKeyboard, type GridCell } from './use-grid-keyboard.ts';

export interface VirtualGridOptions {
  /** Body rows (the header row is not counted). */
  readonly rowCount: number;
  /** A row's height in px before it is measured. */
  readonly estimateSize: (row: number) => number;
  /** A row's stable key, so a row keeps its measurement when rows are inserted above it. */
  readonly getItemKey: (row: number) => Key;
  /** Rows rendered beyond each edge of the view. */
  readonly overscan: number;
  /** What the first render lays out before the scroll box is measured (and what jsdom keeps). */
  readonly initialRect: Rect;
  /** Cells in a row (a group heading may have one, data rows several). */
  readonly colCount: (row: number) => number;
  /** Rows PageUp/PageDown move by. */
  readonly pageRows: number;
  /** Enter on a cell. */
  readonly onActivate?: (cell: GridCell) => void;
}

/**
 * Spread `gridProps` on the `role="grid"` element (it carries the keyboard handlers and the
 * grid's fallback `tabIndex`), put `scrollRef` on the scrolling box, render `virtualItems`
 * positioned by `virtual.start` inside a body `virtualizer.getTotalSize()` high, and give each
 * cell `gridCellProps(row, col, active.row === row ? active.col : null)`.
 */
export function useVirtualGrid({ rowCount, estimateSize, getItemKey, overscan, initialRect, colCount, pageRows, onActivate }: VirtualGridOptions) {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // TanStack Virtual keeps its state outside React; its measurements are read during render by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rowCount,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    getItemKey,
    overscan,
    initialRect,
  });
  const scrollToRow = useCallback(
    (row: number) => {
      virtualizer.scrollToIndex(row, { align: 'auto' });
    },
    [virtualizer],
  );
  const { active, gridProps } = useGridKeyboard({ rowCount, colCount, pageRows, scrollToRow, onActivate });
  const virtualItems = virtualizer.getVirtualItems();
  // While the tab-stop cell is scrolled out (not rendered), the grid itself takes its place.
  const tabIndex = virtualItems.some((v) => v.index === active.row) ? undefined : 0;
  return { scrollRef, virtualizer, virtualItems, active, gridProps: { ...gridProps, tabIndex } };
}
