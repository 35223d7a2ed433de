// Team news and live statistics over REST: /fixtures/injuries, /fixtures/lineups and
// /fixtures/stats answer the current state of the stream channels of the same names, so a page
// (or a client re-snapshotting after `snapshot_required`) need not wait for the next change.
import type { InjuriesPayload, LineupsPayload, StatsPayload } from '../../../src/wire/shared-schemas.ts';
import type { ApiHandler } from '../app.ts';
import { invalidFilters } from '../errors.ts';
import type { FixtureSource } from '../ports.ts';
import { entitlementOf } from '../scope.ts';
import { requestedFixtures } from './fixtures.ts';

/** The simulator's current team news and statistics per fixture; null when it has none. */
export interface ExtrasSource {
  injuries(fixtureId: string): InjuriesPayload | null;
  lineups(fixtureId: string): LineupsPayload | null;
  stats(fixtureId: string): StatsPayload | null;
}

export interface ExtrasRoutesDeps {
  readonly fixtures: FixtureSource;
  readonly extras: ExtrasSource;
}

/**
 * One handler per channel: `fixtureIds` (required, ≤ 100; a fixture outside the key → 403 as
 * on every fixture endpoint; unknown ones skipped). A fixture with nothing yet (no team news
 * drawn, no live stats) is left out of the array rather than sent empty.
 */
export function extrasHandlers(deps: ExtrasRoutesDeps): Record<'fixtureInjuries' | 'fixtureLineups' | 'fixtureStats', ApiHandler> {
  const handler =
    (read: (fixtureId: string) => object | null): ApiHandler =>
    (query, request) => {
      if (query.fixtureIds === undefined) throw invalidFilters('fixtureIds is required.');
      const views = requestedFixtures(entitlementOf(request), deps.fixtures, query);
      const out: object[] = [];
      for (const view of views) {
        const payload = read(view.fixtureId);
        if (payload !== null) out.push(payload);
      }
      return out;
    };
  return {
    fixtureInjuries: handler((id) => deps.extras.injuries(id)),
    fixtureLineups: handler((id) => deps.extras.lineups(id)),
    fixtureStats: handler((id) => deps.extras.stats(id)),
  };
}
