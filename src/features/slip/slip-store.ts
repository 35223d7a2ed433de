// The parlay slip's state as a zustand store persisted to localStorage: the legs (oddsIds in
// parlayId order) and the last notice (a leg refused, a link trimmed). The URL side lives in
// ./use-slip-url.ts; what is read back from storage is validated like any other input.
import { create, type Mutate, type StoreApi, type UseBoundStore } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { safePersistStorage } from '../../settings/safe-storage.ts';
import { describeLeftOut, normalizeLegs, toggleLeg } from './slip-legs.ts';

export const SLIP_STORAGE_KEY = 'odds-explorer.slip.v1';
const SLIP_VERSION = 1;

export interface SlipState {
  /** The legs: valid fixture oddsIds, de-duplicated, in parlayId order, at most 20. */
  readonly legs: readonly string[];
  /** Why the last action did not do all it was asked (limit reached, invalid leg), or null. */
  readonly notice: string | null;
  /** False until the URL and storage were reconciled once in this page load (the URL wins). */
  readonly urlReconciled: boolean;
  readonly toggle: (oddsId: string) => void;
  readonly remove: (oddsId: string) => void;
  readonly clear: () => void;
  /** Replaces the legs; invalid ones and those beyond 20 are left out, with a notice. */
  readonly setLegs: (oddsIds: readonly string[], source?: string) => void;
  readonly dismissNotice: () => void;
  readonly markUrlReconciled: () => void;
}

/** What is persisted: the legs only (a notice is about this moment, not the next visit). */
interface StoredSlip {
  readonly legs: readonly string[];
}

export type SlipStore = UseBoundStore<Mutate<StoreApi<SlipState>, [['zustand/persist', StoredSlip]]>>;

/** Legs read back from storage: the valid ones of whatever is there; anything else reads as an empty slip. */
export function readStoredLegs(stored: unknown): readonly string[] {
  if (typeof stored !== 'object' || stored === null) return [];
  const legs = (stored as { legs?: unknown }).legs;
  if (!Array.isArray(legs)) return [];
  return normalizeLegs(legs.filter((leg): leg is string => typeof leg === 'string')).legs;
}

/**
 * A slip store persisted in `storage` under `odds-explorer.slip.v1`. Hydrates at once from a
 * synchronous storage (localStorage), so the first render already has the stored legs.
 */
export function createSlipStore(options: { readonly storage: StateStorage }): SlipStore {
  return create<SlipState>()(
    persist<SlipState, [], [], StoredSlip>(
      (set, get) => ({
        legs: [],
        notice: null,
        urlReconciled: false,
        toggle: (oddsId) => {
          const result = toggleLeg(get().legs, oddsId);
          set({ legs: result.legs, notice: result.notice });
        },
        remove: (oddsId) => {
          set((state) => ({ legs: state.legs.filter((leg) => leg !== oddsId), notice: null }));
        },
        clear: () => {
          set({ legs: [], notice: null });
        },
        setLegs: (oddsIds, source = 'the list') => {
          const result = normalizeLegs(oddsIds);
          set({ legs: result.legs, notice: describeLeftOut(result, source) });
        },
        dismissNotice: () => {
          set({ notice: null });
        },
        markUrlReconciled: () => {
          set({ urlReconciled: true });
        },
      }),
      {
        name: SLIP_STORAGE_KEY,
        version: SLIP_VERSION,
        storage: safePersistStorage(options.storage, (state) => ({ legs: readStoredLegs(state) })),
        partialize: (state) => ({ legs: state.legs }),
        migrate: (persisted) => ({ legs: readStoredLegs(persisted) }),
      },
    ),
  );
}
