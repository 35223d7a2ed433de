// The live match engine: plays a fixture in match time — periods, breaks, overtime, the clock —
// and draws scoring events from the pricing model's expected rates, one sport profile each.
import type { Clock } from '../../src/wire/shared-schemas.ts';

/** A uniform random source on [0, 1) (the service's seeded PRNG). */
export interface RandomSource {
  next(): number;
}

/**
 * What the engine needs from the pricing model of a fixture, in its sport's terms:
 * - `score`: expected regulation score of each side (goals, points, runs);
 * - `tennis`: each player's probability of winning a point on serve, and the best-of;
 * - `maps`: expected kills per map of each side, and the weight of the kill difference on the
 *   map's winner (the esports model's rule, so that the engine plays what the model prices).
 */
export type MatchParams =
  | { readonly kind: 'score'; readonly expected: readonly [number, number] }
  | { readonly kind: 'tennis'; readonly serve: readonly [number, number]; readonly bestOf: number }
  | {
      readonly kind: 'maps';
      /** β: a map is won by participant 1 with probability logistic(β·(kills₁ − kills₂)). */
      readonly killWeight: number;
      readonly kills: readonly [number, number];
      readonly bestOf: number;
    };

type Pair = [number, number];

/**
 * The mutable, JSON-serialisable state of one match. Score rows are kept per unit, named as
 * `service/pricing/score-unit.ts` names them (`goals`, `points`, `runs`; tennis `sets` and
 * `games`; esports `maps` and `kills`), because one period can settle different markets on
 * different units (sets vs games, maps vs kills).
 */
export interface MatchState {
  phase: 'pre' | 'play' | 'break' | 'done';
  /** 1-based regular period; expectedPeriods + n during the n-th overtime period. */
  period: number;
  /** Match seconds played in the current period. */
  periodClock: number;
  /** Match seconds played in total. */
  elapsed: number;
  /** Match seconds left of the current break. */
  breakLeft: number;
  /** unit → period key → [participant 1, participant 2]. */
  rows: Record<string, Record<string, Pair>>;
  tennis: TennisState | null;
  /** Live statistics: name → [participant 1, participant 2]. */
  stats: Record<string, Pair>;
  /** playerId → player-prop marketType → count so far. */
  players: Record<string, Record<string, number>>;
  /** First-event markets already decided: `firstblood:p1` → side 1 or 2. */
  firsts: Record<string, 1 | 2>;
}

interface TennisState {
  points: Pair;
  games: Pair;
  sets: Pair;
  server: 0 | 1;
  tiebreak: boolean;
  /** Who served the tie-break's first point: the other player serves the next set's first game. */
  tiebreakServer: 0 | 1;
}

/** Something that happened while advancing, for the simulator to react to (suspend, reprice). */
export type MatchEvent =
  | { readonly kind: 'start' }
  | { readonly kind: 'score'; readonly side: 1 | 2; readonly unit: string; readonly amount: number; readonly period: string }
  | { readonly kind: 'period-end'; readonly period: string }
  | { readonly kind: 'period-start'; readonly period: string }
  | { readonly kind: 'finish' };

/** A player whose prop statistic the engine counts, with the expected count per match (per map for esports). */
export interface PropPlayer {
  readonly playerId: number;
  readonly side: 1 | 2;
  readonly marketType: string;
  readonly rate: number;
}

/** How a sport is played, in match seconds. */
interface SportProfile {
  readonly unit: string;
  /** Match seconds per regular period (from the tournament's periodLength when it has one). */
  readonly periodSec: number;
  readonly breakSec: (afterPeriod: number, periods: number) => number;
  /** Score increments and their probabilities (basketball 1/2/3, American football 3/7...). */
  readonly increments: readonly (readonly [number, number])[];
  /** Overtime period length in match seconds, 0 when the sport has none. */
  readonly overtimeSec: number;
  /** Live statistics counted per minute per side, scaled by the side's share of the scoring. */
  readonly stats: readonly (readonly [string, number])[];
}

