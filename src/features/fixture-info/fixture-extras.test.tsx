// @vitest-environment jsdom
// The extras tabs over a fake service: an accessible tablist driven by the keyboard, the chosen
// tab in the URL, lineups/injuries/stats as the stream delivers them, and copyable provider ids.
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveBook } from '../../book/book.ts';
import { meta } from '../../book/book-test-data.ts';
import { useSettings } from '../../settings/use-settings.ts';
import type { StreamUpdate } from '../../wire/stream-schemas.ts';
import { FixtureExtras } from './fixture-extras.tsx';
import { FIXTURE, namedView, renderAt, serve } from './fixture-info-test-data.tsx';

const VIEW = namedView(FIXTURE, 1, ['Arsenal', 'Chelsea'], { externalProviders: { sportradarId: 4711, opticId: null } });
const BOOKMAKERS = [{ bookmaker: 'pinnacle', bookmakerName: 'Pinnacle', maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 }];

function serveAll(options: { mapping?: boolean } = {}): void {
  serve({
    '/fixtures': () => [VIEW],
    '/bookmakers': () => BOOKMAKERS,
    ...(options.mapping === false ? {} : { '/mapping/fixtures': () => [{ fixtureId: FIXTURE, externalProviders: { sportradarId: 4711, betgeniusId: 'bg-77' } }] }),
  });
}

function deliver(book: LiveBook, frames: readonly StreamUpdate[]): void {
  act(() => {
    book.apply(frames.map((frame) => ({ op: 'update' as const, frame })));
    book.flush();
  });
}

const at = '2026-11-22T10:00:00Z';
const frame = (channel: 'lineups' | 'injuries' | 'stats', payload: object): StreamUpdate =>
  ({ channel, type: 'UPDATE', ts: 1, entryId: '1-0', payload: { fixtureId: FIXTURE, ...payload } }) as StreamUpdate;

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'clipboard');
});

describe('the fixture extras tabs', () => {
  it('moves between tabs with the arrow keys, Home and End, with one tab stop', () => {
    serveAll();
    renderAt(<FixtureExtras fixtureId={FIXTURE} />);
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Lineups', 'Injuries', 'Live stats', 'External ids']);
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
    tabs[0]?.focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Injuries' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Injuries');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { name: 'Injuries' }).id);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('External ids');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Lineups');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toBe('External ids');
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Lineups');
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([0, -1, -1, -1]);
  });

  it('keeps the chosen tab in the URL and opens on it', async () => {
    serveAll();
    const { router } = renderAt(<FixtureExtras fixtureId={FIXTURE} />, `/fixtures/${FIXTURE}?info=stats`);
    expect(screen.getByRole('tab', { name: 'Live stats' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'Injuries' }));
    await waitFor(() => {
      expect(new URLSearchParams(router.state.location.search).get('info')).toBe('injuries');
    });
  });

  it('says lineups come only on the stream until a lineups frame arrives, then shows them', async () => {
    serveAll();
    const { book } = renderAt(<FixtureExtras fixtureId={FIXTURE} />);
    expect(screen.getByRole('tabpanel').textContent).toMatch(/No lineups received yet\. Not offered by this service over REST/);
    const player = (playerId: number, playerName: string) => ({ playerId, playerName, position: 'FW', shirtNumber: 9 });
    deliver(book, [
      frame('lineups', {
        lineups: {
          participant1: { formation: '4-3-3', starters: [player(1, 'Saka')], substitutes: [player(2, 'Nketiah')] },
          participant2: { formation: '4-4-2', starters: [player(3, 'Palmer')], substitutes: [] },
        },
        confirmed: true,
        updatedAt: at,
      }),
    ]);
    const arsenal = await screen.findByRole('region', { name: 'Arsenal lineup' });
    expect(within(arsenal).getByText(/Saka/)).toBeTruthy();
    expect(within(arsenal).getByText('(4-3-3)', { exact: false })).toBeTruthy();
    expect(screen.getByText(/Confirmed lineups/)).toBeTruthy();
  });

  it('shows injuries and live statistics as the stream last sent them', async () => {
    serveAll();
    const { book } = renderAt(<FixtureExtras fixtureId={FIXTURE} />, `/fixtures/${FIXTURE}?info=injuries`);
    deliver(book, [
      frame('injuries', { injuries: [{ participantId: 501, playerId: 7, playerName: 'Odegaard', status: 'doubtful', reason: 'ankle', updatedAt: at }] }),
      frame('stats', { stats: { shotsOnTarget: { participant1: 4, participant2: 2 } }, updatedAt: at }),
    ]);
    const injury = screen.getByRole('row', { name: /Odegaard/ });
    // The team name comes with the fixture view, once REST answered.
    await waitFor(() => {
      expect(within(injury).getAllByRole('cell').map((c) => c.textContent).slice(0, 3)).toEqual(['Arsenal', 'Doubtful', 'ankle']);
    });
    fireEvent.click(screen.getByRole('tab', { name: 'Live stats' }));
    expect(within(screen.getByRole('row', { name: /Shots on target/ })).getAllByRole('cell').map((c) => c.textContent)).toEqual(['4', '2']);
  });

  it('lists the fixture ids for support from the mapping endpoint, each copyable', async () => {
    serveAll();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const { book } = renderAt(<FixtureExtras fixtureId={FIXTURE} />, `/fixtures/${FIXTURE}?info=ids`);
    act(() => {
      book.seed(
        {
          channels: ['bookmakers'],
          fixtureIds: [FIXTURE],
          futureIds: [],
          bookmakers: ['pinnacle'],
          fixtures: [],
          odds: [{ fixtureId: FIXTURE, odds: {}, bookmakers: { pinnacle: meta('pinnacle', at, { bookmakerFixtureId: 'pin-123' }) } }],
          futuresOdds: [],
        },
        false,
      );
      book.flush();
    });
    expect(await screen.findByText('bg-77')).toBeTruthy();
    expect(screen.getByText('4711')).toBeTruthy();
    expect(await screen.findByText('pin-123')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy betgeniusId' }));
    await waitFor(() => {
      expect(writeText).toHaveBeenCalledWith('bg-77');
    });
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('falls back to the fixture view ids and says the mapping endpoint is not offered', async () => {
    serveAll({ mapping: false });
    renderAt(<FixtureExtras fixtureId={FIXTURE} />, `/fixtures/${FIXTURE}?info=ids`);
    expect((await screen.findByText(/Not offered by this service/)).textContent).toContain('/mapping/fixtures');
    expect(await screen.findByText('4711')).toBeTruthy();
    expect(screen.getByRole('row', { name: /optic/ }).textContent).toContain('none');
  });
});
