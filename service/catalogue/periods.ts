// The period vocabulary of the catalogue (spec 2.6): every `period` a market may carry, in one
// append-only list, with a sport-independent name for each key.
//
// What the keys mean (a market of period P settles on score row P; `a+b` on the sum of rows):
// - `result`: regulation time; `fulltime`: with overtime / extra time / extra innings, never a
//   penalty shoot-out; `overtime`: the overtime alone; `penalties`: the shoot-out alone.
// - `p1`..`p9`: the n-th regular period of the sport: halves (soccer), quarters (basketball,
//   American football), periods (ice hockey), sets (tennis), innings (baseball), maps (esports).
// - Composites: `p1+p2` (first half of a quartered game), `p3+p4`, `p3+p4+overtime` (second half
//   with overtime), `p1+p2+p3` and `p1+p2+p3+p4+p5` (baseball's first three and five innings).
// - `p{m}r{k}` (m 1..5, k 1..36): round k of map m of a round-based esport (36 covers a
//   regulation of 24 rounds and overtimes). No sport of this service plays rounds (its esport is
//   a MOBA), so the grid is vocabulary only: no market uses it.
// - `p{s}g{n}` (s 1..5, n ∈ {2, 4, 6}): the first n games of set s in tennis. Decision: the
//   window is cumulative (not "game n") and n is even so that each player has served equally
//   often; n stops at 6 because every set has at least six games, so the window always
//   completes and a market on it is never void. Score row `p{s}g{n}` holds the games each
//   player won in that window.
//
// 18 classic keys + 180 round keys + 15 game-window keys = 213, the count the spec states; the
// 195 keys added on 2026-10-01 are exactly the two grids.

import type { Translated } from './types.ts';

/** A period key that is not in the vocabulary, or a malformed one. */
export class PeriodError extends Error {
  override readonly name = 'PeriodError';
}

const CLASSIC_PERIODS: readonly string[] = [
  'fulltime',
  'result',
  'overtime',
  'penalties',
  'p1',
  'p2',
  'p3',
  'p4',
  'p5',
  'p6',
  'p7',
  'p8',
  'p9',
  'p1+p2',
  'p3+p4',
  'p3+p4+overtime',
  'p1+p2+p3',
  'p1+p2+p3+p4+p5',
];

/** Maps of a series that can carry round markets, and rounds per map. */
export const ROUND_GRID = { maps: 5, rounds: 36 } as const;
/** Sets of a match that can carry game-window markets, and the window lengths. */
export const GAME_WINDOW_GRID = { sets: 5, games: [2, 4, 6] } as const;

function roundGrid(): string[] {
  const keys: string[] = [];
  for (let map = 1; map <= ROUND_GRID.maps; map += 1) {
    for (let round = 1; round <= ROUND_GRID.rounds; round += 1) keys.push(`p${map}r${round}`);
  }
  return keys;
}

function gameWindowGrid(): string[] {
  const keys: string[] = [];
  for (let set = 1; set <= GAME_WINDOW_GRID.sets; set += 1) {
    for (const games of GAME_WINDOW_GRID.games) keys.push(`p${set}g${games}`);
  }
  return keys;
}

/**
 * The whole vocabulary, append-only: a key is never removed or reordered, new keys go at the end
 * (the stored catalogue and clients key on these strings).
 */
export const PERIODS: readonly string[] = Object.freeze([
  ...CLASSIC_PERIODS,
  ...roundGrid(),
  ...gameWindowGrid(),
]);

const PERIOD_SET: ReadonlySet<string> = new Set(PERIODS);

export function isPeriod(period: string): boolean {
  return PERIOD_SET.has(period);
}

/** A period key taken apart: what a score row of that key counts. */
export type PeriodShape =
  | { readonly kind: 'fulltime' | 'result' | 'overtime' | 'penalties' }
  | { readonly kind: 'regular'; readonly index: number }
  | { readonly kind: 'composite'; readonly parts: readonly string[] }
  | { readonly kind: 'round'; readonly map: number; readonly round: number }
  | { readonly kind: 'game-window'; readonly set: number; readonly games: number };

