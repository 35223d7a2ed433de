// @vitest-environment jsdom
// The app's routing around the shell: pages render inside it, an unknown path too, and a 401 from
// any query leads to the settings page saying why.
import { useQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { sportsQuery } from '../api/queries.ts';
import { useApiClient } from '../api/use-api-client.ts';
import { leg } from '../features/slip/slip-test-data.ts';
import { slipStore } from '../features/slip/use-slip.ts';
import { useSettings } from '../settings/use-settings.ts';
import { createAppQueryClient } from './app.tsx';
import { AppProviders } from './providers.tsx';
import { pageRoutes } from './routes.tsx';
import { Shell } from './shell.tsx';

const LEG = leg(10_101);

/** A page that reads /sports, as any page reading the API would. */
function SportsProbe() {
  const sports = useQuery(sportsQuery(useApiClient()));
  if (sports.isError) return <p>failed</p>;
  return <p>{sports.isSuccess ? `${String(sports.data.length)} sports` : 'loading'}</p>;
}

function renderAt(path: string) {
  const routes: RouteObject[] = [{ path: '/', element: <Shell />, children: [{ path: 'probe', element: <SportsProbe /> }, ...pageRoutes] }];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={createAppQueryClient(router)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', () => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the app shell and routes', () => {
  it('shows the product name and the overview at /', async () => {
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Odds Explorer' })).toBeTruthy();
    expect(await screen.findByText(/Live odds across bookmakers/)).toBeTruthy();
  });

  it('renders an unknown path inside the shell', () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Odds Explorer' })).toBeTruthy();
    expect(screen.getByText('No page here')).toBeTruthy();
  });

  it('sends the user to the settings when a query answers 401', async () => {
    answer(401, { error: 401, message: 'Invalid API key.', code: 'unauthorized' });
    const router = renderAt('/probe');
    expect((await screen.findByRole('alert')).textContent).toMatch(/refused the API key/);
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('refetches with the new key, never showing data of the old one, when the key changes', async () => {
    const sportsFor = (key: string | null) => (key === 'demo-key' ? 2 : 5);
    vi.stubGlobal('fetch', (_input: RequestInfo | URL, init?: RequestInit) => {
      const count = sportsFor(new Headers(init?.headers).get('x-api-key'));
      const body = Array.from({ length: count }, (_, i) => ({ sportId: 10 + i, sportName: `S${String(i)}`, sportSlug: `s${String(i)}` }));
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    });
    renderAt('/probe');
    expect(await screen.findByText('2 sports')).toBeTruthy();
    act(() => {
      useSettings.getState().update({ apiKey: 'other-key' });
    });
    expect(screen.queryByText('2 sports')).toBeNull();
    expect(await screen.findByText('5 sports')).toBeTruthy();
  });

  /** The slip's legs after a settings change, on a page that held one leg. */
  function slipAfter(patch: Parameters<ReturnType<typeof useSettings.getState>['update']>[0]): readonly string[] {
    answer(200, []);
    renderAt('/probe');
    act(() => {
      slipStore.getState().setLegs([LEG]);
    });
    expect(slipStore.getState().legs).toEqual([LEG]);
    act(() => {
      useSettings.getState().update(patch);
    });
    return slipStore.getState().legs;
  }

  it('empties the parlay slip when the service changes: its legs are the old service\'s oddsIds', () => {
    expect(slipAfter({ baseUrl: 'http://127.0.0.1:9', apiKey: 'other-key' })).toEqual([]);
  });

  it('keeps the parlay slip when only the language changes', () => {
    expect(slipAfter({ lang: 'de' })).toEqual([LEG]);
  });

  it('does not leave the page on a 403', async () => {
    answer(403, { error: 403, message: 'Not entitled.', code: 'channel_not_allowed' });
    const router = renderAt('/probe');
    expect(await screen.findByText('failed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/probe');
  });
});
