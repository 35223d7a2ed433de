import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appendLivePoint,
  appendTailPoint,
  buildLineSeries,
  clipSeries,
  downsampleSeries,
  LineSeriesError,
  mergeTail,
  seriesExtent,
  withLiveTail,
  type HistoryPoint,
  type SeriesPoint,
} from './line-series.ts';

const live = (price: number, changedAt: number) => ({ price, active: true, marketActive: true, changedAt });
const off = (price: number, changedAt: number) => ({ price, active: false, marketActive: true, changedAt });

describe('buildLineSeries', () => {
  it('orders the entries by changedAt whatever the key order', () => {
    const series = buildLineSeries('o', { '300': live(2.2, 300), '100': live(2, 100), '200': live(2.1, 200) });
    expect(series.points).toEqual([
      { t: 100, price: 2 },
      { t: 200, price: 2.1 },
      { t: 300, price: 2.2 },
    ]);
  });

  it('turns a suspension into a held point and a gap, ended by the next live price', () => {
    const series = buildLineSeries('o', { '100': live(2, 100), '200': off(2, 200), '250': off(2.5, 250), '300': live(2.4, 300) });
    expect(series.points).toEqual([
      { t: 100, price: 2 },
      { t: 200, price: 2 },
      { t: 200, price: null },
      { t: 300, price: 2.4 },
    ]);
  });

  it('treats a suspended market as a gap even when the entry is active', () => {
    const series = buildLineSeries('o', { '100': live(2, 100), '200': { price: 2, active: true, marketActive: false, changedAt: 200 } });
    expect(series.points.at(-1)).toEqual({ t: 200, price: null });
  });

  it('marks the first live price as the opening, skipping inactive entries before it', () => {
    const series = buildLineSeries('o', { '50': off(3, 50), '100': live(2, 100), '200': live(1.9, 200) });
    expect(series.opening).toEqual({ t: 100, price: 2 });
    expect(series.points[0]).toEqual({ t: 100, price: 2 });
  });

  it('reports the last entry and whether it was live', () => {
    expect(buildLineSeries('o', { '100': live(2, 100), '200': off(2.1, 200) }).last).toEqual({ t: 200, price: 2.1, active: false });
  });

  it('extends a live last price to `until`', () => {
    expect(buildLineSeries('o', { '100': live(2, 100) }, 500).points).toEqual([
      { t: 100, price: 2 },
      { t: 500, price: 2 },
    ]);
  });

  it('gives an empty series with no opening for an empty history', () => {
    expect(buildLineSeries('o', {})).toEqual({ key: 'o', points: [], opening: null, last: null });
  });

  it('rejects a changedAt that is not an epoch ms with a specific error', () => {
    expect(() => buildLineSeries('o', { '1': live(2, 1.5) })).toThrow(/changedAt 1.5 is not an epoch ms/u);
  });

  it('rejects a price below 1', () => {
    expect(() => buildLineSeries('o', { '1': live(0.5, 1) })).toThrow(LineSeriesError);
  });
});

describe('clipSeries', () => {
  const points: SeriesPoint[] = [
    { t: 0, price: 2 },
    { t: 100, price: 3 },
    { t: 200, price: 4 },
  ];

  it('carries the price in effect at `from` to the left edge', () => {
    expect(clipSeries(points, 50, 150)[0]).toEqual({ t: 50, price: 2 });
  });

  it('carries the last price to the right edge when the line went on', () => {
    expect(clipSeries(points, 50, 150).at(-1)).toEqual({ t: 150, price: 3 });
  });

  it('does not invent a price inside a gap', () => {
    const gapped: SeriesPoint[] = [
      { t: 0, price: 2 },
      { t: 10, price: 2 },
      { t: 10, price: null },
      { t: 100, price: 3 },
    ];
    expect(clipSeries(gapped, 50, 150)).toEqual([{ t: 100, price: 3 }]);
  });
});

describe('seriesExtent', () => {
  it('spans the earliest and latest point of every series', () => {
    expect(seriesExtent([{ points: [{ t: 5, price: 2 }] }, { points: [{ t: 1, price: 2 }, { t: 9, price: null }] }])).toEqual([1, 9]);
  });

  it('is null when every series is empty', () => {
    expect(seriesExtent([{ points: [] }])).toBeNull();
  });
});

/** A random series: increasing times, prices ≥ 1, and some null gap markers never two in a row. */
const seriesArb = fc
  .array(fc.record({ dt: fc.integer({ min: 0, max: 1000 }), price: fc.double({ min: 1, max: 50, noNaN: true }), gap: fc.integer({ min: 0, max: 19 }) }), {
    minLength: 1,
    maxLength: 3000,
    // fast-check keeps arrays to about ten items by default: too short to need thinning.
    size: 'large',
  })
  .map((steps) => {
    const out: SeriesPoint[] = [];
    let t = 1_000_000;
    for (const step of steps) {
      t += step.dt;
      const previous = out[out.length - 1];
      if (step.gap === 0 && previous !== undefined && previous.price !== null) out.push({ t, price: null });
      else out.push({ t, price: step.price });
    }
    return out;
  });

