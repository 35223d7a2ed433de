// The parlay page's request plan and the reading of its answers, React-free: the slip's legs as
// selections, one parlay per bookmaker, bookmakers packed into requests of at most 20 oddsIds, and
// each bookmaker's accumulator and SGP entries (or why there is none) picked out of the answers.
import { MAX_LEGS } from '../../api/client.ts';
import { buildOddsId, canonicalParlayId, parseOddsId, selectionKeyOfOddsId } from '../../domain/ids.ts';
import type { OddsEntry } from '../../wire/shared-schemas.ts';
import type { ParlayEntry, ParlayResponse, SgpEntry, SgpResponse } from '../../wire/rest-schemas.ts';

/** A leg without its bookmaker: what every bookmaker is asked to price. */
export interface Selection {
  readonly selectionKey: string;
  readonly fixtureId: string;
  readonly outcomeId: number;
  readonly playerId: number;
}

/**
 * The distinct selections of the legs, in the legs' order, and the legs that repeat a selection
 * at another bookmaker (a parlay cannot hold one selection twice).
 */
export function selectionsOf(legs: readonly string[]): { readonly selections: readonly Selection[]; readonly repeated: readonly string[] } {
  const seen = new Set<string>();
  const selections: Selection[] = [];
  const repeated: string[] = [];
  for (const oddsId of legs) {
    const { fixtureId, outcomeId, playerId } = parseOddsId(oddsId);
    const selectionKey = selectionKeyOfOddsId(oddsId);
    if (seen.has(selectionKey)) {
      repeated.push(oddsId);
      continue;
    }
    seen.add(selectionKey);
    selections.push({ selectionKey, fixtureId, outcomeId, playerId });
  }
  return { selections, repeated };
}

/** A bookmaker's legs: each selection at that bookmaker. */
export function legsAt(selections: readonly Selection[], bookmaker: string): string[] {
  return selections.map((s) => buildOddsId({ fixtureId: s.fixtureId, bookmaker, outcomeId: s.outcomeId, playerId: s.playerId }));
}

/** One request: the bookmakers it prices and all their legs (at most {@link MAX_LEGS} oddsIds). */
export interface QuoteRequest {
  readonly bookmakers: readonly string[];
  readonly oddsIds: readonly string[];
}

/**
 * Packs the bookmakers into requests of at most 20 oddsIds: each bookmaker's parlay must travel
 * whole in one request, so a request takes floor(20 / legs) bookmakers. Bookmakers in slug order.
 * @throws RangeError for more than 20 selections (no bookmaker's parlay would fit).
 */
export function planRequests(selections: readonly Selection[], bookmakers: readonly string[]): QuoteRequest[] {
  if (selections.length === 0) return [];
  if (selections.length > MAX_LEGS) throw new RangeError(`a parlay holds at most ${String(MAX_LEGS)} legs, got ${String(selections.length)}`);
  const perRequest = Math.floor(MAX_LEGS / selections.length);
  const sorted = [...new Set(bookmakers)].sort();
  const requests: QuoteRequest[] = [];
  for (let i = 0; i < sorted.length; i += perRequest) {
    const chunk = sorted.slice(i, i + perRequest);
    requests.push({ bookmakers: chunk, oddsIds: chunk.flatMap((b) => legsAt(selections, b)) });
  }
  return requests;
}

/** True when every selection is on one fixture: only then is there a same-game parlay to ask for. */
export function isSameGame(selections: readonly Selection[]): boolean {
  return selections.length >= 2 && selections.every((s) => s.fixtureId === selections[0]?.fixtureId);
}

/** What the answers say about one bookmaker. */
export interface BookmakerQuote {
  readonly bookmaker: string;
  readonly parlayId: string;
  readonly legs: readonly string[];
  /** Legs the service could not find at this bookmaker (`missingOddsIds`). */
  readonly missing: readonly string[];
  /** The bookmaker's current leg entries as the answers carried them (oddsId → entry). */
  readonly legEntries: ReadonlyMap<string, OddsEntry>;
  /** The accumulator entry; null when the service returned none. */
  readonly accumulator: ParlayEntry | null;
  /** The SGP entry; null when the service returned none; undefined when no SGP was asked. */
  readonly sgp: SgpEntry | null | undefined;
}

/** The answers of one request (an SGP answer only for a same-game parlay). */
export interface QuoteAnswers {
  readonly request: QuoteRequest;
  readonly parlay: ParlayResponse | undefined;
  readonly sgp: SgpResponse | undefined;
}

/**
 * Per bookmaker of the request, its accumulator and SGP entries, missing legs and leg prices. A
 * cross-fixture parlay repeats on every fixture view, so the first view holding it is read.
 */
