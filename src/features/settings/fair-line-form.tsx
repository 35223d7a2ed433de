// The fair lines of the current service: choose the one the odds screen's fair column follows,
// create, edit and delete named presets (src/settings/fair-line-store.ts). The built-in default —
// every book, equal weight — stays and cannot be edited.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { bookmakersQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { DEFAULT_FAIR_LINE, FAIR_LINE_ANCHOR, type FairLinePreset } from '../../settings/fair-line-store.ts';
import { useFairLinePrefs } from '../../settings/use-fair-line.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';
import { FairLineEditor } from './fair-line-editor.tsx';

/** One line on what a preset is made of. */
function summaryOf(preset: FairLinePreset, nameOf: (slug: string) => string): string {
  if (preset.weights === null) return 'every book that quotes the whole market, equally weighted';
  const weighted = Object.entries(preset.weights).filter(([, weight]) => weight > 0);
  if (weighted.length === 1) return `${nameOf(weighted[0]?.[0] ?? '')} alone`;
  const books = weighted.map(([slug, weight]) => `${nameOf(slug)} ×${String(weight)}`).join(', ');
  return `${books}; at least ${String(preset.minBooks)} book${preset.minBooks === 1 ? '' : 's'}${preset.requiredBook === null ? '' : `, ${nameOf(preset.requiredBook)} required`}`;
}

export function FairLineForm() {
  const client = useApiClient();
  const bookmakers = useQuery(bookmakersQuery(client));
  const [prefs, { save, remove, choose }] = useFairLinePrefs();
  // null: no editor open; 'new': a new preset; else the name of the preset edited.
  const [editing, setEditing] = useState<string | null>(null);
  const id = useId();
  const books = (bookmakers.data ?? []).map((b) => ({ bookmaker: b.bookmaker, name: bookmakerLabel(b) }));
  const names = new Map(books.map((b) => [b.bookmaker, b.name]));
  const nameOf = (slug: string): string => names.get(slug) ?? slug;

  const location = useLocation();
  const sectionRef = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (location.hash === `#${FAIR_LINE_ANCHOR}`) sectionRef.current?.scrollIntoView();
  }, [location.hash]);

  const edited = editing === null || editing === 'new' ? null : (prefs.presets.find((p) => p.name === editing) ?? null);
  return (
    <section ref={sectionRef} id={FAIR_LINE_ANCHOR} className="settings-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Fair line</h3>
      <p className="hint">
        What the odds screen&apos;s fair column de-vigs: per outcome the weighted mean of the chosen books&apos; implied
        probabilities (Σ weight/price ÷ Σ weight), then the page&apos;s de-vig method. Stale or suspended books never count. Kept
        for this service only.
      </p>
      <fieldset className="field">
        <legend>Fair line in use</legend>
        {[DEFAULT_FAIR_LINE, ...prefs.presets].map((preset) => (
          <div key={preset.name} className="field-row fair-line-choice">
            <label className="choice">
              <input type="radio" name={`${id}-chosen`} checked={prefs.chosen === preset.name} onChange={() => { choose(preset.name); }} />
              {preset.name} <span className="hint">— {summaryOf(preset, nameOf)}</span>
            </label>
            {preset !== DEFAULT_FAIR_LINE && (
              <>
                <button type="button" aria-label={`Edit ${preset.name}`} onClick={() => { setEditing(preset.name); }}>
                  Edit
                </button>
                <button type="button" aria-label={`Delete ${preset.name}`} onClick={() => { remove(preset.name); if (editing === preset.name) setEditing(null); }}>
                  Delete
                </button>
              </>
            )}
          </div>
        ))}
      </fieldset>
      {editing === null ? (
        <button type="button" onClick={() => { setEditing('new'); }}>
          New fair line
        </button>
      ) : (
        <FairLineEditor
          key={editing}
          preset={edited}
          books={books}
          onSave={(preset) => save(preset, edited?.name)}
          onClose={() => { setEditing(null); }}
        />
      )}
    </section>
  );
}
