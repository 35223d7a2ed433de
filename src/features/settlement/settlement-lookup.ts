// The settlement lookup's logic, React-free: what was pasted (oddsIds, a parlayId or selection
// keys), each leg's grade recomputed with the domain grader, the price in force at a moment from
// the recorded history, and the parlay's payout for a stake.
import { IdError, parseFixtureId, parseOddsId, parseSelectionKey, splitIdList } from '../../domain/ids.ts';
import { settleTicket, TicketError, type TicketSettlement } from '../../domain/ticket.ts';
import { gradeSelection, scoreForPeriod, SettlementError, voidSelection, type SettlementResult } from '../../domain/settlement.ts';
import type { FixtureView } from '../../wire/shared-schemas.ts';
import type { FixtureHistoricalOddsResponse, HistoricalOddsEntry, SettledSelection, SettlementResponse } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { isCancelled, isOver } from '../../wire/status.ts';

/** One looked-up leg: a selection, with its bookmaker when an oddsId was pasted. */
export interface LookupLeg {
  readonly input: string;
  readonly selectionKey: string;
  readonly fixtureId: string;
  readonly outcomeId: number;
  readonly playerId: number;
  /** Null for a selection key (no bookmaker, so no price of its own). */
  readonly oddsId: string | null;
  readonly bookmaker: string | null;
}

/** At most this many legs in one lookup (the parlay endpoints' limit). */
export const MAX_LOOKUP_LEGS = 20;

/**
 * Reads pasted text: one or more oddsIds (a parlayId is a list of them) or selection keys,
 * separated by commas and/or whitespace. Each bad id is named with what is wrong with it.
 */
