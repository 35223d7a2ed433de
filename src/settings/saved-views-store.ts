// Saved views: a named set of filters and columns of a page, kept as the page's path and URL
// search parameters (the pages hold their filters and columns there), so a view is restored by
// opening its URL — from the menu, or pasted from a colleague. Per service (base URL), persisted in
// the browser, read back view by view (a corrupt or foreign one is dropped).
// First: zod's eval probe must not run before jitless is set (the page's CSP forbids eval), and
// this store may land in a chunk that runs before main.tsx's own import of it.
import '../components/zod-jitless.ts';
import { z } from 'zod';
import { create, type StateCreator } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { readByService, safePersistStorage, type ByService } from './safe-storage.ts';

export const SAVED_VIEWS_STORAGE_KEY = 'odds-explorer.saved-views.v1';
const MAX_VIEWS = 50;
const MAX_NAME = 60;
const MAX_SEARCH = 4000;

export interface SavedView {
  /** The page the view belongs to, e.g. `fixtures`, `odds-screen`, `opportunities`. */
  readonly page: string;
  /** Unique among the page's views. */
  readonly name: string;
  /** The path the view was saved on, e.g. `/fixtures` or `/fixtures/<fixtureId>`. */
  readonly path: string;
  /** The URL search string, `?…` or empty. */
  readonly search: string;
}

const viewSchema = z.object({
  page: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/u),
  name: z.string().trim().min(1).max(MAX_NAME),
  // An app path, never a URL to somewhere else: opening a view must stay on this dashboard.
  path: z.string().regex(/^\/(?!\/)[^?#\s]*$/u).max(500),
  search: z.string().max(MAX_SEARCH).refine((s) => s === '' || s.startsWith('?'), 'a search starts with ?'),
});

/** What is wrong with a view to save, in a sentence naming the field; null when it can be saved. */
export function viewProblem(view: SavedView): string | null {
  const name = view.name.trim();
  if (name === '') return 'Name: give the view a name.';
  if (name.length > MAX_NAME) return `Name: at most ${String(MAX_NAME)} characters.`;
  if (view.search.length > MAX_SEARCH) return `Filters: the URL's search is longer than ${String(MAX_SEARCH)} characters.`;
  if (!viewSchema.safeParse({ ...view, name }).success) return 'Path: a view is a page of this dashboard.';
  return null;
}

/** Views read back from storage: each valid view, the first of a name per page; never throws. */
export function readSavedViews(stored: unknown): readonly SavedView[] {
  const views: SavedView[] = [];
  for (const item of Array.isArray(stored) ? stored.slice(0, MAX_VIEWS) : []) {
    const parsed = viewSchema.safeParse(item);
    if (parsed.success && !views.some((v) => v.page === parsed.data.page && v.name === parsed.data.name)) views.push(parsed.data);
  }
  return views;
}

export interface SavedViewsState extends ByService<readonly SavedView[]> {
  /** Saves `view` at `baseUrl`, replacing the page's view of the same name; answers a problem and saves nothing if it has one. */
  readonly save: (baseUrl: string, view: SavedView) => string | null;
  readonly remove: (baseUrl: string, page: string, name: string) => void;
}

/** A saved-views store persisted in `storage`; hydrates at once from a synchronous storage. */
export function createSavedViewsStore(storage: StateStorage) {
  const creator: StateCreator<SavedViewsState, [], [], SavedViewsState> = (set, get) => ({
    byService: {},
    save: (baseUrl, view) => {
      const problem = viewProblem(view);
      if (problem !== null) return problem;
      const trimmed: SavedView = { ...view, name: view.name.trim() };
      const current = get().byService[baseUrl] ?? [];
      const others = current.filter((v) => !(v.page === trimmed.page && v.name === trimmed.name));
      if (others.length >= MAX_VIEWS) return `Name: at most ${String(MAX_VIEWS)} saved views; delete one first.`;
      set((state) => ({ byService: { ...state.byService, [baseUrl]: [...others, trimmed] } }));
      return null;
    },
    remove: (baseUrl, page, name) => {
      set((state) => ({ byService: { ...state.byService, [baseUrl]: (state.byService[baseUrl] ?? []).filter((v) => !(v.page === page && v.name === name)) } }));
    },
  });
  return create<SavedViewsState>()(
    persist<SavedViewsState, [], [], ByService<readonly SavedView[]>>(creator, {
      name: SAVED_VIEWS_STORAGE_KEY,
      storage: safePersistStorage(storage, (stored) => readByService(stored, readSavedViews)),
      partialize: ({ byService }) => ({ byService }),
    }),
  );
}
