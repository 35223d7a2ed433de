// Login rules, errors and close codes, filters and entitlements, the connection limit, the
// heartbeat and the upgrade path of the gateway, through real sockets on loopback.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { compareEntryIds } from '../../src/domain/entry-id.ts';
import { parseFixtureId } from '../../src/domain/ids.ts';
import { CLOSE_CODES } from '../../src/wire/stream-schemas.ts';
import type { DataFrame } from '../../src/wire/stream-schemas.ts';
import { MAX_CONNECTIONS_PER_KEY } from './gateway.ts';
import { loginFrame, settle, startStreamTestService, StreamClient, type TestService } from './test-support.ts';
import { isOpen, STATUS_PRE_GAME } from '../../src/wire/status.ts';

let t: TestService;
let bookmakers: string[];
/** A client of demo-key on everything, connected for the whole file: what a key without limits sees. */
let everything: StreamClient;

beforeAll(async () => {
  // Benchmark mode so bench-key exists; the demo keys are limited all the same.
  // AUTH_FAIL_MAX 0: the refusal tests send bad keys from one address and assert 4401, and the
  // connection-limit tests hold many sockets from it; the throttle and the pending-socket limits
  // have their own end-to-end test (service/security/auth-throttle.test.ts).
  t = await startStreamTestService({
    GATEWAY_LOGIN_TIMEOUT_MS: '300',
    GATEWAY_HEARTBEAT_MS: '150',
    BENCHMARK: '1',
    AUTH_FAIL_MAX: '0',
    GATEWAY_PENDING_PER_ADDRESS: '1000',
  });
  bookmakers = t.service.simulator.books.map((b) => b.bookmaker);
  everything = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers }));
  await everything.control('login_ok');
  await t.advance(5_000);
}, 120_000);

afterAll(async () => {
  everything.close();
  await t.dispose();
});

/** The sport of a fixture-keyed frame (futures: null). */
function sportOf(frame: DataFrame): number | null {
  const id = frame.payload.fixtureId;
  return typeof id === 'string' ? parseFixtureId(id).sportId : null;
}

/** The bookmakers a bookmaker-keyed frame carries. */
function bookmakersOf(frame: DataFrame): string[] {
  const record = frame.channel === 'bookmakers' ? frame.payload.bookmakers : frame.payload.odds;
  return record !== null && typeof record === 'object' ? Object.keys(record) : [];
}

/** Logs in, waits for login_ok, then lets the world move `ms` and returns the client. */
async function streamFor(login: Record<string, unknown>, ms = 5_000): Promise<StreamClient> {
  const client = await StreamClient.login(t.wsUrl, login);
  await client.control('login_ok');
  await t.advance(ms);
  return client;
}

async function refusal(login: Record<string, unknown> | string): Promise<{ code: number; error: string; message: string }> {
  const client = await StreamClient.login(t.wsUrl, login);
  const { code } = await client.closed;
  const error = client.controls.find((c) => c.type === 'error');
  return { code, error: error?.type === 'error' ? error.code : '', message: error?.type === 'error' ? error.message : '' };
}

/** An upgrade the server answers with plain HTTP: its status, headers and body. */
async function refusedUpgrade(url: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString('utf8');
      });
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body });
        ws.terminate();
      });
    });
    ws.on('open', () => {
      reject(new Error(`the upgrade to ${url} was accepted`));
      ws.close();
    });
    ws.on('error', () => undefined);
  });
}