const MIN = 60;

const PROFILES: Readonly<Record<number, SportProfile>> = {
  10: {
    unit: 'goals',
    periodSec: 45 * MIN,
    breakSec: () => 15 * MIN,
    increments: [[1, 1]],
    overtimeSec: 15 * MIN,
    stats: [['shots', 0.14], ['shotsOnTarget', 0.05], ['corners', 0.055], ['fouls', 0.12], ['yellowCards', 0.02]],
  },
  11: {
    unit: 'points',
    periodSec: 12 * MIN,
    breakSec: (after, periods) => (after === periods / 2 ? 15 * MIN : 2 * MIN),
    increments: [[1, 0.15], [2, 0.6], [3, 0.25]],
    overtimeSec: 5 * MIN,
    stats: [['rebounds', 0.9], ['assists', 0.5], ['turnovers', 0.28], ['fouls', 0.4]],
  },
  12: {
    unit: 'sets',
    periodSec: 0,
    breakSec: () => 2 * MIN,
    increments: [[1, 1]],
    overtimeSec: 0,
    stats: [],
  },
  13: {
    unit: 'runs',
    periodSec: 18 * MIN,
    breakSec: () => 2 * MIN,
    increments: [[1, 1]],
    overtimeSec: 18 * MIN,
    stats: [['hits', 0.05], ['strikeouts', 0.05], ['walks', 0.02]],
  },
  14: {
    unit: 'points',
    periodSec: 15 * MIN,
    breakSec: (after, periods) => (after === periods / 2 ? 13 * MIN : 2 * MIN),
    increments: [[7, 0.52], [3, 0.38], [6, 0.04], [8, 0.04], [2, 0.02]],
    overtimeSec: 10 * MIN,
    stats: [['firstDowns', 0.33], ['penalties', 0.12], ['sacks', 0.04]],
  },
  15: {
    unit: 'goals',
    periodSec: 20 * MIN,
    breakSec: () => 17 * MIN,
    increments: [[1, 1]],
    overtimeSec: 5 * MIN,
    stats: [['shots', 0.5], ['hits', 0.35], ['penaltyMinutes', 0.12], ['faceoffsWon', 0.5]],
  },
  83: {
    unit: 'maps',
    periodSec: 15 * MIN,
    breakSec: () => 5 * MIN,
    increments: [[1, 1]],
    overtimeSec: 0,
    stats: [['towers', 0.35], ['turtles', 0.1], ['lords', 0.07], ['gold', 120]],
  },
};

/** Kill counts whose first reaching side settles `racetokills` (the catalogue's lines). */
const RACE_TARGETS: readonly number[] = [5, 10, 15];

/** Match seconds a tennis point takes, change-overs included on average. */
const TENNIS_POINT_SEC = 40;

/** The profile of a sport; throws for a sport the service does not simulate. */
function profileOf(sportId: number): SportProfile {
  const profile = PROFILES[sportId];
  if (profile === undefined) throw new RangeError(`no match profile for sportId ${String(sportId)}`);
  return profile;
}

/** The sports the engine plays. */
export const SIMULATED_SPORTS: readonly number[] = Object.keys(PROFILES).map(Number);

/** A fresh pre-match state. */
export function newMatchState(): MatchState {
  return { phase: 'pre', period: 0, periodClock: 0, elapsed: 0, breakLeft: 0, rows: {}, tennis: null, stats: {}, players: {}, firsts: {} };
}

/**
 * The rules of one fixture: its sport's profile with the tournament's period count and length,
 * and whether a draw goes to extra time (cup ties).
 */
export interface MatchRules {
  readonly sportId: number;
  readonly expectedPeriods: number;
  /** Minutes per regular period from the tournament, null to keep the sport's default. */
  readonly periodLength: number | null;
  /** Soccer cup ties: a draw after regulation goes to extra time and penalties. */
  readonly knockout: boolean;
}

