// @vitest-environment jsdom
// The price peek with fabricated data: what a trader reads on hovering or focusing a price — its
// age, the previous price (seen on the page, else from history), the opening price (OLV), the
// stake limit and the book's freshness bound.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import { fixtureView } from '../../book/book-test-data.ts';
import { BookContext } from '../../book/use-book.ts';
import { FIXTURE_ID, entry, fixtureOdds, metas, oddsIdOf, overOf, seededBook } from './board-test-data.ts';
import { PriceMemory } from './price-memory.ts';
import { PricePeek } from './price-peek.tsx';

const ODDS_ID = oddsIdOf('alpha', overOf(0));
/** When the shown price was set (epoch ms), and the test's "now": 12 s later. */
const CHANGED_AT = 1_767_225_600_000;
const NOW = CHANGED_AT + 12_000;

function clvEntry(price: number, changedAt: number) {
  return { bookmaker: 'alpha', outcomeId: overOf(0), playerId: 0, price, priceFractional: '', priceAmerican: Math.round(100 * (price - 1)), active: true, limit: null, changedAt };
}

function historyEntry(price: number, changedAt: number) {
  return { bookmaker: 'alpha', outcomeId: overOf(0), playerId: 0, marketId: 1000, price, active: true, marketActive: true, changedAt };
}

/** The service: OLV 2.40 at CHANGED_AT − 1 h; history: 2.20, then 2.30 from CHANGED_AT − 30 s. */
function answer(path: string): unknown {
  if (path === '/fixtures/odds/clv') {
    return { ...fixtureView(FIXTURE_ID, 1), reissuedFixtureId: null, odds: { alpha: { [ODDS_ID]: { olv: clvEntry(2.4, CHANGED_AT - 3_600_000), clv: clvEntry(2.1, CHANGED_AT) } } } };
  }
  if (path === '/fixtures/odds/historical') {
    const recorded = [historyEntry(2.2, CHANGED_AT - 60_000), historyEntry(2.3, CHANGED_AT - 30_000), historyEntry(2.1, CHANGED_AT)];
    return { fixtureId: FIXTURE_ID, odds: { alpha: { [ODDS_ID]: Object.fromEntries(recorded.map((e) => [String(e.changedAt), e])) } } };
  }
  return { error: 'not found' };
}

function renderPeek(memory: PriceMemory, limit: number | null = 500) {
  const odds = fixtureOdds(1);
  const alpha = odds.alpha ?? {};
  alpha[ODDS_ID] = entry('alpha', 0, overOf(0), 2.1, { changedAt: CHANGED_AT, limit });
  const book = seededBook(odds, metas());
  const fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace(/^\/en/, '');
    const body = answer(path);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 'error' in (body as object) ? 404 : 200 }));
  };
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'demo-key', lang: 'en', fetch });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ApiClientContext value={client}>
        <MemoryRouter>
          <BookContext value={book}>
          <PricePeek
            target={{ oddsId: ODDS_ID, top: 100, bottom: 130, left: 50 }}
            fixtureId={FIXTURE_ID}
            live
            memory={memory}
            nameOf={(slug) => slug.toUpperCase()}
            boundOf={(slug) => (slug === 'alpha' ? '10 s (live)' : null)}
            format="decimal"
            commission={undefined}
          />
          </BookContext>
        </MemoryRouter>
      </ApiClientContext>
    </QueryClientProvider>,
  );
  // A group, not a tooltip: it holds the "Track this bet" link.
  return screen.getByRole('group', { name: 'ALPHA price details' });
}

const part = (peek: HTMLElement, name: string) => peek.querySelector(`[data-peek="${name}"]`)?.textContent ?? null;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the price peek', () => {
  it('names the book and the price, and says its age since changedAt', () => {
    const peek = renderPeek(new PriceMemory());
    expect(peek.querySelector('.peek-title')?.textContent).toBe('ALPHA 2.10');
    expect(part(peek, 'age')).toMatch(/^12 s \(since .+\)$/);
  });

  it('gives the previous price seen on the page, and when it was replaced', () => {
    const memory = new PriceMemory();
    memory.record(ODDS_ID, entry('alpha', 0, overOf(0), 2.05, { changedAt: CHANGED_AT - 40_000 }), entry('alpha', 0, overOf(0), 2.1, { changedAt: CHANGED_AT }));
    const peek = renderPeek(memory);
    expect(part(peek, 'previous')).toMatch(/^2\.05, changed at .+ \(12 s ago\)$/);
  });

  it('looks the previous price up in the history when the page has not seen one', async () => {
    const peek = renderPeek(new PriceMemory());
    await vi.waitFor(() => {
      expect(part(peek, 'previous')).toMatch(/^2\.30, changed at .+ \(12 s ago\), from history$/);
    });
  });

  it('gives the opening price from /fixtures/odds/clv', async () => {
    const peek = renderPeek(new PriceMemory());
    await vi.waitFor(() => {
      expect(part(peek, 'opening')).toMatch(/^2\.40 at .+$/);
    });
  });

  it('gives the stake limit when the book states one, and the book\'s freshness bound', () => {
    const peek = renderPeek(new PriceMemory());
    expect(part(peek, 'limit')).toBe('500');
    expect(part(peek, 'bound')).toBe('updated at least every 10 s (live)');
  });

  it('leaves the limit out when the book states none', () => {
    const peek = renderPeek(new PriceMemory(), null);
    expect(part(peek, 'limit')).toBeNull();
  });
});
