// Team news around a fixture: predicted then confirmed lineups, injury reports, and the live
// statistics payload, all drawn from the fixture's own random stream and the reference players.
import type { InjuriesPayload, Injury, LineupPlayer, LineupsPayload, StatsPayload, TeamLineup } from '../../src/wire/shared-schemas.ts';
import type { PlayerRef } from '../catalogue/types.ts';
import type { Rng } from '../pricing/rng.ts';
import type { MatchState } from './match-engine.ts';

/** Starters per side by sport (tennis has none: the participant is the player). */
const STARTERS: Readonly<Record<number, number>> = { 10: 11, 11: 5, 12: 0, 13: 9, 14: 11, 15: 6, 83: 5 };
/** Soccer formations: defenders, midfielders and forwards behind one goalkeeper. */
const FORMATIONS: Readonly<Record<number, readonly string[]>> = {
  10: ['4-3-3', '4-4-2', '4-2-3-1', '3-5-2', '3-4-3', '5-3-2'],
};
/** Positions of the one keeper a side starts (and the spare on the bench). */
const KEEPERS: ReadonlySet<string> = new Set(['Goalkeeper', 'Goaltender']);
/** Outfield lines of a formation, from the back: the positions its numbers count. */
type SoccerLine = 'Defender' | 'Midfielder' | 'Forward';
/** Ice hockey's starting six: a goaltender, two defensemen, three forwards. */
const HOCKEY_SKATERS: Readonly<Record<string, number>> = { Defenseman: 2, Forward: 3 };
/** Named substitutes on a matchday bench (soccer allows up to 9; the others a half squad). */
const BENCH: Readonly<Record<number, number>> = { 10: 7 };
const INJURY_REASONS: readonly (string | null)[] = ['hamstring', 'knee', 'ankle', 'illness', 'concussion protocol', 'personal reasons', null];

/** Players per outfield line of a formation ("4-2-3-1": 4 defenders, 5 midfielders, 1 forward). */
export function formationLines(formation: string): Record<SoccerLine, number> {
  const parts = formation.split('-').map(Number);
  const back = parts[0] ?? 0;
  const front = parts.length > 1 ? (parts[parts.length - 1] ?? 0) : 0;
  const middle = parts.slice(1, -1).reduce((sum, n) => sum + n, 0);
  return { Defender: back, Midfielder: middle, Forward: front };
}

/**
 * The starters of one side: one keeper (where the sport has one) and the outfield the formation
 * (soccer) or the sport's shape (hockey) asks for, each slot filled from its own position first,
 * then from whoever is left, so an injury crisis still fields a full side.
 */
function pickStarters(available: readonly PlayerRef[], sportId: number, formation: string | null): PlayerRef[] {
  const n = STARTERS[sportId] ?? 0;
  const keepers = available.filter((p) => KEEPERS.has(p.position));
  const outfield = available.filter((p) => !KEEPERS.has(p.position));
  if (keepers.length === 0) return available.slice(0, n);
  const starters: PlayerRef[] = [keepers[0] as PlayerRef];
  const shape: Readonly<Record<string, number>> = formation !== null ? formationLines(formation) : sportId === 15 ? HOCKEY_SKATERS : {};
  const left = [...outfield];
  for (const [position, count] of Object.entries(shape)) {
    for (let i = 0; i < count; i++) {
      const index = left.findIndex((p) => p.position === position);
      if (index >= 0) starters.push(...left.splice(index, 1));
    }
  }
  while (starters.length < n && left.length > 0) starters.push(...left.splice(0, 1));
  return starters;
}

/**
 * The lineup of one side: one keeper and a real formation's outfield as starters, the rest of
 * the squad (the spare keeper among them) on the bench. Shirt numbers are the player's place in
 * the squad, so they are unique within a side and the same in predicted and confirmed lineups.
 */
function teamLineup(players: readonly PlayerRef[], sportId: number, out: ReadonlySet<number>, rng: Rng): TeamLineup {
  const available = players.filter((p) => !out.has(p.playerId));
  const n = STARTERS[sportId] ?? 0;
  const toLineup = (p: PlayerRef): LineupPlayer => ({
    playerId: p.playerId,
    playerName: p.playerName,
    position: p.position,
    shirtNumber: players.indexOf(p) + 1,
  });
  const formations = FORMATIONS[sportId];
  // A formation the fit players can fill (an injury crisis may leave none: then any, filled).
  const fits = formations?.filter((f) => Object.entries(formationLines(f)).every(([position, count]) => available.filter((p) => p.position === position).length >= count));
  const formation = formations === undefined ? null : rng.pick(fits !== undefined && fits.length > 0 ? fits : formations);
  const starters = pickStarters(available, sportId, formation);
  const chosen = new Set(starters);
  const bench = available.filter((p) => !chosen.has(p)).slice(0, BENCH[sportId] ?? Math.ceil(n / 2));
  return { formation, starters: starters.map(toLineup), substitutes: bench.map(toLineup) };
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
