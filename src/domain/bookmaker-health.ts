// Whether a bookmaker's prices on a fixture can be trusted right now, from its
// BookmakerFixtureMeta (spec 2.4), the changedAt of its prices (spec 2.3) and its freshness bounds
// (spec 4.10), with the reasons as data. Stale only on evidence (docs/domain.md, "Staleness").
import type { BookmakerFixtureMeta, FixtureBookmakers } from '../wire/shared-schemas.ts';
import type { Bookmaker } from '../wire/reference-schemas.ts';

/**
 * The delivery mode whose freshness bound applies (spec 4.10: `maxDelayLiveInSec`,
 * `maxDelayPregameInSec`, `maxDelayPregameMainInSec`, "maximum expected refresh delay per
 * delivery mode"): `live` for a fixture in play, `pregame` for a pre-game fixture with all its
 * markets, `pregameMain` for a pre-game view of main lines only (spec 4.3).
 */
export type DeliveryMode = 'live' | 'pregame' | 'pregameMain';

/** A bookmaker's freshness bounds in seconds (a `GET /bookmakers` record fits); null: no such mode. */
export type FreshnessBounds = Pick<Bookmaker, 'maxDelayLiveInSec' | 'maxDelayPregameInSec' | 'maxDelayPregameMainInSec'>;

/** Why a bookmaker is marked, as data: the UI words it. Listed in this order when several apply. */
export type HealthReason =
  | { readonly code: 'suspended' }
  | { readonly code: 'staleOdds'; readonly responseCode: BookmakerFixtureMeta['staleOddsResponseCode'] }
  | {
      readonly code: 'updatedAtOverdue';
      /** now − the latest of updatedAt and its prices' changedAt, in ms. */
      readonly ageMs: number;
      readonly boundSec: number;
      readonly mode: DeliveryMode;
    }
  | { readonly code: 'updatedAtUnreadable'; readonly updatedAt: string }
  | { readonly code: 'participantsRotated' };

export type HealthReasonCode = HealthReason['code'];

/** One bookmaker's state on one fixture. */
export interface BookmakerHealth {
  readonly bookmaker: string;
  /** `meta.suspended`: the book takes no bets on the fixture. */
  readonly suspended: boolean;
  /** Its prices may not be current, on evidence only: see {@link isStaleOnEvidence}. */
  readonly stale: boolean;
  /** The book lists the participants the other way round (its participant 1 is our 2). */
  readonly participantsRotated: boolean;
  /** `updatedAt` in epoch ms; null when it is not a real instant. */
  readonly updatedAtMs: number | null;
  /** now − updatedAt in ms (negative when the server's clock is ahead); null when unreadable. */
  readonly ageMs: number | null;
  /** The bound applied, in seconds; null when the book has no bound for the mode or none is known. */
  readonly boundSec: number | null;
  readonly mode: DeliveryMode;
  /** Empty when the book is healthy. */
  readonly reasons: readonly HealthReason[];
}

/**
 * The delivery mode for a fixture: `live` in play, else `pregameMain` when only main lines are
 * shown and `pregame` otherwise.
 */
export function deliveryModeOf(live: boolean, mainLinesOnly = false): DeliveryMode {
  if (live) return 'live';
  return mainLinesOnly ? 'pregameMain' : 'pregame';
}

/**
 * The freshness bound of a delivery mode in seconds, or null when the bookmaker has none. A book
 * with no separate main-lines bound delivers its main lines in its pre-game mode, so
 * `pregameMain` falls back to `maxDelayPregameInSec`; a book with no live bound (no live
 * delivery) has no bound in play.
 */
export function freshnessBound(bounds: FreshnessBounds, mode: DeliveryMode): number | null {
  switch (mode) {
    case 'live':
      return bounds.maxDelayLiveInSec;
    case 'pregame':
      return bounds.maxDelayPregameInSec;
    case 'pregameMain':
      return bounds.maxDelayPregameMainInSec ?? bounds.maxDelayPregameInSec;
    default: {
      const unknown: never = mode;
      throw new RangeError(`unknown delivery mode ${String(unknown)}`);
    }
  }
}

/** What tells whether a bookmaker's prices on one fixture are current. */
export interface FreshnessEvidence {
  /** `meta.staleOdds` (spec 2.4): the bookmaker says its connectivity is degraded. */
  readonly staleOdds: boolean;
  /** `meta.updatedAt` in epoch ms; null when there is none or it is not a real instant. */
  readonly updatedAtMs: number | null;
  /** The latest `changedAt` of its prices on the fixture, epoch ms; null when none is held. */
  readonly lastChangedAtMs: number | null;
  /** The freshness bound of the delivery mode, seconds; null when unknown or the book has none. */
  readonly boundSec: number | null;
}

/**
 * ms since the latest sign of life of a bookmaker on a fixture — its meta's `updatedAt` or any of
 * its prices' `changedAt` — or null when there is neither (no data yet).
 */
export function evidenceAgeMs(evidence: Pick<FreshnessEvidence, 'updatedAtMs' | 'lastChangedAtMs'>, nowMs: number): number | null {
  const { updatedAtMs, lastChangedAtMs } = evidence;
  const latest = updatedAtMs === null ? lastChangedAtMs : lastChangedAtMs === null ? updatedAtMs : Math.max(updatedAtMs, lastChangedAtMs);
  return latest === null ? null : nowMs - latest;
}

/**
 * The staleness verdict, on evidence only: the bookmaker says so (`staleOdds`), or neither its
 * meta's `updatedAt` nor any of its prices' `changedAt` is within its freshness bound
 * (now − latest > bound·1000). Never for lack of data: no bound known, or no time at all, is not
 * stale; and a book whose prices keep arriving is never stale, whatever its meta's age (a service
 * need not re-send its meta as a heartbeat).
 */
