// The bookmakers' same-game-parlay pricing backends, simulated: each book takes its own no-vig
// leg probabilities joined by the model's dependence structure (book-joint.ts), puts its SGP
// margin on that joint probability, rounds, caps the price at its maximum and at any single it
// quotes that wins only when the parlay does, and quotes with its stake cap, its own parlay id and
// a betslip link; the exchange adds its ladder rungs. Fault knobs make a backend stall or rate-limit.
import { createHash } from 'node:crypto';
import { roundParlayPrice } from '../../src/domain/parlay.ts';
import { roundHalfAwayFromZero } from '../../src/domain/rounding.ts';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { SgpOffer } from '../../src/wire/rest-schemas.ts';
import { betslipUrl } from '../catalogue/bookmakers.ts';
import { getCatalogue } from '../catalogue/catalogue.ts';
import type { BookmakerProfile, SgpProfile } from '../catalogue/types.ts';
import { BETFAIR_LADDER } from '../pricing/quoting.ts';
import type { FoundLeg } from './legs.ts';
import type { JointPrice, SubsetWinProbabilities, WinProbability } from '../pricing/fixture-pricer.ts';
import type { WorkBudget } from '../pricing/joint-states.ts';
import { bookJoint, bookNoVig, containedSinglesCap, sgpBudget } from './book-joint.ts';
import type { QuotedSingle } from './book-joint.ts';
import { legsKey } from './model-legs.ts';
import type { LegRef, ParlayDataPort, SgpKnobs } from './port.ts';

/** What the endpoint asks one bookmaker's backend: price these legs (all held, all tradable) as one SGP. */
export interface SgpQuoteRequest {
  readonly fixtureId: string;
  readonly parlayId: string;
  readonly profile: BookmakerProfile;
  readonly terms: SgpProfile;
  /** The book's own id of the fixture (BookmakerFixtureMeta); null when it has none. */
  readonly bookmakerFixtureId: string | null;
  readonly legs: readonly FoundLeg[];
  /** The book's current entries on the fixture (its singles: the legs' markets and the caps). */
  readonly bookOdds: Readonly<Record<string, OddsEntry>>;
  /** The pricing service's joint fair price, shared by every book of one request. */
  readonly pricing: JointPricing;
}

/** The part of the port the backends price with. */
export type JointPricing = Pick<ParlayDataPort, 'jointFairPrice' | 'winProbability' | 'subsetWinProbabilities'>;

/**
 * The port's joint pricing, remembered for one request: every book of an SGP request prices the
 * same selections (only the bookmaker segment differs), and the model's joint distribution is
 * the costly part, so it is computed once per distinct set of selections.
 */
export function requestJointPricing(port: JointPricing): JointPricing {
  const joints = new Map<string, JointPrice | 'unknown_fixture'>();
  const wins = new Map<string, WinProbability | 'unknown_fixture'>();
  const subsets = new Map<string, SubsetWinProbabilities | 'unknown_fixture'>();
  const subsetsOf = port.subsetWinProbabilities?.bind(port);
  return {
    jointFairPrice(fixtureId: string, legs: readonly LegRef[]) {
      const key = `${fixtureId}|${legsKey(legs)}`;
      let price = joints.get(key);
      if (price === undefined) {
        price = port.jointFairPrice(fixtureId, legs);
        joints.set(key, price);
      }
      return price;
    },
    winProbability(fixtureId: string, legs: readonly LegRef[], budget?: WorkBudget) {
      const key = `${fixtureId}|${legsKey(legs)}`;
      let win = wins.get(key);
      if (win === undefined) {
        win = port.winProbability(fixtureId, legs, budget);
        if (win === 'unknown_fixture' || win.kind === 'priced' || win.reason !== 'joint_too_large') wins.set(key, win);
      }
      return win;
    },
    subsetWinProbabilities:
      subsetsOf === undefined
        ? undefined
        : (fixtureId: string, legs: readonly LegRef[], budget?: WorkBudget) => {
            const key = `${fixtureId}|${legsKey(legs)}`;
            let table = subsets.get(key);
            if (table === undefined) {
              table = subsetsOf(fixtureId, legs, budget);
              if (table === 'unknown_fixture' || table instanceof Float64Array || table.reason !== 'joint_too_large') subsets.set(key, table);
            }
            return table;
          },
  };
}

export interface SgpQuote {
  /** The wire price: rounded, at least 1.01. */
  readonly price: number;
  /** 1 / the book's fair joint probability (its no-vig legs joined by the model's structure). */
  readonly fairPrice: number;
  /** Maximum stake at the price; null = no stated cap (the exchange). */
  readonly limit: number | null;
  /** Exchange only: ladder rungs below the best price, best first; null for sportsbooks. */
  readonly offers: readonly SgpOffer[] | null;
  readonly bookmakerParlayId: string;
  /** The book's quote time, epoch ms. */
  readonly bookmakerChangedAt: number;
  readonly betslip: string;
}

