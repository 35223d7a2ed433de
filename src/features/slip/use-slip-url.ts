// Keeps the slip in the URL: a `slip` search parameter holding the parlayId, so a shared link
// restores the slip. On the first sync of a page load the URL wins over storage; afterwards the
// URL follows the slip (replacing the history entry: adding a leg is not a navigation).
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { parlayIdOfLegs } from './slip-legs.ts';
import type { SlipStore } from './slip-store.ts';
import { slipStore } from './use-slip.ts';

/** The search parameter holding the slip's parlayId. */
export const SLIP_PARAM = 'slip';

/** The path of the pricing page for these legs (`/parlay?slip=<parlayId>`). */
export function parlayPagePath(legs: readonly string[]): string {
  const parlayId = parlayIdOfLegs(legs);
  return parlayId === '' ? '/parlay' : `/parlay?${new URLSearchParams({ [SLIP_PARAM]: parlayId }).toString()}`;
}

/**
 * Reconciles the URL and the stored slip once per page load (a `slip` parameter replaces the
 * stored legs; without one the stored legs are written to the URL), then writes every change of
 * the legs to the URL. Mount it once per page that shows the slip (the drawer does).
 */
export function useSlipUrlSync(store: SlipStore = slipStore): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = searchParams.get(SLIP_PARAM);
  const legs = store((s) => s.legs);
  const reconciled = store((s) => s.urlReconciled);

  useEffect(() => {
    if (!reconciled) {
      const state = store.getState();
      state.markUrlReconciled();
      if (fromUrl !== null) {
        state.setLegs([fromUrl], 'the link');
        return;
      }
    }
    const wanted = parlayIdOfLegs(legs);
    if ((fromUrl ?? '') === wanted) return;
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (wanted === '') next.delete(SLIP_PARAM);
        else next.set(SLIP_PARAM, wanted);
        return next;
      },
      { replace: true },
    );
  }, [store, reconciled, fromUrl, legs, setSearchParams]);
}
