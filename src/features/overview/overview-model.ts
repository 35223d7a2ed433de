// What the overview shows of the fixture lists: live fixtures counted per sport, and the next
// fixtures to start. Pure functions over the REST views (their live fields come from the book).
import type { FixtureView } from '../../wire/shared-schemas.ts';

/** Live fixtures of one sport. */
export interface SportCount {
  readonly sportId: number;
  readonly sportName: string;
  readonly count: number;
}

/** Fixtures per sport, most first (ties by sportId, so the order never flickers between refetches). */
export function countBySport(views: readonly FixtureView[]): SportCount[] {
  const counts = new Map<number, { sportName: string; count: number }>();
  for (const view of views) {
    const known = counts.get(view.sport.sportId);
    if (known === undefined) counts.set(view.sport.sportId, { sportName: view.sport.sportName, count: 1 });
    else known.count++;
  }
  return [...counts.entries()]
    .map(([sportId, { sportName, count }]) => ({ sportId, sportName, count }))
    .sort((a, b) => b.count - a.count || a.sportId - b.sportId);
}

const byStartThenId = (a: FixtureView, b: FixtureView): number =>
  a.startTime - b.startTime || (a.fixtureId < b.fixtureId ? -1 : a.fixtureId > b.fixtureId ? 1 : 0);

/**
 * The first `limit` fixtures by start time (then fixtureId), leaving out those `exclude` holds
 * (e.g. fixtures the book already knows to be live or over).
 */
export function firstToStart(views: readonly FixtureView[], limit: number, exclude: (fixtureId: string) => boolean = () => false): FixtureView[] {
  return views.filter((view) => !exclude(view.fixtureId)).sort(byStartThenId).slice(0, Math.max(0, limit));
}

/** Live fixtures in the overview's order: by sport (most live first, as `countBySport`), then start, then id. */
export function liveInOrder(views: readonly FixtureView[]): FixtureView[] {
  const rank = new Map(countBySport(views).map((sport, index) => [sport.sportId, index]));
  return [...views].sort((a, b) => (rank.get(a.sport.sportId) ?? 0) - (rank.get(b.sport.sportId) ?? 0) || byStartThenId(a, b));
}

/** The start of the "starting soon" window: now, floored to the minute so the query key holds for a minute. */
export function soonWindow(nowMs: number, hours: number): { readonly startTimeFrom: number; readonly startTimeTo: number } {
  const from = Math.floor(nowMs / 60_000) * 60;
  return { startTimeFrom: from, startTimeTo: from + hours * 3600 };
}
