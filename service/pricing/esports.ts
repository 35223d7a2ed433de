// Esports (sportId 83, a map-based mobile MOBA): kills per map are Poisson, the map winner
// follows the kill difference, and the series is best of 3 maps.
//
// Model. On each map participant 1 makes Poisson(κ₁) kills and participant 2 Poisson(κ₂),
// independently; given the map's kills (k₁, k₂) participant 1 wins the map with probability
// logistic(β·(k₁ − k₂)) (β = `killWeight`, 0.3 by default: 5 more kills → 82%). Maps are
// independent and the series stops when a side has won a majority. Kill markets
// (`totals-kills`, `spreads-kills`, `teamtotals-team1-kills`, `1x2-kills`, `oddeven-kills`,
// `drawnobet-kills`) are the family rules on the kills rows. Given a map's kills, the order of
// the kills is uniformly random (as for two Poisson processes), so `firstblood` (outcomes `1`,
// `2`) is won by participant 1 with probability k₁/(k₁ + k₂) and `racetokills` with line N by the
// side whose N-th kill comes first (a negative hypergeometric sum); no kill, or nobody reaching N,
// is void. These two depend on the kill order, so two of them on one map are not combinable.
//
// Rows. Unit `maps`: `result` = maps won, `pK` = 1:0 to the winner of map K. Unit `kills`:
// `result` = kills over the maps played, `pK` = the kills of map K, sums like `p1+p2`. A map
// that is never played is void. `fulltime` = `result`. Objectives other than kills have no model.
// Truncation. Each map's kill grid is cut where a Poisson tail falls below 1e-16 (folded into the
// last cell).
// In play. The maps table's rows give the maps finished; the kills table's rows their kills and
// the current map's kills so far; `elapsed` is the share of the current map played, and the
// current map keeps (1 − elapsed) of its expected kills. First blood of a map already under way
// with kills cannot be priced (who drew it is not in the state).

import { SPORT } from './score-unit.ts';
import type { ScoreUnit } from './score-unit.ts';
import type { CatalogueMarket } from '../catalogue/types.ts';
import { logChoose, logistic } from './distributions.ts';
import type { Transitions, WorkBudget } from './joint-states.ts';
import { JointStates, TransitionsBuilder } from './joint-states.ts';
import { poissonGrid } from './poisson-sports.ts';
import { PricingError, requireNumberIn } from './pricing-error.ts';
import type { RowDistribution, ScoreGrid, ScoreProjection } from './score-grid.ts';
import { projectScore, projectionRange, shiftGrid } from './score-grid.ts';
import type { DimSpec, GradeMasses, InPlayState, JointResult, ScoreModel, Selection } from './score-model.ts';
import { projectionFromJoint, requireElapsed, rowFromJoint, scoreSoFar, segmentsOfPeriod } from './score-model.ts';

export interface EsportsParams {
  readonly model: 'esports';
  /** Expected kills per map of participant 1 and 2. */
  readonly kills1: number;
  readonly kills2: number;
  /** β of the map winner's logistic in the kill difference (0.3 by default). */
  readonly killWeight?: number;
  /** Maps in the series: 1, 3 (default) or 5. */
  readonly bestOf?: 1 | 3 | 5;
}

/**
 * P(side A's `needA`-th kill comes before side B's `needB`-th) when A makes `killsA` and B
 * `killsB` more kills in a uniformly random order; null when neither reaches its target.
 */
export function raceProbability(needA: number, needB: number, killsA: number, killsB: number): number | null {
  if (killsA < needA && killsB < needB) return null;
  if (killsB < needB) return 1;
  if (killsA < needA) return 0;
  const all = logChoose(killsA + killsB, killsA);
  let p = 0;
  for (let j = 0; j < needB; j += 1) {
    p += Math.exp(logChoose(needA - 1 + j, j) + logChoose(killsA + killsB - needA - j, killsA - needA) - all);
  }
  return p;
}

