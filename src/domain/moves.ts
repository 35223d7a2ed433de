// Moves in implied percentage points (docs/domain.md, "Moves"): steam — at least N books moving
// one outcome the same way by at least x points within T minutes — and dropping odds — a book's
// price now against its opening (OLV) by at least y points. Pure: the caller keeps each book's
// recent prices and passes the time in.
import { median } from './feed-health.ts';
import { impliedProbability } from './odds-format.ts';

/** What counts as a move; editable by the trader (src/settings/moves-store.ts). */
export interface MoveSettings {
  /** Steam: at least this many books (a whole number ≥ 2). */
  readonly steamBooks: number;
  /** Steam: each of them by at least this many implied points (> 0). */
  readonly steamPoints: number;
  /** Steam: within this many minutes (> 0). */
  readonly steamMinutes: number;
  /** Dropping odds: a book's price now against its opening by at least this many points (> 0). */
  readonly dropPoints: number;
}

/**
 * The defaults traders use for steam (3 books, 2 points, 2 minutes). Dropping odds: 5 points,
 * above the ~3-point median opening-to-kick-off drift of a sharp 1X2 price (docs/service.md), so
 * that a listed drop is more than the line's ordinary walk.
 */
export const DEFAULT_MOVE_SETTINGS: MoveSettings = { steamBooks: 3, steamPoints: 2, steamMinutes: 2, dropPoints: 5 };

/**
 * Implied percentage points of a decimal price: 100 / price (2.00 → 50, 1.25 → 80).
 * @throws OddsFormatError for a price below 1, NaN or ±Infinity.
 */
export function impliedPoints(price: number): number {
  return 100 * impliedProbability(price);
}

/** A price a book quoted, from `atMs` (its `changedAt`). */
export interface PricePoint {
  readonly atMs: number;
  readonly price: number;
}

/**
 * One book's quotes of one outcome: its prices in time order (ascending `atMs`, the last one
 * current), and whether it counts now — quoting the outcome actively, neither stale nor
 * suspended on the fixture (src/book: `isBookmakerStale`, `meta.suspended`).
 */
export interface BookQuotes {
  readonly bookmaker: string;
  readonly prices: readonly PricePoint[];
  readonly counts: boolean;
}

/** Which way an outcome moved: shortening (implied up, the price falls) or drifting (implied down). */
export type MoveDirection = 'shortening' | 'drifting';

/** A book's change over a window: its price in force at the window's start and its price now. */
export interface BookChange {
  readonly bookmaker: string;
  readonly from: PricePoint;
  readonly to: PricePoint;
  /** implied(to) − implied(from), points; positive: shortening. */
  readonly points: number;
}

/**
 * A book's change over the window (`nowMs − windowMs`, `nowMs`]: from the price in force at the
 * window's start (the last one at or before it; for a book first seen inside the window, its
 * first price, since a price first seen is a starting point, not a move) to its current price.
 * A change and its reversal inside the window cancel out. Null when it has no price.
 */
export function bookChange(quotes: BookQuotes, nowMs: number, windowMs: number): BookChange | null {
  const { prices } = quotes;
  const to = prices[prices.length - 1];
  const first = prices[0];
  if (to === undefined || first === undefined) return null;
  const start = nowMs - windowMs;
  let from = first;
  for (const point of prices) {
    if (point.atMs > start) break;
    from = point;
  }
  return { bookmaker: quotes.bookmaker, from, to, points: impliedPoints(to.price) - impliedPoints(from.price) };
}

/** A book still on the price it had before the move, since `since.atMs`. */
export interface BookStill {
  readonly bookmaker: string;
  readonly since: PricePoint;
}

/** Steam on one outcome: who moved, which way, by how much, and who did not. */
export interface Steam {
  readonly direction: MoveDirection;
  /** The median of the moved books' changes, points (always > 0). */
  readonly points: number;
  /** The books that moved that way by at least the threshold, earliest move first. */
  readonly moved: readonly BookChange[];
  /** The counting books that did not (still on their price from before the window, or moved less). */
  readonly still: readonly BookStill[];
}

