// The login's filter values the gateway left out as outside the key (`login_ok.dropped`), as
// names a user recognises: the gateway's names where it sent them, else the identifier.
import type { DroppedFilters } from '../../wire/stream-schemas.ts';

/** Readable names of what was dropped, sports first, then tournaments, fixtures, futures, bookmakers. */
export function notInAccessNames(dropped: DroppedFilters): string[] {
  return [
    ...(dropped.sports ?? []).map((s) => s.sportName ?? `sport ${String(s.sportId)}`),
    ...(dropped.tournaments ?? []).map((t) => t.tournamentName ?? `tournament ${String(t.tournamentId)}`),
    ...(dropped.fixtures ?? []).map((f) => `fixture ${f.fixtureId}`),
    ...(dropped.futures ?? []).map((f) => `future ${f.futureId}`),
    ...(dropped.bookmakers ?? []).map((b) => b.bookmakerName ?? b.bookmaker),
  ];
}
