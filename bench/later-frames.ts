// Replaying recorded odds frames more than once: each pass moves every entry's changedAt later, so
// the book takes every price as new instead of dropping it as already held.
import type { OddsEntry } from '../src/wire/shared-schemas.ts';
import type { StreamUpdate } from '../src/wire/stream-schemas.ts';

/** `frame` with each odds entry's changedAt moved `pass` × 10,000 s later (other channels unchanged). */
export function laterChangedAt<F extends StreamUpdate>(frame: F, pass: number): F {
  if (frame.channel !== 'odds' || pass === 0) return frame;
  const odds: Record<string, Record<string, OddsEntry>> = {};
  for (const [bookmaker, entries] of Object.entries(frame.payload.odds)) {
    const copy: Record<string, OddsEntry> = {};
    for (const [oddsId, e] of Object.entries(entries)) copy[oddsId] = { ...e, changedAt: e.changedAt + pass * 10_000_000 };
    odds[bookmaker] = copy;
  }
  return { ...frame, payload: { ...frame.payload, odds } };
}