function periodSec(rules: MatchRules): number {
  const profile = profileOf(rules.sportId);
  return rules.periodLength === null ? profile.periodSec : rules.periodLength * MIN;
}

/** Regulation length in match seconds (0 for tennis, which has no clock limit). */
export function regulationSec(rules: MatchRules): number {
  return rules.sportId === 12 ? 0 : periodSec(rules) * rules.expectedPeriods;
}

function row(state: MatchState, unit: string, period: string): Pair {
  let rows = state.rows[unit];
  if (rows === undefined) {
    rows = {};
    state.rows[unit] = rows;
  }
  let pair = rows[period];
  if (pair === undefined) {
    pair = [0, 0];
    rows[period] = pair;
  }
  return pair;
}

/** A row's score, or null when the row does not exist yet. */
export function rowScore(state: MatchState, unit: string, period: string): readonly [number, number] | null {
  return state.rows[unit]?.[period] ?? null;
}

/** Read through a call: the engine's steps change the phase behind TypeScript's narrowing. */
function isPlaying(state: MatchState): boolean {
  return state.phase === 'play';
}

function bump(pair: Pair, side: 1 | 2, amount: number): void {
  if (side === 1) pair[0] += amount;
  else pair[1] += amount;
}

function periodKey(rules: MatchRules, period: number): string {
  return period <= rules.expectedPeriods ? `p${String(period)}` : 'overtime';
}

function draw(rng: RandomSource, weights: readonly (readonly [number, number])[]): number {
  let u = rng.next();
  for (const [value, weight] of weights) {
    if (u < weight) return value;
    u -= weight;
  }
  const last = weights[weights.length - 1];
  return last === undefined ? 1 : last[0];
}

/** Poisson draw by inversion; the means the engine uses per step are small. */
export function poisson(rng: RandomSource, mean: number): number {
  if (mean <= 0) return 0;
  let k = 0;
  let p = Math.exp(-mean);
  let cdf = p;
  const u = rng.next();
  while (u > cdf && k < 1000) {
    k++;
    p *= mean / k;
    cdf += p;
  }
  return k;
}

/**
 * Advances the match by `dtSec` match seconds, pushing what happened to `events`. The state is
 * mutated in place. Player props count at their rates; statistics at the sport's rates scaled
 * by each side's share of the expected scoring.
 */
export function advanceMatch(
  state: MatchState,
  rules: MatchRules,
  params: MatchParams,
  props: readonly PropPlayer[],
  dtSec: number,
  rng: RandomSource,
  events: MatchEvent[],
): void {
  let left = dtSec;
  // Steps are split at period boundaries so an event never lands in the wrong period.
  let guard = 0;
  while (left > 1e-9 && state.phase !== 'done' && guard++ < 10_000) {
    if (state.phase === 'pre') {
      startPeriod(state, rules, 1, events);
      events.push({ kind: 'start' });
      continue;
    }
    if (state.phase === 'break') {
      const used = Math.min(left, state.breakLeft);
      state.breakLeft -= used;
      left -= used;
      if (state.breakLeft <= 1e-9) startPeriod(state, rules, state.period + 1, events);
      continue;
    }
    if (rules.sportId === 12) {
      left = playTennis(state, rules, params, left, rng, events);
      continue;
    }
    const length = state.period > rules.expectedPeriods ? profileOf(rules.sportId).overtimeSec : periodSec(rules);
    const used = Math.min(left, length - state.periodClock);
    playClock(state, rules, params, props, used, rng, events);
    left -= used;
    if (isPlaying(state) && state.periodClock >= length - 1e-9) endPeriod(state, rules, params, rng, events);
  }
}

