// @vitest-environment jsdom
// Saved views: the current path and search saved under a name, listed as links that restore them.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useSavedViewsStore } from '../settings/use-saved-views.ts';
import { SavedViewsMenu } from './saved-views-menu.tsx';

function Where() {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.search}`}</output>;
}

function renderAt(url: string, props: Partial<Parameters<typeof SavedViewsMenu>[0]> = {}) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <SavedViewsMenu page="fixtures" {...props} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useSavedViewsStore.setState({ byService: {} });
});

afterEach(() => {
  cleanup();
});

describe('SavedViewsMenu', () => {
  it('saves the current filters under a name, as a link that restores them', () => {
    renderAt('/fixtures?sport=10&live=true');
    fireEvent.change(screen.getByLabelText('View name'), { target: { value: 'Live football' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save current view' }));
    expect(screen.getByText(/^Saved “Live football”/u).textContent).toBe('Saved “Live football”. Its link restores these filters.');
    const link = screen.getByRole('link', { name: 'Live football' });
    expect(link.getAttribute('href')).toBe('/fixtures?sport=10&live=true');
    fireEvent.click(link);
    expect(screen.getByLabelText('location').textContent).toBe('/fixtures?sport=10&live=true');
  });

  it('adds the parameters a page keeps elsewhere, and opens a view on the current path when asked', () => {
    renderAt('/fixtures/a?devig=shin', { page: 'odds-screen', onCurrentPath: true, extraParams: () => ({ hide: 'beta', density: 'compact' }) });
    fireEvent.change(screen.getByLabelText('View name'), { target: { value: 'Sharp' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save current view' }));
    expect(screen.getByRole('link', { name: 'Sharp' }).getAttribute('href')).toBe('/fixtures/a?devig=shin&hide=beta&density=compact');
    cleanup();
    renderAt('/fixtures/b', { page: 'odds-screen', onCurrentPath: true });
    expect(screen.getByRole('link', { name: 'Sharp' }).getAttribute('href')).toBe('/fixtures/b?devig=shin&hide=beta&density=compact');
  });

  it('refuses a view without a name and deletes one', () => {
    renderAt('/fixtures?q=arsenal');
    fireEvent.click(screen.getByRole('button', { name: 'Save current view' }));
    expect(screen.getByRole('alert').textContent).toBe('Name: give the view a name.');
    fireEvent.change(screen.getByLabelText('View name'), { target: { value: 'Arsenal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save current view' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete view Arsenal' }));
    expect(screen.queryByRole('link', { name: 'Arsenal' })).toBeNull();
    expect(screen.getByText('No saved views on this page yet.')).toBeTruthy();
  });
});
