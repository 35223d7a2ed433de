// @vitest-environment jsdom
// A future's page against a service without `/futures/odds/clv`: the prices and the history stay,
// and only the CLV table says it is not offered (issue 14).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../app/testing/render-routes.tsx';
import { useSettings } from '../../settings/use-settings.ts';
import { FuturePage } from './future-page.tsx';

const FUTURE_ID = 'sr10-17-130281-1001';
const ODDS_ID = `${FUTURE_ID}:pinnacle:42`;
const FUTURE = {
  futureId: FUTURE_ID,
  reissuedFutureId: null,
  status: { live: false, statusId: 0, statusName: 'Pre-Game' },
  sport: { sportId: 10, sportName: 'Soccer' },
  tournament: { tournamentId: 17, tournamentName: 'Premier League', categoryName: 'England' },
  season: { seasonId: 130281, seasonName: 'Premier League 25/26' },
  startTime: 1755302400,
  endTime: 1779566400,
  market: { marketId: 1001, marketName: null, marketType: null },
  participants: [{ participantId: 42, participantName: 'Arsenal FC' }],
  externalProviders: {},
  bookmakers: { pinnacle: { bookmaker: 'pinnacle', bookmakerFutureId: null, participantsRotated: false } },
};
const ENTRY = { bookmaker: 'pinnacle', participantId: 42, price: 3.5, active: true, changedAt: 1761200000000 };

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    switch (url.pathname) {
      case '/en/futures/live':
        return json([FUTURE]);
      case '/en/futures/odds':
        return json([{ futureId: FUTURE_ID, odds: { pinnacle: { [ODDS_ID]: ENTRY } } }]);
      case '/en/futures/odds/historical':
        return json({ futureId: FUTURE_ID, odds: { pinnacle: { [ODDS_ID]: { [String(ENTRY.changedAt)]: ENTRY } } }, bookmakers: FUTURE.bookmakers });
      default:
        return json({ error: 404, message: 'Not found', code: 'not_found' }, 404);
    }
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a future without CLV', () => {
  it('shows its prices and its price history, and says only /futures/odds/clv is not offered', async () => {
    renderRoutes([{ path: '/futures/:futureId', element: <FuturePage /> }], `/futures/${FUTURE_ID}`);
    expect(await screen.findByRole('heading', { name: 'Price history' })).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Prices per participant and bookmaker' }).textContent).toContain('Arsenal FC');
    await screen.findByText(/Not offered by this service/);
    const notOffered = screen.getAllByText(/Not offered by this service/).map((el) => el.textContent);
    expect(notOffered).toEqual(['Not offered by this service: /futures/odds/clv']);
  });
});
