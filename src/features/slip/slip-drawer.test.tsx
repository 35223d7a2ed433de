// @vitest-environment jsdom
// The slip drawer in a browser-like DOM over a fake service: the slip's URL round trip (the link
// wins over storage on load, then the URL follows the slip), persistence, the 20-leg limit, and
// each leg's live price from the book in the chosen odds format.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataRouter } from 'react-router';
import { renderRoutes, type RenderedRoutes } from '../../app/testing/render-routes.tsx';
import { LiveBook } from '../../book/book.ts';
import { fixtureView, MARKET_1X2, oddsEntry, oddsFrame } from '../../book/book-test-data.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { LIMIT_MESSAGE, parlayIdOfLegs } from './slip-legs.ts';
import { SLIP_STORAGE_KEY } from './slip-store.ts';
import { FIXTURE_A, leg, manyLegs } from './slip-test-data.ts';
import { SlipDrawer } from './slip-drawer.tsx';
import { slipStore } from './use-slip.ts';

const VIEW = (() => {
  const base = fixtureView(FIXTURE_A, 1);
  return { ...base, participants: { ...base.participants, participant1Name: 'Arsenal', participant2Name: 'Chelsea' } };
})();
const BOOKMAKERS = [{ bookmaker: 'pinnacle', bookmakerName: 'Pinnacle', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 }];

let requests: URL[] = [];

function serve(): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    requests.push(url);
    const path = url.pathname.replace(/^\/en/, '');
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    if (path === '/fixtures') return json([VIEW]);
    if (path === '/markets') return json([MARKET_1X2]);
    if (path === '/bookmakers') return json(BOOKMAKERS);
    if (path === '/fixtures/odds') {
      const entry = { ...oddsEntry(5, 3.25, 'pinnacle', 103) };
      return json([{ ...VIEW, bookmakers: {}, odds: { pinnacle: { [leg(103)]: entry } } }]);
    }
    return json({ error: 404, message: 'Not found', code: 'not_found' }, 404);
  });
}

function renderDrawer(url = `/fixtures/${FIXTURE_A}`): RenderedRoutes {
  return renderRoutes(
    [
      { path: '/fixtures/:fixtureId', element: <SlipDrawer /> },
      { path: '/parlay', element: <p>pricing page</p> },
    ],
    url,
  );
}

/** Puts prices into the book as the stream would. */
function stream(book: LiveBook, entries: Parameters<typeof oddsFrame>[0]): void {
  act(() => {
    book.apply([{ op: 'update', frame: oddsFrame(entries, FIXTURE_A) }]);
    book.flush();
  });
}

