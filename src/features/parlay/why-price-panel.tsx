// "Why this price" for one bookmaker's quote: each leg's no-vig probability and the book's margin
// on it, the product of the no-vig legs, the quote's implied probability, and the factor between
// them, which the parts multiply back into the quoted price (src/domain/price-explain.ts).
import { explainPrice, isExplainError, recomposedPrice, type PriceExplanation, type StatedFairJoint } from '../../domain/price-explain.ts';
import { formatPrice, type OddsFormat } from '../../domain/odds-format.ts';
import type { BookmakerQuote, Selection } from './parlay-plan.ts';
import type { LegFair } from './use-leg-fair.ts';

export interface WhyPricePanelProps {
  readonly quote: BookmakerQuote;
  readonly selections: readonly Selection[];
  readonly fair: ReadonlyMap<string, LegFair>;
  /** The price explained: the SGP's when it has an active one, else the accumulator's. */
  readonly price: number;
  readonly kind: 'SGP' | 'accumulator';
  readonly labelOf: (oddsId: string) => string;
  readonly format: OddsFormat;
  /** A fair joint probability the service states for this quote, if it states one. */
  readonly statedFairJoint: StatedFairJoint | null;
}

const pct = (p: number, digits = 2) => `${(p * 100).toFixed(digits)}%`;
const signedPct = (p: number) => `${p >= 0 ? '+' : '−'}${Math.abs(p * 100).toFixed(2)}%`;

type Explained = { readonly ok: true; readonly explanation: PriceExplanation } | { readonly ok: false; readonly reason: string };

function explain(props: WhyPricePanelProps): Explained {
  const legs = [];
  for (const [i, selection] of props.selections.entries()) {
    const oddsId = props.quote.legs[i] ?? '';
    const entry = props.quote.legEntries.get(oddsId);
    if (entry === undefined) return { ok: false, reason: `the bookmaker has no price for ${props.labelOf(oddsId)}` };
    const fair = props.fair.get(selection.selectionKey);
    if (fair === undefined || !fair.ok) return { ok: false, reason: `no no-vig probability for ${props.labelOf(oddsId)}: ${fair?.ok === false ? fair.reason : 'loading'}` };
    legs.push({ key: oddsId, price: entry.price, fairProbability: fair.probability });
  }
  try {
    return { ok: true, explanation: explainPrice(legs, props.price, props.statedFairJoint) };
  } catch (error) {
    if (isExplainError(error)) return { ok: false, reason: error.message };
    throw error;
  }
}

/** The books (and weights) the leg's fair probability is made of, for its hover. */
function legFairBooks(fair: ReadonlyMap<string, LegFair>, selectionKey: string | undefined): string {
  const leg = selectionKey === undefined ? undefined : fair.get(selectionKey);
  if (leg === undefined || !leg.ok) return '';
  return `From ${leg.used.map((book) => `${book.bookmaker} ×${String(book.weight)}`).join(', ')}`;
}

function fairBooksOf(fair: ReadonlyMap<string, LegFair>, selectionKey: string | undefined): string {
  const leg = selectionKey === undefined ? undefined : fair.get(selectionKey);
  return leg?.ok === true ? leg.books.join(',') : '';
}

export function WhyPricePanel(props: WhyPricePanelProps) {
  const result = explain(props);
  if (!result.ok) return <p className="why-unavailable">Cannot explain this price: {result.reason}.</p>;
  const e = result.explanation;
  return (
    <div className="why-panel" data-testid="why-panel">
      <table className="why-legs">
        <caption>Each leg: the bookmaker&apos;s price against the no-vig probability of its market under the chosen fair line (hover a probability for its books)</caption>
        <thead>
          <tr>
            <th scope="col">Leg</th>
            <th scope="col">Price</th>
            <th scope="col">No-vig probability</th>
            <th scope="col">Bookmaker&apos;s margin on it</th>
          </tr>
        </thead>
        <tbody>
          {e.legs.map((leg, i) => (
            <tr key={leg.key}>
              <th scope="row">{props.labelOf(leg.key)}</th>
              <td>{formatPrice(leg.price, props.format)}</td>
              <td title={legFairBooks(props.fair, props.selections[i]?.selectionKey)} data-fair-books={fairBooksOf(props.fair, props.selections[i]?.selectionKey)}>
                {pct(leg.fairProbability)}
              </td>
              <td>{signedPct(leg.margin)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="why-sum">
        <dt>Product of the no-vig legs (as if independent)</dt>
        <dd data-testid="why-independent">
          {pct(e.independentFairProbability, 3)} (fair price {e.independentFairPrice.toFixed(2)})
        </dd>
        <dt>The {props.kind}&apos;s implied probability (1 / price)</dt>
        <dd data-testid="why-implied">{pct(e.impliedProbability, 3)}</dd>
        <dt>Combined factor: correlation and the bookmaker&apos;s margin together</dt>
        <dd data-testid="why-factor" data-factor={e.combinedFactor}>
          × {e.combinedFactor.toFixed(4)}
        </dd>
        <dt>Recomposed: 1 / (product × factor)</dt>
        <dd data-testid="why-recomposed" data-price={recomposedPrice(e)}>
          {recomposedPrice(e).toFixed(2)} = the quoted {props.price.toFixed(2)}
        </dd>
      </dl>
      {e.split === null ? (
        <p className="why-note">
          The service states no fair joint probability for this quote, so correlation and margin cannot be told apart: the factor holds
          both.
        </p>
      ) : (
        <dl className="why-split" aria-label={`Split by ${e.split.source}`}>
          <dt>Fair joint probability ({e.split.source}&apos;s estimate)</dt>
          <dd>{pct(e.split.fairJointProbability, 3)}</dd>
          <dt>Correlation factor ({e.split.source}&apos;s estimate)</dt>
          <dd>× {e.split.correlationFactor.toFixed(4)}</dd>
          <dt>Margin on the joint ({e.split.source}&apos;s estimate)</dt>
          <dd>{signedPct(e.split.margin)}</dd>
        </dl>
      )}
    </div>
  );
}
