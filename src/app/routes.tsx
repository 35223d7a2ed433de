// The dashboard's routes: every page renders inside the shell. Add a page as a child of the
// layout route (and a link in NAV_ITEMS of ./shell.tsx).
import type { RouteObject } from 'react-router';
import { SettingsPage } from '../features/settings/settings-page.tsx';
import { LandingPage } from './landing-page.tsx';
import { NotFoundPage } from './not-found-page.tsx';
import { RouteError } from './route-error.tsx';
import { Shell } from './shell.tsx';

/** Pages inside the shell; the catch-all stays last. */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <LandingPage /> },
  { path: 'settings', element: <SettingsPage /> },
  { path: '*', element: <NotFoundPage /> },
];

export const routes: RouteObject[] = [{ path: '/', element: <Shell />, errorElement: <RouteError />, children: pageRoutes }];
