// The dashboard's routes: every page renders inside the shell. Add a page as a child of the
// layout route (and a link in NAV_ITEMS of ./shell.tsx).
import type { RouteObject } from 'react-router';
import { ListSkeleton } from '../components/list-skeleton.tsx';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { Shell, ShellFrame } from './shell.tsx';

/** Pages inside the shell; the catch-all stays last. */
export const pageRoutes: RouteObject[] = [
  // Loaded on first visit, so the first route's JavaScript stays small (TanStack Table and the
  // virtualizer ship with the pages that use them).
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/overview/overview-page.tsx')).OverviewPage }),
  },
  {
    path: 'fixtures',
    lazy: async () => ({ Component: (await import('../features/fixtures/fixtures-page.tsx')).FixturesPage }),
  },
  {
    path: 'fixtures/:fixtureId',
    lazy: async () => ({ Component: (await import('./fixture-page.tsx')).FixturePage }),
  },
  {
    path: 'fixtures/:fixtureId/history',
    lazy: async () => ({ Component: (await import('../features/history/history-page.tsx')).HistoryPage }),
  },
  {
    path: 'opportunities',
    lazy: async () => ({ Component: (await import('../features/opportunities/opportunities-page.tsx')).OpportunitiesPage }),
  },
  {
    path: 'futures',
    lazy: async () => ({ Component: (await import('../features/futures/futures-page.tsx')).FuturesPage }),
  },
  {
    path: 'futures/:futureId',
    lazy: async () => ({ Component: (await import('../features/futures/future-page.tsx')).FuturePage }),
  },
  {
    path: 'markets',
    lazy: async () => ({ Component: (await import('../features/markets/markets-page.tsx')).MarketsPage }),
  },
  {
    path: 'parlay',
    lazy: async () => ({ Component: (await import('../features/parlay/parlay-page.tsx')).ParlayPage }),
  },
  {
    path: 'settlement',
    lazy: async () => ({ Component: (await import('../features/settlement/settlement-page.tsx')).SettlementPage }),
  },
  {
    path: 'settlement/:fixtureId',
    lazy: async () => ({ Component: (await import('../features/settlement/settlement-sheet-page.tsx')).SettlementSheetPage }),
  },
  {
    path: 'moves',
    lazy: async () => ({ Component: (await import('../features/moves/moves-page.tsx')).MovesPage }),
  },
  {
    path: 'tracker',
    lazy: async () => ({ Component: (await import('../features/tracker/tracker-page.tsx')).TrackerPage }),
  },
  {
    path: 'watchlist',
    lazy: async () => ({ Component: (await import('../features/watchlist/watchlist-page.tsx')).WatchlistPage }),
  },
  { path: 'settings', element: <SettingsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Shell />,
    errorElement: <RouteError />,
    // Shown while a lazy page of the first URL loads.
    hydrateFallbackElement: (
      <ShellFrame>
        <ListSkeleton label="Loading the page" rows={8} />
      </ShellFrame>
    ),
    children: pageRoutes,
  },
];
