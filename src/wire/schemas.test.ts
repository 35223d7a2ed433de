// Wire schemas: realistic payloads (hand-written from the spec's examples) parse, extras are
// kept, and missing, null or mistyped fields are reported at their exact path.
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  STATUS_NAMES,
  americanPriceSchema,
  fixtureViewSchema,
  isoTimestampSchema,
  oddsEntrySchema,
  priceSchema,
} from './shared-schemas.ts';
import {
  INACTIVE_REASONS,
  clvFixtureViewSchema,
  errorBodySchema,
  fixtureHistoricalOddsResponseSchema,
  fixtureViewWithOddsSchema,
  fixturesResponseSchema,
  futureHistoricalOddsResponseSchema,
  isKnownInactiveReason,
  liveFuturesResponseSchema,
  mainOddsResponseSchema,
  parlayResponseSchema,
  sgpEntrySchema,
  sgpResponseSchema,
} from './rest-schemas.ts';
import {
  bookmakersResponseSchema,
  marketsResponseSchema,
  playersResponseSchema,
  seasonsResponseSchema,
  sportsResponseSchema,
  tournamentsResponseSchema,
  venuesResponseSchema,
} from './reference-schemas.ts';
import {
  CHANNELS,
  ENTRY_ID_PATTERN,
  RECEIVE_TYPES,
  SNAPSHOT_REASONS,
  channelPayloadSchemas,
  controlFrameSchema,
  dataFrameSchema,
  entryIdSchema,
  isKnownSnapshotReason,
  loginFrameSchema,
  serverEpochSchema,
  serverFrameSchema,
  streamUpdateSchema,
} from './stream-schemas.ts';
import type { FixtureView } from './shared-schemas.ts';
import type { ParlayEntry, SgpEntry } from './rest-schemas.ts';
import type { StreamUpdate, ControlFrame } from './stream-schemas.ts';
import { formatPath, safeParseWire } from './validate.ts';

// ---------------------------------------------------------------------------------------------
// Hand-written payloads. Fixture id1000001761301227 = provider "id", sport 10, tournament
// 000017, provider fixture 61301227. Market 101 is 1x2 (outcomes 101, 102, 103); market 1010 is
// Over/Under 2.5 (outcomes 1010, 1011). American prices are worked by hand from the decimal:
// price ≥ 2 → (price − 1)·100, price < 2 → −100 / (price − 1), e.g. 1.80 → −125.
// ---------------------------------------------------------------------------------------------

const FIXTURE_ID = 'id1000001761301227';
const HOME_ODDS_ID = `${FIXTURE_ID}:pinnacle:101:0`;
const OVER_ODDS_ID = `${FIXTURE_ID}:pinnacle:1010:0`;
// parlayId: the sorted oddsIds joined with ","; "1010:0" sorts before "101:0" (":" > "0").
const SGP_PARLAY_ID = `${OVER_ODDS_ID},${HOME_ODDS_ID}`;

function fixtureView() {
  return {
    fixtureId: FIXTURE_ID,
    status: { live: true, statusId: 1, statusName: 'Live' },
    sport: { sportId: 10, sportName: 'Soccer' },
    tournament: { tournamentId: 17, tournamentName: 'Premier League', categoryName: 'England' },
    season: { seasonId: 130281, seasonName: 'Premier League 25/26', seasonRound: 9 },
    venue: {
      venueId: 1286,
      venueName: 'Emirates Stadium',
      venueLocation: 'London',
      venueSlug: 'emirates-stadium',
    },
    startTime: 1761301800,
    trueStartTime: '2025-10-24T10:30:12Z',
    trueEndTime: null,
    participants: {
      participant1Id: 42,
      participant1RotNr: 501,
      participant1Name: 'Arsenal FC',
      participant1ShortName: 'Arsenal',
      participant1Abbr: 'ARS',
      participant2Id: 44,
      participant2RotNr: 502,
      participant2Name: 'Liverpool FC',
      participant2ShortName: 'Liverpool',
      participant2Abbr: 'LIV',
    },
    scores: {
      result: { period: 'result', participant1Score: 1, participant2Score: 0, updatedAt: '2025-10-24T10:52:40Z' },
      p1: { period: 'p1', participant1Score: 1, participant2Score: 0, updatedAt: '2025-10-24T10:52:40Z' },
    },
    clock: {
      currentPeriod: 'p1',
      currentTime: 1380,
      remainingTime: 4020,
      remainingTimeInPeriod: 1320,
      stopped: false,
    },
    expectedPeriods: 2,
    periodLength: 45,
    externalProviders: { betradarId: 61301227, lsportsId: '13765302', betgeniusId: null },
  };
}

function homeOddsEntry() {
  return {
    bookmaker: 'pinnacle',
    outcomeId: 101,
    playerId: 0,
    marketId: 101,
    active: true,
    marketActive: true,
    mainLine: true,
    price: 2.1,
    priceAmerican: 110,
    changedAt: 1761302560123,
  };
}

function overOddsEntry() {
  return {
    bookmaker: 'pinnacle',
    outcomeId: 1010,
    playerId: 0,
    marketId: 1010,
    active: true,
    marketActive: true,
    mainLine: true,
    price: 1.95,
    priceAmerican: -105,
    changedAt: 1761302561456,
    // The stream's optional extras.
    bookmakerMarketId: '1613584072',
    bookmakerOutcomeId: 3,
    bookmakerChangedAt: 1761302561001,
    priceFractional: '19/20',
    limit: 5000,
    betslip: 'https://www.pinnacle.com/en/betslip?legs=1613584072-3',
    meta: { lineId: 3013587345 },
  };
}

function bookmakerMeta() {
  return {
    bookmaker: 'pinnacle',
    bookmakerFixtureId: '1613584072',
    fixturePath: '/soccer/england-premier-league/arsenal-vs-liverpool/1613584072',
    hasOdds: true,
    staleOdds: false,
    staleOddsResponseCode: null,
    suspended: false,
    participantsRotated: false,
    meta: null,
    updatedAt: '2025-10-24T10:52:41.311Z',
  };
}

function fixtureViewWithOdds() {
  return {
    ...fixtureView(),
    bookmakers: { pinnacle: bookmakerMeta() },
    odds: { pinnacle: { [HOME_ODDS_ID]: homeOddsEntry(), [OVER_ODDS_ID]: overOddsEntry() } },
  };
}

