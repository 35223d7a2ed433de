// A leg in words — fixture, market, outcome, player and bookmaker — from the reference data the
// drawer looked up; where a lookup is missing the identifier shows, so a leg is never blank.
import type { ParsedOddsId } from '../../domain/ids.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import type { Bookmaker, Market, Player } from '../../wire/reference-schemas.ts';

export interface LegLabel {
  /** `Home – Away`, or the fixtureId. */
  readonly fixture: string;
  /** The market's (translated) name, or `market <marketId>` / `outcome <outcomeId>`. */
  readonly market: string;
  /** The outcome's name (`Over`, `1`, …), or its outcomeId. */
  readonly outcome: string;
  /** The player of a player prop, or null for a non-player market. */
  readonly player: string | null;
  /** The bookmaker's name, or its slug. */
  readonly bookmaker: string;
}

/** What the drawer looked up, each by id. */
export interface LegLookups {
  readonly fixtures: ReadonlyMap<string, FixtureView>;
  /** outcomeId → the market holding it. */
  readonly marketsByOutcome: ReadonlyMap<number, Market>;
  readonly players: ReadonlyMap<number, Player>;
  readonly bookmakers: ReadonlyMap<string, Bookmaker>;
}

/** The words for one parsed leg. */
export function legLabel(leg: ParsedOddsId, lookups: LegLookups): LegLabel {
  const view = lookups.fixtures.get(leg.fixtureId);
  const market = lookups.marketsByOutcome.get(leg.outcomeId);
  const outcome = market?.outcomes.find((o) => o.outcomeId === leg.outcomeId);
  return {
    fixture: view === undefined ? leg.fixtureId : `${view.participants.participant1Name} – ${view.participants.participant2Name}`,
    market: market?.marketName ?? `outcome ${String(leg.outcomeId)}`,
    outcome: outcome?.outcomeName ?? String(leg.outcomeId),
    player: leg.playerId === 0 ? null : (lookups.players.get(leg.playerId)?.playerName ?? `player ${String(leg.playerId)}`),
    bookmaker: lookups.bookmakers.get(leg.bookmaker)?.bookmakerName ?? leg.bookmaker,
  };
}