export type SgpAnswer =
  | { readonly kind: 'quoted'; readonly quote: SgpQuote }
  /** The book offers SGPs but will not combine these legs (one market, contradictory, unpriceable). */
  | { readonly kind: 'not_combinable'; readonly detail: string }
  /** The backend cannot resolve the parlay at all (spec 4.1 rule 4): no entry for the book. */
  | { readonly kind: 'unresolved'; readonly cause: 'unknown_fixture' | 'rate_limited' | 'error'; readonly detail: string };

/** One bookmaker's SGP pricing service, as the endpoint calls it. */
export interface SgpBackend {
  /** Resolves with the book's answer; may never resolve before `signal` aborts (a stalled backend). */
  quote(request: SgpQuoteRequest, signal: AbortSignal): Promise<SgpAnswer>;
}

/** Ladder rungs an exchange shows below its best SGP price. */
export const EXCHANGE_OFFER_RUNGS = 3;
/** Each rung further down holds this share of the stake the rung above holds. */
const EXCHANGE_DEPTH_DECAY = 0.6;
/** Stake (in the exchange's currency) matched at the first rung below a parlay of probability 1. */
const EXCHANGE_DEPTH_SCALE = 1000;

/**
 * A sportsbook's SGP price: the joint fair probability with the book's SGP margin on it,
 * p·(1 + margin), as a decimal price rounded for the wire (`roundParlayPrice`).
 */
export function sportsbookSgpPrice(fairPrice: number, terms: SgpProfile): number {
  return roundParlayPrice(Math.max(1, fairPrice / (1 + terms.margin)));
}

/** The largest rung of the Betfair ladder at or below `price` (1.01 at least). */
export function ladderDown(price: number): number {
  let best = BETFAIR_LADDER[0] ?? 1.01;
  for (const rung of BETFAIR_LADDER) {
    if (rung <= price + 1e-9) best = rung;
    else break;
  }
  return best;
}

/** An exchange's best SGP back price: the margined price snapped down onto its tick ladder. */
export function exchangeSgpPrice(fairPrice: number, terms: SgpProfile): number {
  return roundParlayPrice(ladderDown(Math.max(1, fairPrice / (1 + terms.margin))));
}

/**
 * The exchange's rungs below its best price, best first, each with a smaller stake than the one
 * above: the depth at the first rung grows with the parlay's probability (backers' money goes
 * to likely parlays), then decays geometrically. Stops at the bottom of the ladder.
 */
export function exchangeOffers(bestPrice: number, impliedJointProbability: number): SgpOffer[] {
  const offers: SgpOffer[] = [];
  const below = BETFAIR_LADDER.filter((rung) => rung < bestPrice - 1e-9).reverse();
  let depth = Math.max(2, EXCHANGE_DEPTH_SCALE * impliedJointProbability);
  for (const rung of below.slice(0, EXCHANGE_OFFER_RUNGS)) {
    offers.push({ price: rung, limit: roundHalfAwayFromZero(depth, 2) });
    depth *= EXCHANGE_DEPTH_DECAY;
  }
  return offers;
}

/** The book's own id of a parlay: stable for one bookmaker and parlayId, different across books. */
export function bookmakerParlayId(profile: BookmakerProfile, parlayId: string): string {
  const hex = createHash('sha256').update(`${profile.bookmaker}\n${parlayId}`).digest('hex');
  // Exchanges number their markets ("1.234567890"); sportsbooks use opaque tokens.
  if (profile.kind === 'exchange') return `1.${String(Number.parseInt(hex.slice(0, 12), 16) % 1_000_000_000).padStart(9, '0')}`;
  return `sgp-${hex.slice(0, 24)}`;
}

