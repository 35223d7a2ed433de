// A line-movement chart shared by the history and futures pages: one stepped series per
// bookmaker (or participant), a legend whose entries toggle their series (or show one alone), a
// time-range brush, each series' opening and closing price marked, suspended stretches drawn as
// gaps, an optional time marker (kick-off) and window (pre-match only). The y-axis is the decimal
// price on a log scale or the implied probability, fitted to what is drawn, so a spike outside the
// window never flattens the line inside it. Long series are clipped to the window or brushed
// range and downsampled (src/domain/line-series.ts) before recharts sees them.
import { useMemo, useState, type ReactNode } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceDot, ReferenceLine, ResponsiveContainer, XAxis, YAxis } from 'recharts';
import { clipSeries, downsampleSeries, seriesExtent, type SeriesPoint } from '../domain/line-series.ts';
import { formatPrice, type OddsFormat } from '../domain/odds-format.ts';
import { formatTick } from '../domain/time-format.ts';
import { LineMovementBrush } from './line-movement-brush.tsx';
import { LineMovementLegend } from './line-movement-legend.tsx';
import './line-movement-chart.css';

/** One series as the chart takes it. */
export interface ChartSeries {
  readonly key: string;
  readonly label: string;
  readonly color: string;
  readonly points: readonly SeriesPoint[];
  readonly opening: { readonly t: number; readonly price: number } | null;
  /** The closing price to mark (the kick-off close on the history page), if any. */
  readonly close?: { readonly t: number; readonly price: number } | null;
}

/** What the y-axis plots: the decimal price on a log scale, or the implied probability (%). */
export type YAxisMode = 'log-price' | 'implied';

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

/** The y domain of what is drawn, with a little room; null when nothing is. */
function yDomain(values: readonly (number | null)[], asProbability: boolean): [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v === null) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (!(lo <= hi)) return null;
  if (asProbability) return [Math.max(0, lo - 2), Math.min(100, hi + 2)];
  return [Math.max(1, lo / 1.04), hi * 1.04];
}

/**
 * About five ticks spaced evenly on the axis's scale (geometric on a log axis), rounded to a
 * readable step (0.01 in price, 1 point of probability) inside the domain.
 */
function yTicks([lo, hi]: readonly [number, number], log: boolean): number[] {
  const step = log ? 100 : 1;
  const ticks = Array.from({ length: 5 }, (_, i) => (log ? lo * (hi / lo) ** (i / 4) : lo + ((hi - lo) * i) / 4)).map((v) => Math.round(v * step) / step);
  return [...new Set(ticks)].filter((v) => v >= lo && v <= hi);
}

export interface LineMovementChartProps {
  /** The accessible name of the chart, e.g. "Line movement of 1 (1X2)". */
  readonly title: string;
  readonly series: readonly ChartSeries[];
  /** How prices are written on the axis; `implied` starts the y-axis on implied probability. */
  readonly format: OddsFormat;
  /** The zone the time axis is drawn in (the user's setting), named on the chart. */
  readonly timeZone: string;
  readonly height?: number;
  /** Points handed to recharts across the visible series (default 4,000); benches raise it to compare. */
  readonly pointBudget?: number;
  /** A moment marked with a vertical line, e.g. the kick-off. */
  readonly marker?: { readonly t: number; readonly label: string } | null;
  /**
   * The time window shown and brushed within: [from, to], `to` null for "up to the last point";
   * absent or null for the whole history. Changing it resets the brush.
   */
  readonly timeWindow?: readonly [number, number | null] | null;
  /** More controls for the toolbar (e.g. the in-play toggle). */
  readonly controls?: ReactNode;
}