describe('login', () => {
  it('answers with login_ok carrying access, every entitled channel, the negotiated receiveType and the resume block', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers }));
    const ok = await client.control('login_ok');
    expect(ok.access).toEqual({ live: true, pregame: true });
    expect(ok.channels).toEqual(['fixtures', 'scores', 'odds', 'bookmakers', 'injuries', 'lineups', 'stats', 'clocks', 'oddsFutures']);
    expect(ok.receiveType).toBe('json');
    expect(ok.resume.serverEpoch).toBe(t.service.gateway.serverEpoch);
    expect(ok.resume.resumeWindowMs).toBe(60_000);
    expect(ok.resume.replayChannels).toEqual(['fixtures', 'scores', 'odds', 'clocks', 'oddsFutures']);
    expect(ok.resume.serverEntryIds.odds).toMatch(/^\d+-\d+$/);
    client.close();
  });

  it('streams envelopes {channel, type, payload, ts, entryId} whose entryIds rise per channel and follow serverEntryIds', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers }));
    const ok = await client.control('login_ok');
    await t.advance(5_000);
    expect(client.data.length).toBeGreaterThan(0);
    const last = new Map<string, string>(Object.entries(ok.resume.serverEntryIds));
    for (const frame of client.data) {
      expect(frame.type).toBe('UPDATE');
      expect(Number(frame.entryId.split('-')[0])).toBe(frame.ts);
      const before = last.get(frame.channel);
      if (before !== undefined) expect(compareEntryIds(frame.entryId, before)).toBe(1);
      last.set(frame.channel, frame.entryId);
    }
    client.close();
  });

  it('downgrades a zstd login to json when the gateway has zstd off', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, receiveType: 'zstd-dict' }));
    expect((await client.control('login_ok')).receiveType).toBe('json');
    expect(client.controls.some((c) => c.type === 'dict')).toBe(false);
    client.close();
  });

  it('closes with 4001 login_timeout when no login frame comes in time', async () => {
    const client = await StreamClient.open(t.wsUrl);
    expect((await client.closed).code).toBe(CLOSE_CODES.noLogin);
    expect(client.controls).toEqual([expect.objectContaining({ type: 'error', code: 'login_timeout' })]);
  });

  it('closes with 4001 when the first frame is not JSON', async () => {
    expect(await refusal('hello')).toMatchObject({ code: CLOSE_CODES.noLogin, error: 'invalid_login' });
  });

  it('closes with 4001 when the first frame is not a login frame', async () => {
    expect(await refusal({ type: 'subscribe', apiKey: 'demo-key' })).toMatchObject({ code: CLOSE_CODES.noLogin, error: 'invalid_login' });
  });

  it('closes with 4001 when the first frame is binary', async () => {
    const client = await StreamClient.open(t.wsUrl);
    client.ws.send(Buffer.from(JSON.stringify(loginFrame('demo-key'))), { binary: true });
    expect((await client.closed).code).toBe(CLOSE_CODES.noLogin);
  });

  it('closes with 4001 and names the field when a login field has the wrong type', async () => {
    const result = await refusal(loginFrame('demo-key', { sportIds: 'soccer' }));
    expect(result).toMatchObject({ code: CLOSE_CODES.noLogin, error: 'invalid_login' });
    expect(result.message).toContain('sportIds');
  });

  it('closes with 4001 on an unknown lang or a malformed fixtureId', async () => {
    expect((await refusal(loginFrame('demo-key', { lang: 'xx' }))).code).toBe(CLOSE_CODES.noLogin);
    const bad = await refusal(loginFrame('demo-key', { fixtureIds: ['not-a-fixture'] }));
    expect(bad).toMatchObject({ code: CLOSE_CODES.noLogin, error: 'invalid_login' });
    expect(bad.message).toContain('fixtureIds[0]');
  });

  it('closes with 4401 when the API key is missing', async () => {
    expect(await refusal({ type: 'login' })).toMatchObject({ code: CLOSE_CODES.unauthorized, error: 'unauthorized' });
  });

  it('closes with 4401 when the API key is unknown', async () => {
    expect(await refusal(loginFrame('no-such-key'))).toMatchObject({ code: CLOSE_CODES.unauthorized, error: 'unauthorized' });
  });

  it('closes with 4403 when the only channels asked for need bookmakers and none are given', async () => {
    const result = await refusal(loginFrame('demo-key', { channels: ['odds', 'oddsFutures'] }));
    expect(result).toMatchObject({ code: CLOSE_CODES.nothingToSubscribe, error: 'channel_not_allowed' });
    expect(result.message).toContain('bookmakers');
  });

  it('closes with 4403 when no asked channel exists', async () => {
    expect((await refusal(loginFrame('demo-key', { channels: ['weather'] }))).code).toBe(CLOSE_CODES.nothingToSubscribe);
  });

  it('leaves out the bookmaker channels when no bookmakers are given', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key'));
    expect((await client.control('login_ok')).channels).toEqual(['fixtures', 'scores', 'injuries', 'lineups', 'stats', 'clocks']);
    client.close();
  });

  it('ignores frames a client sends after login', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key'));
    await client.control('login_ok');
    client.send({ type: 'login', apiKey: 'demo-key', channels: ['odds'] });
    client.send('not json');
    await t.advance(1_000);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.close();
  });
});