function startPeriod(state: MatchState, rules: MatchRules, period: number, events: MatchEvent[]): void {
  state.phase = 'play';
  state.period = period;
  state.periodClock = 0;
  const key = periodKey(rules, period);
  const profile = profileOf(rules.sportId);
  row(state, profile.unit, key);
  row(state, profile.unit, 'result');
  row(state, profile.unit, 'fulltime');
  if (rules.sportId === 83) {
    row(state, 'kills', key);
    row(state, 'kills', 'result');
    row(state, 'kills', 'fulltime');
  }
  if (rules.sportId === 12 && state.tennis === null) {
    state.tennis = { points: [0, 0], games: [0, 0], sets: [0, 0], server: 0, tiebreak: false, tiebreakServer: 0 };
  }
  if (rules.sportId === 12) {
    row(state, 'games', key);
    row(state, 'games', 'result');
    row(state, 'games', 'fulltime');
  }
  events.push({ kind: 'period-start', period: key });
}

function addScore(
  state: MatchState,
  rules: MatchRules,
  unit: string,
  side: 1 | 2,
  amount: number,
  events: MatchEvent[] | null,
): void {
  const key = periodKey(rules, state.period);
  const index = side - 1;
  const targets = key === 'overtime' ? [key, 'fulltime'] : [key, 'result', 'fulltime'];
  for (const period of targets) {
    const pair = row(state, unit, period);
    pair[index] = (pair[index] ?? 0) + amount;
  }
  if (events !== null) events.push({ kind: 'score', side, unit, amount, period: key });
}

function playClock(
  state: MatchState,
  rules: MatchRules,
  params: MatchParams,
  props: readonly PropPlayer[],
  dtSec: number,
  rng: RandomSource,
  events: MatchEvent[],
): void {
  const profile = profileOf(rules.sportId);
  const regulation = regulationSec(rules);
  state.periodClock += dtSec;
  state.elapsed += dtSec;
  const share: Pair = [0.5, 0.5];
  if (params.kind === 'score') {
    const mean = profile.increments.reduce((sum, [value, weight]) => sum + value * weight, 0);
    // Baseball is scored per half-inning; spreading runs evenly over the clock keeps the model's
    // Poisson runs per inning and needs no innings state.
    for (const side of [1, 2] as const) {
      const expected = params.expected[side - 1] ?? 0;
      const perSec = expected / mean / regulation;
      const count = poisson(rng, perSec * dtSec);
      for (let i = 0; i < count; i++) {
        const amount = draw(rng, profile.increments);
        // Sudden death: the first score in hockey or American-football overtime ends it.
        addScore(state, rules, profile.unit, side, amount, events);
      }
    }
    const total = params.expected[0] + params.expected[1];
    if (total > 0) {
      share[0] = params.expected[0] / total;
      share[1] = params.expected[1] / total;
    }
  } else if (params.kind === 'maps') {
    for (const side of [1, 2] as const) {
      const perSec = (params.kills[side - 1] ?? 0) / periodSec(rules);
      const count = poisson(rng, perSec * dtSec);
      if (count > 0) {
        const map = periodKey(rules, state.period);
        if (state.firsts[`firstblood:${map}`] === undefined) state.firsts[`firstblood:${map}`] = side;
        addScore(state, rules, 'kills', side, count, events);
        // Race to N kills: the first side whose kills on this map reach N.
        const kills = rowScore(state, 'kills', map)?.[side - 1] ?? 0;
        for (const target of RACE_TARGETS) {
          if (kills >= target && state.firsts[`racetokills:${map}:${String(target)}`] === undefined) {
            state.firsts[`racetokills:${map}:${String(target)}`] = side;
          }
        }
      }
    }
    const kills = params.kills[0] + params.kills[1];
    if (kills > 0) {
      share[0] = params.kills[0] / kills;
      share[1] = params.kills[1] / kills;
    }
  }
  for (const [name, perMin] of profile.stats) {
    const pair = state.stats[name] ?? [0, 0];
    state.stats[name] = pair;
    for (const index of [0, 1] as const) {
      // A side's statistics scale with its share of the play (2× share keeps the mean at perMin).
      const count = poisson(rng, (perMin * dtSec * 2 * share[index]) / MIN);
      pair[index] += count;
      if (count > 0 && name === 'towers') {
        const key = `firsttower:${periodKey(rules, state.period)}`;
        if (state.firsts[key] === undefined) state.firsts[key] = index === 0 ? 1 : 2;
      }
    }
  }
  if (rules.sportId === 10) {
    const pair = state.stats['possession'] ?? [50, 50];
    const drift = (rng.next() - 0.5) * 2 + (share[0] - 0.5) * 0.5;
    const p1 = Math.min(75, Math.max(25, pair[0] + drift * Math.min(1, dtSec / 30)));
    state.stats['possession'] = [Math.round(p1 * 10) / 10, Math.round((100 - p1) * 10) / 10];
  }
  const matchSec = regulation > 0 ? regulation : 1;
  for (const prop of props) {
    const perMatch = rules.sportId === 83 ? prop.rate * rules.expectedPeriods : prop.rate;
    const count = poisson(rng, (perMatch * dtSec) / matchSec);
    if (count > 0) {
      const counts = state.players[String(prop.playerId)] ?? {};
      state.players[String(prop.playerId)] = counts;
      counts[prop.marketType] = (counts[prop.marketType] ?? 0) + count;
    }
  }

}

