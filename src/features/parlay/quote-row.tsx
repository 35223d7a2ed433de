// One bookmaker's line on the parlay page: its accumulator and (same game) SGP quote, singlesPrice,
// correlation margin, limit, quote time, exchange offers and betslip link; or, in plain words,
// why it has none. The "why this price" panel opens beneath it.
import { useState } from 'react';
import { correlationMargin } from '../../domain/parlay.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { ParlayEntry, SgpEntry } from '../../wire/schemas.ts';
import { safeExternalUrl } from '../../components/safe-url.ts';
import { inactiveReasonText, noEntryText, type BookmakerQuote, type Selection } from './parlay-plan.ts';
import type { LegFair } from './use-leg-fair.ts';
import { WhyPricePanel } from './why-price-panel.tsx';

export interface QuoteRowProps {
  readonly bookmaker: string;
  readonly name: string;
  readonly quote: BookmakerQuote | undefined;
  readonly sameGame: boolean;
  /** This bookmaker's accumulator request failed (the page says why, once). */
  readonly accumulatorFailed: boolean;
  /** This bookmaker's SGP request failed (the page says why, once). */
  readonly sgpFailed: boolean;
  readonly selections: readonly Selection[];
  readonly fair: ReadonlyMap<string, LegFair>;
  readonly labelOf: (oddsId: string) => string;
  readonly format: OddsFormat;
  readonly columns: number;
}

/** What a price cell says when its request failed: the reason is above the table. */
const REQUEST_FAILED = 'unavailable (see above)';

function PriceCell({
  entry,
  missingText,
  failed,
  format,
  testId,
}: {
  entry: ParlayEntry | SgpEntry | null | undefined;
  missingText: string | null;
  failed: boolean;
  format: OddsFormat;
  testId: string;
}) {
  if (entry === undefined) {
    return failed ? <td className="quote-none" data-testid={`${testId}-failed`}>{REQUEST_FAILED}</td> : <td className="quote-pending">…</td>;
  }
  if (entry === null) return <td className="quote-none" data-testid={`${testId}-none`}>{missingText ?? 'no price returned'}</td>;
  if (!entry.active) {
    return (
      <td className="quote-inactive" data-testid={`${testId}-inactive`}>
        Not available: {inactiveReasonText(entry.meta.inactiveReason)}
      </td>
    );
  }
  return (
    <td className="quote-price" data-testid={testId} data-price={entry.price}>
      {formatPrice(entry.price, format)}
    </td>
  );
}

export function QuoteRow({ bookmaker, name, quote, sameGame, accumulatorFailed, sgpFailed, selections, fair, labelOf, format, columns }: QuoteRowProps) {
  const [open, setOpen] = useState(false);
  const { format: timeOf } = useTimeZone();
  const acc = quote?.accumulator;
  const sgp = quote?.sgp;
  const activeSgp = sgp != null && sgp.active ? sgp : null;
  const explained = activeSgp ?? (acc != null && acc.active ? acc : null);
  const singles = (sgp ?? acc)?.singlesPrice;
  const quoteTime = activeSgp === null ? (acc ?? undefined)?.changedAt : (activeSgp.bookmakerChangedAt ?? activeSgp.changedAt);
  const betslip = safeExternalUrl(activeSgp?.betslip);
  // Missing legs are spelled out once, in the accumulator column.
  const sgpMissing = quote === undefined ? null : quote.missing.length > 0 ? 'legs missing: see the accumulator column' : `${noEntryText(quote, 'sgp') ?? ''}; the accumulator is beside it`;

  return (
    <>
      <tr data-bookmaker={bookmaker}>
        <th scope="row">{name}</th>
        <PriceCell
          entry={acc}
          missingText={quote === undefined ? null : noEntryText(quote, 'accumulator')}
          failed={accumulatorFailed}
          format={format}
          testId="acc-price"
        />
        {sameGame && <PriceCell entry={sgp} missingText={sgpMissing} failed={sgpFailed} format={format} testId="sgp-price" />}
        <td data-testid="singles-price" data-price={singles}>
          {singles === undefined ? '' : formatPrice(singles, format)}
        </td>
        {sameGame && (
          <td data-testid="correlation-margin">
            {activeSgp === null ? '' : `${(correlationMargin(activeSgp.price, activeSgp.singlesPrice) * 100).toFixed(2)}%`}
          </td>
        )}
        <td>{activeSgp?.limit === undefined ? (activeSgp === null ? '' : 'none stated') : String(activeSgp.limit)}</td>
        <td>{quoteTime === undefined ? '' : timeOf(quoteTime)}</td>
        {sameGame && (
          <td>
            {activeSgp?.meta?.offers === undefined || activeSgp.meta.offers.length === 0 ? (
              ''
            ) : (
              <ul className="offers" aria-label="Exchange ladder offers">
                {activeSgp.meta.offers.map((offer) => (
                  <li key={offer.price}>
                    {formatPrice(offer.price, format)} for up to {String(offer.limit)}
                  </li>
                ))}
              </ul>
            )}
          </td>
        )}
        <td>
          {betslip === null ? (
            activeSgp?.betslip === undefined ? '' : 'link refused (not http/https)'
          ) : (
            <a href={betslip} target="_blank" rel="noopener noreferrer">
              Betslip
            </a>
          )}
        </td>
        <td>
          {explained !== null && (
            <button type="button" aria-expanded={open} onClick={() => { setOpen(!open); }}>
              Why this price
            </button>
          )}
        </td>
      </tr>
      {open && explained !== null && quote !== undefined && (
        <tr className="why-row" data-bookmaker-why={bookmaker}>
          <td colSpan={columns}>
            <WhyPricePanel
              quote={quote}
              selections={selections}
              fair={fair}
              price={explained.price}
              kind={activeSgp === null ? 'accumulator' : 'SGP'}
              labelOf={labelOf}
              format={format}
              statedFairJoint={
                activeSgp?.meta?.fairJointProbability === undefined
                  ? null
                  : { probability: activeSgp.meta.fairJointProbability, source: "the service's pricing model (an extension field)" }
              }
            />
          </td>
        </tr>
      )}
    </>
  );
}
