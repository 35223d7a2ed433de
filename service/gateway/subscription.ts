// What one connection receives: the login frame read against the key's entitlement into the
// effective channels and filters (the intersection of what is asked and what the key may see),
// and the per-item test and bookmaker trimming that every frame goes through.
import { IdError, parseFixtureId } from '../../src/domain/ids.ts';
import { CHANNELS, CLOSE_CODES, loginFrameSchema } from '../../src/wire/stream-schemas.ts';
import type { Channel, DroppedFilters, LoginFrame, ReceiveType } from '../../src/wire/stream-schemas.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import { LANGS, type Lang } from '../../src/wire/limits.ts';
import type { EndpointFamily, Entitlement, KeyRing } from '../http/keys.ts';

/** Channels whose payloads are keyed by bookmaker: they need the login's `bookmakers` (stream note). */
export const BOOKMAKER_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(['odds', 'bookmakers', 'oddsFutures']);

/** Channels keyed by `futureId`; every other channel is keyed by `fixtureId`. */
export const FUTURE_CHANNELS: ReadonlySet<Channel> = new Set<Channel>(['oddsFutures']);

/**
 * The REST endpoint family whose entitlement a channel needs, so a key sees on the stream what it
 * may fetch on REST: odds and bookmaker metadata come with `odds`, futures prices with `futures`.
 */
export const CHANNEL_FAMILY: Readonly<Record<Channel, EndpointFamily>> = {
  fixtures: 'fixtures',
  scores: 'fixtures',
  clocks: 'fixtures',
  injuries: 'fixtures',
  lineups: 'fixtures',
  stats: 'fixtures',
  odds: 'odds',
  bookmakers: 'odds',
  oddsFutures: 'futures',
};

/** Sport, tournament and phase of the fixture or future an item is about. */
export interface EventScope {
  readonly sportId: number;
  readonly tournamentId: number;
  readonly live: boolean;
}

/** The effective subscription of one connection, fixed at login. */
export interface Subscription {
  readonly entitlement: Entitlement;
  /** Effective channels, in the spec's order. */
  readonly channels: readonly Channel[];
  readonly channelSet: ReadonlySet<Channel>;
  /** null: no filter (everything the key sees). */
  readonly sportIds: ReadonlySet<number> | null;
  readonly tournamentIds: ReadonlySet<number> | null;
  readonly fixtureIds: ReadonlySet<string> | null;
  readonly futureIds: ReadonlySet<string> | null;
  /** Chosen and entitled bookmakers; empty when none, and then no bookmaker channel is subscribed. */
  readonly bookmakers: ReadonlySet<string>;
  /** The login's live/pre-game choice within the key's access. */
  readonly access: { readonly live: boolean; readonly pregame: boolean };
  readonly lang: Lang;
  /** The receiveType the client asked for (the gateway negotiates the one it gets). */
  readonly askedReceiveType: ReceiveType;
  /** Identifies the subscription shape: equal keys see exactly the same frames. */
  readonly shapeKey: string;
  /** Identifies the trimmed view of a bookmaker-keyed payload: the sorted bookmaker set. */
  readonly bookmakersKey: string;
}

/** A refused login: the `error` frame's code and message, and the close code. */
export interface LoginRefusal {
  readonly closeCode: number;
  readonly code: string;
  readonly message: string;
}

/**
 * A login that subscribes: its frame, its subscription, and the filter values left out because
 * the key may not see them (`login_ok.dropped`; null when none was). Not part of the
 * subscription: logins of one shape may have asked for different values outside the key.
 */
export type LoginResult =
  | { readonly ok: true; readonly login: LoginFrame; readonly subscription: Subscription; readonly dropped: DroppedFilters | null }
  | { readonly ok: false; readonly refusal: LoginRefusal };

/** The sport and tournament of a future the service holds (null: unknown, so it cannot be judged). */
export type FutureScopeOf = (futureId: string) => EventScope | null;

const LANG_SET = new Set<string>(LANGS);

function refuse(closeCode: number, code: string, message: string): { ok: false; refusal: LoginRefusal } {
  return { ok: false, refusal: { closeCode, code, message } };
}

