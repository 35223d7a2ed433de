// The kick-off close: what analysts mean by "closing line" — a bookmaker's last active price at
// or before the event started — and the CLV of a taken price against it, with the same book, a
// sharp book or the consensus of every book as the reference. The spec's `/fixtures/odds/clv`
// "clv" is the last price before settlement (for a book trading in play, a price from the last
// minutes of the match): a fact to show, never the close a bet is judged by.
import { parseIsoTimestamp } from './bookmaker-health.ts';
import { clvNoVig, clvPriceBased } from './clv.ts';
import { consensusBook, devig, DevigError, type DevigMethod } from './devig.ts';
import { EQUAL_CONSENSUS, fairLineProbabilities, type FairLine, type FairLineBook } from './fair-line.ts';
import type { HistoryPoint } from './line-series.ts';
import { roundHalfAwayFromZero } from './rounding.ts';
import type { ClvFixtureView, FixtureHistoricalOddsResponse } from '../wire/rest-schemas.ts';

/** Fixture statuses (spec 2.2) this module tells apart. */
const PRE_GAME = 0;
const CANCELLED = 3;

/**
 * When a fixture started, as the close is defined against it:
 * - `kicked-off`: it started at `atMs` (`trueStartTime`, else the planned `startTime`);
 * - `pre-game`: not yet; `plannedMs` is its `startTime`, and any close is provisional;
 * - `cancelled`: it was never played, so it has no close (its bets are void).
 */
export type Kickoff =
  | { readonly kind: 'kicked-off'; readonly atMs: number }
  | { readonly kind: 'pre-game'; readonly plannedMs: number }
  | { readonly kind: 'cancelled' };

/** The fields of a fixture view (spec 2.2) the kick-off is read from. */
export interface KickoffFixture {
  readonly status: { readonly statusId: number };
  /** Planned start, epoch seconds. */
  readonly startTime: number;
  /** Actual start (ISO 8601), null before kick-off or when the provider did not say. */
  readonly trueStartTime: string | null;
}

/**
 * The kick-off of `fixture`: `trueStartTime` when it is set and readable (a late or early
 * start moves the close with it), else `startTime`. A cancelled fixture (status 3) has none;
 * a pre-game one (status 0) has not kicked off yet. Any other status (live, finished, …) has.
 */
export function kickoffOf(fixture: KickoffFixture): Kickoff {
  if (fixture.status.statusId === CANCELLED) return { kind: 'cancelled' };
  const planned = fixture.startTime * 1000;
  if (fixture.status.statusId === PRE_GAME) return { kind: 'pre-game', plannedMs: planned };
  const actual = fixture.trueStartTime === null ? null : parseIsoTimestamp(fixture.trueStartTime);
  return { kind: 'kicked-off', atMs: actual ?? planned };
}

/** Why a selection has no kick-off close. */
export type NoCloseReason =
  /** No price was recorded at or before kick-off (the book opened in play, or never quoted it). */
  | 'no-pre-match-quote'
  /** Prices were recorded before kick-off, but none of them was active (suspended throughout). */
  | 'never-active-pre-match'
  /** The fixture was cancelled: nothing was played, every bet is void. */
  | 'cancelled';

/** A bookmaker's close of one selection, or why it has none. */
export type KickoffClose =
  | {
      readonly kind: 'close';
      readonly price: number;
      /** When that price was set (epoch ms), at or before kick-off. */
      readonly changedAt: number;
      /** True before kick-off: the latest active price so far, which can still move. */
      readonly provisional: boolean;
    }
  | { readonly kind: 'none'; readonly reason: NoCloseReason };

/** What each reason reads as on screen. */
export const NO_CLOSE_TEXT: Readonly<Record<NoCloseReason, string>> = {
  'no-pre-match-quote': 'no pre-match price recorded',
  'never-active-pre-match': 'suspended throughout before kick-off',
  cancelled: 'fixture cancelled: no close, bets void',
};

function isActive(point: HistoryPoint): boolean {
  return point.active && point.marketActive !== false;
}

/**
 * A bookmaker's kick-off close of one selection from its recorded prices (`/fixtures/odds/historical`:
 * `{"<changedAt>": entry}` or a list, any order): the last ACTIVE price (entry active, market
 * active) with `changedAt` ≤ the kick-off. A price set exactly at kick-off counts; one suspended
 * at kick-off leaves the last active price before the suspension. Before kick-off (`pre-game`)
 * it is the latest active price, marked provisional.
 */
export function kickoffClose(history: Readonly<Record<string, HistoryPoint>> | readonly HistoryPoint[], kickoff: Kickoff): KickoffClose {
  if (kickoff.kind === 'cancelled') return { kind: 'none', reason: 'cancelled' };
  const until = kickoff.kind === 'kicked-off' ? kickoff.atMs : Number.POSITIVE_INFINITY;
  let anyBefore = false;
  let best: HistoryPoint | null = null;
  // Object.values reads a list and a keyed history alike.
  for (const point of Object.values(history)) {
    if (point.changedAt > until) continue;
    anyBefore = true;
    if (isActive(point) && (best === null || point.changedAt > best.changedAt)) best = point;
  }
  if (best !== null) return { kind: 'close', price: best.price, changedAt: best.changedAt, provisional: kickoff.kind === 'pre-game' };
  return { kind: 'none', reason: anyBefore ? 'never-active-pre-match' : 'no-pre-match-quote' };
}

