// "Why this price": what the prices themselves say about a parlay or SGP quote. Each leg's no-vig
// probability from every bookmaker's prices of its market, the book's margin on the leg, the
// product of the no-vig legs, and the one factor between that product and the quote's implied
// probability (correlation and margin together), split only where a fair joint probability is known.
import { consensusBook, devig, DevigError, type DevigMethod } from './devig.ts';

/** An input to an explanation is invalid (no legs, a price below 1, an incomplete market...). */
export class PriceExplainError extends Error {
  override readonly name = 'PriceExplainError';
}

function checkPrice(price: number, what: string): void {
  if (!Number.isFinite(price) || price <= 1) {
    throw new PriceExplainError(`${what} must be a finite decimal price above 1, got ${String(price)}`);
  }
}

/**
 * A leg's no-vig probability by the odds screen's consensus rule (docs/domain.md, "Fair (no-vig)
 * price — the rule"): per outcome the mean of the books' implied probabilities 1/price over the
 * books whose prices cover the whole market, de-vigged once by `method` (`worst-case`: per outcome
 * the lowest of the four methods). Each inner array is one book's prices of every outcome of the
 * market, in the same outcome order; `outcomeIndex` is the leg's outcome in that order.
 * @throws PriceExplainError when no book is given, the books disagree on the number of outcomes,
 *   `outcomeIndex` is out of range, or a price is not above 1; DevigError when the method is
 *   undefined on the consensus (additive on some markets).
 */
export function consensusLegProbability(bookPrices: readonly (readonly number[])[], outcomeIndex: number, method: DevigMethod): number {
  const first = bookPrices[0];
  if (first === undefined) throw new PriceExplainError('a no-vig probability needs the prices of at least one complete market, got none');
  const outcomes = first.length;
  if (outcomes < 2) throw new PriceExplainError(`a market has at least 2 outcomes, got ${String(outcomes)}`);
  if (!Number.isInteger(outcomeIndex) || outcomeIndex < 0 || outcomeIndex >= outcomes) {
    throw new PriceExplainError(`outcome index ${String(outcomeIndex)} is not one of the market's ${String(outcomes)} outcomes`);
  }
  bookPrices.forEach((prices, book) => {
    if (prices.length !== outcomes) {
      throw new PriceExplainError(`book ${String(book)} prices ${String(prices.length)} outcomes, the first ${String(outcomes)}: pass complete markets only`);
    }
    prices.forEach((price, i) => {
      checkPrice(price, `book ${String(book)} outcome ${String(i)} price`);
    });
  });
  // The same consensus book as the odds screen's fair column, so the two pages agree.
  const consensusPrices = consensusBook(bookPrices);
  const fair = devig(consensusPrices, method)[outcomeIndex];
  if (fair === undefined) throw new PriceExplainError(`no fair probability for outcome ${String(outcomeIndex)}`);
  return fair;
}

/** One leg as the explanation needs it. */
export interface ExplainLegInput {
  /** What the caller calls the leg (an oddsId or selection key); passed through. */
  readonly key: string;
  /** The bookmaker's current decimal price of the leg. */
  readonly price: number;
  /** The leg's no-vig probability (e.g. from {@link consensusLegProbability}), in (0, 1). */
  readonly fairProbability: number;
}

export interface ExplainedLeg {
  readonly key: string;
  readonly price: number;
  readonly fairProbability: number;
  /** 1 / price: the book's implied probability of the leg, margin included. */
  readonly impliedProbability: number;
  /** The book's margin on this leg: implied / fair − 1 (negative when the book is generous). */
  readonly margin: number;
}

/** A fair joint probability the quoting service states (an estimate of ITS model, not ours). */
export interface StatedFairJoint {
  /** The joint probability that every leg wins, in (0, 1]. */
  readonly probability: number;
  /** Who states it, for the label (e.g. "the embedded service's model"). */
  readonly source: string;
}