export function parseLookup(text: string): { readonly ok: true; readonly legs: readonly LookupLeg[] } | { readonly ok: false; readonly errors: readonly string[] } {
  const ids = [...new Set(splitIdList(text))];
  if (ids.length === 0) return { ok: false, errors: ['Paste an oddsId, a selection key or a parlayId.'] };
  if (ids.length > MAX_LOOKUP_LEGS) return { ok: false, errors: [`That is ${String(ids.length)} ids: look up at most ${String(MAX_LOOKUP_LEGS)} at a time.`] };
  const legs: LookupLeg[] = [];
  const errors: string[] = [];
  for (const input of ids) {
    const segments = input.split(':').length;
    try {
      if (segments === 3) {
        const s = parseSelectionKey(input);
        legs.push({ input, selectionKey: s.selectionKey, fixtureId: s.fixtureId, outcomeId: s.outcomeId, playerId: s.playerId, oddsId: null, bookmaker: null });
      } else {
        const o = parseOddsId(input);
        const selectionKey = `${o.fixtureId}:${String(o.outcomeId)}:${String(o.playerId)}`;
        legs.push({ input, selectionKey, fixtureId: o.fixtureId, outcomeId: o.outcomeId, playerId: o.playerId, oddsId: o.oddsId, bookmaker: o.bookmaker });
      }
    } catch (error) {
      if (!(error instanceof IdError)) throw error;
      errors.push(segments === 3 || segments === 4 ? error.message : `"${input}" is neither an oddsId ({fixtureId}:{bookmaker}:{outcomeId}:{playerId}) nor a selection key ({fixtureId}:{outcomeId}:{playerId}).`);
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, legs };
}

/** Market types graded from what the match recorded (who did it first), not from a score. */
const EVENT_GRADED_TYPES: ReadonlySet<string> = new Set(['firstblood', 'firsttower', 'racetokills', 'toqualify']);

export type DomainGrade = { readonly ok: true; readonly result: SettlementResult } | { readonly ok: false; readonly reason: string };

/**
 * The grade the domain grader (src/domain/settlement.ts) gives the service's selection on the
 * score the service graded it on, as the service does: a player prop as an Over/Under total of
 * the player's count. Void selections and event-graded markets have no score to grade.
 */
export function domainGrade(market: Market | undefined, selection: SettledSelection): DomainGrade {
  if (market === undefined) return { ok: false, reason: 'its market is not in the catalogue' };
  if (selection.score === null) return { ok: false, reason: 'no score applies (void)' };
  if (EVENT_GRADED_TYPES.has(market.marketType)) return { ok: false, reason: `${market.marketType} is settled on who did it first, not on a score` };
  const outcomeName = market.outcomes.find((o) => o.outcomeId === selection.outcomeId)?.outcomeName;
  if (outcomeName === undefined) return { ok: false, reason: `outcome ${String(selection.outcomeId)} is not in its market` };
  const graded = market.playerProp ? { marketType: 'totals', handicap: market.handicap, period: market.period } : market;
  try {
    const result = gradeSelection(graded, outcomeName, selection.score);
    return { ok: true, result: market.playerProp ? { grade: result.grade, rule: result.rule } : result };
  } catch (error) {
    if (error instanceof SettlementError) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * A settlement made here, for a service that offers no `/fixtures/settlement`: each leg of the
 * fixture graded by the domain grader on the fixture's final score (the score row of its market's
 * period), void on a cancelled fixture. Null while the fixture is neither finished nor cancelled
 * (nothing final to grade). Legs that cannot be graded from the score (an unknown market, a
 * player prop, an event-graded market, a missing period row) are left out, so they read as
 * ungraded. `settledAt` stays null: the service settled nothing; each selection carries the
 * fixture's end (or start) as the moment it was graded on.
 */
export function gradeFromFinalScore(view: FixtureView, legs: readonly LookupLeg[], marketsByOutcome: ReadonlyMap<number, Market>): SettlementResponse | null {
  const { statusId } = view.status;
  if (!isOver(statusId)) return null;
  const endedAt = view.trueEndTime === null ? view.startTime * 1000 : Date.parse(view.trueEndTime);
  const selections: SettledSelection[] = [];
  for (const leg of legs) {
    if (leg.fixtureId !== view.fixtureId || selections.some((s) => s.selectionKey === leg.selectionKey)) continue;
    const market = marketsByOutcome.get(leg.outcomeId);
    const outcomeName = market?.outcomes.find((o) => o.outcomeId === leg.outcomeId)?.outcomeName;
    if (market === undefined || outcomeName === undefined || market.playerProp || EVENT_GRADED_TYPES.has(market.marketType)) continue;
    let result: SettlementResult;
    let score: SettledSelection['score'] = null;
    try {
      if (isCancelled(statusId)) {
        result = voidSelection('fixture cancelled');
      } else {
        const final = scoreForPeriod(view.scores, market.period);
        if (final === null) continue;
        score = { participant1Score: final.participant1Score, participant2Score: final.participant2Score };
        result = gradeSelection(market, outcomeName, final);
      }
    } catch (error) {
      if (error instanceof SettlementError) continue;
      throw error;
    }
    selections.push({
      selectionKey: leg.selectionKey, marketId: market.marketId, outcomeId: leg.outcomeId, playerId: leg.playerId,
      grade: result.grade, rule: result.rule, score, settledAt: Number.isFinite(endedAt) ? endedAt : view.startTime * 1000,
    });
  }
  return { fixtureId: view.fixtureId, status: view.status, scores: view.scores, settledAt: null, selections };
}

/** The recorded prices of one oddsId, oldest first. */
export function historyOf(response: FixtureHistoricalOddsResponse | undefined, oddsId: string, bookmaker: string): HistoricalOddsEntry[] {
  const byTime = response?.odds[bookmaker]?.[oddsId];
  if (byTime === undefined) return [];
  return Object.values(byTime).sort((a, b) => a.changedAt - b.changedAt);
}

/** The price in force at `atMs` (the last recorded at or before it) and the recorded prices around it. */
export interface PriceAt {
  /** Null when nothing was recorded by then. */
  readonly inForce: HistoricalOddsEntry | null;
  /** Up to `around` entries either side of the one in force (it included). */
  readonly window: readonly HistoricalOddsEntry[];
}

export function priceAt(entries: readonly HistoricalOddsEntry[], atMs: number, around = 3): PriceAt {
  let index = -1;
  for (let i = 0; i < entries.length; i++) {
    if ((entries[i]?.changedAt ?? Number.POSITIVE_INFINITY) <= atMs) index = i;
    else break;
  }
  const from = Math.max(0, index - around);
  const to = Math.min(entries.length, Math.max(index, 0) + around + 1);
  return { inForce: index < 0 ? null : (entries[index] ?? null), window: entries.slice(from, to) };
}

/** One leg's contribution to the payout: its grade and the price it was taken at (null: unknown). */
export interface PayoutLeg {
  readonly grade: SettledSelection['grade'];
  readonly price: number | null;
}

/**
 * The ticket's payout for `stake` in `currency` (settleTicket: void and push legs removed, half
 * results halved, rounded to the currency's minor units). A price is needed only where it changes
 * the return (won, half-won); elsewhere 1 stands in.
 */
export function ticketPayout(legs: readonly PayoutLeg[], stake: number, currency: string): { readonly ok: true; readonly ticket: TicketSettlement } | { readonly ok: false; readonly reason: string } {
  if (legs.length === 0) return { ok: false, reason: 'no graded leg.' };
  const priced = [];
  for (const [i, leg] of legs.entries()) {
    const needsPrice = leg.grade === 'won' || leg.grade === 'half-won';
    if (needsPrice && (leg.price === null || !(leg.price >= 1))) return { ok: false, reason: `leg ${String(i + 1)} ${leg.grade}, and its price is unknown: enter the price taken.` };
    priced.push({ grade: leg.grade, price: leg.price !== null && leg.price >= 1 ? leg.price : 1 });
  }
  try {
    return { ok: true, ticket: settleTicket(priced, stake, currency) };
  } catch (error) {
    if (error instanceof TicketError) return { ok: false, reason: error.message };
    throw error;
  }
}

/** What a search on the desk names, read from the words a customer or agent typed. */
export type DeskSearch =
  | { readonly kind: 'legs'; readonly legs: readonly LookupLeg[] }
  | { readonly kind: 'fixture'; readonly fixtureId: string }
  | { readonly kind: 'team'; readonly name: string }
  | { readonly kind: 'invalid'; readonly errors: readonly string[] };

/**
 * Reads the desk's one search box: a shared slip URL (its `slip=` parameter), oddsIds, selection
 * keys or a parlayId (anything with a `:`), a fixtureId, or else a team name (at least 2 letters).
 */
export function classifySearch(text: string): DeskSearch {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'invalid', errors: ['Type a team name, a fixtureId, an oddsId or a shared slip URL.'] };
  const slip = /[?&]slip=([^&#\s]*)/u.exec(trimmed);
  if (slip !== null) {
    let ids: string;
    try {
      ids = decodeURIComponent(slip[1] ?? '');
    } catch {
      return { kind: 'invalid', errors: ['That slip URL is damaged: its slip= part is not readable.'] };
    }
    if (ids === '') return { kind: 'invalid', errors: ['That slip URL holds no legs.'] };
    return fromLookup(parseLookup(ids));
  }
  if (trimmed.includes(':')) return fromLookup(parseLookup(trimmed));
  if (!/\s/u.test(trimmed)) {
    try {
      parseFixtureId(trimmed);
      return { kind: 'fixture', fixtureId: trimmed };
    } catch (error) {
      if (!(error instanceof IdError)) throw error;
    }
  }
  if (trimmed.length < 2) return { kind: 'invalid', errors: ['Type at least 2 letters of a team name.'] };
  return { kind: 'team', name: trimmed };
}

function fromLookup(lookup: ReturnType<typeof parseLookup>): DeskSearch {
  return lookup.ok ? { kind: 'legs', legs: lookup.legs } : { kind: 'invalid', errors: lookup.errors };
}

/** A name folded for matching: no accents, no case, single spaces ("Atlético  Oviedo" → "atletico oviedo"). */
export function foldName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** True when a participant's name or short name contains every word typed, in any order. */
export function namesMatch(typed: string, names: readonly (string | null)[]): boolean {
  const words = foldName(typed).split(' ');
  return names.some((name) => {
    if (name === null) return false;
    const folded = foldName(name);
    return words.every((word) => folded.includes(word));
  });
}
