// The page's saved-views store, on localStorage, and one page's views at the current service.
import { useCallback, useMemo } from 'react';
import { browserStorage } from './safe-storage.ts';
import { createSavedViewsStore, type SavedView } from './saved-views-store.ts';
import { useSettings } from './use-settings.ts';

export const useSavedViewsStore = createSavedViewsStore(browserStorage());

const NONE: readonly SavedView[] = [];

/** The views of `page` at the current service, a saver (answers a problem or null) and a remover. */
export function useSavedViews(page: string): readonly [readonly SavedView[], (view: Omit<SavedView, 'page'>) => string | null, (name: string) => void] {
  const baseUrl = useSettings((s) => s.baseUrl);
  const all = useSavedViewsStore((s) => s.byService[baseUrl]) ?? NONE;
  const views = useMemo(() => all.filter((v) => v.page === page), [all, page]);
  const { save, remove } = useSavedViewsStore.getState();
  const saveView = useCallback((view: Omit<SavedView, 'page'>) => save(baseUrl, { ...view, page }), [save, baseUrl, page]);
  const removeView = useCallback((name: string) => { remove(baseUrl, page, name); }, [remove, baseUrl, page]);
  return [views, saveView, removeView] as const;
}
