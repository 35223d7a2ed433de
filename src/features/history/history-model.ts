// The history page's data shaping, kept out of React: the markets a fixture's CLV answer covers
// (named from the catalogue), the oddsIds of one market, and the closing lines of one outcome.
import { completeMarketClose, consensusClose, kickoffClose, kickoffOf, type ConsensusClose, type KickoffClose } from '../../domain/closing-line.ts';
import { DevigError, type DevigMethod } from '../../domain/devig.ts';
import type { ClvFixtureView, FixtureHistoricalOddsResponse, Market } from '../../wire/schemas.ts';

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
export function marketChoices(clv: ClvFixtureView, catalogue: readonly Market[]): MarketChoice[] {
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
        name: g.playerId === 0 ? base : `${base} · player ${String(g.playerId)}`,
        outcomes,
        oddsIds: g.oddsIds.sort(),
      };
    });
}

/** One bookmaker's lines of the selection on the history page. */
export interface ClosingLineRow {
  readonly bookmaker: string;
  readonly oddsId: string;
  /** The first recorded price (OLV, from `/fixtures/odds/clv`). */
  readonly opening: { readonly price: number; readonly changedAt: number };
  /** The spec's "clv": the last price before settlement (in play for a book that trades live). */
  readonly lastBeforeSettlement: { readonly price: number; readonly changedAt: number; readonly active: boolean };
  /** The kick-off close of this selection at this book. */
  readonly close: KickoffClose;
  /** This book's kick-off closes of every outcome of the market, in outcome order; null when one is missing. */
  readonly marketClose: readonly number[] | null;
}

/** The closing lines of one selection: per book, the best close, and the consensus close. */
export interface ClosingLines {
  readonly rows: readonly ClosingLineRow[];
  /** The selection's index among the market's outcomes (in `marketClose` and the consensus). */
  readonly outcomeIndex: number;
  /** The longest kick-off close of the selection and every book offering it; null when no book has one. */
  readonly best: { readonly price: number; readonly bookmakers: readonly string[] } | null;
  /** The consensus close, null when no book has a complete closing market ... */
  readonly consensus: ConsensusClose | null;
  /** ... or when the method cannot de-vig it: why. */
  readonly consensusProblem: string | null;
}

/**
 * The closing lines of `outcomeId` in `market`: one row per bookmaker quoting it (by slug), its
 * OLV and last-before-settlement price from the CLV answer, and its kick-off close from the
 * recorded history of the market (`kickoffClose`). The consensus is over every book's complete
 * kick-off close of the market, de-vigged by `method`.
 */
export function closingLines(
  clv: ClvFixtureView,
  history: FixtureHistoricalOddsResponse,
  market: MarketChoice,
  outcomeId: number,
  method: DevigMethod,
): ClosingLines {
  const kickoff = kickoffOf(clv);
  const outcomeIndex = market.outcomes.findIndex((o) => o.outcomeId === outcomeId);
  const rows: ClosingLineRow[] = [];
  const marketCloses: (readonly number[] | null)[] = [];
  for (const [bookmaker, byOdds] of Object.entries(clv.odds)) {
    const pairs = Object.entries(byOdds).filter(([, p]) => p.clv.playerId === market.playerId);
    const closes = market.outcomes.map((o) => {
      const oddsId = pairs.find(([, p]) => p.clv.outcomeId === o.outcomeId)?.[0];
      return kickoffClose(oddsId === undefined ? {} : (history.odds[bookmaker]?.[oddsId] ?? {}), kickoff);
    });
    const marketClose = completeMarketClose(closes);
    const mine = pairs.find(([, p]) => p.clv.outcomeId === outcomeId);
    if (mine === undefined) continue;
    marketCloses.push(marketClose);
    const [oddsId, pair] = mine;
    rows.push({
      bookmaker,
      oddsId,
      opening: { price: pair.olv.price, changedAt: pair.olv.changedAt },
      lastBeforeSettlement: { price: pair.clv.price, changedAt: pair.clv.changedAt, active: pair.clv.active },
      close: closes[outcomeIndex] ?? { kind: 'none', reason: 'no-pre-match-quote' },
      marketClose,
    });
  }
  rows.sort((a, b) => (a.bookmaker < b.bookmaker ? -1 : a.bookmaker > b.bookmaker ? 1 : 0));
  let best: ClosingLines['best'] = null;
  for (const row of rows) {
    if (row.close.kind !== 'close') continue;
    if (best === null || row.close.price > best.price) best = { price: row.close.price, bookmakers: [row.bookmaker] };
    else if (row.close.price === best.price) best = { price: best.price, bookmakers: [...best.bookmakers, row.bookmaker] };
  }
  let consensus: ConsensusClose | null = null;
  let consensusProblem: string | null = null;
  try {
    consensus = consensusClose(marketCloses, method);
  } catch (error) {
    if (!(error instanceof DevigError)) throw error;
    consensusProblem = error.message;
  }
  return { rows, outcomeIndex, best, consensus, consensusProblem };
}

/** True while a fixture's closing line can still move: pre-game (0) or live (1). */
export function isProvisional(statusId: number): boolean {
  return statusId === 0 || statusId === 1;
}
