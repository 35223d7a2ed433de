// What counts as a move (src/domain/moves.ts) and the alert rules (src/domain/alert-rules.ts), per
// service (base URL), persisted in the browser like the fair lines. Read back field by field: a
// corrupt value falls back to its default, a corrupt rule is dropped.
// First: zod's eval probe must not run before jitless is set (the page's CSP forbids eval), and
// this store may land in a chunk that runs before main.tsx's own import of it.
import '../components/zod-jitless.ts';
import { z } from 'zod';
import { create, type StateCreator } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { DEFAULT_ALERT_RULES, ruleProblems, type AlertRule } from '../domain/alert-rules.ts';
import { DEFAULT_MOVE_SETTINGS, moveSettingsProblems, type MoveSettings } from '../domain/moves.ts';
import { readByService, safePersistStorage } from './safe-storage.ts';

export const MOVES_STORAGE_KEY = 'odds-explorer.moves.v1';
const MAX_RULES = 30;

export interface MovesPrefs {
  readonly settings: MoveSettings;
  readonly rules: readonly AlertRule[];
}

export const DEFAULT_MOVES_PREFS: MovesPrefs = { settings: DEFAULT_MOVE_SETTINGS, rules: DEFAULT_ALERT_RULES };

const settingsSchema = z.object({ steamBooks: z.number(), steamPoints: z.number(), steamMinutes: z.number(), dropPoints: z.number() });
const ruleBase = { id: z.string().min(1).max(100), name: z.string(), enabled: z.boolean(), repeatMinutes: z.number(), notify: z.boolean() };
const ruleSchema = z.discriminatedUnion('kind', [
  z.object({
    ...ruleBase,
    kind: z.literal('move'),
    moveKinds: z.array(z.enum(['steam', 'drop'])).max(2),
    minPoints: z.number(),
    includeLive: z.boolean().default(false),
  }),
  z.object({ ...ruleBase, kind: z.literal('ev'), minPercent: z.number(), books: z.array(z.string().max(40)), live: z.enum(['all', 'live', 'pregame']), maxPrice: z.number().nullable().default(null) }),
  z.object({ ...ruleBase, kind: z.literal('arbitrage'), minPercent: z.number() }),
]);

/** Prefs read back from storage; never throws. */
export function readMovesPrefs(stored: unknown): MovesPrefs {
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const parsedSettings = settingsSchema.safeParse(record.settings);
  const settings = parsedSettings.success && moveSettingsProblems(parsedSettings.data).length === 0 ? parsedSettings.data : DEFAULT_MOVE_SETTINGS;
  if (!Array.isArray(record.rules)) return { settings, rules: DEFAULT_ALERT_RULES };
  const rules: AlertRule[] = [];
  for (const item of record.rules.slice(0, MAX_RULES)) {
    const parsed = ruleSchema.safeParse(item);
    if (parsed.success && ruleProblems(parsed.data).length === 0 && !rules.some((r) => r.id === parsed.data.id)) rules.push(parsed.data);
  }
  return { settings, rules };
}

export interface Persisted {
  /** Base URL → that service's move settings and rules. */
  readonly byService: Readonly<Record<string, MovesPrefs>>;
}

export interface MovesState extends Persisted {
  /** Saves the move settings; answers the problems, saving nothing, if any. */
  readonly saveSettings: (baseUrl: string, settings: MoveSettings) => { readonly field: keyof MoveSettings; readonly message: string }[];
  /** Adds or replaces (same id) a rule; answers the problems, saving nothing, if any. */
  readonly saveRule: (baseUrl: string, rule: AlertRule) => { readonly field: string; readonly message: string }[];
  readonly removeRule: (baseUrl: string, id: string) => void;
}

function readPersisted(stored: unknown): Persisted {
  return readByService(stored, readMovesPrefs);
}

/** A moves store persisted in `storage`. */
export function createMovesStore(storage: StateStorage) {
  const creator: StateCreator<MovesState, [], [], MovesState> = (set, get) => {
    const prefsOf = (baseUrl: string): MovesPrefs => get().byService[baseUrl] ?? DEFAULT_MOVES_PREFS;
    const put = (baseUrl: string, prefs: MovesPrefs): void => {
      set((state) => ({ byService: { ...state.byService, [baseUrl]: prefs } }));
    };
    return {
      byService: {},
      saveSettings: (baseUrl, settings) => {
        const problems = moveSettingsProblems(settings);
        if (problems.length === 0) put(baseUrl, { ...prefsOf(baseUrl), settings });
        return problems;
      },
      saveRule: (baseUrl, rule) => {
        const trimmed: AlertRule = { ...rule, name: rule.name.trim() };
        const problems = ruleProblems(trimmed);
        if (problems.length > 0) return problems;
        const current = prefsOf(baseUrl);
        const index = current.rules.findIndex((r) => r.id === rule.id);
        if (index === -1 && current.rules.length >= MAX_RULES) return [{ field: 'name', message: `At most ${String(MAX_RULES)} rules; delete one first.` }];
        const rules = index === -1 ? [...current.rules, trimmed] : current.rules.map((r, i) => (i === index ? trimmed : r));
        put(baseUrl, { ...current, rules });
        return [];
      },
      removeRule: (baseUrl, id) => {
        const current = prefsOf(baseUrl);
        put(baseUrl, { ...current, rules: current.rules.filter((r) => r.id !== id) });
      },
    };
  };
  return create<MovesState>()(
    persist<MovesState, [], [], Persisted>(creator, {
      name: MOVES_STORAGE_KEY,
      storage: safePersistStorage(storage, readPersisted),
      partialize: ({ byService }) => ({ byService }),
    }),
  );
}