function endPeriod(state: MatchState, rules: MatchRules, params: MatchParams, rng: RandomSource, events: MatchEvent[]): void {
  const profile = profileOf(rules.sportId);
  const key = periodKey(rules, state.period);
  events.push({ kind: 'period-end', period: key });
  if (rules.sportId === 83) {
    // The map's winner follows the kill difference, as the esports model prices it.
    const kills = rowScore(state, 'kills', key) ?? [0, 0];
    const weight = params.kind === 'maps' ? params.killWeight : 0.3;
    const winner: 1 | 2 = rng.next() < 1 / (1 + Math.exp(-weight * (kills[0] - kills[1]))) ? 1 : 2;
    addScore(state, rules, 'maps', winner, 1, events);
    const maps = rowScore(state, 'maps', 'result') ?? [0, 0];
    const needed = Math.floor(rules.expectedPeriods / 2) + 1;
    if (maps[0] >= needed || maps[1] >= needed) {
      finish(state, events);
      return;
    }
    state.phase = 'break';
    state.breakLeft = profile.breakSec(state.period, rules.expectedPeriods);
    return;
  }
  const ft = rowScore(state, profile.unit, 'fulltime') ?? [0, 0];
  const tied = ft[0] === ft[1];
  if (state.period < rules.expectedPeriods) {
    state.phase = 'break';
    state.breakLeft = profile.breakSec(state.period, rules.expectedPeriods);
    return;
  }
  if (tied && rules.sportId === 15 && state.period === rules.expectedPeriods) {
    // Overtime and shoot-out as the model prices them: +1 on `overtime` and `fulltime` to the
    // winner, participant 1 with its share of the scoring rate.
    const rate1 = params.kind === 'score' ? params.expected[0] : 1;
    const rate2 = params.kind === 'score' ? params.expected[1] : 1;
    const side: 1 | 2 = rng.next() < rate1 / (rate1 + rate2) ? 1 : 2;
    bump(row(state, profile.unit, 'overtime'), side, 1);
    bump(row(state, profile.unit, 'fulltime'), side, 1);
    events.push({ kind: 'score', side, unit: profile.unit, amount: 1, period: 'overtime' });
    finish(state, events);
    return;
  }
  const overtimeAllowed =
    tied &&
    profile.overtimeSec > 0 &&
    (rules.sportId !== 10 || rules.knockout) &&
    // Soccer plays two halves of extra time, American football one period that may end tied,
    // basketball and baseball repeat until the tie is broken (capped; the rare tie left is
    // broken by a coin flip below).
    state.period < rules.expectedPeriods + (rules.sportId === 10 ? 2 : rules.sportId === 14 ? 1 : 6);
  if (overtimeAllowed || (rules.sportId === 10 && rules.knockout && state.period === rules.expectedPeriods + 1)) {
    state.phase = 'break';
    state.breakLeft = rules.sportId === 10 ? 5 * MIN : 2 * MIN;
    return;
  }
  if (tied && rules.sportId !== 10 && profile.overtimeSec > 0 && rules.sportId !== 14) {
    // The rare tie after the capped overtimes: a coin flip adds the deciding point.
    const side: 1 | 2 = rng.next() < 0.5 ? 1 : 2;
    bump(row(state, profile.unit, 'overtime'), side, 1);
    bump(row(state, profile.unit, 'fulltime'), side, 1);
    events.push({ kind: 'score', side, unit: profile.unit, amount: 1, period: 'overtime' });
  } else if (tied && rules.sportId === 10 && rules.knockout) {
    // Penalty shoot-out: its own row; `fulltime` excludes it (settlement's rule).
    const side: 1 | 2 = rng.next() < 0.5 ? 1 : 2;
    const pair = row(state, profile.unit, 'penalties');
    pair[side - 1] = 5;
    pair[2 - side] = 3 + Math.floor(rng.next() * 2);
    events.push({ kind: 'score', side, unit: profile.unit, amount: 1, period: 'penalties' });
  }
  finish(state, events);
}

