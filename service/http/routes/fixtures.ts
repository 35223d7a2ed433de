// Fixture endpoints: the fixtures list, current odds (/fixtures/odds and /fixtures/odds/main),
// the markets a fixture offers, and identifier mapping. Everything is filtered to the key; a
// request that names a fixture, sport, tournament or bookmaker outside it fails with 403.
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../../../src/wire/schemas.ts';
import type { CatalogueIndex } from '../../catalogue/catalogue.ts';
import type { ReferenceIndex } from '../../catalogue/reference-data.ts';
import type { ApiHandler } from '../app.ts';
import { invalidFilters, notAllowed } from '../errors.ts';
import type { Entitlement } from '../keys.ts';
import { localizeView } from '../localize.ts';
import type { FixtureSource } from '../ports.ts';
import { boolParam, checkFixtureId, exactlyOne, intParam, listParam, type Query } from '../query.ts';
import { chosenBookmakers, entitlementOf, requireSport, requireTournament } from '../scope.ts';

export interface FixtureRoutesDeps {
  readonly fixtures: FixtureSource;
  readonly reference: ReferenceIndex;
  readonly catalogue: CatalogueIndex;
}

function visible(e: Entitlement, view: FixtureView): boolean {
  return e.allowsEvent(view.sport.sportId, view.tournament.tournamentId, view.status.live);
}

/** `fixtureIds`: well-formed ids (400 otherwise); those the key may not see → 403. Unknown ones are skipped. */
function requestedFixtures(e: Entitlement, source: FixtureSource, query: Query): FixtureView[] {
  const ids = listParam(query, 'fixtureIds') ?? [];
  const views: FixtureView[] = [];
  for (const id of ids) {
    checkFixtureId(id);
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
  const tournament = deps.reference.tournamentById.get(tournamentId);
  if (tournament === undefined) return [];
  requireTournament(e, tournament.sportId, tournamentId);
  const views: FixtureView[] = [];
  for (const id of deps.fixtures.fixtureIds()) {
    const view = deps.fixtures.view(id);
    if (view !== null && view.tournament.tournamentId === tournamentId && visible(e, view)) views.push(view);
  }
  return views;
}

const byStartThenId = (a: FixtureView, b: FixtureView): number =>
  a.startTime - b.startTime || (a.fixtureId < b.fixtureId ? -1 : a.fixtureId > b.fixtureId ? 1 : 0);

interface OddsOptions {
  readonly mainOnly: boolean;
}

function oddsHandler(deps: FixtureRoutesDeps, options: OddsOptions): ApiHandler {
  return (query, request) => {
    const e = entitlementOf(request);
    const mode = exactlyOne(query, ['tournamentId', 'fixtureIds']);
    const views =
      mode === 'tournamentId'
        ? tournamentFixtures(e, deps, intParam(query, 'tournamentId', { min: 0, max: 999_999 }) ?? 0)
        : requestedFixtures(e, deps.fixtures, query);
    const chosen = new Set(chosenBookmakers(e, deps.reference.data.bookmakers.map((b) => b.bookmaker), query));
    const bookmakerAllowed = (slug: string) => chosen.has(slug);
    const since = intParam(query, 'since', { min: 0 });
    return views.sort(byStartThenId).map((view) => {
      const odds: Record<string, Record<string, OddsEntry>> = {};
      for (const [bookmaker, entries] of Object.entries(deps.fixtures.odds(view.fixtureId))) {
        if (!bookmakerAllowed(bookmaker)) continue;
        const out: Record<string, OddsEntry> = {};
        let any = false;
        for (const [oddsId, entry] of Object.entries(entries)) {
          if (options.mainOnly && !entry.mainLine) continue;
          // Spec 4.3: without `since` the current (active) prices; with it, every change since, inactive ones included.
          if (since === undefined ? !entry.active : entry.changedAt < since) continue;
          out[oddsId] = { ...entry };
          any = true;
        }
        if (any) odds[bookmaker] = out;
      }
      const bookmakers: Record<string, BookmakerFixtureMeta> = {};
      for (const [slug, meta] of Object.entries(deps.fixtures.bookmakers(view.fixtureId))) {
        if (bookmakerAllowed(slug)) bookmakers[slug] = { ...meta };
      }
      return { ...localizeView(view, request.lang, deps.reference), bookmakers, odds };
    });
  };
}

export function fixtureHandlers(deps: FixtureRoutesDeps): Record<
  'fixtures' | 'fixtureOdds' | 'mainOdds' | 'fixtureMarkets' | 'mappingFixtures',
  ApiHandler
> {
  return {
    fixtures: (query, request) => {
      const e = entitlementOf(request);
      const sportId = intParam(query, 'sportId', { min: 10, max: 99 });
      const tournamentId = intParam(query, 'tournamentId', { min: 0, max: 999_999 });
      const statusId = intParam(query, 'statusId', { min: 0, max: 3 });
      const live = boolParam(query, 'live');
      const from = intParam(query, 'startTimeFrom', { min: 0 });
      const to = intParam(query, 'startTimeTo', { min: 0 });
      if (sportId !== undefined) requireSport(e, sportId);
      if (tournamentId !== undefined) {
        const t = deps.reference.tournamentById.get(tournamentId);
        if (t !== undefined) requireTournament(e, t.sportId, tournamentId);
      }
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

    fixtureOdds: oddsHandler(deps, { mainOnly: false }),
    mainOdds: oddsHandler(deps, { mainOnly: true }),

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
