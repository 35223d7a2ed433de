// The line-movement chart's legend: one entry per series, which shows or hides it, and an "only"
// button that shows it alone.
import type { ChartSeries } from './line-movement-chart.tsx';

export interface LineMovementLegendProps {
  readonly series: readonly ChartSeries[];
  /** The keys of the hidden series. */
  readonly hidden: ReadonlySet<string>;
  readonly onToggle: (key: string) => void;
  readonly onOnly: (key: string) => void;
}

export function LineMovementLegend({ series, hidden, onToggle, onOnly }: LineMovementLegendProps) {
  return (
    <div className="line-chart-legend" role="group" aria-label="Series (click to show or hide)">
      {series.map((s) => (
        <span key={s.key} className="legend-entry">
          <button
            type="button"
            className="legend-item"
            aria-pressed={!hidden.has(s.key)}
            // For tests and e2e: which series, and how many points it holds before thinning.
            data-series-key={s.key}
            data-point-count={s.points.length}
            onClick={() => {
              onToggle(s.key);
            }}
          >
            <span className="legend-swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.label}
          </button>
          <button
            type="button"
            className="legend-only"
            aria-label={`Show only ${s.label}`}
            title={`Show only ${s.label}`}
            onClick={() => {
              onOnly(s.key);
            }}
          >
            only
          </button>
        </span>
      ))}
    </div>
  );
}
