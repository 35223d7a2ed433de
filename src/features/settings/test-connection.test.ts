import { describe, expect, it } from 'vitest';
import { testConnection } from './test-connection.ts';

function answering(status: number, body: unknown): typeof fetch {
  return () => Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
}

const target = { baseUrl: 'http://odds.test', apiKey: 'k-123', lang: 'en' as const };

describe('testConnection', () => {
  it('connects to a service whose /sports records carry only the fields of the spec (no sportSlug)', async () => {
    const result = await testConnection({ ...target, fetch: answering(200, [{ sportId: 10, sportName: 'Soccer' }, { sportId: 11, sportName: 'Tennis' }]) });
    expect(result).toEqual({ ok: true, message: 'Connected: the key sees 2 sports.' });
  });

  it('names the wrong field of a /sports answer instead of calling the service something else', async () => {
    const result = await testConnection({ ...target, fetch: answering(200, [{ sportId: 'soccer', sportName: 'Soccer' }]) });
    expect(result).toEqual({ ok: false, message: 'http://odds.test answers /sports, but not in the shape of the v5 spec: [0].sportId: expected number, received string.' });
  });

  it('says how many sports the key sees', async () => {
    const result = await testConnection({ ...target, fetch: answering(200, [{ sportId: 10, sportName: 'Soccer', sportSlug: 'soccer' }]) });
    expect(result).toEqual({ ok: true, message: 'Connected: the key sees 1 sport.' });
  });

  it('says the key is not valid on a 401', async () => {
    const result = await testConnection({ ...target, fetch: answering(401, { error: 401, message: 'Invalid API key.', code: 'unauthorized' }) });
    expect(result).toEqual({ ok: false, message: 'The key is not valid: the service refused it (401).' });
  });

  it('says the URL cannot be reached when nothing listens there', async () => {
    // Port 9 (discard) on loopback: nothing listens in the test environment, the connection is refused.
    const result = await testConnection({ ...target, baseUrl: 'http://127.0.0.1:9' });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:9/);
  });

  it('says the URL is not a v5 service when /sports is not offered', async () => {
    const result = await testConnection({ ...target, fetch: answering(404, '<html>Not found</html>') });
    expect(result.message).toMatch(/answers, but not as a v5 odds service/);
  });

  it('says what the key lacks on a 403', async () => {
    const body = { error: 403, message: 'This API key is not entitled to /sports (endpoint family "reference").', code: 'channel_not_allowed' };
    const result = await testConnection({ ...target, fetch: answering(403, body) });
    expect(result.message).toMatch(/does not include .*endpoint family "reference"/);
  });

  it('explains a base URL that is not a URL without sending anything', async () => {
    const result = await testConnection({ ...target, baseUrl: 'odds.test' });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/not an absolute URL/) as unknown });
  });

  it('never shows the key in its message', async () => {
    const result = await testConnection({ ...target, apiKey: 'secret-999', baseUrl: 'http://127.0.0.1:9' });
    expect(result.message).not.toContain('secret-999');
  });
});