/**
 * Steam on one outcome at `nowMs`: at least `steamBooks` counting books whose change over the
 * last `steamMinutes` is at least `steamPoints` the same way. Books that do not count (inactive,
 * stale, suspended) are neither moved nor still. When both directions qualify (books split), the
 * one with more books wins; a tie is no steam (the market disagrees).
 */
export function detectSteam(books: readonly BookQuotes[], nowMs: number, settings: MoveSettings): Steam | null {
  const windowMs = settings.steamMinutes * 60_000;
  const up: BookChange[] = [];
  const down: BookChange[] = [];
  const changes: BookChange[] = [];
  for (const quotes of books) {
    if (!quotes.counts) continue;
    const change = bookChange(quotes, nowMs, windowMs);
    if (change === null) continue;
    changes.push(change);
    if (change.points >= settings.steamPoints) up.push(change);
    else if (change.points <= -settings.steamPoints) down.push(change);
  }
  if (up.length === down.length) return null;
  const [moved, direction]: [BookChange[], MoveDirection] = up.length > down.length ? [up, 'shortening'] : [down, 'drifting'];
  if (moved.length < settings.steamBooks) return null;
  moved.sort((a, b) => a.to.atMs - b.to.atMs || a.bookmaker.localeCompare(b.bookmaker));
  const movedBooks = new Set(moved.map((c) => c.bookmaker));
  const still = changes
    .filter((c) => !movedBooks.has(c.bookmaker))
    .map((c) => ({ bookmaker: c.bookmaker, since: c.to }))
    .sort((a, b) => a.bookmaker.localeCompare(b.bookmaker));
  return { direction, points: median(moved.map((c) => Math.abs(c.points))), moved, still };
}

/** A book's price now against its opening. */
export interface BookDrop {
  readonly bookmaker: string;
  readonly opening: PricePoint;
  readonly now: PricePoint;
  /** implied(now) − implied(opening), points. */
  readonly points: number;
}

/** Dropping odds on one outcome: the books whose price fell from its opening, and the others. */
export interface Drop {
  /** The median of the dropped books' drops, points. */
  readonly points: number;
  /** Books whose implied points rose by at least `dropPoints` since their opening, largest first. */
  readonly dropped: readonly BookDrop[];
  /** Counting books with a known opening that did not drop that far (their price now, since when). */
  readonly still: readonly BookStill[];
}

/**
 * Dropping odds on one outcome: each counting book's current price against its own opening
 * (`openings`: bookmaker → its OLV). Raised when at least one book's implied points rose by
 * `dropPoints` or more. Books without a known opening take no part.
 */
export function detectDrop(books: readonly BookQuotes[], openings: ReadonlyMap<string, PricePoint>, settings: MoveSettings): Drop | null {
  const dropped: BookDrop[] = [];
  const still: BookStill[] = [];
  for (const quotes of books) {
    const now = quotes.prices[quotes.prices.length - 1];
    const opening = openings.get(quotes.bookmaker);
    if (!quotes.counts || now === undefined || opening === undefined) continue;
    const points = impliedPoints(now.price) - impliedPoints(opening.price);
    if (points >= settings.dropPoints) dropped.push({ bookmaker: quotes.bookmaker, opening, now, points });
    else still.push({ bookmaker: quotes.bookmaker, since: now });
  }
  if (dropped.length === 0) return null;
  dropped.sort((a, b) => b.points - a.points || a.bookmaker.localeCompare(b.bookmaker));
  still.sort((a, b) => a.bookmaker.localeCompare(b.bookmaker));
  return { points: median(dropped.map((d) => d.points)), dropped, still };
}

/**
 * The prices a detector must keep for a window of `windowMs` at `nowMs`: the one in force at the
 * window's start and every later one (older ones can never matter again). The same array when
 * nothing is dropped.
 */
export function trimPrices(prices: readonly PricePoint[], nowMs: number, windowMs: number): readonly PricePoint[] {
  const start = nowMs - windowMs;
  let keepFrom = 0;
  for (let i = 1; i < prices.length; i++) {
    const point = prices[i];
    if (point === undefined || point.atMs > start) break;
    keepFrom = i;
  }
  return keepFrom === 0 ? prices : prices.slice(keepFrom);
}

