// Grades one selection against a final score: the authoritative rule of the settlement endpoint
// and, through `selectionGrader`, the per-cell rule the pricing models sum over a score grid.
//
// Which score a market settles on (decision, spec 2.2 leaves score rows "not shown"):
// - a market of period P settles on the score row keyed P;
// - a composite period `a+b+c` (`p1+p2`, `p3+p4+overtime`) settles on the sum of rows a, b, c;
// - row `result` is the regulation-time result (what 1x2 settles on); row `fulltime` includes
//   overtime / extra time but not a penalty shoot-out.
// The caller resolves WHICH score counts (goals, sets, games, kills); the grader only sees two
// non-negative integers.

import type { Grade } from './grade.ts';
import { marketFamilyOf } from './market-family.ts';
import type { SettlementFamily } from './market-family.ts';

/** Invalid market, outcome name, line or score. The message names what is wrong. */
export class SettlementError extends Error {
  override readonly name = 'SettlementError';
}

/** The market of a selection, in catalogue terms (spec 2.6). */
export interface SettlementMarket {
  readonly marketType: string;
  /** The line; participant 1's line on `spreads`. `0` on lineless markets. */
  readonly handicap: number;
  readonly period: string;
  /**
   * The market's outcomes as listed by the catalogue. Needed only to grade the correct-score
   * outcome `Other`, which wins exactly when the score is none of the listed `a:b` outcomes.
   */
  readonly outcomes?: readonly { readonly outcomeName: string }[];
}

/** A score as the grader sees it: the relevant period's score, already resolved. */
export interface Score {
  readonly participant1Score: number;
  readonly participant2Score: number;
}

/** One row of the stream's / fixture's `scores` payload; extra fields (`updatedAt`) are ignored. */
export interface ScoreRow {
  readonly period?: string;
  readonly participant1Score: number;
  readonly participant2Score: number;
}

/** The `scores` payload: score rows keyed by period (`result`, `fulltime`, `p1`, ...). */
export type ScoresByPeriod = Readonly<Partial<Record<string, ScoreRow>>>;

/** A grade and a short human sentence saying why, e.g. `Over 2.5: total 3 > 2.5 → won`. */
export interface SettlementResult {
  readonly grade: Grade;
  readonly rule: string;
}

/** The hot-path form of a parsed selection: grades one score cell, allocating nothing. */
export type SelectionGrader = (participant1Score: number, participant2Score: number) => Grade;

/**
 * Largest score and absolute line accepted. No sport's score comes near it, and the bound keeps
 * the quarter-unit arithmetic (4 × score ± 4 × line) exact in binary floating point.
 */
export const MAX_SCORE = 1_000_000;

type Side3 = '1' | 'X' | '2';
type OverUnder = 'Over' | 'Under';

/** A selection parsed once, so that grading a cell is arithmetic and comparisons only. */
type ParsedSelection =
  | { readonly kind: 'three-way'; readonly side: Side3; readonly participant1Offset: number }
  | { readonly kind: 'draw-push'; readonly side: '1' | '2' }
  | {
      readonly kind: 'asian-handicap';
      readonly side: '1' | '2';
      /** The line from this side's view (outcome `2` gets −handicap), in quarter units. */
      readonly quarterUnits: number;
    }
  | {
      readonly kind: 'over-under';
      readonly side: OverUnder;
      readonly measure: 'total' | 'participant1' | 'participant2';
      readonly quarterUnits: number;
    }
  | { readonly kind: 'both-score'; readonly yes: boolean }
  | { readonly kind: 'odd-even'; readonly odd: boolean }
  | {
      readonly kind: 'correct-score';
      readonly participant1Score: number;
      readonly participant2Score: number;
    }
  | { readonly kind: 'other-score'; readonly listed: ReadonlyMap<number, ReadonlySet<number>> }
  | {
      readonly kind: 'winning-margin';
      /** Bounds on participant 1's score minus participant 2's, inclusive (±Infinity for `N+`). */
      readonly lowest: number;
      readonly highest: number;
    };

function familyOf(marketType: string): SettlementFamily {
  const family = marketFamilyOf(marketType)?.settlement ?? null;
  if (family === null) throw new SettlementError(`unknown marketType "${marketType}": no settlement rule for it`);
  return family;
}

function unknownOutcome(
  marketType: string,
  outcomeName: string,
  expected: string,
): SettlementError {
  return new SettlementError(
    `unknown outcome "${outcomeName}" for marketType "${marketType}": expected ${expected}`,
  );
}

