// What the fixture header and the extras tabs show, as text and data: the two sides, the score
// periods in match order, the clock, the replacement of a cancelled fixture, badge addresses and
// the external provider ids. React-free, so each rule is tested on its own.
import type { Clock, ExternalProviders, Participants, Scores } from '../../wire/shared-schemas.ts';

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
const REGULAR = /^p(\d+)$/;
const AFTER_REGULAR = ['overtime', 'penalties'];

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

/** A period key in words: a short column label and the full name for `title`/`abbr`. */
export function periodLabel(key: string): { readonly short: string; readonly long: string } {
  const regular = REGULAR.exec(key);
  if (regular?.[1] !== undefined) return { short: `P${regular[1]}`, long: `Period ${regular[1]}` };
  switch (key) {
    case 'overtime':
      return { short: 'OT', long: 'Overtime' };
    case 'halftime':
      return { short: 'HT', long: 'Half-time' };
    case 'penalties':
      return { short: 'Pens', long: 'Penalty shoot-out' };
    case 'result':
      return { short: 'Result', long: 'Result (regular time)' };
    case 'fulltime':
      return { short: 'FT', long: 'Full time (overtime included)' };
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
export function matchTotal(scores: Scores): { readonly participant1: number; readonly participant2: number } | null {
  const row = scores.fulltime ?? scores.result;
  return row === undefined ? null : { participant1: row.participant1Score, participant2: row.participant2Score };
}

/** Seconds as `m:ss` (minutes not capped at 60: a match clock reads 92:10). */
export function formatClockSeconds(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${String(Math.floor(whole / 60))}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * The clock as a trader reads it: period and elapsed time (`P2 67:12`), the time left in the
 * period when known, and `stopped` when it is not running; `Half-time` in the break between
 * the halves; only the period where the sport has no running clock (tennis); null without clock data.
 */
export function clockLabel(clock: Clock): string | null {
  if (clock === null) return null;
  // The break between the halves reads as a fan says it, without a stopped clock's figures.
  if (clock.currentPeriod === 'halftime') return 'Half-time';
  const parts: string[] = [];
  if (clock.currentPeriod !== null) parts.push(periodLabel(clock.currentPeriod).short);
  if (clock.currentTime !== null) parts.push(formatClockSeconds(clock.currentTime));
  if (parts.length === 0) return null;
  let text = parts.join(' ');
  if (clock.remainingTimeInPeriod !== null) text += ` (${formatClockSeconds(clock.remainingTimeInPeriod)} left in period)`;
  return clock.stopped === true ? `${text}, stopped` : text;
}

/**
 * The replacement of a cancelled fixture as a view states it: the id, null when the view says
 * there is none, undefined when the view does not carry `reissuedFixtureId` at all (spec 2.2
 * puts it on the CLV response only; the embedded service adds it to every view).
 */
export function reissuedFixtureIdOf(view: object): string | null | undefined {
  if (!('reissuedFixtureId' in view)) return undefined;
  const value = view.reissuedFixtureId;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The badge image of a participant: the public image that the keyed media redirect
 * (`/{lang}/media/participants/{id}/badge`, docs/api.md) points to. An <img> cannot send the
 * X-API-Key header and the key never goes in a URL, so the page loads the image directly.
 */
export function badgeImageUrl(baseUrl: string, participantId: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/media/badges/${String(participantId)}.svg`;
}

/** One external provider id, for support staff. */
export interface ProviderIdRow {
  /** The provider's slug (`betradar` for the key `betradarId`). */
  readonly provider: string;
  /** The key as the service spells it (`betradarId`). */
  readonly key: string;
  /** The native id as text, or null when the provider has none for this fixture. */
  readonly value: string | null;
}

/** The `externalProviders` map (spec 2.2) as rows sorted by provider. */
export function providerIdRows(externalProviders: ExternalProviders): ProviderIdRow[] {
  return Object.entries(externalProviders)
    .map(([key, value]) => ({ provider: key.endsWith('Id') && key.length > 2 ? key.slice(0, -2) : key, key, value: value === null ? null : String(value) }))
    .sort((a, b) => (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0));
}
