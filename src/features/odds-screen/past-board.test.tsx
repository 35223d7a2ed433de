// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import { fixtureView } from '../../book/book-test-data.ts';
import type { HistoricalOddsEntry } from '../../wire/rest-schemas.ts';
import { BOOKMAKER_RECORDS, FIXTURE_ID, catalogue, oddsIdOf, overOf, underOf } from './board-test-data.ts';
import { PastBoard } from './past-board.tsx';

function row(bookmaker: string, outcomeId: number, price: number, changedAt: number, active = true): HistoricalOddsEntry {
  return { bookmaker, outcomeId, playerId: 0, marketId: 1000, price, active, marketActive: active, changedAt };
}

/** One totals line: alpha moves at 3 s, beta's market is suspended at 2 s, gamma first quotes at 1.5 s. */
const RECORDED: Record<string, HistoricalOddsEntry[]> = {
  alpha: [row('alpha', overOf(0), 1.9, 1000), row('alpha', overOf(0), 2.0, 3000), row('alpha', underOf(0), 1.9, 1000)],
  beta: [row('beta', overOf(0), 1.95, 1000), row('beta', overOf(0), 1.95, 2000, false), row('beta', underOf(0), 1.85, 1000), row('beta', underOf(0), 1.85, 2000, false)],
  gamma: [row('gamma', overOf(0), 1.85, 1500), row('gamma', underOf(0), 1.95, 1500)],
};

/** The endpoint's shape for the bookmakers asked: bookmaker → oddsId → changedAt → row. */
function historyAnswer(bookmakers: readonly string[]) {
  const odds: Record<string, Record<string, Record<string, HistoricalOddsEntry>>> = {};
  for (const bookmaker of bookmakers) {
    for (const r of RECORDED[bookmaker] ?? []) ((odds[bookmaker] ??= {})[oddsIdOf(bookmaker, r.outcomeId)] ??= {})[String(r.changedAt)] = r;
  }
  return { fixtureId: FIXTURE_ID, odds };
}

function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-navigation={useNavigationType()}>
      {location.pathname + location.search}
    </output>
  );
}

function Page() {
  const [params] = useSearchParams();
  return <PastBoard fixtureId={FIXTURE_ID} atText={params.get('at') ?? ''} />;
}

function renderPast(at: string, { unknown = false } = {}) {
  const asked: string[] = [];
  const fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace(/^\/en/, '');
    asked.push(path);
    if (unknown && path === '/fixtures/odds/historical') {
      return Promise.resolve(new Response(JSON.stringify({ error: 400, message: 'Unknown fixtureId.', code: 'invalid_filters' }), { status: 400 }));
    }
    const body =
      path === '/fixtures'
        ? unknown
          ? []
          : [fixtureView(FIXTURE_ID, 1)]
        : path === '/bookmakers'
          ? BOOKMAKER_RECORDS
          : path === '/markets'
            ? catalogue(1)
            : path === '/fixtures/odds/historical'
              ? historyAnswer((url.searchParams.get('bookmakers') ?? '').split(','))
              : null;
    return Promise.resolve(new Response(JSON.stringify(body ?? { error: 404, message: 'no', code: 'not_found' }), { status: body === null ? 404 : 200, headers: { 'content-type': 'application/json' } }));
  };
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'demo-key', lang: 'en', fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={client}>
        <MemoryRouter initialEntries={[`/fixtures/${FIXTURE_ID}?at=${encodeURIComponent(at)}`]}>
          <Routes>
            <Route path="/fixtures/:fixtureId" element={<Page />} />
            <Route path="/settlement" element={<p>ticket check</p>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </ApiClientContext>
    </QueryClientProvider>,
  );
  return { asked };
}

const priceButton = (bookmaker: string, outcomeId: number) => document.querySelector<HTMLButtonElement>(`[data-odds-id="${oddsIdOf(bookmaker, outcomeId)}"]`);
const where = () => screen.getByTestId('where').textContent;
const AT = new Date(2500).toISOString();

afterEach(() => {
  cleanup();
});

