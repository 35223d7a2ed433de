// One bookmaker's line on the parlay page: its accumulator and (same game) SGP quote, each marked
// when it is the best active price and with its payout for the page's stake, singlesPrice,
// correlation margin, limit, quote time, exchange offers and betslip link; or, in a few words with
// the whole reason on hover and focus, why it has none. The "why this price" panel opens beneath it.
import { useState } from 'react';
import { correlationMargin } from '../../domain/parlay.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import { useTimeZone } from '../../settings/use-time-zone.ts';
import { settleTicket } from '../../domain/ticket.ts';
import type { ParlayEntry, SgpEntry } from '../../wire/rest-schemas.ts';
import { safeExternalUrl } from '../../components/safe-url.ts';
import { inactiveReason, noEntryReason, type BookmakerQuote, type QuoteReason as Reason, type Selection } from './parlay-plan.ts';
import { QuoteReason } from './quote-reason.tsx';
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
  /** The highest active price of each kind on the page: a price equal to it is marked best. */
  readonly best: { readonly accumulator: number | null; readonly sgp: number | null };
  /** The page's stake, or null when it cannot be read (the page says why). */
  readonly stake: number | null;
  /** A label only: it decides the minor units the payout is rounded to. */
  readonly currency: string;
}

/** What a price cell says when its request failed: the reason is above the table. */
const REQUEST_FAILED = 'unavailable (see above)';

function PriceCell({
  entry,
  missing,
  failed,
  format,
  testId,
  kind,
  best,
}: {
  entry: ParlayEntry | SgpEntry | null | undefined;
  missing: Reason | null;
  failed: boolean;
  format: OddsFormat;
  testId: string;
  kind: 'accumulator' | 'SGP';
  best: number | null;
}) {
  if (entry === undefined) {
    return failed ? <td className="quote-none" data-testid={`${testId}-failed`}>{REQUEST_FAILED}</td> : <td className="quote-pending">…</td>;
  }
  if (entry === null) {
    return (
      <td className="quote-none" data-testid={`${testId}-none`}>
        {missing === null ? 'no price returned' : <QuoteReason reason={missing} />}
      </td>
    );
  }
  if (!entry.active) {
    return (
      <td className="quote-inactive" data-testid={`${testId}-inactive`}>
        <QuoteReason reason={inactiveReason(entry.meta.inactiveReason)} />
      </td>
    );
  }
  const isBest = entry.price === best;
  return (
    <td className="quote-price" data-testid={testId} data-price={entry.price} data-best={isBest ? 'true' : undefined}>
      {formatPrice(entry.price, format)}
      {isBest && (
        <span className="best-badge">
          Best<span className="visually-hidden"> {kind} price</span>
        </span>
      )}
    </td>
  );
}

/** What an active entry pays for `stake` if it wins: stake × price in the currency's minor units (`settleTicket`'s rule). */
function PayoutCell({ entry, stake, currency, testId }: { entry: ParlayEntry | SgpEntry | null | undefined; stake: number | null; currency: string; testId: string }) {
  if (entry == null || !entry.active || stake === null) return <td />;
  const { payout, minorUnits } = settleTicket([{ grade: 'won', price: entry.price }], stake, currency);
  const label = currency.trim() === '' ? '' : ` ${currency.trim()}`;
  return (
    <td className="quote-payout" data-testid={testId} data-payout={payout}>
      {payout.toFixed(minorUnits)}
      {label}
    </td>
  );
}

export function QuoteRow(props: QuoteRowProps) {
  const { bookmaker, name, quote, sameGame, accumulatorFailed, sgpFailed, selections, fair, labelOf, format, columns, best, stake, currency } = props;
  const [open, setOpen] = useState(false);
  const { format: timeOf } = useTimeZone();
  const acc = quote?.accumulator;
  const sgp = quote?.sgp;
  const activeSgp = sgp != null && sgp.active ? sgp : null;
  const explained = activeSgp ?? (acc != null && acc.active ? acc : null);
  const singles = (sgp ?? acc)?.singlesPrice;
  const quoteTime = activeSgp === null ? (acc ?? undefined)?.changedAt : (activeSgp.bookmakerChangedAt ?? activeSgp.changedAt);
  const betslip = safeExternalUrl(activeSgp?.betslip);

  return (
    <>
      <tr data-bookmaker={bookmaker}>
        <th scope="row">{name}</th>
        <PriceCell
          entry={acc}
          missing={quote === undefined ? null : noEntryReason(quote, 'accumulator', labelOf)}
          failed={accumulatorFailed}
          format={format}
          testId="acc-price"
          kind="accumulator"
          best={best.accumulator}
        />
        <PayoutCell entry={acc} stake={stake} currency={currency} testId="acc-payout" />
        {sameGame && (
          <PriceCell
            entry={sgp}
            missing={quote === undefined ? null : noEntryReason(quote, 'sgp', labelOf)}
            failed={sgpFailed}
            format={format}
            testId="sgp-price"
            kind="SGP"
            best={best.sgp}
          />
        )}
        {sameGame && <PayoutCell entry={sgp} stake={stake} currency={currency} testId="sgp-payout" />}
        <td data-testid="singles-price" data-price={singles}>
          {singles === undefined ? '' : formatPrice(singles, format)}
        </td>
        {sameGame && (
          <td data-testid="correlation-margin">
            {activeSgp === null ? '' : `${(correlationMargin(activeSgp.price, activeSgp.singlesPrice) * 100).toFixed(2)}%`}
          </td>
        )}
        <td data-testid="limit">{activeSgp?.limit === undefined ? (activeSgp === null ? '' : 'none stated') : `max stake ${String(activeSgp.limit)}`}</td>
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
