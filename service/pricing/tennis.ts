// Tennis (sportId 12): exact point → game → set → match probabilities from each player's chance
// of winning a point on serve, with the joint distribution of sets and games from one model.
//
// Model. Player 1 wins a point on serve with probability s₁, player 2 with s₂; points are
// independent. Games: first to 4 points by 2 (deuce closed form p²/(p² + q²)). Sets: first to 6
// games by 2, a 7-point tie-break (by 2) at 6:6 in every set, the final set included; servers
// alternate every game across sets, a tie-break counting as one game for the rotation (so the
// player who received first in a tie-break serves first in the next set), and in a tie-break the
// first server serves one point, then each serves two. Match: best of 3 or 5 sets. A dynamic
// programme over (sets won, next set's first server) enumerates every set score of every set, so
// `moneyline` / `spreads-sets` / `correctscore` on sets and `totals-games` / `spreads-games` /
// a set's games all come from one distribution and a parlay's joint is exact.
//
// Rows. Unit `sets`: `result` = sets won, `pK` = 1:0 to the winner of set K. Unit `games`:
// `result` = games won over the match, `pK` = the score of set K (7:6 after a tie-break), and
// sums like `p1+p2`. A set that is never played is void. `fulltime` = `result`.
// Truncation: none; the supports are finite.
// In play. The state is the games table's set rows (finished sets, then the set in progress) and
// the points of the game or tie-break in progress (`tennisPoints`); the server follows from the
// match's first server and the games played. `elapsed` is not used.

import { SPORT } from './score-unit.ts';
import type { ScoreUnit } from './score-unit.ts';
import type { WorkBudget } from './joint-states.ts';
import { JointStates, SPARSE_WORK } from './joint-states.ts';
import { PricingError, requireNumberIn } from './pricing-error.ts';
import type { RowDistribution, ScoreProjection } from './score-grid.ts';
import { projectScore } from './score-grid.ts';
import type { DimSpec, InPlayState, JointResult, ScoreModel } from './score-model.ts';
import { projectionFromJoint, rowFromJoint, scoreSoFar, segmentsOfPeriod } from './score-model.ts';

export interface TennisParams {
  readonly model: 'tennis';
  /** P(player 1 wins a point on own serve), P(player 2 wins a point on own serve). */
  readonly serve1: number;
  readonly serve2: number;
  readonly bestOf: 3 | 5;
  /** Who serves the first game of the match (1 by default). */
  readonly firstServer?: 1 | 2;
}

/** P(server wins the game) from points (x server, y receiver), winning each point with p. */
export function gameWinProbability(p: number, x = 0, y = 0): number {
  if (x >= 4 && x - y >= 2) return 1;
  if (y >= 4 && y - x >= 2) return 0;
  if (x >= 3 && y >= 3) {
    const deuce = (p * p) / (p * p + (1 - p) * (1 - p));
    if (x === y) return deuce;
    return x > y ? p + (1 - p) * deuce : p * deuce;
  }
  return p * gameWinProbability(p, x + 1, y) + (1 - p) * gameWinProbability(p, x, y + 1);
}

/**
 * P(player 1 wins a tie-break) from points (x player 1, y player 2) when `firstServer` served its
 * first point: point n (from 0) is served by the first server when ⌊(n + 1)/2⌋ is even.
 */
export function tieBreakWinProbability(serve1: number, serve2: number, firstServer: 1 | 2, x = 0, y = 0): number {
  if (x >= 7 && x - y >= 2) return 1;
  if (y >= 7 && y - x >= 2) return 0;
  if (x >= 6 && x === y) {
    // From a tie at 6:6 or later each player serves one of the next two points.
    const both = serve1 * (1 - serve2);
    const neither = (1 - serve1) * serve2;
    return both / (both + neither);
  }
  const n = x + y;
  const server = Math.floor((n + 1) / 2) % 2 === 0 ? firstServer : otherPlayer(firstServer);
  const a = server === 1 ? serve1 : 1 - serve2;
  return a * tieBreakWinProbability(serve1, serve2, firstServer, x + 1, y) + (1 - a) * tieBreakWinProbability(serve1, serve2, firstServer, x, y + 1);
}

function otherPlayer(player: 1 | 2): 1 | 2 {
  return player === 1 ? 2 : 1;
}

/** A final set score and its probability. */
export interface SetOutcome {
  readonly games1: number;
  readonly games2: number;
  readonly p: number;
}

function setOver(a: number, b: number): boolean {
  return ((a >= 6 || b >= 6) && Math.abs(a - b) >= 2) || a === 7 || b === 7;
}

/**
 * The distribution of a set's final score from games (a, b) and points (x, y) of the game in
 * progress, when `setFirstServer` served the set's first game.
 */
