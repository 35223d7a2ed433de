// @vitest-environment jsdom
// The market catalogue in a browser-like DOM over a fake service: rows of every sport, filters
// and sort in the URL, and a CSV export of exactly the filtered rows.
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DataRouter } from 'react-router';
import { renderRoutes } from '../../app/testing/render-routes.tsx';
import { layOutElementsForVirtualGrids } from '../../components/virtual-grid-test-setup.ts';
import { useSettings } from '../../settings/use-settings.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { MarketsPage } from './markets-page.tsx';

function market(marketId: number, sportId: number, marketType: string, handicap: number, marketName: string, playerProp = false): Market {
  return {
    marketId,
    marketLength: 2,
    sportId,
    playerProp,
    handicap,
    period: 'result',
    marketType,
    marketName,
    marketNameShort: marketName.slice(0, 6),
    outcomes: [
      { outcomeId: marketId, outcomeName: 'Over' },
      { outcomeId: marketId + 1, outcomeName: 'Under' },
    ],
  };
}

const MARKETS: Record<string, Market[]> = {
  '10': [market(1010, 10, 'totals', 2.5, 'Total Goals 2.5'), market(1012, 10, 'totals', 3.5, 'Total Goals 3.5'), market(1001, 10, '1x2', 0, '=Match Result')],
  '11': [market(2010, 11, 'totals', 200.5, 'Total Points 200.5'), market(2020, 11, 'player_points', 20.5, 'Player Points', true)],
};

function serve(): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    if (url.pathname === '/en/sports') return json([{ sportId: 10, sportName: 'Soccer', sportSlug: 'soccer' }, { sportId: 11, sportName: 'Basketball', sportSlug: 'basketball' }]);
    if (url.pathname === '/en/markets') return json(MARKETS[url.searchParams.get('sportId') ?? ''] ?? []);
    return Promise.resolve(new Response('{}', { status: 404 }));
  });
}

function renderPage(url = '/markets'): DataRouter {
  return renderRoutes([{ path: '/markets', element: <MarketsPage /> }], url).router;
}

/** jsdom's Blob has no text(): read it the old way. */
function readText(blob: Blob | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    if (blob === undefined) {
      reject(new Error('no blob'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => {
      reject(new Error('unreadable blob'));
    };
    reader.readAsText(blob);
  });
}

const count = () => screen.getByText(/markets$/u).textContent;
const shownIds = () => [...document.querySelectorAll('.market-row:not(.market-head) [data-grid-cell$=":0"]')].map((cell) => cell.textContent);

layOutElementsForVirtualGrids();

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the market catalogue', () => {
  it('shows every sport’s markets with their ids and outcomes, in the catalogue order', async () => {
    renderPage();
    await screen.findByText('5 markets');
    expect(shownIds()).toEqual(['1001', '1010', '1012', '2010', '2020']);
    expect(screen.getByText('Total Goals 2.5')).toBeTruthy();
    expect(screen.getAllByText('1011').length).toBe(1);
  });

  it('filters by sport through the URL and says how many of all are shown', async () => {
    const router = renderPage();
    await screen.findByText('5 markets');
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: '11' } });
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sport=11');
    });
    expect(count()).toBe('2 of 5 markets');
    expect(shownIds()).toEqual(['2010', '2020']);
  });

  it('searches names, ids and outcomes together with the other filters', async () => {
    renderPage('/markets?q=total&prop=false&type=totals&sport=10');
    await screen.findByText('2 of 5 markets');
    expect(shownIds()).toEqual(['1010', '1012']);
  });

  it('sorts by a column header, descending on the second click, and keeps it in the URL', async () => {
    const router = renderPage();
    await screen.findByText('5 markets');
    fireEvent.click(screen.getByRole('button', { name: 'Line' }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=handicap');
    });
    expect(shownIds()).toEqual(['1001', '1010', '1012', '2020', '2010']);
    fireEvent.click(screen.getByRole('button', { name: /^Line/u }));
    await waitFor(() => {
      expect(router.state.location.search).toBe('?sort=-handicap');
    });
    expect(shownIds()).toEqual(['2010', '2020', '1012', '1010', '1001']);
    expect(screen.getByRole('columnheader', { name: /^Line/u }).getAttribute('aria-sort')).toBe('descending');
  });

  it('exports exactly the filtered rows as CSV, formulas defused', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderPage('/markets?sport=10');
    await screen.findByText('3 of 5 markets');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV (3 rows)' }));
    expect(blobs).toHaveLength(1);
    const text = await readText(blobs[0]);
    const lines = text.replace(/^\uFEFF/u, '').split('\r\n').filter((line) => line !== '');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe('marketId,sportId,marketType,period,handicap,playerProp,marketLength,marketName,marketNameShort,outcomeIds,outcomeNames');
    expect(lines[1]).toBe("1001,10,1x2,result,0,false,2,'=Match Result,'=Match,1001 | 1002,Over | Under");
  });

  it('offers to clear the filters when nothing matches', async () => {
    renderPage('/markets?q=nothing-like-this');
    expect(await screen.findByText('No market matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[1] as HTMLElement);
    await screen.findByText('5 markets');
  });
});
