// A line-movement chart shared by the history and futures pages: one stepped series per
// bookmaker (or participant), a legend whose entries toggle their series, a time-range brush,
// each series' opening price marked, suspended stretches drawn as gaps. Long series are clipped
// to the brushed range and downsampled (src/domain/line-series.ts) before recharts sees them.
import { useMemo, useState } from 'react';
import { Brush, CartesianGrid, Line, LineChart, ReferenceDot, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { clipSeries, downsampleSeries, seriesExtent, type SeriesPoint } from '../domain/line-series.ts';
import { formatPrice, type OddsFormat } from '../domain/odds-format.ts';
import './line-movement-chart.css';

/** One series as the chart takes it. */
export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  readonly color: string;
  readonly points: readonly SeriesPoint[];
  readonly opening: { readonly t: number; readonly price: number } | null;
}

// Distinct hues that read on the light and the dark theme alike.
const PALETTE = [
  '#2563eb', '#dc2626', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d',
  '#ea580c', '#4f46e5', '#0d9488', '#be123c', '#a16207', '#9333ea', '#0284c7', '#4d7c0f',
];

/** A stable colour per name: the same bookmaker keeps its colour on every chart of the page. */
export function seriesColor(index: number): string {
  return PALETTE[index % PALETTE.length] ?? '#2563eb';
}

// Total points handed to recharts across visible series: SVG paths of this size paint in a few ms.
const POINT_BUDGET = 2400;
const OVERVIEW_STEPS = 200;