export function isStaleOnEvidence(evidence: FreshnessEvidence, nowMs: number): boolean {
  if (evidence.staleOdds) return true;
  return isOverdue(evidence, nowMs);
}

/** True when the latest sign of life is older than the bound (false without a bound or a time). */
export function isOverdue(evidence: Omit<FreshnessEvidence, 'staleOdds'>, nowMs: number): boolean {
  if (evidence.boundSec === null) return false;
  const age = evidenceAgeMs(evidence, nowMs);
  return age !== null && age > evidence.boundSec * 1000;
}

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?(?:(Z)|([+-])(\d{2})(?::?(\d{2}))?)?$/u;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * Epoch ms of an ISO 8601 timestamp in the shapes `isoTimestampSchema` accepts (date, optional
 * time with any fraction, optional `Z` or ±hh[:mm] offset), or null when it names no real
 * instant (month 13, 31 April, hour 25, or not ISO at all). A timestamp with no offset is read
 * as UTC (spec 2.8: the service's times are UTC), never as the machine's local time, so the
 * result is the same everywhere. Fractions beyond milliseconds are truncated.
 */
export function parseIsoTimestamp(text: string): number | null {
  const match = ISO_TIMESTAMP.exec(text);
  if (match === null) return null;
  const [, y = '', mo = '', d = '', h = '0', mi = '0', s = '0', fraction = '', , sign, oh = '0', om = '0'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const offsetHours = Number(oh);
  const offsetMinutes = Number(om);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const offsetMs = (offsetHours * 60 + offsetMinutes) * 60_000 * (sign === '-' ? -1 : 1);
  // Date.UTC maps years 0–99 to 1900–1999; setUTCFullYear keeps the year as written.
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() - offsetMs;
}

/**
 * The health of one bookmaker on a fixture at `nowMs`, by the spec's rules:
 * - `suspended` and `staleOdds` as the meta states them (spec 2.4);
 * - overdue when neither the meta's `updatedAt` nor the latest `changedAt` of its prices
 *   (`lastChangedAtMs`) is within the book's `maxDelay…InSec` bound for the delivery mode (spec
 *   4.10: the maximum expected refresh delay) — a quiet market whose meta is re-confirmed is
 *   fresh, and so is a book whose prices keep arriving with a meta that is not re-sent;
 * - an `updatedAt` that is not a real instant is reported, but is no evidence of staleness;
 * - `participantsRotated` (spec 2.4) is reported but is not a fault: the prices are fine, the
 *   book just names the sides the other way round.
 * `bounds` may be absent (listing not loaded, unknown book): then no age check is made.
 * `stale` is {@link isStaleOnEvidence}.
 */
export function bookmakerHealth(
  meta: BookmakerFixtureMeta,
  bounds: FreshnessBounds | null | undefined,
  mode: DeliveryMode,
  nowMs: number,
  lastChangedAtMs: number | null = null,
): BookmakerHealth {
  const reasons: HealthReason[] = [];
  if (meta.suspended) reasons.push({ code: 'suspended' });
  if (meta.staleOdds) reasons.push({ code: 'staleOdds', responseCode: meta.staleOddsResponseCode });
  const updatedAtMs = parseIsoTimestamp(meta.updatedAt);
  const ageMs = updatedAtMs === null ? null : nowMs - updatedAtMs;
  const boundSec = bounds ? freshnessBound(bounds, mode) : null;
  const evidence = { staleOdds: meta.staleOdds, updatedAtMs, lastChangedAtMs, boundSec };
  if (updatedAtMs === null) reasons.push({ code: 'updatedAtUnreadable', updatedAt: meta.updatedAt });
  const evidenceAge = evidenceAgeMs(evidence, nowMs);
  if (boundSec !== null && evidenceAge !== null && isOverdue(evidence, nowMs)) {
    reasons.push({ code: 'updatedAtOverdue', ageMs: evidenceAge, boundSec, mode });
  }
  if (meta.participantsRotated) reasons.push({ code: 'participantsRotated' });
  return {
    bookmaker: meta.bookmaker,
    suspended: meta.suspended,
    stale: isStaleOnEvidence(evidence, nowMs),
    participantsRotated: meta.participantsRotated,
    updatedAtMs,
    ageMs,
    boundSec,
    mode,
    reasons,
  };
}

type NamedBounds = FreshnessBounds & { readonly bookmaker: string };

// `Array.isArray` types its guard as `any[]`, which would leak `any` into the list branch.
function isBoundsList(bounds: readonly NamedBounds[] | ReadonlyMap<string, FreshnessBounds>): bounds is readonly NamedBounds[] {
  return Array.isArray(bounds);
}

/**
 * {@link bookmakerHealth} for every bookmaker of a fixture's `bookmakers` map, keyed by slug.
 * `bounds` is the `GET /bookmakers` listing (or a map slug → bounds); books missing from it get
 * no age check.
 */
export function fixtureBookmakersHealth(
  metas: FixtureBookmakers,
  bounds: readonly NamedBounds[] | ReadonlyMap<string, FreshnessBounds>,
  mode: DeliveryMode,
  nowMs: number,
): Map<string, BookmakerHealth> {
  const boundsOf = isBoundsList(bounds) ? new Map(bounds.map((b) => [b.bookmaker, b])) : bounds;
  const health = new Map<string, BookmakerHealth>();
  for (const [slug, meta] of Object.entries(metas)) {
    health.set(slug, bookmakerHealth(meta, boundsOf.get(slug), mode, nowMs));
  }
  return health;
}
