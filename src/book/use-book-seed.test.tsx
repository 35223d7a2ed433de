// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useCallback, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LiveBook, type BookSnapshot } from './book.ts';
import { FIXTURE_ID, oddsEntry, oddsFrame, oddsIdOf } from './book-test-data.ts';
import { snapshotOf } from './snapshot-of.ts';
import { BookContext, useOdds } from './use-book.ts';
import { useBookSeed } from './use-book-seed.ts';
import type { FixtureOdds } from '../wire/shared-schemas.ts';

afterEach(cleanup);

const ID = oddsIdOf(101);

/** An answer of `GET /fixtures/odds` reduced to what the seed reads: one fixture's prices. */
function answer(changedAt: number, price: number): FixtureOdds {
  return { pinnacle: { [ID]: oddsEntry(changedAt, price, 'pinnacle', 101) } };
}

function pricesSnapshot(odds: FixtureOdds): BookSnapshot {
  return snapshotOf({ odds: [{ fixtureId: FIXTURE_ID, odds }] });
}

function Seeded({ data, toSnapshot = pricesSnapshot }: { readonly data: FixtureOdds | undefined; readonly toSnapshot?: (data: FixtureOdds) => BookSnapshot }) {
  const seeded = useBookSeed(data, toSnapshot);
  const entry = useOdds(ID);
  return (
    <p data-testid="cell">
      {seeded ? 'seeded' : 'waiting'} {entry === undefined ? '–' : entry.price.toFixed(2)}
    </p>
  );
}

function renderSeeded(book: LiveBook, data: FixtureOdds | undefined) {
  return render(
    <BookContext value={book}>
      <Seeded data={data} />
    </BookContext>,
  );
}

/** Counts the page seeds the book hears (what the stream provider forwards to the worker). */
function countSeeds(book: LiveBook): { n: number } {
  const seen = { n: 0 };
  book.subscribeSeeds(() => {
    seen.n += 1;
  });
  return seen;
}

describe('useBookSeed', () => {
  it('waits while there is no answer, then seeds it and says so in the same commit as its price', () => {
    const book = new LiveBook();
    const { rerender } = renderSeeded(book, undefined);
    expect(screen.getByTestId('cell').textContent).toBe('waiting –');
    rerender(
      <BookContext value={book}>
        <Seeded data={answer(10, 2.5)} />
      </BookContext>,
    );
    expect(screen.getByTestId('cell').textContent).toBe('seeded 2.50');
    expect(book.getOdds(ID)?.price).toBe(2.5);
  });

  it('never lets a cached answer undo a newer price the stream delivered', () => {
    const book = new LiveBook();
    book.applyUpdate(oddsFrame([oddsEntry(20, 3.1, 'pinnacle', 101)]));
    book.flush();
    renderSeeded(book, answer(10, 2.5));
    expect(screen.getByTestId('cell').textContent).toBe('seeded 3.10');
  });

  it('seeds each answer once, as a page seed (heard by the stream provider), and again for a new answer', () => {
    const book = new LiveBook();
    const seeds = countSeeds(book);
    const first = answer(10, 2.5);
    const { rerender } = renderSeeded(book, first);
    const again = (data: FixtureOdds) => {
      rerender(
        <BookContext value={book}>
          <Seeded data={data} />
        </BookContext>,
      );
    };
    again(first);
    expect(seeds.n).toBe(1);
    again(answer(30, 2.75));
    expect(seeds.n).toBe(2);
    expect(screen.getByTestId('cell').textContent).toBe('seeded 2.75');
  });

  it('seeds the same answer again when what it takes from it changes', () => {
    const book = new LiveBook();
    const seeds = countSeeds(book);
    const data = answer(10, 2.5);
    function Switching() {
      // Only the prices of the chosen bookmaker, like the slip's legs: a new choice re-seeds.
      const [bookmaker, setBookmaker] = useState('bet365');
      const toSnapshot = useCallback((odds: FixtureOdds) => pricesSnapshot({ [bookmaker]: odds[bookmaker] ?? {} }), [bookmaker]);
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setBookmaker('pinnacle');
            }}
          >
            pinnacle
          </button>
          <Seeded data={data} toSnapshot={toSnapshot} />
        </>
      );
    }
    render(
      <BookContext value={book}>
        <Switching />
      </BookContext>,
    );
    expect(screen.getByTestId('cell').textContent).toBe('seeded –');
    fireEvent.click(screen.getByRole('button', { name: 'pinnacle' }));
    expect(seeds.n).toBe(2);
    expect(screen.getByTestId('cell').textContent).toBe('seeded 2.50');
  });
});
