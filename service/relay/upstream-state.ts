// The upstream's state as the relay holds it: one slot per fixture and future, read from the
// upstream's REST and moved by its frames, with the conversions the relay's producer needs (the
// edge's scopes, the history's price changes, the newer-wins merge of odds).
import type { Future } from '../../src/wire/rest-schemas.ts';
import type {
  BookmakerFixtureMeta,
  FixtureView,
  FutureOddsEntry,
  InjuriesPayload,
  LineupsPayload,
  OddsEntry,
  StatsPayload,
} from '../../src/wire/shared-schemas.ts';
import { isOver } from '../../src/wire/status.ts';
import type { FixtureScope, FutureScope } from '../producer/feed.ts';
import type { FixturePriceChange, FuturePriceChange } from '../storage/history-store.ts';
import type { UpstreamRest } from './upstream-rest.ts';

export type OddsByBook<E> = Record<string, Record<string, E>>;

export interface FixtureSlot {
  view: FixtureView;
  bookmakers: Record<string, BookmakerFixtureMeta>;
  odds: OddsByBook<OddsEntry>;
  injuries: InjuriesPayload | null;
  lineups: LineupsPayload | null;
  stats: StatsPayload | null;
}

export interface FutureSlot {
  view: Future;
  odds: OddsByBook<FutureOddsEntry>;
}


/** REST lists of ids per request: the spec's list cap is 100; odds answers are kept to 50 fixtures (a few MB). */
export const ODDS_CHUNK = 50;
export const LIST_CHUNK = 100;

/** What the edge decides entitlements and settlement times on, read from the upstream's view. */
export function fixtureScopeOfView(view: FixtureView): FixtureScope {
  const ended = view.trueEndTime === null ? Number.NaN : Date.parse(view.trueEndTime);
  return {
    sportId: view.sport.sportId,
    tournamentId: view.tournament.tournamentId,
    statusId: view.status.statusId,
    finishedAtMs: isOver(view.status.statusId) && Number.isFinite(ended) ? ended : null,
  };
}

export function futureScopeOfView(view: Future): FutureScope {
  return { sportId: view.sport.sportId, tournamentId: view.tournament.tournamentId, statusId: view.status.statusId };
}

export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The array an upstream REST answer holds, its elements checked for the id field only: the
 * upstream is a v5 service whose payloads the edge serves as they are, and checking every odds
 * entry of a multi-megabyte answer with the wire schemas would hold the edge's thread for seconds.
 */
export function arrayOf<T>(body: unknown, idField: string, what: string): T[] {
  if (!Array.isArray(body)) throw new Error(`the upstream's ${what} answer is not an array`);
  for (const element of body) {
    if (!isRecord(element) || typeof element[idField] !== 'string') throw new Error(`the upstream's ${what} answer holds an element without ${idField}`);
  }
  return body as T[];
}

export function fixtureChange(fixtureId: string, oddsId: string, entry: OddsEntry): FixturePriceChange {
  return {
    kind: 'fixture',
    fixtureId,
    oddsId,
    bookmaker: entry.bookmaker,
    playerId: entry.playerId,
    outcomeId: entry.outcomeId,
    marketId: entry.marketId,
    price: entry.price,
    active: entry.active,
    marketActive: entry.marketActive,
    limit: typeof entry.limit === 'number' ? entry.limit : null,
    changedAt: entry.changedAt,
  };
}

export function futureChange(future: FutureSlot, oddsId: string, entry: FutureOddsEntry): FuturePriceChange {
  return {
    kind: 'future',
    futureId: future.view.futureId,
    oddsId,
    bookmaker: entry.bookmaker,
    playerId: 0,
    participantId: entry.participantId,
    marketId: future.view.market.marketId,
    price: entry.price,
    active: entry.active,
    marketActive: entry.active,
    limit: null,
    changedAt: entry.changedAt,
  };
}

/**
 * Merges `entries` into `held`, skipping any older than the entry held (a frame buffered during a
 * re-snapshot may predate the REST answer); returns the ones taken, or null when none was.
 */
export function mergeNewer<E extends { readonly changedAt: number }>(held: Record<string, E>, entries: Readonly<Record<string, E>>): Record<string, E> | null {
  let taken: Record<string, E> | null = null;
  for (const [oddsId, entry] of Object.entries(entries)) {
    const before = held[oddsId];
    if (before !== undefined && before.changedAt > entry.changedAt) continue;
    held[oddsId] = entry;
    (taken ??= {})[oddsId] = entry;
  }
  return taken;
}


/** The JSON body of a 200 from the upstream; anything else fails the read that needed it. */
export async function upstreamJson(rest: UpstreamRest, path: string): Promise<unknown> {
  const answer = await rest.get(path);
  if (answer.status !== 200) throw new Error(`the upstream answered ${String(answer.status)} to ${path.split('?')[0] ?? ''}`);
  return answer.body;
}

