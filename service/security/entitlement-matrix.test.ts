// The entitlement matrix of issue 9: each demo key × every REST endpoint family and stream login
// with every channel × a bookmaker, a sport and an endpoint outside the key × filters that name
// them and filters that omit them × two languages. Nothing outside the key ever comes back: a
// request naming it is a 403 `channel_not_allowed` on REST (spec 5.8) and is intersected away
// (4403 when nothing is left) on the stream; a request omitting it never sees it.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFixtureId } from '../../src/domain/ids.ts';
import { errorBodySchema } from '../../src/wire/rest-schemas.ts';
import { CHANNELS, type Channel } from '../../src/wire/stream-schemas.ts';
import { startStreamTestService, StreamClient, settle, type TestService } from '../gateway/test-support.ts';
import { ENDPOINTS } from '../http/endpoints.ts';
import { ENDPOINT_FAMILIES, type EndpointFamily } from '../http/keys.ts';

/** What each demo key of service/keys.json may not see (docs/api.md). */
const KEYS = {
  'demo-key': { families: [] as EndpointFamily[], sport: null, bookmaker: null },
  'demo-basic': { families: ['parlay', 'sgp'] as EndpointFamily[], sport: null, bookmaker: null },
  'demo-limited': { families: [] as EndpointFamily[], sport: 14, bookmaker: 'bet365' },
} as const;
type KeyName = keyof typeof KEYS;
const KEY_NAMES = Object.keys(KEYS) as KeyName[];
const OUT_SPORT = 14;
const OUT_BOOKMAKER = 'bet365';
const LANGS = ['en', 'de'] as const;

let t: TestService;
/** Identifiers of the world: inside (soccer, pinnacle) and outside (sport 14, bet365) the limited key. */
let ids: {
  inFixture: string;
  outFixture: string;
  inTournament: number;
  outTournament: number;
  inOdds: string[];
  outSportOdds: string;
  bet365Odds: string;
  inFuture: string;
  outFuture: string | null;
  inParticipant: number;
  outParticipant: number;
};
/** futureId → sportId (futureIds are opaque; the listing says their sport). */
const futureSport = new Map<string, number>();

beforeAll(async () => {
  // Every socket comes from 127.0.0.1 and a whole key's shapes log in at once: more than the
  // default 10 sockets may wait for their login together (limits tested in auth-throttle.test.ts).
  t = await startStreamTestService({ SEED_PAST_DAYS: '0', GATEWAY_PENDING_PER_ADDRESS: '1000' });
  for (let i = 0; i < 20; i++) await t.advance(1000);
  const sim = t.service.simulator;
  const quoted = (sport: number) =>
    sim.fixtureIds().find((id) => sim.fixtureRecord(id)?.planned.sportId === sport && sim.fixtureOdds(id).pinnacle !== undefined && sim.fixtureOdds(id).bet365 !== undefined) ?? '';
  const inFixture = quoted(10);
  const outFixture = quoted(OUT_SPORT);
  const inOdds = Object.keys(sim.fixtureOdds(inFixture).pinnacle ?? {}).slice(0, 2);
  const futures = (await (await fetch(`${t.service.url}/en/futures/live`, { headers: { 'X-API-Key': 'demo-key' } })).json()) as { futureId: string; sport: { sportId: number } }[];
  for (const f of futures) futureSport.set(f.futureId, f.sport.sportId);
  const record = (id: string) => sim.fixtureRecord(id)?.planned;
  ids = {
    inFixture,
    outFixture,
    inTournament: parseFixtureId(inFixture).tournamentId,
    outTournament: parseFixtureId(outFixture).tournamentId,
    inOdds,
    outSportOdds: Object.keys(sim.fixtureOdds(outFixture).pinnacle ?? {})[0] ?? '',
    bet365Odds: Object.keys(sim.fixtureOdds(inFixture).bet365 ?? {})[0] ?? '',
    inFuture: futures.find((f) => f.sport.sportId === 10)?.futureId ?? '',
    outFuture: futures.find((f) => f.sport.sportId === OUT_SPORT)?.futureId ?? null,
    inParticipant: record(inFixture)?.participant1Id ?? 0,
    outParticipant: record(outFixture)?.participant1Id ?? 0,
  };
  expect(inFixture).not.toBe('');
  expect(outFixture).not.toBe('');
}, 120_000);

afterAll(async () => {
  await t.dispose();
});

