import { describe, expect, it } from 'vitest';
import { chosenPreset, createFairLineStore, DEFAULT_FAIR_LINE, FAIR_LINE_STORAGE_KEY, presetProblems, readFairLinePrefs, type FairLinePreset } from './fair-line-store.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k), items };
}

const SHARP: FairLinePreset = { name: 'Sharp', weights: { pinnacle: 2, circa: 1 }, minBooks: 2, requiredBook: 'pinnacle' };
const A = 'http://a.example';
const B = 'http://b.example';

describe('fair line presets', () => {
  it('chooses the built-in equal consensus until the trader picks another', () => {
    const store = createFairLineStore(memoryStorage());
    expect(chosenPreset(store.getState().byService[A] ?? readFairLinePrefs(undefined))).toEqual({ name: 'Every book, equal weight', weights: null, minBooks: 1, requiredBook: null });
  });

  it('keeps each service its own presets and choice, across a reload', () => {
    const storage = memoryStorage();
    const store = createFairLineStore(storage);
    expect(store.getState().save(A, SHARP)).toEqual([]);
    store.getState().choose(A, 'Sharp');
    store.getState().save(B, { ...SHARP, name: 'Pinnacle only', weights: { pinnacle: 1 }, minBooks: 1 });
    const reloaded = createFairLineStore(storage).getState().byService;
    expect(reloaded[A]).toEqual({ presets: [SHARP], chosen: 'Sharp' });
    expect(reloaded[B]?.chosen).toBe(DEFAULT_FAIR_LINE.name);
    expect(reloaded[B]?.presets.map((p) => p.name)).toEqual(['Pinnacle only']);
  });

  it('renames an edited preset and keeps it chosen; deleting the chosen one chooses the default', () => {
    const store = createFairLineStore(memoryStorage());
    store.getState().save(A, SHARP);
    store.getState().choose(A, 'Sharp');
    expect(store.getState().save(A, { ...SHARP, name: 'Sharper', minBooks: 1 }, 'Sharp')).toEqual([]);
    expect(store.getState().byService[A]).toEqual({ presets: [{ ...SHARP, name: 'Sharper', minBooks: 1 }], chosen: 'Sharper' });
    store.getState().remove(A, 'Sharper');
    expect(store.getState().byService[A]).toEqual({ presets: [], chosen: DEFAULT_FAIR_LINE.name });
  });

  it('saves nothing and names the field of each problem', () => {
    const store = createFairLineStore(memoryStorage());
    store.getState().save(A, SHARP);
    const problems = store.getState().save(A, { name: ' Sharp ', weights: { pinnacle: -1, circa: 0 }, minBooks: 0, requiredBook: 'bet365' });
    expect(problems.map((p) => p.message)).toEqual([
      'Name: "Sharp" is taken; choose another.',
      'Weight of pinnacle: a number ≥ 0.',
      'Weights: give at least one book a weight above 0.',
      'Minimum books: a whole number ≥ 1.',
      'Required book: bet365 must be one of the books with a weight above 0.',
    ]);
    expect(store.getState().byService[A]?.presets).toEqual([SHARP]);
  });

  it('refuses more minimum books than books weighted, and an empty name', () => {
    expect(presetProblems({ ...SHARP, minBooks: 3 }, [])).toEqual([{ field: 'minBooks', message: 'Minimum books: 3 is more than the 2 books with a weight.' }]);
    expect(presetProblems({ ...SHARP, name: '  ' }, [])).toEqual([{ field: 'name', message: 'Name: give the fair line a name.' }]);
    expect(presetProblems({ ...SHARP, name: DEFAULT_FAIR_LINE.name }, [])[0]?.field).toBe('name');
  });

  it('drops corrupt presets read back and falls back to the default choice', () => {
    const stored = { presets: [SHARP, { ...SHARP, name: 'Bad', minBooks: 0 }, { name: 'Half' }, SHARP, 'junk'], chosen: 'Bad' };
    expect(readFairLinePrefs(stored)).toEqual({ presets: [SHARP], chosen: DEFAULT_FAIR_LINE.name });
    const storage = memoryStorage({ [FAIR_LINE_STORAGE_KEY]: '{not json' });
    expect(createFairLineStore(storage).getState().byService).toEqual({});
  });
});
