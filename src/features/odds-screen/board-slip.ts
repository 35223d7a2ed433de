// The slip the board's prices go on, as the route puts it around the board: the odds screen
// imports no slip feature (docs/architecture.md), so the page that composes both provides it
// here and each price cell reads its own answer with one hook — no slip props through the board.
import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** What the board needs of the slip (the slip feature's `slipLegs` is one). */
export interface BoardSlip {
  /** Whether `oddsId` is a leg now. */
  has(oddsId: string): boolean;
  /** Calls `listener` after any change of the legs; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Adds the leg, or removes it when present (a full slip says so in its own notice). */
  toggle(oddsId: string): void;
}

/** The page's slip; null (the default, and the board at a past moment): prices show no slip state. */
export const BoardSlipContext = createContext<BoardSlip | null>(null);

const NO_UNSUBSCRIBE = (): void => undefined;

/** Whether `oddsId` is on the page's slip; re-renders only when that answer changes. */
export function useIsOnSlip(oddsId: string): boolean {
  const slip = useContext(BoardSlipContext);
  const subscribe = useCallback((listener: () => void) => (slip === null ? NO_UNSUBSCRIBE : slip.subscribe(listener)), [slip]);
  return useSyncExternalStore(subscribe, () => slip?.has(oddsId) ?? false);
}
