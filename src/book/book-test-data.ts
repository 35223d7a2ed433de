// Builders of wire rows for the book's and the stream client's tests (valid by the schemas of src/wire).
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../wire/shared-schemas.ts';
import type { Market } from '../wire/reference-schemas.ts';
import type { StreamUpdate } from '../wire/stream-schemas.ts';
import { isLive } from '../wire/status.ts';

export const FIXTURE_ID = 'sr10000001x1';

/** A fixture price with `changedAt` and `price`; other fields plausible. */
export function oddsEntry(changedAt: number, price = 2, bookmaker = 'pinnacle', outcomeId = 101): OddsEntry {
  return {
    bookmaker,
    outcomeId,
    playerId: 0,
    marketId: 101,
    active: true,
    marketActive: true,
    mainLine: true,
    price,
    priceAmerican: 100,
    changedAt,
  };
}

export function oddsIdOf(outcomeId = 101, bookmaker = 'pinnacle', fixtureId = FIXTURE_ID): string {
  return `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`;
}

let seq = 0;
/** An `odds` data frame carrying the given prices of one fixture. */
export function oddsFrame(entries: readonly OddsEntry[], fixtureId = FIXTURE_ID): StreamUpdate {
  const odds: Record<string, Record<string, OddsEntry>> = {};
  for (const e of entries) (odds[e.bookmaker] ??= {})[oddsIdOf(e.outcomeId, e.bookmaker, fixtureId)] = e;
  seq++;
  return { channel: 'odds', type: 'UPDATE', ts: 1000, entryId: `1000-${String(seq)}`, payload: { fixtureId, odds } };
}

export function meta(bookmaker: string, updatedAt: string, extra: Partial<BookmakerFixtureMeta> = {}): BookmakerFixtureMeta {
  return {
    bookmaker,
    bookmakerFixtureId: null,
    fixturePath: null,
    hasOdds: true,
    staleOdds: false,
    staleOddsResponseCode: null,
    suspended: false,
    participantsRotated: false,
    meta: null,
    updatedAt,
    ...extra,
  };
}

export function fixtureView(fixtureId = FIXTURE_ID, statusId: 0 | 1 | 2 | 3 = 1): FixtureView {
  return {
    fixtureId,
    status: { live: isLive(statusId), statusId, statusName: isLive(statusId) ? 'Live' : 'Pre-Game' },
    sport: { sportId: 10, sportName: 'Soccer' },
    tournament: { tournamentId: 1, tournamentName: 'League', categoryName: 'Country' },
    season: { seasonId: null, seasonName: null, seasonRound: null },
    venue: { venueId: null, venueName: null, venueLocation: null },
    startTime: 1,
    trueStartTime: null,
    trueEndTime: null,
    participants: {
      participant1Id: 1,
      participant1RotNr: null,
      participant1Name: 'A',
      participant1ShortName: null,
      participant1Abbr: null,
      participant2Id: 2,
      participant2RotNr: null,
      participant2Name: 'B',
      participant2ShortName: null,
      participant2Abbr: null,
    },
    scores: {},
    clock: null,
    expectedPeriods: 2,
    periodLength: 45,
    externalProviders: {},
  };
}

/** The soccer 1X2 market of the catalogue (marketId 101, outcomes 101, 102, 103), as `/markets` gives it. */
export const MARKET_1X2: Market = {
  marketId: 101,
  marketLength: 3,
  sportId: 10,
  playerProp: false,
  handicap: 0,
  period: 'result',
  marketType: '1x2',
  marketName: 'Match Result',
  marketNameShort: '1X2',
  outcomes: [
    { outcomeId: 101, outcomeName: '1' },
    { outcomeId: 102, outcomeName: 'X' },
    { outcomeId: 103, outcomeName: '2' },
  ],
};
