// The odds board at a past moment, from a fixture's recorded prices (`/fixtures/odds/historical`):
// each oddsId's price and active flags as last recorded at or before the moment, the moments at
// which anything on the board changed (to step between them), and the `at=` moment of a URL.
// History rows carry no `mainLine` flag and no bookmaker meta: what they do not say stays unsaid
// here (every entry is `mainLine: false`; the page says what is unknown).
import type { FixtureOdds, OddsEntry } from '../wire/shared-schemas.ts';
import type { FixtureHistoricalOddsResponse, HistoricalOddsEntry } from '../wire/rest-schemas.ts';
import { decimalToAmerican } from './odds-format.ts';

/** Recorded prices: bookmaker slug → oddsId → changedAt (as a string) → row. */
export type HistoricalOdds = FixtureHistoricalOddsResponse['odds'];

/** One oddsId's recorded rows as board entries, oldest first. */
interface OddsTimeline {
  readonly oddsId: string;
  readonly bookmaker: string;
  /** Ascending `changedAt`s, aligned with `entries` (a plain array to binary-search). */
  readonly times: readonly number[];
  readonly entries: readonly OddsEntry[];
}

/** A fixture's recorded prices, indexed for "the board at T" and for stepping between changes. */
export interface BoardHistory {
  readonly fixtureId: string;
  readonly timelines: readonly OddsTimeline[];
  /** Every distinct `changedAt` of any price, ascending. */
  readonly changeTimes: readonly number[];
  /** The first and last recorded change; null when nothing was recorded. */
  readonly span: { readonly from: number; readonly to: number } | null;
}

/** A recorded row as the board's odds entry: same price and flags; `mainLine` unknown, so false. */
function boardEntry(row: HistoricalOddsEntry): OddsEntry {
  return {
    bookmaker: row.bookmaker,
    outcomeId: row.outcomeId,
    playerId: row.playerId,
    marketId: row.marketId,
    active: row.active,
    marketActive: row.marketActive,
    mainLine: false,
    price: row.price,
    priceAmerican: decimalToAmerican(row.price),
    changedAt: row.changedAt,
  };
}

/**
 * Indexes recorded prices once (O(rows log rows)); every later question — the board at a moment,
 * the previous or next change — is a binary search per oddsId or over the change times.
 */
export function indexBoardHistory(fixtureId: string, odds: HistoricalOdds): BoardHistory {
  const timelines: OddsTimeline[] = [];
  const allTimes: number[] = [];
  for (const bookmaker of Object.keys(odds).sort()) {
    const byOddsId = odds[bookmaker] ?? {};
    for (const oddsId of Object.keys(byOddsId).sort()) {
      const rows = Object.values(byOddsId[oddsId] ?? {}).sort((a, b) => a.changedAt - b.changedAt);
      if (rows.length === 0) continue;
      const times = rows.map((row) => row.changedAt);
      for (const t of times) allTimes.push(t);
      timelines.push({ oddsId, bookmaker, times, entries: rows.map(boardEntry) });
    }
  }
  allTimes.sort((a, b) => a - b);
  const changeTimes = allTimes.filter((t, i) => i === 0 || t !== allTimes[i - 1]);
  const from = changeTimes[0];
  const to = changeTimes[changeTimes.length - 1];
  return { fixtureId, timelines, changeTimes, span: from === undefined || to === undefined ? null : { from, to } };
}

/** The index of the last value ≤ `at` in ascending `values`; -1 when every value is later. */
function lastAtOrBefore(values: readonly number[], at: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] ?? Number.POSITIVE_INFINITY) <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * The board as it stood at `atMs`: per oddsId the last row recorded at or before it (its price,
 * `active` and `marketActive` as recorded), bookmaker → oddsId → entry. An oddsId first recorded
 * after `atMs` is left out: it was not quoted yet. Entries are the same objects from one call to
 * the next while their row is the same, so an unchanged price re-renders nothing.
 */
export function boardStateAt(history: BoardHistory, atMs: number): FixtureOdds {
  const out: Record<string, Record<string, OddsEntry>> = {};
  for (const timeline of history.timelines) {
    const entry = timeline.entries[lastAtOrBefore(timeline.times, atMs)];
    if (entry !== undefined) (out[timeline.bookmaker] ??= {})[timeline.oddsId] = entry;
  }
  return out;
}

/**
 * Every oddsId ever recorded, each with its latest row: what the board's layout is built from, so
 * the layout stays the same while the moment moves (a price not quoted yet shows as absent).
 */
export function everRecorded(history: BoardHistory): FixtureOdds {
  const out: Record<string, Record<string, OddsEntry>> = {};
  for (const timeline of history.timelines) {
    const entry = timeline.entries[timeline.entries.length - 1];
    if (entry !== undefined) (out[timeline.bookmaker] ??= {})[timeline.oddsId] = entry;
  }
  return out;
}

/**
 * The change before the one in force at `atMs` (the latest change at or before it), or null when
 * there is none: stepping back always shows a different board, even from between two changes.
 */
export function previousChange(history: BoardHistory, atMs: number): number | null {
  return history.changeTimes[lastAtOrBefore(history.changeTimes, atMs) - 1] ?? null;
}

/** The earliest change of any price strictly after `atMs`, or null when none was. */
export function nextChange(history: BoardHistory, atMs: number): number | null {
  return history.changeTimes[lastAtOrBefore(history.changeTimes, atMs) + 1] ?? null;
}

/** An ISO 8601 time with its zone: `2026-05-01T14:03:12Z`, `…12.345+01:00`. */
const ISO_WITH_ZONE = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/u;

/** Whether the ISO time names a real calendar day (Date.parse rolls 30 February over to March). */
function isIsoMoment(text: string): boolean {
  const match = ISO_WITH_ZONE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export type BoardMoment =
  | { readonly ok: true; readonly atMs: number }
  | { readonly ok: false; readonly reason: 'invalid' | 'future'; readonly message: string };

/**
 * The moment of a board's `at=` parameter: an ISO 8601 time with its zone (a time without one
 * reads differently on every machine), not after `nowMs` (no price is recorded yet for a moment
 * to come). The message quotes the value (cut to 40 characters) and says what to give instead.
 */
export function parseBoardMoment(text: string, nowMs: number): BoardMoment {
  const shown = text.length > 40 ? `${text.slice(0, 40)}…` : text;
  const atMs = isIsoMoment(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(atMs)) {
    return {
      ok: false,
      reason: 'invalid',
      message: `at=${shown} is not an ISO 8601 time with its zone (for example 2026-05-01T14:03:12Z).`,
    };
  }
  if (atMs > nowMs) {
    return { ok: false, reason: 'future', message: `at=${shown} is in the future: the board has a past only up to now.` };
  }
  return { ok: true, atMs };
}
