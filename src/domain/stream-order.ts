// The per-channel ordering rules of the live book (docs/stream-client.md): which of two states of
// one row is the newer, so that replays, re-snapshots and buffered deltas converge whatever the order.
import { parseEntryId } from './entry-id.ts';

/**
 * The version of one row of the book: a primary number (epoch ms, or an entryId's ms), a
 * secondary number (an entryId's seq, 0 otherwise) and a tie-break string that makes the order
 * total, so two different states carrying the same timestamp still converge in any order.
 * `null` (a row seeded from REST on a channel without payload timestamps) is older than any version.
 */
export interface RowVersion {
  readonly primary: number;
  readonly secondary: number;
  readonly tieBreak: string;
}

/** −1, 0 or 1 as `a` is older than, equal to or newer than `b`; null is the oldest. */
export function compareVersions(a: RowVersion | null, b: RowVersion | null): -1 | 0 | 1 {
  if (a === null) return b === null ? 0 : -1;
  if (b === null) return 1;
  if (a.primary !== b.primary) return a.primary < b.primary ? -1 : 1;
  if (a.secondary !== b.secondary) return a.secondary < b.secondary ? -1 : 1;
  if (a.tieBreak === b.tieBreak) return 0;
  return a.tieBreak < b.tieBreak ? -1 : 1;
}

/** The fields of a fixture or future price that the odds rule reads. */
export interface PriceLike {
  readonly changedAt: number;
  readonly price: number;
  readonly active: boolean;
  readonly marketActive?: boolean;
}

/** The version of a price under the odds rule (the same order as `isNewerPrice`). */
export function priceVersion(entry: PriceLike): RowVersion {
  return { primary: entry.changedAt, secondary: 0, tieBreak: priceTieBreak(entry) };
}

/** A stable string of the fields of a price that may differ at equal `changedAt`. */
function priceTieBreak(entry: PriceLike): string {
  return `${String(entry.price)}|${entry.active ? 1 : 0}|${entry.marketActive === false ? 0 : 1}`;
}

/**
 * Odds and oddsFutures rule: a price replaces the held one when its `changedAt` is later; at an
 * equal `changedAt` the same state is a duplicate (not applied twice) and different states are
 * ordered by price, then active flags, so any arrival order gives the same result.
 * Hot path: the common case is one number comparison.
 */
export function isNewerPrice(incoming: PriceLike, held: PriceLike | undefined): boolean {
  if (held === undefined) return true;
  if (incoming.changedAt !== held.changedAt) return incoming.changedAt > held.changedAt;
  if (incoming.price === held.price && incoming.active === held.active && incoming.marketActive === held.marketActive) {
    return false;
  }
  return priceTieBreak(incoming) > priceTieBreak(held);
}

/**
 * Epoch ms of an ISO 8601 timestamp (`updatedAt` of score rows and bookmaker meta), or NaN.
 * A timestamp without an offset is read as UTC (the spec's times are UTC).
 */
export function isoToEpochMs(iso: string): number {
  const hasZone = /(Z|[+-]\d{2}(:?\d{2})?)$/.test(iso) && iso.includes('T');
  return Date.parse(hasZone || !iso.includes('T') ? iso : `${iso}Z`);
}

/**
 * Version of a row stamped with an ISO `updatedAt` (score rows, BookmakerFixtureMeta). An
 * unparsable timestamp counts as 0, so a well-stamped state always wins over it.
 */
export function updatedAtVersion(updatedAt: string, stateKey: string): RowVersion {
  const ms = isoToEpochMs(updatedAt);
  return { primary: Number.isNaN(ms) ? 0 : ms, secondary: 0, tieBreak: stateKey };
}

/**
 * Version of a row whose payload carries no timestamp (fixture views, clocks): the entryId of
 * the frame that delivered it. entryIds are monotonic per channel within one serverEpoch; on a
 * new serverEpoch the client re-snapshots, which resets these rows to version null.
 * @throws EntryIdError when `entryId` is malformed (the frame was validated before).
 */
export function entryIdVersion(entryId: string): RowVersion {
  const { ms, seq } = parseEntryId(entryId);
  return { primary: ms, secondary: seq, tieBreak: '' };
}
