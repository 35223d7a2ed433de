// GET /{lang}/fixtures/odds/parlay (spec 4.2): an accumulator per bookmaker, priced locally as the
// product of its legs (no correlation), returned on an array of fixture views, one per fixture a
// leg names. Also the entitlement checks /sgp shares (spec 5.8: a leg outside the key fails all).
import type { ParsedOddsId } from '../../../src/domain/ids.ts';
import { roundParlayPrice, singlesPrice } from '../../../src/domain/parlay.ts';
import type { ParlayEntry } from '../../../src/wire/rest-schemas.ts';
import type { HeldFixture, ParlayDataPort } from '../../sgp/port.ts';
import {
  activePriceFields,
  inactiveEntry,
  legStateReason,
  legsChangedAt,
  metaOnFixture,
  oddsOnFixture,
  plainView,
  resolveLegs,
} from '../../sgp/legs.ts';
import type { ApiHandler } from '../app.ts';
import { notAllowed } from '../errors.ts';
import type { Entitlement } from '../keys.ts';
import { legsParam } from '../query.ts';
import { entitlementOf, requireBookmaker, requireTournament } from '../scope.ts';

export { entitlementOf };

export interface ParlayRouteDeps {
  readonly port: ParlayDataPort;
}

/**
 * Fails the whole request (403) when a leg's sport, tournament or bookmaker is outside the key.
 * Read from the ids themselves (the fixtureId carries sport and tournament), so it is decided
 * before anything is looked up: an excluded leg is never reported as missing instead.
 */
export function requireLegsEntitled(entitlement: Entitlement, legs: readonly ParsedOddsId[]): void {
  for (const leg of legs) {
    requireTournament(entitlement, leg.fixture.sportId, leg.fixture.tournamentId);
    requireBookmaker(entitlement, leg.bookmaker);
  }
}

/** Fails the whole request (403) when a held fixture's phase (live or pre-game) is outside the key. */
export function requireFixturesEntitled(entitlement: Entitlement, fixtures: ReadonlyMap<string, HeldFixture | undefined>): void {
  for (const [fixtureId, fixture] of fixtures) {
    if (fixture === undefined) continue;
    if (!entitlement.allowsEvent(fixture.sportId, fixture.tournamentId, fixture.live)) {
      throw notAllowed(`This API key is not entitled to ${fixture.live ? 'live' : 'pre-game'} fixture ${fixtureId}.`);
    }
  }
}

/**
 * One bookmaker's accumulator entry: `price` is the product of the leg prices rounded for the
 * wire and `singlesPrice` the same number (spec 4.2: they are equal while active).
 */
function accumulatorEntry(
  port: ParlayDataPort,
  book: ReturnType<typeof resolveLegs>['books'][number],
  fixtures: ReturnType<typeof resolveLegs>['fixtures'],
): ParlayEntry {
  const reason = legStateReason(port, book, fixtures);
  if (reason !== null) return inactiveEntry(book.bookmaker, reason, book.found);
  const price = roundParlayPrice(singlesPrice(book.found.map(({ entry }) => entry.price)));
  return {
    bookmaker: book.bookmaker,
    active: true,
    ...activePriceFields(price),
    singlesPrice: price,
    changedAt: legsChangedAt(book.found),
  };
}

/** The fixtureId of a (validated) oddsId: its first segment. */
function fixtureIdOf(oddsId: string): string {
  return oddsId.slice(0, oddsId.indexOf(':'));
}

function byCodeUnit(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

export function parlayHandler(deps: ParlayRouteDeps): ApiHandler {
  const { port } = deps;
  return (query, request) => {
    const legs = legsParam(query);
    const entitlement = entitlementOf(request);
    requireLegsEntitled(entitlement, legs);
    const { fixtures, books } = resolveLegs(port, legs, request.lang);
    requireFixturesEntitled(entitlement, fixtures);

    // Legs of a fixture the store does not have belong to no view: every view lists them.
    const orphans = books.flatMap((b) => b.missing.filter((id) => fixtures.get(fixtureIdOf(id)) === undefined));
    const entries = new Map<string, ParlayEntry>();
    for (const book of books) if (book.missing.length === 0) entries.set(book.bookmaker, accumulatorEntry(port, book, fixtures));

    const views: Record<string, unknown>[] = [];
    for (const [fixtureId, fixture] of fixtures) {
      if (fixture === undefined) continue;
      const missing = books.flatMap((b) => b.missing.filter((id) => fixtureIdOf(id) === fixtureId));
      const parlay: Record<string, Record<string, ParlayEntry>> = {};
      for (const book of books) {
        const entry = entries.get(book.bookmaker);
        if (entry !== undefined && book.fixtureIds.includes(fixtureId)) parlay[book.bookmaker] = { [book.parlayId]: entry };
      }
      const allMissing = [...missing, ...orphans].sort(byCodeUnit);
      views.push({
        ...plainView(fixture.view),
        bookmakers: metaOnFixture(port, books, fixtureId),
        odds: oddsOnFixture(books, fixtureId),
        ...(allMissing.length > 0 ? { missingOddsIds: allMissing } : {}),
        parlay,
      });
    }
    return views;
  };
}
