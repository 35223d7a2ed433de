// The legs of a /parlay or /sgp request resolved against the data port: which fixtures they name,
// each bookmaker's parlay (its legs, found and missing), the inactive reasons both endpoints
// share, and the wire numbers of a parlay entry. Pure given the port; no HTTP here.
import { canonicalParlayId } from '../../src/domain/ids.ts';
import type { ParsedOddsId } from '../../src/domain/ids.ts';
import { decimalToAmerican, decimalToFractionalExact } from '../../src/domain/odds-format.ts';
import { roundParlayPrice, singlesPrice } from '../../src/domain/parlay.ts';
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { KnownInactiveReason } from '../../src/wire/rest-schemas.ts';
import type { BookmakerProfile, Lang } from '../catalogue/types.ts';
import type { HeldFixture, ParlayDataPort } from './port.ts';
import { isOver } from '../../src/wire/status.ts';

/**
 * How long a finished or cancelled fixture's odds stay held after its end: 6 hours, long enough
 * to settle and look back at a slip, short enough that nobody prices a long-decided game. After
 * it every leg of the fixture is expired and listed in `missingOddsIds`.
 */
export const ODDS_HOLD_MS = 6 * 60 * 60 * 1000;

/** A leg the bookmaker still holds, with its current entry (a copy, safe to serialise). */
export interface FoundLeg {
  readonly leg: ParsedOddsId;
  readonly entry: OddsEntry;
}

/** One bookmaker's part of the request: its legs form ONE parlay, keyed by `parlayId`. */
export interface BookParlay {
  readonly bookmaker: string;
  readonly profile: BookmakerProfile | undefined;
  /** Its legs in parlayId order. */
  readonly legs: readonly ParsedOddsId[];
  readonly parlayId: string;
  readonly found: readonly FoundLeg[];
  /** oddsIds of its legs that could not be found: unknown bookmaker, unknown or expired oddsId. */
  readonly missing: readonly string[];
  /** The fixtures its legs are on, in fixtureId order. */
  readonly fixtureIds: readonly string[];
}

export interface ResolvedRequest {
  /** Every fixture a leg names, in fixtureId order; undefined when the store does not have it. */
  readonly fixtures: ReadonlyMap<string, HeldFixture | undefined>;
  /** One parlay per bookmaker, in slug order. */
  readonly books: readonly BookParlay[];
}

