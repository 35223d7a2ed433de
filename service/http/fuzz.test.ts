// Property tests of the REST API's query parsing over real HTTP on loopback: whatever the
// path, language, parameters and values (ids, id lists, numbers, huge, unicode, injection-shaped,
// malformed percent-encoding, repeated parameters), the answer is a status of spec 7 with the
// error body `{error, message, code}` — never a 500, never a stack trace or a file path.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/wire/rest-schemas.ts';
import type { Service } from '../service.ts';
import { startTestService, type TestService } from '../testing/test-service.ts';
import { ENDPOINTS } from './endpoints.ts';

let testService: TestService;
let service: Service;
/** Real identifiers of the running world, so generated values also reach the handlers' deeper checks. */
let real: { fixtureIds: string[]; oddsIds: string[]; futureIds: string[]; futureOddsIds: string[]; participantIds: number[] };
const internalErrors: string[] = [];

beforeAll(async () => {
  testService = await startTestService({
    // Benchmark mode adds bench-key, exempt from rate limits, so the fuzz reaches the parsers.
    // AUTH_FAIL_MAX 0: the fuzz sends hundreds of bad keys from one address and asserts their 401;
    // the failed-authentication throttle (its own test: service/security/auth-throttle.test.ts)
    // would answer most of them 429.
    env: { BENCHMARK: '1', AUTH_FAIL_MAX: '0' },
    log: (line) => {
      if (line.startsWith('internal error')) internalErrors.push(line);
    },
    warmUpSeconds: 20,
    freeze: true,
  });
  service = testService.service;
  const sim = service.simulator;
  const fixtureIds = sim.fixtureIds().slice(0, 30);
  const oddsIds = fixtureIds.flatMap((id) => Object.values(sim.fixtureOdds(id)).flatMap((byId) => Object.keys(byId).slice(0, 3))).slice(0, 60);
  const futures = (await (await fetch(`${service.url}/en/futures/live`, { headers: { 'X-API-Key': 'bench-key' } })).json()) as { futureId: string }[];
  const futureIds = futures.slice(0, 10).map((f) => f.futureId);
  const futureOdds = (await (
    await fetch(`${service.url}/en/futures/odds?futureIds=${encodeURIComponent(futureIds.join(','))}`, { headers: { 'X-API-Key': 'bench-key' } })
  ).json()) as { odds: Record<string, Record<string, unknown>> }[];
  const futureOddsIds = futureOdds.flatMap((f) => Object.values(f.odds).flatMap((byId) => Object.keys(byId).slice(0, 2))).slice(0, 20);
  const participantIds = fixtureIds.map((id) => sim.fixtureRecord(id)?.planned.participant1Id ?? 1);
  real = { fixtureIds, oddsIds, futureIds, futureOddsIds, participantIds };
}, 180_000);

afterAll(async () => {
  await testService.dispose();
});

/** Spec 7 (and docs/api.md for the codes it leaves open): the only code each status may carry. */
const CODE_OF_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_filters',
  401: 'unauthorized',
  403: 'channel_not_allowed',
  404: 'not_found',
  405: 'method_not_allowed',
  422: 'validation_error',
  429: 'rate_limited',
  501: 'not_enabled',
  502: 'bad_gateway',
};
const SUCCESS = new Set([200, 302]);

/** What a stack trace or an internal path looks like in a message. */
const LEAK = /\n\s+at |\bat .+\.(?:ts|js):\d+|\/work\/|node_modules|[A-Za-z]+Error: /;

interface Checked {
  readonly status: number;
}

/** Sends one request and checks its status and body against the spec; returns the status. */
async function check(pathAndQuery: string, key = 'bench-key'): Promise<Checked> {
  const res = await fetch(service.url + pathAndQuery, { headers: { 'X-API-Key': key }, redirect: 'manual' });
  const text = await res.text();
  const context = `${String(res.status)} for ${pathAndQuery.slice(0, 300)}: ${text.slice(0, 300)}`;
  expect(res.status, context).not.toBe(500);
  if (SUCCESS.has(res.status)) {
    if (res.status === 200) expect(() => JSON.parse(text) as unknown, context).not.toThrow();
    return { status: res.status };
  }
  expect(Object.keys(CODE_OF_STATUS).map(Number), context).toContain(res.status);
  const body = errorBodySchema.safeParse(JSON.parse(text));
  expect(body.success, context).toBe(true);
  if (body.success) {
    expect(body.data.error, context).toBe(res.status);
    expect(body.data.code, context).toBe(CODE_OF_STATUS[res.status]);
    expect(body.data.message.length, context).toBeGreaterThan(0);
    expect(body.data.message, context).not.toMatch(LEAK);
  }
  return { status: res.status };
}

