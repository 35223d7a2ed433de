// Which way a price moved between two states of one oddsId, for the cell's up/down flash.
import type { OddsEntry } from '../wire/shared-schemas.ts';

/** `up`: the price lengthened (better for the bettor); `down`: it shortened; `none`: no move. */
export type PriceDirection = 'up' | 'down' | 'none';

/**
 * The direction of the decimal price from `previous` to `next` (only the price counts: a change
 * of `active`, `marketActive` or `changedAt` alone is `none`). `none` when either side is
 * missing — a price appearing or disappearing is not a move — or not a finite number.
 */
export function priceDirection(
  previous: Pick<OddsEntry, 'price'> | null | undefined,
  next: Pick<OddsEntry, 'price'> | null | undefined,
): PriceDirection {
  if (previous == null || next == null) return 'none';
  const before = previous.price;
  const after = next.price;
  if (!Number.isFinite(before) || !Number.isFinite(after) || before === after) return 'none';
  return after > before ? 'up' : 'down';
}