const entitlementIds = new WeakMap<Entitlement, number>();
let nextEntitlementId = 0;

/** A small number per entitlement for shape keys (the API key itself never goes into a key or a log). */
function entitlementId(e: Entitlement): number {
  let id = entitlementIds.get(e);
  if (id === undefined) {
    id = nextEntitlementId++;
    entitlementIds.set(e, id);
  }
  return id;
}

function sortedKey(values: ReadonlySet<string | number> | null): string {
  return values === null ? '*' : [...values].map(String).sort().join(',');
}

/**
 * Reads the first frame of a connection (its text) into a subscription, or a refusal with the
 * stream note's close code: 4001 not a valid login frame, 4401 missing or unknown key, 4403
 * nothing left to subscribe to. The connection limit (4003) is the gateway's to check.
 */
export function resolveLogin(text: string, keys: KeyRing, reference: ReferenceIndex, futureScope: FutureScopeOf): LoginResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse(CLOSE_CODES.noLogin, 'invalid_login', 'The first frame must be a JSON login frame: {"type":"login","apiKey":"…",…}.');
  }
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || (raw as { type?: unknown }).type !== 'login') {
    return refuse(CLOSE_CODES.noLogin, 'invalid_login', 'The first frame must be a login frame: {"type":"login","apiKey":"…",…}.');
  }
  const apiKey = (raw as { apiKey?: unknown }).apiKey;
  if (typeof apiKey !== 'string' || apiKey === '') {
    return refuse(CLOSE_CODES.unauthorized, 'unauthorized', 'Missing API key: send it as "apiKey" in the login frame.');
  }
  const parsed = loginFrameSchema.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(frame)'}: ${i.message}`);
    return refuse(CLOSE_CODES.noLogin, 'invalid_login', `Invalid login frame: ${issues.join('; ')}.`);
  }
  const login = parsed.data;
  const entitlement = keys.get(login.apiKey);
  if (entitlement === undefined) return refuse(CLOSE_CODES.unauthorized, 'unauthorized', 'Invalid API key.');
  const lang = login.lang ?? 'en';
  if (!LANG_SET.has(lang)) {
    return refuse(CLOSE_CODES.noLogin, 'invalid_login', `Unknown lang "${lang.slice(0, 20)}": use one of ${LANGS.join(', ')}.`);
  }
  for (const [i, id] of (login.fixtureIds ?? []).entries()) {
    try {
      parseFixtureId(id);
    } catch (error) {
      if (!(error instanceof IdError)) throw error;
      return refuse(CLOSE_CODES.noLogin, 'invalid_login', `fixtureIds[${String(i)}]: ${error.message}.`);
    }
  }
  const filters = intersectFilters(login, entitlement, lang as Lang, reference, futureScope);
  const result = subscriptionOf(login, entitlement, lang as Lang, filters);
  if ('refusal' in result) return { ok: false, refusal: result.refusal };
  return { ok: true, login, subscription: result, dropped: filters.dropped };
}

/** The login's filters kept to what the key may see, and what was left out. */
interface IntersectedFilters {
  /** null: the filter was not given. */
  readonly sportIds: Set<number> | null;
  readonly tournamentIds: Set<number> | null;
  readonly fixtureIds: Set<string> | null;
  readonly futureIds: Set<string> | null;
  readonly bookmakers: Set<string>;
  readonly dropped: DroppedFilters | null;
}

/** Keeps the values `keep` accepts; the others go to `out`. null when the filter was not given. */
function split<T>(values: readonly T[] | undefined, keep: (value: T) => boolean, out: T[]): Set<T> | null {
  if (values === undefined) return null;
  const kept = new Set<T>();
  for (const value of new Set(values)) {
    if (keep(value)) kept.add(value);
    else out.push(value);
  }
  return kept;
}

