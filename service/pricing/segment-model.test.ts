import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JointTooLargeError, WorkBudget } from './joint-states.ts';
import type { ScoreGrid } from './score-grid.ts';
import { cellMass, convolveGrids, emptyGrid, gridMass, projectScore, trimGrid } from './score-grid.ts';
import { overtimeUntilDecided, segmentShareLeft } from './segment-model.ts';
import { OVERTIME, SEGMENTS, SHOOTOUT, testSegmentModel } from '../testing/test-segment-model.ts';

type Cell = readonly [number, number];

/** Every outcome of the three segments and the two stages, with its probability. */
function enumerate(visit: (p: number, segments: readonly Cell[], overtime: Cell, shootout: Cell) => void): void {
  const cells = (grid: ScoreGrid): [Cell, number][] => {
    const out: [Cell, number][] = [];
    for (let a = 0; a < grid.size1; a += 1) for (let b = 0; b < grid.size2; b += 1) if ((grid.mass[a * grid.size2 + b] ?? 0) > 0) out.push([[a, b], cellMass(grid, a, b)]);
    return out;
  };
  for (const [s1, p1] of cells(SEGMENTS[0] ?? OVERTIME)) {
    for (const [s2, p2] of cells(SEGMENTS[1] ?? OVERTIME)) {
      for (const [s3, p3] of cells(SEGMENTS[2] ?? OVERTIME)) {
        const regulation = [s1, s2, s3];
        const tied = s1[0] + s2[0] + s3[0] === s1[1] + s2[1] + s3[1];
        if (!tied) {
          visit(p1 * p2 * p3, regulation, [0, 0], [0, 0]);
          continue;
        }
        for (const [ot, q] of cells(OVERTIME)) {
          if (ot[0] !== ot[1]) visit(p1 * p2 * p3 * q, regulation, ot, [0, 0]);
          else for (const [so, r] of cells(SHOOTOUT)) visit(p1 * p2 * p3 * q * r, regulation, ot, so);
        }
      }
    }
  }
}

describe('SegmentModel', () => {
  it('reads the segments and stages of a period', () => {
    const m = testSegmentModel();
    expect(m.shapeOf('p3+p1')).toEqual({ segments: [0, 2], stages: 0 });
    expect(m.shapeOf('p2+p3+overtime')).toEqual({ segments: [1, 2], stages: 1 });
    expect(m.shapeOf('qualify')).toEqual({ segments: [0, 1, 2], stages: 2 });
    for (const invalid of ['p4', 'p1+p1', 'overtime+overtime', 'q1', '']) expect(m.shapeOf(invalid), invalid).toBeNull();
  });

  it('adds the tie-break only when regulation is tied', () => {
    const row = testSegmentModel().row('p2+p3+overtime', 'goals');
    const expected = new Map<string, number>();
    enumerate((p, [, s2, s3], ot) => {
      const key = `${String((s2?.[0] ?? 0) + (s3?.[0] ?? 0) + ot[0])}:${String((s2?.[1] ?? 0) + (s3?.[1] ?? 0) + ot[1])}`;
      expected.set(key, (expected.get(key) ?? 0) + p);
    });
    for (const [key, p] of expected) {
      const [a, b] = key.split(':').map(Number);
      expect(cellMass(row?.grid ?? SHOOTOUT, a ?? 0, b ?? 0), key).toBeCloseTo(p, 14);
    }
    expect(gridMass(row?.grid ?? SHOOTOUT)).toBeCloseTo(1, 14);
  });

  it('plays the second stage only after a tied first one', () => {
    const qualify = testSegmentModel().row('qualify', 'goals');
    let draw = 0;
    for (let a = 0; a < 12; a += 1) draw += cellMass(qualify?.grid ?? SHOOTOUT, a, a);
    expect(draw).toBe(0);
  });

  it('gives the joint of several rows exactly as the enumeration of every outcome', () => {
    const dims = [
      { period: 'p1', unit: 'goals', projection: 'total' },
      { period: 'fulltime', unit: 'goals', projection: 'margin' },
      { period: 'qualify', unit: 'goals', projection: 'team1' },
    ] as const;
    const joint = testSegmentModel().joint(dims, new WorkBudget(1e6));
    const expected = new Map<string, number>();
    enumerate((p, segments, ot, so) => {
      const regulation = segments.reduce<[number, number]>((s, c) => [s[0] + c[0], s[1] + c[1]], [0, 0]);
      const first = segments[0] ?? [0, 0];
      const key = [
        projectScore('total', first[0], first[1]),
        projectScore('margin', regulation[0] + ot[0], regulation[1] + ot[1]),
        regulation[0] + ot[0] + so[0],
      ].join(',');
      expected.set(key, (expected.get(key) ?? 0) + p);
    });
    const values = new Int32Array(4);
    const actual = new Map<string, number>();
    joint?.states.forEach((key, p) => {
      joint.states.decode(key, values);
      const k = Array.from(values.slice(0, 3)).join(',');
      actual.set(k, (actual.get(k) ?? 0) + p);
    });
    expect(actual.size).toBe(expected.size);
    for (const [key, p] of expected) expect(actual.get(key), key).toBeCloseTo(p, 14);
  });

  it('knows no row in another unit and refuses over budget', () => {
    const m = testSegmentModel();
    expect(m.row('result', 'points')).toBeNull();
    expect(m.joint([{ period: 'p9', unit: 'goals', projection: 'total' }], new WorkBudget(1))).toBeNull();
    expect(() => m.joint([{ period: 'p1', unit: 'goals', projection: 'total' }], new WorkBudget(1))).toThrow(JointTooLargeError);
  });
});

