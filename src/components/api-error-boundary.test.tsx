// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NotOfferedError } from '../api/api-error.ts';
import { ApiErrorBoundary } from './api-error-boundary.tsx';

function Widget({ load }: { readonly load: () => Promise<string> }) {
  const { data } = useSuspenseQuery({ queryKey: ['widget'], queryFn: load });
  return <p>{data}</p>;
}

function renderWidget(load: () => Promise<string>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <p>Rest of the page</p>
      <ApiErrorBoundary>
        <Suspense fallback={<p>loading</p>}>
          <Widget load={load} />
        </Suspense>
      </ApiErrorBoundary>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ApiErrorBoundary', () => {
  it('shows "not offered" in place of a widget whose endpoint is missing, and keeps the page', async () => {
    // React logs the caught error; keep the test output readable.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderWidget(() => Promise.reject(new NotOfferedError('/fixtures/odds/sgp', 'HTTP 404')));
    expect((await screen.findByRole('status')).textContent).toBe('Not offered by this service: /fixtures/odds/sgp');
    expect(screen.getByText('Rest of the page')).toBeTruthy();
  });

  it('says what the key lacks, and loads again on "Try again"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    renderWidget(() => {
      calls += 1;
      return calls === 1
        ? Promise.reject(new ApiError({ status: 403, code: 'channel_not_allowed', message: 'Not entitled to sport 14.', endpoint: '/markets' }))
        : Promise.resolve('loaded');
    });
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not include what was asked for: Not entitled to sport 14/);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('loaded')).toBeTruthy();
  });
});
