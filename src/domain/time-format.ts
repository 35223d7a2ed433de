// One way to write a moment across the app: `2026-11-24 13:45:30 Europe/London`, always with the
// zone named, in the zone the user chose (their own or UTC). The zone is passed in (an IANA name
// or 'UTC'), so the same moment reads the same on every machine that chose the same zone.
import { isCancelled, isPreGame } from '../wire/status.ts';

/** The time-zone setting: the browser's own zone or UTC. */
export const TIME_ZONE_SETTINGS = ['local', 'utc'] as const;
export type TimeZoneSetting = (typeof TIME_ZONE_SETTINGS)[number];

/** The zone a setting shows times in: 'UTC', or `localZone` (the browser's own IANA zone). */
export function timeZoneOf(setting: TimeZoneSetting, localZone: string): string {
  return setting === 'utc' ? 'UTC' : localZone;
}

interface WallClock {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClock(ms: number, timeZone: string): WallClock {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of formatterOf(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return { year: parts.year ?? 0, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0 };
}

const DAY_MS = 86_400_000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `YYYY-MM-DDTHH:MM:SS` of `ms` on the wall clock of `timeZone`: the value of a datetime-local input. */
export function toZonedInput(ms: number, timeZone: string): string {
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * The moment (epoch ms) that reads `value` (`YYYY-MM-DDTHH:MM[:SS]`) on the wall clock of
 * `timeZone`; null when `value` is not such a time. In a repeated hour (clocks going back) the
 * earlier moment; in a skipped hour, the moment an hour later.
 */
export function fromZonedInput(value: string, timeZone: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/u.test(value)) return null;
  const asUtc = Date.parse(`${value.length === 16 ? `${value}:00` : value}Z`);
  if (!Number.isFinite(asUtc)) return null;
  // The zone's offset at a moment is wall clock − moment. Offsets change at most once a day, so
  // the offsets a day before and a day after give every moment that can read `value`.
  const offsetAt = (ms: number) => {
    const w = wallClock(ms, timeZone);
    return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
  };
  const before = asUtc - offsetAt(asUtc - DAY_MS);
  const after = asUtc - offsetAt(asUtc + DAY_MS);
  const wanted = new Date(asUtc).toISOString().slice(0, 19);
  const matching = [before, after].filter((ms) => toZonedInput(ms, timeZone) === wanted);
  return matching.length > 0 ? Math.min(...matching) : before;
}

/** `2026-11-24 13:45:30 UTC` or `2026-11-24 14:45:30 Europe/Paris`: the moment with its zone named. */
export function formatMoment(ms: number, timeZone: string): string {
  return `${toZonedInput(ms, timeZone).replace('T', ' ')} ${timeZone}`;
}

/**
 * An axis tick of a chart spanning `spanMs`: the piece of `formatMoment`'s layout the span needs
 * (`11-24` over more than a week, `11-24 14h` over more than a day, else `14:45`), on the clock of
 * `timeZone`. A tick has no room for the zone: the chart names it once.
 */
export function formatTick(ms: number, timeZone: string, spanMs: number): string {
  const text = toZonedInput(ms, timeZone);
  if (spanMs > 7 * DAY_MS) return text.slice(5, 10);
  if (spanMs > DAY_MS) return `${text.slice(5, 10)} ${text.slice(11, 13)}h`;
  return text.slice(11, 16);
}

/**
 * When a fixture starts, in words that fit its status (spec 3): a pre-game fixture "starts at"
 * (even past its start time, while it has not kicked off), a cancelled one "was scheduled for",
 * any other "started".
 */
export function describeStart(startMs: number, statusId: number, timeZone: string): string {
  const words = isPreGame(statusId) ? 'starts at' : isCancelled(statusId) ? 'was scheduled for' : 'started';
  return `${words} ${formatMoment(startMs, timeZone)}`;
}

/** An age in words a trader reads at a glance: "4 s", "2 min 5 s", "3 h 12 min" (whole seconds, floored). */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${String(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${String(minutes)} min ${String(seconds % 60)} s`;
  return `${String(Math.floor(minutes / 60))} h ${String(minutes % 60)} min`;
}
