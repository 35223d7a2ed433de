// /moves: the moves feed live from the stream worker — steam and dropping odds in implied points —
// with what counts as a move and the alert rules beside it (docs/domain.md, "Moves").
import { useState } from 'react';
import { describeFailures } from '../../api/api-error.ts';
import type { MoveKind } from '../../domain/moves.ts';
import { useMovesPrefs } from '../../settings/use-moves-prefs.ts';
import { AlertRulesForm } from './alert-rules-form.tsx';
import { MoveSettingsForm } from './move-settings-form.tsx';
import { formatPoints } from './move-text.ts';
import { MovesTable } from './moves-table.tsx';
import { useMoveLabels } from './use-move-labels.ts';
import { useMoves } from './use-moves.ts';
import './moves.css';

/** Most rows shown. */
const MAX_ROWS = 100;

export function MovesPage() {
  const all = useMoves();
  const { settings } = useMovesPrefs();
  const [kind, setKind] = useState<MoveKind | 'all'>('all');
  const [preGameOnly, setPreGameOnly] = useState(false);
  const matching = all.filter((m) => (kind === 'all' || m.kind === kind) && !(preGameOnly && m.live));
  // The newest rows only: the feed changes twice a second and a goal adds hundreds of moves.
  const moves = matching.slice(0, MAX_ROWS);
  const { labels, error } = useMoveLabels(moves);
  return (
    <section className="moves-page" aria-labelledby="moves-title">
      <h1 id="moves-title">Moves</h1>
      <p className="moves-intro">
        Steam: {settings.steamBooks} or more books moving one outcome the same way by {formatPoints(settings.steamPoints)} or more within {settings.steamMinutes} min.
        Dropping odds: a book {formatPoints(settings.dropPoints)} or more above its opening. Points are implied percentage points (100 / price); stale or
        suspended books never count.
      </p>
      <div className="moves-toolbar" role="radiogroup" aria-label="Kind of move">
        {(['all', 'steam', 'drop'] as const).map((k) => (
          <label key={k}>
            <input type="radio" name="move-kind" checked={kind === k} onChange={() => { setKind(k); }} /> {k === 'all' ? 'All' : k === 'steam' ? 'Steam' : 'Dropping odds'}
          </label>
        ))}
        <label>
          <input type="checkbox" checked={preGameOnly} onChange={() => { setPreGameOnly(!preGameOnly); }} /> Pre-game only (in play, a goal moves every book)
        </label>
        <span className="moves-count">{matching.length > moves.length ? `the newest ${String(moves.length)} of ${String(matching.length)} moves` : `${String(matching.length)} moves`}</span>
      </div>
      {error === null ? null : <p role="alert">{describeFailures([error]).join(' ')} Fixtures and outcomes show by id.</p>}
      {moves.length === 0 ? (
        <p className="moves-empty">No moves yet. Moves show here as the stream brings them; this page keeps the worker&apos;s last 300.</p>
      ) : (
        <MovesTable moves={moves} labels={labels} />
      )}
      <details className="moves-details">
        <summary>What counts as a move</summary>
        <MoveSettingsForm />
      </details>
      <h2 id="rules">Alert rules</h2>
      <AlertRulesForm />
    </section>
  );
}
