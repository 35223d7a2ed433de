// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import { LiveBook } from '../../book/book.ts';
import { fixtureView, meta } from '../../book/book-test-data.ts';
import { BookContext } from '../../book/use-book.ts';
import { useBoardPrefs, useBoardPrefsStore } from '../../settings/use-board-prefs.ts';
import { FIXTURE_ID, UPDATED_AT, catalogue, entry, fixtureOdds, metas, oddsIdOf, overOf, underOf } from './board-test-data.ts';
import { FixtureOdds } from './fixture-odds.tsx';

type Route = (path: string, params: URLSearchParams) => { status: number; body: unknown } | 'pending';

/** The real REST client over a fake transport answering by path; `beside` renders next to the odds. */
function renderOdds(route: Route, search = '', beside: ReactNode = null) {
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
            {beside}
            <FixtureOdds fixtureId={FIXTURE_ID} />
          </MemoryRouter>
        </BookContext>
      </ApiClientContext>
    </QueryClientProvider>,
  );
  return { book };
}

const BOOKMAKERS = ['alpha', 'beta', 'gamma', 'betfair-ex'].map((bookmaker) => ({
  bookmaker,
  bookmakerName: bookmaker === 'betfair-ex' ? 'Betfair Exchange' : bookmaker.toUpperCase(),
  maxDelayLiveInSec: 10,
  maxDelayPregameInSec: 60,
  maxDelayPregameMainInSec: null,
}));

function service(odds: ReturnType<typeof fixtureOdds>, bookmakers = metas()): Route {
  return (path) => {
    if (path === '/fixtures/odds') return { status: 200, body: [{ ...fixtureView(FIXTURE_ID, 1), odds, bookmakers: Object.keys(odds).length === 0 ? {} : bookmakers }] };
    if (path === '/markets') return { status: 200, body: catalogue(3) };
    if (path === '/bookmakers') return { status: 200, body: BOOKMAKERS };
    return { status: 404, body: { error: 'not found' } };
  };
}

/**
 * The settings page's commission field as far as the board sees it: the store of the current
 * service (the field itself is tested in features/settings; a feature does not import another).
 */
function SetCommission() {
  const [, update] = useBoardPrefs();
  return (
    <button type="button" onClick={() => { update({ commission: { 'betfair-ex': 0 } }); }}>
      Betfair Exchange at 0%
    </button>
  );
}

afterEach(() => {
  cleanup();
  useBoardPrefsStore.setState({ byService: {} });
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

  it('compares prices net of the commission set in the settings', async () => {
    // Betfair Exchange offers the highest gross Over, 1.98; net of its default 5% that is 1.931,
    // below beta's 1.95. At 0% its 1.98 is the best price.
    const odds = {
      ...fixtureOdds(3),
      'betfair-ex': Object.fromEntries(
        [0, 1, 2].flatMap((i) => [
          [oddsIdOf('betfair-ex', overOf(i)), entry('betfair-ex', i, overOf(i), 1.98)],
          [oddsIdOf('betfair-ex', underOf(i)), entry('betfair-ex', i, underOf(i), 1.8)],
        ]),
      ),
    };
    renderOdds(service(odds, { ...metas(), 'betfair-ex': meta('betfair-ex', UPDATED_AT, {}) }), '', <SetCommission />);
    const grid = await screen.findByRole('grid', { name: 'Odds by bookmaker' });
    const firstBest = () => within(grid).getAllByRole('gridcell').find((cell) => cell.classList.contains('best-cell'));
    expect(firstBest()?.dataset.bestBooks).toBe('beta');
    expect(screen.getByTestId('odds-notes').textContent).toContain('Betfair Exchange 5.0%');
    fireEvent.click(screen.getByRole('button', { name: 'Betfair Exchange at 0%' }));
    expect(firstBest()?.dataset.bestBooks).toBe('betfair-ex');
    expect(firstBest()?.dataset.best).toBe('1.98');
    expect(screen.getByTestId('odds-notes').textContent).not.toContain('Betfair Exchange');
  });
});
