// The one way a page seeds the live book: from a query's `data`, after render, never inside the
// query function (which would tie the query to a book its key does not name). A page's seed only
// fills: the book applies it by the ordering rules, so a cached or late answer never undoes a
// newer row the stream delivered (docs/stream-client.md, "Buffering and the ordering rules").
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { BookSnapshot, LiveBook } from './book.ts';
import { useLiveBook } from './use-book.ts';

/** What the hook last put in the book, readable during render (the seed itself runs after it). */
class SeedMark {
  private seeded: readonly unknown[] = [];
  private readonly listeners = new Set<() => void>();

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  is(seed: readonly unknown[]): boolean {
    return seed.length === this.seeded.length && seed.every((part, i) => part === this.seeded[i]);
  }

  set(seed: readonly unknown[]): void {
    this.seeded = seed;
    for (const listener of [...this.listeners]) listener();
  }
}

function seedBook(book: LiveBook, snapshot: BookSnapshot | null): void {
  if (snapshot === null) return;
  book.seed(snapshot, false);
  // Tells the readers of the rows the seed filled (the seed is also forwarded to the stream worker).
  book.flush();
}

/**
 * Seeds the page's book with `toSnapshot(data)` (null: nothing to seed) whenever `data` or
 * `toSnapshot` changes — so `toSnapshot` is a module-level function, or memoized over what it
 * reads. The seed runs in a layout effect, before the browser paints the answer.
 * @returns true once the book holds this `data`'s seed: a view built from the book (the odds
 * board's layout) waits for it rather than reading a book the answer has not reached yet.
 */
export function useBookSeed<T>(data: T | undefined, toSnapshot: (data: T) => BookSnapshot | null): boolean {
  const book = useLiveBook();
  const [mark] = useState(() => new SeedMark());
  useLayoutEffect(() => {
    if (data === undefined) return;
    seedBook(book, toSnapshot(data));
    mark.set([book, data, toSnapshot]);
  }, [book, data, toSnapshot, mark]);
  return useSyncExternalStore(mark.subscribe, () => data !== undefined && mark.is([book, data, toSnapshot]));
}