describe('entitlements', () => {
  it('gives demo-limited neither sport 14 nor bet365, which demo-key receives in the same period', { timeout: 30_000 }, async () => {
    // A sport-14 fixture that bet365 quotes changes its prices meanwhile (the firehose: every
    // requote moves the price; a plain requote may repeat it): the check must not hang on whether
    // the programme happens to move one in these 20 s (it depends on the hour).
    const sim = t.service.simulator;
    const busy = sim.fixtureIds().find((id) => sim.fixtureRecord(id)?.planned.sportId === 14 && isOpen(sim.fixtureView(id)?.status.statusId) && 'bet365' in sim.fixtureOdds(id));
    if (busy === undefined) throw new Error('the test world has no quoted sport-14 fixture at bet365');
    sim.setFirehose(busy, 50);
    const limited = await StreamClient.login(t.wsUrl, loginFrame('demo-limited', { bookmakers }));
    await limited.control('login_ok');
    const from = everything.data.length;
    await t.advance(20_000);
    // The frames of those 20 s may still be on their way on a loaded machine.
    await vi.waitFor(() => {
      const seen = everything.data.slice(from);
      expect(seen.some((f) => sportOf(f) === 14)).toBe(true);
      expect(seen.some((f) => bookmakersOf(f).includes('bet365'))).toBe(true);
    }, 10_000);
    sim.stopFirehose();
    expect(limited.data.length).toBeGreaterThan(0);
    expect(limited.data.some((f) => sportOf(f) === 14)).toBe(false);
    expect(limited.data.some((f) => bookmakersOf(f).includes('bet365'))).toBe(false);
    limited.close();
  });

  it('subscribes to the intersection when a filter asks for a sport and a bookmaker outside the key', async () => {
    const client = await streamFor(loginFrame('demo-limited', { sportIds: [14, 10], bookmakers: ['bet365', 'pinnacle'] }), 20_000);
    expect(client.data.length).toBeGreaterThan(0);
    expect(new Set(client.data.map(sportOf).filter((s) => s !== null))).toEqual(new Set([10]));
    expect(new Set(client.data.flatMap(bookmakersOf))).toEqual(new Set(['pinnacle']));
    client.close();
  });

  it('closes with 4403 when every asked sport is outside the key', async () => {
    expect(await refusal(loginFrame('demo-limited', { sportIds: [14], bookmakers }))).toMatchObject({
      code: CLOSE_CODES.nothingToSubscribe,
      error: 'channel_not_allowed',
    });
  });

  it('closes with 4403 when the bookmaker channels are asked for with only bookmakers outside the key', async () => {
    expect((await refusal(loginFrame('demo-limited', { channels: ['odds'], bookmakers: ['bet365'] }))).code).toBe(CLOSE_CODES.nothingToSubscribe);
  });
});

