// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveBook } from '../../book/book.ts';
import { FIXTURE_ID, meta } from '../../book/book-test-data.ts';
import { BookContext } from '../../book/use-book.ts';
import { NO_SCAN, type StreamConnection } from '../../stream/connect-stream.ts';
import type { StreamStatus } from '../../stream/stream-client.ts';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { StreamContext } from '../../stream/use-stream.ts';

afterEach(cleanup);

const BASE: StreamStatus = {
  phase: 'connected',
  receiveType: 'zstd-dict',
  access: { live: true, pregame: true },
  dropped: null,
  channels: ['odds'],
  replayChannels: ['fixtures'],
  serverEpoch: 'ab',
  resnapshotChannels: [],
  updatesPerSec: 120,
  delayMs: 80,
  malformedFrames: 2,
  problem: null,
  needsSettings: false,
  retryAt: null,
  feed: { state: 'live', silentForMs: 0, thresholdMs: 5_000 },
};

function headline(): string {
  return document.querySelector('.connection-phase')?.textContent ?? '';
}

function fakeConnection(initial: StreamStatus) {
  let status = initial;
  const listeners = new Set<() => void>();
  const connection: StreamConnection = {
    kind: 'shared',
    ...NO_SCAN,
    configure: () => undefined,
    switchService: () => undefined,
    seed: () => undefined,
    registerInterest: () => () => undefined,
    reconnect: () => undefined,
    setMoveSettings: () => undefined,
    setBookmakerBounds: () => undefined,
    getMoves: () => [],
    subscribeMoves: () => () => undefined,
    getStatus: () => status,
    subscribeStatus: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    close: () => undefined,
  };
  return {
    connection,
    set(next: StreamStatus) {
      status = next;
      for (const l of listeners) l();
    },
  };
}

function renderIndicator(connection: StreamConnection, book = new LiveBook()) {
  render(
    <MemoryRouter>
      <BookContext value={book}>
        <StreamContext value={connection}>
          <ConnectionIndicator />
        </StreamContext>
      </BookContext>
    </MemoryRouter>,
  );
}

describe('ConnectionIndicator', () => {
  it('says Live in plain words, and keeps the encoding, delay and malformed frames in the details popover', () => {
    renderIndicator(fakeConnection(BASE).connection);
    expect(headline()).toBe('Live');
    const details = screen.getByText('Details').closest('details');
    expect(details?.textContent).toContain('zstd-dict');
    expect(details?.textContent).toContain('120 updates/s');
    expect(details?.textContent).toContain('malformed frames 2');
    expect(details?.textContent).toContain('delay 0.1 s');
    expect(details?.open).toBe(false);
  });
  it('says how long no update came when the feed is silent but the service answers', () => {
    renderIndicator(fakeConnection({ ...BASE, feed: { state: 'silent', silentForMs: 12_400, thresholdMs: 5_000 } }).connection);
    expect(headline()).toBe('No updates for 12 s');
  });
  it('says the feed is stalled and prices may be old when the service does not answer', () => {
    renderIndicator(fakeConnection({ ...BASE, feed: { state: 'stalled', silentForMs: 8_000, thresholdMs: 5_000 } }).connection);
    expect(headline()).toBe('Stalled — prices may be old');
    expect(screen.getByRole('status').dataset.feed).toBe('stalled');
  });
  it('says Reconnecting… while a retry is scheduled and Offline when none is', () => {
    const fake = fakeConnection({ ...BASE, phase: 'offline', retryAt: Date.now() + 1_000 });
    renderIndicator(fake.connection);
    expect(headline()).toBe('Reconnecting…');
    act(() => {
      fake.set({ ...BASE, phase: 'offline', retryAt: null, needsSettings: true });
    });
    expect(headline()).toBe('Offline');
  });
  it('follows a status change to re-snapshotting, naming the channels in the details', () => {
    const fake = fakeConnection(BASE);
    renderIndicator(fake.connection);
    act(() => {
      fake.set({ ...BASE, phase: 'resnapshotting', resnapshotChannels: ['odds'] });
    });
    expect(headline()).toBe('Catching up…');
    expect(screen.getByText('Details').closest('details')?.textContent).toContain('re-fetching odds');
  });
  it('sends the user to the settings after a refused key', () => {
    renderIndicator(fakeConnection({ ...BASE, phase: 'offline', needsSettings: true, problem: 'The API key was refused (4401).' }).connection);
    expect(screen.getByRole('link', { name: 'Open the settings' }).getAttribute('href')).toBe('/settings');
  });
  it('names what the gateway left out of the chosen filters as not in the access, and links to the settings', () => {
    const dropped = {
      sports: [{ sportId: 14, sportName: 'American Football' }, { sportId: 77 }],
      tournaments: [{ tournamentId: 5, tournamentName: 'Spring Football League' }],
      futures: [{ futureId: 'id1499990001' }],
      bookmakers: [{ bookmaker: 'bet365', bookmakerName: 'bet365' }, { bookmaker: 'circa', bookmakerName: 'Circa Sports' }],
    };
    renderIndicator(fakeConnection({ ...BASE, dropped }).connection);
    expect(screen.getByText(/^Not in your access:/).textContent).toBe(
      'Not in your access: American Football, sport 77, Spring Football League, future id1499990001, bet365, Circa Sports. Change the sports and bookmakers',
    );
    expect(screen.getByRole('link', { name: 'Change the sports and bookmakers' }).getAttribute('href')).toBe('/settings');
  });
  it('says nothing of access when nothing was left out', () => {
    renderIndicator(fakeConnection(BASE).connection);
    expect(screen.getByRole('status').textContent).not.toContain('Not in your access');
  });
  it('lists per bookmaker its staleOdds and suspended counts', () => {
    const book = new LiveBook();
    book.applyUpdate({ channel: 'bookmakers', type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: meta('pinnacle', new Date().toISOString(), { staleOdds: true }) } } });
    renderIndicator(fakeConnection(BASE).connection, book);
    const row = screen.getByRole('rowheader', { name: 'pinnacle' }).closest('tr');
    expect(row?.textContent).toMatch(/^pinnacle10/);
  });
});