function timeLabel(t: number, span: number): string {
  const date = new Date(t);
  if (span > 7 * 86_400_000) return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  if (span > 86_400_000) return date.toLocaleString(undefined, { month: 'short', day: 'numeric', hour: '2-digit' });
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** The price in effect at each of `times` (null inside a gap or before the first point). */
function sampleAt(points: readonly SeriesPoint[], times: readonly number[]): (number | null)[] {
  const out: (number | null)[] = [];
  let i = 0;
  let current: number | null = null;
  for (const t of times) {
    while (i < points.length && (points[i]?.t ?? Number.POSITIVE_INFINITY) <= t) {
      current = points[i]?.price ?? null;
      i += 1;
    }
    out.push(current);
  }
  return out;
}

function toY(price: number, asProbability: boolean): number {
  return asProbability ? 100 / price : price;
}

export interface LineMovementChartProps {
  /** The accessible name of the chart, e.g. "Line movement of 1 (1X2)". */
  readonly title: string;
  readonly series: readonly ChartSeries[];
  /** How prices are written on the axis; `implied` plots implied probability (%) instead. */
  readonly format: OddsFormat;
  readonly height?: number;
  /** Points handed to recharts across the visible series (default 4,000); benches raise it to compare. */
  readonly pointBudget?: number;
}

export function LineMovementChart({ title, series, format, height = 320, pointBudget = POINT_BUDGET }: LineMovementChartProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [range, setRange] = useState<readonly [number, number] | null>(null);
  // Bumped to reset the brush's handles (recharts keeps them inside the Brush).
  const [brushKey, setBrushKey] = useState(0);
  const asProbability = format === 'implied';
  const y = (price: number) => toY(price, asProbability);

  const extent = useMemo(() => seriesExtent(series), [series]);
  const visible = useMemo(() => series.filter((s) => !hidden.has(s.key)), [series, hidden]);
  const [from, to] = range ?? extent ?? [0, 1];

  const drawn = useMemo(() => {
    const perSeries = Math.max(64, Math.floor(pointBudget / Math.max(1, visible.length)));
    return visible.map((s) => {
      const clipped = range === null ? s.points : clipSeries(s.points, from, to);
      const thin = downsampleSeries(clipped, perSeries);
      return { ...s, data: thin.map((p) => ({ t: p.t, v: p.price === null ? null : toY(p.price, asProbability) })) };
    });
  }, [visible, range, from, to, asProbability, pointBudget]);

  // The brush works on indices of an even time grid over the whole history, showing the first
  // visible series as its overview line.
  const overview = useMemo(() => {
    if (extent === null) return [];
    const [lo, hi] = extent;
    const times = Array.from({ length: OVERVIEW_STEPS + 1 }, (_, i) => lo + ((hi - lo) * i) / OVERVIEW_STEPS);
    const values = sampleAt(visible[0]?.points ?? [], times);
    return times.map((t, i) => ({ t, v: values[i] ?? null }));
  }, [extent, visible]);

  const toggle = (key: string) => {
    setHidden((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  };

  if (extent === null) return <p className="empty-state">No recorded prices for this selection.</p>;
  const span = to - from;
  const tickPrice = (value: number) => (asProbability ? `${value.toFixed(1)}%` : value >= 1 ? formatPrice(value, format) : '');

  return (
    <figure className="line-chart" aria-label={title} data-series-count={String(visible.length)}>
      <div className="line-chart-legend" role="group" aria-label="Series (click to show or hide)">
        {series.map((s) => (
          <button
            key={s.key}
            type="button"
            className="legend-item"
            aria-pressed={!hidden.has(s.key)}
            // For tests and e2e: which series, and how many points it holds before thinning.
            data-series-key={s.key}
            data-point-count={s.points.length}
            onClick={() => {
              toggle(s.key);
            }}
          >
            <span className="legend-swatch" style={{ background: s.color }} aria-hidden="true" />
            {s.label}
          </button>
        ))}
      </div>
      <div className="line-chart-plot" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height }}>
          <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis
              dataKey="t"
              type="number"
              domain={[from, to]}
              allowDataOverflow
              tickFormatter={(t: number) => timeLabel(t, span)}
              stroke="var(--muted)"
            />
            <YAxis
              type="number"
              domain={['auto', 'auto']}
              tickFormatter={tickPrice}
              stroke="var(--muted)"
              width={60}
            />
            {drawn.map((s) => (
              <Line
                key={s.key}
                data={s.data}
                dataKey="v"
                name={s.label}
                type="stepAfter"
                stroke={s.color}
                strokeWidth={1.5}
                dot={false}
                activeDot={false}
                connectNulls={false}
                isAnimationActive={false}
                className={`series series-${s.key.replace(/[^A-Za-z0-9-]/gu, '_')}`}
              />
            ))}
            {drawn.map((s) =>
              s.opening !== null && s.opening.t >= from && s.opening.t <= to ? (
                <ReferenceDot
                  key={`open-${s.key}`}
                  x={s.opening.t}
                  y={y(s.opening.price)}
                  r={4}
                  fill="var(--panel)"
                  stroke={s.color}
                  strokeWidth={2}
                  className="opening-dot"
                  ifOverflow="hidden"
                />
              ) : null,
            )}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <div className="line-chart-brush" style={{ height: 56 }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height: 56 }}>
          <LineChart key={brushKey} data={overview} margin={{ top: 4, right: 16, bottom: 4, left: 72 }}>
            <Line dataKey="v" type="stepAfter" dot={false} stroke="var(--muted)" isAnimationActive={false} connectNulls={false} />
            <Brush
              dataKey="t"
              height={40}
              stroke="var(--accent)"
              tickFormatter={(t: number) => timeLabel(t, extent[1] - extent[0])}
              onChange={(next) => {
                const a = overview[next.startIndex]?.t;
                const b = overview[next.endIndex]?.t;
                if (a === undefined || b === undefined) return;
                setRange(next.startIndex === 0 && next.endIndex === overview.length - 1 ? null : [a, b]);
              }}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="hint">
        {asProbability ? 'Implied probability (%)' : `Prices (${format})`} over time. Stepped line: a price holds until it changes. Breaks are stretches where the price was suspended or inactive. A
        hollow dot marks each series&apos; opening price. Drag the handles under the chart to narrow the time range.
        {range !== null && (
          <>
            {' '}
            <button type="button" className="link-button" onClick={() => {
                setRange(null);
                setBrushKey((k) => k + 1);
              }}
            >
              Show the whole history
            </button>
          </>
        )}
      </figcaption>
    </figure>
  );
}
