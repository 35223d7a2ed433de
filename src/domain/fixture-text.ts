// A fixture in words, for every page that shows one: its two sides, its score (the match score
// and the score periods in match order), period keys as labels, and the clock — full in the
// fixture's header, compact in a row of a list. One module, so that a period or a clock reads the
// same on every page (the header, the fixtures list and the odds board's headings).
import type { Clock, Participants, Scores } from '../wire/shared-schemas.ts';

/** One participant of a fixture (spec 2.2 `participantn…`). */
export interface Side {
  readonly participantId: number;
  readonly name: string;
  readonly shortName: string | null;
  readonly abbr: string | null;
  /** Rotation number, or null when the fixture has none. */
  readonly rotNr: number | null;
}

/** The two sides of a fixture, participant 1 first. */
export function sidesOf(p: Participants): readonly [Side, Side] {
  return [
    { participantId: p.participant1Id, name: p.participant1Name, shortName: p.participant1ShortName, abbr: p.participant1Abbr, rotNr: p.participant1RotNr },
    { participantId: p.participant2Id, name: p.participant2Name, shortName: p.participant2ShortName, abbr: p.participant2Abbr, rotNr: p.participant2RotNr },
  ];
}

/** The period keys that are match totals, not periods: `fulltime` includes overtime, `result` is the regular result. */
const TOTAL_KEYS: ReadonlySet<string> = new Set(['result', 'fulltime']);
const REGULAR = /^p(\d+)$/u;
const AFTER_REGULAR = ['overtime', 'penalties'];
/** A sum of regular periods (spec 2.6 `p1+p2`, `p3+p4`). */
const REGULAR_SUM = /^p(\d+)(?:\+p(\d+))+$/u;
/** A round of a period (spec 2.6 sub-period grid `p1r1`..`p5r36`). */
const ROUND = /^p(\d+)r(\d+)$/u;

/**
 * The periods of a score to show as columns, in match order: `p1`, `p2`, … by number, then
 * `overtime`, `penalties`, then any other key alphabetically. The totals (`result`, `fulltime`)
 * are left out: the header shows them as the score.
 */
export function scorePeriodsInOrder(keys: readonly string[]): string[] {
  const rank = (key: string): [number, number, string] => {
    const regular = REGULAR.exec(key);
    if (regular?.[1] !== undefined) return [0, Number(regular[1]), key];
    const after = AFTER_REGULAR.indexOf(key);
    return after >= 0 ? [1, after, key] : [2, 0, key];
  };
  return keys
    .filter((key) => !TOTAL_KEYS.has(key))
    .map(rank)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0))
    .map(([, , key]) => key);
}

/**
 * A period key (spec 2.2 score rows and clock, 2.6 market periods) in words: a short label for a
 * score column or a clock, and the full name for a heading or `title`. `result` is regulation time
 * and `fulltime` includes overtime (docs/domain.md, as the catalogue names them); a key of no
 * known shape passes through as it is.
 */
export function periodLabel(key: string): { readonly short: string; readonly long: string } {
  const regular = REGULAR.exec(key);
  if (regular?.[1] !== undefined) return { short: `P${regular[1]}`, long: `Period ${regular[1]}` };
  if (REGULAR_SUM.test(key)) return { short: key, long: `Periods ${key.replace(/p/gu, '')}` };
  const round = ROUND.exec(key);
  if (round !== null) return { short: key, long: `Period ${round[1] ?? ''}, round ${round[2] ?? ''}` };
  switch (key) {
    case 'overtime':
      return { short: 'OT', long: 'Overtime' };
    case 'halftime':
      return { short: 'HT', long: 'Half-time' };
    case 'penalties':
      return { short: 'Pens', long: 'Penalty shoot-out' };
    case 'result':
      return { short: 'Result', long: 'Regulation time' };
    case 'fulltime':
      return { short: 'FT', long: 'Full time (incl. overtime)' };
    default:
      return { short: key, long: key };
  }
}

/** What a score table counts: its caption, and the heading of its total column. */
export interface ScoreUnits {
  readonly caption: string;
  readonly total: string;
}

/**
 * What the score rows of a sport count (spec 2.2: one unit per row). Tennis and esports count one
 * thing per period and another in total: games per set and sets won, kills per map and maps won.
 */
export function scoreUnits(sportId: number): ScoreUnits {
  switch (sportId) {
    case 12:
      return { caption: 'Games per set; total: sets won', total: 'Sets' };
    case 83:
      return { caption: 'Kills per map; total: maps won', total: 'Maps' };
    default:
      return { caption: 'Score by period', total: 'Total' };
  }
}

/** The match score: `fulltime` (overtime included) when present, else `result`; null before any score. */
export function matchScore(scores: Scores): { readonly participant1: number; readonly participant2: number } | null {
  const row = scores.fulltime ?? scores.result;
  return row === undefined ? null : { participant1: row.participant1Score, participant2: row.participant2Score };
}

/** Seconds as `m:ss` (minutes not capped at 60: a match clock reads 92:10). */
export function formatClockTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60))}:${String(whole % 60).padStart(2, '0')}`;
}

/** The period's short label and the elapsed time (`P2 67:12`), or null when the clock has neither. */
function periodAndTime(clock: Exclude<Clock, null>): string | null {
  const parts: string[] = [];
  if (clock.currentPeriod !== null) parts.push(periodLabel(clock.currentPeriod).short);
  if (clock.currentTime !== null) parts.push(formatClockTime(clock.currentTime));
  return parts.length === 0 ? null : parts.join(' ');
}

/**
 * The clock as a trader reads it in the fixture's header: period and elapsed time (`P2 67:12`),
 * the time left in the period when known, and `stopped` when it is not running; `Half-time` in
 * the break between the halves; only the period where the sport has no running clock (tennis);
 * null without clock data.
 */
export function clockLabel(clock: Clock): string | null {
  if (clock === null) return null;
  // The break between the halves reads as a fan says it, without a stopped clock's figures.
  if (clock.currentPeriod === 'halftime') return periodLabel('halftime').long;
  let text = periodAndTime(clock);
  if (text === null) return null;
  if (clock.remainingTimeInPeriod !== null) text += ` (${formatClockTime(clock.remainingTimeInPeriod)} left in period)`;
  return clock.stopped === true ? `${text}, stopped` : text;
}

/**
 * The clock in a row of a list, compact: the period's short label and the elapsed match time
 * (`P2 67:12`), `stopped` when it is not running; `HT` at half-time; the period alone where the
 * sport has no running clock (tennis: `P2`); null when there is no clock data.
 */
export function clockText(clock: Clock): string | null {
  if (clock === null) return null;
  if (clock.currentPeriod === 'halftime') return periodLabel('halftime').short;
  const text = periodAndTime(clock);
  return text !== null && clock.stopped === true ? `${text} stopped` : text;
}
