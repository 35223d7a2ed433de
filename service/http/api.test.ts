// The v5 REST API of the running service, through real HTTP on loopback, on the simulator's own
// generated world (one finished day seeded, the simulation frozen so answers can be compared).
import { once } from 'node:events';
import type http from 'node:http';
import net from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFixtureId, buildFutureId, parseFixtureId } from '../../src/domain/ids.ts';
import { gradeSelection } from '../../src/domain/settlement.ts';
import { injuriesPayloadSchema, lineupsPayloadSchema } from '../../src/wire/shared-schemas.ts';
import {
  clvFixtureViewSchema,
  errorBodySchema,
  fixturesResponseSchema,
  futureHistoricalOddsResponseSchema,
  liveFuturesResponseSchema,
  mainOddsResponseSchema,
} from '../../src/wire/rest-schemas.ts';
import { marketsResponseSchema } from '../../src/wire/reference-schemas.ts';
import { getCatalogue } from '../catalogue/catalogue.ts';
import type { Service } from '../service.ts';
import { startTestService, type TestService } from '../testing/test-service.ts';
import { STATUS_CANCELLED, STATUS_FINISHED, STATUS_LIVE, isLive } from '../../src/wire/status.ts';

let testService: TestService;
let service: Service;

beforeAll(async () => {
  // Benchmark mode adds bench-key (exempt from rate limits), which the fuzz test needs.
  testService = await startTestService({ env: { SEED_PAST_DAYS: '1', BENCHMARK: '1' }, warmUpSeconds: 40, freeze: true });
  service = testService.service;
}, 180_000);

afterAll(async () => {
  await testService.dispose();
});

const get = (path: string, key?: string) => testService.get(path, key);

const sim = () => service.simulator;
const finishedSoccer = () => sim().fixtureIds(STATUS_FINISHED).find((id) => sim().fixtureRecord(id)?.planned.sportId === 10) ?? '';
const quotedLive = () => sim().fixtureIds(STATUS_LIVE).find((id) => Object.keys(sim().fixtureOdds(id)).length > 0) ?? '';

describe('reference endpoints', () => {
  it('answers /markets for market 101 with the 1x2 market of spec 2.6', async () => {
    const { status, body } = await get('/en/markets?marketIds=101');
    expect(status).toBe(200);
    const [market] = marketsResponseSchema.parse(body);
    expect(market).toMatchObject({ marketId: 101, marketType: '1x2', period: 'result', marketLength: 3 });
    expect(market?.outcomes.map((o) => o.outcomeName)).toEqual(['1', 'X', '2']);
  });

  it('translates market names by language prefix and keeps the ids', async () => {
    const en = marketsResponseSchema.parse((await get('/en/markets?marketIds=101')).body);
    const de = marketsResponseSchema.parse((await get('/de/markets?marketIds=101')).body);
    expect(de[0]?.marketId).toBe(en[0]?.marketId);
    expect(de[0]?.marketName).not.toBe(en[0]?.marketName);
  });

  it('hides a sport outside the key from /sports and refuses to name it', async () => {
    const sports = (await get('/en/sports', 'demo-limited')).body as { sportId: number }[];
    expect(sports.map((s) => s.sportId)).not.toContain(14);
    const named = await get('/en/markets?sportId=14', 'demo-limited');
    expect(named.status).toBe(403);
    expect(errorBodySchema.parse(named.body).code).toBe('channel_not_allowed');
  });

  it('lists the bookmakers with their freshness bounds, without those outside the key', async () => {
    const all = (await get('/en/bookmakers')).body as { bookmaker: string; maxDelayLiveInSec: number | null }[];
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(all.find((b) => b.bookmaker === 'pinnacle')?.maxDelayLiveInSec).toBeGreaterThan(0);
    const limited = (await get('/en/bookmakers', 'demo-limited')).body as { bookmaker: string }[];
    expect(limited.map((b) => b.bookmaker)).not.toContain('bet365');
  });
});

