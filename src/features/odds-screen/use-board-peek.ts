// One peek for the whole odds board, on the price hovered or focused: no per-cell popover or
// timer. The board's frame carries the handlers, so moving from a price into its peek keeps it open.
import { useCallback, useState, type FocusEvent, type PointerEvent } from 'react';
import type { PeekTarget } from './price-peek.tsx';

export interface BoardPeek {
  /** The price the peek is open on, or null. */
  readonly peek: PeekTarget | null;
  readonly closePeek: () => void;
  /** Handlers for the box that holds the grid and the peek. */
  readonly frameProps: {
    readonly onFocus: (event: FocusEvent) => void;
    readonly onBlur: (event: FocusEvent) => void;
    readonly onPointerOver: (event: PointerEvent) => void;
    readonly onPointerLeave: (event: PointerEvent) => void;
  };
}

/** The board's peek; with `enabled` false it never opens. */
export function useBoardPeek(enabled: boolean): BoardPeek {
  const [peek, setPeek] = useState<PeekTarget | null>(null);
  const peekAt = useCallback(
    (target: EventTarget | null) => {
      const button = enabled && target instanceof Element ? target.closest<HTMLElement>('[data-odds-id]') : null;
      if (button === null) return;
      const oddsId = button.dataset.oddsId ?? '';
      const rect = button.getBoundingClientRect();
      setPeek((current) => (current?.oddsId === oddsId ? current : { oddsId, top: rect.top, bottom: rect.bottom, left: rect.left }));
    },
    [enabled],
  );
  const closePeek = useCallback(() => {
    setPeek(null);
  }, []);
  const frameProps = {
    onFocus: (event: FocusEvent) => {
      peekAt(event.target);
    },
    onBlur: (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Element && event.relatedTarget.closest('.price-peek') !== null)) closePeek();
    },
    onPointerOver: (event: PointerEvent) => {
      peekAt(event.target);
    },
    onPointerLeave: (event: PointerEvent) => {
      // A touch leaves as the finger lifts, before its tap lands: the peek stays until focus goes.
      if (event.pointerType !== 'touch') closePeek();
    },
  };
  return { peek, closePeek, frameProps };
}
