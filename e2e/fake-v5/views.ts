// The fake's payloads: the fixture view (spec 2.2), BookmakerFixtureMeta (2.4) and friends, with
// exactly the keys the spec shows.
import { BOOKMAKERS, PARTICIPANTS, SEASONS, SPORT, TOURNAMENTS, VENUE, statusOf, type Fixture } from './world.ts';

const participant = (id: number) => PARTICIPANTS.find((p) => p.participantId === id);

/** Spec 2.2, without `bookmakers` and `odds` (each endpoint adds what it carries). */
export function fixtureView(fixture: Fixture, startedAtIso: string) {
  const tournament = TOURNAMENTS[fixture.tournamentIndex] ?? TOURNAMENTS[0];
  const season = SEASONS[fixture.tournamentIndex] ?? SEASONS[0];
  const home = participant(fixture.home);
  const away = participant(fixture.away);
  const started = fixture.statusId !== 0;
  const scores = started
    ? { result: { period: 'result', participant1Score: fixture.goals[0], participant2Score: fixture.goals[1], updatedAt: startedAtIso } }
    : {};
  return {
    fixtureId: fixture.fixtureId,
    status: statusOf(fixture.statusId),
    sport: { ...SPORT },
    tournament: { ...tournament },
    season: { seasonId: season?.seasonId ?? null, seasonName: season?.seasonName ?? null, seasonRound: null },
    venue: { ...VENUE },
    startTime: fixture.startTime,
    trueStartTime: started ? new Date(fixture.startTime * 1000).toISOString() : null,
    trueEndTime: fixture.statusId === 2 ? new Date(fixture.startTime * 1000 + 2 * 3600_000).toISOString() : null,
    participants: {
      participant1Id: fixture.home, participant1RotNr: null, participant1Name: home?.participantName ?? '', participant1ShortName: home?.participantShortName ?? null, participant1Abbr: null,
      participant2Id: fixture.away, participant2RotNr: null, participant2Name: away?.participantName ?? '', participant2ShortName: away?.participantShortName ?? null, participant2Abbr: null,
    },
    scores,
    clock: { currentPeriod: null, currentTime: null, remainingTime: null, remainingTimeInPeriod: null, stopped: null },
    expectedPeriods: 2,
    periodLength: 45,
    externalProviders: {},
  };
}

/** Spec 2.4, for the bookmakers offering valid realtime odds on the fixture (none once it finished). */
export function bookmakerMetas(fixture: Fixture, bookmakers: readonly string[], updatedAtIso: string) {
  const metas: Record<string, unknown> = {};
  if (fixture.statusId === 2) return metas;
  for (const bookmaker of BOOKMAKERS) {
    if (!bookmakers.includes(bookmaker)) continue;
    metas[bookmaker] = {
      bookmaker, bookmakerFixtureId: null, fixturePath: null, hasOdds: true, staleOdds: false, staleOddsResponseCode: null,
      suspended: false, participantsRotated: false, meta: null, updatedAt: updatedAtIso,
    };
  }
  return metas;
}