export function LineMovementChart({ title, series, format, timeZone, height = 320, pointBudget = POINT_BUDGET, marker = null, timeWindow = null, controls }: LineMovementChartProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const [range, setRange] = useState<readonly [number, number] | null>(null);
  // Bumped to reset the brush's handles (recharts keeps them inside the Brush).
  const [brushKey, setBrushKey] = useState(0);
  const [yMode, setYMode] = useState<YAxisMode>(format === 'implied' ? 'implied' : 'log-price');
  // A new window starts with the whole of it: the brushed range belonged to the old one.
  const windowKey = timeWindow === null ? 'all' : `${String(timeWindow[0])}-${String(timeWindow[1])}`;
  const [rangeFor, setRangeFor] = useState(windowKey);
  if (rangeFor !== windowKey) {
    setRangeFor(windowKey);
    setRange(null);
    setBrushKey((k) => k + 1);
  }
  const asProbability = yMode === 'implied';
  const priceFormat: OddsFormat = format === 'implied' ? 'decimal' : format;
  const y = (price: number) => toY(price, asProbability);

  const extent = useMemo(() => {
    const whole = seriesExtent(series);
    if (whole === null || timeWindow === null) return whole;
    const lo = Math.max(whole[0], timeWindow[0]);
    const hi = timeWindow[1] === null ? whole[1] : Math.min(whole[1], timeWindow[1]);
    // Nothing recorded inside the window (every book opened in play): show what there is.
    return lo <= hi ? ([lo, hi] as const) : whole;
  }, [series, timeWindow]);
  const visible = useMemo(() => series.filter((s) => !hidden.has(s.key)), [series, hidden]);
  const [from, to] = range ?? extent ?? [0, 1];
  const clipped = range !== null || timeWindow !== null;

  const drawn = useMemo(() => {
    const perSeries = Math.max(64, Math.floor(pointBudget / Math.max(1, visible.length)));
    return visible.map((s) => {
      const inRange = clipped ? clipSeries(s.points, from, to) : s.points;
      const thin = downsampleSeries(inRange, perSeries);
      return { ...s, data: thin.map((p) => ({ t: p.t, v: p.price === null ? null : toY(p.price, asProbability) })) };
    });
  }, [visible, clipped, from, to, asProbability, pointBudget]);
  const domain = useMemo(() => yDomain(drawn.flatMap((s) => s.data.map((p) => p.v)), asProbability), [drawn, asProbability]);

  // The brush works on indices of an even time grid over the window, showing the first visible
  // series as its overview line.
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
  const only = (key: string) => {
    setHidden(new Set(series.map((s) => s.key).filter((k) => k !== key)));
  };

  if (extent === null) return <p className="empty-state">No recorded prices for this selection.</p>;
  const span = to - from;
  const tickPrice = (value: number) => (asProbability ? `${value.toFixed(1)}%` : value >= 1 ? formatPrice(value, priceFormat) : '');

  return (
    <figure
      className="line-chart"
      aria-label={title}
      data-series-count={String(visible.length)}
      // For e2e: the time range drawn (epoch ms).
      data-from={String(from)}
      data-to={String(to)}
    >
      <div className="line-chart-toolbar">
        <label>
          Y-axis{' '}
          <select
            value={yMode}
            onChange={(e) => {
              setYMode(e.target.value === 'implied' ? 'implied' : 'log-price');
            }}
          >
            <option value="log-price">price (log scale)</option>
            <option value="implied">implied probability</option>
          </select>
        </label>
        <button type="button" className="link-button" disabled={hidden.size === 0} onClick={() => { setHidden(new Set()); }}>
          Show all
        </button>
        {controls}
        <span className="line-chart-zone muted">Times in {timeZone}</span>
      </div>
      <LineMovementLegend series={series} hidden={hidden} onToggle={toggle} onOnly={only} />
      <div className="line-chart-plot" style={{ height }}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 800, height }}>
          <LineChart margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis
              dataKey="t"
              type="number"
              domain={[from, to]}
              allowDataOverflow
              tickFormatter={(t: number) => formatTick(t, timeZone, span)}
              stroke="var(--muted)"
            />
            <YAxis
              type="number"
              scale={asProbability ? 'linear' : 'log'}
              domain={domain ?? ['auto', 'auto']}
              ticks={domain === null ? undefined : yTicks(domain, !asProbability)}
              allowDataOverflow
              tickFormatter={tickPrice}
              stroke="var(--muted)"
              width={60}
            />
            {marker !== null && marker.t >= from && marker.t <= to && (
              <ReferenceLine x={marker.t} stroke="var(--fg)" strokeDasharray="4 3" className="chart-marker" label={{ value: marker.label, position: marker.t > (from + to) / 2 ? 'insideTopRight' : 'insideTopLeft', fill: 'var(--fg)', fontSize: 12 }} />
            )}
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
            {drawn.map((s) =>
              s.close != null && s.close.t >= from && s.close.t <= to ? (
                <ReferenceDot
                  key={`close-${s.key}`}
                  x={s.close.t}
                  y={y(s.close.price)}
                  r={4}
                  fill={s.color}
                  stroke="var(--panel)"
                  strokeWidth={1}
                  className="close-dot"
                  ifOverflow="hidden"
                />
              ) : null,
            )}
          </LineChart>
        </ResponsiveContainer>
      </div>
      <LineMovementBrush overview={overview} resetKey={brushKey} from={from} to={to} extent={extent} timeZone={timeZone} onRange={setRange} />
      <figcaption className="hint">
        {asProbability ? 'Implied probability (%)' : `Prices (${priceFormat}, log scale)`} over time. Stepped line: a price holds until it changes. Breaks are stretches where the price was suspended or inactive. A
        hollow dot marks each series&apos; opening price{series.some((s) => s.close != null) ? ', a filled dot its close' : ''}
        {marker !== null ? `, the dashed line the ${marker.label.toLowerCase()}` : ''}. Drag the handles under the chart to narrow the time range.
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
