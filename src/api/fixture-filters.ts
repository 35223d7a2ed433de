// The `GET /fixtures` filters checked on each record: the spec shows no parameters for the list
// but the start-time window (2.8), so whatever a service does with the others, the dashboard keeps
// only the views whose own fields match them.
import type { FixtureView } from '../wire/shared-schemas.ts';
import type { FixtureFilters } from './client.ts';

/** The list parameters of the embedded service's design that the spec does not show (docs/api.md). */
export const EXTRA_FIXTURE_FILTERS = ['statusId', 'live'] as const;
export type ExtraFixtureFilter = (typeof EXTRA_FIXTURE_FILTERS)[number];

/** The names a `x-fixture-filters` header lists that we know, or an empty set. */
export function readFixtureFilters(header: string | null): ReadonlySet<ExtraFixtureFilter> {
  const named = new Set((header ?? '').split(',').map((name) => name.trim()));
  return new Set(EXTRA_FIXTURE_FILTERS.filter((name) => named.has(name)));
}

/** The filters to send: every one, except the extra ones a service has not said it applies. */
export function fixtureFiltersToSend(filters: FixtureFilters, supported: ReadonlySet<ExtraFixtureFilter>): FixtureFilters {
  const { statusId, live, ...spec } = filters;
  return {
    ...spec,
    ...(statusId !== undefined && supported.has('statusId') ? { statusId } : {}),
    ...(live !== undefined && supported.has('live') ? { live } : {}),
  };
}

/** True when a fixture view matches every filter not in the spec, by what the record itself says. */
export function matchesFixtureFilters(view: FixtureView, filters: FixtureFilters): boolean {
  if (filters.sportId !== undefined && view.sport.sportId !== filters.sportId) return false;
  if (filters.tournamentId !== undefined && view.tournament.tournamentId !== filters.tournamentId) return false;
  if (filters.statusId !== undefined && view.status.statusId !== filters.statusId) return false;
  if (filters.live !== undefined && view.status.live !== filters.live) return false;
  if (filters.fixtureIds !== undefined && !filters.fixtureIds.includes(view.fixtureId)) return false;
  return true;
}
