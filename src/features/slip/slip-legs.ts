// The rules of the slip's legs, React-free: every leg a valid fixture oddsId, no duplicates, kept
// in parlayId order (so the legs, the URL and storage always spell one set alike), at most 20.
import { MAX_LEGS } from '../../api/client.ts';
import { canonicalParlayId, IdError, parseOddsId, splitIdList } from '../../domain/ids.ts';

/** The most legs a slip holds: the parlay and SGP endpoints take at most 20 `oddsIds` (spec 8). */
export const MAX_SLIP_LEGS = MAX_LEGS;

/** The sentence shown when a leg would make the slip longer than {@link MAX_SLIP_LEGS}. */
export const LIMIT_MESSAGE = `A parlay holds at most ${String(MAX_SLIP_LEGS)} legs: remove a leg before adding another.`;

/** What became of a list of candidate legs. */
export interface NormalizedLegs {
  /** Valid, de-duplicated legs in parlayId order, at most {@link MAX_SLIP_LEGS}. */
  readonly legs: readonly string[];
  /** Candidates that are not fixture oddsIds, with the reason (the IdError's sentence). */
  readonly rejected: readonly { readonly input: string; readonly reason: string }[];
  /** Valid legs left out because the slip was full (the last ones in parlayId order). */
  readonly dropped: readonly string[];
}

function reasonOf(error: unknown): string {
  return error instanceof IdError || error instanceof Error ? error.message : 'not a fixture oddsId';
}

/**
 * Validates candidate legs (each item may itself be a comma/space-separated list, as a parlayId
 * is): invalid ones are rejected with the reason, duplicates merged, the rest put in parlayId
 * order and cut to {@link MAX_SLIP_LEGS}. Never throws.
 */
export function normalizeLegs(candidates: readonly string[]): NormalizedLegs {
  const valid: string[] = [];
  const rejected: { input: string; reason: string }[] = [];
  for (const input of candidates.flatMap((item) => splitIdList(item))) {
    try {
      valid.push(parseOddsId(input).oddsId);
    } catch (error) {
      rejected.push({ input, reason: reasonOf(error) });
    }
  }
  const ordered = valid.length === 0 ? [] : canonicalParlayId(valid).split(',');
  return { legs: ordered.slice(0, MAX_SLIP_LEGS), rejected, dropped: ordered.slice(MAX_SLIP_LEGS) };
}

/** The legs of a `slip` URL parameter or a pasted parlayId (see {@link normalizeLegs}). */
export function legsOfParlayId(parlayId: string): NormalizedLegs {
  return normalizeLegs([parlayId]);
}

/** The parlayId of the legs: what the `slip` URL parameter holds ('' for no legs). */
export function parlayIdOfLegs(legs: readonly string[]): string {
  return canonicalParlayId(legs);
}

/** A sentence on what `normalizeLegs` left out, or null when it kept everything. */
export function describeLeftOut(result: NormalizedLegs, source: string): string | null {
  const parts: string[] = [];
  if (result.rejected.length > 0) {
    const first = result.rejected[0];
    const more = result.rejected.length > 1 ? ` (and ${String(result.rejected.length - 1)} more)` : '';
    parts.push(`Ignored ${String(result.rejected.length)} invalid leg${result.rejected.length > 1 ? 's' : ''} from ${source}${more}: ${first?.reason ?? ''}`);
  }
  if (result.dropped.length > 0) {
    parts.push(`Kept the first ${String(MAX_SLIP_LEGS)} legs from ${source}; ${String(result.dropped.length)} more did not fit (at most ${String(MAX_SLIP_LEGS)}).`);
  }
  return parts.length === 0 ? null : parts.join(' ');
}

/** The outcome of toggling one leg: the new legs, and a sentence when nothing could change. */
export interface ToggleResult {
  readonly legs: readonly string[];
  readonly notice: string | null;
}

/**
 * Adds `oddsId` when absent, removes it when present. A full slip (20 legs) or an invalid oddsId
 * leaves the legs as they are, with the sentence saying why.
 */
export function toggleLeg(legs: readonly string[], oddsId: string): ToggleResult {
  if (legs.includes(oddsId)) return { legs: legs.filter((leg) => leg !== oddsId), notice: null };
  try {
    parseOddsId(oddsId);
  } catch (error) {
    return { legs, notice: `Not added to the slip: ${reasonOf(error)}` };
  }
  if (legs.length >= MAX_SLIP_LEGS) return { legs, notice: LIMIT_MESSAGE };
  return { legs: canonicalParlayId([...legs, oddsId]).split(','), notice: null };
}