describe('fixtures and odds', () => {
  it('lists live fixtures only when asked for live=true', async () => {
    const { status, body } = await get('/en/fixtures?live=true');
    expect(status).toBe(200);
    const views = fixturesResponseSchema.parse(body);
    expect(views.length).toBeGreaterThan(0);
    expect(views.every((v) => v.status.live && isLive(v.status.statusId))).toBe(true);
  });

  it('says in a header which /fixtures parameters beyond the spec it applies, readable cross-origin', async () => {
    const res = await fetch(`${service.url}/en/fixtures?live=true`, { headers: { 'X-API-Key': 'demo-key', Origin: 'http://elsewhere.test' } });
    expect(res.headers.get('x-fixture-filters')).toBe('statusId,live');
    expect(res.headers.get('access-control-expose-headers')?.toLowerCase()).toContain('x-fixture-filters');
  });

  it('answers /fixtures/odds/main with main lines only, equal to the simulator state', async () => {
    const fixtureId = quotedLive();
    const { status, body } = await get(`/en/fixtures/odds/main?fixtureIds=${fixtureId}`);
    expect(status).toBe(200);
    const [view] = mainOddsResponseSchema.parse(body);
    const entries = Object.values(view?.odds ?? {}).flatMap((byId) => Object.entries(byId));
    expect(entries.length).toBeGreaterThan(0);
    for (const [oddsId, entry] of entries) {
      expect(entry.mainLine).toBe(true);
      expect(entry.active).toBe(true);
      expect(entry.price).toBe(sim().fixtureOdds(fixtureId)[entry.bookmaker]?.[oddsId]?.price);
    }
  });

  it('returns inactive odds too when since is given', async () => {
    const fixtureId = quotedLive();
    const { body } = await get(`/en/fixtures/odds?fixtureIds=${fixtureId}&since=0`);
    const [view] = mainOddsResponseSchema.parse(body);
    const all = Object.values(sim().fixtureOdds(fixtureId)).reduce((n, byId) => n + Object.keys(byId).length, 0);
    const returned = Object.values(view?.odds ?? {}).reduce((n, byId) => n + Object.keys(byId).length, 0);
    expect(returned).toBe(all);
  });

  it('refuses a bookmaker outside the key with 403 instead of dropping it', async () => {
    const { status } = await get(`/en/fixtures/odds/main?fixtureIds=${quotedLive()}&bookmakers=bet365`, 'demo-limited');
    expect(status).toBe(403);
  });

  it('requires exactly one of tournamentId and fixtureIds on the odds endpoints', async () => {
    const { status, body } = await get('/en/fixtures/odds/main');
    expect(status).toBe(400);
    expect(errorBodySchema.parse(body).code).toBe('invalid_filters');
  });
});