function requireLineless(market: SettlementMarket): void {
  if (market.handicap !== 0) {
    throw new SettlementError(
      `marketType "${market.marketType}" is lineless: handicap must be 0, got ${market.handicap}`,
    );
  }
}

/** The line in quarter units (2.25 → 9); throws unless it is a whole, half or quarter line. */
function quarterUnitsOf(market: SettlementMarket): number {
  const { handicap } = market;
  const quarterUnits = handicap * 4;
  if (!Number.isInteger(quarterUnits) || Math.abs(handicap) > MAX_SCORE) {
    throw new SettlementError(
      `handicap ${handicap} of marketType "${market.marketType}" is not a multiple of 0.25 ` +
        `within ±${MAX_SCORE}`,
    );
  }
  // `+ 0` turns a −0 line into 0 so that rules never print "-0".
  return quarterUnits + 0;
}

function nonNegativeQuarterUnitsOf(market: SettlementMarket): number {
  const quarterUnits = quarterUnitsOf(market);
  if (quarterUnits < 0) {
    throw new SettlementError(
      `handicap ${market.handicap} of marketType "${market.marketType}" is negative: ` +
        'an Over/Under line must be ≥ 0',
    );
  }
  return quarterUnits;
}

/** Parses a digits-only non-negative integer (`"0"`, `"12"`); NaN for anything else. */
function parseScoreDigits(text: string): number {
  if (text.length === 0 || text.length > 7) return Number.NaN;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return Number.NaN;
  }
  return Number(text);
}

/** `"2:1"` → [2, 1]; null when the name is not a correct score. */
function parseCorrectScore(name: string): readonly [number, number] | null {
  const colon = name.indexOf(':');
  if (colon < 0) return null;
  const participant1Score = parseScoreDigits(name.slice(0, colon));
  const participant2Score = parseScoreDigits(name.slice(colon + 1));
  if (Number.isNaN(participant1Score) || Number.isNaN(participant2Score)) return null;
  return [participant1Score, participant2Score];
}

/** `"1 by 2"` → [2, 2], `"2 by 3+"` → [−∞, −3], `"X"` → [0, 0]; null otherwise. */
function parseWinningMargin(name: string): readonly [number, number] | null {
  if (name === 'X') return [0, 0];
  const side = name.slice(0, 5);
  if (side !== '1 by ' && side !== '2 by ') return null;
  const open = name.endsWith('+');
  const margin = parseScoreDigits(name.slice(5, open ? -1 : undefined));
  if (Number.isNaN(margin) || margin < 1) return null;
  if (side === '1 by ') return [margin, open ? Number.POSITIVE_INFINITY : margin];
  return [open ? Number.NEGATIVE_INFINITY : -margin, -margin];
}

function parseOverUnder(market: SettlementMarket, outcomeName: string): OverUnder {
  if (outcomeName === 'Over' || outcomeName === 'Under') return outcomeName;
  throw unknownOutcome(market.marketType, outcomeName, 'Over or Under');
}

function parseOtherListed(market: SettlementMarket): ReadonlyMap<number, ReadonlySet<number>> {
  if (market.outcomes === undefined) {
    throw new SettlementError(
      'correct-score outcome "Other" needs the market\'s outcomes: it wins only when the score ' +
        'is none of the listed scores',
    );
  }
  const listed = new Map<number, Set<number>>();
  for (const { outcomeName } of market.outcomes) {
    if (outcomeName === 'Other') continue;
    const parsed = parseCorrectScore(outcomeName);
    if (parsed === null) {
      throw new SettlementError(
        `correct-score market lists outcome "${outcomeName}", which is neither "a:b" nor "Other"`,
      );
    }
    const [participant1Score, participant2Score] = parsed;
    const row = listed.get(participant1Score) ?? new Set<number>();
    row.add(participant2Score);
    listed.set(participant1Score, row);
  }
  return listed;
}

