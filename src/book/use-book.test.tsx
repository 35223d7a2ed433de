// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { LiveBook } from './book.ts';
import { FIXTURE_ID, fixtureView, oddsEntry, oddsFrame, oddsIdOf } from './book-test-data.ts';
import { BookContext, OddsInterestContext, useFixtureLive, useOdds, useOddsInterest, type OddsInterest } from './use-book.ts';

afterEach(cleanup);

function PriceCell({ oddsId }: { oddsId: string }) {
  const entry = useOdds(oddsId);
  return <span data-testid={oddsId}>{entry === undefined ? '–' : entry.price.toFixed(2)}</span>;
}

/** Renders the cells of `oddsIds` inside a Profiler that counts commits. */
function renderCells(book: LiveBook, oddsIds: readonly string[], commits: { n: number }): void {
  const tree: ReactNode = (
    <BookContext value={book}>
      <Profiler id="cells" onRender={() => (commits.n += 1)}>
        {oddsIds.map((id) => (
          <PriceCell key={id} oddsId={id} />
        ))}
      </Profiler>
    </BookContext>
  );
  render(tree);
}

describe('useOdds', () => {
  it('shows the price of its row after a flush', () => {
    const book = new LiveBook();
    const commits = { n: 0 };
    renderCells(book, [oddsIdOf(101)], commits);
    act(() => {
      book.applyUpdate(oddsFrame([oddsEntry(10, 2.5, 'pinnacle', 101)]));
      book.flush();
    });
    expect(screen.getByTestId(oddsIdOf(101)).textContent).toBe('2.50');
  });

  it('renders nothing when a price changes in a row that is off screen', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(10, 2, 'pinnacle', 101), oddsEntry(10, 3, 'pinnacle', 102)]));
    book.flush();
    const commits = { n: 0 };
    renderCells(book, [oddsIdOf(101)], commits);
    const before = commits.n;
    act(() => {
      book.applyUpdate(oddsFrame([oddsEntry(11, 3.5, 'pinnacle', 102)]));
      book.flush();
    });
    expect(commits.n).toBe(before);
  });

  it('renders once for several changes of its row within one frame', () => {
    const book = new LiveBook();
    const commits = { n: 0 };
    renderCells(book, [oddsIdOf(101)], commits);
    const before = commits.n;
    act(() => {
      book.applyUpdate(oddsFrame([oddsEntry(11, 2.1)]));
      book.applyUpdate(oddsFrame([oddsEntry(12, 2.2)]));
      book.flush();
    });
    expect(commits.n).toBe(before + 1);
  });
});

describe('useFixtureLive', () => {
  function Status() {
    const live = useFixtureLive(FIXTURE_ID);
    return <span data-testid="status">{live?.status?.statusName ?? 'unknown'}</span>;
  }
  it('shows the status of the fixture from a fixtures frame', () => {
    const book = new LiveBook();
    render(
      <BookContext value={book}>
        <Status />
      </BookContext>,
    );
    act(() => {
      book.applyUpdate({ channel: 'fixtures', type: 'UPDATE', ts: 1, entryId: '1-0', payload: fixtureView(FIXTURE_ID, 1) });
      book.flush();
    });
    expect(screen.getByTestId('status').textContent).toBe('Live');
  });
});

describe('useOddsInterest', () => {
  function Holder({ fixtureIds }: { readonly fixtureIds: readonly string[] }) {
    useOddsInterest(fixtureIds);
    return null;
  }
  /** An interest that logs registrations and releases. */
  function logged(log: string[]): OddsInterest {
    return {
      registerInterest: (fixtureIds, futureIds) => {
        log.push(`+${[...fixtureIds, ...futureIds].join(',')}`);
        return () => log.push(`-${[...fixtureIds, ...futureIds].join(',')}`);
      },
    };
  }

  it('holds the interest while mounted, keeps it across a re-render with the same ids, and releases it on unmount', () => {
    const log: string[] = [];
    const interest = logged(log);
    const view = (ids: readonly string[]) => (
      <OddsInterestContext value={interest}>
        <Holder fixtureIds={ids} />
      </OddsInterestContext>
    );
    const { rerender, unmount } = render(view(['b', 'a']));
    rerender(view(['a', 'b', 'a']));
    unmount();
    expect(log).toEqual(['+a,b', '-a,b']);
  });
});
