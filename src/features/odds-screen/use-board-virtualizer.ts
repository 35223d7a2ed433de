// The odds board's row virtualizer: fixed heights per row kind and mode (./board-rows.ts), rows
// placed under the header row, and a first layout that does not wait for the scroll box.
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, type RefObject } from 'react';
import { HEADER_HEIGHT, itemHeight, type BoardItem, type BoardMode } from './board-rows.ts';

/** What the first render lays out before the scroll box is measured (and what jsdom keeps). */
const INITIAL_RECT = { width: 1200, height: 640 };

export function useBoardVirtualizer(
  items: readonly BoardItem[],
  mode: BoardMode,
  bookCount: number,
  scrollRef: RefObject<HTMLDivElement | null>,
): Virtualizer<HTMLDivElement, Element> {
  // TanStack Virtual keeps its state outside React; its measurements are read during render by design.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => itemHeight(items[index]?.kind ?? 'outcome', mode, bookCount),
    getItemKey: (index) => items[index]?.key ?? index,
    overscan: 8,
    scrollMargin: HEADER_HEIGHT,
    initialRect: INITIAL_RECT,
    // A box that is not laid out (0 high: jsdom, a hidden tab) keeps the initial size, so the
    // first rows still render.
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => {
        callback(rect.height === 0 ? INITIAL_RECT : rect);
      }),
  });

  // The virtualizer caches sizes by key: a new mode or book count changes every row's height.
  useEffect(() => {
    virtualizer.measure();
  }, [virtualizer, mode, bookCount]);
  return virtualizer;
}
