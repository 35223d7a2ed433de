import { describe, expect, it } from 'vitest';
import { createSavedViewsStore, readSavedViews, viewProblem } from './saved-views-store.ts';

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), removeItem: (k: string) => void items.delete(k) };
}

const A = 'http://a.example';
const VIEW = { page: 'fixtures', name: 'Live football', path: '/fixtures', search: '?sport=10&live=true' };

describe('saved views', () => {
  it('saves a named path and search per service and page, replacing a view of the same name, across a reload', () => {
    const storage = memoryStorage();
    const store = createSavedViewsStore(storage);
    expect(store.getState().save(A, VIEW)).toBeNull();
    expect(store.getState().save(A, { ...VIEW, search: '?sport=10&live=false' })).toBeNull();
    expect(store.getState().save(A, { ...VIEW, page: 'opportunities', path: '/opportunities', search: '?minEv=2' })).toBeNull();
    const reloaded = createSavedViewsStore(storage).getState().byService[A];
    expect(reloaded).toEqual([
      { ...VIEW, search: '?sport=10&live=false' },
      { ...VIEW, page: 'opportunities', path: '/opportunities', search: '?minEv=2' },
    ]);
    store.getState().remove(A, 'fixtures', 'Live football');
    expect(store.getState().byService[A]?.map((v) => v.page)).toEqual(['opportunities']);
  });

  it('refuses a view without a name, or off this dashboard, naming the field', () => {
    expect(viewProblem({ ...VIEW, name: '  ' })).toBe('Name: give the view a name.');
    expect(viewProblem({ ...VIEW, path: '//evil.example/x' })).toBe('Path: a view is a page of this dashboard.');
    expect(viewProblem({ ...VIEW, path: 'https://evil.example/' })).toBe('Path: a view is a page of this dashboard.');
    expect(createSavedViewsStore(memoryStorage()).getState().save(A, { ...VIEW, name: '' })).toBe('Name: give the view a name.');
  });

  it('reads back only valid views', () => {
    expect(readSavedViews([VIEW, { ...VIEW, path: '//x' }, { ...VIEW }, 'junk', { ...VIEW, name: 'Other', search: 'no-question-mark' }])).toEqual([VIEW]);
    expect(readSavedViews({})).toEqual([]);
  });
});
