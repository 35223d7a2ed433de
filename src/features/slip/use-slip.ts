// The page's one parlay slip: the store on the browser's localStorage, kept in step across open
// tabs, and the hooks the odds board and the drawer read it with.
import { useMemo } from 'react';
import { browserStorage } from '../../settings/safe-storage.ts';
import { SLIP_STORAGE_KEY, createSlipStore, type SlipStore } from './slip-store.ts';

/**
 * The page's slip store (tests reset it with `slipStore.getState().clear()`). Where the browser
 * refuses the page its storage, the slip lives in the page and its URL only.
 */
export const slipStore: SlipStore = createSlipStore({ storage: browserStorage() });

// Another tab changed the slip: take its legs over, so every tab shows the same slip.
window.addEventListener('storage', (event) => {
  if (event.key === SLIP_STORAGE_KEY) void slipStore.persist.rehydrate();
});

/** The slip as the odds board and the drawer use it. */
export interface Slip {
  /** The legs: fixture oddsIds in parlayId order (at most 20). */
  readonly legs: readonly string[];
  /** True when `oddsId` is a leg. */
  readonly has: (oddsId: string) => boolean;
  /** Adds the leg, or removes it when present; a full slip or an invalid oddsId sets `notice` instead. */
  readonly toggle: (oddsId: string) => void;
  readonly clear: () => void;
  readonly remove: (oddsId: string) => void;
  /** Replaces the legs (invalid ones and those beyond 20 are left out, with a notice). */
  readonly setLegs: (oddsIds: readonly string[]) => void;
  /** Why the last action did not do all it was asked (e.g. the 20-leg limit), or null. */
  readonly notice: string | null;
  readonly dismissNotice: () => void;
}

const actions = slipStore.getState();

/**
 * The slip; re-renders when the legs or the notice change. A price cell, which only needs to know
 * whether its price is a leg, reads {@link slipLegs} instead (re-rendered only when that changes).
 */
export function useSlip(): Slip {
  const legs = slipStore((s) => s.legs);
  const notice = slipStore((s) => s.notice);
  return useMemo(() => {
    const set = new Set(legs);
    return {
      legs,
      notice,
      has: (oddsId: string) => set.has(oddsId),
      toggle: actions.toggle,
      clear: actions.clear,
      remove: actions.remove,
      setLegs: (oddsIds: readonly string[]) => {
        actions.setLegs(oddsIds);
      },
      dismissNotice: actions.dismissNotice,
    };
  }, [legs, notice]);
}

/**
 * The slip as the odds board's price cells read it (`BoardSlip` in src/features/odds-screen,
 * provided by the fixture page): one leg's answer per cell, so a toggle re-renders only the cells
 * whose answer changed, never the board.
 */
export const slipLegs = {
  has: (oddsId: string): boolean => slipStore.getState().legs.includes(oddsId),
  subscribe: (listener: () => void): (() => void) => slipStore.subscribe(listener),
  toggle: (oddsId: string): void => {
    slipStore.getState().toggle(oddsId);
  },
};