describe('downsampleSeries', () => {
  it('returns a series within the target unchanged', () => {
    const points: SeriesPoint[] = [{ t: 1, price: 2 }, { t: 2, price: null }, { t: 3, price: 2.5 }];
    expect(downsampleSeries(points, 10)).toEqual(points);
  });

  it('rejects a target below 4', () => {
    expect(() => downsampleSeries([], 3)).toThrow(/target must be an integer ≥ 4/u);
  });

  it('thins 50,000 points of one stretch to about the target', () => {
    const points = Array.from({ length: 50_000 }, (_, i): SeriesPoint => ({ t: i, price: 1.5 + Math.sin(i / 50) }));
    const out = downsampleSeries(points, 1000);
    expect(out.length).toBeLessThanOrEqual(1000);
    expect(out.length).toBeGreaterThan(500);
  });

  it('keeps the first and last points, every gap and both its neighbours, as a subsequence', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 4, max: 200 }), (points, target) => {
        const out = downsampleSeries(points, target);
        expect(out[0]).toBe(points[0]);
        expect(out.at(-1)).toBe(points.at(-1));
        // A subsequence: every kept point is the input's own object, in input order.
        let j = 0;
        for (const point of out) {
          while (j < points.length && points[j] !== point) j += 1;
          expect(j).toBeLessThan(points.length);
          j += 1;
        }
        const kept = new Set(out);
        points.forEach((point, i) => {
          if (point.price !== null) return;
          expect(kept.has(point)).toBe(true);
          const before = points[i - 1];
          const after = points[i + 1];
          if (before !== undefined) expect(kept.has(before)).toBe(true);
          if (after !== undefined) expect(kept.has(after)).toBe(true);
        });
      }),
    );
  });

  it('keeps the lowest and the highest price', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 4, max: 200 }), (points, target) => {
        const prices = (list: readonly SeriesPoint[]) => list.flatMap((p) => (p.price === null ? [] : [p.price]));
        const all = prices(points);
        const kept = prices(downsampleSeries(points, target));
        if (all.length === 0) return;
        expect(Math.min(...kept)).toBe(Math.min(...all));
        expect(Math.max(...kept)).toBe(Math.max(...all));
      }),
    );
  });

  it('stays within four points per bucket and stretch plus the gap markers', () => {
    fc.assert(
      fc.property(seriesArb, fc.integer({ min: 4, max: 200 }), (points, target) => {
        const out = downsampleSeries(points, target);
        const gaps = points.filter((p) => p.price === null).length;
        expect(out.length).toBeLessThanOrEqual(Math.max(points.length <= target ? points.length : 0, 4 * (Math.floor(target / 4) + gaps + 1) + gaps));
      }),
    );
  });
});

/** A recorded history as the endpoints give it: `{"<changedAt>": entry}`. */
function record(points: readonly HistoryPoint[]): Record<string, HistoryPoint> {
  return Object.fromEntries(points.map((p) => [String(p.changedAt), p]));
}

/** Entries with strictly increasing changedAt, some inactive or market-suspended. */
const historyArb = fc
  .array(
    fc.record({
      dt: fc.integer({ min: 1, max: 1000 }),
      price: fc.double({ min: 1, max: 50, noNaN: true }),
      active: fc.boolean(),
      marketActive: fc.boolean(),
    }),
    { maxLength: 60 },
  )
  .map((steps) => {
    let t = 1_000_000;
    return steps.map((s): HistoryPoint => {
      t += s.dt;
      return { price: s.price, active: s.active || s.dt % 3 !== 0, marketActive: s.marketActive || s.dt % 5 !== 0, changedAt: t };
    });
  });

/** Live points in any order, with repeats: what a book can hand the page across reconnects. */
const livePointsArb = fc.array(
  fc.record({ changedAt: fc.integer({ min: 999_000, max: 1_080_000 }), price: fc.double({ min: 1, max: 50, noNaN: true }), active: fc.boolean(), marketActive: fc.constant(true) }),
  { maxLength: 40 },
);

describe('appendTailPoint', () => {
  it('appends a point newer than the floor and the tail', () => {
    expect(appendTailPoint([live(2, 100)], live(2.1, 200), 50)).toEqual([live(2, 100), live(2.1, 200)]);
  });

  it('returns the same tail for a point equal to the recorded series\' last time', () => {
    const tail: readonly HistoryPoint[] = [];
    expect(appendTailPoint(tail, live(2, 100), 100)).toBe(tail);
  });

  it('returns the same tail for a point that repeats or precedes its last point', () => {
    const tail = [live(2, 100)];
    expect(appendTailPoint(tail, live(2.5, 100), null)).toBe(tail);
    expect(appendTailPoint(tail, live(2.5, 90), null)).toBe(tail);
  });

  it('rejects a live price below 1 with a specific error', () => {
    expect(() => appendTailPoint([], live(0.9, 100), null)).toThrow(/price at 100 must be a finite decimal price ≥ 1/u);
  });

  it('builds a tail strictly increasing in time and newer than the floor, whatever order points come in', () => {
    fc.assert(
      fc.property(livePointsArb, fc.option(fc.integer({ min: 999_000, max: 1_080_000 })), (points, floor) => {
        const tail = points.reduce<readonly HistoryPoint[]>((acc, p) => appendTailPoint(acc, p, floor), []);
        tail.forEach((p, i) => {
          if (floor !== null) expect(p.changedAt).toBeGreaterThan(floor);
          if (i > 0) expect(p.changedAt).toBeGreaterThan(tail[i - 1]?.changedAt ?? Number.POSITIVE_INFINITY);
        });
      }),
    );
  });
});

