// @vitest-environment jsdom
// The tracker page from what is stored: a bet whose fixture the service has forgotten still shows
// its stored close, CLV, result and profit, and the service is not asked about it again;
// bookmakers are shown by the service's names, kept and exported by slug.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import type { TrackedBet } from '../../domain/tracked-bet.ts';
import { trackedBetsToCsv } from '../../domain/tracked-bet-csv.ts';
import { fixtureView } from '../../book/book-test-data.ts';
import { TrackerPage } from './tracker-page.tsx';
import { trackerReferenceKey, trackerStorageKey } from './tracker-store.ts';

const downloads = vi.hoisted((): string[] => []);
vi.mock('../../components/csv-download.ts', () => ({
  downloadText: (text: string) => {
    downloads.push(text);
  },
}));

const BASE_URL = 'http://127.0.0.1:9';
/** The service's bookmakers list: display names that differ from the slugs. */
const BOOKMAKERS = [
  { bookmaker: 'pinnacle', bookmakerName: 'Pinnacle', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 },
  { bookmaker: 'betfair-ex', bookmakerName: 'Betfair Exchange', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 },
];
const KNOWN_FIXTURE = 'id1000000000000003';

function renderTracker(stored: readonly TrackedBet[] | string, search = '') {
  window.localStorage.setItem(trackerStorageKey(BASE_URL), typeof stored === 'string' ? stored : trackedBetsToCsv(stored));
  const asked: string[] = [];
  // A service that forgot everything but one pre-game fixture (and its bookmakers).
  const fetch = (input: RequestInfo | URL): Promise<Response> => {
    const url = input instanceof Request ? input.url : input.toString();
    asked.push(url);
    const known = url.includes('/bookmakers') ? BOOKMAKERS : url.includes('/fixtures?') && url.includes(KNOWN_FIXTURE) ? [fixtureView(KNOWN_FIXTURE, 0)] : [];
    return Promise.resolve(new Response(JSON.stringify(known), { status: 200, headers: { 'content-type': 'application/json' } }));
  };
  const client = createApiClient({ baseUrl: BASE_URL, apiKey: 'demo-key', lang: 'en', fetch });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiClientContext value={client}>
        <MemoryRouter initialEntries={[`/tracker${search}`]}>
          <TrackerPage />
        </MemoryRouter>
      </ApiClientContext>
    </QueryClientProvider>,
  );
  return { asked };
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

const settled: TrackedBet = {
  id: 'done',
  placedAt: Date.UTC(2026, 10, 20, 12),
  stake: 10,
  currency: 'GBP',
  note: '=not a formula',
  legs: [
    {
      oddsId: 'id1000000000000001:bet365:101:0',
      bookmaker: 'bet365',
      price: 2.1,
      sport: 'Football',
      label: 'Home (1X2)',
      close: {
        kind: 'closed',
        price: 2,
        fairPrice: 2.1,
        consensusPrice: 2.05,
        bookCloses: [
          { bookmaker: 'bet365', price: 2, fairPrice: 2.1 },
          { bookmaker: 'pinnacle', price: 1.96, fairPrice: 2.02 },
        ],
      },
      grade: 'won',
    },
  ],
};