/**
 * One book's close of a whole market as a price list in outcome order, or null when any outcome
 * has no close (no-vig CLV and the consensus need the complete market).
 */
export function completeMarketClose(closes: readonly KickoffClose[]): number[] | null {
  const prices: number[] = [];
  for (const close of closes) {
    if (close.kind !== 'close' || !(close.price > 1)) return null;
    prices.push(close.price);
  }
  return prices.length >= 2 ? prices : null;
}

/** The consensus close of a market: fair probabilities and prices, and how many books made it. */
export interface ConsensusClose {
  /** Fair closing probability per outcome (the de-vigged consensus book). */
  readonly probabilities: readonly number[];
  /** 1 / probability: the consensus close as a price. */
  readonly prices: readonly number[];
  readonly books: number;
  /** The books (and weights) the consensus close is made of; empty from `consensusClose`, which takes no names. */
  readonly used: readonly FairLineBook[];
}

/**
 * The consensus close: `consensusBook` (per outcome the mean implied probability) over the
 * complete kick-off closes of every book, de-vigged by `method` — the odds screen's fair-price
 * rule applied to the closes. Null when no book has a complete close.
 * @throws DevigError when the consensus cannot be de-vigged by `method` (e.g. additive below 0).
 */
export function consensusClose(bookCloses: readonly (readonly number[] | null)[], method: DevigMethod): ConsensusClose | null {
  const complete = bookCloses.filter((prices): prices is readonly number[] => prices !== null);
  if (complete.length === 0) return null;
  const probabilities = devig(consensusBook(complete), method);
  return { probabilities, prices: probabilities.map((p) => 1 / p), books: complete.length, used: [] };
}

/**
 * The consensus close under a fair line (`fair-line.ts`): the books the line weighs whose kick-off
 * closes cover the whole market, their implied probabilities averaged with the line's weights,
 * de-vigged once by `method` — the odds screen's fair column applied to the closes. A close is
 * the book's last active price, so no closing book counts as suspended; the history records no
 * staleness, so none counts as stale. With `EQUAL_CONSENSUS` it is `consensusClose`.
 * @returns the close, or why the line makes none (a sentence).
 * @throws DevigError when `method` cannot de-vig the consensus.
 */
export function fairLineClose(
  bookCloses: readonly { readonly bookmaker: string; readonly prices: readonly number[] | null }[],
  method: DevigMethod,
  line: FairLine,
): { readonly close: ConsensusClose; readonly problem: null } | { readonly close: null; readonly problem: string } {
  const result = fairLineProbabilities(line, bookCloses.map(({ bookmaker, prices }) => ({ bookmaker, prices, stale: false, suspended: false })), method);
  const failure = result.failure;
  if (result.probabilities === null || failure !== null) {
    if (failure === null || (failure.kind === 'too-few-books' && failure.counted === 0 && line.weights === null)) return { close: null, problem: 'no book has a close on every outcome' };
    if (failure.kind === 'too-few-books') {
      return { close: null, problem: `only ${String(failure.counted)} of the ${String(failure.needed)} books the fair line needs have a close on every outcome` };
    }
    const why = failure.reason === 'not-weighted' ? 'has no weight in the fair line' : 'has no close on every outcome';
    return { close: null, problem: `the fair line's required book ${failure.bookmaker} ${why}` };
  }
  const probabilities = result.probabilities;
  return { close: { probabilities, prices: probabilities.map((p) => 1 / p), books: result.used.length, used: result.used }, problem: null };
}

/** The close a taken price is judged against, as the user chose it. */
export type ClvReference =
  | { readonly kind: 'same-book' }
  | { readonly kind: 'sharp'; readonly bookmaker: string }
  | { readonly kind: 'consensus' };

/** The sharp book used by default: the market-maker whose close the trade treats as the truth. */
export const DEFAULT_SHARP_BOOK = 'pinnacle';

/** The reference as a picker holds it: the kind, and the sharp book remembered while another kind is chosen. */
export interface ClvReferenceChoice {
  readonly kind: ClvReference['kind'];
  readonly sharpBook: string;
}

/** The reference a choice stands for. */
export function clvReferenceOf(choice: ClvReferenceChoice): ClvReference {
  return choice.kind === 'sharp' ? { kind: 'sharp', bookmaker: choice.sharpBook } : { kind: choice.kind };
}

/** CLV of a taken price against a close, both definitions, as fractions (0.05 = +5%), unrounded. */
export interface ClvFigures {
  /** taken / close − 1. */
  readonly priceBased: number;
  /** taken × fair closing probability − 1; null when the closing market is incomplete. */
  readonly noVig: number | null;
}