function finish(state: MatchState, events: MatchEvent[]): void {
  state.phase = 'done';
  events.push({ kind: 'finish' });
}

/** Plays tennis point by point for up to `dtSec` match seconds; returns the seconds left over. */
function playTennis(
  state: MatchState,
  rules: MatchRules,
  params: MatchParams,
  dtSec: number,
  rng: RandomSource,
  events: MatchEvent[],
): number {
  const tennis = state.tennis;
  if (tennis === null || params.kind !== 'tennis') {
    finish(state, events);
    return 0;
  }
  // The part of a point already played (counted in the clocks) is played again in full here.
  const partial = state.periodClock % TENNIS_POINT_SEC;
  let left = dtSec + partial;
  state.periodClock -= partial;
  state.elapsed -= partial;
  while (left >= TENNIS_POINT_SEC && state.phase === 'play') {
    left -= TENNIS_POINT_SEC;
    state.periodClock += TENNIS_POINT_SEC;
    state.elapsed += TENNIS_POINT_SEC;
    const server = tennis.server;
    const serverWins = rng.next() < params.serve[server];
    const winner = serverWins ? server : ((1 - server) as 0 | 1);
    tennis.points[winner] += 1;
    const [a, b] = tennis.points;
    const target = tennis.tiebreak ? 7 : 4;
    if ((a >= target || b >= target) && Math.abs(a - b) >= 2) winGame(state, rules, params, winner, events);
    else if (tennis.tiebreak && (a + b) % 2 === 1) tennis.server = (1 - tennis.server) as 0 | 1;
  }
  if (state.phase === 'play') {
    state.periodClock += left;
    state.elapsed += left;
    return 0;
  }
  return left;
}

function winGame(state: MatchState, rules: MatchRules, params: MatchParams, winner: 0 | 1, events: MatchEvent[]): void {
  const tennis = state.tennis;
  if (tennis === null) return;
  const set = state.period;
  const key = `p${String(set)}`;
  tennis.points = [0, 0];
  tennis.games[winner] += 1;
  const gamesPlayed = tennis.games[0] + tennis.games[1];
  addScore(state, rules, 'games', (winner + 1) as 1 | 2, 1, events);
  // Game windows p{s}g{n}: the games each player won among the set's first n games.
  for (const n of [2, 4, 6]) {
    if (gamesPlayed <= n) {
      const pair = row(state, 'games', `${key}g${String(n)}`);
      pair[winner] += 1;
    }
  }
  const wasTiebreak = tennis.tiebreak;
  tennis.tiebreak = false;
  // A tie-break counts as one game for the rotation: its receiver serves next.
  tennis.server = (1 - (wasTiebreak ? tennis.tiebreakServer : tennis.server)) as 0 | 1;
  const [g1, g2] = tennis.games;
  const setWon = wasTiebreak || ((g1 >= 6 || g2 >= 6) && Math.abs(g1 - g2) >= 2);
  if (!setWon) {
    if (g1 === 6 && g2 === 6) {
      tennis.tiebreak = true;
      tennis.tiebreakServer = tennis.server;
    }
    return;
  }
  tennis.sets[winner] += 1;
  tennis.games = [0, 0];
  const bestOf = params.kind === 'tennis' ? params.bestOf : 3;
  const needed = Math.floor(bestOf / 2) + 1;
  const pair = row(state, 'sets', key);
  pair[winner] += 1;
  for (const period of ['result', 'fulltime']) row(state, 'sets', period)[winner] += 1;
  events.push({ kind: 'score', side: (winner + 1) as 1 | 2, unit: 'sets', amount: 1, period: key });
  events.push({ kind: 'period-end', period: key });
  if (tennis.sets[winner] >= needed) {
    finish(state, events);
    return;
  }
  state.phase = 'break';
  state.breakLeft = profileOf(12).breakSec(set, rules.expectedPeriods);
}

