// Reference-data endpoints: /sports, /tournaments, /seasons, /participants, /players, /venues,
// /bookmakers and /markets. Results are filtered to the key's sports, tournaments and
// bookmakers; a request that names one outside them fails whole with 403 (spec 5.8).
import type { CatalogueIndex } from '../../catalogue/catalogue.ts';
import {
  toBookmakerRecord,
  toMarketRecord,
  toParticipantRecord,
  toPlayerRecord,
  toSeasonRecord,
  toSportRecord,
  toTournamentRecord,
  toVenueRecord,
} from '../../catalogue/records.ts';
import type { ReferenceIndex } from '../../catalogue/reference-data.ts';
import type { ApiHandler } from '../app.ts';
import { sportIdOfMarketId, sportIdOfOutcomeId } from '../../../src/domain/ids.ts';
import { entitlementOf, requireSport, requireTournament, requireTournamentId } from '../scope.ts';
import { exactlyOne, intListParam, intParam } from '../query.ts';

export interface ReferenceDeps {
  readonly reference: ReferenceIndex;
  readonly catalogue: CatalogueIndex;
  /** Upcoming and live fixtures per tournament, for /tournaments. */
  readonly fixtureCounts: () => ReadonlyMap<number, { readonly upcoming: number; readonly live: number }>;
}

export function referenceHandlers(deps: ReferenceDeps): Record<
  'sports' | 'tournaments' | 'seasons' | 'participants' | 'players' | 'venues' | 'bookmakers' | 'markets',
  ApiHandler
> {
  const { reference, catalogue } = deps;
  const data = reference.data;
  const seasonsById = reference.seasonById;

  return {
    sports: (_query, request) => {
      const e = entitlementOf(request);
      return data.sports.filter((s) => e.allowsSport(s.sportId)).map((s) => toSportRecord(s, request.lang));
    },

    tournaments: (query, request) => {
      const e = entitlementOf(request);
      const sportId = intParam(query, 'sportId', { min: 10, max: 99 });
      if (sportId !== undefined) requireSport(e, sportId);
      const counts = deps.fixtureCounts();
      return data.tournaments
        .filter((t) => (sportId === undefined || t.sportId === sportId) && e.allowsSport(t.sportId) && e.allowsTournament(t.tournamentId))
        .map((t) => {
          const c = counts.get(t.tournamentId);
          return { ...toTournamentRecord(t, request.lang), upcomingFixtures: c?.upcoming ?? 0, liveFixtures: c?.live ?? 0 };
        });
    },

    seasons: (query, request) => {
      const e = entitlementOf(request);
      const mode = exactlyOne(query, ['seasonIds', 'tournamentId']);
      const visible = (s: { sportId: number; tournamentId: number }) => e.allowsSport(s.sportId) && e.allowsTournament(s.tournamentId);
      if (mode === 'tournamentId') {
        const tournamentId = intParam(query, 'tournamentId', { min: 0, max: 999_999 }) ?? 0;
        requireTournamentId(e, reference, tournamentId);
        return (reference.seasonsByTournament.get(tournamentId) ?? []).map(toSeasonRecord);
      }
      const ids = intListParam(query, 'seasonIds') ?? [];
      const seasons = ids.map((id) => seasonsById.get(id)).filter((s) => s !== undefined);
      for (const s of seasons) if (!visible(s)) requireTournament(e, s.sportId, s.tournamentId);
      return seasons.map(toSeasonRecord);
    },

    participants: (query, request) => {
      const e = entitlementOf(request);
      const mode = exactlyOne(query, ['participantIds', 'sportId', 'tournamentId']);
      if (mode === 'sportId') {
        const sportId = intParam(query, 'sportId', { min: 10, max: 99 }) ?? 0;
        requireSport(e, sportId);
        return data.participants.filter((p) => p.sportId === sportId).map(toParticipantRecord);
      }
      if (mode === 'tournamentId') {
        const tournamentId = intParam(query, 'tournamentId', { min: 0, max: 999_999 }) ?? 0;
        requireTournamentId(e, reference, tournamentId);
        const tournament = reference.tournamentById.get(tournamentId);
        if (!tournament) return [];
        return tournament.participantIds.map((id) => reference.participantById.get(id)).filter((p) => p !== undefined).map(toParticipantRecord);
      }
      const participants = (intListParam(query, 'participantIds') ?? []).map((id) => reference.participantById.get(id)).filter((p) => p !== undefined);
      for (const p of participants) requireSport(e, p.sportId);
      return participants.map(toParticipantRecord);
    },

    players: (query, request) => {
      const e = entitlementOf(request);
      const mode = exactlyOne(query, ['playerIds', 'participantId', 'sportId']);
      if (mode === 'sportId') {
        const sportId = intParam(query, 'sportId', { min: 10, max: 99 }) ?? 0;
        requireSport(e, sportId);
        return data.players.filter((p) => p.sportId === sportId).map(toPlayerRecord);
      }
      if (mode === 'participantId') {
        const participantId = intParam(query, 'participantId', { min: 1 }) ?? 0;
        const participant = reference.participantById.get(participantId);
        if (participant) requireSport(e, participant.sportId);
        return (reference.playersByParticipant.get(participantId) ?? []).map(toPlayerRecord);
      }
      const players = (intListParam(query, 'playerIds') ?? []).map((id) => reference.playerById.get(id)).filter((p) => p !== undefined);
      for (const p of players) requireSport(e, p.sportId);
      return players.map(toPlayerRecord);
    },

    venues: (query, request) => {
      const ids = intListParam(query, 'venueIds');
      const venues = ids === undefined ? data.venues : ids.map((id) => reference.venueById.get(id)).filter((v) => v !== undefined);
      return venues.map((v) => toVenueRecord(v, request.lang));
    },

    bookmakers: (query, request) => {
      const e = entitlementOf(request);
      const sportId = intParam(query, 'sportId', { min: 10, max: 99 });
      if (sportId !== undefined) requireSport(e, sportId);
      return data.bookmakers
        .filter((b) => e.allowsBookmaker(b.bookmaker) && (sportId === undefined || b.sportIds.includes(sportId)))
        .map(toBookmakerRecord);
    },

    markets: (query, request) => {
      const e = entitlementOf(request);
      const mode = exactlyOne(query, ['marketIds', 'sportId', 'outcomeIds']);
      if (mode === 'sportId') {
        const sportId = intParam(query, 'sportId', { min: 10, max: 99 }) ?? 0;
        requireSport(e, sportId);
        return (catalogue.bySport.get(sportId) ?? []).map((m) => toMarketRecord(m, request.lang));
      }
      const ids = intListParam(query, mode, 1000) ?? [];
      // A marketId or outcomeId carries its sport in its first two digits: one of a sport outside
      // the key is a 403 whether it exists or not (ids under 100 carry none and match nothing).
      for (const id of ids) if (id >= 100) requireSport(e, mode === 'marketIds' ? sportIdOfMarketId(id) : sportIdOfOutcomeId(id));
      const markets =
        mode === 'marketIds' ? ids.map((id) => catalogue.byMarketId.get(id)) : [...new Set(ids.map((id) => catalogue.byOutcomeId.get(id)?.market))];
      const found = markets.filter((m) => m !== undefined);
      for (const m of found) requireSport(e, m.sportId);
      return found.map((m) => toMarketRecord(m, request.lang));
    },
  };
}