// ---------------------------------------------------------------------------------------------
// Finding what comes back from outside the key
// ---------------------------------------------------------------------------------------------

function sportOfId(value: string): number | null {
  const fixtureId = value.split(':')[0] ?? '';
  const future = futureSport.get(fixtureId);
  if (future !== undefined) return future;
  try {
    return parseFixtureId(fixtureId).sportId;
  } catch {
    return null;
  }
}

/**
 * Every place in a JSON value that belongs to the outside sport or bookmaker: a `sportId` field,
 * a fixtureId, futureId or oddsId (as a value or a key) of that sport, a bookmaker slug.
 */
function outsideItems(value: unknown, sport: number | null, bookmaker: string | null, path = '$', found: string[] = []): string[] {
  if (found.length > 5) return found;
  const checkString = (s: string, where: string) => {
    if (bookmaker !== null && (s === bookmaker || s.includes(`:${bookmaker}:`) || s.endsWith(`:${bookmaker}`))) found.push(`${where}: ${s}`);
    if (sport !== null && /^[a-z]+\d{9}/.test(s) && sportOfId(s) === sport) found.push(`${where}: ${s}`);
  };
  if (typeof value === 'string') checkString(value, path);
  else if (Array.isArray(value)) value.forEach((v, i) => outsideItems(v, sport, bookmaker, `${path}[${String(i)}]`, found));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      checkString(k, `${path} key`);
      if (sport !== null && k === 'sportId' && v === sport) found.push(`${path}.sportId = ${String(sport)}`);
      outsideItems(v, sport, bookmaker, `${path}.${k}`, found);
    }
  }
  return found;
}

// ---------------------------------------------------------------------------------------------
// REST
// ---------------------------------------------------------------------------------------------

/** One request of the matrix: which outside thing it names (none: it omits them). */
interface Probe {
  readonly family: EndpointFamily;
  readonly path: string;
  readonly names: 'nothing' | 'sport' | 'bookmaker';
}

