// Keyboard navigation of a data grid (WAI-ARIA grid pattern) that may be virtualized: the grid
// is one tab stop, arrow keys / Home / End / PageUp / PageDown move focus between cells, Enter
// activates the focused cell, S toggles the watchlist star inside it. Cells carry `data-grid-cell="row:col"`; rows off screen are
// scrolled into view first and focused once rendered.
import { useCallback, useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';

export interface GridCell {
  readonly row: number;
  readonly col: number;
}

export interface GridShape {
  readonly rowCount: number;
  /** Cells in a row (a group heading may have one, data rows several). */
  readonly colCount: (row: number) => number;
  /** Rows PageUp/PageDown move by. */
  readonly pageRows: number;
}

function clampCol(col: number, row: number, shape: GridShape): number {
  return Math.max(0, Math.min(col, shape.colCount(row) - 1));
}

/**
 * The cell a key moves focus to from `cell`, or null when the key is not a navigation key or
 * the grid is empty. Moves stop at the edges; moving into a shorter row lands on its last cell.
 * Ctrl+Home / Ctrl+End go to the first / last row.
 */
export function nextGridCell(cell: GridCell, key: string, shape: GridShape, ctrl = false): GridCell | null {
  if (shape.rowCount === 0) return null;
  const lastRow = shape.rowCount - 1;
  const at = (row: number, col: number): GridCell => {
    const r = Math.max(0, Math.min(row, lastRow));
    return { row: r, col: clampCol(col, r, shape) };
  };
  switch (key) {
    case 'ArrowDown':
      return at(cell.row + 1, cell.col);
    case 'ArrowUp':
      return at(cell.row - 1, cell.col);
    case 'ArrowRight':
      return at(cell.row, cell.col + 1);
    case 'ArrowLeft':
      return at(cell.row, cell.col - 1);
    case 'PageDown':
      return at(cell.row + shape.pageRows, cell.col);
    case 'PageUp':
      return at(cell.row - shape.pageRows, cell.col);
    case 'Home':
      return ctrl ? at(0, 0) : at(cell.row, 0);
    case 'End':
      return ctrl ? at(lastRow, shape.colCount(lastRow) - 1) : at(cell.row, shape.colCount(cell.row) - 1);
    default:
      return null;
  }
}

/** Parses `data-grid-cell="row:col"`. */
function cellOf(element: Element | null): GridCell | null {
  const value = element?.closest('[data-grid-cell]')?.getAttribute('data-grid-cell');
  if (value == null) return null;
  const [row, col] = value.split(':').map(Number);
  return row === undefined || col === undefined || Number.isNaN(row) || Number.isNaN(col) ? null : { row, col };
}

/**
 * The attributes of one cell: its position, and `tabIndex` 0 for the grid's one tab stop.
 * `activeCol` is the active column when the cell's row holds the tab stop, else null — pass that
 * to memoized rows rather than the whole active cell, so moving focus re-renders two rows only.
 */
export function gridCellProps(row: number, col: number, activeCol: number | null) {
  return { 'data-grid-cell': `${String(row)}:${String(col)}`, tabIndex: activeCol === col ? 0 : -1 };
}

export interface GridKeyboardOptions extends GridShape {
  /** Brings a row into view (a virtualizer's `scrollToIndex`); rows are then focused once rendered. */
  readonly scrollToRow?: (row: number) => void;
  /** Enter on a cell. */
  readonly onActivate?: (cell: GridCell) => void;
}

/** How many animation frames to wait for a scrolled-to row to render before giving up focusing it. */
const FOCUS_FRAMES = 8;

/**
 * Roving focus for a grid. Spread `gridProps` on the element holding the cells and
 * `gridCellProps(row, col, active.row === row ? active.col : null)` on each cell, so exactly one
 * cell is a tab stop.
 */
export function useGridKeyboard<E extends HTMLElement = HTMLDivElement>(options: GridKeyboardOptions) {
  const { rowCount, colCount, pageRows, scrollToRow, onActivate } = options;
  const [active, setActive] = useState<GridCell>({ row: 0, col: 0 });
  const [focusRequest, setFocusRequest] = useState(0);
  const gridRef = useRef<E | null>(null);

  // Rows may disappear (a filter): keep the tab stop on a cell that exists.
  const current = useMemo<GridCell>(() => {
    const row = rowCount === 0 ? 0 : Math.min(active.row, rowCount - 1);
    return { row, col: rowCount === 0 ? 0 : clampCol(active.col, row, { rowCount, colCount, pageRows }) };
  }, [active, rowCount, colCount, pageRows]);

  useEffect(() => {
    if (focusRequest === 0) return;
    let frames = 0;
    let handle = 0;
    const focus = () => {
      const element = gridRef.current?.querySelector<HTMLElement>(`[data-grid-cell="${String(current.row)}:${String(current.col)}"]`);
      if (element) {
        element.focus({ preventScroll: false });
        return;
      }
      frames += 1;
      if (frames < FOCUS_FRAMES) handle = requestAnimationFrame(focus);
    };
    focus();
    return () => {
      cancelAnimationFrame(handle);
    };
    // Focus follows a key press only (focusRequest), never a re-render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusRequest]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<E>) => {
      const from = cellOf(event.target as Element) ?? current;
      // S stars the focused cell's fixture or market: the star inside a cell is no tab stop of its
      // own (one per grid), so it takes a key instead (StarButton says so in aria-keyshortcuts).
      if ((event.key === 's' || event.key === 'S') && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const star = (event.target as Element).closest('[data-grid-cell]')?.querySelector<HTMLButtonElement>('button[data-star]');
        if (star) {
          event.preventDefault();
          star.click();
        }
        return;
      }
      if (event.key === 'Enter') {
        if ((event.target as Element).closest('[data-grid-cell]') !== null) {
          event.preventDefault();
          onActivate?.(from);
        }
        return;
      }
      const next = nextGridCell(from, event.key, { rowCount, colCount, pageRows }, event.ctrlKey || event.metaKey);
      if (next === null) return;
      event.preventDefault();
      setActive(next);
      scrollToRow?.(next.row);
      setFocusRequest((n) => n + 1);
    },
    [current, rowCount, colCount, pageRows, scrollToRow, onActivate],
  );

  const onFocus = useCallback((event: FocusEvent<E>) => {
    const cell = cellOf(event.target);
    if (cell !== null) setActive(cell);
  }, []);

  return { active: current, gridProps: { ref: gridRef, onKeyDown, onFocus } };
}