/** Parses a vocabulary key; throws `PeriodError` for a key outside the vocabulary. */
export function periodShape(period: string): PeriodShape {
  if (!isPeriod(period)) {
    throw new PeriodError(`period "${period}" is not in the vocabulary of ${String(PERIODS.length)} keys`);
  }
  if (period === 'fulltime' || period === 'result' || period === 'overtime' || period === 'penalties') {
    return { kind: period };
  }
  if (period.includes('+')) return { kind: 'composite', parts: period.split('+') };
  const grid = /^p(\d)([rg])(\d+)$/u.exec(period);
  if (grid !== null) {
    const outer = Number(grid[1]);
    const inner = Number(grid[3]);
    return grid[2] === 'r'
      ? { kind: 'round', map: outer, round: inner }
      : { kind: 'game-window', set: outer, games: inner };
  }
  return { kind: 'regular', index: Number(period.slice(1)) };
}

const ZH_NUMERALS = ['零', '一', '二', '三', '四', '五', '六', '七', '八', '九'];

/** A Chinese numeral for 1..99 (第一节, 第十二回合). */
export function zhNumeral(n: number): string {
  if (!Number.isInteger(n) || n < 1 || n > 99) {
    throw new PeriodError(`zhNumeral takes an integer from 1 to 99, got ${String(n)}`);
  }
  const tens = Math.floor(n / 10);
  const units = n % 10;
  const unitText = units === 0 ? '' : (ZH_NUMERALS[units] ?? '');
  if (tens === 0) return unitText;
  return `${tens === 1 ? '' : (ZH_NUMERALS[tens] ?? '')}十${unitText}`;
}

function regularName(index: number): Translated {
  return { en: `Period ${index}`, de: `Abschnitt ${index}`, fr: `Période ${index}`, zh: `第${zhNumeral(index)}节` };
}

const FIXED_NAMES: Readonly<Record<'fulltime' | 'result' | 'overtime' | 'penalties', Translated>> = {
  fulltime: {
    en: 'Full Time incl. Overtime',
    de: 'Gesamte Spielzeit inkl. Verlängerung',
    fr: 'Temps complet, prolongations incluses',
    zh: '全场(含加时)',
  },
  result: { en: 'Regulation Time', de: 'Reguläre Spielzeit', fr: 'Temps réglementaire', zh: '常规时间' },
  overtime: { en: 'Overtime', de: 'Verlängerung', fr: 'Prolongation', zh: '加时' },
  penalties: { en: 'Penalty Shoot-out', de: 'Elfmeterschießen', fr: 'Tirs au but', zh: '点球大战' },
};

function compositeName(parts: readonly string[]): Translated {
  const indexes = parts.filter((p) => p !== 'overtime').map((p) => Number(p.slice(1)));
  const first = indexes[0] ?? 1;
  const last = indexes[indexes.length - 1] ?? first;
  const withOvertime = parts.includes('overtime');
  return {
    en: `Periods ${first}–${last}${withOvertime ? ' incl. Overtime' : ''}`,
    de: `Abschnitte ${first}–${last}${withOvertime ? ' inkl. Verlängerung' : ''}`,
    fr: `Périodes ${first} à ${last}${withOvertime ? ', prolongation incluse' : ''}`,
    zh: `第${zhNumeral(first)}至${zhNumeral(last)}节${withOvertime ? '(含加时)' : ''}`,
  };
}

/**
 * The sport-independent name of a vocabulary key ("Period 3", "Map 2, Round 14", "Set 1, First
 * 4 Games"). Sports name their own periods better (`periodLabel` in sports.ts); this is the
 * fallback for a key a sport does not use. Throws `PeriodError` outside the vocabulary.
 */
export function genericPeriodName(period: string): Translated {
  const shape = periodShape(period);
  switch (shape.kind) {
    case 'fulltime':
    case 'result':
    case 'overtime':
    case 'penalties':
      return FIXED_NAMES[shape.kind];
    case 'regular':
      return regularName(shape.index);
    case 'composite':
      return compositeName(shape.parts);
    case 'round':
      return {
        en: `Map ${shape.map}, Round ${shape.round}`,
        de: `Map ${shape.map}, Runde ${shape.round}`,
        fr: `Carte ${shape.map}, manche ${shape.round}`,
        zh: `第${zhNumeral(shape.map)}局第${zhNumeral(shape.round)}回合`,
      };
    case 'game-window':
      return {
        en: `Set ${shape.set}, First ${shape.games} Games`,
        de: `Satz ${shape.set}, erste ${shape.games} Spiele`,
        fr: `Set ${shape.set}, ${shape.games} premiers jeux`,
        zh: `第${zhNumeral(shape.set)}盘前${zhNumeral(shape.games)}局`,
      };
  }
}