describe('filter values outside the key', () => {
  /** A fixture and a future of sport 14 (outside demo-limited) and of sport 10 (inside). */
  function worldIds(): { outFixture: string; inFixture: string; outFuture: string; inFuture: string } {
    const sim = t.service.simulator;
    const fixtureOf = (sport: number) => sim.fixtureIds().find((id) => sim.fixtureRecord(id)?.planned.sportId === sport) ?? '';
    const futureOf = (sport: number) => sim.futures.views().find((f) => f.sport.sportId === sport)?.futureId ?? '';
    const ids = { outFixture: fixtureOf(14), inFixture: fixtureOf(10), outFuture: futureOf(14), inFuture: futureOf(10) };
    for (const id of Object.values(ids)) expect(id).not.toBe('');
    return ids;
  }

  it('lists in login_ok.dropped exactly the sports, fixtures, futures and bookmakers it left out, with their names', async () => {
    const ids = worldIds();
    const client = await StreamClient.login(
      t.wsUrl,
      loginFrame('demo-limited', {
        sportIds: [14, 10],
        fixtureIds: [ids.outFixture, ids.inFixture],
        futureIds: [ids.outFuture, ids.inFuture],
        bookmakers: ['bet365', 'pinnacle'],
      }),
    );
    const ok = await client.control('login_ok');
    expect(ok.dropped).toEqual({
      sports: [{ sportId: 14, sportName: 'American Football' }],
      fixtures: [{ fixtureId: ids.outFixture }],
      futures: [{ futureId: ids.outFuture }],
      bookmakers: [{ bookmaker: 'bet365', bookmakerName: 'bet365' }],
    });
    client.close();
  });

  it('names a dropped sport in the login lang and lists an unknown tournament', async () => {
    const soccerTournament = parseFixtureId(worldIds().inFixture).tournamentId;
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-limited', { lang: 'fr', sportIds: [14, 10], tournamentIds: [999_998, soccerTournament] }));
    expect((await client.control('login_ok')).dropped).toEqual({
      sports: [{ sportId: 14, sportName: 'Football américain' }],
      tournaments: [{ tournamentId: 999_998 }],
    });
    client.close();
  });

  it('sends no dropped field when every value is within the key', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-limited', { sportIds: [10], bookmakers: ['pinnacle'] }));
    expect((await client.control('login_ok')).dropped).toBeUndefined();
    client.close();
  });

  it('closes with 4403 naming what was dropped when every asked sport is outside the key', async () => {
    const result = await refusal(loginFrame('demo-limited', { sportIds: [14], bookmakers: ['bet365', 'pinnacle'] }));
    expect(result).toMatchObject({ code: CLOSE_CODES.nothingToSubscribe, error: 'channel_not_allowed' });
    expect(result.message).toContain('sportIds 14 (American Football)');
    expect(result.message).toContain('bookmakers bet365');
  });

  it('closes with 4403 naming the dropped futures when every asked future is outside the key', async () => {
    const { outFuture } = worldIds();
    const result = await refusal(loginFrame('demo-limited', { futureIds: [outFuture], bookmakers: ['pinnacle'] }));
    expect(result).toMatchObject({ code: CLOSE_CODES.nothingToSubscribe, error: 'channel_not_allowed' });
    expect(result.message).toContain(`futureIds ${outFuture}`);
  });

  it('closes with 4403 naming bet365 when the only bookmaker asked for is outside the key', async () => {
    const result = await refusal(loginFrame('demo-limited', { channels: ['odds'], bookmakers: ['bet365'] }));
    expect(result.code).toBe(CLOSE_CODES.nothingToSubscribe);
    expect(result.message).toContain('bookmakers bet365');
  });

  it.each([
    ['a sport that is not a number', { sportIds: ['x'] }, 'sportIds'],
    ['a negative sport id', { sportIds: [-14] }, 'sportIds'],
    ['a sport id of zero', { sportIds: [0, 10] }, 'sportIds'],
    ['a negative tournament id', { tournamentIds: [-1] }, 'tournamentIds'],
    ['a fractional tournament id', { tournamentIds: [1.5] }, 'tournamentIds'],
    ['a fixture id that is a number', { fixtureIds: [123] }, 'fixtureIds'],
    ['a future id that is empty', { futureIds: [''] }, 'futureIds'],
    ['an empty bookmaker', { bookmakers: [''] }, 'bookmakers'],
    ['bookmakers that are not a list', { bookmakers: 'bet365' }, 'bookmakers'],
  ])('closes with 4001 and an error frame on %s, even with values outside the key beside it', async (_what, filter, field) => {
    const result = await refusal(loginFrame('demo-limited', { sportIds: [14, 10], bookmakers: ['bet365', 'pinnacle'], ...filter }));
    expect(result).toMatchObject({ code: CLOSE_CODES.noLogin, error: 'invalid_login' });
    expect(result.message).toContain(field);
  });
});

