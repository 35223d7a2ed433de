// What the frozen catalogue holds, sport by sport: each marketType with its periods, its line
// grid and its outcomes in canonical order. The ORDER of these lists assigns the ids, so it is
// append-only: add new groups at the end of a sport's list, never in between (see catalogue.ts).

import { CatalogueError, SPORT_IDS } from './sports.ts';

/** One family of markets: every (period × line) combination becomes its own market. */
export interface MarketGroup {
  readonly marketType: string;
  readonly periods: readonly string[];
  /** Lines in ascending order; `[0]` for lineless markets. */
  readonly lines: readonly number[];
  /** Outcome names in canonical order, the same for every line of the group. */
  readonly outcomes: readonly string[];
}

export const THREE_WAY: readonly string[] = ['1', 'X', '2'];
export const TWO_WAY: readonly string[] = ['1', '2'];
export const OVER_UNDER: readonly string[] = ['Over', 'Under'];
export const YES_NO: readonly string[] = ['Yes', 'No'];
export const ODD_EVEN: readonly string[] = ['Odd', 'Even'];
export const WINNING_MARGIN: readonly string[] = ['1 by 1', '1 by 2', '1 by 3+', 'X', '2 by 1', '2 by 2', '2 by 3+'];

/**
 * Lines from `from` to `to` inclusive in steps of `step`, all multiples of 0.25. Computed in
 * quarter units so that 0.1-style float drift never creates a line like 2.7500000000000004.
 */
export function lineGrid(from: number, to: number, step: number): readonly number[] {
  const [fromQ, toQ, stepQ] = [from * 4, to * 4, step * 4];
  if (![fromQ, toQ, stepQ].every(Number.isInteger) || stepQ <= 0 || toQ < fromQ) {
    throw new CatalogueError(
      `lineGrid(${String(from)}, ${String(to)}, ${String(step)}): bounds and step must be multiples of 0.25 with step > 0 and from ≤ to`,
    );
  }
  const lines: number[] = [];
  // `+ 0` keeps a −0 line out of the catalogue (it would print as "0" but compare unequal).
  for (let q = fromQ; q <= toQ; q += stepQ) lines.push(q / 4 + 0);
  return lines;
}

/**
 * Correct scores `a:b` in canonical order: ascending by participant 1's score, then participant
 * 2's (0:0, 0:1, …, 1:0, …). `Other` (any unlisted score) comes last when asked for.
 */
export function correctScores(scores: readonly (readonly [number, number])[], withOther: boolean): readonly string[] {
  const sorted = [...scores].sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const names = sorted.map(([a, b]) => `${a}:${b}`);
  return withOther ? [...names, 'Other'] : names;
}

/** Every score with both sides from 0 to `max`. */
export function scoresUpTo(max: number): readonly (readonly [number, number])[] {
  const scores: [number, number][] = [];
  for (let a = 0; a <= max; a += 1) for (let b = 0; b <= max; b += 1) scores.push([a, b]);
  return scores;
}

/** Every score of a first-to-`wins` series (2:0, 2:1, 1:2, 0:2 for best of 3). */
export function seriesScores(wins: number): readonly (readonly [number, number])[] {
  const scores: [number, number][] = [];
  for (let loser = 0; loser < wins; loser += 1) scores.push([wins, loser], [loser, wins]);
  return scores;
}

/** Final set scores of a set with a tie-break at 6:6: 6:0..6:4, 7:5, 7:6 and their mirrors. */
export const SET_SCORES: readonly (readonly [number, number])[] = [
  ...[0, 1, 2, 3, 4].flatMap((b) => [[6, b] as const, [b, 6] as const]),
  [7, 5],
  [5, 7],
  [7, 6],
  [6, 7],
];

/** Every split of the first `games` games of a set between the two players. */
function gameWindowScores(games: number): readonly (readonly [number, number])[] {
  const scores: [number, number][] = [];
  for (let a = 0; a <= games; a += 1) scores.push([a, games - a]);
  return scores;
}

function group(
  marketType: string,
  periods: readonly string[],
  outcomes: readonly string[],
  lines: readonly number[] = [0],
): MarketGroup {
  return { marketType, periods, lines, outcomes };
}

const QUARTERS = ['p1', 'p2', 'p3', 'p4'];
const MAPS = ['p1', 'p2', 'p3'];

