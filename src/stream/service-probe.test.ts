import { describe, expect, it } from 'vitest';
import { serviceProbe } from './service-probe.ts';

function recordingFetch(answer: () => Promise<Response>) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchImpl: typeof fetch = (input, init) => {
    calls.push({ url: input instanceof Request ? input.url : input instanceof URL ? input.href : input, headers: { ...(init?.headers as Record<string, string>) } });
    return answer();
  };
  return { calls, fetchImpl };
}

const TARGET = { restBaseUrl: 'http://127.0.0.1:4100/', apiKey: 'secret-key', lang: 'en' };

describe('serviceProbe', () => {
  it('asks the embedded service for /healthz, without the key', async () => {
    const { calls, fetchImpl } = recordingFetch(() => Promise.resolve(new Response('{}')));
    await serviceProbe(TARGET, 'http://127.0.0.1:4100', fetchImpl)(new AbortController().signal);
    expect(calls).toEqual([{ url: 'http://127.0.0.1:4100/healthz', headers: {} }]);
  });

  it('asks another v5 service for its sports list, the key in X-API-Key only', async () => {
    const { calls, fetchImpl } = recordingFetch(() => Promise.resolve(new Response('[]')));
    await serviceProbe({ ...TARGET, restBaseUrl: 'https://odds.example.com' }, 'http://127.0.0.1:4100', fetchImpl)(new AbortController().signal);
    expect(calls).toEqual([{ url: 'https://odds.example.com/en/sports', headers: { 'X-API-Key': 'secret-key' } }]);
  });

  it('counts an error status as an answer: the service is up', async () => {
    const { fetchImpl } = recordingFetch(() => Promise.resolve(new Response('{}', { status: 429 })));
    await expect(serviceProbe(TARGET, 'http://127.0.0.1:4100', fetchImpl)(new AbortController().signal)).resolves.toBeUndefined();
  });

  it('rejects when the service cannot be reached', async () => {
    const { fetchImpl } = recordingFetch(() => Promise.reject(new TypeError('fetch failed')));
    await expect(serviceProbe(TARGET, 'http://127.0.0.1:4100', fetchImpl)(new AbortController().signal)).rejects.toThrow('fetch failed');
  });
});
