// Fixture endpoints: the fixtures list, current odds (/fixtures/odds and /fixtures/odds/main),
// the markets a fixture offers, and identifier mapping. Everything is filtered to the key; a
// request that names a fixture, sport, tournament or bookmaker outside it fails with 403.
// Current odds are assembled from cached JSON fragments when the source gives versions.
import { type BookmakerFixtureMeta, type FixtureView, type OddsEntry } from '../../../src/wire/shared-schemas.ts';
import { FIXTURE_FILTERS_HEADER } from '../../../src/wire/rest-schemas.ts';
import type { CatalogueIndex } from '../../catalogue/catalogue.ts';
import type { Lang } from '../../catalogue/types.ts';
import type { ReferenceIndex } from '../../catalogue/reference-data.ts';
import type { ApiHandler } from '../app.ts';
import { invalidFilters, notAllowed } from '../errors.ts';
import type { Entitlement } from '../keys.ts';
import { localizeView } from '../../catalogue/localize.ts';
import { OddsJsonCache, shownOdds, type OddsSelection } from '../odds-cache.ts';
import type { FixtureSource } from '../ports.ts';
import { boolParam, exactlyOne, intParam, listParam, type Query } from '../query.ts';
import { chosenBookmakers, entitlementOf, requireFixtureId, requireSport, requireTournament, requireTournamentId } from '../scope.ts';

export interface FixtureRoutesDeps {
  readonly fixtures: FixtureSource;
  readonly reference: ReferenceIndex;
  readonly catalogue: CatalogueIndex;
}

function visible(e: Entitlement, view: FixtureView): boolean {
  return e.allowsEvent(view.sport.sportId, view.tournament.tournamentId, view.status.live);
}

/**
 * `fixtureIds`: well-formed ids (400 otherwise); one whose sport or tournament segment is outside
 * the key → 403, existing or not; an existing one of a phase (live, pre-game) outside it → 403.
 * Unknown ones within the key are skipped.
 */
export function requestedFixtures(e: Entitlement, source: FixtureSource, query: Query): FixtureView[] {
  const ids = listParam(query, 'fixtureIds') ?? [];
  const views: FixtureView[] = [];
  for (const id of ids) {
    requireFixtureId(e, id);
    const view = source.view(id);
    if (view === null) continue;
    if (!visible(e, view)) {
      requireTournament(e, view.sport.sportId, view.tournament.tournamentId);
      throw notAllowed(`This API key is not entitled to ${view.status.live ? 'live' : 'pre-game'} fixture ${id}.`);
    }
    views.push(view);
  }
  return views;
}

function tournamentFixtures(e: Entitlement, deps: FixtureRoutesDeps, tournamentId: number): FixtureView[] {
  requireTournamentId(e, deps.reference, tournamentId);
  if (!deps.reference.tournamentById.has(tournamentId)) return [];
  const views: FixtureView[] = [];
  for (const id of deps.fixtures.fixtureIds()) {
    const view = deps.fixtures.view(id);
    if (view !== null && view.tournament.tournamentId === tournamentId && visible(e, view)) views.push(view);
  }
  return views;
}

const byStartThenId = (a: FixtureView, b: FixtureView): number =>
  a.startTime - b.startTime || (a.fixtureId < b.fixtureId ? -1 : a.fixtureId > b.fixtureId ? 1 : 0);

/** A bookmaker's entries changed at or after `since`, inactive ones included (spec 4.3), or null when none. */
function oddsSince(entries: Readonly<Record<string, OddsEntry>>, selection: OddsSelection, since: number): Record<string, OddsEntry> | null {
  const out: Record<string, OddsEntry> = {};
  let any = false;
  for (const [oddsId, entry] of Object.entries(entries)) {
    if (selection === 'main' && !entry.mainLine) continue;
    if (entry.changedAt < since) continue;
    out[oddsId] = { ...entry };
    any = true;
  }
  return any ? out : null;
}