function parseSelection(market: SettlementMarket, outcomeName: string): ParsedSelection {
  const { marketType } = market;
  const family = familyOf(marketType);
  switch (family) {
    case 'three-way':
    case 'european-handicap': {
      if (family === 'three-way') requireLineless(market);
      else if (!Number.isInteger(market.handicap) || Math.abs(market.handicap) > MAX_SCORE) {
        throw new SettlementError(
          `handicap ${market.handicap} of marketType "${marketType}" must be a whole number ` +
            `within ±${MAX_SCORE}: a three-way handicap has no half or quarter lines`,
        );
      }
      if (outcomeName !== '1' && outcomeName !== 'X' && outcomeName !== '2') {
        throw unknownOutcome(marketType, outcomeName, '1, X or 2');
      }
      return { kind: 'three-way', side: outcomeName, participant1Offset: market.handicap + 0 };
    }
    case 'draw-push':
      requireLineless(market);
      if (outcomeName !== '1' && outcomeName !== '2') {
        throw unknownOutcome(marketType, outcomeName, '1 or 2 (a draw is a push)');
      }
      return { kind: 'draw-push', side: outcomeName };
    case 'asian-handicap': {
      const quarterUnits = quarterUnitsOf(market);
      if (outcomeName === '1') return { kind: 'asian-handicap', side: '1', quarterUnits };
      if (outcomeName === '2') {
        return { kind: 'asian-handicap', side: '2', quarterUnits: 0 - quarterUnits };
      }
      throw unknownOutcome(marketType, outcomeName, '1 or 2');
    }
    case 'totals':
    case 'team1-totals':
    case 'team2-totals': {
      const quarterUnits = nonNegativeQuarterUnitsOf(market);
      const side = parseOverUnder(market, outcomeName);
      const measure =
        family === 'totals' ? 'total' : family === 'team1-totals' ? 'participant1' : 'participant2';
      return { kind: 'over-under', side, measure, quarterUnits };
    }
    case 'both-score':
      requireLineless(market);
      if (outcomeName !== 'Yes' && outcomeName !== 'No') {
        throw unknownOutcome(marketType, outcomeName, 'Yes or No');
      }
      return { kind: 'both-score', yes: outcomeName === 'Yes' };
    case 'odd-even':
      requireLineless(market);
      if (outcomeName !== 'Odd' && outcomeName !== 'Even') {
        throw unknownOutcome(marketType, outcomeName, 'Odd or Even');
      }
      return { kind: 'odd-even', odd: outcomeName === 'Odd' };
    case 'correct-score': {
      requireLineless(market);
      if (outcomeName === 'Other') return { kind: 'other-score', listed: parseOtherListed(market) };
      const parsed = parseCorrectScore(outcomeName);
      if (parsed === null) {
        throw unknownOutcome(marketType, outcomeName, 'a score "a:b" or "Other"');
      }
      return { kind: 'correct-score', participant1Score: parsed[0], participant2Score: parsed[1] };
    }
    case 'winning-margin': {
      requireLineless(market);
      const parsed = parseWinningMargin(outcomeName);
      if (parsed === null) {
        const expected = '"1 by N", "1 by N+", "X", "2 by N" or "2 by N+" (N ≥ 1)';
        throw unknownOutcome(marketType, outcomeName, expected);
      }
      return { kind: 'winning-margin', lowest: parsed[0], highest: parsed[1] };
    }
  }
}

/** Grade of a whole or half line whose margin (side's score minus line) is `quarterUnits` / 4. */
function gradeWholeOrHalf(quarterUnits: number): 'won' | 'lost' | 'push' {
  if (quarterUnits > 0) return 'won';
  return quarterUnits < 0 ? 'lost' : 'push';
}

/**
 * Grade of a selection whose margin over its line is `quarterUnits` / 4 (an integer score against
 * a whole, half or quarter line). An odd value means a quarter line: the stake splits over the
 * neighbouring lines (margins ±0.25 away), one whole and one half. With integer scores the margin
 * is then ±0.25 (one half pushes → half-won / half-lost) or at least 0.75 away from zero (both
 * halves settle the same way): never one half won and the other lost.
 */
function gradeQuarterUnits(quarterUnits: number): Grade {
  if (quarterUnits % 2 === 0) return gradeWholeOrHalf(quarterUnits);
  if (quarterUnits === 1) return 'half-won';
  if (quarterUnits === -1) return 'half-lost';
  return quarterUnits > 0 ? 'won' : 'lost';
}

function requireScore(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 0 || value > MAX_SCORE) {
    throw new SettlementError(
      `${name} must be an integer from 0 to ${MAX_SCORE}, got ${value}`,
    );
  }
}

function threeWaySide(participant1Score: number, participant2Score: number): Side3 {
  if (participant1Score > participant2Score) return '1';
  return participant1Score < participant2Score ? '2' : 'X';
}

/** The score an Over/Under line is measured against. */
function measuredScore(
  measure: Extract<ParsedSelection, { kind: 'over-under' }>['measure'],
  participant1Score: number,
  participant2Score: number,
): number {
  if (measure === 'total') return participant1Score + participant2Score;
  return measure === 'participant1' ? participant1Score : participant2Score;
}