/**
 * The wire clock of a match: null before kick-off. Sports without a running clock (tennis;
 * baseball, whose innings are timed only for pacing) carry only the period, every time field
 * and `stopped` null, and null once over. Timed sports give the current period key (`halftime`
 * in the break between the halves), match seconds elapsed, left in regulation and left in the
 * period, and `stopped` during breaks.
 */
export function clockOf(state: MatchState, rules: MatchRules): Clock {
  if (state.phase === 'pre') return null;
  const timed = rules.sportId !== 12 && rules.sportId !== 13;
  if (!timed) {
    if (state.phase === 'done') return null;
    return { currentPeriod: periodKey(rules, state.period), currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null };
  }
  const profile = profileOf(rules.sportId);
  const regulation = regulationSec(rules);
  const inOvertime = state.period > rules.expectedPeriods;
  const length = inOvertime ? profile.overtimeSec : periodSec(rules);
  const halfTime = state.phase === 'break' && rules.expectedPeriods % 2 === 0 && state.period === rules.expectedPeriods / 2;
  return {
    currentPeriod: state.phase === 'done' ? null : halfTime ? 'halftime' : periodKey(rules, state.period),
    currentTime: Math.round(state.elapsed),
    remainingTime: Math.max(0, Math.round(regulation - Math.min(state.elapsed, regulation))),
    remainingTimeInPeriod: state.phase !== 'done' ? Math.max(0, Math.round(length - state.periodClock)) : null,
    stopped: state.phase !== 'play',
  };
}

/** Share of regulation played, 0..1 (tennis: sets played over the best-of, a coarse measure). */
export function playedShare(state: MatchState, rules: MatchRules): number {
  if (state.phase === 'pre') return 0;
  if (state.phase === 'done') return 1;
  const regulation = regulationSec(rules);
  if (regulation === 0) {
    const sets = state.tennis?.sets ?? [0, 0];
    return Math.min(1, (sets[0] + sets[1]) / Math.max(1, rules.expectedPeriods));
  }
  return Math.min(1, state.elapsed / regulation);
}

/**
 * A score forced by the admin knob in a live match: the sport's commonest score for `side`
 * (a goal, a two-point basket, a touchdown, a run; a game in tennis, a kill in esports).
 */
export function forceScore(state: MatchState, rules: MatchRules, params: MatchParams, side: 1 | 2, events: MatchEvent[]): void {
  if (state.phase !== 'play' && state.phase !== 'break') return;
  if (rules.sportId === 12) {
    winGame(state, rules, params, (side - 1) as 0 | 1, events);
    return;
  }
  if (rules.sportId === 83) {
    addScore(state, rules, 'kills', side, 1, events);
    return;
  }
  const profile = profileOf(rules.sportId);
  const amount = profile.increments.reduce((best, inc) => (inc[1] > best[1] ? inc : best))[0];
  addScore(state, rules, profile.unit, side, amount, events);
}
