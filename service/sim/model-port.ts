// What the simulator needs from the pricing models and the quoting rules, as two narrow
// interfaces; `pricing-adapter.ts` implements them with service/pricing.
import type { BookmakerProfile, CatalogueMarket } from '../catalogue/types.ts';
import type { Rng } from '../pricing/rng.ts';
import type { MatchParams, MatchState, MatchRules, PropPlayer } from './match-engine.ts';

/** One fixture's model at one moment (pre-match, or in play at the match's current state). */
export interface FixtureModel {
  /**
   * The fair probability of each outcome of `market` (in `market.outcomes` order) for
   * `playerId` (0 for non-player markets), summing to 1; null when the model cannot price it.
   */
  fairProbabilities(market: CatalogueMarket, playerId: number): readonly number[] | null;
}

/** The pre-match parameters of a fixture: what the model prices and the engine plays. */
export interface FixtureParams {
  readonly sportId: number;
  readonly participant1Id: number;
  readonly participant2Id: number;
  /** Log-scale strength shift applied by pre-match drift (team news, money), 0 at first. */
  readonly drift: number;
  readonly rules: MatchRules;
}

/** The models of the service, seen from the simulator. */
export interface ModelPort {
  /** The rates the match engine plays with (the same the model prices with). */
  matchParams(fixture: FixtureParams): MatchParams;
  /** The fixture's model given the match state (pre-match when `state.phase` is `pre`) and its prop players. */
  model(fixture: FixtureParams, state: MatchState, props: readonly PropPlayer[]): FixtureModel;
  /** Expected count per match (per map for esports) of a player's prop, null when not offered. */
  propRate(playerId: number, marketType: string): number | null;
}

/** How one bookmaker turns fair probabilities into prices. */
export interface QuotePort {
  /**
   * Prices for `fair` with the book's margin (`main`: its main-line margin, else its alternate
   * margin) and rounding, Σ 1/price = 1 + margin within the pricing module's tolerance.
   */
  quote(fair: readonly number[], book: BookmakerProfile, main: boolean, rng: Rng): readonly number[];
}