/** One element of an odds answer built from the live objects: the reference the cached fragments must equal. */
function oddsElement(deps: FixtureRoutesDeps, view: FixtureView, lang: Lang, chosen: ReadonlySet<string>, selection: OddsSelection, since: number | undefined): object {
  const odds: Record<string, Record<string, OddsEntry>> = {};
  for (const [bookmaker, entries] of Object.entries(deps.fixtures.odds(view.fixtureId))) {
    if (!chosen.has(bookmaker)) continue;
    // Spec 4.3: without `since` the current (active) prices; with it, every change since, inactive ones included.
    const shown = since === undefined ? shownOdds(entries, selection) : oddsSince(entries, selection, since);
    if (shown !== null) odds[bookmaker] = shown;
  }
  const bookmakers: Record<string, BookmakerFixtureMeta> = {};
  for (const [slug, meta] of Object.entries(deps.fixtures.bookmakers(view.fixtureId))) {
    if (chosen.has(slug)) bookmakers[slug] = { ...meta };
  }
  return { ...localizeView(view, lang, deps.reference), bookmakers, odds };
}

function oddsHandler(deps: FixtureRoutesDeps, selection: OddsSelection, cache: OddsJsonCache | null): ApiHandler {
  return (query, request, reply) => {
    const e = entitlementOf(request);
    const mode = exactlyOne(query, ['tournamentId', 'fixtureIds']);
    const views =
      mode === 'tournamentId'
        ? tournamentFixtures(e, deps, intParam(query, 'tournamentId', { min: 0, max: 999_999 }) ?? 0)
        : requestedFixtures(e, deps.fixtures, query);
    // Entitlement and `bookmakers=` only choose which bookmakers' fragments are assembled.
    const chosen = new Set(chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query));
    const since = intParam(query, 'since', { min: 0 });
    views.sort(byStartThenId);
    // With `since` every answer is its own filter of history-like state: not worth caching.
    if (cache === null || since !== undefined) return views.map((view) => oddsElement(deps, view, request.lang, chosen, selection, since));
    const elements = views.map(
      (view) =>
        cache.fixturePieces(view, request.lang, chosen, selection) ?? [Buffer.from(JSON.stringify(oddsElement(deps, view, request.lang, chosen, selection, undefined)))],
    );
    // The key only finds the previous answer to compare with; equal fragments decide reuse.
    const requestKey = `${request.lang}|${selection}|${[...chosen].join(',')}|${views.map((v) => v.fixtureId).join(',')}`;
    // Already UTF-8 JSON: Fastify sends a Buffer with the content type it is given as it is.
    void reply.type('application/json; charset=utf-8');
    return cache.answerBytes(requestKey, elements);
  };
}

export function fixtureHandlers(deps: FixtureRoutesDeps): Record<
  'fixtures' | 'fixtureOdds' | 'mainOdds' | 'fixtureMarkets' | 'mappingFixtures',
  ApiHandler
