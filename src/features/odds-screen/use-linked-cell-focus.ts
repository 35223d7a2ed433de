// A price linked from another page (`?cell=<oddsId>`, e.g. an opportunity): open its family if it
// is an alternate line, scroll its row into the middle, then focus it once it is rendered. Once
// per oddsId, so the trader's own scrolling afterwards is left alone.
import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type Dispatch, type RefObject, type SetStateAction } from 'react';
import { cellOf, type BoardLayout } from '../../domain/odds-board-layout.ts';
import type { BoardItem } from './board-rows.ts';

export function useLinkedCellFocus(
  focusOddsId: string | null,
  layout: BoardLayout,
  items: readonly BoardItem[],
  virtualizer: Virtualizer<HTMLDivElement, Element>,
  scrollRef: RefObject<HTMLDivElement | null>,
  setExpanded: Dispatch<SetStateAction<ReadonlySet<string>>>,
): void {
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (focusOddsId === null || focused.current === focusOddsId) return;
    const ref = cellOf(layout, focusOddsId);
    if (ref === undefined) return;
    const index = items.findIndex((item) => item.kind === 'outcome' && item.market.key === ref.marketKey && item.rowIndex === ref.rowIndex);
    if (index < 0) {
      const family = layout.groups.flatMap((g) => g.periods.flatMap((p) => p.families)).find((f) => f.alternates.some((m) => m.key === ref.marketKey));
      if (family !== undefined) {
        setExpanded((open) => new Set(open).add(family.key));
      }
      return;
    }
    focused.current = focusOddsId;
    virtualizer.scrollToIndex(index, { align: 'center' });
    // The row renders after the scroll: look for its cell a few frames running.
    let tries = 0;
    const focusCell = (): void => {
      const cell = scrollRef.current?.querySelector<HTMLElement>(`[data-odds-id="${CSS.escape(focusOddsId)}"]`);
      if (cell !== null && cell !== undefined) {
        cell.focus({ preventScroll: false });
        cell.classList.add('is-linked');
      } else if ((tries += 1) < 20) setTimeout(focusCell, 50);
    };
    setTimeout(focusCell, 50);
  }, [focusOddsId, layout, items, virtualizer, scrollRef, setExpanded]);
}