const SOCCER: readonly MarketGroup[] = [
  // First: the spec fixes soccer's match result as market 101 with outcomes 101, 102, 103.
  group('1x2', ['result', 'p1', 'p2'], THREE_WAY),
  group('drawnobet', ['result', 'p1', 'p2'], TWO_WAY),
  group('bothteamsscore', ['result', 'p1', 'p2'], YES_NO),
  group('oddeven', ['result', 'p1', 'p2'], ODD_EVEN),
  group('toqualify', ['fulltime'], TWO_WAY),
  group('winningmargin', ['result'], WINNING_MARGIN),
  group('correctscore', ['result'], correctScores(scoresUpTo(4), true)),
  group('correctscore', ['p1'], correctScores(scoresUpTo(2), true)),
  group('spreads-european', ['result'], THREE_WAY, [-3, -2, -1, 1, 2, 3]),
  group('totals', ['result', 'p1', 'p2'], OVER_UNDER, lineGrid(0.5, 8.5, 0.25)),
  group('spreads', ['result', 'p1', 'p2'], TWO_WAY, lineGrid(-4, 4, 0.25)),
  group('teamtotals-team1', ['result', 'p1', 'p2'], OVER_UNDER, lineGrid(0.5, 4.5, 0.25)),
  group('teamtotals-team2', ['result', 'p1', 'p2'], OVER_UNDER, lineGrid(0.5, 4.5, 0.25)),
  group('players-shots', ['result'], OVER_UNDER, lineGrid(0.5, 5.5, 1)),
  group('players-shotsontarget', ['result'], OVER_UNDER, lineGrid(0.5, 3.5, 1)),
  group('players-goals', ['result'], OVER_UNDER, lineGrid(0.5, 2.5, 1)),
  group('players-assists', ['result'], OVER_UNDER, lineGrid(0.5, 1.5, 1)),
  group('players-passes', ['result'], OVER_UNDER, lineGrid(19.5, 89.5, 5)),
  group('players-tackles', ['result'], OVER_UNDER, lineGrid(0.5, 4.5, 1)),
];

const BASKETBALL: readonly MarketGroup[] = [
  group('moneyline', ['fulltime', 'p1+p2', 'p3+p4+overtime', ...QUARTERS], TWO_WAY),
  group('1x2', ['result', 'p1+p2', ...QUARTERS], THREE_WAY),
  group('oddeven', ['fulltime'], ODD_EVEN),
  group('spreads', ['fulltime'], TWO_WAY, lineGrid(-20, 20, 0.5)),
  group('spreads', ['p1+p2', 'p3+p4+overtime'], TWO_WAY, lineGrid(-12, 12, 0.5)),
  group('spreads', QUARTERS, TWO_WAY, lineGrid(-6, 6, 0.5)),
  group('totals', ['fulltime'], OVER_UNDER, lineGrid(150, 260, 0.5)),
  group('totals', ['p1+p2', 'p3+p4+overtime'], OVER_UNDER, lineGrid(70, 135, 0.5)),
  group('totals', QUARTERS, OVER_UNDER, lineGrid(35, 70, 0.5)),
  group('teamtotals-team1', ['fulltime'], OVER_UNDER, lineGrid(80, 140, 0.5)),
  group('teamtotals-team2', ['fulltime'], OVER_UNDER, lineGrid(80, 140, 0.5)),
  group('teamtotals-team1', ['p1+p2'], OVER_UNDER, lineGrid(35, 70, 0.5)),
  group('teamtotals-team2', ['p1+p2'], OVER_UNDER, lineGrid(35, 70, 0.5)),
  group('players-points', ['fulltime'], OVER_UNDER, lineGrid(4.5, 39.5, 1)),
  group('players-rebounds', ['fulltime'], OVER_UNDER, lineGrid(1.5, 14.5, 1)),
  group('players-assists', ['fulltime'], OVER_UNDER, lineGrid(1.5, 12.5, 1)),
  group('players-threes', ['fulltime'], OVER_UNDER, lineGrid(0.5, 5.5, 1)),
];

const SETS = ['p1', 'p2', 'p3', 'p4', 'p5'];
const GAME_WINDOWS = SETS.flatMap((set) => [2, 4, 6].map((games) => `${set}g${games}`));

const TENNIS: readonly MarketGroup[] = [
  group('moneyline', ['fulltime', ...SETS], TWO_WAY),
  // One set-betting market for best of 3 and best of 5: the outcomes a format cannot reach
  // simply have probability 0, and the market stays a complete space for either format.
  group('correctscore', ['fulltime'], correctScores([...seriesScores(2), ...seriesScores(3)], false)),
  group('spreads-sets', ['fulltime'], TWO_WAY, [-2.5, -1.5, 1.5, 2.5]),
  group('totals-sets', ['fulltime'], OVER_UNDER, [2.5, 3.5, 4.5]),
  group('totals-games', ['fulltime'], OVER_UNDER, lineGrid(16.5, 44.5, 0.5)),
  group('spreads-games', ['fulltime'], TWO_WAY, lineGrid(-9.5, 9.5, 0.5)),
  group('totals-games', SETS, OVER_UNDER, lineGrid(6.5, 12.5, 1)),
  group('spreads-games', SETS, TWO_WAY, lineGrid(-4.5, 4.5, 1)),
  group('correctscore', SETS, correctScores(SET_SCORES, false)),
  group('1x2', GAME_WINDOWS, THREE_WAY),
  ...GAME_WINDOWS.map((period) =>
    group('correctscore', [period], correctScores(gameWindowScores(Number(period.slice(3))), false)),
  ),
];

