// The market families of spec 2.6 in one table: the order a trader reads them in (the odds
// board and the catalogue, market-order.ts), how settlement grades each (settlement.ts), and
// which view of the score its grade depends on (the service's pricing). A family also covers its
// sport variants `<marketType>-...` (`totals-games`, `spreads-sets`, `teamtotals-team1-kills`)
// when `variants` says so.

/** How settlement.ts grades a family's selections. */
export type SettlementFamily =
  | 'three-way'
  | 'european-handicap'
  | 'draw-push'
  | 'asian-handicap'
  | 'totals'
  | 'team1-totals'
  | 'team2-totals'
  | 'both-score'
  | 'odd-even'
  | 'correct-score'
  | 'winning-margin';

/**
 * The view of the score a family's grade depends on: one linear view (the total, the margin,
 * one side's score) or the whole cell (correct score, both teams to score).
 */
export type FamilyProjection = 'total' | 'margin' | 'team1' | 'team2' | 'cell';

export interface MarketFamily {
  /** The family's own marketType. */
  readonly marketType: string;
  /** Whether `<marketType>-...` (a sport variant) belongs to the family too. */
  readonly variants: boolean;
  /** How settlement grades it; null when no score rule does (`toqualify` is graded by the simulator). */
  readonly settlement: SettlementFamily | null;
  /** The view of the score its grade depends on; null when settlement has no rule for it. */
  readonly projection: FamilyProjection | null;
}

/** The families in the order a trader reads them: the match result first, then lines, then the rest. */
export const MARKET_FAMILIES: readonly MarketFamily[] = [
  { marketType: '1x2', variants: true, settlement: 'three-way', projection: 'margin' },
  { marketType: 'moneyline', variants: true, settlement: 'draw-push', projection: 'margin' },
  { marketType: 'drawnobet', variants: true, settlement: 'draw-push', projection: 'margin' },
  { marketType: 'spreads', variants: true, settlement: 'asian-handicap', projection: 'margin' },
  { marketType: 'spreads-european', variants: true, settlement: 'european-handicap', projection: 'margin' },
  { marketType: 'totals', variants: true, settlement: 'totals', projection: 'total' },
  { marketType: 'teamtotals-team1', variants: true, settlement: 'team1-totals', projection: 'team1' },
  { marketType: 'teamtotals-team2', variants: true, settlement: 'team2-totals', projection: 'team2' },
  // The brief names no variants for these two.
  { marketType: 'bothteamsscore', variants: false, settlement: 'both-score', projection: 'cell' },
  { marketType: 'oddeven', variants: true, settlement: 'odd-even', projection: 'total' },
  { marketType: 'winningmargin', variants: true, settlement: 'winning-margin', projection: 'margin' },
  { marketType: 'correctscore', variants: false, settlement: 'correct-score', projection: 'cell' },
  { marketType: 'toqualify', variants: true, settlement: null, projection: null },
];

/**
 * The family `marketType` belongs to: its own, or the family whose variant it is (the longest
 * such, so `spreads-european-sets` is a European handicap, not an Asian one); undefined for a
 * market type of no family (player props, first-event markets, ...).
 */
export function marketFamilyOf(marketType: string): MarketFamily | undefined {
  let found: MarketFamily | undefined;
  for (const family of MARKET_FAMILIES) {
    if (family.marketType === marketType) return family;
    if (!family.variants || !marketType.startsWith(`${family.marketType}-`)) continue;
    if (found === undefined || family.marketType.length > found.marketType.length) found = family;
  }
  return found;
}

/** The index of a family in {@link MARKET_FAMILIES} (its display rank). */
export function familyRank(family: MarketFamily): number {
  return MARKET_FAMILIES.indexOf(family);
}