export function setOutcomes(
  serve1: number,
  serve2: number,
  setFirstServer: 1 | 2,
  start: readonly [number, number] = [0, 0],
  points: readonly [number, number] = [0, 0],
): SetOutcome[] {
  const [a0, b0] = start;
  if (setOver(a0, b0)) return [{ games1: a0, games2: b0, p: 1 }];
  // reach[a][b]: P(a game starts at a:b), forward over the games.
  const reach: number[][] = Array.from({ length: 8 }, () => new Array<number>(8).fill(0));
  const outcomes: SetOutcome[] = [];
  const row = reach[a0];
  if (row === undefined) throw new PricingError(`tennis: impossible set score ${String(a0)}:${String(b0)}`);
  row[b0] = 1;
  // A set lasts at most 13 games (7:6); its last game ends at 13 games started.
  for (let games = a0 + b0; games <= 13; games += 1) {
    for (let a = 0; a <= 7; a += 1) {
      const b = games - a;
      const p = reach[a]?.[b] ?? 0;
      if (b < 0 || b > 7 || p === 0) continue;
      if (setOver(a, b)) {
        outcomes.push({ games1: a, games2: b, p });
        continue;
      }
      const first = a === a0 && b === b0;
      const [x, y] = first ? points : [0, 0];
      let win: number;
      if (a === 6 && b === 6) {
        win = tieBreakWinProbability(serve1, serve2, setFirstServer, x, y);
      } else {
        const server = games % 2 === 0 ? setFirstServer : otherPlayer(setFirstServer);
        win = server === 1 ? gameWinProbability(serve1, x, y) : 1 - gameWinProbability(serve2, y, x);
      }
      const up = reach[a + 1];
      const across = reach[a];
      if (up !== undefined) up[b] = (up[b] ?? 0) + p * win;
      if (across !== undefined) across[b + 1] = (across[b + 1] ?? 0) + p * (1 - win);
    }
  }
  return outcomes;
}

interface TennisRow {
  readonly unit: 'sets' | 'games';
  /** Set indices (0-based) summed; all sets for `result`. */
  readonly sets: readonly number[];
  /** A match row is never void; a set row is void when one of its sets is not played. */
  readonly matchRow: boolean;
}

