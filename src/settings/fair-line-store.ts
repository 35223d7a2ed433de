// The trader's fair lines (named presets, src/domain/fair-line.ts) and the one chosen, per service
// (base URL) and persisted in the browser. The built-in default — every book, equal weight — is
// always there and cannot be changed, so nothing moves until the trader picks another. Read back
// preset by preset: a corrupt or foreign one is dropped, an unknown choice falls back to the default.
// First: zod's eval probe must not run before jitless is set (the page's CSP forbids eval), and
// this store may land in a chunk that runs before main.tsx's own import of it.
import '../components/zod-jitless.ts';
import { z } from 'zod';
import { create, type StateCreator } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { EQUAL_CONSENSUS, type FairLine } from '../domain/fair-line.ts';
import { readByService, safePersistStorage } from './safe-storage.ts';

export const FAIR_LINE_STORAGE_KEY = 'odds-explorer.fair-line.v1';
/** The settings page's section of fair lines (`/settings#fair-line`); the fair cell links to it. */
export const FAIR_LINE_ANCHOR = 'fair-line';
const MAX_PRESETS = 30;
const MAX_NAME = 60;

export interface FairLinePreset extends FairLine {
  /** Unique among the service's presets (the default's name included). */
  readonly name: string;
}

export const DEFAULT_FAIR_LINE: FairLinePreset = { name: 'Every book, equal weight', ...EQUAL_CONSENSUS };

export interface FairLinePrefs {
  /** The trader's presets (the default is not stored). */
  readonly presets: readonly FairLinePreset[];
  /** The name of the chosen preset; the default's when it names none of them. */
  readonly chosen: string;
}

export const DEFAULT_FAIR_LINE_PREFS: FairLinePrefs = { presets: [], chosen: DEFAULT_FAIR_LINE.name };

/** A problem with a preset, and the field it is about (the form shows it there). */
export interface PresetProblem {
  readonly field: 'name' | 'weights' | 'minBooks' | 'requiredBook';
  readonly bookmaker?: string;
  readonly message: string;
}

/**
 * What is wrong with `preset`, per field, given the names of the other presets: a name (1–60
 * characters, not taken), weights finite and ≥ 0 with at least one above 0, a whole number of
 * minimum books ≥ 1 and no more than the books weighted, and a required book among the weighted ones.
 */
export function presetProblems(preset: FairLinePreset, otherNames: readonly string[]): PresetProblem[] {
  const problems: PresetProblem[] = [];
  const name = preset.name.trim();
  if (name === '') problems.push({ field: 'name', message: 'Name: give the fair line a name.' });
  else if (name.length > MAX_NAME) problems.push({ field: 'name', message: `Name: at most ${String(MAX_NAME)} characters.` });
  else if (name === DEFAULT_FAIR_LINE.name || otherNames.includes(name)) problems.push({ field: 'name', message: `Name: "${name}" is taken; choose another.` });
  const weights = preset.weights ?? {};
  for (const [bookmaker, weight] of Object.entries(weights)) {
    if (!(Number.isFinite(weight) && weight >= 0)) problems.push({ field: 'weights', bookmaker, message: `Weight of ${bookmaker}: a number ≥ 0.` });
  }
  const weighted = Object.entries(weights).filter(([, weight]) => weight > 0).map(([bookmaker]) => bookmaker);
  if (preset.weights !== null && weighted.length === 0) problems.push({ field: 'weights', message: 'Weights: give at least one book a weight above 0.' });
  if (!(Number.isSafeInteger(preset.minBooks) && preset.minBooks >= 1)) problems.push({ field: 'minBooks', message: 'Minimum books: a whole number ≥ 1.' });
  else if (preset.weights !== null && weighted.length > 0 && preset.minBooks > weighted.length) {
    problems.push({ field: 'minBooks', message: `Minimum books: ${String(preset.minBooks)} is more than the ${String(weighted.length)} book${weighted.length === 1 ? '' : 's'} with a weight.` });
  }
  if (preset.requiredBook !== null && preset.weights !== null && !weighted.includes(preset.requiredBook)) {
    problems.push({ field: 'requiredBook', message: `Required book: ${preset.requiredBook} must be one of the books with a weight above 0.` });
  }
  return problems;
}