describe('PastBoard', () => {
  it('shows each book\'s price and state as recorded at the moment, marked historical', async () => {
    renderPast(AT);
    expect((await screen.findByTestId('past-banner')).textContent).toMatch(/^Board at 1970-01-01 00:00:02 \S+ — historical/);
    await screen.findByRole('grid', { name: 'Odds by bookmaker' });
    expect(priceButton('alpha', overOf(0))?.dataset.price).toBe('1.9');
    expect(priceButton('beta', overOf(0))?.dataset.state).toBe('market-suspended');
    expect(priceButton('beta', underOf(0))?.dataset.state).toBe('market-suspended');
    expect(priceButton('gamma', underOf(0))?.dataset.price).toBe('1.95');
    expect(priceButton('gamma', underOf(0))?.dataset.state).toBe('active');
    // Best on Over at the moment: alpha's 1.9 (beta suspended, gamma 1.85).
    expect(priceButton('alpha', overOf(0))?.closest('.odds-cell')?.classList.contains('odds-cell-best')).toBe(true);
  });

  it('says what a past moment does not tell', async () => {
    renderPast(AT);
    expect((await screen.findByTestId('past-unknowns')).textContent).toMatch(/stale state, its freshness and whether it was suspended as a whole are unknown/);
    expect(screen.getByTestId('past-unknowns').textContent).toMatch(/which line was the main one is unknown/);
  });

  it('steps to the next change of any price, without flashing the moved price', async () => {
    renderPast(AT);
    await screen.findByRole('grid', { name: 'Odds by bookmaker' });
    fireEvent.click(screen.getByRole('button', { name: 'Next change ▶' }));
    expect(screen.getByTestId('where').dataset.navigation).toBe('PUSH');
    expect(where()).toBe(`/fixtures/${FIXTURE_ID}?at=${encodeURIComponent(new Date(3000).toISOString())}`);
    expect(priceButton('alpha', overOf(0))?.dataset.price).toBe('2');
    expect(priceButton('alpha', overOf(0))?.querySelector('.odds-value')?.className).toBe('odds-value');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next change ▶' }).disabled).toBe(true);
  });

  it('steps back past the change in force, to a board before it', async () => {
    renderPast(AT);
    await screen.findByRole('grid', { name: 'Odds by bookmaker' });
    // In force at 2.5 s: beta's suspension at 2 s; the change before it is gamma's first price at 1.5 s.
    fireEvent.click(screen.getByRole('button', { name: '◀ Previous change' }));
    expect(where()).toBe(`/fixtures/${FIXTURE_ID}?at=${encodeURIComponent(new Date(1500).toISOString())}`);
    expect(priceButton('beta', overOf(0))?.dataset.state).toBe('active');
    fireEvent.click(screen.getByRole('button', { name: '◀ Previous change' }));
    expect(priceButton('gamma', overOf(0))).toBeNull();
  });

  it('moves with the range, replacing the moment in the URL', async () => {
    renderPast(AT);
    const range = await screen.findByRole<HTMLInputElement>('slider', { name: 'Moment' });
    expect([range.min, range.max]).toEqual(['1000', '3000']);
    fireEvent.change(range, { target: { value: '3000' } });
    expect(where()).toContain(encodeURIComponent(new Date(3000).toISOString()));
    expect(screen.getByTestId('where').dataset.navigation).toBe('REPLACE');
    expect(priceButton('alpha', overOf(0))?.dataset.price).toBe('2');
  });

  it('offers a clicked price to the ticket check at that moment, never to the slip', async () => {
    renderPast(AT);
    await screen.findByRole('grid', { name: 'Odds by bookmaker' });
    act(() => {
      priceButton('gamma', overOf(0))?.click();
    });
    const offer = screen.getByRole('dialog', { name: 'A past price' });
    expect(offer.textContent).toMatch(/A past price does not go on the live slip/);
    const link = screen.getByRole<HTMLAnchorElement>('link', { name: /^Check this ticket at 1970-01-01 00:00:02/ });
    const target = new URL(link.href);
    expect(target.pathname).toBe('/settlement');
    expect(Object.fromEntries(target.searchParams)).toEqual({ q: oddsIdOf('gamma', overOf(0)), at: AT, book: 'gamma' });
    fireEvent.click(link);
    expect(screen.getByText('ticket check')).toBeTruthy();
  });

  it('says a moment that is not an ISO time is not one, links the live board, and asks nothing', async () => {
    const { asked } = renderPast('yesterday');
    expect((await screen.findByTestId('past-moment-error')).textContent).toMatch(/at=yesterday is not an ISO 8601 time with its zone/);
    expect(screen.getByRole<HTMLAnchorElement>('link', { name: 'See the live board' }).getAttribute('href')).toBe(`/fixtures/${FIXTURE_ID}`);
    expect(asked).not.toContain('/fixtures/odds/historical');
  });

  it('says a moment in the future is in the future', async () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    renderPast(future);
    expect((await screen.findByTestId('past-moment-error')).textContent).toBe(`at=${future} is in the future: the board has a past only up to now.See the live board`);
  });

  it('says the service does not know an unknown fixture rather than quoting the history\'s refusal', async () => {
    const { asked } = renderPast(AT, { unknown: true });
    await screen.findByText(/does not know fixture/);
    // Once the history's 400 is in as well, the page still names the fixture as unknown.
    await waitFor(() => {
      expect(asked).toContain('/fixtures/odds/historical');
    });
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByText(/does not know fixture/).textContent).toMatch(/or your API key may not see it/);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
