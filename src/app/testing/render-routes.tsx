// The page tests' harness: routes in a memory router, inside the app's providers, with a fresh
// live book and a query client that does not retry (a failure shows at once).
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { LiveBook } from '../../book/book.ts';
import { BookContext } from '../../book/use-book.ts';
import { AppProviders } from '../providers.tsx';

export interface RenderedRoutes {
  readonly router: DataRouter;
  readonly book: LiveBook;
}

/** Renders `routes` at `url`; the returned book is the one the pages read. */
export function renderRoutes(routes: RouteObject[], url: string): RenderedRoutes {
  const book = new LiveBook();
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <BookContext value={book}>
        <RouterProvider router={router} />
      </BookContext>
    </AppProviders>,
  );
  return { router, book };
}
