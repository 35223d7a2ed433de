// GET /{lang}/fixtures/odds/sgp (spec 4.1): one correlated same-game parlay per bookmaker, priced
// by that bookmaker's SGP backend from its own no-vig legs and the model's dependence structure,
// on ONE fixture view. The
// order in which its errors and states are decided is the table of docs/api-parlay-sgp.md.
import type { SgpEntry } from '../../../src/wire/rest-schemas.ts';
import type { KnownInactiveReason } from '../../../src/wire/rest-schemas.ts';
import { SimulatedSgpBackends, requestJointPricing } from '../../sgp/backends.ts';
import type { JointPricing, SgpAnswer, SgpBackend, SgpQuoteRequest } from '../../sgp/backends.ts';
import {
  activePriceFields,
  fixtureOver,
  inactiveEntry,
  legStateReason,
  legsChangedAt,
  legsSinglesPrice,
  metaOnFixture,
  oddsOnFixture,
  plainView,
  resolveLegs,
} from '../../sgp/legs.ts';
import type { BookParlay } from '../../sgp/legs.ts';
import type { HeldFixture, ParlayDataPort, SgpKnobs } from '../../sgp/port.ts';
import type { ApiHandler } from '../app.ts';
import { ApiError, ERROR_CODE, invalidFilters, notFound } from '../errors.ts';
import { legsParam } from '../query.ts';
import { entitlementOf, requireFixturesEntitled, requireLegsEntitled } from './parlay.ts';

/** How long the endpoint waits for one bookmaker's SGP backend before `sgp_fetch_failed`. */
export const SGP_FETCH_TIMEOUT_MS = 1500;

export interface SgpRouteDeps {
  readonly port: ParlayDataPort;
  /** Read on every request: SGP enabled (else 501), pricing service reachable (else 502), per-book faults. */
  readonly knobs: SgpKnobs;
  /** The bookmakers' SGP backends; the simulated ones over `port` and `knobs` by default. */
  readonly backend?: SgpBackend;
  readonly fetchTimeoutMs?: number;
  /** Told of a backend that threw (its bookmaker then gets no entry, spec 4.1 rule 4). */
  readonly onBackendError?: (bookmaker: string, error: unknown) => void;
}

/** What one bookmaker contributes: an entry, nothing (rule 4), or missing legs (rule 3). */
type BookOutcome = { readonly kind: 'entry'; readonly entry: SgpEntry } | { readonly kind: 'none' } | { readonly kind: 'missing'; readonly oddsIds: readonly string[] };

