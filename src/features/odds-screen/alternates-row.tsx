// The toggle row after a family's main lines: shows or hides its alternate lines.
import { gridCellProps } from '../../components/use-grid-keyboard.ts';

export interface AlternatesRowProps {
  readonly familyKey: string;
  /** How many alternate lines the family has. */
  readonly count: number;
  readonly expanded: boolean;
  readonly onToggle: (familyKey: string) => void;
  readonly gridRow: number;
  readonly activeCol: number | null;
  readonly columnCount: number;
  readonly top: number;
  readonly height: number;
}

export function AlternatesRow({ familyKey, count, expanded, onToggle, gridRow, activeCol, columnCount, top, height }: AlternatesRowProps) {
  return (
    <div role="row" aria-rowindex={gridRow + 2} className="board-row board-alternates" style={{ transform: `translateY(${String(top)}px)`, height }}>
      <div role="gridcell" aria-colspan={columnCount}>
        <button
          className="pinned-title"
          type="button"
          aria-expanded={expanded}
          onClick={() => {
            onToggle(familyKey);
          }}
          {...gridCellProps(gridRow, 0, activeCol)}
        >
          {expanded ? 'Hide' : 'Show'} {count} alternate {count === 1 ? 'line' : 'lines'}
        </button>
      </div>
    </div>
  );
}
