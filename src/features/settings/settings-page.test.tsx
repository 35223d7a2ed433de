// @vitest-environment jsdom
// The settings page in a browser-like DOM, over a fake fetch: the masked key, the pickers loaded
// from the API, "test connection" in words, and "not offered" where an endpoint is missing.
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../app/providers.tsx';
import { routes } from '../../app/routes.tsx';
import { useBoardPrefsStore } from '../../settings/use-board-prefs.ts';
import { useFairLineStore } from '../../settings/use-fair-line.ts';
import { useSettings } from '../../settings/use-settings.ts';

const SPORTS = [
  { sportId: 10, sportName: 'Soccer', sportSlug: 'soccer' },
  { sportId: 11, sportName: 'Basketball', sportSlug: 'basketball' },
];
const BOOKMAKERS = [
  { bookmaker: 'pinnacle', bookmakerName: 'Pinnacle', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 },
  { bookmaker: 'bet365', bookmakerName: 'bet365', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 },
  { bookmaker: 'betfair-ex', bookmakerName: 'Betfair Exchange', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 },
];

type Route = (path: string, headers: Headers) => { status: number; body: unknown };
const requests: { url: string; headers: Headers }[] = [];

function serve(route: Route): void {
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
    const headers = new Headers(init?.headers);
    requests.push({ url, headers });
    const { status, body } = route(new URL(url).pathname, headers);
    return Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  });
}

const everything: Route = (path) => {
  if (path.endsWith('/sports')) return { status: 200, body: SPORTS };
  if (path.endsWith('/bookmakers')) return { status: 200, body: BOOKMAKERS };
  return { status: 404, body: 'Not found' };
};

function renderSettings(url = '/settings') {
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
  useBoardPrefsStore.setState({ byService: {} });
  useFairLineStore.setState({ byService: {} });
  requests.length = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the API key field', () => {
  it('masks the key until Show is pressed', () => {
    serve(everything);
    renderSettings();
    const input = screen.getByLabelText('API key');
    expect(input.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.getAttribute('type')).toBe('text');
  });
});

describe('the pickers', () => {
  it('lists the bookmakers of /bookmakers and stores the chosen ones', async () => {
    serve(everything);
    renderSettings();
    const bookmakers = (await screen.findByText('Bookmakers')).closest('fieldset');
    if (bookmakers === null) throw new Error('no bookmakers fieldset');
    fireEvent.click(within(bookmakers).getByLabelText('Pinnacle'));
    expect(useSettings.getState().bookmakers).toEqual(['pinnacle']);
  });

  it('lists the sports of /sports and stores the chosen ones', async () => {
    serve(everything);
    renderSettings();
    fireEvent.click(await screen.findByLabelText('Basketball'));
    expect(useSettings.getState().sportIds).toEqual([11]);
  });

  it('shows "not offered" where /bookmakers is missing, and still lists the sports', async () => {
    serve((path) => (path.endsWith('/sports') ? { status: 200, body: SPORTS } : { status: 404, body: 'Not found' }));
    renderSettings();
    expect(await screen.findByText(/Not offered by this service/)).toBeTruthy();
    expect(screen.getByText('/bookmakers')).toBeTruthy();
    expect(await screen.findByLabelText('Soccer')).toBeTruthy();
  });

  it('sends the key only in the X-API-Key header', async () => {
    serve(everything);
    renderSettings();
    await screen.findByLabelText('Soccer');
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.headers.get('x-api-key')).toBe('demo-key');
      expect(request.url).not.toContain('demo-key');
    }
  });
});