/** The margin, in quarter units, of an over-under selection over its line. */
function overUnderQuarterUnits(
  selection: Extract<ParsedSelection, { kind: 'over-under' }>,
  participant1Score: number,
  participant2Score: number,
): number {
  const overMargin =
    measuredScore(selection.measure, participant1Score, participant2Score) * 4 -
    selection.quarterUnits;
  return selection.side === 'Over' ? overMargin : 0 - overMargin;
}

/** The margin, in quarter units, of an Asian handicap side with its line added. */
function asianQuarterUnits(
  selection: Extract<ParsedSelection, { kind: 'asian-handicap' }>,
  participant1Score: number,
  participant2Score: number,
): number {
  const sideMargin =
    selection.side === '1'
      ? participant1Score - participant2Score
      : participant2Score - participant1Score;
  return sideMargin * 4 + selection.quarterUnits;
}

function gradeParsed(
  selection: ParsedSelection,
  participant1Score: number,
  participant2Score: number,
): Grade {
  switch (selection.kind) {
    case 'three-way':
      return threeWaySide(participant1Score + selection.participant1Offset, participant2Score) ===
        selection.side
        ? 'won'
        : 'lost';
    case 'draw-push': {
      const side = threeWaySide(participant1Score, participant2Score);
      if (side === 'X') return 'push';
      return side === selection.side ? 'won' : 'lost';
    }
    case 'asian-handicap':
      return gradeQuarterUnits(asianQuarterUnits(selection, participant1Score, participant2Score));
    case 'over-under':
      return gradeQuarterUnits(
        overUnderQuarterUnits(selection, participant1Score, participant2Score),
      );
    case 'both-score':
      return (participant1Score > 0 && participant2Score > 0) === selection.yes ? 'won' : 'lost';
    case 'odd-even':
      return ((participant1Score + participant2Score) % 2 === 1) === selection.odd ? 'won' : 'lost';
    case 'correct-score':
      return participant1Score === selection.participant1Score &&
        participant2Score === selection.participant2Score
        ? 'won'
        : 'lost';
    case 'other-score':
      return selection.listed.get(participant1Score)?.has(participant2Score) === true
        ? 'lost'
        : 'won';
    case 'winning-margin': {
      const margin = participant1Score - participant2Score;
      return margin >= selection.lowest && margin <= selection.highest ? 'won' : 'lost';
    }
  }
}

/**
 * Parses a selection once and returns its grader for the hot path (a pricing model's score
 * grid): each call is arithmetic on the two scores, with no allocation, parsing or regex. It
 * grades exactly as `gradeSelection` does. Throws `SettlementError` now for an unknown
 * marketType or outcome name or an invalid line, and on each call for a score that is not an
 * integer from 0 to `MAX_SCORE`.
 */
export function selectionGrader(market: SettlementMarket, outcomeName: string): SelectionGrader {
  const selection = parseSelection(market, outcomeName);
  return (participant1Score, participant2Score) => {
    requireScore(participant1Score, 'participant1Score');
    requireScore(participant2Score, 'participant2Score');
    return gradeParsed(selection, participant1Score, participant2Score);
  };
}

function formatSigned(line: number): string {
  return line > 0 ? `+${line}` : String(line);
}

function describeThreeWay(participant1Score: number, participant2Score: number): string {
  const side = threeWaySide(participant1Score, participant2Score);
  if (side === 'X') return 'a draw';
  return side === '1' ? 'a participant 1 win' : 'a participant 2 win';
}

/** "half on <lower line> <grade>, half on <upper line> <grade>" for a quarter line. */
function describeQuarterSplit(
  quarterUnits: number,
  label: (quarterUnits: number) => string,
  margin: (quarterUnits: number) => number,
): string {
  const lower = quarterUnits - 1;
  const upper = quarterUnits + 1;
  const lowerGrade = gradeWholeOrHalf(margin(lower));
  const upperGrade = gradeWholeOrHalf(margin(upper));
  return `half on ${label(lower)} ${lowerGrade}, half on ${label(upper)} ${upperGrade}`;
}

