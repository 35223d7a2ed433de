// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveBook } from '../../book/book.ts';
import { FIXTURE_ID, meta } from '../../book/book-test-data.ts';
import { BookContext } from '../../book/use-book.ts';
import type { StreamConnection } from '../../stream/connect-stream.ts';
import type { StreamStatus } from '../../stream/stream-client.ts';
import { ConnectionIndicator } from './connection-indicator.tsx';
import { StreamContext } from './stream-context.ts';

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
};

function fakeConnection(initial: StreamStatus) {
  let status = initial;
  const listeners = new Set<() => void>();
  const connection: StreamConnection = {
    kind: 'shared',
    configure: () => undefined,
    switchService: () => undefined,
    seed: () => undefined,
    registerInterest: () => () => undefined,
    reconnect: () => undefined,
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
  it('shows the phase, negotiated receiveType, updates/s and malformed frames', () => {
    renderIndicator(fakeConnection(BASE).connection);
    const text = screen.getByRole('status').textContent;
    expect(text).toContain('stream: connected');
    expect(text).toContain('zstd-dict');
    expect(text).toContain('120 updates/s');
    expect(text).toContain('malformed frames 2');
  });
  it('follows a status change to re-snapshotting', () => {
    const fake = fakeConnection(BASE);
    renderIndicator(fake.connection);
    act(() => {
      fake.set({ ...BASE, phase: 'resnapshotting', resnapshotChannels: ['odds'] });
    });
    expect(screen.getByRole('status').textContent).toContain('stream: refreshing prices');
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