/** Per endpoint: a request that omits outside things, and requests that name the sport or the bookmaker. */
function probes(): Probe[] {
  const q = (p: string, names: Probe['names'], family: EndpointFamily): Probe => ({ family, path: p, names });
  const fx = ids.inFixture;
  const oddsIdsSameFixture = ids.inOdds.join(',');
  const bet365Leg = `${ids.inOdds[0] ?? ''},${ids.bet365Odds}`;
  const list: Probe[] = [
    q('/sports', 'nothing', 'reference'),
    q('/tournaments', 'nothing', 'reference'),
    q(`/tournaments?sportId=${String(OUT_SPORT)}`, 'sport', 'reference'),
    q(`/seasons?tournamentId=${String(ids.inTournament)}`, 'nothing', 'reference'),
    q(`/seasons?tournamentId=${String(ids.outTournament)}`, 'sport', 'reference'),
    q('/participants?sportId=10', 'nothing', 'reference'),
    q(`/participants?sportId=${String(OUT_SPORT)}`, 'sport', 'reference'),
    q(`/participants?participantIds=${String(ids.inParticipant)},${String(ids.outParticipant)}`, 'sport', 'reference'),
    q('/players?sportId=10', 'nothing', 'reference'),
    q(`/players?sportId=${String(OUT_SPORT)}`, 'sport', 'reference'),
    q('/venues', 'nothing', 'reference'),
    q('/bookmakers', 'nothing', 'reference'),
    q(`/bookmakers?sportId=${String(OUT_SPORT)}`, 'sport', 'reference'),
    q('/markets?sportId=10', 'nothing', 'reference'),
    q(`/markets?sportId=${String(OUT_SPORT)}`, 'sport', 'reference'),
    q('/fixtures', 'nothing', 'fixtures'),
    q(`/fixtures?sportId=${String(OUT_SPORT)}`, 'sport', 'fixtures'),
    q(`/fixtures?fixtureIds=${fx},${ids.outFixture}`, 'sport', 'fixtures'),
    q(`/fixtures/markets?fixtureId=${fx}`, 'nothing', 'fixtures'),
    q(`/fixtures/markets?fixtureId=${ids.outFixture}`, 'sport', 'fixtures'),
    q(`/fixtures/odds?fixtureIds=${fx}`, 'nothing', 'odds'),
    q(`/fixtures/odds?tournamentId=${String(ids.inTournament)}`, 'nothing', 'odds'),
    q(`/fixtures/odds?fixtureIds=${ids.outFixture}`, 'sport', 'odds'),
    q(`/fixtures/odds?tournamentId=${String(ids.outTournament)}`, 'sport', 'odds'),
    q(`/fixtures/odds?fixtureIds=${fx}&bookmakers=pinnacle,${OUT_BOOKMAKER}`, 'bookmaker', 'odds'),
    q(`/fixtures/odds/main?fixtureIds=${fx}&since=0`, 'nothing', 'odds'),
    q(`/fixtures/odds/main?fixtureIds=${fx},${ids.outFixture}`, 'sport', 'odds'),
    q(`/fixtures/odds/main?fixtureIds=${fx}&bookmakers=${OUT_BOOKMAKER}`, 'bookmaker', 'odds'),
    q(`/fixtures/odds/historical?fixtureId=${fx}&oddsIds=${oddsIdsSameFixture}`, 'nothing', 'historical'),
    q(`/fixtures/odds/historical?fixtureId=${ids.outFixture}&bookmakers=pinnacle`, 'sport', 'historical'),
    q(`/fixtures/odds/historical?fixtureId=${fx}&bookmakers=${OUT_BOOKMAKER}`, 'bookmaker', 'historical'),
    q(`/fixtures/odds/historical?fixtureId=${fx}&oddsIds=${ids.bet365Odds}`, 'bookmaker', 'historical'),
    q(`/fixtures/odds/clv?fixtureId=${fx}`, 'nothing', 'clv'),
    q(`/fixtures/odds/clv?fixtureId=${ids.outFixture}`, 'sport', 'clv'),
    q(`/fixtures/odds/clv?fixtureId=${fx}&bookmakers=pinnacle,${OUT_BOOKMAKER}`, 'bookmaker', 'clv'),
    q(`/fixtures/odds/parlay?oddsIds=${oddsIdsSameFixture}`, 'nothing', 'parlay'),
    q(`/fixtures/odds/parlay?oddsIds=${ids.inOdds[0] ?? ''},${ids.outSportOdds}`, 'sport', 'parlay'),
    q(`/fixtures/odds/parlay?oddsIds=${bet365Leg}`, 'bookmaker', 'parlay'),
    q(`/fixtures/odds/sgp?oddsIds=${oddsIdsSameFixture}`, 'nothing', 'sgp'),
    q(`/fixtures/odds/sgp?oddsIds=${ids.outSportOdds}`, 'sport', 'sgp'),
    q(`/fixtures/odds/sgp?oddsIds=${bet365Leg}`, 'bookmaker', 'sgp'),
    q(`/fixtures/settlement?fixtureId=${fx}`, 'nothing', 'settlement'),
    q(`/fixtures/settlement?fixtureId=${ids.outFixture}`, 'sport', 'settlement'),
    q('/futures/live', 'nothing', 'futures'),
    q(`/futures/live?sportId=${String(OUT_SPORT)}`, 'sport', 'futures'),
    q(`/futures/live?bookmakers=${OUT_BOOKMAKER}`, 'bookmaker', 'futures'),
    q('/futures', 'nothing', 'futures'),
    q('/futures?statusId=2', 'nothing', 'futures'),
    q(`/futures?sportId=${String(OUT_SPORT)}`, 'sport', 'futures'),
    q(`/futures?statusId=3&bookmakers=${OUT_BOOKMAKER}`, 'bookmaker', 'futures'),
    q(`/futures/odds?futureIds=${encodeURIComponent(ids.inFuture)}`, 'nothing', 'futures'),
    q(`/futures/odds?futureIds=${encodeURIComponent(ids.inFuture)}&bookmakers=pinnacle,${OUT_BOOKMAKER}`, 'bookmaker', 'futures'),
    q(`/futures/odds/historical?futureId=${encodeURIComponent(ids.inFuture)}&bookmakers=pinnacle`, 'nothing', 'historical'),
    q(`/futures/odds/historical?futureId=${encodeURIComponent(ids.inFuture)}&bookmakers=${OUT_BOOKMAKER}`, 'bookmaker', 'historical'),
    q(`/futures/odds/clv?futureId=${encodeURIComponent(ids.inFuture)}`, 'nothing', 'clv'),
    q(`/futures/odds/clv?futureId=${encodeURIComponent(ids.inFuture)}&bookmakers=${OUT_BOOKMAKER}`, 'bookmaker', 'clv'),
    q(`/mapping/fixtures?fixtureIds=${fx}`, 'nothing', 'mapping'),
    q(`/mapping/fixtures?fixtureIds=${fx},${ids.outFixture}`, 'sport', 'mapping'),
    q(`/media/participants/${String(ids.inParticipant)}/badge`, 'nothing', 'media'),
    q(`/media/participants/${String(ids.outParticipant)}/badge`, 'sport', 'media'),
  ];
  if (ids.outFuture !== null) {
    const out = encodeURIComponent(ids.outFuture);
    list.push(
      q(`/futures?futureIds=${out}`, 'sport', 'futures'),
      q(`/futures/odds?futureIds=${out}`, 'sport', 'futures'),
      q(`/futures/odds/historical?futureId=${out}&bookmakers=pinnacle`, 'sport', 'historical'),
      q(`/futures/odds/clv?futureId=${out}`, 'sport', 'clv'),
    );
  }
  return list;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
}

