// The client against a fake fetch: what it sends (the key only in the header), and how answers the
// real service never gives (malformed, missing endpoints, bare errors) become typed errors.
import { describe, expect, it } from 'vitest';
import { ApiError, InvalidAnswerError, NetworkError, NotOfferedError } from './api-error.ts';
import { ApiClientConfigError, createApiClient, encodeParams, normalizeBaseUrl } from './client.ts';
import { fixtureView } from '../book/book-test-data.ts';
import { RequestScheduler } from './scheduler.ts';
import { isFinished, isLive, STATUS_LIVE } from '../wire/status.ts';

interface Sent {
  readonly url: string;
  readonly headers: Headers;
}

/** A fetch that records what it was asked and answers `status` with `body` (a string is sent as is). */
function fakeFetch(status: number, body: unknown, headers: Record<string, string> = {}) {
  const sent: Sent[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    sent.push({ url: input instanceof Request ? input.url : String(input), headers: new Headers(init?.headers) });
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    return Promise.resolve(new Response(text, { status, headers }));
  };
  return { fetch, sent };
}

const SPORTS = [{ sportId: 10, sportName: 'Soccer', sportSlug: 'soccer' }];
const SECRET = 'secret-key-123456';

function clientWith(fetch: typeof globalThis.fetch, apiKey = SECRET) {
  return createApiClient({ baseUrl: 'http://odds.test/', apiKey, lang: 'de', fetch });
}

describe('what the client sends', () => {
  it('sends the key in the X-API-Key header and nowhere in the URL', async () => {
    const { fetch, sent } = fakeFetch(200, SPORTS);
    await clientWith(fetch).sports();
    expect(sent[0]?.headers.get('x-api-key')).toBe(SECRET);
    expect(sent[0]?.url).toBe('http://odds.test/de/sports');
    expect(sent[0]?.url).not.toContain(SECRET);
  });

  it('puts parameters in a stable order with lists de-duplicated, sorted and comma-joined', async () => {
    const { fetch, sent } = fakeFetch(200, []);
    await clientWith(fetch).fixtures({ sportId: 10, fixtureIds: ['b', 'a', 'b'], startTimeFrom: 60 });
    expect(sent[0]?.url).toBe('http://odds.test/de/fixtures?fixtureIds=a%2Cb&sportId=10&startTimeFrom=60');
  });

  it('sends live and statusId only once the service has said it applies them', async () => {
    const { fetch, sent } = fakeFetch(200, [], { 'x-fixture-filters': 'statusId, live' });
    const client = clientWith(fetch);
    await client.fixtures({ live: true, statusId: 1 });
    await client.fixtures({ live: true, statusId: 1 });
    expect(sent.map((s) => s.url)).toEqual(['http://odds.test/de/fixtures', 'http://odds.test/de/fixtures?live=true&statusId=1']);
  });

  it('never sends them to a service that has not said so', async () => {
    const { fetch, sent } = fakeFetch(200, []);
    const client = clientWith(fetch);
    await client.fixtures({ live: true });
    await client.fixtures({ statusId: 0 });
    expect(sent.map((s) => s.url)).toEqual(['http://odds.test/de/fixtures', 'http://odds.test/de/fixtures']);
  });

  it('fails with a local 401 and sends nothing when there is no key', async () => {
    const { fetch, sent } = fakeFetch(200, SPORTS);
    await expect(clientWith(fetch, '').sports()).rejects.toMatchObject({ status: 401, endpoint: '/sports' });
    expect(sent).toHaveLength(0);
  });
});

