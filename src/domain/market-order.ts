// The display order of market types and periods, shared by the odds board and the market
// catalogue so that both list markets the same way: match markets before player props, the
// match periods before their parts, numbers inside keys compared as numbers (p2 before p10).
import { familyRank, MARKET_FAMILIES, marketFamilyOf } from './market-family.ts';

const PLAYER_PROP_PREFIX = 'players-';

// Rank of a market type: its family's place in the family table (the order a trader reads them:
// the match result first, then lines, then the rest), a sport variant (`totals-games`) just after
// its family, any other match market after all known ones, player props last (ties broken by
// compareNatural).
function marketTypeRank(marketType: string): number {
  if (marketType.startsWith(PLAYER_PROP_PREFIX)) return MARKET_FAMILIES.length + 2;
  const family = marketFamilyOf(marketType);
  if (family === undefined) return MARKET_FAMILIES.length + 1;
  return familyRank(family) + (family.marketType === marketType ? 0 : 0.5);
}

/**
 * Compares two strings with runs of digits compared as numbers (`p2` < `p10`, `p1r9` < `p1r10`)
 * and everything else by UTF-16 code unit, never by locale, so the order is the same in every
 * language and on every machine. A total order: strings that differ never compare equal.
 */
export function compareNatural(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const ca = a.charCodeAt(i);
    const cb = b.charCodeAt(j);
    if (isDigit(ca) && isDigit(cb)) {
      let endA = i;
      while (endA < a.length && isDigit(a.charCodeAt(endA))) endA += 1;
      let endB = j;
      while (endB < b.length && isDigit(b.charCodeAt(endB))) endB += 1;
      const runA = stripZeros(a.slice(i, endA));
      const runB = stripZeros(b.slice(j, endB));
      if (runA.length !== runB.length) return runA.length - runB.length;
      if (runA !== runB) return runA < runB ? -1 : 1;
      i = endA;
      j = endB;
    } else {
      if (ca !== cb) return ca - cb;
      i += 1;
      j += 1;
    }
  }
  if (a.length - i !== b.length - j) return a.length - i - (b.length - j);
  // Equal under the numeric reading ("p01" and "p1"): fall back to code units for a total order.
  return a === b ? 0 : a < b ? -1 : 1;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function stripZeros(run: string): string {
  const stripped = run.replace(/^0+/u, '');
  return stripped === '' ? '0' : stripped;
}

/** Orders market types as {@link MARKET_FAMILIES}, unknown match types next, player props last. */
export function compareMarketTypes(a: string, b: string): number {
  return marketTypeRank(a) - marketTypeRank(b) || compareNatural(a, b);
}

/** Whether a market type is a player proposition (`players-…`, spec 2.6). */
export function isPlayerPropType(marketType: string): boolean {
  return marketType.startsWith(PLAYER_PROP_PREFIX);
}

// The whole-match periods first: `result` (regulation) then `fulltime` (with overtime).
const LEADING_PERIODS: readonly string[] = ['result', 'fulltime'];

/**
 * Orders period keys (spec 2.6): `result`, `fulltime`, then the rest naturally, so `p1` <
 * `p1+p2` < `p1r1` < `p2` < `p10`.
 */
export function comparePeriods(a: string, b: string): number {
  const rankA = LEADING_PERIODS.indexOf(a);
  const rankB = LEADING_PERIODS.indexOf(b);
  if (rankA >= 0 || rankB >= 0) {
    if (rankA < 0) return 1;
    if (rankB < 0) return -1;
    return rankA - rankB;
  }
  return compareNatural(a, b);
}
