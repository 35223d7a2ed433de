import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLineSeries, clipSeries, downsampleSeries, LineSeriesError, seriesExtent, type SeriesPoint } from './line-series.ts';

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
