// Valid fixture oddsIds for the slip's tests (sport 10: outcomeIds start with 10).
export const FIXTURE_A = 'id1000001761301227';
export const FIXTURE_B = 'id1000001761301228';

/** A fixture oddsId: `{fixtureId}:{bookmaker}:{outcomeId}:{playerId}`. */
export function leg(outcomeId: number, bookmaker = 'pinnacle', fixtureId = FIXTURE_A, playerId = 0): string {
  return `${fixtureId}:${bookmaker}:${String(outcomeId)}:${String(playerId)}`;
}

/** `n` distinct valid legs. */
export function manyLegs(n: number): string[] {
  return Array.from({ length: n }, (_, i) => leg(10_100 + i));
}
