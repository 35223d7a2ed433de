// The narrow data interface of the /fixtures/odds/parlay and /fixtures/odds/sgp endpoints, and
// the SGP fault knobs: the routes never reach into the simulator, only through these.
import type { Lang } from '../catalogue/types.ts';
import type { BookmakerProfile } from '../catalogue/types.ts';
import type { JointPrice, SubsetWinProbabilities, WinProbability } from '../pricing/fixture-pricer.ts';
import type { WorkBudget } from '../pricing/joint-states.ts';
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../../src/wire/shared-schemas.ts';

/** A fixture the service holds: its plain view (spec 2.2, without odds and bookmakers) and its state. */
export interface HeldFixture {
  /** The view in `lang` (translated fields in that language where a translation exists). */
  readonly view: FixtureView;
  readonly sportId: number;
  readonly tournamentId: number;
  /** Spec 3: 0 Pre-Game, 1 Live, 2 Finished, 3 Cancelled. */
  readonly statusId: number;
  readonly live: boolean;
  /** When it finished or was cancelled (epoch ms); null while it is not over. */
  readonly endedAt: number | null;
}

/** One leg as the pricing service sees it: the selection, without the bookmaker. */
export interface LegRef {
  readonly outcomeId: number;
  readonly playerId: number;
}

/**
 * Everything the two endpoints read. Every method is synchronous and cheap except
 * `jointFairPrice` and `winProbability`, which run the fixture's model (milliseconds for a few legs).
 */
export interface ParlayDataPort {
  /**
   * The fixture, while the service's store has it (pre-game, live, and finished or cancelled
   * until purged by retention); undefined for an id never issued or already purged.
   */
  fixture(fixtureId: string, lang: Lang): HeldFixture | undefined;
  /**
   * True when the service ever published this fixtureId, even if it was purged since; false for
   * a fabricated id. Separates /sgp's 404 (purged: the pricing service reports it unknown) from
   * its 502 (a fabricated id the pricing service cannot even address).
   */
  wasIssued(fixtureId: string): boolean;
  /** The bookmaker's current entries on the fixture, oddsId → entry (read only; not kept). */
  odds(fixtureId: string, bookmaker: string): Readonly<Record<string, OddsEntry>> | undefined;
  /** The bookmaker's metadata on the fixture (spec 2.4), undefined when it does not cover it. */
  bookmakerMeta(fixtureId: string, bookmaker: string): BookmakerFixtureMeta | undefined;
  /** The bookmaker's profile (its `sgp` terms included); undefined for a slug the service does not have. */
  bookmakerProfile(slug: string): BookmakerProfile | undefined;
  /**
   * The model's joint fair price of the legs (the fixture's current model: pre-match or in
   * play), each leg at its fair price; 'unknown_fixture' when the pricing service has no model
   * for the fixture.
   */
  jointFairPrice(fixtureId: string, legs: readonly LegRef[]): JointPrice | 'unknown_fixture';
  /**
   * The model's probability that every leg wins (a push is not a win), with which legs can
   * push; 'unknown_fixture' when the pricing service has no model for the fixture. The SGP
   * backends build each book's joint from it (docs/api-parlay-sgp.md, "Prices"). `budget` bounds
   * the work (one budget for every joint of an SGP); a `joint_too_large` answer is not remembered.
   */
  winProbability(fixtureId: string, legs: readonly LegRef[], budget?: WorkBudget): WinProbability | 'unknown_fixture';
  /**
   * P(every leg of S wins) for every subset S of the legs, by bit mask, in one call
   * (`FixturePricer.subsetWinProbabilities`): what the SGP fit reads. A port without it is asked
   * `winProbability` once per subset.
   */
  subsetWinProbabilities?(fixtureId: string, legs: readonly LegRef[], budget?: WorkBudget): SubsetWinProbabilities | 'unknown_fixture';
  /** Epoch milliseconds (the simulator's clock). */
  now(): number;
}

/**
 * Fault and feature knobs of SGP pricing, read on every request (the lead wires them to the
 * admin API; mutate the object or its sets in place).
 */
export interface SgpKnobs {
  /** False: /sgp answers 501 (SGP pricing not enabled for the endpoint). */
  sgpEnabled: boolean;
  /** True: the pricing service is unreachable, /sgp answers 502. */
  backendUnreachable: boolean;
  /** These bookmakers' SGP backends stall past the fetch timeout: `sgp_fetch_failed`. */
  readonly fetchFailedBookmakers: Set<string>;
  /** These bookmakers' SGP backends answer "rate limited": no entry, no missingOddsIds (spec 4.1 rule 4). */
  readonly rateLimitedBookmakers: Set<string>;
}

/** Knobs in their normal state: SGP enabled, nothing failing. */
export function defaultSgpKnobs(): SgpKnobs {
  return { sgpEnabled: true, backendUnreachable: false, fetchFailedBookmakers: new Set(), rateLimitedBookmakers: new Set() };
}
