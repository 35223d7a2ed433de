// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { describe, expect, it } from 'vitest';
import { layOutElementsForVirtualGrids } from '../../components/virtual-grid-test-setup.ts';
import { OpportunityGrid } from './opportunity-grid.tsx';

layOutElementsForVirtualGrids();

interface PriceRow {
  readonly key: string;
  readonly price: number;
}

let priceRenders: string[] = [];
const COLUMNS: ColumnDef<PriceRow>[] = [
  { id: 'key', header: 'Key', cell: ({ row }) => row.original.key },
  {
    id: 'price',
    header: 'Price',
    cell: ({ row }) => {
      priceRenders.push(row.original.key);
      return row.original.price.toFixed(2);
    },
  },
];
const noop = () => undefined;

function Grid({ rows }: { readonly rows: readonly PriceRow[] }) {
  // As on the page: TanStack Table keeps its state outside React.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<PriceRow>({ data: [...rows], columns: COLUMNS, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.key });
  return <OpportunityGrid table={table} label="Prices" total={rows.length} offset={0} rowHeight={34} onRange={noop} onOpen={noop} />;
}

describe('OpportunityGrid', () => {
  it('shows a moved price, and re-renders only the row that moved when the worker sends fresh copies of every row', () => {
    const rows = [
      { key: 'a', price: 2.1 },
      { key: 'b', price: 3.4 },
      { key: 'c', price: 1.9 },
    ];
    const { rerender } = render(<Grid rows={rows} />);
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['KeyPrice', 'a2.10', 'b3.40', 'c1.90']);
    priceRenders = [];
    // Fresh copies, as each view arrives through postMessage; only b moved.
    rerender(<Grid rows={[{ key: 'a', price: 2.1 }, { key: 'b', price: 3.5 }, { key: 'c', price: 1.9 }]} />);
    expect(screen.getAllByRole('row').map((r) => r.textContent)).toEqual(['KeyPrice', 'a2.10', 'b3.50', 'c1.90']);
    expect(priceRenders).toEqual(['b']);
  });
});
