import { describe, expect, it } from 'vitest';
import { ApiError, describeFailure, describeFailures, isPermanentFailure, isRefusal, isUnauthorized, NetworkError, NotOfferedError } from './api-error.ts';

const apiError = (status: number, code: string, message = 'm', retryAfterSec?: number) =>
  new ApiError({ status, code, message, endpoint: '/sports', retryAfterSec });

describe('describeFailure', () => {
  it('says the key is not valid on a 401', () => {
    expect(describeFailure(apiError(401, 'unauthorized', 'Invalid API key.'))).toMatch(/key is not valid/);
  });

  it('says no key was sent on a 401 for a missing key', () => {
    expect(describeFailure(apiError(401, 'unauthorized', 'Missing API key: send it.'))).toMatch(/No API key/);
  });

  it('says what the key lacks on a 403 channel_not_allowed', () => {
    expect(describeFailure(apiError(403, 'channel_not_allowed', 'This API key is not entitled to /fixtures/odds/sgp.'))).toBe(
      'This API key does not include what was asked for: This API key is not entitled to /fixtures/odds/sgp.',
    );
  });

  it('says how long it waits on a 429', () => {
    expect(describeFailure(apiError(429, 'rate_limited', 'slow', 3))).toMatch(/waiting 3 s/);
  });

  it('says the URL cannot be reached on a network failure', () => {
    expect(describeFailure(new NetworkError('/sports', 'http://x.test', new TypeError('fetch failed')))).toMatch(/Cannot reach http:\/\/x\.test/);
  });

  it('says the endpoint is not offered', () => {
    expect(describeFailure(new NotOfferedError('/fixtures/odds/sgp', 'HTTP 404'))).toBe('Not offered by this service: /fixtures/odds/sgp.');
  });
});

describe('failure classes', () => {
  it('counts a 401 as unauthorized and nothing else', () => {
    expect(isUnauthorized(apiError(401, 'unauthorized'))).toBe(true);
    expect(isUnauthorized(apiError(403, 'channel_not_allowed'))).toBe(false);
  });

  it('counts 401 and 403 as refusals of the key, and no other status', () => {
    expect(isRefusal(apiError(401, 'unauthorized'))).toBe(true);
    expect(isRefusal(apiError(403, 'channel_not_allowed'))).toBe(true);
    expect(isRefusal(apiError(404, 'not_found'))).toBe(false);
    expect(isRefusal(apiError(429, 'rate_limited'))).toBe(false);
    expect(isRefusal(new NotOfferedError('/x', 'HTTP 404'))).toBe(false);
  });

  it('counts 4xx and not-offered as permanent, 5xx and network failures as worth a retry', () => {
    expect(isPermanentFailure(apiError(400, 'invalid_filters'))).toBe(true);
    expect(isPermanentFailure(new NotOfferedError('/x', 'HTTP 404'))).toBe(true);
    expect(isPermanentFailure(apiError(502, 'bad_gateway'))).toBe(false);
    expect(isPermanentFailure(new NetworkError('/x', 'http://x.test', null))).toBe(false);
  });
});

describe('describeFailures', () => {
  const parlayRefused = () => apiError(403, 'channel_not_allowed', 'This API key is not entitled to /fixtures/odds/parlay.');
  const sgpRefused = () => apiError(403, 'channel_not_allowed', 'This API key is not entitled to /fixtures/odds/sgp.');

  it('says a failure shared by many queries once', () => {
    expect(describeFailures([parlayRefused(), parlayRefused(), parlayRefused()])).toEqual([
      'This API key does not include what was asked for: This API key is not entitled to /fixtures/odds/parlay.',
    ]);
  });

  it('merges what the key lacks into one sentence', () => {
    expect(describeFailures([parlayRefused(), sgpRefused(), parlayRefused(), sgpRefused()])).toEqual([
      'This API key does not include what was asked for: This API key is not entitled to /fixtures/odds/parlay. This API key is not entitled to /fixtures/odds/sgp.',
    ]);
  });

  it('keeps other failures apart, in the order first seen, and skips queries that did not fail', () => {
    const notOffered = new NotOfferedError('/fixtures/odds/sgp', 'HTTP 501');
    expect(describeFailures([null, notOffered, undefined, sgpRefused(), notOffered])).toEqual([
      'Not offered by this service: /fixtures/odds/sgp.',
      'This API key does not include what was asked for: This API key is not entitled to /fixtures/odds/sgp.',
    ]);
  });

  it('says nothing when nothing failed', () => {
    expect(describeFailures([null, undefined])).toEqual([]);
  });
});
