// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EvRow } from '../../book/opportunity-scanner.ts';
import { layOutElementsForVirtualGrids } from '../../components/virtual-grid-test-setup.ts';
import { evColumns } from './opportunity-columns.tsx';
import { OpportunityGrid } from './opportunity-grid.tsx';
import { DEFAULT_PARAMS } from './opportunity-params.ts';

layOutElementsForVirtualGrids();

const T0 = Date.parse('2026-11-28T12:00:00Z');
const ROW: EvRow = {
  fixtureId: 'sr10000001x1',
  fixtureName: 'A – B',
  sportId: 10,
  live: true,
  marketId: 101,
  playerId: 0,
  marketName: 'Match Result',
  marketType: '1x2',
  key: 'sr10000001x1:b:101:0',
  oddsId: 'sr10000001x1:b:101:0',
  outcomeId: 101,
  outcomeName: '1',
  bookmaker: 'b',
  price: 2.1,
  netPrice: 2.1,
  fairProbability: 0.5,
  fairPrice: 2,
  ev: 0.05,
  changedAt: T0 - 5_000,
};
const COLUMNS = evColumns({ nameOf: (b) => b.toUpperCase(), playerNameOf: (id) => `player ${String(id)}`, format: 'decimal', params: DEFAULT_PARAMS });
const noop = () => undefined;

function Grid({ rows }: { readonly rows: readonly EvRow[] }) {
  // As on the page: TanStack Table keeps its state outside React.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<EvRow>({ data: [...rows], columns: COLUMNS, getCoreRowModel: getCoreRowModel(), getRowId: (row) => row.key });
  return <OpportunityGrid table={table} label="EV" total={rows.length} offset={0} rowHeight={34} onRange={noop} onOpen={noop} />;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(T0);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('EV columns', () => {
  it("keep a row's quote age current each second, with no new view from the worker", () => {
    render(
      <MemoryRouter>
        <Grid rows={[ROW]} />
      </MemoryRouter>,
    );
    const age = () => screen.getAllByRole('gridcell').find((cell) => cell.getAttribute('data-col') === 'age')?.textContent;
    expect(age()).toBe('5 s');
    act(() => {
      vi.advanceTimersByTime(3_000);
    });
    expect(age()).toBe('8 s');
    expect(screen.getByText('+5.0%')).toBeTruthy();
  });
});