interface EsportsRow {
  readonly unit: 'maps' | 'kills';
  readonly maps: readonly number[];
  readonly matchRow: boolean;
}

const MAP_PERIOD = /^p([1-9])$/;

/** The esports model of a fixture in `state`. */
export function esportsModel(params: EsportsParams, state: InPlayState): ScoreModel {
  requireNumberIn(params.kills1, 'esports kills1', 0.1, 200);
  requireNumberIn(params.kills2, 'esports kills2', 0.1, 200);
  const beta = params.killWeight ?? 0.3;
  requireNumberIn(beta, 'esports killWeight', 0, 10);
  const bestOf = params.bestOf ?? 3;
  // Checked at run time: parameters may come from stored or generated data.
  if (!([1, 3, 5] as readonly number[]).includes(bestOf)) throw new PricingError(`esports bestOf must be 1, 3 or 5, got ${String(bestOf)}`);
  requireElapsed(state);
  const needed = (bestOf + 1) / 2;

  // Finished maps, and the map in progress with its kills so far.
  const finished: { winner: 1 | 2; kills: readonly [number, number] }[] = [];
  const mapsWon = [0, 0];
  for (let k = 1; k <= bestOf && mapsWon[0] !== needed && mapsWon[1] !== needed; k += 1) {
    const [a, b] = scoreSoFar(state, 'maps', `p${String(k)}`);
    if (a + b === 0) break;
    if (a + b !== 1) throw new PricingError(`esports map row p${String(k)} must be 1:0 or 0:1, got ${String(a)}:${String(b)}`);
    const winner = a === 1 ? 1 : 2;
    finished.push({ winner, kills: scoreSoFar(state, 'kills', `p${String(k)}`) });
    mapsWon[winner - 1] = (mapsWon[winner - 1] ?? 0) + 1;
  }
  const seriesOver = mapsWon[0] === needed || mapsWon[1] === needed;
  const currentIndex = finished.length;
  const currentKills = seriesOver ? ([0, 0] as const) : scoreSoFar(state, 'kills', `p${String(currentIndex + 1)}`);
  const currentGrid = shiftGrid(
    poissonGrid(params.kills1 * (1 - state.elapsed), params.kills2 * (1 - state.elapsed)),
    currentKills[0],
    currentKills[1],
  );
  const freshGrid = poissonGrid(params.kills1, params.kills2);
  const gridOf = (mapIndex: number): ScoreGrid => (mapIndex === currentIndex ? currentGrid : freshGrid);
  // Each grid's cells with the winner's probability, computed once per model, not per joint.
  const cellsOf = new Map<ScoreGrid, MapCells>();
  const mapCells = (grid: ScoreGrid): MapCells => {
    let cells = cellsOf.get(grid);
    if (cells === undefined) {
      cells = cellsWithWinner(grid, beta);
      cellsOf.set(grid, cells);
    }
    return cells;
  };

  const rowOf = (period: string, unit: ScoreUnit): EsportsRow | null => {
    if (unit !== 'maps' && unit !== 'kills') return null;
    const segments = segmentsOfPeriod(period, bestOf);
    return segments === null ? null : { unit, maps: segments.indices, matchRow: segments.matchRow };
  };

  const joint = (dims: readonly DimSpec[], budget: WorkBudget): JointResult | null => {
    const rows: EsportsRow[] = [];
    for (const dim of dims) {
      const row = rowOf(dim.period, dim.unit);
      if (row === null) return null;
      rows.push(row);
    }
    const projections: ScoreProjection[] = dims.map((d) => d.projection);
    const lo: number[] = [];
    const hi: number[] = [];
    rows.forEach((row, d) => {
      let low = 0;
      let high = 0;
      for (const map of row.maps) {
        const grid: ScoreGrid = row.unit === 'kills' ? gridOf(map) : { min1: 0, min2: 0, size1: 2, size2: 2, mass: new Float64Array(4) };
        const [l, h] = projectionRange(grid, projections[d] ?? 'total');
        low += Math.min(0, l);
        high += Math.max(0, h);
      }
      lo.push(low);
      hi.push(high);
    });
    lo.push(0, 0);
    hi.push(needed, needed);
    const mapsDim = dims.length;
    let states = new JointStates(lo, hi);
    // A map's outcome moves the key by Σ projectionᵈ·strideᵈ over the rows that hold the map,
    // plus the winner's stride (the key is linear in the vector, and `advance` keeps the strides):
    // called for every cell of every map's kill grid, so it is kept free of allocations.
    const strides = states.strides;
    const touching = Array.from({ length: bestOf }, (_, map) =>
      rows.flatMap((row, d) => (row.maps.includes(map) ? [{ kills: row.unit === 'kills', projection: projections[d] ?? 'total', stride: strides[d] ?? 0 }] : [])),
    );
    const winStride1 = strides[mapsDim] ?? 0;
    const winStride2 = strides[mapsDim + 1] ?? 0;
    const delta = (map: number, kills1: number, kills2: number, winner: 1 | 2): number => {
      let shift = winner === 1 ? winStride1 : winStride2;
      for (const t of touching[map] ?? []) {
        const value = t.kills ? projectScore(t.projection, kills1, kills2) : winner === 1 ? projectScore(t.projection, 1, 0) : projectScore(t.projection, 0, 1);
        shift += value * t.stride;
      }
      return shift;
    };
    const vector = new Int32Array(lo.length);
    let start = states.encode(vector);
    finished.forEach(({ winner, kills }, map) => {
      start += delta(map, kills[0], kills[1], winner);
    });
    states.addKey(start, 1);
    const values = new Int32Array(lo.length);
    const seriesDecided = (key: number): boolean => {
      states.decode(key, values);
      return values[mapsDim] === needed || values[mapsDim + 1] === needed;
    };
    for (let map = currentIndex; map < bestOf && !seriesOver; map += 1) {
      states = states.advance(
        mapTransitions(mapCells(gridOf(map)), (k1, k2, w) => delta(map, k1, k2, w)),
        budget,
        seriesDecided,
      );
    }
    return {
      states,
      present: (dim, values_) => {
        const row = rows[dim];
        if (row === undefined || row.matchRow) return true;
        const played = (values_[mapsDim] ?? 0) + (values_[mapsDim + 1] ?? 0);
        return row.maps.every((m) => m < played);
      },
    };
  };

  // Race probabilities by (needs, kills): both outcomes of a race market, and the same race on
  // every map not yet started, ask for the same values over the same kill grid.
  const races = new Map<number, number | null>();
  const race = (needA: number, needB: number, killsA: number, killsB: number): number | null => {
    if (Math.max(needA, needB, killsA, killsB) >= 1024 || Math.min(needA, needB, killsA, killsB) < 0) return raceProbability(needA, needB, killsA, killsB);
    const key = ((needA * 1024 + needB) * 1024 + killsA) * 1024 + killsB;
    let p = races.get(key);
    if (p === undefined) {
      p = raceProbability(needA, needB, killsA, killsB);
      races.set(key, p);
    }
    return p;
  };

  const orderSelection = (market: CatalogueMarket, outcomeName: string): Selection | null => {
    const match = MAP_PERIOD.exec(market.period);
    const map = match === null ? Number.NaN : Number(match[1]) - 1;
    if (!(map >= 0 && map < bestOf) || (outcomeName !== '1' && outcomeName !== '2')) return null;
    const side = outcomeName === '1' ? 0 : 1;
    const soFar = map === currentIndex ? currentKills : ([0, 0] as const);
    let conditional: (k1: number, k2: number, out: GradeMasses) => void;
    if (market.marketType === 'firstblood') {
      // Who drew first blood on a map under way is not in the state.
      if (soFar[0] + soFar[1] > 0 || market.handicap !== 0) return null;
      conditional = (k1, k2, out) => {
        const total = k1 + k2;
        if (total === 0) {
          out.push = 1;
          return;
        }
        out.won = (side === 0 ? k1 : k2) / total;
        out.lost = 1 - out.won;
      };
    } else {
      const target = market.handicap;
      if (!Number.isInteger(target) || target < 1) return null;
      const reached1 = soFar[0] >= target;
      const reached2 = soFar[1] >= target;
      if (reached1 && reached2) return null;
      conditional = (k1, k2, out) => {
        const p1 = reached1 ? 1 : reached2 ? 0 : race(target - soFar[0], target - soFar[1], k1 - soFar[0], k2 - soFar[1]);
        if (p1 === null) {
          out.push = 1;
          return;
        }
        out.won = side === 0 ? p1 : 1 - p1;
        out.lost = 1 - out.won;
      };
    }
    return {
      period: market.period,
      unit: 'kills',
      projection: 'cell',
      grader: null,
      conditional,
      orderKey: `the kill order of map ${String(map + 1)}`,
    };
  };

  const rowCache = new Map<string, RowDistribution | null>();
  return {
    sportId: SPORT.esports,
    row: (period, unit) => {
      const key = `${unit}/${period}`;
      const cached = rowCache.get(key);
      if (cached !== undefined) return cached;
      const result = rowFromJoint(joint, period, unit);
      rowCache.set(key, result);
      return result;
    },
    rowProjection: (period, unit, projection) => projectionFromJoint(joint, period, unit, projection),
    hasRow: (period, unit) => rowOf(period, unit) !== null,
    joint,
    specialSelection: (market, outcomeName) =>
      market.marketType === 'firstblood' || market.marketType === 'racetokills' ? orderSelection(market, outcomeName) : undefined,
  };
}