function clvEntry(price: number, priceAmerican: number, priceFractional: string, changedAt: number) {
  return {
    bookmaker: 'pinnacle',
    outcomeId: 101,
    playerId: 0,
    price,
    priceFractional,
    priceAmerican,
    active: false,
    limit: null,
    changedAt,
  };
}

function clvFixtureView() {
  return {
    ...fixtureView(),
    status: { live: false, statusId: 2, statusName: 'Finished' },
    reissuedFixtureId: null,
    odds: {
      pinnacle: {
        [HOME_ODDS_ID]: {
          clv: clvEntry(1.95, -105, '', 1761307100000),
          olv: clvEntry(2.05, 105, '21/20', 1760950000000),
        },
      },
    },
  };
}

function activeSgpEntry() {
  return {
    bookmaker: 'pinnacle',
    active: true,
    price: 3.75,
    priceFractional: '11/4',
    priceAmerican: 275,
    singlesPrice: 4.095, // 2.10 × 1.95 = 819/200
    changedAt: 1761302562000,
    limit: 250,
    bookmakerParlayId: 'sgp-88123',
    bookmakerChangedAt: 1761302561900,
    betslip: 'https://www.pinnacle.com/en/betslip?sgp=sgp-88123',
    meta: { offers: [{ price: 3.7, limit: 500 }] },
  };
}

function inactiveSgpEntry(inactiveReason: string) {
  return {
    active: false,
    price: 1,
    singlesPrice: 4.095,
    changedAt: 1761302562000,
    meta: { inactiveReason },
  };
}

function sgpResponse() {
  return {
    ...fixtureViewWithOdds(),
    missingOddsIds: [`${FIXTURE_ID}:draftkings:101:0`],
    sgp: {
      pinnacle: { [SGP_PARLAY_ID]: activeSgpEntry() },
      betfair: {
        [`${FIXTURE_ID}:betfair:1010:0,${FIXTURE_ID}:betfair:101:0`]:
          inactiveSgpEntry('not_combinable'),
      },
    },
  };
}

// A cross-fixture parlay: home at 2.10 here and at 1.80 on id1000001761301300; 2.10 × 1.80 = 3.78.
const OTHER_FIXTURE_ID = 'id1000001761301300';
const OTHER_ODDS_ID = `${OTHER_FIXTURE_ID}:pinnacle:101:0`;
const CROSS_PARLAY_ID = `${HOME_ODDS_ID},${OTHER_ODDS_ID}`;

function activeParlayEntry() {
  return {
    bookmaker: 'pinnacle',
    active: true,
    price: 3.78,
    priceFractional: '139/50',
    priceAmerican: 278,
    singlesPrice: 3.78,
    changedAt: 1761302562000,
  };
}

function parlayResponse() {
  const parlay = { pinnacle: { [CROSS_PARLAY_ID]: activeParlayEntry() } };
  return [
    { ...fixtureViewWithOdds(), missingOddsIds: [`${FIXTURE_ID}:draftkings:101:0`], parlay },
    {
      ...fixtureViewWithOdds(),
      fixtureId: OTHER_FIXTURE_ID,
      odds: { pinnacle: { [OTHER_ODDS_ID]: { ...homeOddsEntry(), price: 1.8, priceAmerican: -125 } } },
      parlay,
    },
  ];
}

function market() {
  return {
    marketId: 1010,
    marketLength: 2,
    sportId: 10,
    playerProp: false,
    handicap: 2.5,
    period: 'result',
    marketType: 'totals',
    marketName: 'Over/Under 2.5',
    marketNameShort: 'O/U 2.5',
    outcomes: [
      { outcomeId: 1010, outcomeName: 'Over' },
      { outcomeId: 1011, outcomeName: 'Under' },
    ],
  };
}

const FUTURE_ID = 'id10000017130281101';

function liveFuture() {
  return {
    futureId: FUTURE_ID,
    reissuedFutureId: null,
    status: { live: true, statusId: 1, statusName: 'Live' },
    sport: { sportId: 10, sportName: 'Soccer' },
    tournament: { tournamentId: 17, tournamentName: 'Premier League', categoryName: 'England' },
    season: { seasonId: 130281, seasonName: 'Premier League 25/26' },
    startTime: 1755302400,
    endTime: 1779566400,
    market: { marketId: 1001, marketName: null, marketType: null },
    participants: [
      { participantId: 42, participantName: 'Arsenal FC' },
      { participantId: 44, participantName: 'Liverpool FC' },
    ],
    externalProviders: { betradarId: 130281 },
    bookmakers: {
      pinnacle: { bookmaker: 'pinnacle', bookmakerFutureId: '1601112233', participantsRotated: false },
    },
  };
}

function futureOddsEntry(price: number, changedAt: number) {
  return { bookmaker: 'pinnacle', participantId: 42, price, active: true, changedAt };
}

function futureHistoricalOdds() {
  return {
    futureId: FUTURE_ID,
    odds: {
      pinnacle: {
        [`${FUTURE_ID}:pinnacle:42`]: {
          '1761200000000': futureOddsEntry(3.6, 1761200000000),
          '1761300000000': futureOddsEntry(3.4, 1761300000000),
        },
      },
    },
    bookmakers: {
      pinnacle: { bookmaker: 'pinnacle', bookmakerFutureId: '1601112233', participantsRotated: false },
    },
  };
}

function loginFrame() {
  return {
    type: 'login',
    apiKey: 'k-3f9c2a',
    channels: ['odds', 'scores', 'fixtures'],
    sportIds: [10],
    tournamentIds: [17],
    fixtureIds: [FIXTURE_ID],
    futureIds: [FUTURE_ID],
    bookmakers: ['pinnacle', 'betfair'],
    lang: 'en',
    receiveType: 'zstd-dict',
    clientName: 'odds-explorer',
    pregame: true,
    live: true,
    serverEpoch: '18f3a2c4b1d',
    lastSeenId: { scores: '1761302560123-4', fixtures: '1761302559000-0' },
  };
}