> {
  const versions = deps.fixtures.versions;
  const cache = versions === undefined ? null : new OddsJsonCache(deps.fixtures, versions, deps.reference);
  return {
    fixtures: (query, request, reply) => {
      // The list parameters beyond the spec this service applies; a dashboard sends them only to a
      // service that says so (docs/api.md, "Parameters beyond the spec").
      void reply.header(FIXTURE_FILTERS_HEADER, 'statusId,live');
      const e = entitlementOf(request);
      const sportId = intParam(query, 'sportId', { min: 10, max: 99 });
      const tournamentId = intParam(query, 'tournamentId', { min: 0, max: 999_999 });
      const statusId = intParam(query, 'statusId', { min: 0, max: 3 });
      const live = boolParam(query, 'live');
      const from = intParam(query, 'startTimeFrom', { min: 0 });
      const to = intParam(query, 'startTimeTo', { min: 0 });
      if (sportId !== undefined) requireSport(e, sportId);
      if (tournamentId !== undefined) requireTournamentId(e, deps.reference, tournamentId);
      if (live === true && !e.access.live) throw notAllowed('This API key has no live access.');
      const ids = query.fixtureIds === undefined ? null : requestedFixtures(e, deps.fixtures, query);
      const views: FixtureView[] = [];
      const candidates = ids ?? [...deps.fixtures.fixtureIds()].map((id) => deps.fixtures.view(id)).filter((v) => v !== null);
      for (const view of candidates) {
        if (!visible(e, view)) continue;
        if (sportId !== undefined && view.sport.sportId !== sportId) continue;
        if (tournamentId !== undefined && view.tournament.tournamentId !== tournamentId) continue;
        if (statusId !== undefined && view.status.statusId !== statusId) continue;
        if (live !== undefined && view.status.live !== live) continue;
        if (from !== undefined && view.startTime < from) continue;
        if (to !== undefined && view.startTime > to) continue;
        views.push(localizeView(view, request.lang, deps.reference));
      }
      return views.sort(byStartThenId);
    },

    fixtureOdds: oddsHandler(deps, 'all', cache),
    mainOdds: oddsHandler(deps, 'main', cache),

    fixtureMarkets: (query, request) => {
      const e = entitlementOf(request);
      const views = requestedFixtures(e, deps.fixtures, { fixtureIds: query.fixtureIds ?? query.fixtureId });
      if (query.fixtureIds === undefined && query.fixtureId === undefined) throw invalidFilters('fixtureId (or fixtureIds) is required.');
      return views.map((view) => {
        const markets = new Map<number, { bookmakers: Set<string>; mainLine: boolean; players: Set<number> }>();
        for (const [bookmaker, entries] of Object.entries(deps.fixtures.odds(view.fixtureId))) {
          if (!e.allowsBookmaker(bookmaker)) continue;
          for (const entry of Object.values(entries)) {
            const m = markets.get(entry.marketId) ?? { bookmakers: new Set<string>(), mainLine: false, players: new Set<number>() };
            m.bookmakers.add(bookmaker);
            m.mainLine ||= entry.mainLine;
            if (entry.playerId !== 0) m.players.add(entry.playerId);
            markets.set(entry.marketId, m);
          }
        }
        return {
          fixtureId: view.fixtureId,
          markets: [...markets.entries()]
            .sort(([a], [b]) => a - b)
            .map(([marketId, m]) => {
              const market = deps.catalogue.byMarketId.get(marketId);
              return {
                marketId,
                marketType: market?.marketType ?? null,
                period: market?.period ?? null,
                handicap: market?.handicap ?? null,
                playerProp: market?.playerProp ?? false,
                mainLine: m.mainLine,
                bookmakers: [...m.bookmakers].sort(),
                playerIds: [...m.players].sort((a, b) => a - b),
              };
            }),
        };
      });
    },

    mappingFixtures: (query, request) => {
      const e = entitlementOf(request);
      const provider = query.provider;
      if (provider === undefined) {
        return requestedFixtures(e, deps.fixtures, query).map((v) => ({ fixtureId: v.fixtureId, externalProviders: v.externalProviders }));
      }
      // Reverse lookup: the provider's native ids → our fixtureIds.
      const key = `${provider}Id`;
      const wanted = new Set(listParam(query, 'ids') ?? []);
      if (wanted.size === 0) throw invalidFilters('ids is required with provider.');
      const out: { fixtureId: string; externalProviders: FixtureView['externalProviders'] }[] = [];
      for (const id of deps.fixtures.fixtureIds()) {
        const view = deps.fixtures.view(id);
        if (view === null || !visible(e, view)) continue;
        const native = view.externalProviders[key];
        if (native !== undefined && native !== null && wanted.has(String(native))) {
          out.push({ fixtureId: view.fixtureId, externalProviders: view.externalProviders });
        }
      }
      return out;
    },
  };
}