describe('recorded odds, CLV and settlement', () => {
  it('gives OLV as the first recorded price and CLV as the last before settlement', async () => {
    const fixtureId = finishedSoccer();
    const { status, body } = await get(`/en/fixtures/odds/clv?fixtureId=${fixtureId}&bookmakers=pinnacle`);
    expect(status).toBe(200);
    const view = clvFixtureViewSchema.parse(body);
    const pairs = Object.entries(view.odds.pinnacle ?? {});
    expect(pairs.length).toBeGreaterThan(0);
    const settledAt = sim().fixtureRecord(fixtureId)?.finishedAtMs ?? 0;
    for (const [oddsId, pair] of pairs.slice(0, 20)) {
      const history = service.history.readHistory(oddsId);
      expect(pair.olv.price).toBe(history[0]?.price);
      const before = history.filter((h) => h.changedAt < settledAt);
      expect(pair.clv.price).toBe(before[before.length - 1]?.price);
    }
  });

  it('keys the historical odds of an oddsId by changedAt, the last state of each millisecond', async () => {
    const fixtureId = finishedSoccer();
    const { body } = await get(`/en/fixtures/odds/historical?fixtureId=${fixtureId}&bookmakers=pinnacle`);
    const byOdds = (body as { odds: Record<string, Record<string, Record<string, { changedAt: number; price: number; active: boolean }>>> }).odds.pinnacle ?? {};
    const [oddsId, points] = Object.entries(byOdds)[0] ?? ['', {}];
    // Spec 4.8 keys a history by changedAt, so two changes in one millisecond show as the later one.
    const recorded = new Map(service.history.readHistory(oddsId).map((h) => [String(h.changedAt), h]));
    expect(Object.keys(points).sort()).toEqual([...recorded.keys()].sort());
    for (const [key, point] of Object.entries(points)) {
      expect(point.changedAt).toBe(Number(key));
      expect(point.price).toBe(recorded.get(key)?.price);
      expect(point.active).toBe(recorded.get(key)?.active);
    }
  });

  it('grades every selection of a finished fixture as the domain grader does', async () => {
    const fixtureId = finishedSoccer();
    const { status, body } = await get(`/en/fixtures/settlement?fixtureId=${fixtureId}`);
    expect(status).toBe(200);
    const settlement = body as { selections: { outcomeId: number; playerId: number; grade: string; score: { participant1Score: number; participant2Score: number } | null }[] };
    expect(settlement.selections.length).toBeGreaterThan(10);
    const catalogue = getCatalogue();
    let checked = 0;
    for (const s of settlement.selections) {
      const ref = catalogue.byOutcomeId.get(s.outcomeId);
      if (ref === undefined || s.score === null || ref.market.playerProp) continue;
      // toqualify and first-event markets settle on what the match engine recorded, not a score.
      if (ref.market.marketType === 'toqualify') continue;
      expect(gradeSelection(ref.market, ref.outcome.outcomeName, s.score).grade).toBe(s.grade);
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('points a cancelled fixture to its replacement in the CLV response', async () => {
    const cancelled = sim().fixtureIds(STATUS_CANCELLED).find((id) => sim().fixtureRecord(id)?.reissuedFixtureId);
    if (cancelled === undefined) throw new Error('the seeded world has a reissued fixture');
    const view = clvFixtureViewSchema.parse((await get(`/en/fixtures/odds/clv?fixtureId=${cancelled}`)).body);
    expect(view.reissuedFixtureId).toBe(sim().fixtureRecord(cancelled)?.reissuedFixtureId);
  });
});

describe('a fixture\'s whole history, every bookmaker', () => {
  const bookmakers = () => sim().books.map((b) => b.bookmaker);
  const historicalPath = (fixtureId: string) => `/en/fixtures/odds/historical?fixtureId=${fixtureId}&bookmakers=${bookmakers().join(',')}`;
  let largestFixtureId: string | undefined;
  /** The finished fixture with the longest recorded history: the heaviest answer of the seeded day. */
  const largestHistory = (): string => {
    if (largestFixtureId !== undefined) return largestFixtureId;
    let largest = { fixtureId: '', rows: 0 };
    for (const fixtureId of sim().fixtureIds(STATUS_FINISHED)) {
      const rows = service.history.readHistoryForFixture(fixtureId, { bookmakers: bookmakers() }).length;
      if (rows > largest.rows) largest = { fixtureId, rows };
    }
    largestFixtureId = largest.fixtureId;
    return largestFixtureId;
  };

  it('answers exactly the text of one JSON.stringify of the history by bookmaker, oddsId and changedAt', async () => {
    const fixtureId = largestHistory();
    const rows = service.history.readHistoryForFixture(fixtureId, { bookmakers: bookmakers() });
    expect(new Set(rows.map((r) => r.bookmaker)).size).toBeGreaterThanOrEqual(12);
    const odds: Record<string, Record<string, Record<string, unknown>>> = {};
    for (const r of rows) {
      ((odds[r.bookmaker] ??= {})[r.oddsId] ??= {})[String(r.changedAt)] = {
        bookmaker: r.bookmaker,
        outcomeId: r.outcomeId,
        playerId: r.playerId,
        marketId: r.marketId,
        price: r.price,
        active: r.active,
        marketActive: r.marketActive,
        limit: r.limit,
        changedAt: r.changedAt,
      };
    }
    const res = await fetch(service.url + historicalPath(fixtureId), { headers: { 'X-API-Key': 'bench-key' } });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(text.length).toBeGreaterThan(1_000_000);
    expect(text).toBe(JSON.stringify({ fixtureId, odds }));
  }, 60_000);

  it('answers a /healthz that arrives while it builds a large history before that history is sent', async () => {
    const path = historicalPath(largestHistory());
    const { port } = service.server.address() as net.AddressInfo;
    const probe = net.connect(port, '127.0.0.1');
    await once(probe, 'connect');
    let probeAnswer = '';
    probe.on('data', (chunk: Buffer) => {
      probeAnswer += chunk.toString('utf8');
    });
    let historyResponse: http.ServerResponse | undefined;
    let historySentBeforeHealthz: boolean | undefined;
    // The /healthz request goes out the moment the server takes the history request.
    const onRequest = (request: http.IncomingMessage, response: http.ServerResponse): void => {
      if (request.url === path) {
        historyResponse = response;
        probe.end('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
      } else if (request.url === '/healthz') {
        response.on('finish', () => {
          historySentBeforeHealthz = historyResponse?.writableEnded;
        });
      }
    };
    service.server.prependListener('request', onRequest);
    try {
      const history = await fetch(service.url + path, { headers: { 'X-API-Key': 'bench-key' } });
      expect(history.status).toBe(200);
      await history.arrayBuffer();
      if (!probe.closed) await once(probe, 'close');
    } finally {
      service.server.off('request', onRequest);
      probe.destroy();
    }
    expect(probeAnswer).toMatch(/^HTTP\/1\.1 200 /);
    expect(historySentBeforeHealthz).toBe(false);
  }, 60_000);
});

describe('futures and media', () => {
  it('lists open futures with the spec 2.7 shape', async () => {
    const futures = liveFuturesResponseSchema.parse((await get('/en/futures/live')).body);
    expect(futures.length).toBeGreaterThan(0);
  });

  it('requires exactly one bookmaker for future historical odds without oddsIds', async () => {
    const [future] = liveFuturesResponseSchema.parse((await get('/en/futures/live')).body);
    const id = encodeURIComponent(future?.futureId ?? '');
    expect((await get(`/en/futures/odds/historical?futureId=${id}`)).status).toBe(400);
    expect((await get(`/en/futures/odds/historical?futureId=${id}&bookmakers=pinnacle,bet365`)).status).toBe(400);
    const one = await get(`/en/futures/odds/historical?futureId=${id}&bookmakers=pinnacle`);
    expect(one.status).toBe(200);
    futureHistoricalOddsResponseSchema.parse(one.body);
  });

  it('answers /fixtures/lineups and /fixtures/injuries with the current team news the stream last sent', async () => {
    const id = sim().fixtureIds().find((f) => sim().lineupsOf(f) !== null) ?? '';
    expect(id).not.toBe('');
    const lineups = await get(`/en/fixtures/lineups?fixtureIds=${id}`);
    expect(lineups.status).toBe(200);
    expect(lineupsPayloadSchema.array().parse(lineups.body)).toEqual([sim().lineupsOf(id)]);
    const injuries = await get(`/en/fixtures/injuries?fixtureIds=${id}`);
    expect(injuriesPayloadSchema.array().parse(injuries.body)).toEqual([sim().injuriesOf(id)].filter((p) => p !== null));
  });

  it('answers /fixtures/stats with 400 without fixtureIds and 403 for a fixture outside the key', async () => {
    const missing = await get('/en/fixtures/stats');
    expect(missing.status).toBe(400);
    expect(errorBodySchema.parse(missing.body).code).toBe('invalid_filters');
    const football = sim().fixtureIds().find((f) => sim().fixtureRecord(f)?.planned.sportId === 14) ?? '';
    const refused = await get(`/en/fixtures/stats?fixtureIds=${football}`, 'demo-limited');
    expect(refused.status).toBe(403);
    expect(errorBodySchema.parse(refused.body).code).toBe('channel_not_allowed');
  });

  it('redirects a badge request to an SVG the service serves without a key', async () => {
    const participantId = sim().fixtureRecord(quotedLive())?.planned.participant1Id ?? 0;
    const res = await fetch(`${service.url}/en/media/participants/${participantId}/badge`, { headers: { 'X-API-Key': 'demo-key' }, redirect: 'manual' });
    expect(res.status).toBe(302);
    const location = res.headers.get('location') ?? '';
    const image = await fetch(service.url + location);
    expect(image.headers.get('content-type')).toContain('image/svg+xml');
    expect(await image.text()).toContain('<svg');
  });

  it('serves a public badge with the initials and colours only, never the team name', async () => {
    const participantId = sim().fixtureRecord(quotedLive())?.planned.participant1Id ?? 0;
    const { body } = await get(`/en/participants?participantIds=${String(participantId)}`);
    const [participant] = body as { participantName: string; participantAbbr: string }[];
    const image = await fetch(`${service.url}/media/badges/${String(participantId)}.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await image.text();
    expect(svg).toContain(`>${participant?.participantAbbr.slice(0, 3).toUpperCase() ?? '?'}</text>`);
    expect(svg).toMatch(/fill="hsl\(/);
    for (const word of (participant?.participantName ?? '?').split(/\s+/).filter((w) => w.length > 3)) expect(svg).not.toContain(word);
  });
});

describe('ids outside the key (demo-limited: no sport 14)', () => {
  /** A tournament and a season of sport 14, read with the key that sees everything. */
  async function sport14(): Promise<{ tournamentId: number; seasonId: number }> {
    const tournaments = (await get('/en/tournaments?sportId=14')).body as { tournamentId: number }[];
    const tournamentId = tournaments[0]?.tournamentId ?? 0;
    const seasons = (await get(`/en/seasons?tournamentId=${String(tournamentId)}`)).body as { seasonId: number }[];
    const seasonId = seasons[0]?.seasonId ?? 0;
    expect(tournamentId * seasonId).toBeGreaterThan(0);
    return { tournamentId, seasonId };
  }
  const refusedWith403 = async (path: string) => {
    const res = await get(path, 'demo-limited');
    expect({ path, status: res.status, code: (res.body as { code?: string }).code }).toEqual({ path, status: 403, code: 'channel_not_allowed' });
  };

  it('answers 403 for a fixtureId of an excluded sport that does not exist, on every endpoint taking fixture ids', async () => {
    const { tournamentId } = await sport14();
    const ghost = buildFixtureId({ providerSlug: 'id', sportId: 14, tournamentId, providerFixtureId: '999999999' });
    expect(sim().fixtureView(ghost)).toBeNull();
    for (const path of [
      `/en/fixtures?fixtureIds=${ghost}`,
      `/en/fixtures?fixtureIds=${finishedSoccer()},${ghost}`,
      `/en/fixtures/odds?fixtureIds=${ghost}`,
      `/en/fixtures/odds/main?fixtureIds=${ghost}`,
      `/en/fixtures/markets?fixtureIds=${ghost}`,
      `/en/fixtures/injuries?fixtureIds=${ghost}`,
      `/en/fixtures/lineups?fixtureIds=${ghost}`,
      `/en/fixtures/stats?fixtureIds=${ghost}`,
      `/en/mapping/fixtures?fixtureIds=${ghost}`,
      `/en/fixtures/odds/historical?fixtureId=${ghost}&bookmakers=pinnacle`,
      `/en/fixtures/odds/clv?fixtureId=${ghost}`,
      `/en/fixtures/settlement?fixtureId=${ghost}`,
    ]) {
      await refusedWith403(path);
    }
  });

  it('still answers 200 [] for a fixtureId within the key that does not exist', async () => {
    const tournamentId = parseFixtureId(finishedSoccer()).tournamentId;
    const ghost = buildFixtureId({ providerSlug: 'id', sportId: 10, tournamentId, providerFixtureId: '999999999' });
    const { status, body } = await get(`/en/fixtures?fixtureIds=${ghost}`, 'demo-limited');
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });

  it('answers 403 for a futureId of an excluded sport that does not exist', async () => {
    const { seasonId } = await sport14();
    const ghost = buildFutureId({ providerSlug: 'id', sportId: 14, seasonId, futureMarketId: 9999 });
    for (const path of [
      `/en/futures/odds?futureIds=${ghost}`,
      `/en/futures/odds/historical?futureId=${ghost}&bookmakers=pinnacle`,
      `/en/futures/odds/clv?futureId=${ghost}`,
    ]) {
      await refusedWith403(path);
    }
  });

  it('answers 403 for a marketId or outcomeId of an excluded sport that does not exist', async () => {
    await refusedWith403('/en/markets?marketIds=14999999');
    await refusedWith403('/en/markets?outcomeIds=14999999');
  });
});

describe('hostile input', () => {
  const paths = [
    '/fixtures', '/fixtures/odds', '/fixtures/odds/main', '/fixtures/odds/clv', '/fixtures/odds/historical',
    '/fixtures/settlement', '/markets', '/seasons', '/players', '/participants', '/futures/live',
    '/futures/odds/historical', '/fixtures/odds/parlay', '/fixtures/odds/sgp',
  ];
  const params = ['fixtureIds', 'fixtureId', 'tournamentId', 'sportId', 'marketIds', 'bookmakers', 'since', 'oddsIds', 'futureId', 'seasonIds', 'live'];

  it('never answers 500 and always with the spec error body', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.constantFrom(...params),
        fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 50 }), fc.constantFrom("1' OR '1'='1", '../../etc/passwd', '%00', '9'.repeat(400), ',,,', ' ')),
        async (path, param, value) => {
          const res = await fetch(`${service.url}/en${path}?${param}=${encodeURIComponent(value)}`, { headers: { 'X-API-Key': 'bench-key' } });
          statuses.add(res.status);
          expect(res.status).not.toBe(500);
          const body: unknown = await res.json();
          if (res.status >= 400) expect(errorBodySchema.safeParse(body).success).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
    // The inputs reached the handlers (not only authentication): some were valid, some refused.
    expect(statuses.has(200)).toBe(true);
    expect(statuses.has(400)).toBe(true);
  }, 60_000);
});
