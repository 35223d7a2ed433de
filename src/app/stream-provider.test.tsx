// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServiceIdentity } from '../stream/messages.ts';
import { useSettings } from '../settings/use-settings.ts';
import { createApiClient } from '../api/client.ts';
import { ApiClientContext } from '../api/use-api-client.ts';
import { LiveBook } from '../book/book.ts';
import { FIXTURE_ID, fixtureView, meta } from '../book/book-test-data.ts';
import { NO_SCAN, type StreamConnection } from '../stream/connect-stream.ts';
import type { StreamStatus } from '../stream/stream-client.ts';
import { ConnectionIndicator } from '../features/connection/connection-indicator.tsx';
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
    ...NO_SCAN,
    configure: () => undefined,
    switchService: (service) => services.push(service),
    seed: () => undefined,
    registerInterest: () => () => undefined,
    reconnect: () => undefined,
    setMoveSettings: () => undefined,
    setBookmakerBounds: () => undefined,
    getMoves: () => [],
    subscribeMoves: () => () => undefined,
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

describe('StreamProvider and staleness (issue 13 item 12)', () => {
  const STATUS: StreamStatus = {
    phase: 'resnapshotting', receiveType: 'json', access: null, channels: [], replayChannels: [], serverEpoch: null,
    resnapshotChannels: ['odds', 'bookmakers'], updatesPerSec: 0, delayMs: null, malformedFrames: 0, problem: null, needsSettings: false, retryAt: null, dropped: null,
    feed: { state: 'live', silentForMs: 0, thresholdMs: 5_000 },
  };

  /** A connection whose status the test sets; nothing else happens. */
  function fakeConnection() {
    let status: StreamStatus = STATUS;
    const listeners = new Set<() => void>();
    const connection: StreamConnection = {
      kind: 'none', ...NO_SCAN, configure: () => undefined, seed: () => undefined, reconnect: () => undefined, close: () => undefined,
      switchService: () => undefined, registerInterest: () => () => undefined,
      setMoveSettings: () => undefined, setBookmakerBounds: () => undefined, getMoves: () => [], subscribeMoves: () => () => undefined,
      getStatus: () => status,
      subscribeStatus: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const setStatus = (next: Partial<StreamStatus>) => {
      status = { ...status, ...next };
      for (const listener of listeners) listener();
    };
    return { connection, setStatus };
  }

  it('marks no book overdue while the stream re-snapshots its odds, and judges again once connected', () => {
    let now = Date.parse('2026-01-01T00:00:00Z');
    const book = new LiveBook({ now: () => now });
    book.setBookmakerBounds([{ bookmaker: 'pinnacle', maxDelayLiveInSec: 3, maxDelayPregameInSec: 60 }]);
    book.applyUpdate({ channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-0', payload: fixtureView(FIXTURE_ID, 1) });
    book.applyUpdate({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: meta('pinnacle', '2026-01-01T00:00:00Z') } } });
    const { connection, setStatus } = fakeConnection();
    const api = createApiClient({ baseUrl: 'http://127.0.0.1:1', apiKey: 'k', lang: 'en', fetch: () => new Promise<Response>(() => undefined) });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApiClientContext value={api}>
          <StreamProvider open={() => ({ book, connection })}>
            <p>page</p>
          </StreamProvider>
        </ApiClientContext>
      </QueryClientProvider>,
    );
    now += 5_000;
    book.checkStaleness();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(false);
    act(() => {
      setStatus({ phase: 'connected', resnapshotChannels: [] });
    });
    book.checkStaleness();
    expect(book.getBookmakerMeta(FIXTURE_ID, 'pinnacle')?.overdue).toBe(true);
  });
});
