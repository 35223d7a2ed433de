// The spec's limits and languages, defined once: the dashboard's client keeps its requests
// inside them and the service refuses what goes beyond them, so the two cannot disagree.

/** The language prefixes of the service (spec: `{lang}`); translated names follow it. */
export const LANGS = ['en', 'de', 'fr', 'zh'] as const;
export type Lang = (typeof LANGS)[number];

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** At most this many legs per parlay or SGP request (spec 8). */
export const MAX_LEGS = 20;
/** At most this many ids in any other list parameter (spec 8 leaves it open; docs/api.md). */
export const MAX_LIST_IDS = 100;
/** At most this many `oddsIds` on the history endpoints (docs/api.md). */
export const MAX_HISTORY_ODDS_IDS = 500;