/**
 * CLV of `takenPrice` against one book's kick-off close of a market: price-based against the
 * selection's close, no-vig against its whole closing market de-vigged by `method` (null when
 * the market is incomplete or cannot be de-vigged).
 * @throws ClvError when `takenPrice` or the close is not a finite price ≥ 1.
 */
export function clvAgainstBook(takenPrice: number, close: number, market: readonly number[] | null, outcomeIndex: number, method: DevigMethod): ClvFigures {
  const priceBased = clvPriceBased(takenPrice, close);
  let noVig: number | null = null;
  if (market !== null) {
    try {
      noVig = clvNoVig(takenPrice, market, outcomeIndex, method);
    } catch {
      // A closing market the method cannot de-vig (additive at a long price): no figure, not an error.
      noVig = null;
    }
  }
  return { priceBased, noVig };
}

/**
 * CLV of `takenPrice` against the consensus close. The consensus close is already margin-free,
 * so price-based (taken / (1/p) − 1) and no-vig (taken × p − 1) CLV are the same number.
 * Null when `outcomeIndex` is not one of the market's outcomes.
 * @throws ClvError when `takenPrice` is not a finite price ≥ 1.
 */
export function clvAgainstConsensus(takenPrice: number, consensus: ConsensusClose, outcomeIndex: number): ClvFigures | null {
  const close = consensus.prices[outcomeIndex];
  if (close === undefined) return null;
  const figure = clvPriceBased(takenPrice, close);
  return { priceBased: figure, noVig: figure };
}

/**
 * Whether a bet placed at `placedAtMs` has a closing line: a bet placed after kick-off was
 * priced in play, where no close exists to judge it by (`in-play`); at exactly kick-off it is
 * still pre-match. Before kick-off, or with no time given, it has one.
 */
export function betHasClose(placedAtMs: number | null, kickoff: Kickoff): 'pre-match' | 'in-play' {
  if (placedAtMs === null || kickoff.kind !== 'kicked-off') return 'pre-match';
  return placedAtMs > kickoff.atMs ? 'in-play' : 'pre-match';
}

/**
 * A CLV fraction as shown: a percentage with one decimal, rounded half away from zero on the
 * decimal a person reads (`roundHalfAwayFromZero`), signed: +5.0%, -1.3%, 0.0% (never -0.0%).
 */
export function formatClvPercent(fraction: number): string {
  const rounded = roundHalfAwayFromZero(fraction * 100, 1);
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : '-'}${Math.abs(rounded).toFixed(1)}%`;
}

/** A market as `closingLines` reads it: its outcomes in order, for one player (0 = the match). */
export interface ClosingMarket {
  readonly playerId: number;
  readonly outcomes: readonly { readonly outcomeId: number }[];
}

/** One bookmaker's lines of a selection: opening, kick-off close, last before settlement. */
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
 * OLV and last-before-settlement price from the CLV answer (`/fixtures/odds/clv`), and its
 * kick-off close from the recorded history of the market's oddsIds (`/fixtures/odds/historical`). The consensus is
 * `fairLineClose` under `fairLine` (default every book's complete kick-off close, equal weight),
 * de-vigged by `method`.
 */
export function closingLines(
  clv: ClvFixtureView,
  history: FixtureHistoricalOddsResponse,
  market: ClosingMarket,
  outcomeId: number,
  method: DevigMethod,
  fairLine: FairLine = EQUAL_CONSENSUS,
): ClosingLines {
  const kickoff = kickoffOf(clv);
  const outcomeIndex = market.outcomes.findIndex((o) => o.outcomeId === outcomeId);
  const rows: ClosingLineRow[] = [];
  const marketCloses: { bookmaker: string; prices: readonly number[] | null }[] = [];
  for (const [bookmaker, byOdds] of Object.entries(clv.odds)) {
    const pairs = Object.entries(byOdds).filter(([, p]) => p.clv.playerId === market.playerId);
    const closes = market.outcomes.map((o) => {
      const oddsId = pairs.find(([, p]) => p.clv.outcomeId === o.outcomeId)?.[0];
      return kickoffClose(oddsId === undefined ? {} : (history.odds[bookmaker]?.[oddsId] ?? {}), kickoff);
    });
    const marketClose = completeMarketClose(closes);
    const mine = pairs.find(([, p]) => p.clv.outcomeId === outcomeId);
    if (mine === undefined) continue;
    marketCloses.push({ bookmaker, prices: marketClose });
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
  let consensusProblem: string | null;
  try {
    const made = fairLineClose(marketCloses, method, fairLine);
    consensus = made.close;
    consensusProblem = made.problem;
  } catch (error) {
    if (!(error instanceof DevigError)) throw error;
    consensusProblem = error.message;
  }
  return { rows, outcomeIndex, best, consensus, consensusProblem };
}