describe('mergeTail', () => {
  it('keeps only the points newer than the recorded series\' last time', () => {
    expect(mergeTail([live(2, 100), live(2.1, 200), live(2.2, 300)], 200)).toEqual([live(2.2, 300)]);
  });

  it('drops a tail point equal to the recorded series\' last point', () => {
    expect(mergeTail([live(2, 100)], 100)).toEqual([]);
  });

  it('returns the same array when the recorded series covers none of it', () => {
    const tail = [live(2, 100), live(2.1, 200)];
    expect(mergeTail(tail, 50)).toBe(tail);
  });

  it('is idempotent and leaves only points strictly newer than the floor and than each other', () => {
    fc.assert(
      fc.property(livePointsArb, fc.option(fc.integer({ min: 999_000, max: 1_080_000 })), (points, restLast) => {
        const once = mergeTail(points, restLast);
        expect(mergeTail(once, restLast)).toEqual(once);
        let previous = restLast ?? Number.NEGATIVE_INFINITY;
        for (const p of once) {
          expect(p.changedAt).toBeGreaterThan(previous);
          previous = p.changedAt;
        }
      }),
    );
  });
});

describe('withLiveTail', () => {
  const rest = buildLineSeries('o', record([live(2, 100), live(2.1, 200)]));

  it('appends a live price after the recorded series', () => {
    expect(withLiveTail(rest, [live(2.2, 300)]).points.at(-1)).toEqual({ t: 300, price: 2.2 });
  });

  it('ignores a live point equal to the recorded last point, so nothing is drawn twice', () => {
    expect(withLiveTail(rest, [live(2.1, 200)])).toBe(rest);
  });

  it('draws a suspension in the tail as a held point and a gap', () => {
    expect(withLiveTail(rest, [off(2.1, 300)]).points.slice(-2)).toEqual([
      { t: 300, price: 2.1 },
      { t: 300, price: null },
    ]);
  });

  it('extends a live last price to `until` after the tail', () => {
    expect(withLiveTail(rest, [live(2.2, 300)], 400).points.slice(-2)).toEqual([
      { t: 300, price: 2.2 },
      { t: 400, price: 2.2 },
    ]);
  });

  it('gives an empty recorded series its opening from the first live tail price', () => {
    expect(withLiveTail(buildLineSeries('o', {}), [off(3, 50), live(2, 100)]).opening).toEqual({ t: 100, price: 2 });
  });

  it('draws the same line as the recorded history that later covers the tail', () => {
    fc.assert(
      fc.property(historyArb, fc.nat(), fc.option(fc.integer({ min: 0, max: 2000 })), (history, cut, extra) => {
        const k = history.length === 0 ? 0 : cut % (history.length + 1);
        const lastT = history.at(-1)?.changedAt ?? 0;
        const until = extra === null ? undefined : lastT + extra;
        const live = withLiveTail(buildLineSeries('o', record(history.slice(0, k))), history.slice(k), until);
        expect(live).toEqual(buildLineSeries('o', record(history), until));
      }),
    );
  });

  it('keeps time monotone and applies a repeated tail once, whatever the points', () => {
    fc.assert(
      fc.property(historyArb, livePointsArb, (history, points) => {
        const rest = buildLineSeries('o', record(history));
        const once = withLiveTail(rest, points);
        expect(withLiveTail(once, points)).toEqual(once);
        expect(withLiveTail(rest, [...points, ...points])).toEqual(once);
        once.points.forEach((p, i) => {
          if (i > 0) expect(p.t).toBeGreaterThanOrEqual(once.points[i - 1]?.t ?? Number.POSITIVE_INFINITY);
        });
      }),
    );
  });
});

describe('appendLivePoint', () => {
  it('grows the series by one point for a newer live price', () => {
    const rest = buildLineSeries('o', record([live(2, 100)]));
    expect(appendLivePoint(rest, live(2.3, 150)).points).toHaveLength(rest.points.length + 1);
  });

  it('returns the same series for a point that is not newer than its last', () => {
    const rest = buildLineSeries('o', record([live(2, 100)]));
    expect(appendLivePoint(rest, live(2.3, 100))).toBe(rest);
  });

  it('changes nothing when the same point is appended twice', () => {
    fc.assert(
      fc.property(historyArb, livePointsArb, (history, points) => {
        const rest = buildLineSeries('o', record(history));
        for (const p of points) {
          const once = appendLivePoint(rest, p);
          expect(appendLivePoint(once, p)).toEqual(once);
        }
      }),
    );
  });
});