const FIRST_FIVE = 'p1+p2+p3+p4+p5';
const FIRST_THREE = 'p1+p2+p3';
const INNINGS = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8', 'p9'];

const BASEBALL: readonly MarketGroup[] = [
  group('moneyline', ['fulltime', FIRST_FIVE, FIRST_THREE], TWO_WAY),
  group('1x2', ['result', FIRST_FIVE, FIRST_THREE, 'p1'], THREE_WAY),
  group('oddeven', ['fulltime'], ODD_EVEN),
  group('spreads', ['fulltime'], TWO_WAY, lineGrid(-4.5, 4.5, 1)),
  group('spreads', [FIRST_FIVE], TWO_WAY, lineGrid(-2.5, 2.5, 0.5)),
  group('totals', ['fulltime'], OVER_UNDER, lineGrid(5.5, 13.5, 0.5)),
  group('totals', [FIRST_FIVE], OVER_UNDER, lineGrid(2.5, 7.5, 0.5)),
  group('totals', [FIRST_THREE], OVER_UNDER, lineGrid(0.5, 4.5, 0.5)),
  group('totals', INNINGS, OVER_UNDER, [0.5, 1.5]),
  group('teamtotals-team1', ['fulltime'], OVER_UNDER, lineGrid(1.5, 7.5, 0.5)),
  group('teamtotals-team2', ['fulltime'], OVER_UNDER, lineGrid(1.5, 7.5, 0.5)),
  group('players-strikeouts', ['fulltime'], OVER_UNDER, lineGrid(2.5, 10.5, 1)),
  group('players-hits', ['fulltime'], OVER_UNDER, lineGrid(0.5, 2.5, 1)),
  group('players-totalbases', ['fulltime'], OVER_UNDER, lineGrid(0.5, 3.5, 1)),
  group('players-homeruns', ['fulltime'], OVER_UNDER, [0.5]),
  group('players-rbis', ['fulltime'], OVER_UNDER, lineGrid(0.5, 2.5, 1)),
];

const AMERICAN_FOOTBALL: readonly MarketGroup[] = [
  group('moneyline', ['fulltime', 'p1+p2', 'p3+p4+overtime', ...QUARTERS], TWO_WAY),
  group('1x2', ['result', 'p1+p2', ...QUARTERS], THREE_WAY),
  group('oddeven', ['fulltime'], ODD_EVEN),
  group('spreads', ['fulltime'], TWO_WAY, lineGrid(-24, 24, 0.5)),
  group('spreads', ['p1+p2', 'p3+p4+overtime'], TWO_WAY, lineGrid(-14, 14, 0.5)),
  group('spreads', QUARTERS, TWO_WAY, lineGrid(-7, 7, 0.5)),
  group('totals', ['fulltime'], OVER_UNDER, lineGrid(30, 65, 0.5)),
  group('totals', ['p1+p2', 'p3+p4+overtime'], OVER_UNDER, lineGrid(14, 35, 0.5)),
  group('totals', QUARTERS, OVER_UNDER, lineGrid(3.5, 17.5, 0.5)),
  group('teamtotals-team1', ['fulltime'], OVER_UNDER, lineGrid(10.5, 34.5, 0.5)),
  group('teamtotals-team2', ['fulltime'], OVER_UNDER, lineGrid(10.5, 34.5, 0.5)),
  group('players-passingyards', ['fulltime'], OVER_UNDER, lineGrid(149.5, 349.5, 5)),
  group('players-passingtouchdowns', ['fulltime'], OVER_UNDER, lineGrid(0.5, 3.5, 1)),
  group('players-rushingyards', ['fulltime'], OVER_UNDER, lineGrid(19.5, 129.5, 5)),
  group('players-receivingyards', ['fulltime'], OVER_UNDER, lineGrid(9.5, 129.5, 5)),
  group('players-receptions', ['fulltime'], OVER_UNDER, lineGrid(1.5, 10.5, 1)),
  group('players-touchdowns', ['fulltime'], OVER_UNDER, lineGrid(0.5, 2.5, 1)),
];