async function askWithDeadline(backend: SgpBackend, request: SgpQuoteRequest, timeoutMs: number): Promise<SgpAnswer | 'timeout'> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => {
      resolve('timeout');
    }, timeoutMs);
  });
  try {
    return await Promise.race([backend.quote(request, controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
    // Frees a stalled backend once the answer (or the deadline) is in.
    controller.abort();
  }
}

/**
 * Why the book will not price these legs before asking its backend, in precedence order:
 * `sgp_unsupported` (no SGP at this book, or not on these legs: fewer than 2, more than its
 * maximum, a player prop it does not combine), `fixture_ended`, then the leg states shared with
 * /parlay (`bookmaker_suspended`, `market_closed`, `leg_suspended`).
 */
function reasonBeforePricing(
  port: ParlayDataPort,
  book: BookParlay,
  fixture: HeldFixture,
  fixtures: ReadonlyMap<string, HeldFixture | undefined>,
): KnownInactiveReason | null {
  const terms = book.profile?.sgp ?? null;
  if (
    terms === null ||
    book.legs.length < 2 ||
    book.legs.length > terms.maxLegs ||
    (!terms.allowsPlayerProps && book.legs.some((leg) => leg.playerId !== 0))
  ) {
    return 'sgp_unsupported';
  }
  if (fixtureOver(fixture)) return 'fixture_ended';
  return legStateReason(port, book, fixtures);
}

export function sgpHandler(deps: SgpRouteDeps): ApiHandler {
  const { port, knobs } = deps;
  const backend = deps.backend ?? new SimulatedSgpBackends(port, knobs);
  const timeoutMs = deps.fetchTimeoutMs ?? SGP_FETCH_TIMEOUT_MS;

  async function outcomeOf(
    book: BookParlay,
    fixture: HeldFixture,
    fixtures: ReadonlyMap<string, HeldFixture | undefined>,
    pricing: JointPricing,
  ): Promise<BookOutcome> {
    if (book.missing.length > 0) return { kind: 'missing', oddsIds: book.missing };
    const reason = reasonBeforePricing(port, book, fixture, fixtures);
    const profile = book.profile;
    const terms = profile?.sgp ?? null;
    if (reason !== null || profile === undefined || terms === null) {
      return { kind: 'entry', entry: inactiveEntry(book.bookmaker, reason ?? 'sgp_unsupported', book.found) };
    }
    let answer: SgpAnswer | 'timeout';
    try {
      answer = await askWithDeadline(
        backend,
        {
          fixtureId: fixture.view.fixtureId,
          parlayId: book.parlayId,
          profile,
          terms,
          bookmakerFixtureId: port.bookmakerMeta(fixture.view.fixtureId, book.bookmaker)?.bookmakerFixtureId ?? null,
          legs: book.found,
          bookOdds: port.odds(fixture.view.fixtureId, book.bookmaker) ?? {},
          pricing,
        },
        timeoutMs,
      );
    } catch (error) {
      deps.onBackendError?.(book.bookmaker, error);
      return { kind: 'none' };
    }
    if (answer === 'timeout') return { kind: 'entry', entry: inactiveEntry(book.bookmaker, 'sgp_fetch_failed', book.found) };
    switch (answer.kind) {
      case 'unresolved':
        return { kind: 'none' };
      case 'not_combinable':
        return { kind: 'entry', entry: inactiveEntry(book.bookmaker, 'not_combinable', book.found) };
      case 'quoted': {
        const { quote } = answer;
        return {
          kind: 'entry',
          entry: {
            bookmaker: book.bookmaker,
            active: true,
            ...activePriceFields(quote.price),
            singlesPrice: legsSinglesPrice(book.found),
            changedAt: legsChangedAt(book.found),
            ...(quote.limit === null ? {} : { limit: quote.limit }),
            bookmakerParlayId: quote.bookmakerParlayId,
            bookmakerChangedAt: quote.bookmakerChangedAt,
            betslip: quote.betslip,
            // Extension field (docs/api-parlay-sgp.md): the book's fair joint probability (its no-vig
            // legs joined by the model's structure), so a client can split the gap to the no-vig
            // legs into correlation and this book's margin.
            meta: {
              fairJointProbability: 1 / quote.fairPrice,
              ...(quote.offers === null ? {} : { offers: [...quote.offers] }),
            },
          },
        };
      }
    }
  }

  return async (query, request) => {
    const legs = legsParam(query);
    const fixtureIds = [...new Set(legs.map((leg) => leg.fixtureId))];
    const [fixtureId] = fixtureIds;
    if (fixtureId === undefined || fixtureIds.length > 1) throw invalidFilters('oddsIds must share one fixture.');
    const entitlement = entitlementOf(request);
    requireLegsEntitled(entitlement, legs);
    const { fixtures, books } = resolveLegs(port, legs, request.lang);
    requireFixturesEntitled(entitlement, fixtures);
    if (!knobs.sgpEnabled) {
      throw new ApiError(501, ERROR_CODE.notEnabled, 'SGP pricing is not enabled for this endpoint.');
    }
    if (knobs.backendUnreachable) {
      throw new ApiError(502, ERROR_CODE.badGateway, 'The SGP pricing service is unreachable; retry later or use /fixtures/odds/parlay.');
    }
    const fixture = fixtures.get(fixtureId);
    if (fixture === undefined) {
      if (!port.wasIssued(fixtureId)) {
        throw new ApiError(502, ERROR_CODE.badGateway, `The SGP pricing service failed to price fixture ${fixtureId}.`);
      }
      throw notFound(`The SGP pricing service reports fixture ${fixtureId} as unknown.`);
    }

    const pricing = requestJointPricing(port);
    const outcomes = await Promise.all(books.map((book) => outcomeOf(book, fixture, fixtures, pricing)));
    const sgp: Record<string, Record<string, SgpEntry>> = {};
    const missing: string[] = [];
    books.forEach((book, i) => {
      const outcome = outcomes[i];
      if (outcome?.kind === 'entry') sgp[book.bookmaker] = { [book.parlayId]: outcome.entry };
      else if (outcome?.kind === 'missing') missing.push(...outcome.oddsIds);
    });
    missing.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      ...plainView(fixture.view),
      bookmakers: metaOnFixture(port, books, fixtureId),
      odds: oddsOnFixture(books, fixtureId),
      ...(missing.length > 0 ? { missingOddsIds: missing } : {}),
      sgp,
    };
  };
}