const API_PATHS = Object.values(ENDPOINTS)
  .map((e) => e.path)
  .filter((p) => !p.includes(':'));
const PARAMS = [
  'oddsIds', 'fixtureIds', 'fixtureId', 'futureIds', 'futureId', 'tournamentId', 'sportId', 'statusId', 'live', 'since',
  'from', 'to', 'startTimeFrom', 'startTimeTo', 'marketIds', 'outcomeIds', 'seasonIds', 'playerIds', 'participantIds',
  'participantId', 'venueIds', 'bookmakers', 'provider', 'ids', 'apiKey',
] as const;

/** Strings a hostile client sends: injection shapes, path tricks, encodings, huge and odd numbers. */
const NASTY = [
  "1' OR '1'='1", '1; DROP TABLE odds;--', '"><script>alert(1)</script>', '${7*7}', '{{7*7}}', '__proto__', 'constructor',
  '../../etc/passwd', '..%2f..%2fetc%2fpasswd', '%00', '\u0000', '\uFEFF1', '\u202E10', '１２', '٣', 'NaN', 'Infinity',
  '-Infinity', '-0', '+1', '1e3', '1e400', '0x10', '0b1', '1.5', '.5', '9007199254740993', '-9007199254740993',
  '9'.repeat(400), '', ' ', ',', ',,,', ' , , ', 'true', 'TRUE', 'null', 'undefined', '[]', '{}', '[1,2]',
  '\uD800', '😀', 'sr:10:000001:1', 'sr10000001x1:pinnacle', 'a:b:c:d', ':::', 'sr10000001x1:pinnacle:101:0:extra',
];

/** Raw (not percent-encoded by us) query fragments: malformed escapes and separators. */
const RAW_VALUES = ['%', '%zz', '%c0%af', '%ff%fe', '%E2%82', '%25', '%2C%2C', '&', '=', '==', '%26apiKey%3Dx', '+++'];

/** A value made from real ids, mutated: the shapes the parsers must tell apart. */
function idish(): fc.Arbitrary<string> {
  const oddsId = fc.constantFrom(...real.oddsIds);
  const mutate = (s: string) =>
    fc.oneof(
      fc.constant(s),
      fc.constant(s.toUpperCase()),
      fc.nat({ max: Math.max(0, s.length - 1) }).map((n) => s.slice(0, n)),
      fc.nat({ max: s.length }).chain((n) => fc.string({ maxLength: 3 }).map((x) => s.slice(0, n) + x + s.slice(n))),
      fc.constant(s.replace(/:/g, '::')),
      fc.constant(s.replace(/\d/g, '9')),
      fc.constant(`${s}:`),
    );
  return fc.oneof(
    oddsId.chain(mutate),
    fc.constantFrom(...real.fixtureIds).chain(mutate),
    fc.constantFrom(...real.futureIds, ...real.futureOddsIds).chain(mutate),
    fc.array(oddsId, { minLength: 1, maxLength: 25 }).chain((ids) => fc.constantFrom(',', ' ', ', ', ',,', '\t').map((sep) => ids.join(sep))),
    fc.array(fc.constantFrom(...real.fixtureIds), { minLength: 1, maxLength: 120 }).map((ids) => ids.join(',')),
    fc.constantFrom('pinnacle', 'bet365', 'PINNACLE', 'pinnacle,bet365', 'nope', 'pinnacle,,', 'pinnacle bet365'),
  );
}

function numberish(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.integer().map(String),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
    fc.double().map(String),
    fc.integer({ min: 0, max: 100 }).map((n) => ` ${String(n)} `),
    fc.array(fc.integer({ min: -5, max: 2_000_000 }), { maxLength: 1100 }).map((ns) => ns.join(',')),
  );
}

function value(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: idish() },
    { weight: 2, arbitrary: numberish() },
    { weight: 2, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.nat({ max: 6000 }).map((n) => 'x'.repeat(n)) },
  );
}