/** A map's kill-grid cells with non-zero mass, and each one's mass split by the map's winner. */
interface MapCells {
  readonly kills1: Int32Array;
  readonly kills2: Int32Array;
  readonly win1: Float64Array;
  readonly win2: Float64Array;
}

/** The cells of `grid` with P(cell and side 1 wins) and P(cell and side 2 wins) (logistic in β·kill difference). */
function cellsWithWinner(grid: ScoreGrid, beta: number): MapCells {
  const kills1: number[] = [];
  const kills2: number[] = [];
  const win1: number[] = [];
  const win2: number[] = [];
  for (let i = 0; i < grid.size1; i += 1) {
    for (let j = 0; j < grid.size2; j += 1) {
      const p = grid.mass[i * grid.size2 + j] ?? 0;
      if (p === 0) continue;
      const win = logistic(beta * (grid.min1 + i - (grid.min2 + j)));
      kills1.push(grid.min1 + i);
      kills2.push(grid.min2 + j);
      win1.push(p * win);
      win2.push(p * (1 - win));
    }
  }
  return { kills1: Int32Array.from(kills1), kills2: Int32Array.from(kills2), win1: Float64Array.from(win1), win2: Float64Array.from(win2) };
}

/** A map's outcomes as key offsets (kills and winner merged when the dims do not tell them apart). */
function mapTransitions(cells: MapCells, delta: (kills1: number, kills2: number, winner: 1 | 2) => number): Transitions {
  const transitions = new TransitionsBuilder();
  for (let c = 0; c < cells.kills1.length; c += 1) {
    const k1 = cells.kills1[c] ?? 0;
    const k2 = cells.kills2[c] ?? 0;
    const w1 = cells.win1[c] ?? 0;
    const w2 = cells.win2[c] ?? 0;
    if (w1 > 0) transitions.add(delta(k1, k2, 1), w1);
    if (w2 > 0) transitions.add(delta(k1, k2, 2), w2);
  }
  return transitions.build();
}
