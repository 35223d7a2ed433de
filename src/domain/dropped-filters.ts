// The chosen filters less what the gateway's `login_ok.dropped` said the key may not see. The
// stream's re-snapshot and the pages' REST requests ask only for these: asking REST for a dropped
// value gets a 403 (spec 5.8) that no retry heals, and a re-snapshot would retry it forever.
import type { DroppedFilters } from '../wire/stream-schemas.ts';

/** The chosen sports and bookmakers (empty: all of the key's). */
export interface ChosenFilters {
  readonly sportIds: readonly number[];
  readonly bookmakers: readonly string[];
}

/** `chosen` without the sports and bookmakers `dropped` lists; the same object when it drops none. */
export function withoutDropped<T extends ChosenFilters>(chosen: T, dropped: DroppedFilters | null): T {
  const sports = new Set(dropped?.sports?.map((s) => s.sportId));
  const bookmakers = new Set(dropped?.bookmakers?.map((b) => b.bookmaker));
  if (!chosen.sportIds.some((id) => sports.has(id)) && !chosen.bookmakers.some((b) => bookmakers.has(b))) return chosen;
  return { ...chosen, sportIds: chosen.sportIds.filter((id) => !sports.has(id)), bookmakers: chosen.bookmakers.filter((b) => !bookmakers.has(b)) };
}

/** `ids` without the fixtures and futures `dropped` lists. */
export function withoutDroppedIds(ids: readonly string[], dropped: DroppedFilters | null): readonly string[] {
  const gone = new Set([...(dropped?.fixtures?.map((f) => f.fixtureId) ?? []), ...(dropped?.futures?.map((f) => f.futureId) ?? [])]);
  return gone.size === 0 ? ids : ids.filter((id) => !gone.has(id));
}