const slipParam = (router: DataRouter) => new URLSearchParams(router.state.location.search).get('slip');

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
  slipStore.setState({ legs: [], notice: null, urlReconciled: false });
  requests = [];
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the slip drawer', () => {
  it('restores the slip from a shared link, the link winning over the stored slip', () => {
    slipStore.getState().setLegs([leg(102)]);
    renderDrawer(`/fixtures/${FIXTURE_A}?slip=${encodeURIComponent(parlayIdOfLegs([leg(103), leg(101)]))}`);
    expect(slipStore.getState().legs).toEqual([leg(101), leg(103)]);
    expect(JSON.parse(localStorage.getItem(SLIP_STORAGE_KEY) ?? '{}')).toMatchObject({ state: { legs: [leg(101), leg(103)] } });
    expect(within(screen.getByRole('list', { name: 'Legs' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('writes the stored slip into the URL when the link has none', async () => {
    slipStore.getState().setLegs([leg(101)]);
    const { router } = renderDrawer();
    await waitFor(() => {
      expect(slipParam(router)).toBe(leg(101));
    });
  });

  it('puts a toggled leg in the URL and in storage, and takes it out again', async () => {
    const { router } = renderDrawer();
    act(() => {
      slipStore.getState().toggle(leg(102));
    });
    await waitFor(() => {
      expect(slipParam(router)).toBe(leg(102));
    });
    expect(localStorage.getItem(SLIP_STORAGE_KEY)).toContain(leg(102));
    act(() => {
      slipStore.getState().toggle(leg(102));
    });
    await waitFor(() => {
      expect(slipParam(router)).toBeNull();
    });
  });

  it('lists each leg in words with its live price in the chosen format, and the simple product', async () => {
    act(() => {
      useSettings.getState().update({ oddsFormat: 'american' });
    });
    slipStore.getState().setLegs([leg(101), leg(102)]);
    const { book } = renderDrawer();
    stream(book, [oddsEntry(10, 2, 'pinnacle', 101), oddsEntry(10, 1.5, 'pinnacle', 102)]);
    const legs = screen.getByRole('list', { name: 'Legs' });
    expect(await within(legs).findByText('Match Result: X')).toBeTruthy();
    expect(within(legs).getAllByText('Arsenal – Chelsea')).toHaveLength(2);
    expect(within(legs).getAllByText('Pinnacle')).toHaveLength(2);
    expect(within(legs).getAllByTestId('slip-leg-price').map((e) => e.textContent)).toEqual(['+100', '-200']);
    expect(screen.getByTestId('slip-product').textContent).toBe('+200');
    expect(screen.getByText('Simple product of the current prices')).toBeTruthy();
  });

  it('moves a leg price and the product when the book changes', () => {
    slipStore.getState().setLegs([leg(101), leg(102)]);
    const { book } = renderDrawer();
    stream(book, [oddsEntry(10, 2, 'pinnacle', 101), oddsEntry(10, 1.5, 'pinnacle', 102)]);
    expect(screen.getByTestId('slip-product').textContent).toBe('3.00');
    stream(book, [oddsEntry(20, 2.2, 'pinnacle', 101)]);
    expect(screen.getAllByTestId('slip-leg-price').map((e) => e.textContent)).toEqual(['2.20', '1.50']);
    expect(screen.getByTestId('slip-product').textContent).toBe('3.30');
  });

  it('says a leg is suspended and withholds the product', () => {
    slipStore.getState().setLegs([leg(101), leg(102)]);
    const { book } = renderDrawer();
    stream(book, [oddsEntry(10, 2, 'pinnacle', 101), { ...oddsEntry(10, 1.5, 'pinnacle', 102), marketActive: false }]);
    expect(screen.getByText('market suspended')).toBeTruthy();
    expect(screen.queryByTestId('slip-product')).toBeNull();
    expect(screen.getByText(/not available: 1 leg has no current price/)).toBeTruthy();
  });

  it('loads the price of a leg the book does not hold yet', async () => {
    slipStore.getState().setLegs([leg(103)]);
    renderDrawer();
    expect((await screen.findByTestId('slip-leg-price')).textContent).toBe('3.25');
    const oddsCall = requests.find((u) => u.pathname === '/en/fixtures/odds');
    expect(oddsCall?.searchParams.get('fixtureIds')).toBe(FIXTURE_A);
    expect(oddsCall?.searchParams.get('bookmakers')).toBe('pinnacle');
  });

  it('refuses a 21st leg with a clear message', () => {
    slipStore.getState().setLegs(manyLegs(20));
    renderDrawer();
    act(() => {
      slipStore.getState().toggle(leg(10_999));
    });
    expect(screen.getByRole('alert').textContent).toContain(LIMIT_MESSAGE);
    expect(slipStore.getState().legs).toHaveLength(20);
  });

  it('removes a leg with its button', () => {
    slipStore.getState().setLegs([leg(101), leg(102)]);
    renderDrawer();
    fireEvent.click(screen.getAllByRole('button', { name: /^Remove / })[0] as HTMLElement);
    expect(slipStore.getState().legs).toEqual([leg(102)]);
  });

  it('stays folded while empty, opens with the first leg, and folds on its toggle', () => {
    renderDrawer();
    const toggle = screen.getByRole('button', { name: 'Parlay slip · 0 legs' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    act(() => {
      slipStore.getState().toggle(leg(101));
    });
    expect(screen.getByRole('button', { name: 'Parlay slip · 1 leg' }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('list', { name: 'Legs' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Parlay slip · 1 leg' }));
    expect(screen.queryByRole('list', { name: 'Legs' })).toBeNull();
  });

  it('shows the number of legs and their simple product on its toggle, folded or not', () => {
    slipStore.getState().setLegs([leg(101), leg(102)]);
    const { book } = renderDrawer();
    stream(book, [oddsEntry(10, 2, 'pinnacle', 101), oddsEntry(10, 1.5, 'pinnacle', 102)]);
    const toggle = screen.getByRole('button', { name: 'Parlay slip · 2 legs · 3.00' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('button', { name: 'Parlay slip · 2 legs · 3.00' })).toBe(toggle);
  });

  it('links to the pricing page with the slip as its parlayId', () => {
    slipStore.getState().setLegs([leg(102), leg(101)]);
    renderDrawer();
    const link = screen.getByRole('link', { name: 'Price this parlay' });
    expect(link.getAttribute('href')).toBe(`/parlay?slip=${encodeURIComponent(`${leg(101)},${leg(102)}`)}`);
  });

  it('links "Track this bet" to the tracker with the legs and their current prices', () => {
    slipStore.getState().setLegs([leg(101), leg(102)]);
    const { book } = renderDrawer();
    stream(book, [oddsEntry(10, 2, 'pinnacle', 101), oddsEntry(10, 1.5, 'pinnacle', 102)]);
    const href = screen.getByRole('link', { name: 'Track this bet' }).getAttribute('href') ?? '';
    const params = new URLSearchParams(href.split('?')[1]);
    expect(href.startsWith('/tracker?')).toBe(true);
    expect(params.get('oddsIds')).toBe(`${leg(101)},${leg(102)}`);
    expect(params.get('prices')).toBe('2,1.5');
  });
});
