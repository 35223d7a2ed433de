// Assembles every REST handler from the service's parts; the composition root passes the
// simulator's live views and the history store in through the narrow ports of ports.ts.
import type { CatalogueIndex } from '../catalogue/catalogue.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import type { HistoryReads } from '../storage/history-store.ts';
import type { HttpAppOptions } from './app.ts';
import type { FixtureSource, FutureSource } from './ports.ts';
import { extrasHandlers, type ExtrasSource } from './routes/extras.ts';
import { fixtureHandlers } from './routes/fixtures.ts';
import { futureHandlers } from './routes/futures.ts';
import { historyHandlers } from './routes/history.ts';
import { badgeRedirectHandler } from './routes/media.ts';
import { referenceHandlers } from './routes/reference.ts';
import { isLive, isOver } from '../../src/wire/status.ts';

export interface ApiDeps {
  readonly reference: ReferenceIndex;
  readonly catalogue: CatalogueIndex;
  readonly fixtures: FixtureSource;
  readonly futures: FutureSource;
  /** Team news and live statistics; their endpoints are not mounted without it. */
  readonly extras?: ExtrasSource;
  readonly store: HistoryReads;
  readonly settledAt: (fixtureId: string) => number | null;
  readonly now: () => number;
}

/** Upcoming (statusId 0) and live (1) fixtures per tournament. */
function fixtureCounter(fixtures: FixtureSource): () => Map<number, { upcoming: number; live: number }> {
  return () => {
    const counts = new Map<number, { upcoming: number; live: number }>();
    for (const id of fixtures.fixtureIds()) {
      const view = fixtures.view(id);
      if (view === null || isOver(view.status.statusId)) continue;
      const c = counts.get(view.tournament.tournamentId) ?? { upcoming: 0, live: 0 };
      if (isLive(view.status.statusId)) c.live++;
      else c.upcoming++;
      counts.set(view.tournament.tournamentId, c);
    }
    return counts;
  };
}

export function buildApiHandlers(deps: ApiDeps): HttpAppOptions['handlers'] {
  return {
    ...referenceHandlers({ reference: deps.reference, catalogue: deps.catalogue, fixtureCounts: fixtureCounter(deps.fixtures) }),
    ...fixtureHandlers({ fixtures: deps.fixtures, reference: deps.reference, catalogue: deps.catalogue }),
    ...historyHandlers(deps),
    ...futureHandlers({ futures: deps.futures, reference: deps.reference }),
    ...(deps.extras === undefined ? {} : extrasHandlers({ fixtures: deps.fixtures, extras: deps.extras })),
    participantBadge: badgeRedirectHandler(deps.reference),
  };
}