/** The period-by-period sum the renewal form replaces: Σₖ tiedᵏ⁻¹ ⊛ untied, one 2-D convolution a period. */
function overtimeByPeriods(period: ScoreGrid): ScoreGrid {
  const tied = { ...period, mass: new Float64Array(period.mass.length) };
  const untied = { ...period, mass: period.mass.slice() };
  for (let i = 0; i < period.size1; i += 1) {
    for (let j = 0; j < period.size2; j += 1) {
      if (period.min1 + i !== period.min2 + j) continue;
      tied.mass[i * period.size2 + j] = period.mass[i * period.size2 + j] ?? 0;
      untied.mass[i * period.size2 + j] = 0;
    }
  }
  const add = (x: ScoreGrid, y: ScoreGrid): ScoreGrid => {
    const min1 = Math.min(x.min1, y.min1);
    const min2 = Math.min(x.min2, y.min2);
    const out = emptyGrid(min1, min2, Math.max(x.min1 + x.size1, y.min1 + y.size1) - min1, Math.max(x.min2 + x.size2, y.min2 + y.size2) - min2);
    for (const g of [x, y]) {
      for (let i = 0; i < g.size1; i += 1) {
        for (let j = 0; j < g.size2; j += 1) {
          const at = (g.min1 + i - min1) * out.size2 + g.min2 + j - min2;
          out.mass[at] = (out.mass[at] ?? 0) + (g.mass[i * g.size2 + j] ?? 0);
        }
      }
    }
    return out;
  };
  let total: ScoreGrid = untied;
  let carried: ScoreGrid = tied;
  for (let round = 0; round < 60 && gridMass(carried) >= 1e-15; round += 1) {
    total = add(total, convolveGrids(carried, untied));
    carried = convolveGrids(carried, tied);
  }
  return trimGrid(total);
}

describe('overtimeUntilDecided', () => {
  it('equals the period-by-period sum on any period grid, cell by cell', () => {
    const grid = fc
      .record({ min1: fc.integer({ min: 0, max: 3 }), min2: fc.integer({ min: 0, max: 3 }), size1: fc.integer({ min: 1, max: 5 }), size2: fc.integer({ min: 1, max: 5 }) })
      .chain(({ min1, min2, size1, size2 }) =>
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: size1 * size2, maxLength: size1 * size2 }).map((raw) => {
          const total = raw.reduce((a, b) => a + b, 0) || 1;
          return { min1, min2, size1, size2, mass: Float64Array.from(raw, (p) => (p / total) * 0.999) };
        }),
      );
    fc.assert(
      fc.property(grid, (period) => {
        const fast = overtimeUntilDecided(period);
        const slow = overtimeByPeriods(period);
        for (let a = Math.min(fast.min1, slow.min1); a < Math.max(fast.min1 + fast.size1, slow.min1 + slow.size1); a += 1) {
          for (let b = Math.min(fast.min2, slow.min2); b < Math.max(fast.min2 + fast.size2, slow.min2 + slow.size2); b += 1) {
            expect(Math.abs(cellMass(fast, a, b) - cellMass(slow, a, b))).toBeLessThan(1e-15);
          }
        }
      }),
      // The reference is the slow sum being replaced: a few dozen grids keep the test quick.
      { numRuns: 40 },
    );
    // About a second alone; the slow reference takes six on a loaded 2-core machine.
  }, 30_000);

  it('repeats a tied period until one is decided', () => {
    const grid = overtimeUntilDecided(OVERTIME);
    expect(gridMass(grid)).toBeCloseTo(1, 14);
    // 1:0 overall: any number of 0:0 periods (0.5·0.6 each), then a 1:0 (0.5·0.6).
    expect(cellMass(grid, 1, 0)).toBeCloseTo(0.3 / (1 - 0.3), 12);
    for (let a = 0; a < grid.size1; a += 1) expect(cellMass(grid, grid.min1 + a, grid.min1 + a)).toBe(0);
  });
});

describe('segmentShareLeft', () => {
  it('is the share of a segment still to play', () => {
    expect(segmentShareLeft(0, 1, 4)).toBe(1);
    expect(segmentShareLeft(0.3, 1, 4)).toBeCloseTo(0.8, 15);
    expect(segmentShareLeft(0.6, 1, 4)).toBe(0);
  });
});