describe('fixture lists checked record by record (issue 14 item 4)', () => {
  const view = (fixtureId: string, statusId: 0 | 1 | 2, sportId = 10) => ({
    ...fixtureView(fixtureId, isFinished(statusId) ? STATUS_LIVE : statusId),
    sport: { sportId, sportName: 'Soccer' },
    status: { live: isLive(statusId), statusId, statusName: ['Pre-Game', 'Live', 'Finished'][statusId] ?? '' },
  });

  it('keeps only the views whose own status matches, whatever the service answered', async () => {
    const { fetch } = fakeFetch(200, [view('a', 0), view('b', 1), view('c', 2), view('d', 1, 11)]);
    const client = clientWith(fetch);
    expect((await client.fixtures({ live: true })).map((v) => v.fixtureId)).toEqual(['b', 'd']);
    expect((await client.fixtures({ statusId: 2 })).map((v) => v.fixtureId)).toEqual(['c']);
    expect((await client.fixtures({ live: true, sportId: 11 })).map((v) => v.fixtureId)).toEqual(['d']);
  });
});

describe('answers of a shape the spec does not allow (the endpoint exists: never "not offered")', () => {
  it('names the endpoint and the first failing path when a field the spec shows is wrong', async () => {
    const { fetch } = fakeFetch(200, [{ sportId: '10', sportName: 'Soccer', sportSlug: 'soccer' }]);
    const error = await clientWith(fetch).sports().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidAnswerError);
    expect(error).toMatchObject({ endpoint: '/sports', reason: '[0].sportId: expected number, received string' });
    expect((error as Error).message).toBe('The answer of /sports does not match the v5 spec: [0].sportId: expected number, received string.');
  });

  it('says a 200 that is not JSON is not JSON', async () => {
    const { fetch } = fakeFetch(200, '<!doctype html><title>app</title>');
    await expect(clientWith(fetch).sports()).rejects.toMatchObject({ name: 'InvalidAnswerError', reason: 'the answer is not JSON' });
  });
});

describe('answers in the shape the spec shows, without the fields it does not show', () => {
  it('reads /sports records without sportSlug, and one of another type as unknown', async () => {
    const { fetch } = fakeFetch(200, [{ sportId: 10, sportName: 'Soccer' }, { sportId: 11, sportName: 'Tennis', sportSlug: 11 }]);
    const sports = await clientWith(fetch).sports();
    expect(sports.map((s) => [s.sportId, s.sportName, s.sportSlug])).toEqual([[10, 'Soccer', undefined], [11, 'Tennis', undefined]]);
  });

  it('reads history rows shaped as the odds entry of spec 2.3, without limit', async () => {
    const row = { bookmaker: 'pinnacle', outcomeId: 101, playerId: 0, marketId: 101, active: true, marketActive: true, mainLine: true, price: 1.9, priceAmerican: -111, changedAt: 1_700_000_000_000 };
    const oddsId = 'sr10000123x1:pinnacle:101:0';
    const { fetch } = fakeFetch(200, { fixtureId: 'sr10000123x1', odds: { pinnacle: { [oddsId]: { '1700000000000': row } } } });
    const history = await clientWith(fetch).fixtureHistory({ fixtureId: 'sr10000123x1', bookmakers: ['pinnacle'] });
    const read = history.odds.pinnacle?.[oddsId]?.['1700000000000'];
    expect(read?.price).toBe(1.9);
    expect(read?.limit).toBeUndefined();
  });

  it('reads /bookmakers records without bookmakerName, and /tournaments records without slugs or counts', async () => {
    const bounds = { maxDelayLiveInSec: 3, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 30 };
    await expect(clientWith(fakeFetch(200, [{ bookmaker: 'pinnacle', ...bounds }]).fetch).bookmakers()).resolves.toHaveLength(1);
    const tournament = { tournamentId: 17, tournamentName: 'Premier League', categoryName: 'England', sportId: 10 };
    await expect(clientWith(fakeFetch(200, [tournament]).fetch).tournaments()).resolves.toMatchObject([tournament]);
  });
});

