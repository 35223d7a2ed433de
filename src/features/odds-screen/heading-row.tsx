// A heading row of the odds board: a market type (bold), a period, or a player of a prop; one
// cell across every column.
import { gridCellProps } from '../../components/use-grid-keyboard.ts';

export interface HeadingRowProps {
  readonly kind: 'type' | 'period' | 'player';
  readonly text: string;
  readonly gridRow: number;
  readonly activeCol: number | null;
  readonly columnCount: number;
  readonly top: number;
  readonly height: number;
}

export function HeadingRow({ kind, text, gridRow, activeCol, columnCount, top, height }: HeadingRowProps) {
  return (
    <div role="row" aria-rowindex={gridRow + 2} className={`board-row board-heading board-${kind}`} style={{ transform: `translateY(${String(top)}px)`, height }}>
      <div role="gridcell" aria-colspan={columnCount} {...gridCellProps(gridRow, 0, activeCol)}>
        <span className="pinned-title">{kind === 'type' ? <strong>{text}</strong> : text}</span>
      </div>
    </div>
  );
}
