// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveBook } from '../../book/book.ts';
import { fixtureView } from '../../book/book-test-data.ts';
import type { StreamConnection } from '../../stream/connect-stream.ts';
import type { ServiceIdentity } from '../../stream/messages.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { StreamProvider, streamUrlOf } from './stream-provider.tsx';

afterEach(() => {
  cleanup();
  useSettings.getState().reset();
});

/** A page stream whose connection records the services it was told of. */
function recordingStream() {
  const book = new LiveBook();
  const services: ServiceIdentity[] = [];
  const connection: StreamConnection = {
    kind: 'none',
    configure: () => undefined,
    switchService: (service) => services.push(service),
    seed: () => undefined,
    registerInterest: () => () => undefined,
    reconnect: () => undefined,
    getStatus: () => null,
    subscribeStatus: () => () => undefined,
    close: () => undefined,
  };
  return { book, services, open: () => ({ book, connection }) };
}

function renderProvider(open: () => { book: LiveBook; connection: StreamConnection }) {
  const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', lang: 'en', fetch: () => new Promise<Response>(() => undefined) });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiClientContext value={api}>
        <StreamProvider open={open}>
          <p>page</p>
        </StreamProvider>
      </ApiClientContext>
    </QueryClientProvider>,
  );
}

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

  it('empties the page\'s book and tells the worker the new service when the service changes', () => {
    const stream = recordingStream();
    stream.book.seed({ channels: ['fixtures'], fixtureIds: [], futureIds: [], bookmakers: [], fixtures: [fixtureView()], odds: [], futuresOdds: [] }, false);
    renderProvider(stream.open);
    expect(stream.book.fixtureIds()).toHaveLength(1);
    act(() => {
      useSettings.getState().update({ baseUrl: 'http://127.0.0.1:9', apiKey: 'other-key' });
    });
    expect(stream.book.fixtureIds()).toEqual([]);
    expect(stream.services).toEqual([{ restBaseUrl: 'http://127.0.0.1:9', apiKey: 'other-key' }]);
  });

  it('keeps the page\'s book when only the language changes', () => {
    const stream = recordingStream();
    stream.book.seed({ channels: ['fixtures'], fixtureIds: [], futureIds: [], bookmakers: [], fixtures: [fixtureView()], odds: [], futuresOdds: [] }, false);
    renderProvider(stream.open);
    expect(stream.book.fixtureIds()).toHaveLength(1);
    act(() => {
      useSettings.getState().update({ lang: 'de' });
    });
    expect(stream.book.fixtureIds()).toHaveLength(1);
    expect(stream.services).toEqual([]);
  });
});
