// A virtualized ARIA grid of opportunity rows of which the page holds only a window: the worker
// sorts and filters every row and sends those in view (`offset` on), so the grid is `total` rows
// high and shows a placeholder where a row has not arrived yet. Sorting is TanStack Table's
// header state, done by the worker (manual sorting). A click or Enter opens the row.
// Rows update in place: each view from the worker is a fresh copy of every row in the window
// (it crosses postMessage), so a row re-renders only when its figures, place or columns changed —
// not every row at every view (4 a second while prices move).
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { memo, useCallback, useEffect } from 'react';
import { gridCellProps } from '../../components/use-grid-keyboard.ts';
import { useVirtualGrid } from '../../components/use-virtual-grid.ts';

const INITIAL_RECT = { width: 1200, height: 640 };
const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

export interface OpportunityGridProps<T> {
  readonly table: Table<T>;
  readonly label: string;
  /** Rows in the whole list (the worker's count). */
  readonly total: number;
  /** The list index of the table's first row. */
  readonly offset: number;
  readonly rowHeight: number;
  /** The rows in view changed: first and last list index. */
  readonly onRange: (first: number, last: number) => void;
  readonly onOpen: (row: T) => void;
}

function gridTemplate<T>(table: Table<T>): string {
  return table
    .getVisibleLeafColumns()
    .map((column) => column.columnDef.meta?.width ?? '1fr')
    .join(' ');
}

interface RowViewProps<T> {
  readonly row: Row<T>;
  readonly index: number;
  readonly start: number;
  readonly rowHeight: number;
  readonly activeCol: number | null;
  /** The table's column definitions: new ones (a new format, or the age clock's tick) re-render every row. */
  readonly columns: unknown;
  readonly onOpen: (row: T) => void;
}

function RowView<T>({ row, index, start, rowHeight, activeCol, onOpen }: RowViewProps<T>) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className="market-row opportunity-row"
      data-key={row.id}
      style={{ transform: `translateY(${String(start)}px)`, height: rowHeight }}
      onClick={(event) => {
        // A link inside the row opens by itself.
        if (event.target instanceof Element && event.target.closest('a') !== null) return;
        onOpen(row.original);
      }}
    >
      {row.getVisibleCells().map((cell, col) => (
        <div role="gridcell" key={cell.id} className={cell.column.columnDef.meta?.numeric === true ? 'numeric' : undefined} data-col={cell.column.id} {...gridCellProps(index, col, activeCol)}>
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </div>
      ))}
    </div>
  );
}

/** Whether two rows hold the same figures: every field the same (a nested array, an arbitrage's legs, counts as changed). */
function sameFields(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => Object.is(left[key], right[key]));
}

function sameRowView<T>(a: RowViewProps<T>, b: RowViewProps<T>): boolean {
  return (
    a.index === b.index &&
    a.start === b.start &&
    a.rowHeight === b.rowHeight &&
    a.activeCol === b.activeCol &&
    a.columns === b.columns &&
    a.onOpen === b.onOpen &&
    a.row.id === b.row.id &&
    sameFields(a.row.original, b.row.original)
  );
}

const MemoRowView = memo(RowView, sameRowView) as typeof RowView;

export function OpportunityGrid<T>({ table, label, total, offset, rowHeight, onRange, onOpen }: OpportunityGridProps<T>) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const colCount = useCallback(() => columnCount, [columnCount]);
  const onActivate = useCallback(
    (cell: { row: number }) => {
      const row = rows[cell.row - offset];
      if (row !== undefined) onOpen(row.original);
    },
    [rows, offset, onOpen],
  );
  const { scrollRef, virtualizer, virtualItems, active, gridProps } = useVirtualGrid({
    rowCount: total,
    estimateSize: () => rowHeight,
    getItemKey: (index) => rows[index - offset]?.id ?? `pending-${String(index)}`,
    overscan: 10,
    initialRect: INITIAL_RECT,
    colCount,
    pageRows: 15,
    onActivate,
  });
  const first = virtualItems[0]?.index ?? 0;
  const last = virtualItems[virtualItems.length - 1]?.index ?? 0;
  useEffect(() => {
    onRange(first, last);
  }, [first, last, onRange]);

  return (
    <div
      role="grid"
      aria-label={label}
      aria-rowcount={total + 1}
      aria-colcount={columnCount}
      className="market-grid opportunity-grid"
      style={{ ['--market-columns' as string]: gridTemplate(table) }}
      {...gridProps}
    >
      <div role="rowgroup" className="market-grid-head">
        {table.getHeaderGroups().map((group) => (
          <div role="row" aria-rowindex={1} key={group.id} className="market-row market-head">
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              const numeric = header.column.columnDef.meta?.numeric === true;
              return (
                <div role="columnheader" key={header.id} className={numeric ? 'numeric' : undefined} aria-sort={sorted === false ? (canSort ? 'none' : undefined) : ARIA_SORT[sorted]}>
                  {canSort ? (
                    <button type="button" className="sort-button" onClick={header.column.getToggleSortingHandler()}>
                      {flexRender(header.column.columnDef.header, header.getContext())}
                      <span aria-hidden="true" className="sort-mark">
                        {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                      </span>
                    </button>
                  ) : (
                    flexRender(header.column.columnDef.header, header.getContext())
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <div ref={scrollRef} className="market-grid-scroll">
        <div role="rowgroup" className="virtual-body" style={{ height: virtualizer.getTotalSize() }}>
          {virtualItems.map((virtual) => {
            const row = rows[virtual.index - offset];
            const style = { transform: `translateY(${String(virtual.start)}px)`, height: rowHeight };
            if (row === undefined) {
              return (
                <div role="row" key={`pending-${String(virtual.index)}`} aria-rowindex={virtual.index + 2} className="market-row opportunity-row pending" style={style}>
                  <div role="gridcell" aria-colspan={columnCount}>
                    …
                  </div>
                </div>
              );
            }
            return (
              <MemoRowView
                key={row.id}
                row={row}
                index={virtual.index}
                start={virtual.start}
                rowHeight={rowHeight}
                activeCol={active.row === virtual.index ? active.col : null}
                columns={table.options.columns}
                onOpen={onOpen}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