function byCodeUnit(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** True once a fixture's hold after its end has run out: its legs are then expired. */
export function oddsExpired(fixture: HeldFixture, nowMs: number): boolean {
  return fixture.endedAt !== null && nowMs > fixture.endedAt + ODDS_HOLD_MS;
}

/** True when the fixture is over: finished or cancelled. */
export function fixtureOver(fixture: HeldFixture): boolean {
  return fixture.endedAt !== null || isOver(fixture.statusId);
}

/**
 * Looks every leg up. A leg is missing when its bookmaker is unknown, its fixture is not in the
 * store, its fixture's hold has run out, or the bookmaker has no entry under its oddsId.
 */
export function resolveLegs(port: ParlayDataPort, legs: readonly ParsedOddsId[], lang: Lang): ResolvedRequest {
  const fixtureIds = [...new Set(legs.map((l) => l.fixtureId))].sort(byCodeUnit);
  const fixtures = new Map<string, HeldFixture | undefined>();
  for (const id of fixtureIds) fixtures.set(id, port.fixture(id, lang));
  const nowMs = port.now();

  const byBook = new Map<string, ParsedOddsId[]>();
  for (const leg of legs) {
    const list = byBook.get(leg.bookmaker) ?? [];
    list.push(leg);
    byBook.set(leg.bookmaker, list);
  }
  const books: BookParlay[] = [];
  for (const bookmaker of [...byBook.keys()].sort(byCodeUnit)) {
    const bookLegs = (byBook.get(bookmaker) ?? []).slice().sort((a, b) => byCodeUnit(a.oddsId, b.oddsId));
    const profile = port.bookmakerProfile(bookmaker);
    const found: FoundLeg[] = [];
    const missing: string[] = [];
    for (const leg of bookLegs) {
      const fixture = fixtures.get(leg.fixtureId);
      const entry =
        profile === undefined || fixture === undefined || oddsExpired(fixture, nowMs)
          ? undefined
          : port.odds(leg.fixtureId, bookmaker)?.[leg.oddsId];
      if (entry === undefined) missing.push(leg.oddsId);
      else found.push({ leg, entry: { ...entry } });
    }
    books.push({
      bookmaker,
      profile,
      legs: bookLegs,
      parlayId: canonicalParlayId(bookLegs.map((l) => l.oddsId)),
      found,
      missing,
      fixtureIds: [...new Set(bookLegs.map((l) => l.fixtureId))].sort(byCodeUnit),
    });
  }
  return { fixtures, books };
}

/** The plain fixture view: without odds, bookmakers or the CLV-only `reissuedFixtureId`, whatever the port added. */
export function plainView(view: FixtureView): Record<string, unknown> {
  const { odds: _odds, bookmakers: _bookmakers, reissuedFixtureId: _reissued, ...rest } = view as FixtureView & {
    odds?: unknown;
    bookmakers?: unknown;
    reissuedFixtureId?: unknown;
  };
  return rest;
}

/** `odds` of a view: bookmaker → oddsId → entry, for the found legs on `fixtureId`. */
export function oddsOnFixture(books: readonly BookParlay[], fixtureId: string): Record<string, Record<string, OddsEntry>> {
  const odds: Record<string, Record<string, OddsEntry>> = {};
  for (const book of books) {
    for (const { leg, entry } of book.found) {
      if (leg.fixtureId !== fixtureId) continue;
      const byId = odds[book.bookmaker] ?? {};
      byId[leg.oddsId] = entry;
      odds[book.bookmaker] = byId;
    }
  }
  return odds;
}

/** `bookmakers` of a view: the metadata of the bookmakers with a leg on `fixtureId` (requested ones only). */
export function metaOnFixture(
  port: ParlayDataPort,
  books: readonly BookParlay[],
  fixtureId: string,
): Record<string, BookmakerFixtureMeta> {
  const out: Record<string, BookmakerFixtureMeta> = {};
  for (const book of books) {
    if (book.profile === undefined || !book.fixtureIds.includes(fixtureId)) continue;
    const meta = port.bookmakerMeta(fixtureId, book.bookmaker);
    if (meta !== undefined) out[book.bookmaker] = { ...meta };
  }
  return out;
}

/** The reasons shared by both endpoints, in precedence order. */
export type LegStateReason = Extract<KnownInactiveReason, 'bookmaker_suspended' | 'market_closed' | 'leg_suspended'>;

/**
 * Why a bookmaker's parlay cannot be traded from the state of its legs, or null: first
 * `bookmaker_suspended` (the book is suspended on an involved fixture), then `market_closed` (a
 * leg's market is closed, or its fixture is over), then `leg_suspended` (a leg is inactive).
 * The widest cause wins: a suspended book closes every market, a closed market every leg.
 */
export function legStateReason(port: ParlayDataPort, book: BookParlay, fixtures: ReadonlyMap<string, HeldFixture | undefined>): LegStateReason | null {
  for (const fixtureId of book.fixtureIds) {
    if (port.bookmakerMeta(fixtureId, book.bookmaker)?.suspended === true) return 'bookmaker_suspended';
  }
  for (const { leg, entry } of book.found) {
    const fixture = fixtures.get(leg.fixtureId);
    if (!entry.marketActive || (fixture !== undefined && fixtureOver(fixture))) return 'market_closed';
  }
  if (book.found.some(({ entry }) => !entry.active)) return 'leg_suspended';
  return null;
}

/** `singlesPrice` of a parlay: the naive product of the leg prices, rounded like every parlay price. */
export function legsSinglesPrice(found: readonly FoundLeg[]): number {
  return roundParlayPrice(singlesPrice(found.map(({ entry }) => entry.price)));
}

/** `changedAt` of a parlay entry: the latest change among its legs. */
export function legsChangedAt(found: readonly FoundLeg[]): number {
  let latest = 0;
  for (const { entry } of found) latest = Math.max(latest, entry.changedAt);
  return latest;
}

/** The price fields of an active entry, from its wire (already rounded) price. */
export function activePriceFields(price: number): { price: number; priceFractional: string; priceAmerican: number | null } {
  return { price, priceFractional: decimalToFractionalExact(price), priceAmerican: decimalToAmerican(price) };
}

/** An inactive entry (spec 3): stake back, `singlesPrice` still shown, the reason in `meta`. */
export function inactiveEntry(
  bookmaker: string,
  reason: KnownInactiveReason,
  found: readonly FoundLeg[],
): { bookmaker: string; active: false; price: 1; singlesPrice: number; changedAt: number; meta: { inactiveReason: KnownInactiveReason } } {
  return {
    bookmaker,
    active: false,
    price: 1,
    singlesPrice: legsSinglesPrice(found),
    changedAt: legsChangedAt(found),
    meta: { inactiveReason: reason },
  };
}