function intersectFilters(login: LoginFrame, e: Entitlement, lang: Lang, reference: ReferenceIndex, futureScope: FutureScopeOf): IntersectedFilters {
  const out = { sports: [] as number[], tournaments: [] as number[], fixtures: [] as string[], futures: [] as string[], bookmakers: [] as string[] };
  const allows = (scope: { sportId: number; tournamentId: number }) => e.allowsSport(scope.sportId) && e.allowsTournament(scope.tournamentId);
  const sportIds = split(login.sportIds, (id) => e.allowsSport(id), out.sports);
  const tournamentIds = split(
    login.tournamentIds,
    (id) => {
      const t = reference.tournamentById.get(id);
      return t !== undefined && allows(t);
    },
    out.tournaments,
  );
  // fixtureIds are well-formed here (resolveLogin refused malformed ones); they carry their scope.
  const fixtureIds = split(login.fixtureIds, (id) => allows(parseFixtureId(id)), out.fixtures);
  // A future the service does not hold cannot be judged: it stays, and reaches() decides later.
  const futureIds = split(
    login.futureIds,
    (id) => {
      const scope = futureScope(id);
      return scope === null || allows(scope);
    },
    out.futures,
  );
  const bookmakers = split(login.bookmakers ?? [], (slug) => e.allowsBookmaker(slug), out.bookmakers) ?? new Set<string>();

  const dropped: DroppedFilters = {};
  if (out.sports.length > 0) {
    dropped.sports = out.sports.map((sportId) => {
      const sport = reference.data.sports.find((s) => s.sportId === sportId);
      return sport === undefined ? { sportId } : { sportId, sportName: sport.sportName[lang] };
    });
  }
  if (out.tournaments.length > 0) {
    dropped.tournaments = out.tournaments.map((tournamentId) => {
      const tournament = reference.tournamentById.get(tournamentId);
      return tournament === undefined ? { tournamentId } : { tournamentId, tournamentName: tournament.tournamentName };
    });
  }
  if (out.fixtures.length > 0) dropped.fixtures = out.fixtures.map((fixtureId) => ({ fixtureId }));
  if (out.futures.length > 0) dropped.futures = out.futures.map((futureId) => ({ futureId }));
  if (out.bookmakers.length > 0) {
    dropped.bookmakers = out.bookmakers.map((bookmaker) => {
      const profile = reference.data.bookmakers.find((b) => b.bookmaker === bookmaker);
      return profile === undefined ? { bookmaker } : { bookmaker, bookmakerName: profile.bookmakerName };
    });
  }
  return { sportIds, tournamentIds, fixtureIds, futureIds, bookmakers, dropped: Object.keys(dropped).length > 0 ? dropped : null };
}

/** What was dropped, in words for an error message: `sportIds 14 (American Football); bookmakers bet365`. */
export function describeDropped(dropped: DroppedFilters): string {
  const named = (value: string | number, name: string | undefined) =>
    name === undefined || name === String(value) ? String(value) : `${String(value)} (${name})`;
  const parts = [
    dropped.sports === undefined ? null : `sportIds ${dropped.sports.map((s) => named(s.sportId, s.sportName)).join(', ')}`,
    dropped.tournaments === undefined ? null : `tournamentIds ${dropped.tournaments.map((t) => named(t.tournamentId, t.tournamentName)).join(', ')}`,
    dropped.fixtures === undefined ? null : `fixtureIds ${dropped.fixtures.map((f) => f.fixtureId).join(', ')}`,
    dropped.futures === undefined ? null : `futureIds ${dropped.futures.map((f) => f.futureId).join(', ')}`,
    dropped.bookmakers === undefined ? null : `bookmakers ${dropped.bookmakers.map((b) => named(b.bookmaker, b.bookmakerName)).join(', ')}`,
  ];
  return parts.filter((p) => p !== null).join('; ');
}