export function readQuotes(selections: readonly Selection[], answers: QuoteAnswers): BookmakerQuote[] {
  const missingAll = new Set<string>([
    ...(answers.parlay ?? []).flatMap((view) => view.missingOddsIds ?? []),
    ...(answers.sgp?.missingOddsIds ?? []),
  ]);
  return answers.request.bookmakers.map((bookmaker) => {
    const legs = legsAt(selections, bookmaker);
    const parlayId = canonicalParlayId(legs);
    const legEntries = new Map<string, OddsEntry>();
    const views = [...(answers.parlay ?? []), ...(answers.sgp === undefined ? [] : [answers.sgp])];
    for (const view of views) {
      for (const [oddsId, entry] of Object.entries(view.odds[bookmaker] ?? {})) legEntries.set(oddsId, entry);
    }
    let accumulator: ParlayEntry | null = null;
    for (const view of answers.parlay ?? []) {
      const entry = view.parlay[bookmaker]?.[parlayId];
      if (entry !== undefined) {
        accumulator = entry;
        break;
      }
    }
    const sgp = answers.sgp === undefined ? undefined : (answers.sgp.sgp[bookmaker]?.[parlayId] ?? null);
    return { bookmaker, parlayId, legs, missing: legs.filter((l) => missingAll.has(l)), legEntries, accumulator, sgp };
  });
}

/**
 * Why a bookmaker has no price in a cell: a few words for the table and the whole reason for the
 * tooltip, so a long sentence is never repeated down the table.
 */
export interface QuoteReason {
  readonly short: string;
  readonly full: string;
}

/** Spec 3's inactive reasons: [a few words, the whole reason]. */
const INACTIVE_REASONS: Readonly<Record<string, readonly [string, string]>> = {
  leg_suspended: ['leg suspended', 'A leg is suspended at this bookmaker: the parlay comes back when it is quoted again.'],
  market_closed: ['market closed', "A leg's market is closed (or its fixture is over)."],
  bookmaker_suspended: ['book suspended', 'The bookmaker is suspended on this fixture: none of its prices can be taken.'],
  not_combinable: ['legs not combinable', 'The bookmaker will not combine these legs (e.g. two outcomes of one market, or legs that contradict).'],
  sgp_unsupported: ['no SGP on these legs', 'The bookmaker offers no same-game parlay on these legs (it has no SGP, too many legs, or a player prop it does not combine).'],
  sgp_fetch_failed: ['no answer in time', "The bookmaker's SGP pricing did not answer in time: try again."],
  fixture_ended: ['fixture over', 'The fixture is over: nothing on it can be bet.'],
};

/** A spec 3 inactive reason in words, the code named in the whole reason (an unknown one is shown as it came). */
export function inactiveReason(reason: string): QuoteReason {
  const known = INACTIVE_REASONS[reason];
  if (known === undefined) return { short: `inactive (${reason})`, full: `The service marks this price inactive (meta.inactiveReason ${reason}).` };
  return { short: known[0], full: `${known[1]} (meta.inactiveReason ${reason})` };
}

/**
 * Why a bookmaker has no entry; null when it has one. Missing legs are named in words
 * (`labelOf`: fixture · market · selection), never by their oddsIds alone.
 */
export function noEntryReason(quote: BookmakerQuote, kind: 'accumulator' | 'sgp', labelOf: (oddsId: string) => string): QuoteReason | null {
  const entry = kind === 'accumulator' ? quote.accumulator : quote.sgp;
  if (entry !== null) return null;
  if (quote.missing.length > 0) {
    const n = quote.missing.length;
    return {
      short: `${String(n)} of ${String(quote.legs.length)} legs not quoted`,
      full: `This bookmaker does not quote ${quote.missing.map(labelOf).join('; ')} (listed in missingOddsIds), so it has no parlay price.`,
    };
  }
  return kind === 'sgp'
    ? {
        short: 'no correlated price available',
        full: "The bookmaker's SGP pricing could not resolve these legs (an empty sgp): the accumulator beside it is the uncorrelated price.",
      }
    : { short: 'no price returned', full: 'The service returned no accumulator entry for this bookmaker.' };
}

/** The highest active price of each kind across the quotes; null when none is active (an inactive price cannot be taken). */
export function bestPrices(quotes: Iterable<BookmakerQuote>): { readonly accumulator: number | null; readonly sgp: number | null } {
  let accumulator: number | null = null;
  let sgp: number | null = null;
  for (const quote of quotes) {
    if (quote.accumulator?.active === true && (accumulator === null || quote.accumulator.price > accumulator)) accumulator = quote.accumulator.price;
    if (quote.sgp?.active === true && (sgp === null || quote.sgp.price > sgp)) sgp = quote.sgp.price;
  }
  return { accumulator, sgp };
}
