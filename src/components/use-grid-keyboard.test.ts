import { describe, expect, it } from 'vitest';
import { nextGridCell, type GridShape } from './use-grid-keyboard.ts';

// Rows 0 and 3 are headings with one cell; the others have four.
const shape: GridShape = { rowCount: 6, colCount: (row) => (row === 0 || row === 3 ? 1 : 4), pageRows: 3 };

describe('nextGridCell', () => {
  it('moves one cell per arrow key', () => {
    expect(nextGridCell({ row: 1, col: 1 }, 'ArrowRight', shape)).toEqual({ row: 1, col: 2 });
    expect(nextGridCell({ row: 1, col: 1 }, 'ArrowLeft', shape)).toEqual({ row: 1, col: 0 });
    expect(nextGridCell({ row: 1, col: 1 }, 'ArrowDown', shape)).toEqual({ row: 2, col: 1 });
  });

  it('stops at the edges of the grid', () => {
    expect(nextGridCell({ row: 5, col: 3 }, 'ArrowDown', shape)).toEqual({ row: 5, col: 3 });
    expect(nextGridCell({ row: 1, col: 3 }, 'ArrowRight', shape)).toEqual({ row: 1, col: 3 });
    expect(nextGridCell({ row: 0, col: 0 }, 'ArrowUp', shape)).toEqual({ row: 0, col: 0 });
  });

  it('lands on the only cell of a heading row', () => {
    expect(nextGridCell({ row: 2, col: 3 }, 'ArrowDown', shape)).toEqual({ row: 3, col: 0 });
  });

  it('jumps a page, to the row ends, and with Ctrl to the grid ends', () => {
    expect(nextGridCell({ row: 1, col: 2 }, 'PageDown', shape)).toEqual({ row: 4, col: 2 });
    expect(nextGridCell({ row: 4, col: 2 }, 'Home', shape)).toEqual({ row: 4, col: 0 });
    expect(nextGridCell({ row: 4, col: 0 }, 'End', shape)).toEqual({ row: 4, col: 3 });
    expect(nextGridCell({ row: 4, col: 2 }, 'Home', shape, true)).toEqual({ row: 0, col: 0 });
    expect(nextGridCell({ row: 1, col: 0 }, 'End', shape, true)).toEqual({ row: 5, col: 3 });
  });

  it('ignores other keys and empty grids', () => {
    expect(nextGridCell({ row: 1, col: 1 }, 'a', shape)).toBeNull();
    expect(nextGridCell({ row: 0, col: 0 }, 'ArrowDown', { ...shape, rowCount: 0 })).toBeNull();
  });
});