/** The tennis model of a fixture in `state`. */
export function tennisModel(params: TennisParams, state: InPlayState): ScoreModel {
  const { serve1, serve2, bestOf } = params;
  requireNumberIn(serve1, 'tennis serve1', 0.05, 0.95);
  requireNumberIn(serve2, 'tennis serve2', 0.05, 0.95);
  // Checked at run time: parameters may come from stored or generated data.
  if (!([3, 5] as readonly number[]).includes(bestOf)) throw new PricingError(`tennis bestOf must be 3 or 5, got ${String(bestOf)}`);
  const needed = (bestOf + 1) / 2;
  const matchFirstServer = params.firstServer ?? 1;

  // The state: finished sets, then the set in progress with the points of its current game.
  const finished: [number, number][] = [];
  let current: [number, number] = [0, 0];
  let setsWon: [number, number] = [0, 0];
  let gamesPlayed = 0;
  for (let k = 1; k <= bestOf; k += 1) {
    const score = scoreSoFar(state, 'games', `p${String(k)}`);
    if (setsWon[0] === needed || setsWon[1] === needed) break;
    if (setOver(score[0], score[1])) {
      finished.push([score[0], score[1]]);
      setsWon = score[0] > score[1] ? [setsWon[0] + 1, setsWon[1]] : [setsWon[0], setsWon[1] + 1];
      gamesPlayed += score[0] + score[1];
      continue;
    }
    current = [score[0], score[1]];
    break;
  }
  const points = state.tennisPoints ?? [0, 0];
  if (!points.every((v) => Number.isInteger(v) && v >= 0)) throw new PricingError('tennis points must be integers ≥ 0');
  const matchOver = setsWon[0] === needed || setsWon[1] === needed;
  // The player serving the set in progress's first game follows from the games played before it.
  const currentFirstServer = gamesPlayed % 2 === 0 ? matchFirstServer : otherPlayer(matchFirstServer);
  const freshSets = new Map<1 | 2, SetOutcome[]>();
  const freshSet = (server: 1 | 2): SetOutcome[] => {
    let outcomes = freshSets.get(server);
    if (outcomes === undefined) {
      outcomes = setOutcomes(serve1, serve2, server);
      freshSets.set(server, outcomes);
    }
    return outcomes;
  };
  const currentSet = matchOver ? [] : setOutcomes(serve1, serve2, currentFirstServer, current, points);

  const rowOf = (period: string, unit: ScoreUnit): TennisRow | null => {
    if (unit !== 'sets' && unit !== 'games') return null;
    const segments = segmentsOfPeriod(period, bestOf);
    return segments === null ? null : { unit, sets: segments.indices, matchRow: segments.matchRow };
  };

  const joint = (dims: readonly DimSpec[], budget: WorkBudget): JointResult | null => {
    const rows: TennisRow[] = [];
    for (const dim of dims) {
      const row = rowOf(dim.period, dim.unit);
      if (row === null) return null;
      rows.push(row);
    }
    const projections: ScoreProjection[] = dims.map((d) => d.projection);
    // Ranges: a set gives at most 7 games (1 set) per player to each row containing it.
    const lo: number[] = [];
    const hi: number[] = [];
    rows.forEach((row, d) => {
      const perSet = row.unit === 'games' ? 7 : 1;
      const n = row.sets.length * perSet;
      const projection = projections[d] ?? 'total';
      lo.push(projection === 'margin' ? -n : 0);
      hi.push(projection === 'total' ? 2 * n : n);
    });
    // Bookkeeping: sets won by each player, and the first server of the next set.
    lo.push(0, 0, 1);
    hi.push(needed, needed, 2);
    const setsDim = dims.length;
    let states = new JointStates(lo, hi);
    const vector = new Int32Array(lo.length);
    const contribution = (setIndex: number, g1: number, g2: number): void => {
      vector.fill(0);
      rows.forEach((row, d) => {
        if (!row.sets.includes(setIndex)) return;
        const [a, b] = row.unit === 'games' ? [g1, g2] : g1 > g2 ? [1, 0] : [0, 1];
        vector[d] = projectScore(projections[d] ?? 'total', a, b);
      });
      vector[setsDim] = g1 > g2 ? 1 : 0;
      vector[setsDim + 1] = g1 > g2 ? 0 : 1;
    };
    // Finished sets are certain; the set in progress and later ones are random.
    vector.fill(0);
    vector[setsDim + 2] = matchFirstServer;
    let startKey = states.encode(vector);
    vector[setsDim + 2] = 0;
    finished.forEach(([g1, g2], index) => {
      contribution(index, g1, g2);
      vector[setsDim + 2] = 0;
      startKey += states.offset(vector);
    });
    states.addKey(startKey, 1);
    const values = new Int32Array(lo.length);
    for (let setIndex = finished.length; setIndex < bestOf && !matchOver; setIndex += 1) {
      const next = states.emptyLike();
      // The set's outcomes as key offsets, per server of its first game: the same for every
      // state, so computed once per set (not per state and outcome).
      const steps = new Map<1 | 2, { offsets: Float64Array; masses: Float64Array }>();
      const stepOf = (server: 1 | 2): { offsets: Float64Array; masses: Float64Array } => {
        let step = steps.get(server);
        if (step === undefined) {
          const outcomes = setIndex === finished.length ? currentSet : freshSet(server);
          const setServer = setIndex === finished.length ? currentFirstServer : server;
          const offsets = new Float64Array(outcomes.length);
          const masses = new Float64Array(outcomes.length);
          outcomes.forEach((outcome, k) => {
            contribution(setIndex, outcome.games1, outcome.games2);
            // The next set's first server: the rotation continues (a tie-break counts as one
            // game, so 7:6 is 13 games).
            const nextServer = (outcome.games1 + outcome.games2) % 2 === 0 ? setServer : otherPlayer(setServer);
            vector[setsDim + 2] = nextServer - server;
            offsets[k] = states.offset(vector);
            masses[k] = outcome.p;
          });
          step = { offsets, masses };
          steps.set(server, step);
        }
        return step;
      };
      // Charged as it goes, so that a parlay over the budget stops early.
      const unit = next.isDense() ? 2 : SPARSE_WORK;
      budget.charge(next.isDense() ? next.range : 0);
      states.forEach((key, p) => {
        states.decode(key, values);
        const won1 = values[setsDim] ?? 0;
        const won2 = values[setsDim + 1] ?? 0;
        const server = (values[setsDim + 2] ?? 1) === 1 ? 1 : 2;
        if (won1 === needed || won2 === needed) {
          next.addKey(key, p);
          return;
        }
        const { offsets, masses } = stepOf(server);
        budget.charge(offsets.length * unit);
        for (let k = 0; k < offsets.length; k += 1) next.addKey(key + (offsets[k] ?? 0), p * (masses[k] ?? 0));
      });
      states = next;
    }
    return {
      states,
      present: (dim, state) => {
        const row = rows[dim];
        if (row === undefined || row.matchRow) return true;
        const played = (state[setsDim] ?? 0) + (state[setsDim + 1] ?? 0);
        return row.sets.every((s) => s < played);
      },
    };
  };

  const rowCache = new Map<string, RowDistribution | null>();
  return {
    sportId: SPORT.tennis,
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
    specialSelection: () => undefined,
  };
}
