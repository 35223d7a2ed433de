// The closing lines of one selection: per bookmaker its opening price, its kick-off close (the
// close a bet is judged by) and, labelled apart, the spec's last price before settlement; the
// best and the consensus close; and the CLV of a price the user took against the reference they
// choose (same book, a sharp book, the consensus). Definitions in docs/domain.md.
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ClvReferencePicker } from '../../components/clv-reference-picker.tsx';
import { parseTakenPrice } from '../../components/clv-table.tsx';
import { TakenPriceField } from '../../components/taken-price-field.tsx';
import { trackBetPath } from '../../components/track-bet-path.ts';
import {
  betHasClose,
  clvAgainstBook,
  clvAgainstConsensus,
  DEFAULT_SHARP_BOOK,
  formatClvPercent,
  NO_CLOSE_TEXT,
  type ClosingLineRow,
  type ClosingLines,
  type ClvFigures,
  type ClvReferenceChoice,
  type Kickoff,
} from '../../domain/closing-line.ts';
import { DEVIG_METHODS, type DevigMethod } from '../../domain/devig.ts';
import { describeFairLine } from '../../domain/fair-line.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { fromZonedInput } from '../../domain/time-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';


export interface ClosingLineTableProps {
  /** What the rows are for, e.g. "1 (1X2)". */
  readonly selection: string;
  readonly lines: ClosingLines;
  readonly kickoff: Kickoff;
  readonly format: OddsFormat;
  readonly method: DevigMethod;
  readonly onMethodChange: (method: DevigMethod) => void;
  /** Bookmaker display name by slug (the slug when unknown). */
  readonly nameOf: (bookmaker: string) => string;
  /** The name of the fair line the consensus close follows (the chosen preset, `useFairLine()`). */
  readonly fairLineName: string;
  /** Why no book has a kick-off close at all (e.g. the service keeps no price history); per-row reasons otherwise. */
  readonly closesUnavailable?: string;
}

/** A date-time input's value, read on the clock of `timeZone`, as epoch ms; null when empty or not a time. */
function placedAtOf(text: string, timeZone: string): number | null {
  return text === '' ? null : fromZonedInput(text, timeZone);
}

function Figure({ value }: { readonly value: number | null }) {
  return value === null ? <span className="muted">market incomplete</span> : <>{formatClvPercent(value)}</>;
}

