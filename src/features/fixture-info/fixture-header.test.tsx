// @vitest-environment jsdom
// The fixture header over a fake service: who plays where and when, the score by period and the
// clock live from the book, a cancelled fixture pointing to its replacement, and failures in words.
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../settings/use-settings.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import { FixtureHeader } from './fixture-header.tsx';
import { FIXTURE, namedView, renderAt, REPLACEMENT, serve } from './fixture-info-test-data.tsx';

const row = (period: string, a: number, b: number) => ({ period, participant1Score: a, participant2Score: b, updatedAt: '2026-11-22T10:00:00Z' });

function serveViews(views: readonly FixtureView[], clv?: unknown): URL[] {
  return serve({
    '/fixtures': (url) => views.filter((v) => (url.searchParams.get('fixtureIds') ?? '').split(',').includes(v.fixtureId)),
    ...(clv === undefined ? {} : { '/fixtures/odds/clv': () => clv }),
  });
}

beforeEach(() => {
  localStorage.clear();
  useSettings.getState().reset();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the fixture header', () => {
  it('shows the participants with badges and rotation numbers, tournament, venue and status', async () => {
    serveViews([namedView(FIXTURE, 0, ['Arsenal', 'Chelsea'])]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    const title = await screen.findByRole('heading', { level: 2 });
    expect(title.textContent).toContain('Arsenal');
    expect(title.textContent).toContain('Chelsea');
    expect(within(title).getByText('101')).toBeTruthy();
    const badges = title.querySelectorAll('img');
    expect([...badges].map((img) => img.getAttribute('src'))).toEqual([expect.stringMatching(/\/media\/badges\/501\.svg$/), expect.stringMatching(/\/media\/badges\/502\.svg$/)]);
    expect(screen.getByText('Soccer · Country · League')).toBeTruthy();
    expect(screen.getByText('Emirates Stadium, London')).toBeTruthy();
    expect(screen.getByText('Pre-Game')).toBeTruthy();
  });

  it('says a pre-game fixture "starts at" its start, in the chosen zone with the zone named', async () => {
    useSettings.getState().update({ timeZone: 'utc' });
    serveViews([namedView(FIXTURE, 0, ['Arsenal', 'Chelsea'])]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    expect(await screen.findByText('starts at 2026-11-21 22:26:40 UTC')).toBeTruthy();
  });

  it('says a fixture under way or over "started" at its start', async () => {
    useSettings.getState().update({ timeZone: 'utc' });
    serveViews([namedView(FIXTURE, 2, ['Arsenal', 'Chelsea'])]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    expect(await screen.findByText('started 2026-11-21 22:26:40 UTC')).toBeTruthy();
  });

  it('shows the score by period and the clock, and follows the book as the stream moves them', async () => {
    const view = namedView(FIXTURE, 1, ['Arsenal', 'Chelsea'], {
      scores: { p1: row('p1', 1, 0), result: row('result', 1, 0) },
      clock: { currentPeriod: 'p1', currentTime: 1800, remainingTime: null, remainingTimeInPeriod: null, stopped: false },
    });
    serveViews([view]);
    const { book } = renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    const table = await screen.findByRole('table', { name: 'Score by period' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['ParticipantP1Total', 'ARS11', 'CHE00']);
    expect(screen.getByText('P1 30:00')).toBeTruthy();
    act(() => {
      book.apply([
        { op: 'update', frame: { channel: 'scores', type: 'UPDATE', ts: 2, entryId: '2-0', payload: { fixtureId: FIXTURE, scores: { p2: { ...row('p2', 0, 1), updatedAt: '2026-11-22T11:00:00Z' }, result: { ...row('result', 1, 1), updatedAt: '2026-11-22T11:00:00Z' } } } } },
        { op: 'update', frame: { channel: 'clocks', type: 'UPDATE', ts: 2, entryId: '2-0', payload: { fixtureId: FIXTURE, clock: { currentPeriod: 'p2', currentTime: 3000, remainingTime: null, remainingTimeInPeriod: null, stopped: false } } } },
      ]);
      book.flush();
    });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['ParticipantP1P2Total', 'ARS101', 'CHE011']);
    expect(screen.getByText('P2 50:00')).toBeTruthy();
  });

  it('says what an esports score table counts, and shows a clockless sport’s period alone', async () => {
    const base = namedView(FIXTURE, 1, ['Onic', 'Falcons']);
    const view = {
      ...base,
      sport: { ...base.sport, sportId: 83, sportName: 'Mobile Legends' },
      scores: { p1: row('p1', 14, 9), result: row('result', 1, 0) },
      clock: { currentPeriod: 'p2', currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null },
    };
    serveViews([view]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    const table = await screen.findByRole('table', { name: 'Kills per map; total: maps won' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['ParticipantP1Maps', 'ONI141', 'FAL90']);
    expect(screen.getByText('P2')).toBeTruthy();
  });

  it('shows no clock when the clock is null', async () => {
    serveViews([namedView(FIXTURE, 1, ['Arsenal', 'Chelsea'], { clock: null })]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    await screen.findByText('Arsenal');
    expect(screen.queryByText(/Clock:/u)).toBeNull();
  });

  it('points a cancelled fixture to its replacement with a link', async () => {
    serveViews([
      { ...namedView(FIXTURE, 3, ['Arsenal', 'Chelsea']), reissuedFixtureId: REPLACEMENT },
      namedView(REPLACEMENT, 0, ['Arsenal', 'Chelsea']),
    ]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    const link = await screen.findByRole('link', { name: `Arsenal – Chelsea (${REPLACEMENT})` });
    expect(link.getAttribute('href')).toBe(`/fixtures/${REPLACEMENT}`);
    expect(screen.getByText(/This fixture was cancelled and reissued as/)).toBeTruthy();
  });

  it('reads the replacement from the CLV response when the fixture view does not carry it', async () => {
    const cancelled = namedView(FIXTURE, 3, ['Arsenal', 'Chelsea']);
    const requests = serveViews([cancelled], { ...cancelled, odds: {}, reissuedFixtureId: REPLACEMENT });
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    const link = await screen.findByRole('link', { name: new RegExp(REPLACEMENT) });
    expect(link.getAttribute('href')).toBe(`/fixtures/${REPLACEMENT}`);
    expect(requests.some((u) => u.pathname === '/en/fixtures/odds/clv' && u.searchParams.get('fixtureId') === FIXTURE)).toBe(true);
  });

  it('says when a cancelled fixture has no replacement', async () => {
    serveViews([{ ...namedView(FIXTURE, 3, ['Arsenal', 'Chelsea']), reissuedFixtureId: null }]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    expect(await screen.findByText('This fixture was cancelled and has no replacement.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says a malformed fixtureId is not one, without asking the service', () => {
    const requests = serveViews([]);
    renderAt(<FixtureHeader fixtureId="nonsense" />, '/fixtures/nonsense');
    expect(screen.getByRole('alert').textContent).toMatch(/“nonsense” is not a fixtureId/);
    expect(requests.filter((u) => u.pathname === '/en/fixtures')).toEqual([]);
  });

  it('says when the service does not know the fixture or the key may not see it', async () => {
    serveViews([]);
    renderAt(<FixtureHeader fixtureId={FIXTURE} />);
    expect((await screen.findByText(/No fixture id1000001761301227/)).textContent).toMatch(/may not see it/);
  });
});
