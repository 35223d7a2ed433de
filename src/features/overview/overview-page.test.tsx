// @vitest-environment jsdom
// The overview over a fake service: live fixtures per sport with links to the filtered list, live
// score from the book, the fixtures about to start, empty and failed lists in words.
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../app/testing/render-routes.tsx';
import { LiveBook } from '../../book/book.ts';
import { fixtureView } from '../../book/book-test-data.ts';
import { useSettings } from '../../settings/use-settings.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import { OverviewPage } from './overview-page.tsx';
import { isLive } from '../../wire/status.ts';

function view(fixtureId: string, statusId: 0 | 1, sport: [number, string], names: [string, string], startTime: number): FixtureView {
  const base = fixtureView(fixtureId, statusId);
  return {
    ...base,
    sport: { sportId: sport[0], sportName: sport[1] },
    startTime,
    participants: { ...base.participants, participant1Name: names[0], participant2Name: names[1] },
    scores: isLive(statusId) ? { result: { period: 'result', participant1Score: 1, participant2Score: 0, updatedAt: '2026-11-22T10:00:00Z' } } : {},
    clock: isLive(statusId) ? { currentPeriod: 'p1', currentTime: 1260, remainingTime: null, remainingTimeInPeriod: null, stopped: false } : null,
  };
}

const LIVE = [
  view('f-ars', 1, [10, 'Soccer'], ['Arsenal', 'Chelsea'], 100),
  view('f-lee', 1, [10, 'Soccer'], ['Leeds', 'Derby'], 50),
  view('f-nyk', 1, [11, 'Basketball'], ['New York', 'Boston'], 60),
];
const SOON = [view('f-hul', 0, [10, 'Soccer'], ['Hull', 'Stoke'], 2_000_000_000), view('f-rom', 0, [12, 'Tennis'], ['Rome', 'Paris'], 1_999_999_000)];

const FINISHED: FixtureView = { ...view('f-fin', 0, [10, 'Soccer'], ['Fulham', 'Burnley'], 2_000_000_000), status: { live: false, statusId: 2, statusName: 'Finished' } };

let live: FixtureView[] = LIVE;
let failLive = false;
let soonQuery: URLSearchParams | null = null;

function serve(): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    // A v5 service that applies the spec's start-time window and ignores every other list
    // parameter: it answers finished and pre-game fixtures to a request for live ones.
    if (url.pathname === '/en/fixtures' && url.searchParams.has('startTimeFrom')) {
      soonQuery = url.searchParams;
      return json([...SOON, FINISHED]);
    }
    if (url.pathname === '/en/fixtures') {
      return failLive ? json({ error: 500, message: 'boom', code: 'internal' }, 500) : json([...live, FINISHED, ...SOON]);
    }
    return json({ error: 404, message: 'Not found', code: 'not_found' }, 404);
  });
}

function renderPage(): LiveBook {
  return renderRoutes([{ path: '/', element: <OverviewPage /> }], '/').book;
}

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
  live = LIVE;
  failLive = false;
  soonQuery = null;
  serve();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const section = (name: string) => screen.getByRole('region', { name });

describe('the overview', () => {
  it('counts live fixtures per sport, each count a link to the filtered fixtures list', async () => {
    renderPage();
    const chips = await screen.findByRole('list', { name: 'Live fixtures per sport' });
    const links = within(chips).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Soccer 2', 'Basketball 1']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/fixtures?sport=10&live=true', '/fixtures?sport=11&live=true']);
  });

  it('lists live fixtures by sport then start, with score and clock, each a link to its odds screen', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Arsenal – Chelsea' });
    const rows = within(section('In play now')).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['SoccerLeeds – Derby1–0P1 21:00', 'SoccerArsenal – Chelsea1–0P1 21:00', 'BasketballNew York – Boston1–0P1 21:00']);
    expect(screen.getByRole('link', { name: 'Arsenal – Chelsea' }).getAttribute('href')).toBe('/fixtures/f-ars');
  });

  it('follows a goal from the stream without a refetch', async () => {
    const book = renderPage();
    await screen.findByRole('link', { name: 'Arsenal – Chelsea' });
    const row = () => screen.getByRole('link', { name: 'Arsenal – Chelsea' }).closest('tr');
    act(() => {
      book.applyUpdate({
        channel: 'scores',
        type: 'UPDATE',
        ts: 1,
        entryId: '1-1',
        payload: { fixtureId: 'f-ars', scores: { result: { period: 'result', participant1Score: 2, participant2Score: 0, updatedAt: '2026-11-22T10:05:00Z' } } },
      });
      book.flush();
    });
    expect(row()?.textContent).toContain('2–0');
  });

  it('lists the fixtures starting in the next hours, earliest first, asked for with a minute-aligned window', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Rome – Paris' });
    const names = within(section('Starting in the next 3 hours')).getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Rome – Paris', 'Hull – Stoke', 'All pre-game fixtures']);
    const from = Number(soonQuery?.get('startTimeFrom'));
    expect(from % 60).toBe(0);
    expect(Number(soonQuery?.get('startTimeTo')) - from).toBe(3 * 3600);
  });

  it('shows in play only what each record says is live, though the service answers every fixture (issue 14 item 4)', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Arsenal – Chelsea' });
    const inPlay = within(section('In play now')).getAllByRole('link').map((link) => link.textContent);
    expect(inPlay).not.toContain('Fulham – Burnley');
    expect(inPlay).not.toContain('Hull – Stoke');
    const soon = within(section('Starting in the next 3 hours')).getAllByRole('link').map((link) => link.textContent);
    expect(soon).not.toContain('Fulham – Burnley');
  });

  it('says so when nothing is in play, and shows a failed list in words with a retry', async () => {
    live = [];
    renderPage();
    expect(await screen.findByText('No fixture is in play right now.')).toBeTruthy();
    cleanup();
    failLive = true;
    renderPage();
    const failure = await within(await screen.findByRole('region', { name: 'In play now' })).findByRole('alert');
    expect(failure.textContent).toMatch(/boom|500/u);
    expect(within(section('In play now')).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
