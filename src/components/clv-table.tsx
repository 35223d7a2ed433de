// OLV and CLV per bookmaker for one outcome (fixture) or participant (future), with the CLV of a
// price the user took computed both ways (src/domain/clv.ts), each definition written beside it.
// Shared by the history and futures pages.
import { useState } from 'react';
import { clvNoVig, clvPriceBased } from '../domain/clv.ts';
import { americanToDecimal, formatPrice, type OddsFormat } from '../domain/odds-format.ts';
import { formatMoment } from '../domain/time-format.ts';
import { TakenPriceField } from './taken-price-field.tsx';

/** One bookmaker's opening and closing line for the selection. */
export interface ClvRow {
  readonly key: string;
  readonly bookmaker: string;
  readonly olv: { readonly price: number; readonly changedAt: number };
  readonly clv: { readonly price: number; readonly changedAt: number; readonly active: boolean };
  /** This bookmaker's closing prices of every outcome of the market, for no-vig CLV; null when incomplete. */
  readonly closingMarket: readonly number[] | null;
  /** The selection's index in `closingMarket`. */
  readonly outcomeIndex: number;
}

/**
 * A taken price as typed: decimal ("2.10"), American ("+150", "-120") or fractional ("6/4"), as a
 * decimal price; null when it is not one (or below 1.01).
 */
export function parseTakenPrice(text: string): number | null {
  const s = text.trim();
  if (s === '') return null;
  let price: number;
  if (/^[+-]\d+(\.\d+)?$/u.test(s)) {
    const american = Number(s);
    if (Math.abs(american) < 100) return null;
    price = americanToDecimal(american);
  } else if (/^\d+\/\d+$/u.test(s)) {
    const [num, den] = s.split('/').map(Number);
    if (num === undefined || den === undefined || den === 0) return null;
    price = 1 + num / den;
  } else if (/^\d+(\.\d+)?$/u.test(s)) {
    price = Number(s);
  } else {
    return null;
  }
  return Number.isFinite(price) && price >= 1.01 ? price : null;
}

function percent(x: number): string {
  const sign = x > 0 ? '+' : '';
  return `${sign}${(x * 100).toFixed(2)}%`;
}

function noVigOrNull(taken: number, row: ClvRow): number | null {
  if (row.closingMarket === null) return null;
  try {
    return clvNoVig(taken, row.closingMarket, row.outcomeIndex);
  } catch {
    // A closing market the de-vig cannot take (e.g. a price of 1 on a settled side).
    return null;
  }
}

export interface ClvTableProps {
  /** What the rows are for, e.g. "Over 2.5 (Totals)". */
  readonly selection: string;
  readonly rows: readonly ClvRow[];
  readonly format: OddsFormat;
  /** True before settlement: the "closing" figure is then the latest price. */
  readonly provisional: boolean;
  /** The zone the times of the prices are written in (the user's setting). */
  readonly timeZone: string;
  /** Shown per row label, e.g. a bookmaker's display name; default the slug. */
  readonly rowLabel?: (row: ClvRow) => string;
  /** The first column's heading; default "Bookmaker". */
  readonly rowHeader?: string;
}

export function ClvTable({ selection, rows, format, provisional, timeZone, rowLabel = (r) => r.bookmaker, rowHeader = 'Bookmaker' }: ClvTableProps) {
  const [takenText, setTakenText] = useState('');
  const taken = parseTakenPrice(takenText);
  const closingName = provisional ? 'Closing (provisional)' : 'Closing (CLV)';
  return (
    <section className="clv-panel" aria-label={`Opening and closing lines of ${selection}`}>
      <div className="field-row clv-taken">
        <TakenPriceField text={takenText} price={taken} onChange={setTakenText} />
      </div>
      <dl className="clv-definitions">
        <dt>OLV</dt>
        <dd>the first recorded price (opening line).</dd>
        <dt>{closingName}</dt>
        <dd>
          {provisional
            ? 'the latest price: the fixture is not settled yet, so this figure is provisional and will move.'
            : 'the last price before settlement.'}
        </dd>
        <dt>Price-based CLV</dt>
        <dd>taken ÷ closing − 1: how far the taken price beat the closing price, margin included.</dd>
        <dt>No-vig CLV</dt>
        <dd>
          taken × fair closing probability − 1, the fair probability from the bookmaker&apos;s closing prices of the
          whole market with the margin removed proportionally (multiplicative): the expected return of the taken price
          if the margin-free close is the truth. Shown only where the bookmaker&apos;s whole closing market is known.
        </dd>
      </dl>
      <table className="clv-table">
        <thead>
          <tr>
            <th scope="col">{rowHeader}</th>
            <th scope="col">OLV</th>
            <th scope="col">{closingName}</th>
            <th scope="col">Move</th>
            <th scope="col">Price-based CLV</th>
            <th scope="col">No-vig CLV</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const noVig = taken === null ? null : noVigOrNull(taken, row);
            return (
              <tr key={row.key} data-bookmaker={row.bookmaker}>
                <th scope="row">{rowLabel(row)}</th>
                <td title={formatMoment(row.olv.changedAt, timeZone)}>{formatPrice(row.olv.price, format)}</td>
                <td title={formatMoment(row.clv.changedAt, timeZone)}>
                  {formatPrice(row.clv.price, format)}
                  {!row.clv.active && <span className="muted"> (suspended)</span>}
                </td>
                <td>{percent(row.olv.price / row.clv.price - 1)}</td>
                <td className="clv-figure">{taken === null ? '—' : percent(clvPriceBased(taken, row.clv.price))}</td>
                <td className="clv-figure">
                  {taken === null ? '—' : noVig === null ? <span className="muted">market incomplete</span> : percent(noVig)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="hint">
        Move is opening ÷ closing − 1: positive when the price shortened after it opened. Hover a price for its time.
      </p>
    </section>
  );
}
