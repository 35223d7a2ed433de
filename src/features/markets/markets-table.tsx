// The market catalogue grid: a TanStack Table row model (filtered and sorted by the page's URL
// state) rendered as a virtualized ARIA grid — thousands of rows, only those in view in the DOM.
import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { memo, useCallback } from 'react';
import { gridCellProps } from '../../components/use-grid-keyboard.ts';
import { useVirtualGrid } from '../../components/use-virtual-grid.ts';
import type { CatalogueRow } from '../../domain/catalogue-table.ts';

const ROW_HEIGHT = 34;
/** What the first render lays out before the scroll box is measured (and what jsdom keeps). */
const INITIAL_RECT = { width: 1200, height: 640 };

/** The CSS grid tracks of the visible columns. */
function gridTemplate(table: Table<CatalogueRow>): string {
  return table
    .getVisibleLeafColumns()
    .map((column) => column.columnDef.meta?.width ?? '1fr')
    .join(' ');
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

const MarketRow = memo(function MarketRow({
  row,
  index,
  activeCol,
  top,
  columnsKey: _columnsKey,
}: {
  readonly row: Row<CatalogueRow>;
  readonly index: number;
  readonly activeCol: number | null;
  readonly top: number;
  /** Changes when the columns' rendering changes (e.g. sport names), so memoized rows refresh. */
  readonly columnsKey: unknown;
}) {
  return (
    <div role="row" aria-rowindex={index + 2} className="market-row" style={{ transform: `translateY(${String(top)}px)` }}>
      {row.getVisibleCells().map((cell, col) => (
        <div
          role="gridcell"
          key={cell.id}
          className={cell.column.columnDef.meta?.numeric === true ? 'numeric' : undefined}
          {...gridCellProps(index, col, activeCol)}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </div>
      ))}
    </div>
  );
});

export function MarketsTable({ table, label }: { readonly table: Table<CatalogueRow>; readonly label: string }) {
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const colCount = useCallback(() => columnCount, [columnCount]);
  const { scrollRef, virtualizer, virtualItems, active, gridProps } = useVirtualGrid({
    rowCount: rows.length,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
    initialRect: INITIAL_RECT,
    colCount,
    pageRows: 15,
  });
  const template = gridTemplate(table);

  return (
    <div
      role="grid"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columnCount}
      className="market-grid"
      style={{ ['--market-columns' as string]: template }}
      {...gridProps}
    >
      <div role="rowgroup" className="market-grid-head">
        {table.getHeaderGroups().map((group) => (
          <div role="row" aria-rowindex={1} key={group.id} className="market-row market-head">
            {group.headers.map((header) => {
              const sorted = header.column.getIsSorted();
              const canSort = header.column.getCanSort();
              return (
                <div role="columnheader" key={header.id} aria-sort={sorted === false ? (canSort ? 'none' : undefined) : ARIA_SORT[sorted]}>
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
            const row = rows[virtual.index];
            if (row === undefined) return null;
            return (
              <MarketRow
                key={row.id}
                row={row}
                index={virtual.index}
                activeCol={active.row === virtual.index ? active.col : null}
                top={virtual.start}
                columnsKey={table.options.columns}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
