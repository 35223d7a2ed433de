// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import { LiveBook } from '../../book/book.ts';
import { fixtureView } from '../../book/book-test-data.ts';
import { BookContext } from '../../book/use-book.ts';
import { BOOKMAKER_RECORDS, FIXTURE_ID, catalogue, fixtureOdds, metas } from './board-test-data.ts';
import { FixtureOdds } from './fixture-odds.tsx';
import type { SlipApi } from './odds-board.tsx';

const slip: SlipApi = { legs: [], has: () => false, toggle: () => undefined, clear: () => undefined };

type Route = (path: string, params: URLSearchParams) => { status: number; body: unknown } | 'pending';

/** The real REST client over a fake transport answering by path. */
function renderOdds(route: Route, search = '') {
  const fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const answer = route(url.pathname.replace(/^\/en/, ''), url.searchParams);
    if (answer === 'pending') return new Promise<Response>(() => undefined);
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
  };
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'demo-key', lang: 'en', fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const book = new LiveBook();
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={client}>
        <BookContext value={book}>
          <MemoryRouter initialEntries={[`/fixtures/${FIXTURE_ID}${search}`]}>
            <FixtureOdds fixtureId={FIXTURE_ID} slip={slip} />
          </MemoryRouter>
        </BookContext>
      </ApiClientContext>
    </QueryClientProvider>,
  );
  return { book };
}

function service(odds: ReturnType<typeof fixtureOdds>): Route {
  return (path) => {
    if (path === '/fixtures/odds') return { status: 200, body: [{ ...fixtureView(FIXTURE_ID, 1), odds, bookmakers: Object.keys(odds).length === 0 ? {} : metas() }] };
    if (path === '/markets') return { status: 200, body: catalogue(3) };
    if (path === '/bookmakers') return { status: 200, body: BOOKMAKER_RECORDS };
    return { status: 404, body: { error: 'not found' } };
  };
}

afterEach(() => {
  cleanup();
});

describe('FixtureOdds', () => {
  it('shows a loading skeleton until the snapshot arrives', () => {
    renderOdds(() => 'pending');
    expect(screen.getByRole('status', { name: 'Loading odds' }).getAttribute('aria-busy')).toBe('true');
  });

  it('shows the board once the snapshot and the catalogue are in, with bookmaker names', async () => {
    renderOdds(service(fixtureOdds(3)));
    expect(await screen.findByRole('grid', { name: 'Odds by bookmaker' })).toBeTruthy();
    expect(await screen.findByRole('columnheader', { name: 'BETA' })).toBeTruthy();
    expect(screen.getByText('Total goals 0.5')).toBeTruthy();
  });

  it('seeds the page\'s book with the snapshot', async () => {
    const { book } = renderOdds(service(fixtureOdds(3)));
    await screen.findByRole('grid', { name: 'Odds by bookmaker' });
    expect(Object.keys(book.fixtureOdds(FIXTURE_ID)).sort()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('says so when no bookmaker quotes the fixture yet', async () => {
    renderOdds(service({}));
    expect((await screen.findByText(/No bookmaker quotes this fixture yet/)).textContent).toMatch(/appear here as soon as one does/);
  });

  it('says what to do when the service does not know the fixture', async () => {
    renderOdds((path) => (path === '/fixtures/odds' ? { status: 200, body: [] } : { status: 200, body: [] }));
    expect((await screen.findByText(/does not know fixture/)).textContent).toMatch(/pick a\s+fixture from the Fixtures list/);
  });

  it('explains a refused request and offers to try again', async () => {
    renderOdds(() => ({ status: 403, body: { error: 403, code: 'channel_not_allowed', message: 'Not entitled to sport 10.' } }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/Not entitled to sport 10/);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('takes the de-vig method from the URL', async () => {
    renderOdds(service(fixtureOdds(3)), '?devig=shin');
    expect(await screen.findByRole('columnheader', { name: 'Fair Shin' })).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'De-vig method' }).value).toBe('shin');
  });
});
