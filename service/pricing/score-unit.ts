// Which score a market is priced and settled on: goals, points, sets or games, maps or kills.
// The one rule shared by the pricing models, the simulator (which keeps one score table per
// unit) and settlement (which grades on the row of that table).

import type { ScoresByPeriod } from '../../src/domain/settlement.ts';
import { PricingError } from './pricing-error.ts';

/** The sports the embedded service models, by public `sportId`. */
export const SPORT = {
  soccer: 10,
  basketball: 11,
  tennis: 12,
  baseball: 13,
  americanFootball: 14,
  iceHockey: 15,
  /** The map-based mobile esport of the 2026-10-01 catalogue change (best of 3 maps). */
  esports: 83,
} as const;

/** Esports objectives counted per map; `kills` is the one the esports model prices. */
export const ESPORTS_OBJECTIVES = [
  'kills',
  'towers',
  'turrets',
  'dragons',
  'barons',
  'roshans',
  'inhibitors',
  'barracks',
  'rounds',
  'headshots',
] as const;

export type EsportsObjective = (typeof ESPORTS_OBJECTIVES)[number];

/**
 * The unit of a score table. `player-stat` is a player's own count (shots, points, kills...):
 * graded as participant 1's score with participant 2 at 0, never on a fixture score row.
 */
export type ScoreUnit = 'goals' | 'points' | 'runs' | 'sets' | 'games' | 'maps' | EsportsObjective | 'player-stat';

/**
 * The score rows of one fixture, one table per unit, each keyed by period like the stream's
 * `scores` payload. Tennis keeps `sets` (`result` = sets won, `p1`..`p5` = 1:0 per set won) and
 * `games` (`result` = games won in the match, `p1`..`p5` = games of each set); esports keeps
 * `maps` (`result` = maps won, `p1`..`p3` = 1:0 per map) and `kills` (`result` = kills over the
 * maps played, `p1`..`p3` = kills of each map). Other sports have one table.
 */
export type ScoreTables = Readonly<Partial<Record<ScoreUnit, ScoresByPeriod>>>;

/** The market fields the unit depends on. */
export interface UnitMarket {
  readonly sportId: number;
  readonly marketType: string;
  readonly period: string;
  readonly playerProp: boolean;
}

const MATCH_PERIODS: ReadonlySet<string> = new Set(['result', 'fulltime']);

function esportsObjectiveOf(marketType: string): EsportsObjective | null {
  // `totals-kills`, `teamtotals-team1-kills`, `racetokills`, `firstblood` (the first kill),
  // `firsttower`, `triplekill`: the objective is named at the end or after `first`/`raceto`.
  if (marketType === 'firstblood' || marketType.endsWith('kill') || marketType.endsWith('kills')) return 'kills';
  for (const objective of ESPORTS_OBJECTIVES) {
    const singular = objective.slice(0, -1);
    if (marketType.endsWith(`-${objective}`) || marketType === `first${singular}` || marketType === `raceto${objective}`) {
      return objective;
    }
  }
  return null;
}

/**
 * The score unit `market` is priced and settled on:
 * - player props (`playerProp`): `player-stat`;
 * - soccer and ice hockey: `goals`; basketball and American football: `points`; baseball: `runs`;
 * - tennis: a `-games` suffix → `games`, a `-sets` suffix → `sets`; otherwise `sets` on the match
 *   periods (`result`, `fulltime`) and `games` on set periods (`p1`..`p5`, so `correctscore` on
 *   `p1` is a set score like 6:4);
 * - esports: an objective in the marketType (`totals-kills`, `firstblood`, `racetokills`,
 *   `firsttower`) → that objective; otherwise `maps`.
 * Throws `PricingError` for a sport the service does not model.
 */
export function scoreUnit(market: UnitMarket): ScoreUnit {
  if (market.playerProp) return 'player-stat';
  switch (market.sportId) {
    case SPORT.soccer:
    case SPORT.iceHockey:
      return 'goals';
    case SPORT.basketball:
    case SPORT.americanFootball:
      return 'points';
    case SPORT.baseball:
      return 'runs';
    case SPORT.tennis:
      if (market.marketType.endsWith('-games')) return 'games';
      if (market.marketType.endsWith('-sets')) return 'sets';
      return MATCH_PERIODS.has(market.period) ? 'sets' : 'games';
    case SPORT.esports:
      return esportsObjectiveOf(market.marketType) ?? 'maps';
    default:
      throw new PricingError(`sportId ${String(market.sportId)} has no score model`);
  }
}
