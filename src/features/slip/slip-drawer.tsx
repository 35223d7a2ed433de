// The parlay slip drawer: the legs with their live prices, the simple product of those prices,
// and the way on to the pricing page. It also keeps the slip in the page's URL (`?slip=`).
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { trackBetPath } from '../../components/track-bet-path.ts';
import { describeFailure } from '../../api/api-error.ts';
import { formatPrice } from '../../domain/odds-format.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { MAX_SLIP_LEGS } from './slip-legs.ts';
import { SlipLeg } from './slip-leg.tsx';
import { slipProduct } from './slip-summary.ts';
import { useLegLabels } from './use-leg-labels.ts';
import { useLegQuotes } from './use-leg-quotes.ts';
import { useSeedLegPrices } from './use-seed-leg-prices.ts';
import { parlayPagePath, useSlipUrlSync } from './use-slip-url.ts';
import { useSlip } from './use-slip.ts';
import './slip.css';

/**
 * The slip drawer. Mount it once on a page (it syncs the `slip` URL parameter): a toggle button
 * showing the number of legs and their simple product, and the drawer listing them. On a phone
 * it is a bottom sheet (./slip.css): the toggle is the bar along the bottom of the window.
 */
export function SlipDrawer() {
  useSlipUrlSync();
  const slip = useSlip();
  // null: automatic (open while the slip has legs); a click on the toggle decides from then on.
  const [chosenOpen, setChosenOpen] = useState<boolean | null>(null);
  const panelId = useId();
  const oddsFormat = useSettings((s) => s.oddsFormat);
  const { labels, error: labelError } = useLegLabels(slip.legs);
  const { error: seedError } = useSeedLegPrices(slip.legs);
  const states = useLegQuotes(slip.legs);
  const product = slipProduct(states);
  const bookmakers = new Set(slip.legs.map((leg) => leg.split(':')[1]));
  const count = slip.legs.length;
  const open = chosenOpen ?? count > 0;

  return (
    <aside className={open ? 'slip-drawer is-open' : 'slip-drawer'} aria-label="Parlay slip" data-bottom-sheet>
      <button
        type="button"
        className="slip-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setChosenOpen(!open);
        }}
      >
        Parlay slip · {count} {count === 1 ? 'leg' : 'legs'}
        {product.price !== null && <span className="slip-toggle-price"> · {formatPrice(product.price, oddsFormat)}</span>}
        <span className="slip-toggle-mark" aria-hidden="true">
          {open ? '▾' : '▴'}
        </span>
      </button>
      <div id={panelId} className="slip-panel" hidden={!open}>
        {slip.notice !== null && (
          <div className="slip-notice" role="alert">
            <p>{slip.notice}</p>
            <button type="button" onClick={slip.dismissNotice}>
              Dismiss
            </button>
          </div>
        )}
        {count === 0 ? (
          <p className="slip-empty">No legs yet. Click a price on the odds screen to add it (up to {MAX_SLIP_LEGS} legs).</p>
        ) : (
          <>
            <ul className="slip-legs" aria-label="Legs">
              {slip.legs.map((oddsId, i) => (
                <SlipLeg key={oddsId} oddsId={oddsId} label={labels.get(oddsId)} state={states[i]} oddsFormat={oddsFormat} onRemove={slip.remove} />
              ))}
            </ul>
            <div className="slip-product" aria-live="polite">
              <span className="slip-product-label">Simple product of the current prices</span>{' '}
              {product.price === null ? (
                <span className="slip-product-value is-unpriced">
                  not available: {product.unpriced} {product.unpriced === 1 ? 'leg has' : 'legs have'} no current price
                </span>
              ) : (
                <span className="slip-product-value" data-testid="slip-product">
                  {formatPrice(product.price, oddsFormat)}
                </span>
              )}
              <p className="slip-product-note">
                The legs&apos; prices multiplied: no correlation and no bookmaker&apos;s quote.
                {bookmakers.size > 1 && ` The legs are at ${String(bookmakers.size)} bookmakers; each bookmaker prices only its own legs.`}
              </p>
            </div>
            {(labelError ?? seedError) != null && <p className="slip-lookup-failure">{describeFailure(labelError ?? seedError)}</p>}
            <div className="slip-actions">
              <Link className="slip-price-link" to={parlayPagePath(slip.legs)}>
                Price this parlay
              </Link>
              <Link className="slip-track-link" to={trackBetPath(slip.legs, states.map((state) => (state.kind === 'priced' ? state.price : null)))}>
                Track this bet
              </Link>
              <button type="button" onClick={slip.clear}>
                Clear slip
              </button>
            </div>
          </>
        )}
      </div>
    </aside>
  );
}