/** Encodes a value for the query; lone surrogates (which encodeURIComponent refuses) become U+FFFD. */
function enc(v: string): string {
  return encodeURIComponent(v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
}

/** A query string: named parameters (some repeated), sometimes a raw malformed fragment. */
function query(): fc.Arbitrary<string> {
  const pair = fc.tuple(fc.constantFrom(...PARAMS), value()).map(([k, v]) => `${k}=${enc(v)}`);
  const raw = fc.tuple(fc.constantFrom(...PARAMS), fc.constantFrom(...RAW_VALUES)).map(([k, v]) => `${k}=${v}`);
  const odd = fc.constantFrom('oddsIds', 'oddsIds=', 'oddsIds[]=a', 'oddsIds[0]=a', '=x', '&&', 'fixtureIds=a&fixtureIds=b');
  return fc.array(fc.oneof({ weight: 5, arbitrary: pair }, { weight: 1, arbitrary: raw }, { weight: 1, arbitrary: odd }), { maxLength: 5 }).map((parts) => parts.join('&'));
}

describe('REST query parsing under fuzzing', () => {
  it('answers every endpoint with a spec status and error body, whatever the parameters', async () => {
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API_PATHS), query(), async (path, q) => {
        statuses.add((await check(`/en${path}?${q}`)).status);
      }),
      { numRuns: 600 },
    );
    // The inputs reached the handlers: some were accepted, some refused as malformed.
    expect(statuses.has(200)).toBe(true);
    expect(statuses.has(400)).toBe(true);
    expect(internalErrors).toEqual([]);
  }, 60_000);

  it('prices well-formed and mangled oddsIds lists on /parlay and /sgp without a 500', async () => {
    const statuses = new Set<number>();
    const legs = fc.oneof(
      fc.array(fc.constantFrom(...real.oddsIds), { minLength: 0, maxLength: 22 }).map((ids) => ids.join(',')),
      idish(),
      fc.constantFrom(...NASTY),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/fixtures/odds/parlay', '/fixtures/odds/sgp'), legs, fc.boolean(), async (path, ids, twice) => {
        const q = `oddsIds=${enc(ids)}${twice ? `&oddsIds=${enc(ids.split(',').reverse().join(','))}` : ''}`;
        statuses.add((await check(`/en${path}?${q}`)).status);
      }),
      { numRuns: 200 },
    );
    expect(statuses.has(200)).toBe(true);
    expect(statuses.has(400)).toBe(true);
  }, 40_000);

  it('answers an unknown or malformed language prefix with 404 not_found', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom('EN', 'e', 'eng', 'xx', 'zz', '%00', '..', 'en%2F..', '%E2%82'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map(enc)),
        fc.constantFrom(...API_PATHS),
        async (lang, path) => {
          const { status } = await check(`/${lang}${path}?sportId=10`);
          // An unknown prefix is a 404; a prefix that is one of the languages after decoding is served.
          expect([200, 400, 404]).toContain(status);
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000);

  it('answers every language the same status for the same query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API_PATHS), query(), async (path, q) => {
        const results = await Promise.all(['en', 'de', 'fr', 'zh'].map((lang) => check(`/${lang}${path}?${q}`)));
        expect(new Set(results.map((r) => r.status)).size).toBe(1);
      }),
      { numRuns: 40 },
    );
  }, 30_000);

  it('refuses a missing, unknown or hostile key with 401 unauthorized and the spec body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API_PATHS), fc.oneof(fc.constantFrom(...NASTY), fc.string({ unit: 'grapheme', maxLength: 40 })), async (path, key) => {
        // A header value must be a valid ByteString without CR/LF: keep what fetch can send.
        const headerKey = key.replace(/[^\x20-\x7e]/g, '').trim();
        if (headerKey === 'bench-key' || headerKey === 'demo-key' || headerKey === 'demo-basic' || headerKey === 'demo-limited') return;
        const { status } = await check(`/en${path}`, headerKey);
        expect(status).toBe(401);
      }),
      { numRuns: 100 },
    );
  }, 30_000);

  it('answers a huge query string with a spec error body, not a bare parser error', async () => {
    for (const n of [4_000, 12_000, 20_000, 70_000]) {
      const res = await fetch(`${service.url}/en/fixtures?fixtureIds=${'a'.repeat(n)}`, { headers: { 'X-API-Key': 'bench-key' } });
      const text = await res.text();
      expect(res.status, `${String(n)} characters`).not.toBe(500);
      expect(res.status, `${String(n)} characters`).toBeGreaterThanOrEqual(400);
      const body = errorBodySchema.safeParse(JSON.parse(text));
      expect(body.success, `${String(n)} characters: ${text.slice(0, 200)}`).toBe(true);
      if (body.success) expect(body.data.error).toBe(res.status);
    }
  }, 30_000);
});