function loginOkFrame() {
  return {
    type: 'login_ok',
    access: { live: true, pregame: true },
    channels: ['odds', 'scores', 'fixtures'],
    receiveType: 'json',
    resume: {
      serverEpoch: '18f3a2c4b1d',
      resumeWindowMs: 60000,
      replayChannels: ['fixtures', 'scores', 'clocks'],
      serverEntryIds: { scores: '1761302562000-1', fixtures: '1761302561000-0' },
    },
  };
}

function snapshotRequiredFrame(reason: string) {
  return {
    type: 'snapshot_required',
    reason,
    channels: ['scores'],
    serverEpoch: '18f3a2c4b1d',
    resumeWindowMs: 60000,
    serverEntryIds: { scores: '1761302562000-1' },
  };
}

function update(channel: string, payload: unknown) {
  return { channel, type: 'UPDATE', payload, ts: 1761302562345, entryId: '1761302562345-7' };
}

const STREAM_PAYLOADS = {
  fixtures: fixtureView(),
  scores: { fixtureId: FIXTURE_ID, scores: { p1: fixtureView().scores.p1 } },
  odds: { fixtureId: FIXTURE_ID, odds: { pinnacle: { [OVER_ODDS_ID]: overOddsEntry() } } },
  bookmakers: { fixtureId: FIXTURE_ID, bookmakers: { pinnacle: { ...bookmakerMeta(), staleOdds: true, staleOddsResponseCode: 503 } } },
  injuries: {
    fixtureId: FIXTURE_ID,
    injuries: [
      {
        participantId: 42,
        playerId: 88231,
        playerName: 'Bukayo Saka',
        status: 'doubtful',
        reason: 'Hamstring',
        updatedAt: '2025-10-23T18:00:00+01:00',
      },
    ],
  },
  lineups: {
    fixtureId: FIXTURE_ID,
    lineups: {
      participant1: {
        formation: '4-3-3',
        starters: [{ playerId: 88001, playerName: 'David Raya', position: 'G', shirtNumber: 1 }],
        substitutes: [{ playerId: 88002, playerName: 'Kepa Arrizabalaga', position: 'G', shirtNumber: 13 }],
      },
      participant2: {
        formation: null,
        starters: [{ playerId: 89001, playerName: 'Alisson Becker', position: null, shirtNumber: null }],
        substitutes: [],
      },
    },
    confirmed: true,
    updatedAt: '2025-10-24T09:30:00Z',
  },
  stats: {
    fixtureId: FIXTURE_ID,
    stats: { shots: { participant1: 7, participant2: 3 }, possession: { participant1: 58.4, participant2: 41.6 } },
    updatedAt: '2025-10-24T10:52:40Z',
  },
  clocks: { fixtureId: FIXTURE_ID, clock: fixtureView().clock },
  oddsFutures: {
    futureId: FUTURE_ID,
    odds: { pinnacle: { [`${FUTURE_ID}:pinnacle:42`]: futureOddsEntry(3.4, 1761300000000) } },
  },
};

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

type Path = readonly (string | number)[];
const REMOVE = Symbol('remove');

/** A deep copy of `root` with the value at `path` replaced (or the key removed). */
function edit(root: unknown, path: Path, value: unknown): unknown {
  const copy: unknown = structuredClone(root);
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (last === undefined) throw new Error('empty path');
  if (value === REMOVE) Reflect.deleteProperty(node, last);
  else node[last] = value;
  return copy;
}