function subscriptionOf(
  login: LoginFrame,
  e: Entitlement,
  lang: Lang,
  filters: IntersectedFilters,
): Subscription | { refusal: LoginRefusal } {
  // A refusal lists every value that was left out, so the client sees why nothing is left.
  const left = filters.dropped === null ? '' : ` Outside this key's access: ${describeDropped(filters.dropped)}.`;
  const nothing = (why: string) => ({
    refusal: { closeCode: CLOSE_CODES.nothingToSubscribe, code: 'channel_not_allowed', message: `Nothing to subscribe to: ${why}${left}` },
  });

  const { sportIds, tournamentIds, fixtureIds, futureIds, bookmakers } = filters;
  if (sportIds !== null && sportIds.size === 0) return nothing('none of the sportIds is entitled to this key.');
  if (tournamentIds !== null && tournamentIds.size === 0) return nothing('none of the tournamentIds is known and entitled to this key.');
  if (fixtureIds !== null && fixtureIds.size === 0) return nothing('none of the fixtureIds is entitled to this key.');
  if (futureIds !== null && futureIds.size === 0) return nothing('none of the futureIds is entitled to this key.');
  const access = {
    live: e.access.live && login.live !== false,
    pregame: e.access.pregame && login.pregame !== false,
  };

  const asked = login.channels === undefined ? CHANNELS : CHANNELS.filter((c) => login.channels?.includes(c));
  const dropped: string[] = [];
  const channels = asked.filter((channel) => {
    if (!e.allowsEndpoint(CHANNEL_FAMILY[channel])) {
      dropped.push(`${channel} (the key lacks the ${CHANNEL_FAMILY[channel]} endpoints)`);
      return false;
    }
    if (BOOKMAKER_CHANNELS.has(channel) && bookmakers.size === 0) {
      dropped.push(`${channel} (needs "bookmakers" with at least one bookmaker the key may see)`);
      return false;
    }
    if (!FUTURE_CHANNELS.has(channel) && !access.live && !access.pregame) {
      dropped.push(`${channel} (neither live nor pre-game access is left)`);
      return false;
    }
    return true;
  });
  if (channels.length === 0) {
    const why = asked.length === 0 ? 'no known channel was asked for.' : `${dropped.join('; ')}.`;
    return nothing(why);
  }
  const bookmakersKey = sortedKey(bookmakers);
  const shapeKey = [
    String(entitlementId(e)),
    channels.join(','),
    sortedKey(sportIds),
    sortedKey(tournamentIds),
    sortedKey(fixtureIds),
    sortedKey(futureIds),
    bookmakersKey,
    `${String(access.live)}/${String(access.pregame)}`,
    lang,
  ].join('|');
  return {
    entitlement: e,
    channels,
    channelSet: new Set(channels),
    sportIds,
    tournamentIds,
    fixtureIds,
    futureIds,
    bookmakers,
    access,
    lang,
    askedReceiveType: login.receiveType ?? 'json',
    shapeKey,
    bookmakersKey,
  };
}

/**
 * Whether an item of `channel` about the fixture or future `id` (with its scope) reaches the
 * subscription: its channel, its filters and the key's entitlement, exactly as REST filters.
 * Futures are not gated by live/pre-game, as on REST.
 */
export function reaches(sub: Subscription, channel: Channel, id: string, scope: EventScope): boolean {
  if (!sub.channelSet.has(channel)) return false;
  const e = sub.entitlement;
  if (!e.allowsSport(scope.sportId) || !e.allowsTournament(scope.tournamentId)) return false;
  if (sub.sportIds !== null && !sub.sportIds.has(scope.sportId)) return false;
  if (sub.tournamentIds !== null && !sub.tournamentIds.has(scope.tournamentId)) return false;
  if (FUTURE_CHANNELS.has(channel)) return sub.futureIds === null || sub.futureIds.has(id);
  if (!(scope.live ? sub.access.live : sub.access.pregame)) return false;
  return sub.fixtureIds === null || sub.fixtureIds.has(id);
}

/**
 * The bookmaker-keyed record of a payload kept to the subscription's bookmakers: the same object
 * when every key is kept, null when none is, a trimmed copy otherwise.
 */
export function trimByBookmaker<V>(record: Readonly<Record<string, V>>, bookmakers: ReadonlySet<string>): Record<string, V> | null {
  let kept = 0;
  let total = 0;
  for (const slug in record) {
    total++;
    if (bookmakers.has(slug)) kept++;
  }
  if (kept === 0) return null;
  if (kept === total) return record;
  const out: Record<string, V> = {};
  for (const slug in record) {
    const value = record[slug];
    if (bookmakers.has(slug) && value !== undefined) out[slug] = value;
  }
  return out;
}