/** GET with the key in the header; a 429 (the demo keys are rate-limited) is retried after Retry-After. */
async function get(path: string, key: string): Promise<Answer> {
  for (;;) {
    const res = await fetch(t.service.url + path, { headers: { 'X-API-Key': key }, redirect: 'manual' });
    const text = await res.text();
    if (res.status === 429) {
      await settle(Number(res.headers.get('retry-after') ?? '1') * 1000);
      continue;
    }
    return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  }
}

describe('REST entitlement matrix', () => {
  it('covers every endpoint family and every mounted endpoint path', () => {
    const probed = probes();
    expect(new Set(probed.map((p) => p.family))).toEqual(new Set(ENDPOINT_FAMILIES));
    const paths = new Set(probed.map((p) => p.path.split('?')[0]?.replace(/\/media\/participants\/\d+\/badge/, '/media/participants/:participantId/badge')));
    for (const e of Object.values(ENDPOINTS)) {
      if (e.family === 'fixtures' && !['/fixtures', '/fixtures/markets'].includes(e.path)) continue; // team news and stats: same family, covered by /fixtures
      expect(paths, e.path).toContain(e.path);
    }
  });

  it.each(KEY_NAMES)('gives %s nothing outside its key, whatever the filters and the language', async (key) => {
    const outside = KEYS[key];
    const failures: string[] = [];
    let served = 0;
    await Promise.all(
      probes().flatMap((probe) =>
        LANGS.map(async (lang) => {
          const path = `/${lang}${probe.path}`;
          const { status, body } = await get(path, key);
          const fail = (why: string) => failures.push(`${key} ${path}: ${why} (${String(status)} ${JSON.stringify(body).slice(0, 200)})`);
          const refusedFamily = outside.families.includes(probe.family);
          const namesOutside = (probe.names === 'sport' && outside.sport !== null) || (probe.names === 'bookmaker' && outside.bookmaker !== null);
          if (refusedFamily || namesOutside) {
            // Spec 5.7 and 5.8: the endpoint, or a named sport/bookmaker, outside the key fails whole.
            if (status !== 403) fail('expected 403');
            else if (errorBodySchema.safeParse(body).data?.code !== 'channel_not_allowed') fail('expected code channel_not_allowed');
            return;
          }
          if (status >= 500 || status === 401 || status === 403) {
            fail('expected an answer');
            return;
          }
          if (status === 200 || status === 302) served++;
          const leaks = outsideItems(body, outside.sport, outside.bookmaker);
          if (leaks.length > 0) fail(`outside the key: ${leaks.join('; ')}`);
        }),
      ),
    );
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(40);
  }, 60_000);

  it('finds the outside sport and bookmaker in the same answers for demo-key (the matrix can see a leak)', async () => {
    const answers = await Promise.all(
      [`/en/fixtures?fixtureIds=${ids.inFixture},${ids.outFixture}`, `/en/fixtures/odds?fixtureIds=${ids.inFixture}`, '/en/bookmakers'].map((p) => get(p, 'demo-key')),
    );
    expect(outsideItems(answers[0]?.body, OUT_SPORT, null).length).toBeGreaterThan(0);
    expect(outsideItems(answers[1]?.body, null, OUT_BOOKMAKER).length).toBeGreaterThan(0);
    expect(outsideItems(answers[2]?.body, null, OUT_BOOKMAKER).length).toBeGreaterThan(0);
  });
});

// ---------------------------------------------------------------------------------------------
// Stream
// ---------------------------------------------------------------------------------------------

