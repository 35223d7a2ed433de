// Player proposition markets (`players-shots`, `players-points`, `playertotals-kills`...): a
// player's count is Poisson or negative binomial around the player's rate, Over/Under the line.
//
// Independence (a stated simplification): a player's count is independent of the fixture's score
// grid and of every other player's and every other statistic's count. Same-game parlays
// therefore multiply across props, except legs on the same player and statistic, which share one
// count and are priced jointly on it. In play the count so far is added to a fresh count over the
// share of regulation still to play (`mean · (1 − elapsed)`).
// Truncation. The count's support ends where the tail mass falls below 1e-16 (folded into the
// last cell).

import { SettlementError, selectionGrader } from '../../src/domain/settlement.ts';
import type { SelectionGrader } from '../../src/domain/settlement.ts';
import { negativeBinomialPmf, negativeBinomialSupportMax } from './distributions.ts';
import { PricingError, requireNumberIn } from './pricing-error.ts';
import type { Dist1D } from './score-grid.ts';
import type { InPlayState } from './score-model.ts';

/** A player's expected count per prop marketType over a full match. */
export interface PlayerRates {
  readonly playerId: number;
  readonly rates: Readonly<Record<string, { readonly mean: number; readonly dispersion?: number }>>;
}

/** The count distributions of a fixture's players, in one in-play state. */
export class PlayerProps {
  private readonly byPlayer = new Map<number, PlayerRates>();
  private readonly state: InPlayState;
  private readonly counts = new Map<string, Dist1D | null>();

  constructor(players: readonly PlayerRates[], state: InPlayState) {
    for (const player of players) {
      for (const [marketType, rate] of Object.entries(player.rates)) {
        requireNumberIn(rate.mean, `player ${String(player.playerId)} ${marketType} mean`, 0, 1e4);
        requireNumberIn(rate.dispersion ?? 0, `player ${String(player.playerId)} ${marketType} dispersion`, 0, 10);
      }
      this.byPlayer.set(player.playerId, player);
    }
    this.state = state;
  }

  /** The distribution of the player's final count, or null when the player has no such rate. */
  count(playerId: number, marketType: string): Dist1D | null {
    const key = `${String(playerId)}:${marketType}`;
    const cached = this.counts.get(key);
    if (cached !== undefined) return cached;
    const rate = this.byPlayer.get(playerId)?.rates[marketType];
    let dist: Dist1D | null = null;
    if (rate !== undefined) {
      const soFar = this.state.playerCounts?.[playerId]?.[marketType] ?? 0;
      if (!Number.isInteger(soFar) || soFar < 0) {
        throw new PricingError(`player ${String(playerId)} ${marketType} count so far must be an integer ≥ 0`);
      }
      const mean = rate.mean * (1 - this.state.elapsed);
      const dispersion = rate.dispersion ?? 0;
      dist = { min: soFar, mass: negativeBinomialPmf(mean, dispersion, negativeBinomialSupportMax(mean, dispersion)) };
    }
    this.counts.set(key, dist);
    return dist;
  }
}

/**
 * The grader of a prop outcome on the player's count (passed as participant 1's score): the
 * totals rule on the market's line. Null for outcome names other than Over and Under.
 */
export function propGrader(handicap: number, period: string, outcomeName: string): SelectionGrader | null {
  try {
    return selectionGrader({ marketType: 'totals', handicap, period }, outcomeName);
  } catch (error) {
    if (error instanceof SettlementError) return null;
    throw error;
  }
}