const presetSchema = z.object({
  name: z.string().trim().min(1).max(MAX_NAME),
  weights: z.record(z.string().min(1).max(100), z.number().min(0)).nullable(),
  minBooks: z.number().int().min(1).max(1000),
  requiredBook: z.string().min(1).max(100).nullable(),
});

/** Prefs read back from storage: each valid preset (first of a name), a choice; never throws. */
export function readFairLinePrefs(stored: unknown): FairLinePrefs {
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const presets: FairLinePreset[] = [];
  for (const item of Array.isArray(record.presets) ? record.presets.slice(0, MAX_PRESETS) : []) {
    const parsed = presetSchema.safeParse(item);
    if (!parsed.success) continue;
    const others = presets.map((p) => p.name);
    if (presetProblems(parsed.data, others).length === 0) presets.push(parsed.data);
  }
  const chosen = typeof record.chosen === 'string' && presets.some((p) => p.name === record.chosen) ? record.chosen : DEFAULT_FAIR_LINE.name;
  return { presets, chosen };
}

/** The chosen preset of `prefs` (the default when it names none). */
export function chosenPreset(prefs: FairLinePrefs): FairLinePreset {
  return prefs.presets.find((preset) => preset.name === prefs.chosen) ?? DEFAULT_FAIR_LINE;
}

export interface Persisted {
  /** Base URL → that service's fair lines. */
  readonly byService: Readonly<Record<string, FairLinePrefs>>;
}

export interface FairLineState extends Persisted {
  /**
   * Saves `preset` at `baseUrl`, replacing the one named `replacing` (an edit, perhaps a rename)
   * or added; the choice follows a rename. Answers the problems, and saves nothing, if any.
   */
  readonly save: (baseUrl: string, preset: FairLinePreset, replacing?: string) => PresetProblem[];
  /** Deletes a preset; choosing the default if it was chosen. */
  readonly remove: (baseUrl: string, name: string) => void;
  /** Chooses the preset named `name` (the default's name, or an unknown one, chooses the default). */
  readonly choose: (baseUrl: string, name: string) => void;
}

function readPersisted(stored: unknown): Persisted {
  return readByService(stored, readFairLinePrefs);
}

/** A fair-line store persisted in `storage`; hydrates at once from a synchronous storage. */
export function createFairLineStore(storage: StateStorage) {
  const creator: StateCreator<FairLineState, [], [], FairLineState> = (set, get) => {
    const prefsOf = (baseUrl: string): FairLinePrefs => get().byService[baseUrl] ?? DEFAULT_FAIR_LINE_PREFS;
    const put = (baseUrl: string, prefs: FairLinePrefs): void => {
      set((state) => ({ byService: { ...state.byService, [baseUrl]: prefs } }));
    };
    return {
      byService: {},
      save: (baseUrl, preset, replacing) => {
        const current = prefsOf(baseUrl);
        const trimmed: FairLinePreset = { ...preset, name: preset.name.trim() };
        const others = current.presets.filter((p) => p.name !== replacing);
        const problems = presetProblems(trimmed, others.map((p) => p.name));
        if (problems.length > 0) return problems;
        if (others.length >= MAX_PRESETS) return [{ field: 'name', message: `Name: at most ${String(MAX_PRESETS)} fair lines; delete one first.` }];
        const index = current.presets.findIndex((p) => p.name === replacing);
        const presets = index === -1 ? [...current.presets, trimmed] : current.presets.map((p, i) => (i === index ? trimmed : p));
        put(baseUrl, { presets, chosen: replacing !== undefined && current.chosen === replacing ? trimmed.name : current.chosen });
        return [];
      },
      remove: (baseUrl, name) => {
        const current = prefsOf(baseUrl);
        put(baseUrl, { presets: current.presets.filter((p) => p.name !== name), chosen: current.chosen === name ? DEFAULT_FAIR_LINE.name : current.chosen });
      },
      choose: (baseUrl, name) => {
        const current = prefsOf(baseUrl);
        put(baseUrl, { ...current, chosen: current.presets.some((p) => p.name === name) ? name : DEFAULT_FAIR_LINE.name });
      },
    };
  };
  return create<FairLineState>()(
    persist<FairLineState, [], [], Persisted>(creator, {
      name: FAIR_LINE_STORAGE_KEY,
      storage: safePersistStorage(storage, readPersisted),
      partialize: ({ byService }) => ({ byService }),
    }),
  );
}