/**
 * Views, metas, odds and team news of `ids` from the upstream's REST (ids it does not hold are
 * left out); `knownViews`: the views, when the caller just listed them.
 */
export async function fetchFixtureSlots(
  getJson: (path: string) => Promise<unknown>,
  ids: readonly string[],
  knownViews?: ReadonlyMap<string, FixtureView>,
): Promise<Map<string, FixtureSlot>> {
  const slots = new Map<string, FixtureSlot>();
  const views = new Map(knownViews ?? []);
  if (knownViews === undefined) {
    for (const part of chunks(ids, LIST_CHUNK)) {
      for (const view of arrayOf<FixtureView>(await getJson(`/en/fixtures?fixtureIds=${part.join(',')}`), 'fixtureId', 'fixtures')) views.set(view.fixtureId, view);
    }
  }
  for (const part of chunks([...views.keys()], ODDS_CHUNK)) {
    type WithOdds = FixtureView & { bookmakers: Record<string, BookmakerFixtureMeta>; odds: OddsByBook<OddsEntry> };
    for (const element of arrayOf<WithOdds>(await getJson(`/en/fixtures/odds?fixtureIds=${part.join(',')}`), 'fixtureId', 'odds')) {
      const view = views.get(element.fixtureId);
      if (view === undefined) continue;
      slots.set(element.fixtureId, { view, bookmakers: element.bookmakers, odds: element.odds, injuries: null, lineups: null, stats: null });
    }
  }
  // A fixture without odds (finished long ago) is still a fixture of the upstream.
  for (const [fixtureId, view] of views) if (!slots.has(fixtureId)) slots.set(fixtureId, { view, bookmakers: {}, odds: {}, injuries: null, lineups: null, stats: null });
  const extras = await fetchExtras(getJson, [...slots.keys()], new Set(EXTRA_CHANNELS));
  for (const [fixtureId, found] of extras) {
    const slot = slots.get(fixtureId);
    if (slot !== undefined) Object.assign(slot, found);
  }
  return slots;
}

export const EXTRA_CHANNELS = ['injuries', 'lineups', 'stats'] as const;
export type ExtraChannel = (typeof EXTRA_CHANNELS)[number];

/** Team news and statistics of `ids` from REST, per fixture (a fixture with none is left out, as the upstream leaves it out). */
export async function fetchExtras(
  getJson: (path: string) => Promise<unknown>,
  ids: readonly string[],
  channels: ReadonlySet<ExtraChannel>,
): Promise<Map<string, { injuries?: InjuriesPayload; lineups?: LineupsPayload; stats?: StatsPayload }>> {
  const out = new Map<string, { injuries?: InjuriesPayload; lineups?: LineupsPayload; stats?: StatsPayload }>();
  const entry = (fixtureId: string) => {
    const found = out.get(fixtureId) ?? {};
    out.set(fixtureId, found);
    return found;
  };
  for (const part of chunks(ids, LIST_CHUNK)) {
    const query = `fixtureIds=${part.join(',')}`;
    if (channels.has('injuries')) {
      for (const payload of arrayOf<InjuriesPayload>(await getJson(`/en/fixtures/injuries?${query}`), 'fixtureId', 'injuries')) entry(payload.fixtureId).injuries = payload;
    }
    if (channels.has('lineups')) {
      for (const payload of arrayOf<LineupsPayload>(await getJson(`/en/fixtures/lineups?${query}`), 'fixtureId', 'lineups')) entry(payload.fixtureId).lineups = payload;
    }
    if (channels.has('stats')) {
      for (const payload of arrayOf<StatsPayload>(await getJson(`/en/fixtures/stats?${query}`), 'fixtureId', 'stats')) entry(payload.fixtureId).stats = payload;
    }
  }
  return out;
}

/**
 * Every bookmaker meta of `ids` from REST: `/fixtures/odds/main` with `since` now, whose metas come
 * whole while its odds (those changed since) are next to none — the metas without the prices.
 */
export async function fetchMetas(getJson: (path: string) => Promise<unknown>, ids: readonly string[], now: number): Promise<Map<string, Record<string, BookmakerFixtureMeta>>> {
  const out = new Map<string, Record<string, BookmakerFixtureMeta>>();
  for (const part of chunks(ids, ODDS_CHUNK)) {
    type WithMetas = { fixtureId: string; bookmakers: Record<string, BookmakerFixtureMeta> };
    for (const element of arrayOf<WithMetas>(await getJson(`/en/fixtures/odds/main?fixtureIds=${part.join(',')}&since=${String(now)}`), 'fixtureId', 'metas')) {
      out.set(element.fixtureId, element.bookmakers);
    }
  }
  return out;
}