/** What is wrong with move settings, per field (empty: valid). */
export function moveSettingsProblems(settings: MoveSettings): { readonly field: keyof MoveSettings; readonly message: string }[] {
  const problems: { field: keyof MoveSettings; message: string }[] = [];
  if (!(Number.isSafeInteger(settings.steamBooks) && settings.steamBooks >= 2 && settings.steamBooks <= 50)) {
    problems.push({ field: 'steamBooks', message: 'Steam books: a whole number from 2 to 50.' });
  }
  if (!(Number.isFinite(settings.steamPoints) && settings.steamPoints > 0 && settings.steamPoints < 100)) {
    problems.push({ field: 'steamPoints', message: 'Steam points: a number above 0 and below 100.' });
  }
  if (!(Number.isFinite(settings.steamMinutes) && settings.steamMinutes > 0 && settings.steamMinutes <= 60)) {
    problems.push({ field: 'steamMinutes', message: 'Steam minutes: a number above 0, at most 60.' });
  }
  if (!(Number.isFinite(settings.dropPoints) && settings.dropPoints > 0 && settings.dropPoints < 100)) {
    problems.push({ field: 'dropPoints', message: 'Dropping points: a number above 0 and below 100.' });
  }
  return problems;
}

/** The kinds of move the feed lists. */
export type MoveKind = 'steam' | 'drop';

/** A book that moved, in a feed item (prices and times of its `from` and `to`). */
export interface MovedBook {
  readonly bookmaker: string;
  readonly fromPrice: number;
  readonly fromAtMs: number;
  readonly toPrice: number;
  readonly atMs: number;
  /** implied(to) − implied(from), points. */
  readonly points: number;
}

/** A book still on its old price, in a feed item. */
export interface StillBook {
  readonly bookmaker: string;
  readonly price: number;
  readonly sinceMs: number;
}

/** One item of the moves feed (structured-cloneable: it crosses from the stream worker). */
export interface MoveEvent {
  /** Stable while the move lasts: kind, selection, direction and when it was first seen. */
  readonly id: string;
  readonly kind: MoveKind;
  readonly fixtureId: string;
  readonly marketId: number;
  readonly outcomeId: number;
  readonly playerId: number;
  /** `{fixtureId}:{outcomeId}:{playerId}`. */
  readonly selectionKey: string;
  /** Whether the fixture was in play when the move was last seen (a goal moves every book). */
  readonly live: boolean;
  readonly direction: MoveDirection;
  /** Median size over the moved books, implied points (> 0). */
  readonly points: number;
  readonly moved: readonly MovedBook[];
  readonly still: readonly StillBook[];
  /** When the move was first detected, and last changed (books joined or prices moved on), epoch ms. */
  readonly detectedAtMs: number;
  readonly updatedAtMs: number;
}

/** The feed items of a steam or a drop on one selection (the ids and times are the caller's). */
export function steamMovedBooks(steam: Steam): { moved: MovedBook[]; still: StillBook[] } {
  return {
    moved: steam.moved.map((c) => ({ bookmaker: c.bookmaker, fromPrice: c.from.price, fromAtMs: c.from.atMs, toPrice: c.to.price, atMs: c.to.atMs, points: c.points })),
    still: steam.still.map((s) => ({ bookmaker: s.bookmaker, price: s.since.price, sinceMs: s.since.atMs })),
  };
}

/** The feed's books of a drop: from each book's opening to its price now. */
export function dropMovedBooks(drop: Drop): { moved: MovedBook[]; still: StillBook[] } {
  return {
    moved: drop.dropped.map((d) => ({ bookmaker: d.bookmaker, fromPrice: d.opening.price, fromAtMs: d.opening.atMs, toPrice: d.now.price, atMs: d.now.atMs, points: d.points })),
    still: drop.still.map((s) => ({ bookmaker: s.bookmaker, price: s.since.price, sinceMs: s.since.atMs })),
  };
}
