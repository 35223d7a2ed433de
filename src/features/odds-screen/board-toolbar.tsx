// The odds board's toolbar (de-vig method and ranges, kept in the URL; the books panel; what a
// click on a price does) and the note under it on how best, EV, arbitrage and fair are computed.
import { DEVIG_METHODS, type DevigMethod } from '../../domain/devig.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { BoardBooksPanel } from './board-books-panel.tsx';
import { DEFAULT_DEVIG, DEVIG_PARAM, RANGES_PARAM, devigMethodOf, type BoardView } from './use-board-view.ts';

const METHOD_LABELS: Readonly<Record<DevigMethod, string>> = {
  multiplicative: 'Multiplicative',
  additive: 'Additive',
  power: 'Power',
  shin: 'Shin',
  'worst-case': 'Worst case',
};

export function BoardToolbar({ view, clickHint }: { readonly view: BoardView; readonly clickHint: string }) {
  const { method, showRanges, setParam, panelBooks, nameOf, prefs, updatePrefs, charged } = view;
  const fairLine = useFairLine();
  return (
    <>
      <div className="odds-toolbar">
        <label>
          De-vig method{' '}
          <select
            value={method}
            onChange={(event) => {
              const next = devigMethodOf(event.target.value);
              setParam(DEVIG_PARAM, next === DEFAULT_DEVIG ? null : next);
            }}
          >
            {DEVIG_METHODS.map((m) => (
              <option key={m} value={m}>
                {METHOD_LABELS[m]}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={showRanges}
            onChange={(event) => {
              setParam(RANGES_PARAM, event.target.checked ? '1' : null);
            }}
          />{' '}
          Show the fair price's range across methods
        </label>
        <BoardBooksPanel books={panelBooks} nameOf={nameOf} prefs={prefs} update={updatePrefs} />
        <span className="hint">{clickHint}</span>
      </div>
      <p className="hint odds-notes" data-testid="odds-notes">
        Best, EV and arbitrage compare prices net of commission{charged.length > 0 ? ` (${charged.join(', ')})` : ''}; prices are shown
        gross. Fair: {method} de-vig of {fairLine.weights === null ? 'the consensus of every book that quotes the whole market' : `the fair line "${fairLine.name}" (settings)`}
        {prefs.hidden.length > 0 ? `, hidden ones included (${prefs.hidden.map(nameOf).join(', ')} hidden from best and arbitrage)` : ''}; hover a fair
        price for its books.
      </p>
    </>
  );
}
