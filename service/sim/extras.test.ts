import { describe, expect, it } from 'vitest';
import { injuriesPayloadSchema, lineupsPayloadSchema, statsPayloadSchema } from '../../src/wire/shared-schemas.ts';
import type { PlayerRef } from '../catalogue/types.ts';
import { createRng } from '../pricing/rng.ts';
import { drawInjuries, drawLineups, statsPayload, updateInjuries } from './extras.ts';
import { newMatchState } from './match-engine.ts';

/** A soccer squad as the reference data builds it: 2 goalkeepers, 5 defenders, 5 midfielders, 4 forwards. */
const SOCCER_SQUAD = ['Goalkeeper', 'Goalkeeper', ...Array<string>(5).fill('Defender'), ...Array<string>(5).fill('Midfielder'), ...Array<string>(4).fill('Forward')];

function squad(participantId: number, n: number, positions: readonly string[] = SOCCER_SQUAD): PlayerRef[] {
  return Array.from({ length: n }, (_, i) => ({
    playerId: participantId * 100 + i,
    participantId,
    sportId: 10,
    playerName: `Player ${String(i)}`,
    position: positions[i] ?? 'Midfielder',
    propRates: {},
  }));
}

/** Outfield players per line of a formation, read off its name ("4-2-3-1" → 4, 5, 1). */
const LINES: Readonly<Record<string, readonly [number, number, number]>> = {
  '4-3-3': [4, 3, 3],
  '4-4-2': [4, 4, 2],
  '4-2-3-1': [4, 5, 1],
  '3-5-2': [3, 5, 2],
  '3-4-3': [3, 4, 3],
  '5-3-2': [5, 3, 2],
};

const SIDES = [squad(1, 20), squad(2, 20)] as const;
const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('team news', () => {
  it('draws injury reports the wire schema accepts', () => {
    const report = drawInjuries('f1', SIDES, [1, 2], createRng('inj'), NOW);
    expect(injuriesPayloadSchema.safeParse(report).success).toBe(true);
    expect(report.injuries.length).toBeLessThanOrEqual(4);
  });

  it('leaves players reported out of the lineups', () => {
    const injuries = { fixtureId: 'f1', injuries: [{ participantId: 1, playerId: 100, playerName: 'Player 0', status: 'out' as const, reason: null, updatedAt: '2026-11-22T10:00:00Z' }] };
    const lineups = drawLineups('f1', 10, SIDES, injuries, true, createRng('lineup'), NOW);
    expect(lineupsPayloadSchema.safeParse(lineups).success).toBe(true);
    expect(lineups.lineups.participant1.starters).toHaveLength(11);
    expect(lineups.lineups.participant1.starters.some((p) => p.playerId === 100)).toBe(false);
    expect(lineups.confirmed).toBe(true);
    expect(lineups.lineups.participant1.formation).toMatch(/^\d(-\d)+$/);
  });

  it('fields one goalkeeper, a real formation and unique shirt numbers, with the rest on the bench', () => {
    const sides = [squad(1, 16), squad(2, 16)] as const;
    for (let seed = 0; seed < 40; seed++) {
      const injuries = drawInjuries('f1', sides, [1, 2], createRng(`inj${String(seed)}`), NOW);
      const lineups = drawLineups('f1', 10, sides, injuries, true, createRng(`lineup${String(seed)}`), NOW);
      const out = new Set(injuries.injuries.filter((i) => i.status === 'out').map((i) => i.playerId));
      for (const team of [lineups.lineups.participant1, lineups.lineups.participant2]) {
        const count = (position: string) => team.starters.filter((p) => p.position === position).length;
        expect(team.starters).toHaveLength(11);
        expect(count('Goalkeeper')).toBe(1);
        const lines = LINES[team.formation ?? ''];
        expect(lines, team.formation ?? 'no formation').toBeDefined();
        expect([count('Defender'), count('Midfielder'), count('Forward')]).toEqual(lines);
        const everyone = [...team.starters, ...team.substitutes];
        expect(new Set(everyone.map((p) => p.shirtNumber)).size).toBe(everyone.length);
        expect(new Set(everyone.map((p) => p.playerId)).size).toBe(everyone.length);
        expect(team.substitutes.length).toBeGreaterThan(0);
        expect(everyone.some((p) => out.has(p.playerId))).toBe(false);
      }
    }
  });

  it('keeps a player his shirt number from the predicted to the confirmed lineup', () => {
    const none = { fixtureId: 'f1', injuries: [] };
    const predicted = drawLineups('f1', 10, SIDES, none, false, createRng('a'), NOW);
    const confirmed = drawLineups('f1', 10, SIDES, none, true, createRng('b'), NOW);
    const numbers = (l: typeof predicted) => new Map([...l.lineups.participant1.starters, ...l.lineups.participant1.substitutes].map((p) => [p.playerId, p.shirtNumber]));
    const before = numbers(predicted);
    for (const [playerId, shirt] of numbers(confirmed)) if (before.has(playerId)) expect(shirt).toBe(before.get(playerId));
  });

  it('starts one goaltender in ice hockey', () => {
    const positions = ['Goaltender', 'Goaltender', 'Defenseman', 'Defenseman', 'Defenseman', 'Defenseman', ...Array<string>(8).fill('Forward')];
    const sides = [squad(1, 14, positions), squad(2, 14, positions)] as const;
    const lineups = drawLineups('f1', 15, sides, { fixtureId: 'f1', injuries: [] }, true, createRng('hockey'), NOW);
    const starters = lineups.lineups.participant1.starters;
    expect(starters).toHaveLength(6);
    expect(starters.filter((p) => p.position === 'Goaltender')).toHaveLength(1);
    expect(lineups.lineups.participant1.substitutes.some((p) => p.position === 'Goaltender')).toBe(true);
  });

  it('resolves a doubtful player to out or off the list', () => {
    const report = { fixtureId: 'f1', injuries: [{ participantId: 1, playerId: 100, playerName: 'P', status: 'doubtful' as const, reason: null, updatedAt: '2026-11-22T10:00:00Z' }] };
    const updated = updateInjuries(report, createRng('upd'), NOW);
    expect(updated === null || updated.injuries.every((i) => i.status === 'out')).toBe(true);
    expect(updateInjuries({ fixtureId: 'f1', injuries: [] }, createRng('none'), NOW)).toBeNull();
  });

  it('reports live statistics per participant', () => {
    const state = { ...newMatchState(), stats: { shots: [5, 3] as [number, number] } };
    const payload = statsPayload('f1', state, NOW);
    expect(statsPayloadSchema.safeParse(payload).success).toBe(true);
    expect(payload.stats['shots']).toEqual({ participant1: 5, participant2: 3 });
  });
});
