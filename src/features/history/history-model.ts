// The history page's data shaping, kept out of React: the markets a fixture's CLV answer covers
// (named from the catalogue) and the oddsIds of each.
import type { ClvFixtureView } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { isOpen } from '../../wire/status.ts';

/** A market (and player, for props) the page can chart. */
export interface MarketChoice {
  /** `{marketId}:{playerId}`, the URL's `market` parameter. */
  readonly key: string;
  readonly marketId: number;
  readonly playerId: number;
  readonly name: string;
  /** Outcomes in catalogue order (or by outcomeId when the catalogue does not know the market). */
  readonly outcomes: readonly { readonly outcomeId: number; readonly name: string }[];
  /** Every oddsId of this market and player, all bookmakers. */
  readonly oddsIds: readonly string[];
}

/**
 * The markets of a CLV answer, in catalogue order (then by marketId), each with its outcomes and
 * the oddsIds of every bookmaker. Outcomes the catalogue does not know get a market of their own.
 */
export function marketChoices(clv: ClvFixtureView, catalogue: readonly Market[], playerNameOf: (playerId: number) => string = (playerId) => `player ${String(playerId)}`): MarketChoice[] {
  const byOutcome = new Map<number, { market: Market; order: number }>();
  catalogue.forEach((market, order) => {
    for (const o of market.outcomes) byOutcome.set(o.outcomeId, { market, order });
  });
  const groups = new Map<string, { marketId: number; playerId: number; order: number; market: Market | null; outcomeIds: Set<number>; oddsIds: string[] }>();
  for (const byOdds of Object.values(clv.odds)) {
    for (const [oddsId, pair] of Object.entries(byOdds)) {
      const { outcomeId, playerId } = pair.clv;
      const known = byOutcome.get(outcomeId);
      const marketId = known?.market.marketId ?? outcomeId;
      const key = `${String(marketId)}:${String(playerId)}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = { marketId, playerId, order: known?.order ?? Number.MAX_SAFE_INTEGER, market: known?.market ?? null, outcomeIds: new Set(), oddsIds: [] };
        groups.set(key, group);
      }
      group.outcomeIds.add(outcomeId);
      group.oddsIds.push(oddsId);
    }
  }
  return [...groups.entries()]
    .sort(([, a], [, b]) => a.order - b.order || a.marketId - b.marketId || a.playerId - b.playerId)
    .map(([key, g]) => {
      const outcomes =
        g.market === null
          ? [...g.outcomeIds].sort((a, b) => a - b).map((outcomeId) => ({ outcomeId, name: `Outcome ${String(outcomeId)}` }))
          : g.market.outcomes.filter((o) => g.outcomeIds.has(o.outcomeId)).map((o) => ({ outcomeId: o.outcomeId, name: o.outcomeName }));
      const base = g.market?.marketName ?? `Market ${String(g.marketId)}`;
      return {
        key,
        marketId: g.marketId,
        playerId: g.playerId,
        name: g.playerId === 0 ? base : `${base} · ${playerNameOf(g.playerId)}`,
        outcomes,
        oddsIds: g.oddsIds.sort(),
      };
    });
}

/** True while a fixture's closing line can still move: pre-game (0) or live (1). */
export function isProvisional(statusId: number): boolean {
  return isOpen(statusId);
}

/** The players of a fixture's recorded player props (their names are looked up once). */
export function clvPlayerIds(clv: ClvFixtureView | undefined): number[] {
  if (clv === undefined) return [];
  return [...new Set(Object.values(clv.odds).flatMap((byOdds) => Object.values(byOdds).map((pair) => pair.clv.playerId)))].filter((id) => id !== 0);
}
