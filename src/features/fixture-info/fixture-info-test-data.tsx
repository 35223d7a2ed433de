// A fake service and renderer for the fixture-info component tests.
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderRoutes, type RenderedRoutes } from '../../app/testing/render-routes.tsx';
import { fixtureView } from '../../book/book-test-data.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';

export const FIXTURE = 'id1000001761301227';
export const REPLACEMENT = 'id1000001761301228';

/** A fixture view with names, rotation numbers and a venue. */
export function namedView(fixtureId: string, statusId: 0 | 1 | 2 | 3, names: readonly [string, string], extra: Partial<FixtureView> = {}): FixtureView {
  const base = fixtureView(fixtureId, statusId);
  return {
    ...base,
    status: { ...base.status, statusName: ['Pre-Game', 'Live', 'Finished', 'Cancelled'][statusId] ?? '' },
    startTime: 1_795_300_000,
    venue: { venueId: 7, venueName: 'Emirates Stadium', venueLocation: 'London', venueSlug: 'emirates' },
    participants: {
      ...base.participants,
      participant1Id: 501,
      participant1Name: names[0],
      participant1Abbr: names[0].slice(0, 3).toUpperCase(),
      participant1RotNr: 101,
      participant2Id: 502,
      participant2Name: names[1],
      participant2Abbr: names[1].slice(0, 3).toUpperCase(),
      participant2RotNr: 102,
    },
    ...extra,
  };
}

export type Routes = Readonly<Record<string, (url: URL) => unknown>>;

/** Answers `/en<path>` from `routes` (a thrown status → an error body); records every request. */
export function serve(routes: Routes): URL[] {
  const requests: URL[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    requests.push(url);
    const handler = routes[url.pathname.replace(/^\/en/, '')];
    const body = handler === undefined ? { error: 404, message: 'Not found', code: 'not_found' } : handler(url);
    return Promise.resolve(new Response(JSON.stringify(body), { status: handler === undefined ? 404 : 200 }));
  });
  return requests;
}

/** Renders `element` at `/fixtures/:fixtureId` (`url`) with the app's providers and a fresh book. */
export function renderAt(element: ReactNode, url = `/fixtures/${FIXTURE}`): RenderedRoutes {
  return renderRoutes(
    [
      { path: '/fixtures/:fixtureId', element },
      { path: '*', element: <p>elsewhere</p> },
    ],
    url,
  );
}
