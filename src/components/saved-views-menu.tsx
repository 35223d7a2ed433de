// The saved views of a page: a menu listing the views saved on it (each a link that restores its
// filters and columns, with a copyable URL and a delete button) and a form saving the current one
// under a name. A view is the page's path and URL search parameters, so any page that keeps its
// filters in the URL gets views by rendering this menu with its own `page` key.
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSavedViews } from '../settings/use-saved-views.ts';
import { CopyButton } from './copy-button.tsx';

export interface SavedViewsMenuProps {
  /** The page's key in the store, e.g. `fixtures`, `odds-screen`, `opportunities`. */
  readonly page: string;
  /**
   * Parameters the page keeps outside the URL that a view carries too (the odds screen's column
   * preferences), added to the saved search; the page applies them when a URL brings them.
   */
  readonly extraParams?: () => Readonly<Record<string, string>>;
  /**
   * Open a view on the current path instead of the path it was saved on (the odds screen: a view
   * saved on one fixture applies to the fixture shown).
   */
  readonly onCurrentPath?: boolean;
}

/** The search of the current URL with `extra` set over it, `?…` or empty. */
function searchWith(search: string, extra: Readonly<Record<string, string>>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(extra)) params.set(name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export function SavedViewsMenu({ page, extraParams, onCurrentPath = false }: SavedViewsMenuProps) {
  const [views, save, remove] = useSavedViews(page);
  const location = useLocation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const nameId = useId();

  const onSave = (): void => {
    const search = searchWith(location.search, extraParams?.() ?? {});
    const answer = save({ name, path: location.pathname, search });
    setProblem(answer);
    if (answer === null) {
      setSaved(name.trim());
      setName('');
    }
  };

  return (
    <details className="saved-views">
      <summary>Saved views ({views.length})</summary>
      <div className="saved-views-body">
        {views.length === 0 ? (
          <p className="muted">No saved views on this page yet.</p>
        ) : (
          <ul aria-label="Saved views">
            {views.map((view) => {
              const to = `${onCurrentPath ? location.pathname : view.path}${view.search}`;
              return (
                <li key={view.name}>
                  <Link to={to} data-view-name={view.name}>
                    {view.name}
                  </Link>{' '}
                  <CopyButton text={`${window.location.origin}${to}`} label={`the link to view ${view.name}`} />{' '}
                  <button
                    type="button"
                    className="link-button"
                    aria-label={`Delete view ${view.name}`}
                    onClick={() => {
                      remove(view.name);
                    }}
                  >
                    Delete
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <form className="saved-views-save" onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          <label htmlFor={nameId}>View name</label>
          <input
            id={nameId}
            value={name}
            maxLength={60}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
          />
          <button type="submit">Save current view</button>
        </form>
        {problem !== null && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
        {problem === null && saved !== null && (
          <p className="muted" role="status">
            Saved “{saved}”. Its link restores these filters{extraParams === undefined ? '' : ' and columns'}.
          </p>
        )}
      </div>
    </details>
  );
}