const ICE_HOCKEY: readonly MarketGroup[] = [
  group('1x2', ['result', 'p1', 'p2', 'p3'], THREE_WAY),
  group('moneyline', ['fulltime'], TWO_WAY),
  group('drawnobet', ['result'], TWO_WAY),
  group('bothteamsscore', ['result'], YES_NO),
  group('oddeven', ['result'], ODD_EVEN),
  group('winningmargin', ['result'], WINNING_MARGIN),
  group('correctscore', ['result'], correctScores(scoresUpTo(4), true)),
  group('spreads-european', ['result'], THREE_WAY, [-2, -1, 1, 2]),
  group('totals', ['result'], OVER_UNDER, lineGrid(3.5, 8.5, 0.25)),
  group('totals', ['p1', 'p2', 'p3'], OVER_UNDER, lineGrid(0.5, 3.5, 0.25)),
  group('totals', ['fulltime'], OVER_UNDER, lineGrid(4.5, 7.5, 0.5)),
  group('spreads', ['result'], TWO_WAY, lineGrid(-3.5, 3.5, 0.25)),
  group('spreads', ['fulltime'], TWO_WAY, [-2.5, -1.5, 1.5, 2.5]),
  group('teamtotals-team1', ['result'], OVER_UNDER, lineGrid(0.5, 5.5, 0.5)),
  group('teamtotals-team2', ['result'], OVER_UNDER, lineGrid(0.5, 5.5, 0.5)),
  group('players-shots', ['result'], OVER_UNDER, lineGrid(0.5, 5.5, 1)),
  group('players-points', ['result'], OVER_UNDER, lineGrid(0.5, 1.5, 1)),
  group('players-goals', ['result'], OVER_UNDER, lineGrid(0.5, 1.5, 1)),
  group('players-assists', ['result'], OVER_UNDER, lineGrid(0.5, 1.5, 1)),
  group('players-saves', ['result'], OVER_UNDER, lineGrid(19.5, 34.5, 1)),
];

const MOBILE_LEGENDS: readonly MarketGroup[] = [
  group('moneyline', ['result', ...MAPS], TWO_WAY),
  group('correctscore', ['result'], correctScores(seriesScores(2), false)),
  group('spreads-maps', ['result'], TWO_WAY, [-1.5, 1.5]),
  group('totals-maps', ['result'], OVER_UNDER, [2.5]),
  group('totals-kills', MAPS, OVER_UNDER, lineGrid(10.5, 45.5, 1)),
  group('spreads-kills', MAPS, TWO_WAY, lineGrid(-15.5, 15.5, 1)),
  group('teamtotals-team1-kills', MAPS, OVER_UNDER, lineGrid(5.5, 30.5, 1)),
  group('teamtotals-team2-kills', MAPS, OVER_UNDER, lineGrid(5.5, 30.5, 1)),
  group('oddeven-kills', MAPS, ODD_EVEN),
  group('1x2-kills', MAPS, THREE_WAY),
  group('drawnobet-kills', MAPS, TWO_WAY),
  // Race to N kills (N = the handicap): `1` or `2` reaches N first; void if neither does.
  // These and the first-objective / multikill markets settle on map events, not on a score.
  group('racetokills', MAPS, TWO_WAY, [5, 10, 15]),
  group('firstblood', MAPS, TWO_WAY),
  group('firsttower', MAPS, TWO_WAY),
  group('firstbaron', MAPS, TWO_WAY),
  group('triplekill', MAPS, YES_NO),
  group('quadrakill', MAPS, YES_NO),
  group('pentakill', MAPS, YES_NO),
  group('totals-turrets', MAPS, OVER_UNDER, lineGrid(6.5, 15.5, 1)),
  group('spreads-turrets', MAPS, TWO_WAY, lineGrid(-5.5, 5.5, 1)),
  group('totals-barons', MAPS, OVER_UNDER, lineGrid(0.5, 3.5, 1)),
  group('totals-dragons', MAPS, OVER_UNDER, lineGrid(0.5, 3.5, 1)),
  group('playertotals-kills', MAPS, OVER_UNDER, lineGrid(0.5, 9.5, 1)),
];

/** The market groups of each sport, in id order. Sports are numbered independently. */
export const CATALOGUE_SPECS: ReadonlyMap<number, readonly MarketGroup[]> = new Map([
  [SPORT_IDS.soccer, SOCCER],
  [SPORT_IDS.basketball, BASKETBALL],
  [SPORT_IDS.tennis, TENNIS],
  [SPORT_IDS.baseball, BASEBALL],
  [SPORT_IDS.americanFootball, AMERICAN_FOOTBALL],
  [SPORT_IDS.iceHockey, ICE_HOCKEY],
  [SPORT_IDS.mobileLegends, MOBILE_LEGENDS],
]);