describe('test connection', () => {
  it('says the key is not valid when the service answers 401', async () => {
    serve((path, headers) =>
      headers.get('x-api-key') === 'wrong-key'
        ? { status: 401, body: { error: 401, message: 'Invalid API key.', code: 'unauthorized' } }
        : everything(path, headers),
    );
    renderSettings();
    fireEvent.change(screen.getByLabelText('API key'), { target: { value: 'wrong-key' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByText(/The key is not valid/)).textContent).toContain('401');
  });

  it('says it is connected and how many sports the key sees', async () => {
    serve(everything);
    renderSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Connected: the key sees 2 sports.')).toBeTruthy();
  });

  it('keeps edits a draft until saved', () => {
    serve(everything);
    renderSettings();
    fireEvent.change(screen.getByLabelText('Service base URL'), { target: { value: 'https://odds.example.com/' } });
    expect(useSettings.getState().baseUrl).not.toBe('https://odds.example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(useSettings.getState().baseUrl).toBe('https://odds.example.com');
  });
});

describe('arriving after a 401', () => {
  it('says the key was refused', () => {
    serve(everything);
    renderSettings('/settings?reason=invalid-key');
    expect(screen.getByRole('alert').textContent).toMatch(/refused the API key/);
  });
});

describe('use the embedded service', () => {
  it('saves the embedded service and its demo key at once, replacing a stored wrong key', () => {
    serve(everything);
    useSettings.getState().update({ baseUrl: 'https://odds.example.com', apiKey: 'wrong-key' });
    renderSettings();
    fireEvent.click(screen.getByRole('button', { name: 'Use the embedded service' }));
    expect(useSettings.getState().apiKey).toBeNull();
    expect(useSettings.getState().baseUrl).toBe(window.location.origin);
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('leads back to the page the 401 came from', async () => {
    serve(everything);
    useSettings.getState().update({ apiKey: 'wrong-key' });
    const router = renderSettings('/settings?reason=invalid-key&from=%2Fmarkets%3FsportId%3D10');
    fireEvent.click(screen.getByRole('button', { name: 'Use the embedded service' }));
    await vi.waitFor(() => {
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/markets?sportId=10');
    });
  });

  it('stays on the settings, without the 401 notice, when there is no page to go back to', async () => {
    serve(everything);
    useSettings.getState().update({ apiKey: 'wrong-key' });
    const router = renderSettings('/settings?reason=invalid-key&from=%2F%2Fevil.example');
    expect(screen.getByRole('alert').textContent).toMatch(/refused the API key/);
    fireEvent.click(screen.getByRole('button', { name: 'Use the embedded service' }));
    await vi.waitFor(() => {
      expect(screen.queryByRole('alert')).toBeNull();
    });
    expect(router.state.location.pathname).toBe('/settings');
  });
});

describe('preferences', () => {
  it('applies the theme to the document at once', () => {
    serve(everything);
    renderSettings();
    fireEvent.click(screen.getByLabelText('Dark'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(useSettings.getState().theme).toBe('dark');
  });
});

describe('exchange commission', () => {
  const commissionOf = (baseUrl: string) => useBoardPrefsStore.getState().byService[baseUrl]?.commission;

  it('shows the default of each exchange the service lists, and keeps a changed rate for this service only', async () => {
    serve(everything);
    useBoardPrefsStore.getState().update('https://other.example', { commission: { 'betfair-ex': 0.03 } });
    renderSettings();
    const field = await screen.findByLabelText<HTMLInputElement>('Betfair Exchange commission (%)');
    expect(field.value).toBe('5');
    // Kalshi charges by default, but this service does not list it.
    expect(screen.queryByLabelText('kalshi commission (%)')).toBeNull();
    fireEvent.change(field, { target: { value: '2' } });
    expect(commissionOf(window.location.origin)).toEqual({ 'betfair-ex': 0.02 });
    expect(commissionOf('https://other.example')).toEqual({ 'betfair-ex': 0.03 });
    fireEvent.click(screen.getByRole('button', { name: 'Use the default' }));
    expect(commissionOf(window.location.origin)).toEqual({});
    expect(field.value).toBe('5');
  });

  it('says why a rate of 100% or more is refused, and keeps the last good one', async () => {
    serve(everything);
    renderSettings();
    const field = await screen.findByLabelText<HTMLInputElement>('Betfair Exchange commission (%)');
    fireEvent.change(field, { target: { value: '100' } });
    expect(screen.getByRole('alert').textContent).toBe('A commission is a percentage of winnings from 0 to under 100.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(commissionOf(window.location.origin)).toBeUndefined();
  });

  it('takes an emptied field for a number on its way, and shows the rate in force on leaving it', async () => {
    serve(everything);
    renderSettings();
    const field = await screen.findByLabelText<HTMLInputElement>('Betfair Exchange commission (%)');
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(field);
    expect(field.value).toBe('5');
  });
});

describe('fair line', () => {
  const fairLines = () => useFairLineStore.getState().byService[window.location.origin];
  const section = async () => within((await screen.findByRole('heading', { name: 'Fair line' })).closest('section') ?? document.body);

  it('uses the equal consensus of every book until another is chosen', async () => {
    serve(everything);
    renderSettings();
    const fair = await section();
    expect(fair.getByRole('radio', { name: /Every book, equal weight/u })).toHaveProperty('checked', true);
    expect(fair.queryByRole('button', { name: 'Edit Every book, equal weight' })).toBeNull();
  });

  it('names the field of each problem and saves nothing until they are fixed', async () => {
    serve(everything);
    renderSettings();
    const fair = await section();
    fireEvent.click(fair.getByRole('button', { name: 'New fair line' }));
    await fair.findByLabelText('Pinnacle weight');
    fireEvent.change(fair.getByLabelText('Pinnacle weight'), { target: { value: '-2' } });
    fireEvent.change(fair.getByLabelText('Minimum books'), { target: { value: '0' } });
    fireEvent.change(fair.getByLabelText('Required book'), { target: { value: 'bet365' } });
    fireEvent.click(fair.getByRole('button', { name: 'Save fair line' }));
    expect(fair.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Name: give the fair line a name.',
      'Weight of pinnacle: a number ≥ 0.',
      'Weights: give at least one book a weight above 0.',
      'Minimum books: a whole number ≥ 1.',
      'Required book: bet365 must be one of the books with a weight above 0.',
    ]);
    expect(fair.getByLabelText('Minimum books').getAttribute('aria-invalid')).toBe('true');
    expect(fairLines()).toBeUndefined();
  });

  it('creates a weighted consensus, chooses it, edits and deletes it, for this service', async () => {
    serve(everything);
    renderSettings();
    const fair = await section();
    fireEvent.click(fair.getByRole('button', { name: 'New fair line' }));
    fireEvent.change(await fair.findByLabelText('Name'), { target: { value: 'Sharp' } });
    fireEvent.change(fair.getByLabelText('Pinnacle weight'), { target: { value: '3' } });
    fireEvent.change(fair.getByLabelText('Betfair Exchange weight'), { target: { value: '1' } });
    fireEvent.change(fair.getByLabelText('Minimum books'), { target: { value: '2' } });
    fireEvent.change(fair.getByLabelText('Required book'), { target: { value: 'pinnacle' } });
    fireEvent.click(fair.getByRole('button', { name: 'Save fair line' }));
    const sharp = { name: 'Sharp', weights: { pinnacle: 3, 'betfair-ex': 1 }, minBooks: 2, requiredBook: 'pinnacle' };
    expect(fairLines()).toEqual({ presets: [sharp], chosen: 'Every book, equal weight' });
    expect(fair.getByText(/Pinnacle ×3, Betfair Exchange ×1; at least 2 books, Pinnacle required/u)).toBeTruthy();
    fireEvent.click(fair.getByRole('radio', { name: /Sharp/u }));
    expect(fairLines()?.chosen).toBe('Sharp');

    fireEvent.click(fair.getByRole('button', { name: 'Edit Sharp' }));
    fireEvent.click(fair.getByRole('radio', { name: 'One book' }));
    fireEvent.change(fair.getByLabelText('Book'), { target: { value: 'betfair-ex' } });
    fireEvent.change(fair.getByLabelText('Name'), { target: { value: 'Exchange' } });
    fireEvent.click(fair.getByRole('button', { name: 'Save fair line' }));
    expect(fairLines()).toEqual({ presets: [{ name: 'Exchange', weights: { 'betfair-ex': 1 }, minBooks: 1, requiredBook: 'betfair-ex' }], chosen: 'Exchange' });

    fireEvent.click(fair.getByRole('button', { name: 'Delete Exchange' }));
    expect(fairLines()).toEqual({ presets: [], chosen: 'Every book, equal weight' });
    expect(useFairLineStore.getState().byService['https://other.example']).toBeUndefined();
  });
});