describe('filters', () => {
  it('keeps to sportIds', async () => {
    const client = await streamFor(loginFrame('demo-key', { sportIds: [10], bookmakers }));
    const sports = new Set(client.data.map(sportOf).filter((s) => s !== null));
    expect(sports).toEqual(new Set([10]));
    client.close();
  });

  it('keeps to fixtureIds', async () => {
    const fixtureId = everything.data.find((f) => f.channel === 'odds')?.payload.fixtureId as string;
    const client = await streamFor(loginFrame('demo-key', { fixtureIds: [fixtureId], bookmakers, channels: ['odds', 'bookmakers', 'scores'] }), 20_000);
    expect(client.data.length).toBeGreaterThan(0);
    expect(new Set(client.data.map((f) => f.payload.fixtureId))).toEqual(new Set([fixtureId]));
    client.close();
  });

  it('keeps to futureIds on oddsFutures', async () => {
    const futureId = everything.data.find((f) => f.channel === 'oddsFutures')?.payload.futureId as string;
    const client = await streamFor(loginFrame('demo-key', { futureIds: [futureId], bookmakers, channels: ['oddsFutures'] }), 30_000);
    expect(client.data.length).toBeGreaterThan(0);
    expect(new Set(client.data.map((f) => f.payload.futureId))).toEqual(new Set([futureId]));
    client.close();
  });

  it('keeps to the chosen bookmakers, trimming the bookmakers channel', async () => {
    const client = await streamFor(loginFrame('demo-key', { bookmakers: ['pinnacle', 'bet365'], channels: ['odds', 'bookmakers'] }), 10_000);
    expect(client.data.some((f) => f.channel === 'bookmakers')).toBe(true);
    for (const frame of client.data) expect(['pinnacle', 'bet365']).toEqual(expect.arrayContaining(bookmakersOf(frame)));
    client.close();
  });

  it('with pregame false sends only live fixtures and says so in access', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { pregame: false, bookmakers, channels: ['odds'] }));
    expect((await client.control('login_ok')).access).toEqual({ live: true, pregame: false });
    await t.advance(5_000);
    expect(client.data.length).toBeGreaterThan(0);
    for (const frame of client.data) expect(t.service.simulator.fixtureRecord(frame.payload.fixtureId as string)?.statusId).toBe(1);
    client.close();
  });

  it('with live false sends only pre-game fixtures', async () => {
    const client = await streamFor(loginFrame('demo-key', { live: false, bookmakers, channels: ['odds', 'clocks'] }));
    expect(client.data.length).toBeGreaterThan(0);
    for (const frame of client.data) expect(t.service.simulator.fixtureRecord(frame.payload.fixtureId as string)?.statusId).not.toBe(1);
    client.close();
  });

  it('translates fixture views by lang as REST does', async () => {
    const de = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { lang: 'de', channels: ['fixtures'] }));
    const en = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { channels: ['fixtures'] }));
    await Promise.all([de.control('login_ok'), en.control('login_ok')]);
    // A soccer kick-off is a status change, so a fixtures frame, in a sport whose name German
    // writes differently ("Fußball"); the rotation's own frames may be of a sport it does not.
    const sim = t.service.simulator;
    const soccer = sim.fixtureIds(STATUS_PRE_GAME).find((id) => sim.fixtureRecord(id)?.planned.sportId === 10);
    if (soccer === undefined) throw new Error('the test world has no pre-game soccer fixture');
    sim.kickoff(soccer);
    await t.advance(2_000);
    const english = en.data.find((f) => f.payload.fixtureId === soccer);
    expect(english).toBeDefined();
    const german = de.data.find((f) => f.entryId === english?.entryId);
    const rest = (await (await fetch(`${t.service.url}/de/fixtures?fixtureIds=${String(english?.payload.fixtureId)}`, { headers: { 'X-API-Key': 'demo-key' } })).json()) as { sport: unknown }[];
    expect(german?.payload.sport).toEqual(rest[0]?.sport);
    expect(german?.payload.sport).not.toEqual(english?.payload.sport);
    de.close();
    en.close();
  });
});

describe('connection limit', () => {
  it(`closes the connection after the ${String(MAX_CONNECTIONS_PER_KEY)}th of one key with 4003`, async () => {
    const clients: StreamClient[] = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_KEY; i++) {
      const client = await StreamClient.login(t.wsUrl, loginFrame('demo-basic'));
      await client.control('login_ok');
      clients.push(client);
    }
    expect(await refusal(loginFrame('demo-basic'))).toMatchObject({ code: CLOSE_CODES.tooManyConnections, error: 'too_many_connections' });
    clients[0]?.close();
    await clients[0]?.closed;
    await settle();
    const again = await StreamClient.login(t.wsUrl, loginFrame('demo-basic'));
    await again.control('login_ok');
    for (const client of [...clients, again]) client.close();
  });

  it('lets a benchmark key open more connections in benchmark mode', async () => {
    const clients: StreamClient[] = [];
    for (let i = 0; i < MAX_CONNECTIONS_PER_KEY + 3; i++) clients.push(await StreamClient.login(t.wsUrl, loginFrame('bench-key')));
    for (const client of clients) await client.control('login_ok');
    for (const client of clients) client.close();
  });
});

describe('heartbeat and upgrade', () => {
  it('terminates a socket that does not answer pings and keeps one that does', async () => {
    const silent = await StreamClient.login(t.wsUrl, loginFrame('demo-key'), { autoPong: false });
    const polite = await StreamClient.login(t.wsUrl, loginFrame('demo-key'));
    await Promise.all([silent.control('login_ok'), polite.control('login_ok')]);
    // Terminated without a close frame: the client sees 1006.
    expect((await silent.closed).code).toBe(1006);
    expect(polite.ws.readyState).toBe(WebSocket.OPEN);
    expect(t.service.gateway.stats().heartbeatTerminations).toBeGreaterThan(0);
    polite.close();
  });

  it('answers an upgrade on another path with 404, the spec body and the security headers', async () => {
    const refused = await refusedUpgrade(`${t.wsUrl}x`);
    expect(refused.status).toBe(404);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 404, code: 'not_found' });
    expect(refused.headers).toMatchObject({ 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' });
  });
});
