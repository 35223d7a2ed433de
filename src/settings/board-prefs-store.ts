// How a trader arranges the odds board, per service (base URL) and persisted in the browser: the
// bookmakers' order, the hidden ones (left out of best price and arbitrage), sharp books first,
// row density; and the commission rates per exchange, which the settings page sets. Read back field by field, like the settings:
// a corrupt or foreign value falls back to its default.
// First: zod's eval probe must not run before jitless is set (the page's CSP forbids eval), and
// this store may land in a chunk that runs before main.tsx's own import of it.
import '../components/zod-jitless.ts';
import { z } from 'zod';
import { create, type StateCreator } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { readByService, safePersistStorage } from './safe-storage.ts';

export const BOARD_PREFS_STORAGE_KEY = 'odds-explorer.board.v1';
/** The settings page's section that sets `commission` (`/settings#commission`); the board links to it. */
export const COMMISSION_ANCHOR = 'commission';

export const DENSITIES = ['comfortable', 'compact'] as const;
export type Density = (typeof DENSITIES)[number];

export interface BoardPrefs {
  /** Bookmaker slugs in the order the trader put them; books not listed follow in the board's order. */
  readonly order: readonly string[];
  /** Slugs not shown and left out of best price, arbitrage and EV. */
  readonly hidden: readonly string[];
  /** Group the sharp books (`SHARP_BOOKS`) before the others. */
  readonly sharpFirst: boolean;
  readonly density: Density;
  /** Commission rate on winnings per slug, over `DEFAULT_COMMISSION`. */
  readonly commission: Readonly<Record<string, number>>;
}

export const DEFAULT_BOARD_PREFS: BoardPrefs = { order: [], hidden: [], sharpFirst: false, density: 'comfortable', commission: {} };

const slugs = z.array(z.string().min(1).max(100)).max(500);
const fieldSchemas = {
  order: slugs,
  hidden: slugs,
  sharpFirst: z.boolean(),
  density: z.enum(DENSITIES),
  commission: z.record(z.string().min(1).max(100), z.number().min(0).lt(1)),
} satisfies { [K in keyof BoardPrefs]: z.ZodType<BoardPrefs[K]> };

/** Prefs read back from storage: each valid field, every other one from the defaults. Never throws. */
export function readBoardPrefs(stored: unknown): BoardPrefs {
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const field = <K extends keyof BoardPrefs>(name: K): BoardPrefs[K] => {
    const parsed = fieldSchemas[name].safeParse(record[name]);
    return parsed.success ? (parsed.data as BoardPrefs[K]) : DEFAULT_BOARD_PREFS[name];
  };
  return { order: [...new Set(field('order'))], hidden: [...new Set(field('hidden'))], sharpFirst: field('sharpFirst'), density: field('density'), commission: field('commission') };
}

export interface Persisted {
  /** Base URL → that service's prefs. */
  readonly byService: Readonly<Record<string, BoardPrefs>>;
}

export interface BoardPrefsState extends Persisted {
  /** Changes the prefs of the service at `baseUrl`. */
  readonly update: (baseUrl: string, patch: Partial<BoardPrefs>) => void;
}

function readPersisted(stored: unknown): Persisted {
  return readByService(stored, readBoardPrefs);
}

/** A prefs store persisted in `storage`; hydrates at once from a synchronous storage. */
export function createBoardPrefsStore(storage: StateStorage) {
  const creator: StateCreator<BoardPrefsState, [], [], BoardPrefsState> = (set) => ({
    byService: {},
    update: (baseUrl, patch) => {
      set((state) => {
        const current = state.byService[baseUrl] ?? DEFAULT_BOARD_PREFS;
        return { byService: { ...state.byService, [baseUrl]: readBoardPrefs({ ...current, ...patch }) } };
      });
    },
  });
  return create<BoardPrefsState>()(
    persist<BoardPrefsState, [], [], Persisted>(creator, {
      name: BOARD_PREFS_STORAGE_KEY,
      storage: safePersistStorage(storage, readPersisted),
      partialize: ({ byService }) => ({ byService }),
    }),
  );
}