/** Every bookmaker slug of the service. */
async function allBookmakers(): Promise<string[]> {
  const list = (await get('/en/bookmakers', 'demo-key')).body as { bookmaker: string }[];
  return list.map((b) => b.bookmaker);
}

interface LoginCase {
  readonly channels: readonly Channel[] | undefined;
  readonly filter: 'omitted' | 'sport-only' | 'sport-mixed' | 'bookmaker-only' | 'bookmaker-mixed' | 'fixture-mixed' | 'tournament-only';
  readonly lang: (typeof LANGS)[number];
}

function loginOf(c: LoginCase, key: string, bookmakers: readonly string[]): Record<string, unknown> {
  const login: Record<string, unknown> = { type: 'login', apiKey: key, lang: c.lang, bookmakers: bookmakers.filter((b) => b !== OUT_BOOKMAKER) };
  if (c.channels !== undefined) login.channels = c.channels;
  switch (c.filter) {
    case 'omitted':
      login.bookmakers = bookmakers;
      break;
    case 'sport-only':
      login.sportIds = [OUT_SPORT];
      break;
    case 'sport-mixed':
      login.sportIds = [10, OUT_SPORT];
      break;
    case 'bookmaker-only':
      login.bookmakers = [OUT_BOOKMAKER];
      break;
    case 'bookmaker-mixed':
      login.bookmakers = ['pinnacle', OUT_BOOKMAKER];
      break;
    case 'fixture-mixed':
      login.fixtureIds = [ids.inFixture, ids.outFixture];
      break;
    case 'tournament-only':
      login.tournamentIds = [ids.outTournament];
      break;
    default: {
      const never: never = c.filter;
      throw new Error(`unknown filter ${String(never)}`);
    }
  }
  return login;
}

/** Logs in and waits for login_ok or the refusal; returns the answer and closes. */
async function loginAnswer(login: Record<string, unknown>): Promise<{ ok: true; channels: string[] } | { ok: false; code: string; close: number }> {
  const client = await StreamClient.login(t.wsUrl, login);
  try {
    await client.until(() => client.controls.some((c) => c.type === 'login_ok' || c.type === 'error'), 5_000, 'login_ok or error');
    const first = client.controls.find((c) => c.type === 'login_ok' || c.type === 'error');
    if (first?.type === 'login_ok') return { ok: true, channels: first.channels };
    const closed = await client.closed;
    return { ok: false, code: first?.type === 'error' ? first.code : '', close: closed.code };
  } finally {
    client.close();
    await client.closed;
  }
}

