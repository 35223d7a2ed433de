// The price each cell showed before its latest change, kept since the page loaded (for the
// peek's "previous price"): written by a price cell when its price moves, read on hover.
import type { OddsEntry } from '../../wire/shared-schemas.ts';

/** A previous price and when it was set (its `changedAt`), then when it was replaced. */
export interface PreviousPrice {
  readonly price: number;
  readonly changedAt: number;
  /** When the price that replaced it was set (`changedAt` of the next entry). */
  readonly replacedAt: number;
}

export class PriceMemory {
  private readonly previous = new Map<string, PreviousPrice>();

  /** Records that `before` was replaced by `after` (ignored when the price did not move). */
  record(oddsId: string, before: OddsEntry, after: OddsEntry): void {
    if (before.price === after.price) return;
    this.previous.set(oddsId, { price: before.price, changedAt: before.changedAt, replacedAt: after.changedAt });
  }

  get(oddsId: string): PreviousPrice | undefined {
    return this.previous.get(oddsId);
  }
}
