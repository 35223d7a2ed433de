// Line movement: turns a recorded price history (entries keyed by `changedAt`, per oddsId) into
// chart series with suspended stretches as gaps, and thins long series for charting without
// losing their extremes or any gap.

/** One recorded price as the history endpoints give it (fixture and future entries both fit). */
export interface HistoryPoint {
  readonly price: number;
  readonly active: boolean;
  /** Fixture entries only: false while the whole market is suspended. */
  readonly marketActive?: boolean;
  readonly changedAt: number;
}

/** A chart point: `price` null marks the start of a gap (the price was suspended or inactive). */
export interface SeriesPoint {
  readonly t: number;
  readonly price: number | null;
}

/** The chart series of one oddsId. */
export interface LineSeries {
  readonly key: string;
  /** Points in time order; a null price starts a gap, the next non-null point ends it. */
  readonly points: readonly SeriesPoint[];
  /** The first active recorded price (the opening line), or null when it was never active. */
  readonly opening: { readonly t: number; readonly price: number } | null;
  /** The last recorded price and whether it was live then, or null for an empty history. */
  readonly last: { readonly t: number; readonly price: number; readonly active: boolean } | null;
}

/** Thrown for a history that cannot be charted: a bad timestamp key or price. */
export class LineSeriesError extends Error {
  override readonly name = 'LineSeriesError';
}

function isLive(point: HistoryPoint): boolean {
  return point.active && point.marketActive !== false;
}

/**
 * The chart series of one oddsId from its history (`{"<changedAt>": entry}`, any order; each
 * entry's `changedAt` is taken as its time, which the key repeats). A live
 * price is a point; an inactive one (entry or market suspended) ends the stretch: a point at the
 * suspension time carrying the last live price (so a step chart draws it up to the gap), then a
 * null point. With `until` (epoch ms, after the last entry) a live last price is extended to it.
 * @throws LineSeriesError when a `changedAt` is not an integer epoch ms or a price is not finite and ≥ 1.
 */
export function buildLineSeries(key: string, history: Readonly<Record<string, HistoryPoint>>, until?: number): LineSeries {
  // One pass without intermediate pairs: histories run to tens of thousands of entries, and the
  // service sends them in time order, so the sort is skipped when they already are.
  const times: number[] = [];
  const entries: HistoryPoint[] = [];
  let ordered = true;
  // Each entry's own changedAt is its key (spec 4.8); reading it saves parsing every key.
  for (const point of Object.values(history)) {
    const t = point.changedAt;
    if (!Number.isSafeInteger(t) || t < 0) throw new LineSeriesError(`${key}: changedAt ${String(t)} is not an epoch ms`);
    if (!Number.isFinite(point.price) || point.price < 1) {
      throw new LineSeriesError(`${key}: price at ${String(t)} must be a finite decimal price ≥ 1, got ${String(point.price)}`);
    }
    if (times.length > 0 && t < (times[times.length - 1] ?? 0)) ordered = false;
    times.push(t);
    entries.push(point);
  }
  let order: readonly number[] | null = null;
  if (!ordered) order = times.map((_, i) => i).sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
  const points: SeriesPoint[] = [];
  let opening: LineSeries['opening'] = null;
  let held: number | null = null;
  let lastT = -1;
  let lastPoint: HistoryPoint | undefined;
  for (let k = 0; k < times.length; k += 1) {
    const i = order === null ? k : (order[k] ?? k);
    const t = times[i] ?? 0;
    const point = entries[i];
    if (point === undefined) continue;
    lastT = t;
    lastPoint = point;
    if (isLive(point)) {
      opening ??= { t, price: point.price };
      points.push({ t, price: point.price });
      held = point.price;
    } else if (held !== null) {
      points.push({ t, price: held }, { t, price: null });
      held = null;
    }
    // Inactive before any live price, or again while suspended: the gap is already there.
  }
  if (until !== undefined && held !== null && lastPoint !== undefined && until > lastT) points.push({ t: until, price: held });
  return {
    key,
    points,
    opening,
    last: lastPoint === undefined ? null : { t: lastT, price: lastPoint.price, active: isLive(lastPoint) },
  };
}