function issuesOf(schema: z.ZodType, data: unknown): { path: string; message: string }[] {
  const result = safeParseWire(schema, data, 'test');
  return result.ok ? [] : result.error.issues.map((i) => ({ path: i.path, message: i.message }));
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

const VALID_CASES: [string, z.ZodType, unknown][] = [
  ['plain fixture view', fixtureViewSchema, fixtureView()],
  ['fixtures list', fixturesResponseSchema, [fixtureView()]],
  ['fixture view with odds', fixtureViewWithOddsSchema, fixtureViewWithOdds()],
  ['main odds response', mainOddsResponseSchema, [fixtureViewWithOdds(), { ...fixtureViewWithOdds(), odds: {} }]],
  ['CLV fixture view', clvFixtureViewSchema, clvFixtureView()],
  ['SGP response', sgpResponseSchema, sgpResponse()],
  ['parlay response', parlayResponseSchema, parlayResponse()],
  ['markets response', marketsResponseSchema, [market()]],
  [
    'seasons response',
    seasonsResponseSchema,
    [{ seasonId: 130281, tournamentId: 17, sportId: 10, seasonSlug: 'premier-league-25-26', seasonName: 'Premier League 25/26' }],
  ],
  ['players response', playersResponseSchema, [{ playerId: 88231, playerName: 'Bukayo Saka' }]],
  [
    'venues response',
    venuesResponseSchema,
    [{ venueId: 1286, venueName: 'Emirates Stadium', venueLocation: 'London', venueSlug: 'emirates-stadium' }],
  ],
  [
    'bookmakers response',
    bookmakersResponseSchema,
    [
      {
        bookmaker: 'pinnacle',
        bookmakerName: 'Pinnacle',
        maxDelayLiveInSec: 5,
        maxDelayPregameInSec: 60,
        maxDelayPregameMainInSec: 30,
      },
    ],
  ],
  ['live futures response', liveFuturesResponseSchema, [liveFuture()]],
  ['future historical odds response', futureHistoricalOddsResponseSchema, futureHistoricalOdds()],
  [
    'rate-limit error body',
    errorBodySchema,
    { error: 429, message: 'Rate limit exceeded.', code: 'rate_limited', retryAfterSec: 1 },
  ],
  ['login frame', loginFrameSchema, loginFrame()],
  ['minimal login frame', loginFrameSchema, { type: 'login', apiKey: 'k-3f9c2a' }],
  ['login_ok frame', controlFrameSchema, loginOkFrame()],
  ['error frame', controlFrameSchema, { type: 'error', code: 'unauthorized', message: 'Invalid API key.' }],
  ['resume_complete frame', controlFrameSchema, { type: 'resume_complete', serverEpoch: '18f3a2c4b1d' }],
  ['snapshot_required frame', controlFrameSchema, snapshotRequiredFrame('resume_window_exceeded')],
  ['reconnect frame', controlFrameSchema, { type: 'reconnect', reason: 'server_upgrade' }],
  [
    'dict frame',
    controlFrameSchema,
    { type: 'dict', channel: 'odds', dictId: 1158217318, dictVersion: 3, data: 'N6Qw7AAAAAA=' },
  ],
  ...CHANNELS.map((channel): [string, z.ZodType, unknown] => [
    `${channel} data frame`,
    streamUpdateSchema,
    update(channel, STREAM_PAYLOADS[channel]),
  ]),
];

describe('valid payloads', () => {
  it.each(VALID_CASES)('a realistic %s parses to an equal value', (_name, schema, example) => {
    const result = schema.safeParse(example);
    expect(result.error).toBeUndefined();
    expect(result.data).toEqual(example);
  });
});

describe('unknown extra properties', () => {
  it('are kept at the top level of a fixture view', () => {
    const parsed = fixtureViewWithOddsSchema.parse({ ...fixtureViewWithOdds(), sponsor: 'Emirates' });
    expect(parsed.sponsor).toBe('Emirates');
  });

  it('are kept inside a nested odds entry', () => {
    const data = edit(fixtureViewWithOdds(), ['odds', 'pinnacle', HOME_ODDS_ID, 'lineNote'], 'boosted');
    const parsed = fixtureViewWithOddsSchema.parse(data);
    expect(parsed.odds.pinnacle?.[HOME_ODDS_ID]?.lineNote).toBe('boosted');
  });

  it('are kept inside nested fixture parts and stream payloads', () => {
    const data = update('scores', edit(STREAM_PAYLOADS.scores, ['scores', 'p1', 'source'], 'official'));
    const parsed = streamUpdateSchema.parse(data);
    expect(parsed.channel === 'scores' && parsed.payload.scores.p1?.source).toBe('official');
  });

  it('are kept on any object of a fixture view, whatever their name and JSON value', () => {
    const objectPaths: Path[] = [[], ['status'], ['sport'], ['tournament'], ['season'], ['venue'], ['participants'], ['clock'], ['scores', 'p1']];
    const known = new Set(Object.keys(fixtureView()));
    fc.assert(
      fc.property(
        fc.constantFrom(...objectPaths),
        fc.string({ minLength: 1 }).filter((k) => !known.has(k) && k !== '__proto__'),
        fc.jsonValue(),
        (path, key, value) => {
          const data = edit(fixtureView(), [...path, key], value);
          expect(fixtureViewSchema.parse(data)).toEqual(data);
        },
      ),
    );
  });

  it('include the removed login field dicts, which is kept but not typed', () => {
    expect(loginFrameSchema.parse({ ...loginFrame(), dicts: ['odds'] }).dicts).toEqual(['odds']);
  });
});

type Case = [name: string, schema: z.ZodType, example: unknown, path: Path];

/** One case per key, at `base` + key inside `example`, named `<label><key>`. */
function casesAt(label: string, schema: z.ZodType, example: unknown, base: Path, keys: readonly string[]): Case[] {
  return keys.map((k) => [`${label}${k}`, schema, example, [...base, k]]);
}

const HOME_ENTRY_PATH: Path = ['odds', 'pinnacle', HOME_ODDS_ID];
const OVER_ENTRY_PATH: Path = ['odds', 'pinnacle', OVER_ODDS_ID];
const SGP_ENTRY_PATH: Path = ['sgp', 'pinnacle', SGP_PARLAY_ID];
const ERROR_BODY = { error: 400, message: 'oddsIds must share one fixture.', code: 'invalid_filters' };
const BOOKMAKER = {
  bookmaker: 'pinnacle',
  bookmakerName: 'Pinnacle',
  maxDelayLiveInSec: 5,
  maxDelayPregameInSec: 60,
  maxDelayPregameMainInSec: 30,
};
const ODDS_UPDATE = update('odds', STREAM_PAYLOADS.odds);
const keys = (o: object) => Object.keys(o);

const REQUIRED_CASES: Case[] = [
  ...casesAt('', fixtureViewWithOddsSchema, fixtureViewWithOdds(), [], keys(fixtureViewWithOdds())),
  ...casesAt('status.', fixtureViewSchema, fixtureView(), ['status'], keys(fixtureView().status)),
  ...casesAt('sport.', fixtureViewSchema, fixtureView(), ['sport'], keys(fixtureView().sport)),
  ...casesAt('tournament.', fixtureViewSchema, fixtureView(), ['tournament'], keys(fixtureView().tournament)),
  ...casesAt('season.', fixtureViewSchema, fixtureView(), ['season'], keys(fixtureView().season)),
  ...casesAt('venue.', fixtureViewSchema, fixtureView(), ['venue'], ['venueId', 'venueName', 'venueLocation']),
  ...casesAt('participants.', fixtureViewSchema, fixtureView(), ['participants'], keys(fixtureView().participants)),
  ...casesAt('clock.', fixtureViewSchema, fixtureView(), ['clock'], keys(fixtureView().clock)),
  ...casesAt('scores.p1.', fixtureViewSchema, fixtureView(), ['scores', 'p1'], keys(fixtureView().scores.p1)),
  ...casesAt('odds entry ', fixtureViewWithOddsSchema, fixtureViewWithOdds(), HOME_ENTRY_PATH, keys(homeOddsEntry())),
  ...casesAt('bookmaker meta ', fixtureViewWithOddsSchema, fixtureViewWithOdds(), ['bookmakers', 'pinnacle'], keys(bookmakerMeta())),
  ...casesAt('CLV ', clvFixtureViewSchema, clvFixtureView(), [], ['reissuedFixtureId']),
  ...casesAt('CLV pair ', clvFixtureViewSchema, clvFixtureView(), HOME_ENTRY_PATH, ['clv', 'olv']),
  ...casesAt('CLV entry ', clvFixtureViewSchema, clvFixtureView(), [...HOME_ENTRY_PATH, 'clv'], keys(clvEntry(2, 100, '1/1', 0))),
  ...casesAt('SGP response ', sgpResponseSchema, sgpResponse(), [], ['sgp']),
  ...casesAt('active SGP entry ', sgpResponseSchema, sgpResponse(), SGP_ENTRY_PATH, [
    'bookmaker', 'price', 'priceFractional', 'priceAmerican', 'singlesPrice', 'changedAt',
  ]),
  ...casesAt('parlay response ', parlayResponseSchema, parlayResponse(), [1], ['parlay']),
  ...casesAt('market ', marketsResponseSchema, [market()], [0], keys(market())),
  ...casesAt('future ', liveFuturesResponseSchema, [liveFuture()], [0], keys(liveFuture())),
  ...casesAt('future market.', liveFuturesResponseSchema, [liveFuture()], [0, 'market'], keys(liveFuture().market)),
  ...casesAt('future historical ', futureHistoricalOddsResponseSchema, futureHistoricalOdds(), [], keys(futureHistoricalOdds())),
  // `bookmakerName` is not in spec 4.10: see 'fields the spec does not show'.
  ...casesAt('bookmaker ', bookmakersResponseSchema, [BOOKMAKER], [0], ['bookmaker', 'maxDelayLiveInSec', 'maxDelayPregameInSec', 'maxDelayPregameMainInSec']),
  ...casesAt('error body ', errorBodySchema, ERROR_BODY, [], keys(ERROR_BODY)),
  ...casesAt('login ', loginFrameSchema, loginFrame(), [], ['apiKey']),
  ...casesAt('login_ok ', controlFrameSchema, loginOkFrame(), [], ['access', 'channels', 'receiveType', 'resume']),
  ...casesAt('login_ok resume.', controlFrameSchema, loginOkFrame(), ['resume'], keys(loginOkFrame().resume)),
  ...casesAt('snapshot_required ', controlFrameSchema, snapshotRequiredFrame('server_restarted'), [], [
    'reason', 'channels', 'serverEpoch', 'resumeWindowMs', 'serverEntryIds',
  ]),
  ...casesAt('envelope ', streamUpdateSchema, ODDS_UPDATE, [], ['ts', 'entryId', 'payload']),
  ...casesAt('odds payload ', streamUpdateSchema, ODDS_UPDATE, ['payload'], ['fixtureId', 'odds']),
  ...casesAt('injury ', streamUpdateSchema, update('injuries', STREAM_PAYLOADS.injuries), ['payload', 'injuries', 0], keys(STREAM_PAYLOADS.injuries.injuries[0] ?? {})),
  ...casesAt('lineups payload ', streamUpdateSchema, update('lineups', STREAM_PAYLOADS.lineups), ['payload'], ['lineups', 'confirmed', 'updatedAt']),
  ...casesAt('stats payload ', streamUpdateSchema, update('stats', STREAM_PAYLOADS.stats), ['payload'], ['stats', 'updatedAt']),
];

describe('required fields', () => {
  it.each(REQUIRED_CASES)('a missing %s is reported as missing at its path', (_name, schema, example, path) => {
    expect(issuesOf(schema, edit(example, path, REMOVE))).toEqual([
      { path: formatPath(path), message: expect.stringMatching(/^missing/) as unknown },
    ]);
  });

  it('a missing nested key reads as an accessor path with its expected type', () => {
    const issues = issuesOf(mainOddsResponseSchema, [edit(fixtureViewWithOdds(), [...HOME_ENTRY_PATH, 'marketId'], REMOVE)]);
    expect(issues).toEqual([
      { path: `[0].odds.pinnacle["${HOME_ODDS_ID}"].marketId`, message: 'missing, expected number' },
    ]);
  });
});

const NULLABLE_CASES: Case[] = [
  ...casesAt('season.', fixtureViewSchema, fixtureView(), ['season'], keys(fixtureView().season)),
  ...casesAt('venue.', fixtureViewSchema, fixtureView(), ['venue'], keys(fixtureView().venue)),
  ...casesAt('', fixtureViewSchema, fixtureView(), [], ['trueStartTime', 'trueEndTime', 'clock', 'expectedPeriods', 'periodLength']),
  ...casesAt('clock.', fixtureViewSchema, fixtureView(), ['clock'], keys(fixtureView().clock)),
  ...casesAt('participants.', fixtureViewSchema, fixtureView(), ['participants'], [
    'participant1RotNr', 'participant1ShortName', 'participant1Abbr',
    'participant2RotNr', 'participant2ShortName', 'participant2Abbr',
  ]),
  ...casesAt('externalProviders.', fixtureViewSchema, fixtureView(), ['externalProviders'], ['betradarId']),
  ...casesAt('odds entry ', fixtureViewWithOddsSchema, fixtureViewWithOdds(), HOME_ENTRY_PATH, ['priceAmerican']),
  ...casesAt('odds entry ', fixtureViewWithOddsSchema, fixtureViewWithOdds(), OVER_ENTRY_PATH, ['limit', 'meta']),
  ...casesAt('bookmaker meta ', fixtureViewWithOddsSchema, fixtureViewWithOdds(), ['bookmakers', 'pinnacle'], [
    'bookmakerFixtureId', 'fixturePath', 'staleOddsResponseCode', 'meta',
  ]),
  ...casesAt('CLV entry ', clvFixtureViewSchema, clvFixtureView(), [...HOME_ENTRY_PATH, 'olv'], ['limit', 'priceAmerican']),
  ...casesAt('CLV ', clvFixtureViewSchema, clvFixtureView(), [], ['reissuedFixtureId']),
  ...casesAt('active SGP entry ', sgpResponseSchema, sgpResponse(), SGP_ENTRY_PATH, ['priceAmerican']),
  ...casesAt('future ', liveFuturesResponseSchema, [liveFuture()], [0], ['reissuedFutureId']),
  ...casesAt('future market.', liveFuturesResponseSchema, [liveFuture()], [0, 'market'], keys(liveFuture().market)),
  ...casesAt('future bookmaker ', futureHistoricalOddsResponseSchema, futureHistoricalOdds(), ['bookmakers', 'pinnacle'], ['bookmakerFutureId']),
  ...casesAt('bookmaker ', bookmakersResponseSchema, [BOOKMAKER], [0], [
    'maxDelayLiveInSec', 'maxDelayPregameInSec', 'maxDelayPregameMainInSec',
  ]),
  ...casesAt('clocks payload ', streamUpdateSchema, update('clocks', STREAM_PAYLOADS.clocks), ['payload'], ['clock']),
  ...casesAt('injury ', streamUpdateSchema, update('injuries', STREAM_PAYLOADS.injuries), ['payload', 'injuries', 0], ['reason']),
  ...casesAt('lineup ', streamUpdateSchema, update('lineups', STREAM_PAYLOADS.lineups), ['payload', 'lineups', 'participant1'], ['formation']),
  ...casesAt('lineup player ', streamUpdateSchema, update('lineups', STREAM_PAYLOADS.lineups), ['payload', 'lineups', 'participant1', 'starters', 0], [
    'position', 'shirtNumber',
  ]),
];

describe('nullable fields', () => {
  it.each(NULLABLE_CASES)('%s accepts null', (_name, schema, example, path) => {
    expect(issuesOf(schema, edit(example, path, null))).toEqual([]);
  });

  it.each([
    ['fixtureId', ['fixtureId']],
    ['startTime', ['startTime']],
    ['scores', ['scores']],
    ['participants.participant1Name', ['participants', 'participant1Name']],
    ['an odds entry price', [...HOME_ENTRY_PATH, 'price']],
    ['an odds entry changedAt', [...HOME_ENTRY_PATH, 'changedAt']],
    ['a bookmaker meta updatedAt', ['bookmakers', 'pinnacle', 'updatedAt']],
  ] as [string, Path][])('%s rejects null', (_name, path) => {
    expect(issuesOf(fixtureViewWithOddsSchema, edit(fixtureViewWithOdds(), path, null))).toEqual([
      { path: formatPath(path), message: expect.stringMatching(/received null$/) as unknown },
    ]);
  });
});

const OPTIONAL_CASES: Case[] = [
  ...casesAt('venue.', fixtureViewSchema, fixtureView(), ['venue'], ['venueSlug']),
  ...casesAt('SGP response ', sgpResponseSchema, sgpResponse(), [], ['missingOddsIds']),
  ...casesAt('parlay response ', parlayResponseSchema, parlayResponse(), [0], ['missingOddsIds']),
  ...casesAt('active SGP entry ', sgpResponseSchema, sgpResponse(), SGP_ENTRY_PATH, [
    'limit', 'bookmakerParlayId', 'bookmakerChangedAt', 'betslip', 'meta',
  ]),
  ...casesAt('active SGP entry meta.', sgpResponseSchema, sgpResponse(), [...SGP_ENTRY_PATH, 'meta'], ['offers']),
  ...casesAt('odds entry ', fixtureViewWithOddsSchema, fixtureViewWithOdds(), OVER_ENTRY_PATH,
    keys(overOddsEntry()).filter((k) => !(k in homeOddsEntry()))),
  ...casesAt('error body ', errorBodySchema, { ...ERROR_BODY, error: 429, code: 'rate_limited', retryAfterSec: 2 }, [], ['retryAfterSec']),
  ...casesAt('login ', loginFrameSchema, loginFrame(), [], keys(loginFrame()).filter((k) => k !== 'type' && k !== 'apiKey')),
];

describe('optional fields', () => {
  it.each(OPTIONAL_CASES)('%s may be absent', (_name, schema, example, path) => {
    expect(issuesOf(schema, edit(example, path, REMOVE))).toEqual([]);
  });
});

describe('wrong types', () => {
  it('a string price in a nested odds entry names the full path', () => {
    const data = [edit(fixtureViewWithOdds(), ['odds', 'pinnacle', HOME_ODDS_ID, 'price'], '2.10')];
    expect(issuesOf(mainOddsResponseSchema, data)).toEqual([
      { path: `[0].odds.pinnacle["${HOME_ODDS_ID}"].price`, message: 'expected number, received string' },
    ]);
  });

  it('a fractional outcomeId is rejected as not an integer', () => {
    const data = edit(fixtureViewWithOdds(), ['odds', 'pinnacle', HOME_ODDS_ID, 'outcomeId'], 101.5);
    expect(issuesOf(fixtureViewWithOddsSchema, data)).toEqual([
      { path: `odds.pinnacle["${HOME_ODDS_ID}"].outcomeId`, message: 'expected integer, received number 101.5' },
    ]);
  });

  it('a statusId outside 0..3 is rejected', () => {
    expect(issuesOf(fixtureViewSchema, edit(fixtureView(), ['status', 'statusId'], 4))).toEqual([
      { path: 'status.statusId', message: 'expected one of 0 | 1 | 2 | 3, received 4' },
    ]);
  });

  it('an empty market period is rejected', () => {
    expect(issuesOf(marketsResponseSchema, [{ ...market(), period: '' }])[0]?.path).toBe('[0].period');
  });

  it('a historical futures key that is not a decimal epoch is rejected', () => {
    const data = edit(futureHistoricalOdds(), ['odds', 'pinnacle', `${FUTURE_ID}:pinnacle:42`, 'yesterday'], futureOddsEntry(3.5, 1761250000000));
    expect(issuesOf(futureHistoricalOddsResponseSchema, data)[0]?.path).toBe(`odds.pinnacle["${FUTURE_ID}:pinnacle:42"].yesterday`);
  });

  it('a timestamp that is not ISO 8601 is rejected', () => {
    expect(isoTimestampSchema.safeParse('24/10/2025 10:30').success).toBe(false);
  });

  it.each(['2025-10-24', '2025-10-24T10:30Z', '2025-10-24T10:30:12.123456+01:00', '2025-10-24 10:30:12+0100'])(
    'the ISO 8601 timestamp %s is accepted',
    (timestamp) => {
      expect(isoTimestampSchema.safeParse(timestamp).success).toBe(true);
    },
  );

  it('a dict frame whose data is not base64 is rejected', () => {
    const frame = { type: 'dict', channel: 'odds', dictId: 1, dictVersion: 'v1', data: 'not base64!' };
    expect(issuesOf(controlFrameSchema, frame)[0]?.path).toBe('data');
  });

  it('a login frame with an unknown receiveType is rejected', () => {
    expect(issuesOf(loginFrameSchema, { ...loginFrame(), receiveType: 'gzip' })[0]?.path).toBe('receiveType');
  });
});

describe('fields the spec does not show (issue 14: absent or odd reads as unknown, never fails the record)', () => {
  it('a /sports record of spec 2.2 sport fields only, without sportSlug, is valid', () => {
    expect(issuesOf(sportsResponseSchema, [{ sportId: 10, sportName: 'Soccer' }])).toEqual([]);
  });

  it('a /tournaments record of spec 2.2 tournament fields and its sportId, without slugs or counts, is valid', () => {
    expect(issuesOf(tournamentsResponseSchema, [{ tournamentId: 17, tournamentName: 'Premier League', categoryName: 'England', sportId: 10 }])).toEqual([]);
  });

  it('a /bookmakers record with the spec 4.10 bounds only, without bookmakerName, is valid', () => {
    const { bookmakerName: _name, ...bounds } = BOOKMAKER;
    expect(issuesOf(bookmakersResponseSchema, [bounds])).toEqual([]);
  });

  it('a history row shaped as the odds entry of spec 2.3 (no limit) is valid', () => {
    const row = homeOddsEntry();
    const answer = { fixtureId: FIXTURE_ID, odds: { pinnacle: { [HOME_ODDS_ID]: { [String(row.changedAt)]: row } } } };
    expect(issuesOf(fixtureHistoricalOddsResponseSchema, answer)).toEqual([]);
  });

  it('an odds entry whose extension fields have other types keeps its price, the fields read as unknown', () => {
    const entry = { ...homeOddsEntry(), limit: 'unlimited', priceFractional: 11, bookmakerChangedAt: -1, betslip: null };
    const parsed = oddsEntrySchema.parse(entry);
    expect(parsed.price).toBe(2.1);
    expect([parsed.limit, parsed.priceFractional, parsed.bookmakerChangedAt, parsed.betslip]).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('a stream odds frame with an odd extension field is still a valid frame', () => {
    const frame = edit(ODDS_UPDATE, ['payload', 'odds', 'pinnacle', OVER_ODDS_ID, 'limit'], { max: 100 });
    expect(issuesOf(streamUpdateSchema, frame)).toEqual([]);
  });

  it('a field the spec shows still fails the record when it is wrong', () => {
    expect(issuesOf(sportsResponseSchema, [{ sportId: '10', sportName: 'Soccer' }])).toEqual([{ path: '[0].sportId', message: 'expected number, received string' }]);
  });
});

describe('prices', () => {
  it('the price schema accepts exactly the finite numbers of at least 1', () => {
    fc.assert(
      fc.property(fc.double(), (value) => {
        expect(priceSchema.safeParse(value).success).toBe(Number.isFinite(value) && value >= 1);
      }),
    );
  });

  it('a price of exactly 1 is accepted with a null American price', () => {
    const data = edit(edit(fixtureViewWithOdds(), ['odds', 'pinnacle', HOME_ODDS_ID, 'price'], 1), ['odds', 'pinnacle', HOME_ODDS_ID, 'priceAmerican'], null);
    expect(issuesOf(fixtureViewWithOddsSchema, data)).toEqual([]);
  });

  it('an American price must be an integer or null', () => {
    expect([110, -125, null, -105.26].map((v) => americanPriceSchema.safeParse(v).success)).toEqual([true, true, true, false]);
  });

  it('an SGP offer below 1 is rejected', () => {
    const data = edit(sgpResponse(), ['sgp', 'pinnacle', SGP_PARLAY_ID, 'meta', 'offers', 0, 'price'], 0.95);
    expect(issuesOf(sgpResponseSchema, data)[0]?.path).toBe(`sgp.pinnacle["${SGP_PARLAY_ID}"].meta.offers[0].price`);
  });

  it('an odds entry parses back to itself for any valid values', () => {
    const entry = fc.record({
      bookmaker: fc.string({ minLength: 1 }),
      outcomeId: fc.integer({ min: 0 }),
      playerId: fc.nat(),
      marketId: fc.integer({ min: 0 }),
      active: fc.boolean(),
      marketActive: fc.boolean(),
      mainLine: fc.boolean(),
      price: fc.double({ min: 1, max: 1e6, noNaN: true }),
      priceAmerican: fc.option(fc.integer()),
      changedAt: fc.nat(),
    });
    fc.assert(
      fc.property(entry, (e) => {
        expect(oddsEntrySchema.parse(e)).toEqual(e);
      }),
    );
  });
});

describe('parlay and SGP entries', () => {
  it('an unknown inactiveReason still parses', () => {
    const entry = inactiveSgpEntry('bookmaker_maintenance');
    expect(sgpEntrySchema.parse(entry)).toEqual(entry);
  });

  it.each(INACTIVE_REASONS)('the known inactiveReason %s parses', (reason) => {
    expect(sgpEntrySchema.safeParse(inactiveSgpEntry(reason)).success).toBe(true);
  });

  it('isKnownInactiveReason tells the spec reasons from others', () => {
    expect([...INACTIVE_REASONS, 'bookmaker_maintenance'].map(isKnownInactiveReason)).toEqual([...INACTIVE_REASONS.map(() => true), false]);
  });

  it('an inactive entry may omit the bookmaker', () => {
    expect(issuesOf(sgpEntrySchema, inactiveSgpEntry('leg_suspended'))).toEqual([]);
  });

  it('an inactive entry with a bookmaker parses', () => {
    expect(issuesOf(sgpEntrySchema, { ...inactiveSgpEntry('leg_suspended'), bookmaker: 'betfair' })).toEqual([]);
  });

  it('an inactive entry must carry meta.inactiveReason', () => {
    expect(issuesOf(sgpEntrySchema, edit(inactiveSgpEntry('leg_suspended'), ['meta', 'inactiveReason'], REMOVE))).toEqual([
      { path: 'meta.inactiveReason', message: 'missing, expected string' },
    ]);
  });

  it('an inactive entry must have price 1', () => {
    expect(issuesOf(sgpEntrySchema, { ...inactiveSgpEntry('market_closed'), price: 3.75 })[0]?.path).toBe('price');
  });

  it('an active entry must carry priceFractional', () => {
    expect(issuesOf(sgpEntrySchema, edit(activeSgpEntry(), ['priceFractional'], REMOVE))).toEqual([
      { path: 'priceFractional', message: 'missing, expected string' },
    ]);
  });

  it('an entry whose active is not a boolean is rejected at active', () => {
    expect(issuesOf(sgpEntrySchema, { ...activeSgpEntry(), active: 'yes' })[0]?.path).toBe('active');
  });

  it('an inactive parlay entry parses in a parlay response', () => {
    const data = edit(parlayResponse(), [0, 'parlay', 'pinnacle', CROSS_PARLAY_ID], { ...inactiveSgpEntry('leg_suspended'), singlesPrice: 3.78 });
    expect(issuesOf(parlayResponseSchema, data)).toEqual([]);
  });

  it('an SGP response with an empty sgp section parses', () => {
    expect(issuesOf(sgpResponseSchema, { ...sgpResponse(), sgp: {} })).toEqual([]);
  });

  it('narrowing on active types the active-only fields', () => {
    expectTypeOf<Extract<SgpEntry, { active: true }>['priceFractional']>().toEqualTypeOf<string>();
    expectTypeOf<Extract<ParlayEntry, { active: false }>['price']>().toEqualTypeOf<1>();
    expectTypeOf<Extract<SgpEntry, { active: true }>['limit']>().toEqualTypeOf<number | undefined>();
  });
});

describe('stream', () => {
  it('CHANNELS lists exactly the channels that have a payload schema', () => {
    expect([...CHANNELS].sort()).toEqual(Object.keys(channelPayloadSchemas).sort());
  });

  it.each([
    ['login_ok', loginOkFrame()],
    ['error', { type: 'error', code: 'unauthorized', message: 'Invalid API key.' }],
    ['reconnect', { type: 'reconnect', reason: 'server_upgrade' }],
  ] as const)('a %s control frame is discriminated by its type', (type, frame) => {
    const parsed: ControlFrame = controlFrameSchema.parse(frame);
    expect(parsed.type).toBe(type);
  });

  it('a control frame of unknown type is rejected at type', () => {
    expect(issuesOf(controlFrameSchema, { type: 'hello' })[0]?.path).toBe('type');
  });

  it('a control frame is checked against the schema of its own type', () => {
    expect(issuesOf(controlFrameSchema, { type: 'resume_complete', reason: 'server_upgrade' })).toEqual([
      { path: 'serverEpoch', message: 'missing, expected string' },
    ]);
  });

  it('an unknown snapshot_required reason still parses', () => {
    expect(issuesOf(controlFrameSchema, snapshotRequiredFrame('maintenance'))).toEqual([]);
  });

  it('isKnownSnapshotReason tells the stream note reasons from others', () => {
    expect([...SNAPSHOT_REASONS, 'maintenance'].map(isKnownSnapshotReason)).toEqual([true, true, true, false]);
  });

  it('a data frame payload is checked against the schema of its channel', () => {
    expect(issuesOf(streamUpdateSchema, update('scores', STREAM_PAYLOADS.odds))[0]?.path).toBe('payload.scores');
  });

  it('a data frame of an unknown channel is rejected at channel', () => {
    expect(issuesOf(streamUpdateSchema, update('weather', {}))[0]?.path).toBe('channel');
  });

  it('the server frame schema tells control frames from data frames by type', () => {
    const frames = [loginOkFrame(), update('odds', STREAM_PAYLOADS.odds)].map((f) => serverFrameSchema.parse(f));
    expect(frames.map((f) => f.type)).toEqual(['login_ok', 'UPDATE']);
  });

  it('the generic data frame schema leaves the payload unchecked', () => {
    expect(issuesOf(dataFrameSchema, update('odds', { anything: true }))).toEqual([]);
  });

  it('the generic data frame schema still requires an object payload', () => {
    expect(issuesOf(dataFrameSchema, update('odds', 'odds'))).toEqual([{ path: 'payload', message: 'expected object, received string' }]);
  });

  it('narrowing a data frame on channel types its payload', () => {
    expectTypeOf<Extract<StreamUpdate, { channel: 'odds' }>['payload']['fixtureId']>().toEqualTypeOf<string>();
    expectTypeOf<Extract<StreamUpdate, { channel: 'fixtures' }>['payload']>().toEqualTypeOf<FixtureView>();
  });

  it('an entryId accepts every canonical <ms>-<seq>', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (ms, seq) => {
        expect(entryIdSchema.safeParse(`${String(ms)}-${String(seq)}`).success).toBe(true);
      }),
    );
  });

  it.each(['1761302562345', '1761302562345-', '-7', '01761302562345-7', '1761302562345-07', '1761302562345-7-1', 'a-1', '+1-1', ' 1-1'])(
    'the entryId %j is rejected',
    (entryId) => {
      expect(entryIdSchema.safeParse(entryId).success).toBe(false);
      expect(ENTRY_ID_PATTERN.test(entryId)).toBe(false);
    },
  );

  it('a malformed entryId in an envelope reads as such', () => {
    expect(issuesOf(streamUpdateSchema, { ...update('odds', STREAM_PAYLOADS.odds), entryId: '17613025' })).toEqual([
      { path: 'entryId', message: 'expected an entryId "<ts_ms>-<seq>"' },
    ]);
  });

  it.each([['18f3a2c4b1d', true], ['18F3A2', true], ['', false], ['epoch-1', false]] as const)('the serverEpoch %j is accepted: %s', (epoch, ok) => {
    expect(serverEpochSchema.safeParse(epoch).success).toBe(ok);
  });

  it('a login frame without apiKey is rejected', () => {
    expect(issuesOf(loginFrameSchema, { type: 'login' })).toEqual([{ path: 'apiKey', message: 'missing, expected string' }]);
  });

  it('a login_ok frame with an unknown negotiated receiveType is rejected', () => {
    expect(issuesOf(controlFrameSchema, { ...loginOkFrame(), receiveType: 'gzip' })[0]?.path).toBe('receiveType');
  });

  it('RECEIVE_TYPES lists the four encodings with json first', () => {
    expect(RECEIVE_TYPES).toEqual(['json', 'binary', 'zstd', 'zstd-dict']);
  });
});

describe('status', () => {
  it('STATUS_NAMES names the four spec 3 statuses', () => {
    expect(STATUS_NAMES).toEqual({ 0: 'Pre-Game', 1: 'Live', 2: 'Finished', 3: 'Cancelled' });
  });

  it('a cancelled fixture with a reissued id parses in the CLV view', () => {
    const data = { ...clvFixtureView(), status: { live: false, statusId: 3, statusName: 'Cancelled' }, reissuedFixtureId: 'id1000001761309999' };
    expect(issuesOf(clvFixtureViewSchema, data)).toEqual([]);
  });
});