/** The book's selection id of a leg: its own outcome id when the entry carries one, else outcome and player. */
function selectionOf({ leg, entry }: FoundLeg): string {
  const own = entry.bookmakerOutcomeId;
  return own === undefined ? `${String(leg.outcomeId)}-${String(leg.playerId)}` : String(own);
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface SimulatedBackendsOptions {
  /** How long a stalled backend (a book in `fetchFailedBookmakers`) takes to answer at most. */
  readonly stallMs?: number;
}

/**
 * The simulated SGP backends of every bookmaker, over the request's joint pricing. A book in
 * `knobs.rateLimitedBookmakers` answers "rate limited" at once; one in `fetchFailedBookmakers`
 * stalls (until the caller gives up, or `stallMs`) and then answers "error".
 */
export class SimulatedSgpBackends implements SgpBackend {
  private readonly port: Pick<ParlayDataPort, 'now'>;
  private readonly knobs: SgpKnobs;
  private readonly stallMs: number;

  constructor(port: Pick<ParlayDataPort, 'now'>, knobs: SgpKnobs, options: SimulatedBackendsOptions = {}) {
    this.port = port;
    this.knobs = knobs;
    this.stallMs = options.stallMs ?? 30_000;
  }

  async quote(request: SgpQuoteRequest, signal: AbortSignal): Promise<SgpAnswer> {
    const { bookmaker } = request.profile;
    if (this.knobs.rateLimitedBookmakers.has(bookmaker)) {
      return { kind: 'unresolved', cause: 'rate_limited', detail: `${bookmaker} rate-limited the SGP request` };
    }
    if (this.knobs.fetchFailedBookmakers.has(bookmaker)) {
      await sleep(this.stallMs, signal);
      return { kind: 'unresolved', cause: 'error', detail: `${bookmaker} did not answer in time` };
    }
    return this.price(request);
  }

  /** The book's quote, computed now. */
  price(request: SgpQuoteRequest): SgpAnswer {
    const { profile, terms, legs } = request;
    if (request.bookmakerFixtureId === null) {
      return { kind: 'unresolved', cause: 'unknown_fixture', detail: `${profile.bookmaker} has no id for fixture ${request.fixtureId}` };
    }
    const refs: LegRef[] = legs.map(({ leg }) => ({ outcomeId: leg.outcomeId, playerId: leg.playerId }));
    const catalogue = getCatalogue();
    const targets: number[] = [];
    for (const ref of refs) {
      const p = bookNoVig(catalogue, profile, request.fixtureId, request.bookOdds, ref);
      if (p === null) return { kind: 'not_combinable', detail: `unpriceable_leg: ${profile.bookmaker} does not quote every outcome of the market of ${String(ref.outcomeId)}` };
      targets.push(p);
    }
    const budget = sgpBudget();
    const win = (subset: readonly LegRef[], b: WorkBudget): WinProbability | 'unknown_fixture' => request.pricing.winProbability(request.fixtureId, subset, b);
    const { pricing } = request;
    // Called as a method: a port may read `this`.
    const subsets =
      pricing.subsetWinProbabilities === undefined
        ? undefined
        : (all: readonly LegRef[], b: WorkBudget): SubsetWinProbabilities | 'unknown_fixture' => pricing.subsetWinProbabilities?.(request.fixtureId, all, b) ?? 'unknown_fixture';
    const joint = bookJoint(refs, targets, win, budget, subsets);
    if (joint.kind === 'unknown_fixture') {
      return { kind: 'unresolved', cause: 'unknown_fixture', detail: `the pricing service has no model for ${request.fixtureId}` };
    }
    if (joint.kind === 'not_combinable') return { kind: 'not_combinable', detail: `${joint.reason}: ${joint.detail}` };
    const fairPrice = 1 / joint.probability;
    const exchange = profile.kind === 'exchange';
    const margined = exchange ? exchangeSgpPrice(fairPrice, terms) : sportsbookSgpPrice(fairPrice, terms);
    const cap = containedSinglesCap(refs, joint, singlesOf(request.bookOdds), margined, win, budget);
    if (typeof cap !== 'number') return { kind: 'not_combinable', detail: `${cap.kind === 'not_combinable' ? cap.reason : 'joint_too_large'}: the singles inside the parlay could not be checked` };
    const price = capPrice(margined, Math.min(cap, profile.maxPrice), exchange);
    return {
      kind: 'quoted',
      quote: {
        price,
        fairPrice,
        limit: terms.limit,
        offers: exchange ? exchangeOffers(price, joint.probability) : null,
        bookmakerParlayId: bookmakerParlayId(profile, request.parlayId),
        bookmakerChangedAt: this.port.now(),
        betslip: betslipUrl(profile, request.bookmakerFixtureId, legs.map(selectionOf)),
      },
    };
  }
}

/** The book's singles: every entry it quotes on the fixture, with its price. */
function singlesOf(bookOdds: Readonly<Record<string, OddsEntry>>): QuotedSingle[] {
  return Object.values(bookOdds).map((entry) => ({ outcomeId: entry.outcomeId, playerId: entry.playerId, price: entry.price }));
}

/**
 * The SGP price no longer than `cap` (the book's maximum price, or a single inside the parlay):
 * the cap floored to the 2-decimal parlay grid, or to the ladder at the exchange.
 */
export function capPrice(price: number, cap: number, exchange: boolean): number {
  if (price <= cap) return price;
  const floored = Math.floor(cap * 100 + 1e-9) / 100;
  return roundParlayPrice(exchange ? ladderDown(floored) : floored);
}
