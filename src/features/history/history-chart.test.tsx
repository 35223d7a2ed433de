// @vitest-environment jsdom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveBook } from '../../book/book.ts';
import { FIXTURE_ID, oddsEntry, oddsFrame, oddsIdOf } from '../../book/book-test-data.ts';
import { BookContext, OddsInterestContext, type OddsInterest } from '../../book/use-book.ts';
import type { FixtureHistoricalOddsResponse, HistoricalOddsEntry } from '../../wire/rest-schemas.ts';
import type { Kickoff } from '../../domain/closing-line.ts';
import { HistoryChart } from './history-chart.tsx';

afterEach(cleanup);

function recorded(changedAt: number, price: number, bookmaker = 'pinnacle'): HistoricalOddsEntry {
  return { bookmaker, outcomeId: 101, playerId: 0, marketId: 101, price, active: true, marketActive: true, limit: null, changedAt };
}

/** Pinnacle's recorded line on outcome 101: 2.00 at t=1000, 2.05 at t=2000. */
const history: FixtureHistoricalOddsResponse = {
  fixtureId: FIXTURE_ID,
  odds: { pinnacle: { [oddsIdOf(101)]: { '1000': recorded(1000, 2), '2000': recorded(2000, 2.05) } } },
};

function renderChart(book: LiveBook, provisional: boolean, interest: OddsInterest | null = null, kickoff: Kickoff = { kind: 'pre-game', plannedMs: 10_000 }) {
  return render(
    <OddsInterestContext value={interest}>
      <BookContext value={book}>
        <HistoryChart
          fixtureId={FIXTURE_ID}
          history={history}
          historyAt={2500}
          outcomeId={101}
          playerId={0}
          bookmakers={['pinnacle']}
          provisional={provisional}
          title="Line movement of 1 (Winner)"
          format="decimal"
          kickoff={kickoff}
          throttleMs={0}
        />
      </BookContext>
    </OddsInterestContext>,
  );
}

function pointCount(): number {
  return Number(screen.getByRole('button', { name: 'pinnacle' }).getAttribute('data-point-count'));
}

function movePrice(book: LiveBook, changedAt: number, price: number): void {
  act(() => {
    book.applyUpdate(oddsFrame([oddsEntry(changedAt, price)]));
    book.flush();
  });
}

describe('HistoryChart', () => {
  it('opens a finished fixture on opening → kick-off, the in-play part one toggle away', () => {
    renderChart(new LiveBook(), false, null, { kind: 'kicked-off', atMs: 1500 });
    const figure = screen.getByRole('figure', { name: 'Line movement of 1 (Winner)' });
    expect([figure.getAttribute('data-from'), figure.getAttribute('data-to')]).toEqual(['1000', '1500']);
    const toggle = screen.getByRole('button', { name: 'Show the in-play part' });
    act(() => {
      toggle.click();
    });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(figure.getAttribute('data-to')).toBe('2000');
  });

  it('shows a live fixture\'s pre-match and in-play line in two panes', () => {
    renderChart(new LiveBook(), true, null, { kind: 'kicked-off', atMs: 1500 });
    const pre = screen.getByRole('figure', { name: 'Line movement of 1 (Winner): pre-match' });
    const inPlay = screen.getByRole('figure', { name: 'Line movement of 1 (Winner): in play' });
    expect(pre.getAttribute('data-to')).toBe('1500');
    expect(inPlay.getAttribute('data-from')).toBe('1500');
  });

  it('grows the series by one point when the book moves a shown price', async () => {
    const book = new LiveBook();
    renderChart(book, true);
    // Two recorded prices and the live last price drawn on to the REST answer's time.
    expect(pointCount()).toBe(3);
    movePrice(book, 3000, 2.1);
    await waitFor(() => {
      expect(pointCount()).toBe(4);
    });
  });

  it('ignores a book price no newer than the recorded history', async () => {
    const book = new LiveBook();
    renderChart(book, true);
    movePrice(book, 2000, 2.05);
    movePrice(book, 3000, 2.1);
    // Only the second move counts: had the first been drawn, the series would have five points.
    await waitFor(() => {
      expect(pointCount()).toBe(4);
    });
  });

  it('starts from a price the book already held when the page opened', async () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(3000, 2.1)]));
    book.flush();
    renderChart(book, true);
    await waitFor(() => {
      expect(pointCount()).toBe(4);
    });
  });

  it('shows the time of the latest live price change as the line\'s last update', async () => {
    const book = new LiveBook();
    renderChart(book, true);
    const at = Date.UTC(2030, 0, 2, 3, 4, 5);
    movePrice(book, at, 2.1);
    await waitFor(() => {
      expect(screen.getByText(/last price change/u).querySelector('time')?.getAttribute('dateTime')).toBe(new Date(at).toISOString());
    });
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('does not follow the book for a finished fixture', async () => {
    const book = new LiveBook();
    renderChart(book, false);
    movePrice(book, 3000, 2.1);
    // Give a wrongly scheduled publish (throttle 0) the chance to land before checking.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pointCount()).toBe(2);
    expect(screen.getByText('Final')).toBeTruthy();
  });

  it('declares the fixture\'s odds interest while open, and none once finished', () => {
    const log: string[] = [];
    const interest: OddsInterest = {
      registerInterest: (fixtureIds) => {
        log.push(fixtureIds.join(','));
        return () => undefined;
      },
    };
    renderChart(new LiveBook(), true, interest);
    cleanup();
    renderChart(new LiveBook(), false, interest);
    expect(log).toEqual([FIXTURE_ID]);
  });
});