describe('TrackerPage', () => {
  it('shows a forgotten fixture\'s stored close, CLV, result and P/L without asking the service', async () => {
    const [first] = settled.legs;
    if (first === undefined) throw new Error('no leg');
    // An open bet beside it, which is asked about: once it has been, the settled one would have been too.
    const open: TrackedBet = { ...settled, id: 'open', legs: [{ ...first, oddsId: 'id1000000000000002:bet365:101:0', label: 'Other', close: { kind: 'open' }, grade: null }] };
    const { asked } = renderTracker([settled, open]);
    await waitFor(() => {
      expect(asked.some((url) => url.includes('id1000000000000002'))).toBe(true);
    });
    const row = screen.getByRole('row', { name: /Home \(1X2\)/u });
    expect(within(row).getByText('2.000')).toBeTruthy();
    // 2.10 / 2.00 − 1 = +5.0%; 2.10 / 2.10 − 1 = 0.0%; 2.10 / 2.05 − 1 = +2.439… → +2.4%.
    expect(within(row).getByText('+5.0%')).toBeTruthy();
    expect(within(row).getByText('0.0%')).toBeTruthy();
    expect(within(row).getByText('+2.4%')).toBeTruthy();
    expect(within(row).getByText('won')).toBeTruthy();
    // 10 × 2.10 − 10 = 11.00.
    expect(within(row).getByText('11.00')).toBeTruthy();
    expect(within(row).getByText('=not a formula')).toBeTruthy();
    expect(asked.filter((url) => url.includes('id1000000000000001'))).toEqual([]);
  });

  it('judges a bet against the chosen reference from its stored figures, and keeps the choice for the service', () => {
    const [first] = settled.legs;
    if (first === undefined) throw new Error('no leg');
    // A bet at a book whose closes held no Pinnacle price.
    const elsewhere: TrackedBet = {
      ...settled,
      id: 'elsewhere',
      legs: [{ ...first, bookmaker: 'betfair', label: 'Away (1X2)', close: { kind: 'closed', price: 3, fairPrice: null, consensusPrice: 3.1, bookCloses: [{ bookmaker: 'betfair', price: 3, fairPrice: null }] } }],
    };
    renderTracker([settled, elsewhere]);
    const row = () => screen.getByRole('row', { name: /Home \(1X2\)/u });
    fireEvent.click(screen.getByRole('radio', { name: /a sharp book's close/u }));
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sharp book' }).value).toBe('pinnacle');
    // Pinnacle closed 1.96 (fair 2.02): 2.10 / 1.96 − 1 = +7.14…% → +7.1%; 2.10 / 2.02 − 1 = +3.96…% → +4.0%.
    expect(within(row()).getByText('1.960')).toBeTruthy();
    expect(within(row()).getByText('+7.1%')).toBeTruthy();
    expect(within(row()).getByText('+4.0%')).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /Away \(1X2\)/u })).getByText('no close at pinnacle')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sharp book' }), { target: { value: 'betfair' } });
    expect(within(row()).getByText('no close at betfair')).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sharp book' }), { target: { value: 'pinnacle' } });
    expect(JSON.parse(window.localStorage.getItem(trackerReferenceKey(BASE_URL)) ?? 'null')).toEqual({ kind: 'sharp', sharpBook: 'pinnacle' });
    // The next visit judges against Pinnacle again.
    cleanup();
    renderTracker([settled]);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: /a sharp book's close/u }).checked).toBe(true);
    expect(within(row()).getByText('+7.1%')).toBeTruthy();
    // The same book: its own close, 2.10 / 2.00 − 1 = +5.0%, in both the close and the reference columns.
    fireEvent.click(screen.getByRole('radio', { name: /the same book's close/u }));
    expect(within(row()).getAllByText('+5.0%')).toHaveLength(2);
  });

  it("shows bookmakers by the service's names, and keeps and exports them by slug", async () => {
    const [first] = settled.legs;
    if (first === undefined) throw new Error('no leg');
    const exchange: TrackedBet = {
      ...settled,
      id: 'exchange',
      legs: [{ ...first, oddsId: 'id1000000000000001:betfair-ex:101:0', bookmaker: 'betfair-ex', label: 'Exchange bet', close: { kind: 'closed', price: 2, fairPrice: null, consensusPrice: 2.05, bookCloses: [{ bookmaker: 'betfair-ex', price: 2, fairPrice: null }] } }],
    };
    renderTracker([exchange]);
    const row = () => screen.getByRole('row', { name: /Exchange bet/u });
    expect(await within(row()).findByText('Betfair Exchange')).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: 'Book: Betfair Exchange' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /a sharp book's close/u }));
    expect(screen.getByRole<HTMLOptionElement>('option', { name: 'Pinnacle' }).value).toBe('pinnacle');
    expect(screen.getByRole('columnheader', { name: 'Close: Pinnacle' })).toBeTruthy();
    expect(within(row()).getByText('no close at Pinnacle')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    const csv = downloads.at(-1) ?? '';
    expect(csv.split('\r\n')[1]?.split(',')).toContain('betfair-ex');
    expect(csv).not.toContain('Betfair Exchange');
  });

  it('shows a bet stored in the old format: its consensus close, and "not stored" for a sharp book', () => {
    const v1 =
      'betId,placedAt,stake,currency,note,oddsId,bookmaker,price,sport,label,close,closePrice,fairClosePrice,referenceClosePrice,noCloseReason,grade\r\n' +
      'old,2026-11-20T12:00:00.000Z,10,GBP,,id1000000000000001:bet365:101:0,bet365,2.1,Football,Home (1X2),closed,2,2.1,2.05,,won\r\n';
    renderTracker(v1);
    const row = () => screen.getByRole('row', { name: /Home \(1X2\)/u });
    expect(within(row()).getByText('2.050')).toBeTruthy();
    expect(within(row()).getByText('+2.4%')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: /a sharp book's close/u }));
    expect(within(row()).getByText('not stored')).toBeTruthy();
    expect(within(row()).getAllByText('–')).toHaveLength(2);
  });

  it('shows an open bet as "closes at kick-off"', () => {
    const [first] = settled.legs;
    if (first === undefined) throw new Error('no leg');
    renderTracker([{ ...settled, id: 'open', legs: [{ ...first, close: { kind: 'open' }, grade: null }] }]);
    expect(screen.getByText('closes at kick-off')).toBeTruthy();
  });

  it('adds a bet from a "Track this bet" link, refusing a price of 1 and an unknown fixture by field', async () => {
    renderTracker([], `?oddsIds=${KNOWN_FIXTURE}:bet365:101:0&prices=1`);
    fireEvent.click(screen.getByRole('button', { name: 'Track this bet' }));
    expect(await screen.findByText('The price must be more than 1, got 1.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Price taken (one per leg)'), { target: { value: '1.95' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track this bet' }));
    expect(await screen.findByText('Tracked the bet.')).toBeTruthy();
    expect(screen.getByText('1.950')).toBeTruthy();
    expect(screen.getByText('closes at kick-off')).toBeTruthy();
    // The sport comes from the fixture.
    expect(screen.getByRole('rowheader', { name: 'Sport: Soccer' })).toBeTruthy();
  });

  it('refuses an oddsId of a fixture the service does not know, naming it', async () => {
    renderTracker([], '?oddsIds=id1000000000000009:bet365:101:0&prices=2');
    fireEvent.click(screen.getByRole('button', { name: 'Track this bet' }));
    expect(await screen.findByText('The service knows no fixture id1000000000000009 (oddsId id1000000000000009:bet365:101:0).')).toBeTruthy();
    expect(screen.getByText(/No bets tracked yet/u)).toBeTruthy();
  });

  it('charts cumulative CLV and P/L in the order placed', () => {
    const [first] = settled.legs;
    if (first === undefined) throw new Error('no leg');
    // Taken 1.80, closed 2.00 (−10%), lost 20: after both bets 5 − 10 = −5.0 CLV points, 11 − 20 = −9.00.
    const loser: TrackedBet = { ...settled, id: 'later', placedAt: settled.placedAt + 1, stake: 20, legs: [{ ...first, price: 1.8, grade: 'lost' }] };
    renderTracker([loser, settled]);
    expect(screen.getByRole('figure', { name: 'Cumulative CLV and P/L' }).querySelector('figcaption')?.textContent).toBe(
      'Cumulative CLV and P/L over 2 bets: -5.0 CLV points, P/L -9.00',
    );
  });
});
