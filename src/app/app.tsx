// The dashboard: providers around the router. A 401 from any query leads to the settings page,
// with the reason in the URL so the page can say what is wrong with the key.
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider, type DataRouter } from 'react-router';
import { settingsPathAfterUnauthorized } from '../features/settings/unauthorized-reason.ts';
import { AppProviders } from './providers.tsx';
import { createQueryClient } from './query-client.ts';
import { routes } from './routes.tsx';

/** The app's query client, sending the user to the settings on a 401 unless already there. */
export function createAppQueryClient(router: DataRouter): QueryClient {
  return createQueryClient({
    onUnauthorized: (error) => {
      const { pathname, search } = router.state.location;
      if (pathname === '/settings') return;
      void router.navigate(settingsPathAfterUnauthorized(error, `${pathname}${search}`));
    },
  });
}

export function App() {
  const [router] = useState(() => createBrowserRouter(routes));
  const [queryClient] = useState(() => createAppQueryClient(router));
  return (
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
