// The admin knob's price move (`POST /admin/move`, docs/service.md): one outcome of a book's
// market moved by a number of implied percentage points, the others scaled so the book keeps its
// margin. Pure, so the knob's arithmetic is tested apart from the simulator.
import { decimalToAmerican } from '../../src/domain/odds-format.ts';
import { roundHalfAwayFromZero } from '../../src/domain/rounding.ts';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { BookLine, FixtureRuntime } from './fixture-runtime.ts';
import { isOver } from '../../src/wire/status.ts';

/** The shortest price a moved outcome may get (an active 1.00 would be stake back). */
const MIN_PRICE = 1.01;

export type PriceMove = { readonly ok: true; readonly prices: number[] } | { readonly ok: false; readonly problem: string };

/**
 * A book's `prices` of one market with outcome `index` moved by `byPoints` implied percentage
 * points: with πᵢ = 1/priceᵢ and S = Σπ, the outcome gets π′ₜ = πₜ + byPoints/100 and every other
 * one π′ⱼ = πⱼ·(S − π′ₜ)/(S − πₜ), so Σπ′ = S (the margin stays); each price 1/π′ rounded to 2
 * decimals, half away from zero, never below 1.01. Positive `byPoints` shortens the outcome.
 * Not ok when a moved probability leaves (0, 1).
 */
export function movePrices(prices: readonly number[], index: number, byPoints: number): PriceMove {
  const implied = prices.map((price) => 1 / price);
  const total = implied.reduce((sum, pi) => sum + pi, 0);
  const from = implied[index];
  if (from === undefined) return { ok: false, problem: `the market has no outcome at position ${String(index)}` };
  const to = from + byPoints / 100;
  const rest = total - from;
  const moved = implied.map((pi, i) => (i === index ? to : (pi * (total - to)) / rest));
  const outside = moved.findIndex((pi) => !(pi > 0 && pi < 1));
  if (outside !== -1 || !(rest > 0)) {
    return { ok: false, problem: `moving outcome ${String(index + 1)} by ${String(byPoints)} points takes an implied probability out of (0, 100) %: from ${(from * 100).toFixed(2)} % to ${(to * 100).toFixed(2)} %` };
  }
  return { ok: true, prices: moved.map((pi) => Math.max(MIN_PRICE, roundHalfAwayFromZero(1 / pi, 2))) };
}

/** What `POST /admin/move` asks for (docs/service.md). */
export interface MarketMove {
  readonly marketId: number;
  /** The books whose prices move; distinct, each quoting the market actively. */
  readonly bookmakers: readonly string[];
  /** Implied percentage points added to the outcome's probability (negative lengthens it). */
  readonly byPoints: number;
  /** The outcome moved; default the market's first outcome in catalogue order. */
  readonly outcomeId?: number;
  /** The player of a player prop's market; needed when several players have it. */
  readonly playerId?: number;
}

export interface MovedBook {
  readonly bookmaker: string;
  readonly prices: readonly { readonly oddsId: string; readonly outcomeId: number; readonly from: number; readonly to: number }[];
}

export interface MarketMoveResult {
  readonly marketId: number;
  readonly playerId: number;
  readonly outcomeId: number;
  readonly byPoints: number;
  readonly moved: readonly MovedBook[];
}

/** What the move needs of a fixture (a FixtureRuntime fits). */
export type MovableFixture = Pick<FixtureRuntime, 'fixtureId' | 'statusId' | 'offered' | 'lines'>;

/**
 * Moves `move.marketId` at each of `move.bookmakers` by `movePrices`, every book checked before
 * any price changes (all or nothing); each changed entry gets `nowMs` and goes to `changed` (the
 * simulator's feed/history path). Answers what moved, or why nothing did (a sentence).
 */
export function moveMarket(fixture: MovableFixture, move: MarketMove, nowMs: number, changed: (oddsId: string, entry: OddsEntry) => void): MarketMoveResult | string {
  if (isOver(fixture.statusId)) return `fixture ${fixture.fixtureId} is over: its prices no longer move`;
  const markets = fixture.offered.filter((o) => o.market.marketId === move.marketId && (move.playerId === undefined || o.playerId === move.playerId));
  const offered = markets[0];
  if (offered === undefined) return `market ${String(move.marketId)}${move.playerId === undefined ? '' : ` of player ${String(move.playerId)}`} is not offered on ${fixture.fixtureId}`;
  if (markets.length > 1) return `market ${String(move.marketId)} is offered for ${String(markets.length)} players on ${fixture.fixtureId}: give "playerId"`;
  const outcomes = offered.market.outcomes;
  const index = move.outcomeId === undefined ? 0 : outcomes.findIndex((o) => o.outcomeId === move.outcomeId);
  const outcome = outcomes[index];
  if (outcome === undefined) return `outcome ${String(move.outcomeId)} is not an outcome of market ${String(move.marketId)} (${outcomes.map((o) => String(o.outcomeId)).join(', ')})`;
  const plans: { line: BookLine; prices: number[] }[] = [];
  for (const bookmaker of move.bookmakers) {
    const line = fixture.lines.get(bookmaker);
    if (line === undefined) return `bookmaker ${bookmaker} does not quote ${fixture.fixtureId}`;
    const entries = outcomes.map((_, k) => line.entries[offered.offset + k]);
    const current: number[] = [];
    for (const entry of entries) {
      if (entry === undefined || !entry.active || !entry.marketActive || line.meta.suspended) {
        return `bookmaker ${bookmaker} does not quote every outcome of market ${String(move.marketId)} actively on ${fixture.fixtureId}`;
      }
      current.push(entry.price);
    }
    const result = movePrices(current, index, move.byPoints);
    if (!result.ok) return `bookmaker ${bookmaker}: ${result.problem}`;
    plans.push({ line, prices: result.prices });
  }
  const moved = plans.map(({ line, prices }): MovedBook => ({
    bookmaker: line.book.bookmaker,
    prices: prices.flatMap((to, k) => {
      const entry = line.entries[offered.offset + k];
      const oddsId = line.oddsIds[offered.offset + k];
      if (entry === undefined || oddsId === undefined) return [];
      const from = entry.price;
      if (to !== from) {
        entry.price = to;
        entry.priceAmerican = decimalToAmerican(to);
        entry.changedAt = nowMs;
        changed(oddsId, entry);
      }
      return [{ oddsId, outcomeId: entry.outcomeId, from, to }];
    }),
  }));
  return { marketId: move.marketId, playerId: offered.playerId, outcomeId: outcome.outcomeId, byPoints: move.byPoints, moved };
}