function describeAsian(
  selection: Extract<ParsedSelection, { kind: 'asian-handicap' }>,
  participant1Score: number,
  participant2Score: number,
): string {
  const { side, quarterUnits } = selection;
  const line = quarterUnits / 4;
  const title = `${side} ${formatSigned(line)}`;
  if (quarterUnits % 2 !== 0) {
    // The margin against a neighbouring line differs from this line's by the units moved.
    const margin = asianQuarterUnits(selection, participant1Score, participant2Score);
    const split = describeQuarterSplit(
      quarterUnits,
      (units) => `${side} ${formatSigned(units / 4)}`,
      (units) => margin - quarterUnits + units,
    );
    return `${title} at ${participant1Score}:${participant2Score}: ${split}`;
  }
  const adjusted =
    side === '1'
      ? `${participant1Score + line}:${participant2Score}`
      : `${participant1Score}:${participant2Score + line}`;
  const score = `${participant1Score}:${participant2Score}`;
  return `${title}: ${score} with ${formatSigned(line)} on participant ${side} is ${adjusted}`;
}

function describeOverUnder(
  selection: Extract<ParsedSelection, { kind: 'over-under' }>,
  participant1Score: number,
  participant2Score: number,
): string {
  const { side, measure, quarterUnits } = selection;
  const line = quarterUnits / 4;
  const measured = measuredScore(measure, participant1Score, participant2Score);
  const who = measure === 'total' ? '' : ` (participant ${measure === 'participant1' ? 1 : 2})`;
  const title = `${side} ${line}${who}`;
  const subject = `${measure === 'total' ? 'total' : 'score'} ${measured}`;
  if (quarterUnits % 2 !== 0) {
    const split = describeQuarterSplit(
      quarterUnits,
      (units) => `${side} ${units / 4}`,
      (units) => (side === 'Over' ? measured * 4 - units : units - measured * 4),
    );
    return `${title}: ${subject}; ${split}`;
  }
  const relation = measured > line ? '>' : measured < line ? '<' : '=';
  return `${title}: ${subject} ${relation} ${line}`;
}

/** The "why" of a grade, without the grade itself. */
function describe(
  selection: ParsedSelection,
  outcomeName: string,
  participant1Score: number,
  participant2Score: number,
): string {
  const score = `${participant1Score}:${participant2Score}`;
  switch (selection.kind) {
    case 'three-way': {
      const offset = selection.participant1Offset;
      if (offset === 0) {
        const result = describeThreeWay(participant1Score, participant2Score);
        return `${outcomeName}: ${score} is ${result}`;
      }
      const adjusted = participant1Score + offset;
      const result = describeThreeWay(adjusted, participant2Score);
      const line = formatSigned(offset);
      const adjustedScore = `${adjusted}:${participant2Score}`;
      return (
        `${outcomeName} (${line}): ${score} with ${line} on participant 1 is ${adjustedScore}, ` +
        result
      );
    }
    case 'draw-push': {
      const result = describeThreeWay(participant1Score, participant2Score);
      const refund = result === 'a draw' ? ', stake returned' : '';
      return `${outcomeName}: ${score} is ${result}${refund}`;
    }
    case 'asian-handicap':
      return describeAsian(selection, participant1Score, participant2Score);
    case 'over-under':
      return describeOverUnder(selection, participant1Score, participant2Score);
    case 'both-score': {
      const both = participant1Score > 0 && participant2Score > 0;
      return `${outcomeName}: ${score}, ${both ? 'both' : 'not both'} participants scored`;
    }
    case 'odd-even': {
      const total = participant1Score + participant2Score;
      return `${outcomeName}: total ${total} is ${total % 2 === 1 ? 'odd' : 'even'}`;
    }
    case 'correct-score':
      return `${outcomeName}: final score ${score}`;
    case 'other-score': {
      const listed = selection.listed.get(participant1Score)?.has(participant2Score) === true;
      return `${outcomeName}: ${score} is ${listed ? '' : 'not '}a listed score`;
    }
    case 'winning-margin': {
      const side = threeWaySide(participant1Score, participant2Score);
      if (side === 'X') return `${outcomeName}: ${score}, a draw`;
      const margin = Math.abs(participant1Score - participant2Score);
      return `${outcomeName}: ${score}, participant ${side} by ${margin}`;
    }
  }
}