/**
 * The points of a series within [from, to]: the price in effect at `from` is carried to `from`
 * (so a step chart starts at the left edge) and the one in effect at `to` is carried to `to`.
 * Gaps inside the range are kept.
 */
export function clipSeries(points: readonly SeriesPoint[], from: number, to: number): SeriesPoint[] {
  const out: SeriesPoint[] = [];
  let before: SeriesPoint | undefined;
  for (const point of points) {
    if (point.t < from) {
      before = point;
      continue;
    }
    if (point.t > to) break;
    if (out.length === 0 && before !== undefined && before.price !== null && point.t > from) out.push({ t: from, price: before.price });
    out.push(point);
  }
  if (out.length === 0 && before !== undefined && before.price !== null) out.push({ t: from, price: before.price });
  const tail = out[out.length - 1];
  if (tail !== undefined && tail.price !== null && tail.t < to) {
    const next = points.find((p) => p.t > to);
    if (next !== undefined) out.push({ t: to, price: tail.price });
  }
  return out;
}

/**
 * Thins a series to about `target` points for charting, by time buckets: in each bucket of each
 * live stretch it keeps the first, the lowest, the highest and the last point (in time order), so
 * extremes survive, and it keeps every null point and the points on both sides of it, so no gap
 * is lost or merged. A series of at most `target` points comes back as it is (copied). The result
 * is a subsequence of the input; it can exceed `target` when the series has many gaps.
 * @throws LineSeriesError when `target` is not an integer ≥ 4.
 */
export function downsampleSeries(points: readonly SeriesPoint[], target: number): SeriesPoint[] {
  if (!Number.isInteger(target) || target < 4) throw new LineSeriesError(`target must be an integer ≥ 4, got ${String(target)}`);
  if (points.length <= target) return [...points];
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) return [];
  // Four points per bucket: first, min, max, last.
  const buckets = Math.max(1, Math.floor(target / 4));
  const span = last.t - first.t;
  const bucketOf = (t: number) => (span <= 0 ? 0 : Math.min(buckets - 1, Math.floor(((t - first.t) / span) * buckets)));
  const keep = new Uint8Array(points.length);
  let runBucket = -1;
  let firstIndex = -1;
  let minIndex = -1;
  let maxIndex = -1;
  let lastIndex = -1;
  const close = () => {
    if (firstIndex < 0) return;
    keep[firstIndex] = 1;
    keep[minIndex] = 1;
    keep[maxIndex] = 1;
    keep[lastIndex] = 1;
    firstIndex = -1;
  };
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i];
    if (point === undefined) continue;
    const price = point.price;
    if (price === null) {
      // A gap: close the stretch's bucket so the point before the gap is kept, keep the marker.
      close();
      keep[i] = 1;
      // Without this, the stretch after the gap would continue the bucket of the one before it.
      runBucket = -1;
      continue;
    }
    const bucket = bucketOf(point.t);
    if (bucket !== runBucket || firstIndex < 0) {
      close();
      runBucket = bucket;
      firstIndex = i;
      minIndex = i;
      maxIndex = i;
    }
    if (price < (points[minIndex]?.price ?? Number.POSITIVE_INFINITY)) minIndex = i;
    if (price > (points[maxIndex]?.price ?? Number.NEGATIVE_INFINITY)) maxIndex = i;
    lastIndex = i;
  }
  close();
  const out: SeriesPoint[] = [];
  for (let i = 0; i < points.length; i += 1) {
    const point = points[i];
    if (keep[i] === 1 && point !== undefined) out.push(point);
  }
  return out;
}

/** The time span of several series: [earliest, latest] point time, or null when all are empty. */
export function seriesExtent(series: readonly { readonly points: readonly SeriesPoint[] }[]): readonly [number, number] | null {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const s of series) {
    const a = s.points[0];
    const b = s.points[s.points.length - 1];
    if (a !== undefined && a.t < lo) lo = a.t;
    if (b !== undefined && b.t > hi) hi = b.t;
  }
  return lo <= hi ? [lo, hi] : null;
}

