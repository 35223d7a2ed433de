// Pre-match information (issue 19): before kick-off a fixture's strength moves as news arrives
// (injury reports, the confirmed lineups, money from informed bettors), and the opening line
// carries an error of its own that the market corrects as it learns. Both are drawn once per
// fixture from its own random stream over its pre-match life, as a path in time: the same path
// whether the simulator steps through it tick by tick, coarsely while seeding the past, or in the
// calibration run. The match is played from where the path ends, the kick-off strength.
import type { Rng } from '../pricing/rng.ts';

export type InformationKind = 'team-news' | 'lineups' | 'market';

/** One piece of information: when the sharp book learns it, and the market's view after it. */
export interface InformationEvent {
  readonly atMs: number;
  readonly kind: InformationKind;
  /** Participant 1's strength shift (log scale) the market prices once this is known. */
  readonly drift: number;
}

/** A fixture's pre-match information, from its opening to its kick-off. */
export interface InformationPath {
  readonly openMs: number;
  readonly kickOffMs: number;
  /** The market's view at the opening: the opening error alone (nothing is known yet). */
  readonly openingDrift: number;
  /** By time; the last one's `drift` is the kick-off strength (no opening error left). */
  readonly events: readonly InformationEvent[];
  /** When the lineups are confirmed (an hour before kick-off, or half-way through a shorter life). */
  readonly lineupsAtMs: number;
}

/**
 * Standard deviation (log-strength `d` of `service/sim/pricing-adapter.ts`) of everything the
 * market learns between opening and kick-off, per sport. Each is about 4.5 points of implied
 * probability of participant 1 winning, by the sport's own sensitivity near even (soccer 1X2
 * home ≈ 0.27 per unit of d, tennis ≈ 0.69, basketball ≈ 0.33, baseball ≈ 0.44, American
 * football ≈ 0.38, ice hockey ≈ 0.30, esports ≈ 0.45): a median open → kick-off move of about
 * 3 points, the size of real pre-match moves in the main leagues.
 */
export const INFORMATION_SD: Readonly<Record<number, number>> = { 10: 0.17, 11: 0.14, 12: 0.065, 13: 0.1, 14: 0.12, 15: 0.15, 83: 0.1 };
const DEFAULT_INFORMATION_SD = 0.12;
/** Share of that variance that is the opening's own error (corrected as information arrives). */
const OPENING_ERROR_SHARE = 0.4;
/** Shares of the rest (what really changes the strength): lineups, team news, informed money. */
const LINEUPS_SHARE = 0.3;
const TEAM_NEWS_SHARE = 0.2;
const MARKET_SHARE = 0.5;
/** One piece of informed money every ~20 minutes at quote rate 1 (`--quote-rate` multiplies it). */
export const MARKET_EVENT_EVERY_MS = 20 * 60_000;
const MIN_MARKET_EVENTS = 6;
const MAX_MARKET_EVENTS = 400;
/** Lineups are confirmed this long before kick-off. */
const LINEUPS_BEFORE_MS = 3_600_000;
/** Nothing new arrives in the last minute: the books (lags up to 20 s) close on the kick-off strength. */
const QUIET_BEFORE_KICK_OFF_MS = 60_000;

/** Draws a fixture's information path over `[openMs, kickOffMs]`. */
export function drawInformation(rng: Rng, sportId: number, openMs: number, kickOffMs: number, quoteRate = 1): InformationPath {
  const life = Math.max(0, kickOffMs - QUIET_BEFORE_KICK_OFF_MS - openMs);
  const sd = INFORMATION_SD[sportId] ?? DEFAULT_INFORMATION_SD;
  const truthVariance = sd * sd * (1 - OPENING_ERROR_SHARE);
  const openingError = rng.normal(0, sd * Math.sqrt(OPENING_ERROR_SHARE));
  const at = (u: number): number => openMs + Math.floor(life * u);
  const steps: { atMs: number; kind: InformationKind; step: number }[] = [];
  const lineupsAtMs = Math.min(Math.max(kickOffMs - LINEUPS_BEFORE_MS, at(0.5)), kickOffMs - QUIET_BEFORE_KICK_OFF_MS);
  steps.push({ atMs: lineupsAtMs, kind: 'lineups', step: rng.normal(0, Math.sqrt(truthVariance * LINEUPS_SHARE)) });
  const reports = rng.int(1, 2);
  for (let i = 0; i < reports; i++) {
    steps.push({ atMs: at(0.05 + 0.85 * rng.next()), kind: 'team-news', step: rng.normal(0, Math.sqrt((truthVariance * TEAM_NEWS_SHARE) / reports)) });
  }
  const count = Math.max(MIN_MARKET_EVENTS, Math.min(MAX_MARKET_EVENTS, Math.round((life * Math.max(0, quoteRate)) / MARKET_EVENT_EVERY_MS)));
  for (let i = 0; i < count; i++) {
    // Money arrives late: denser towards kick-off (density 2u over the life).
    steps.push({ atMs: at(Math.sqrt(rng.next())), kind: 'market', step: rng.normal(0, Math.sqrt((truthVariance * MARKET_SHARE) / count)) });
  }
  steps.sort((a, b) => a.atMs - b.atMs);
  let truth = 0;
  const events = steps.map(({ atMs, kind, step }, index): InformationEvent => {
    truth += step;
    // The market corrects its opening error a little with every piece of news, fully by the last.
    return { atMs, kind, drift: truth + openingError * (1 - (index + 1) / steps.length) };
  });
  return { openMs, kickOffMs, openingDrift: openingError, events, lineupsAtMs };
}

/** How many of the path's events are known at `tMs`. */
export function eventsKnownAt(path: InformationPath, tMs: number): number {
  let lo = 0;
  let hi = path.events.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((path.events[mid]?.atMs ?? Number.POSITIVE_INFINITY) <= tMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The market's view of participant 1's strength shift at `tMs` (the kick-off strength from the last event on). */
export function driftAt(path: InformationPath, tMs: number): number {
  const known = eventsKnownAt(path, tMs);
  return known === 0 ? path.openingDrift : (path.events[known - 1]?.drift ?? path.openingDrift);
}

/** The strength the match is played from: the market's view once everything is known. */
export function kickOffDrift(path: InformationPath): number {
  return path.events[path.events.length - 1]?.drift ?? path.openingDrift;
}
