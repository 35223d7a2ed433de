// The line-movement chart's time-range brush: an overview line of the first visible series on an
// even time grid over the window, with handles that narrow the range the chart draws.
import { Brush, Line, LineChart, ResponsiveContainer } from 'recharts';
import { formatMoment, formatTick } from '../domain/time-format.ts';

export interface LineMovementBrushProps {
  /** The overview's points: an even time grid over `extent`, the price in effect at each (or null). */
  readonly overview: readonly { readonly t: number; readonly v: number | null }[];
  /** Changed to put the handles back at the ends (recharts keeps them inside the Brush). */
  readonly resetKey: number;
  /** The range drawn now, named by the handles. */
  readonly from: number;
  readonly to: number;
  /** The whole window the brush spans. */
  readonly extent: readonly [number, number];
  readonly timeZone: string;
  /** The range the handles now select; null when they span the whole window. */
  readonly onRange: (range: readonly [number, number] | null) => void;
}

export function LineMovementBrush({ overview, resetKey, from, to, extent, timeZone, onRange }: LineMovementBrushProps) {
  return (
    <div className="line-chart-brush" style={{ height: 56 }}>
      <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 56 }}>
        <LineChart key={resetKey} data={overview} margin={{ top: 4, right: 16, bottom: 4, left: 72 }}>
          <Line dataKey="v" type="stepAfter" dot={false} stroke="var(--muted)" isAnimationActive={false} connectNulls={false} />
          <Brush
            dataKey="t"
            height={40}
            stroke="var(--accent)"
            ariaLabel={`Time range handle: ${formatMoment(from, timeZone)} to ${formatMoment(to, timeZone)} (arrow keys move it)`}
            tickFormatter={(t: number) => formatTick(t, timeZone, extent[1] - extent[0])}
            onChange={(next) => {
              const a = overview[next.startIndex]?.t;
              const b = overview[next.endIndex]?.t;
              if (a === undefined || b === undefined) return;
              onRange(next.startIndex === 0 && next.endIndex === overview.length - 1 ? null : [a, b]);
            }}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