describe('answers that mean "not offered by this service"', () => {
  it('treats a 404 without the spec error body as not offered', async () => {
    const { fetch } = fakeFetch(404, 'Not Found');
    await expect(clientWith(fetch).futureOdds({ futureIds: ['f1'] })).rejects.toMatchObject({
      name: 'NotOfferedError',
      endpoint: '/futures/odds',
    });
  });

  it('treats a 404 of an endpoint the spec gives no 404 as not offered, even with an error body', async () => {
    const { fetch } = fakeFetch(404, { error: 404, message: 'No endpoint at /de/fixtures/markets.', code: 'not_found' });
    await expect(clientWith(fetch).fixtureMarkets({ fixtureIds: ['x'] })).rejects.toBeInstanceOf(NotOfferedError);
  });

  it('keeps the SGP 404 with an error body as the service saying the fixture is unknown', async () => {
    const { fetch } = fakeFetch(404, { error: 404, message: 'Unknown fixture.', code: 'not_found' });
    await expect(clientWith(fetch).sgp({ oddsIds: ['a:b:1:0'] })).rejects.toMatchObject({ name: 'ApiError', status: 404 });
  });

  it('treats a 501 as not offered', async () => {
    const { fetch } = fakeFetch(501, { error: 501, message: 'SGP pricing is not enabled.', code: 'not_enabled' });
    await expect(clientWith(fetch).sgp({ oddsIds: ['a:b:1:0'] })).rejects.toMatchObject({
      name: 'NotOfferedError',
      endpoint: '/fixtures/odds/sgp',
    });
  });
});

describe('error answers', () => {
  it('carries status, code and message of the spec error body', async () => {
    const { fetch } = fakeFetch(403, { error: 403, message: 'Not entitled to sport 14.', code: 'channel_not_allowed' });
    await expect(clientWith(fetch).markets({ sportId: 14 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 403,
      code: 'channel_not_allowed',
      message: 'Not entitled to sport 14.',
      endpoint: '/markets',
    });
  });

  it('takes retryAfterSec from the Retry-After header when the body has none', async () => {
    const { fetch } = fakeFetch(429, 'slow down', { 'Retry-After': '7' });
    const client = createApiClient({
      baseUrl: 'http://odds.test',
      apiKey: SECRET,
      lang: 'en',
      fetch,
      scheduler: new RequestScheduler({ maxRetries: 0 }),
    });
    await expect(client.sports()).rejects.toMatchObject({ status: 429, code: 'http_429', retryAfterSec: 7 });
  });

  it('wraps a failed connection in a NetworkError that names the base URL, not the key', async () => {
    const fetch = () => Promise.reject(new TypeError('fetch failed'));
    const error = await clientWith(fetch).sports().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).message).toContain('http://odds.test');
    expect((error as Error).message).not.toContain(SECRET);
  });

  it('keeps a 500 with a body as an ApiError', async () => {
    const { fetch } = fakeFetch(500, { error: 500, message: 'Internal error; it has been logged.', code: 'internal_error' });
    const error = await clientWith(fetch).sports().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
  });
});

describe('configuration', () => {
  it('strips a trailing slash, query and fragment from the base URL but keeps a path prefix', () => {
    expect(normalizeBaseUrl(' https://odds.example.com/api/v5/?x=1#top ')).toBe('https://odds.example.com/api/v5');
  });

  it('refuses a base URL that is not absolute http(s)', () => {
    expect(() => normalizeBaseUrl('odds.example.com')).toThrow(ApiClientConfigError);
    expect(() => normalizeBaseUrl('ftp://odds.example.com')).toThrow(/http:\/\/ or https:\/\//);
  });

  it('refuses a base URL with credentials in it', () => {
    expect(() => normalizeBaseUrl('https://user:pw@odds.example.com')).toThrow(/credentials/);
  });

  it('refuses an unknown language', () => {
    expect(() => createApiClient({ baseUrl: 'http://odds.test', apiKey: SECRET, lang: 'xx' as 'en' })).toThrow(/Unknown language/);
  });

  it('encodes an empty parameter set as no query', () => {
    expect(encodeParams({ sportId: undefined })).toBe('');
  });
});