export function ClosingLineTable({ selection, lines, kickoff, format, method, onMethodChange, nameOf, fairLineName, closesUnavailable }: ClosingLineTableProps) {
  const [takenText, setTakenText] = useState('');
  const [placedText, setPlacedText] = useState('');
  const { timeZone, format: when } = useTimeZone();
  const [choice, setChoice] = useState<ClvReferenceChoice>({ kind: 'same-book', sharpBook: DEFAULT_SHARP_BOOK });
  const { kind: reference, sharpBook } = choice;
  const ids = { placed: useId(), method: useId() };
  const taken = parseTakenPrice(takenText);
  const inPlay = betHasClose(placedAtOf(placedText, timeZone), kickoff) === 'in-play';
  const provisional = kickoff.kind === 'pre-game';
  const closeName = provisional ? 'Close so far (provisional)' : 'Kick-off close';
  const sharpRow = lines.rows.find((r) => r.bookmaker === sharpBook);

  const rowFigures = (row: ClosingLineRow): ClvFigures | null =>
    taken === null || row.close.kind !== 'close' ? null : clvAgainstBook(taken, row.close.price, row.marketClose, lines.outcomeIndex, method);
  const clvCells = (row: ClosingLineRow) => {
    if (taken === null) return [<td key="p" className="clv-figure">—</td>, <td key="n" className="clv-figure">—</td>];
    if (inPlay) return [<td key="p" className="clv-figure muted" colSpan={2}>in-play: no closing line</td>];
    const figures = rowFigures(row);
    if (figures === null) return [<td key="p" className="clv-figure muted" colSpan={2}>no close</td>];
    return [
      <td key="p" className="clv-figure clv-price-based">{formatClvPercent(figures.priceBased)}</td>,
      <td key="n" className="clv-figure clv-no-vig"><Figure value={figures.noVig} /></td>,
    ];
  };

  return (
    <section className="clv-panel" aria-label={`Closing lines of ${selection}`}>
      <div className="field-row clv-taken">
        <TakenPriceField text={takenText} price={taken} onChange={setTakenText} />
        <label htmlFor={ids.placed}>When you took it (optional)</label>
        <input
          id={ids.placed}
          type="datetime-local"
          step={1}
          value={placedText}
          onChange={(e) => {
            setPlacedText(e.target.value);
          }}
        />
        <span className="muted">{timeZone}</span>
        <label htmlFor={ids.method}>De-vig method</label>
        <select
          id={ids.method}
          value={method}
          onChange={(e) => {
            onMethodChange(DEVIG_METHODS.find((m) => m === e.target.value) ?? method);
          }}
        >
          {DEVIG_METHODS.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </div>
      {taken !== null && !inPlay && lines.rows.length > 0 && (
        <p className="clv-track">
          Track this bet at{' '}
          {lines.rows.map((row, i) => (
            <span key={row.oddsId}>
              {i > 0 && ', '}
              <Link to={trackBetPath([row.oddsId], [taken])}>{nameOf(row.bookmaker)}</Link>
            </span>
          ))}
        </p>
      )}
      <dl className="clv-definitions">
        <dt>{closeName}</dt>
        <dd>
          {kickoff.kind === 'cancelled'
            ? 'none: the fixture was cancelled, so it has no close and its bets are void.'
            : provisional
              ? 'the latest active price: the fixture has not kicked off, so this figure will still move.'
              : "the bookmaker's last active price at or before kick-off (the actual start, else the planned one). '—' where the book had none."}
        </dd>
        <dt>Last before settlement</dt>
        <dd>the spec&apos;s CLV price: the last price before settlement, in play for a book trading live. Shown as a fact, never used to judge a price.</dd>
        <dt>CLV</dt>
        <dd>
          price-based = taken ÷ close − 1; no-vig = taken × fair closing probability − 1, the fair probability from the
          book&apos;s whole closing market de-vigged by the chosen method. As a percentage, one decimal, rounded half away
          from zero. A bet taken after kick-off has no closing line.
        </dd>
      </dl>
      <table className="clv-table">
        <thead>
          <tr>
            <th scope="col">Bookmaker</th>
            <th scope="col">Opening</th>
            <th scope="col">{closeName}</th>
            <th scope="col">Last before settlement</th>
            <th scope="col">Price-based CLV</th>
            <th scope="col">No-vig CLV</th>
          </tr>
        </thead>
        <tbody>
          {lines.rows.map((row) => (
            <tr key={row.oddsId} data-bookmaker={row.bookmaker}>
              <th scope="row">{nameOf(row.bookmaker)}</th>
              <td title={when(row.opening.changedAt)}>{formatPrice(row.opening.price, format)}</td>
              {row.close.kind === 'close' ? (
                <td className="kickoff-close" title={when(row.close.changedAt)}>
                  {formatPrice(row.close.price, format)}
                </td>
              ) : (
                <td className="kickoff-close">
                  — <span className="muted">({closesUnavailable ?? NO_CLOSE_TEXT[row.close.reason]})</span>
                </td>
              )}
              <td className="last-before-settlement" title={when(row.lastBeforeSettlement.changedAt)}>
                {formatPrice(row.lastBeforeSettlement.price, format)}
                {!row.lastBeforeSettlement.active && <span className="muted"> (closed)</span>}
              </td>
              {clvCells(row)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="best-close">
            <th scope="row">Best close</th>
            <td />
            <td>{lines.best === null ? '—' : formatPrice(lines.best.price, format)}</td>
            <td colSpan={3} className="muted">
              {lines.best === null ? 'no book has a close' : lines.best.bookmakers.map(nameOf).join(', ')}
            </td>
          </tr>
          <tr className="consensus-close" data-fair-line={fairLineName} data-fair-books={lines.consensus?.used.map((b) => b.bookmaker).join(',') ?? ''}>
            <th scope="row">Consensus close</th>
            <td />
            <td>{lines.consensus === null ? '—' : formatPrice(lines.consensus.prices[lines.outcomeIndex] ?? 1, format)}</td>
            <td
              colSpan={3}
              className="muted"
              title={lines.consensus === null ? undefined : `Fair line "${fairLineName}": ${describeFairLine(lines.consensus.used, method, nameOf)}, over their kick-off closes`}
            >
              {lines.consensus === null
                ? `fair line "${fairLineName}": ${lines.consensusProblem ?? 'no book has a close on every outcome'}`
                : `fair price under the fair line "${fairLineName}" from ${String(lines.consensus.books)} complete close${lines.consensus.books === 1 ? '' : 's'} (${lines.consensus.used.map((b) => nameOf(b.bookmaker)).join(', ')}), de-vigged (${method}); hover for the formula`}
            </td>
          </tr>
        </tfoot>
      </table>
      <ClvReferencePicker value={choice} onChange={setChoice} books={lines.rows.map((r) => r.bookmaker)} nameOf={nameOf} sameBookWhere="each row above" />
      <p className="clv-verdict" role="status">
        {reference === 'same-book' ? (
          'Each row shows the CLV of the price you took against that book’s own kick-off close.'
        ) : taken === null ? (
          'Type the price you took to see its CLV.'
        ) : inPlay ? (
          'in-play: no closing line'
        ) : reference === 'sharp' ? (
          sharpRow === undefined || sharpRow.close.kind !== 'close' ? (
            <>
              {nameOf(sharpBook)} has no kick-off close for this selection
              {sharpRow !== undefined && sharpRow.close.kind === 'none' ? ` (${NO_CLOSE_TEXT[sharpRow.close.reason]})` : ''}.{' '}
              <button type="button" className="link-button" onClick={() => { setChoice({ ...choice, kind: 'consensus' }); }}>
                Use the consensus close
              </button>
            </>
          ) : (
            <SharpVerdict name={nameOf(sharpBook)} close={sharpRow.close.price} figures={clvAgainstBook(taken, sharpRow.close.price, sharpRow.marketClose, lines.outcomeIndex, method)} format={format} />
          )
        ) : lines.consensus === null ? (
          `No consensus close under the fair line "${fairLineName}": ${lines.consensusProblem ?? 'no book has a close on every outcome'}.`
        ) : (
          <ConsensusVerdict taken={taken} lines={lines} format={format} />
        )}
      </p>
    </section>
  );
}

function SharpVerdict({ name, close, figures, format }: { readonly name: string; readonly close: number; readonly figures: ClvFigures; readonly format: OddsFormat }) {
  return (
    <>
      Against {name}&apos;s kick-off close {formatPrice(close, format)}: price-based CLV <strong>{formatClvPercent(figures.priceBased)}</strong>, no-vig CLV{' '}
      <strong><Figure value={figures.noVig} /></strong>.
    </>
  );
}

function ConsensusVerdict({ taken, lines, format }: { readonly taken: number; readonly lines: ClosingLines; readonly format: OddsFormat }) {
  const consensus = lines.consensus;
  const figures = consensus === null ? null : clvAgainstConsensus(taken, consensus, lines.outcomeIndex);
  if (consensus === null || figures === null) return null;
  return (
    <>
      Against the consensus close {formatPrice(consensus.prices[lines.outcomeIndex] ?? 1, format)}: CLV <strong>{formatClvPercent(figures.priceBased)}</strong> (the
      consensus close has no margin, so price-based and no-vig CLV are the same number).
    </>
  );
}