describe('stream entitlement matrix', () => {
  it('intersects every channel and filter with the key at login, or refuses with 4403', async () => {
    const bookmakers = await allBookmakers();
    const cases = fc.sample(
      fc.record({
        channels: fc.oneof(fc.constant(undefined), fc.constantFrom(...CHANNELS).map((c) => [c]), fc.subarray([...CHANNELS], { minLength: 1 })),
        filter: fc.constantFrom('omitted', 'sport-only', 'sport-mixed', 'bookmaker-only', 'bookmaker-mixed', 'fixture-mixed', 'tournament-only'),
        lang: fc.constantFrom(...LANGS),
      }),
      { numRuns: 80, seed: 9 },
    ) as LoginCase[];
    // Every channel alone, with each filter kind, is in the sample too.
    for (const channel of CHANNELS) for (const filter of ['sport-only', 'bookmaker-only', 'omitted'] as const) cases.push({ channels: [channel], filter, lang: 'de' });
    const failures: string[] = [];
    // At most 5 connections per key: one key's logins run one at a time, the keys side by side.
    await Promise.all(
      KEY_NAMES.map(async (key) => {
        for (const c of cases) {
          const answer = await loginAnswer(loginOf(c, key, bookmakers));
          const limited = key === 'demo-limited';
          const asked = c.channels ?? CHANNELS;
          const bookmakerChannels: readonly string[] = asked.filter((ch) => ch === 'odds' || ch === 'bookmakers' || ch === 'oddsFutures');
          const onlyOutside = limited && (c.filter === 'sport-only' || c.filter === 'tournament-only' || (c.filter === 'bookmaker-only' && bookmakerChannels.length === asked.length));
          const tag = `${key} ${JSON.stringify(c)}`;
          if (onlyOutside) {
            if (answer.ok || answer.code !== 'channel_not_allowed' || answer.close !== 4403) failures.push(`${tag}: expected 4403, got ${JSON.stringify(answer)}`);
            continue;
          }
          if (!answer.ok) {
            failures.push(`${tag}: refused ${JSON.stringify(answer)}`);
            continue;
          }
          if (limited && c.filter === 'bookmaker-only' && answer.channels.some((ch) => bookmakerChannels.includes(ch))) {
            failures.push(`${tag}: a bookmaker channel subscribed with only ${OUT_BOOKMAKER} asked`);
          }
        }
      }),
    );
    expect(failures).toEqual([]);
  }, 60_000);

  it('streams nothing outside the key, live or replayed, in either language', async () => {
    const bookmakers = await allBookmakers();
    const shapes: LoginCase[] = [
      { channels: undefined, filter: 'omitted', lang: 'en' },
      { channels: undefined, filter: 'sport-mixed', lang: 'de' },
      { channels: undefined, filter: 'fixture-mixed', lang: 'en' },
      { channels: ['odds', 'bookmakers', 'oddsFutures'], filter: 'bookmaker-mixed', lang: 'de' },
    ];
    const sockets = new Map<KeyName, StreamClient[]>();
    for (const key of KEY_NAMES) {
      sockets.set(key, await Promise.all(shapes.map((s) => StreamClient.login(t.wsUrl, { ...loginOf(s, key, bookmakers), receiveType: 'json' }))));
    }
    for (const list of sockets.values()) for (const s of list) await s.control('login_ok');
    const epoch = (await sockets.get('demo-limited')?.[0]?.control('login_ok'))?.resume.serverEpoch ?? '';
    const startIds = (await sockets.get('demo-limited')?.[0]?.control('login_ok'))?.resume.serverEntryIds ?? {};
    // Futures requote every 1-5 minutes, so a 30 s window may hold none: the knob moves one
    // inside the key and one outside it now, so oddsFutures carries something to leak (and a
    // fixtureIds-only subscription, which futures pass, has frames while its fixtures are quiet).
    t.service.simulator.moveFuture(ids.inFuture);
    if (ids.outFuture !== null) t.service.simulator.moveFuture(ids.outFuture);
    // A few seconds of streaming: 30 s of simulated time, pre-game and live, every channel.
    for (let i = 0; i < 60; i++) await t.advance(500);
    await settle(200);

    const failures: string[] = [];
    const seen = { sport: 0, bookmaker: 0, frames: 0 };
    for (const [key, list] of sockets) {
      const outside = KEYS[key];
      list.forEach((s, i) => {
        for (const frame of s.data) {
          seen.frames++;
          if (key === 'demo-key') {
            seen.sport += outsideItems(frame, OUT_SPORT, null).length > 0 ? 1 : 0;
            seen.bookmaker += outsideItems(frame, null, OUT_BOOKMAKER).length > 0 ? 1 : 0;
          }
          const leaks = outsideItems(frame, outside.sport, outside.bookmaker);
          if (leaks.length > 0) failures.push(`${key} ${JSON.stringify(shapes[i])} ${frame.channel}: ${leaks.join('; ')}`);
        }
        if (key === 'demo-limited' && s.data.length === 0) failures.push(`${key} ${JSON.stringify(shapes[i])}: no frame at all`);
      });
      for (const s of list) s.close();
    }
    // The same world holds the outside sport and bookmaker: demo-key saw them, so a leak would show.
    expect(seen.sport).toBeGreaterThan(0);
    expect(seen.bookmaker).toBeGreaterThan(0);

    // Replay from the cursors of before the advance: replayed frames pass the same filters.
    const lastSeenId = Object.fromEntries(Object.entries(startIds).filter(([channel]) => channel !== 'injuries'));
    const replayed = await StreamClient.login(t.wsUrl, { ...loginOf(shapes[0] ?? { channels: undefined, filter: 'omitted', lang: 'en' }, 'demo-limited', bookmakers), serverEpoch: epoch, lastSeenId });
    await replayed.control('resume_complete');
    expect(replayed.data.length).toBeGreaterThan(0);
    for (const frame of replayed.data) {
      const leaks = outsideItems(frame, OUT_SPORT, OUT_BOOKMAKER);
      if (leaks.length > 0) failures.push(`replay ${frame.channel}: ${leaks.join('; ')}`);
    }
    replayed.close();
    expect(failures).toEqual([]);
  }, 60_000);
});
