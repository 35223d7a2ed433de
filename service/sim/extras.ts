// Team news around a fixture: predicted then confirmed lineups, injury reports, and the live
// statistics payload, all drawn from the fixture's own random stream and the reference players.
import type { InjuriesPayload, Injury, LineupPlayer, LineupsPayload, StatsPayload, TeamLineup } from '../../src/wire/schemas.ts';
import type { PlayerRef } from '../catalogue/types.ts';
import type { Rng } from '../pricing/rng.ts';
import type { MatchState } from './match-engine.ts';

/** Starters per side by sport (tennis has none: the participant is the player). */
const STARTERS: Readonly<Record<number, number>> = { 10: 11, 11: 5, 12: 0, 13: 9, 14: 11, 15: 6, 83: 5 };
const FORMATIONS: Readonly<Record<number, readonly string[]>> = {
  10: ['4-3-3', '4-4-2', '4-2-3-1', '3-5-2', '3-4-3', '5-3-2'],
};
const INJURY_REASONS: readonly (string | null)[] = ['hamstring', 'knee', 'ankle', 'illness', 'concussion protocol', 'personal reasons', null];

/** The lineup of one side: the first `n` players as starters, the next ones on the bench. */
function teamLineup(players: readonly PlayerRef[], sportId: number, out: ReadonlySet<number>, rng: Rng): TeamLineup {
  const available = players.filter((p) => !out.has(p.playerId));
  const n = STARTERS[sportId] ?? 0;
  const toLineup = (p: PlayerRef, index: number): LineupPlayer => ({
    playerId: p.playerId,
    playerName: p.playerName,
    position: p.position,
    shirtNumber: ((p.playerId * 7 + index) % 98) + 1,
  });
  const formations = FORMATIONS[sportId];
  return {
    formation: formations === undefined ? null : rng.pick(formations),
    starters: available.slice(0, n).map(toLineup),
    substitutes: available.slice(n, n + Math.ceil(n / 2)).map(toLineup),
  };
}

/**
 * The injury report of a fixture: up to two players per side, each `out`, `doubtful` or
 * `questionable`. Drawn once per fixture; `update` may change a status before kick-off.
 */
export function drawInjuries(
  fixtureId: string,
  sides: readonly [readonly PlayerRef[], readonly PlayerRef[]],
  participantIds: readonly [number, number],
  rng: Rng,
  nowMs: number,
): InjuriesPayload {
  const injuries: Injury[] = [];
  sides.forEach((players, side) => {
    const count = Math.min(players.length, rng.int(0, 2));
    for (let i = 0; i < count; i++) {
      const player = players[players.length - 1 - rng.int(0, Math.max(0, players.length - 1))];
      if (player === undefined || injuries.some((inj) => inj.playerId === player.playerId)) continue;
      injuries.push({
        participantId: participantIds[side] ?? 0,
        playerId: player.playerId,
        playerName: player.playerName,
        status: rng.pick(['out', 'doubtful', 'questionable'] as const),
        reason: rng.pick(INJURY_REASONS),
        updatedAt: new Date(nowMs).toISOString(),
      });
    }
  });
  return { fixtureId, injuries };
}

/** A doubtful or questionable player's status resolves (to out, or off the list). */
export function updateInjuries(report: InjuriesPayload, rng: Rng, nowMs: number): InjuriesPayload | null {
  const open = report.injuries.filter((i) => i.status !== 'out');
  const pick = open.length === 0 ? undefined : rng.pick(open);
  if (pick === undefined) return null;
  const resolvesOut = rng.bernoulli(0.5);
  const injuries = report.injuries
    .map((i) => (i.playerId === pick.playerId && resolvesOut ? { ...i, status: 'out' as const, updatedAt: new Date(nowMs).toISOString() } : i))
    .filter((i) => resolvesOut || i.playerId !== pick.playerId);
  return { fixtureId: report.fixtureId, injuries };
}

/** Both sides' lineups; players reported out are left out. `confirmed` false marks a prediction. */
export function drawLineups(
  fixtureId: string,
  sportId: number,
  sides: readonly [readonly PlayerRef[], readonly PlayerRef[]],
  injuries: InjuriesPayload,
  confirmed: boolean,
  rng: Rng,
  nowMs: number,
): LineupsPayload {
  const out = new Set(injuries.injuries.filter((i) => i.status === 'out').map((i) => i.playerId));
  return {
    fixtureId,
    lineups: {
      participant1: teamLineup(sides[0], sportId, out, rng),
      participant2: teamLineup(sides[1], sportId, out, rng),
    },
    confirmed,
    updatedAt: new Date(nowMs).toISOString(),
  };
}

/** The live statistics payload of a match (team statistics; scores travel on `scores`). */
export function statsPayload(fixtureId: string, state: MatchState, nowMs: number): StatsPayload {
  const stats: StatsPayload['stats'] = {};
  for (const [name, [participant1, participant2]] of Object.entries(state.stats)) stats[name] = { participant1, participant2 };
  return { fixtureId, stats, updatedAt: new Date(nowMs).toISOString() };
}