// ---------------------------------------------------------------------------------------------
// The live tail: prices from the live book appended after a recorded history, on the same rules
// as buildLineSeries, so a later REST answer that covers them draws the same line.
// ---------------------------------------------------------------------------------------------

function checkPoint(key: string, point: HistoryPoint): void {
  const t = point.changedAt;
  if (!Number.isSafeInteger(t) || t < 0) throw new LineSeriesError(`${key}: changedAt ${String(t)} is not an epoch ms`);
  if (!Number.isFinite(point.price) || point.price < 1) {
    throw new LineSeriesError(`${key}: price at ${String(t)} must be a finite decimal price ≥ 1, got ${String(point.price)}`);
  }
}

/**
 * A live tail with `point` appended when it is newer than both `floor` (the recorded series'
 * last `changedAt`; null for none) and the tail's own last point; otherwise the same array
 * (a repeat or an older state changes nothing, so the caller can compare by reference).
 * @throws LineSeriesError when the point's `changedAt` is not an epoch ms or its price is not ≥ 1.
 */
export function appendTailPoint(tail: readonly HistoryPoint[], point: HistoryPoint, floor: number | null): readonly HistoryPoint[] {
  checkPoint('live point', point);
  const last = tail[tail.length - 1];
  if (floor !== null && point.changedAt <= floor) return tail;
  if (last !== undefined && point.changedAt <= last.changedAt) return tail;
  return [...tail, point];
}

/**
 * The part of a live tail that a recorded series ending at `restLast` (its last `changedAt`, null
 * for an empty one) does not cover: the points strictly newer than it, each strictly newer than
 * the one before. Idempotent; the same array when nothing is dropped.
 */
export function mergeTail(tail: readonly HistoryPoint[], restLast: number | null): readonly HistoryPoint[] {
  let floor = restLast ?? Number.NEGATIVE_INFINITY;
  let kept: HistoryPoint[] | null = null;
  for (let i = 0; i < tail.length; i += 1) {
    const point = tail[i];
    if (point === undefined) continue;
    if (point.changedAt > floor) {
      floor = point.changedAt;
      kept?.push(point);
    } else {
      // The first dropped point: copy what was kept before it and go on filtering.
      kept ??= tail.slice(0, i);
    }
  }
  return kept ?? tail;
}

/**
 * A series (built by `buildLineSeries` WITHOUT `until`) with the live tail's points appended as
 * `buildLineSeries` would have placed them: a live price is a point, an inactive one after a live
 * stretch is a held point plus a gap. Points not newer than the series' last recorded time (or
 * the point before them) are skipped, so time never goes back and nothing is drawn twice. With
 * `until` (epoch ms), a live last price is extended to it, as `buildLineSeries` does.
 * @throws LineSeriesError for a tail point with a bad `changedAt` or price.
 */
export function withLiveTail(series: LineSeries, tail: readonly HistoryPoint[], until?: number): LineSeries {
  const fresh = mergeTail(tail, series.last?.t ?? null);
  const lastPoint = series.points[series.points.length - 1];
  let held: number | null = lastPoint?.price ?? null;
  const extend = until !== undefined && held !== null && until > (series.last?.t ?? Number.POSITIVE_INFINITY);
  if (fresh.length === 0 && !extend) return series;
  const points = [...series.points];
  let opening = series.opening;
  let last = series.last;
  for (const point of fresh) {
    checkPoint(series.key, point);
    const t = point.changedAt;
    const live = point.active && point.marketActive !== false;
    if (live) {
      opening ??= { t, price: point.price };
      points.push({ t, price: point.price });
      held = point.price;
    } else if (held !== null) {
      points.push({ t, price: held }, { t, price: null });
      held = null;
    }
    last = { t, price: point.price, active: live };
  }
  if (until !== undefined && held !== null && last !== null && until > last.t) points.push({ t: until, price: held });
  return { key: series.key, points, opening, last };
}

/**
 * One recorded or live price appended to a series (built without `until`): `withLiveTail` with a
 * one-point tail. The same series when the point is not newer than its last recorded time.
 * @throws LineSeriesError for a bad `changedAt` or price.
 */
export function appendLivePoint(series: LineSeries, point: HistoryPoint): LineSeries {
  return withLiveTail(series, [point]);
}
