// @vitest-environment jsdom
// The one reissue chain, on a future's replacements answered by a service: each hop's own CLV
// answer names the next, and a chain that comes back on itself stops.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { RequestScheduler } from '../api/scheduler.ts';
import { ApiClientContext } from '../api/use-api-client.ts';
import { FIXTURE_REISSUES, FUTURE_REISSUES, ReissueChain } from './reissue-chain.tsx';

const CANCELLED = { live: false, statusId: 3, statusName: 'Cancelled' };

/** A service whose future CLV answers say: B was replaced by C, and C by B again. */
function serviceWithCycle() {
  const nextOf: Record<string, string> = { 'fut-b': 'fut-c', 'fut-c': 'fut-b' };
  return createApiClient({
    baseUrl: 'http://service.test',
    apiKey: 'k',
    lang: 'en',
    fetch: (input) => {
      const url = new URL(input instanceof Request ? input.url : input instanceof URL ? input.href : input);
      const futureId = url.searchParams.get('futureId') ?? '';
      const body = { futureId, reissuedFutureId: nextOf[futureId] ?? null, status: CANCELLED, odds: {} };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
    },
    scheduler: new RequestScheduler({ maxRetries: 0 }),
  });
}

function renderChain(element: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiClientContext value={serviceWithCycle()}>
        <MemoryRouter>{element}</MemoryRouter>
      </ApiClientContext>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('ReissueChain', () => {
  it('follows each replacement by its own answer, links every hop, and stops where the chain comes back', async () => {
    renderChain(<ReissueChain source={FUTURE_REISSUES} id="fut-a" next="fut-b" cancelled />);
    const note = screen.getByRole('note');
    await screen.findByText(/chain not followed further/);
    expect(note.textContent).toBe(
      'This future was cancelled and reissued: fut-a → fut-b (Cancelled) → fut-c (Cancelled) → fut-b (Cancelled) (chain not followed further)',
    );
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/futures/fut-b', '/futures/fut-c', '/futures/fut-b']);
  });

  it('says a cancelled fixture has no replacement, and shows nothing for one that is not cancelled', () => {
    renderChain(<ReissueChain source={FIXTURE_REISSUES} id="fix-a" next={null} cancelled />);
    expect(screen.getByRole('note').textContent).toBe('This fixture was cancelled without a replacement.');
    cleanup();
    const { container } = renderChain(<ReissueChain source={FIXTURE_REISSUES} id="fix-a" next={null} cancelled={false} />);
    expect(container.textContent).toBe('');
  });
});
