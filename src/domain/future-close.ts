// A future's close. A future has no kick-off: its market stays open until the outcome is known,
// then every price is taken down (settled) or the market is withdrawn (cancelled). Its closing
// price is therefore the last price still ON OFFER before that moment — the last active entry
// before `settledAt` — never the inactive entry settlement itself writes (docs/domain.md).

/** What the close needs of a recorded future price (spec 2.7's historical entry fits). */
export interface FuturePricePoint {
  readonly price: number;
  readonly active: boolean;
  /** Epoch ms. */
  readonly changedAt: number;
}

/** Thrown for a settlement time that is not a finite number. */
export class FutureCloseError extends Error {
  override readonly name = 'FutureCloseError';
}

/**
 * The closing entry of one future price (one `oddsId`): among `entries`, in any order, the
 * active one with the latest `changedAt` strictly before `settledAt`. With `settledAt` null
 * (the future is still open) it is the latest active entry so far: a provisional close. Null
 * when no active entry precedes settlement (the price was never on offer). On equal `changedAt`
 * the later entry in `entries` wins.
 * @throws FutureCloseError when `settledAt` is not finite.
 */
export function futureClose<T extends FuturePricePoint>(entries: Iterable<T>, settledAt: number | null): T | null {
  if (settledAt !== null && !Number.isFinite(settledAt)) {
    throw new FutureCloseError(`settledAt must be a finite epoch ms or null, got ${String(settledAt)}`);
  }
  let close: T | null = null;
  for (const entry of entries) {
    if (!entry.active) continue;
    if (settledAt !== null && entry.changedAt >= settledAt) continue;
    if (close === null || entry.changedAt >= close.changedAt) close = entry;
  }
  return close;
}

/**
 * The closing entry of every `oddsId` of a futures history answer (spec 4.8's
 * bookmaker → oddsId → changedAt → entry), by `oddsId`; an `oddsId` without one is left out.
 */
export function futureClosingPrices<T extends FuturePricePoint>(
  odds: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, T>>>>>>,
  settledAt: number | null,
): Map<string, T> {
  const out = new Map<string, T>();
  for (const byOddsId of Object.values(odds)) {
    for (const [oddsId, byTime] of Object.entries(byOddsId)) {
      const close = futureClose(Object.values(byTime), settledAt);
      if (close !== null) out.set(oddsId, close);
    }
  }
  return out;
}
