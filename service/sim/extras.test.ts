import { describe, expect, it } from 'vitest';
import { injuriesPayloadSchema, lineupsPayloadSchema, statsPayloadSchema } from '../../src/wire/schemas.ts';
import type { PlayerRef } from '../catalogue/types.ts';
import { createRng } from '../pricing/rng.ts';
import { drawInjuries, drawLineups, statsPayload, updateInjuries } from './extras.ts';
import { newMatchState } from './match-engine.ts';

function squad(participantId: number, n: number): PlayerRef[] {
  return Array.from({ length: n }, (_, i) => ({
    playerId: participantId * 100 + i,
    participantId,
    sportId: 10,
    playerName: `Player ${String(i)}`,
    position: i === 0 ? 'GK' : 'MF',
    propRates: {},
  }));
}

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
