// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { StreamProvider, streamUrlOf } from './stream-provider.tsx';

afterEach(cleanup);

describe('StreamProvider', () => {
  it('derives the gateway address from the REST base URL', () => {
    expect(streamUrlOf('https://odds.example.com/')).toBe('wss://odds.example.com/ws');
    expect(streamUrlOf('http://127.0.0.1:4100')).toBe('ws://127.0.0.1:4100/ws');
  });
  it('mounts where no worker exists (jsdom) and says the stream is not started', () => {
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', lang: 'en', fetch: () => new Promise<Response>(() => undefined) });
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient()}>
          <ApiClientContext value={api}>
            <StreamProvider>
              <ConnectionIndicator />
            </StreamProvider>
          </ApiClientContext>
        </QueryClientProvider>
      </MemoryRouter>,
    );
    expect(screen.getByRole('status').textContent).toContain('not started');
  });
});