export interface PriceExplanation {
  readonly legs: readonly ExplainedLeg[];
  /** Π fairProbability: the chance every leg wins if the legs were independent. */
  readonly independentFairProbability: number;
  /** 1 / independentFairProbability. */
  readonly independentFairPrice: number;
  /** Π price: the bookmaker's leg prices multiplied (`singlesPrice`, unrounded). */
  readonly singlesProduct: number;
  /** The quote explained (the accumulator or SGP `price`). */
  readonly price: number;
  /** 1 / price. */
  readonly impliedProbability: number;
  /**
   * impliedProbability / independentFairProbability: everything between the no-vig legs taken as
   * independent and the quote — correlation and the book's margin together. Above 1 the quote is
   * shorter than the independent fair price.
   */
  readonly combinedFactor: number;
  /** Only with a stated fair joint probability: how that service splits the combined factor. */
  readonly split: {
    readonly source: string;
    readonly fairJointProbability: number;
    /** fairJoint / independentFair: the correlation the service's model sees (above 1: legs go together). */
    readonly correlationFactor: number;
    /** impliedProbability / fairJoint − 1: the margin on the joint (its estimate). */
    readonly margin: number;
  } | null;
}

/**
 * Explains a parlay or SGP `price` from its legs. The parts recompose it:
 * price = 1 / (independentFairProbability × combinedFactor) (see {@link recomposedPrice}), and with
 * a stated fair joint, combinedFactor = correlationFactor × (1 + margin). Nothing is rounded.
 * @throws PriceExplainError for no legs, a price not above 1, a fair probability outside (0, 1),
 *   or a stated fair joint probability outside (0, 1].
 */
export function explainPrice(legs: readonly ExplainLegInput[], price: number, statedFairJoint?: StatedFairJoint | null): PriceExplanation {
  if (legs.length === 0) throw new PriceExplainError('a price explanation needs at least one leg, got none');
  // A quote of exactly 1 is the inactive "stake back" price: there is nothing to explain.
  checkPrice(price, 'the quoted price');
  const explained = legs.map((leg, i): ExplainedLeg => {
    checkPrice(leg.price, `leg ${String(i)} (${leg.key}) price`);
    if (!(leg.fairProbability > 0 && leg.fairProbability < 1)) {
      throw new PriceExplainError(`leg ${String(i)} (${leg.key}) fair probability must be in (0, 1), got ${String(leg.fairProbability)}`);
    }
    const impliedProbability = 1 / leg.price;
    return { key: leg.key, price: leg.price, fairProbability: leg.fairProbability, impliedProbability, margin: impliedProbability / leg.fairProbability - 1 };
  });
  // Ascending order, as parlay.ts multiplies, so leg order never changes a bit.
  const independentFairProbability = [...explained.map((l) => l.fairProbability)].sort((a, b) => a - b).reduce((p, v) => p * v, 1);
  const singlesProduct = [...explained.map((l) => l.price)].sort((a, b) => a - b).reduce((p, v) => p * v, 1);
  const impliedProbability = 1 / price;
  let split: PriceExplanation['split'] = null;
  if (statedFairJoint != null) {
    const j = statedFairJoint.probability;
    if (!(j > 0 && j <= 1)) throw new PriceExplainError(`a fair joint probability must be in (0, 1], got ${String(j)}`);
    split = {
      source: statedFairJoint.source,
      fairJointProbability: j,
      correlationFactor: j / independentFairProbability,
      margin: impliedProbability / j - 1,
    };
  }
  return {
    legs: explained,
    independentFairProbability,
    independentFairPrice: 1 / independentFairProbability,
    singlesProduct,
    price,
    impliedProbability,
    combinedFactor: impliedProbability / independentFairProbability,
    split,
  };
}

/** The price the explanation's parts give back: 1 / (Π fair × combinedFactor). Equals `price` up to float rounding. */
export function recomposedPrice(explanation: Pick<PriceExplanation, 'independentFairProbability' | 'combinedFactor'>): number {
  return 1 / (explanation.independentFairProbability * explanation.combinedFactor);
}

/** True when `error` is one an explanation can reasonably hit on live data (shown as "cannot explain"). */
export function isExplainError(error: unknown): error is PriceExplainError | DevigError {
  return error instanceof PriceExplainError || error instanceof DevigError;
}