/**
 * Grades the selection `outcomeName` of `market` on `score`, the score of the market's period
 * (see `scoreForPeriod`), and says why. Exact: scores are integers and lines multiples of 0.25,
 * so no rounding happens anywhere.
 *
 * Rules by marketType family (a family also covers its variants `<family>-...`, e.g.
 * `totals-games`, `spreads-sets`, `teamtotals-team1-kills`):
 * - `1x2`: `1`, `X`, `2`. `moneyline`, `drawnobet`: `1`, `2`; a draw is a push.
 * - `spreads` (Asian handicap): the handicap is participant 1's line; outcome `1` adds it to
 *   participant 1's score, outcome `2` adds its negation to participant 2's. A whole line can
 *   push, a half line never does, a quarter line (x.25, x.75) stakes half on each neighbouring
 *   line (e.g. −0.25 = ½ on 0 + ½ on −0.5), giving `half-won` / `half-lost`.
 * - `spreads-european`: three-way `1` / `X` / `2` after adding the whole-number handicap to
 *   participant 1's score.
 * - `totals`, `teamtotals-team1`, `teamtotals-team2`: `Over` / `Under` on the total, participant
 *   1's or participant 2's score; whole, half and quarter lines as for `spreads`; line ≥ 0.
 * - `bothteamsscore` (`Yes` / `No`), `oddeven` (`Odd` / `Even` on the total; 0 is even).
 * - `correctscore`: `a:b`, or `Other`, which wins when the score is none of the `a:b` outcomes
 *   in `market.outcomes` (required for `Other`).
 * - `winningmargin`: `X` (a draw), `1 by N` (participant 1 wins by exactly N ≥ 1), `1 by N+`
 *   (by N or more; the top band is read from the name), and the same with `2`.
 * Lineless families require `handicap` 0. Throws `SettlementError` for an unknown marketType or
 * outcome name, an invalid line, or a score that is not an integer from 0 to `MAX_SCORE`.
 * For grading many scores of one selection use `selectionGrader`, which does not allocate.
 */
export function gradeSelection(
  market: SettlementMarket,
  outcomeName: string,
  score: Score,
): SettlementResult {
  const selection = parseSelection(market, outcomeName);
  const { participant1Score, participant2Score } = score;
  requireScore(participant1Score, 'participant1Score');
  requireScore(participant2Score, 'participant2Score');
  const grade = gradeParsed(selection, participant1Score, participant2Score);
  return {
    grade,
    rule: `${describe(selection, outcomeName, participant1Score, participant2Score)} → ${grade}`,
  };
}

/**
 * The grade of a selection on a cancelled fixture: `void` (stake returned), with `reason`
 * (non-empty, e.g. "fixture cancelled") as the rule.
 */
export function voidSelection(reason: string): SettlementResult {
  if (reason.trim().length === 0) {
    throw new SettlementError('a void selection needs a non-empty reason');
  }
  return { grade: 'void', rule: `void: ${reason}` };
}

function rowScore(scores: ScoresByPeriod, period: string): Score | null {
  if (!Object.hasOwn(scores, period)) return null;
  const row = scores[period];
  if (row === undefined) return null;
  for (const value of [row.participant1Score, row.participant2Score]) {
    // Number.isInteger is false for null, undefined and strings too: malformed wire rows throw.
    if (!Number.isInteger(value) || value < 0 || value > MAX_SCORE) {
      throw new SettlementError(
        `score row "${period}" holds ${String(value)}: scores must be integers ` +
          `from 0 to ${MAX_SCORE}`,
      );
    }
  }
  return row;
}

/**
 * The score a market of `period` settles on: the row keyed `period`, or for a composite period
 * `a+b+c` (`p1+p2`, `p3+p4+overtime`) the sum of rows a, b and c. Returns null when a needed row
 * is missing (the selection cannot be graded yet). `result` is regulation time; `fulltime`
 * includes overtime / extra time but not penalty shoot-outs. Throws `SettlementError` for an
 * empty period or component (`p1+`), a repeated component (`p1+p1`), or a row whose score is
 * not an integer from 0 to `MAX_SCORE`.
 */
export function scoreForPeriod(scores: ScoresByPeriod, period: string): Score | null {
  const components = period.split('+');
  let participant1Score = 0;
  let participant2Score = 0;
  let missing = false;
  for (const [index, component] of components.entries()) {
    if (component.length === 0) {
      throw new SettlementError(`period "${period}" has an empty component`);
    }
    if (components.indexOf(component) !== index) {
      throw new SettlementError(`period "${period}" repeats the component "${component}"`);
    }
    const row = rowScore(scores, component);
    // Keep going after a missing row so that a malformed row elsewhere still throws.
    if (row === null) missing = true;
    else {
      participant1Score += row.participant1Score;
      participant2Score += row.participant2Score;
    }
  }
  return missing ? null : { participant1Score, participant2Score };
}
