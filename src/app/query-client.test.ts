// The dashboard's query client: a query the service refused (401, 403) is asked once per key,
// whatever invalidates or re-observes it; other failures are asked again as before.
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error.ts';
import { createQueryClient } from './query-client.ts';

const forbidden = () => new ApiError({ status: 403, code: 'channel_not_allowed', message: 'This API key is not entitled to /fixtures/odds/sgp.', endpoint: '/fixtures/odds/sgp' });
const unauthorized = () => new ApiError({ status: 401, code: 'unauthorized', message: 'Invalid API key.', endpoint: '/sports' });
const serverError = () => new ApiError({ status: 500, code: 'internal', message: 'boom', endpoint: '/sports' });

const clients: QueryClient[] = [];
const unsubscribes: (() => void)[] = [];

afterEach(() => {
  for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  for (const client of clients.splice(0)) client.clear();
});

/** A client with one observed query failing with `failure()`; counts the requests it sends. */
async function observedFailure(failure: () => Error, enabled?: boolean) {
  const client = createQueryClient({ onUnauthorized: () => undefined });
  clients.push(client);
  const sent = { count: 0 };
  const ask = () => {
    sent.count += 1;
    return Promise.reject(failure());
  };
  const observer = new QueryObserver(client, { queryKey: ['probe'], queryFn: ask, retry: false, ...(enabled === undefined ? {} : { enabled }) });
  unsubscribes.push(observer.subscribe(() => undefined));
  // A disabled query is asked once by hand, as a "Try again" button would.
  if (enabled === false) await observer.refetch();
  await expect.poll(() => observer.getCurrentResult().isError).toBe(true);
  return { client, observer, sent, ask };
}

describe('createQueryClient', () => {
  it('does not ask a query refused with 403 again when it is invalidated', async () => {
    const { client, observer, sent } = await observedFailure(forbidden);
    expect(observer.getCurrentResult().error).toBeInstanceOf(ApiError);
    await client.invalidateQueries({ queryKey: ['probe'] });
    await client.invalidateQueries({ queryKey: ['probe'] });
    expect(sent.count).toBe(1);
    expect(observer.getCurrentResult().isError).toBe(true);
  });

  it('does not ask a query refused with 401 again when it is invalidated', async () => {
    const { client, sent } = await observedFailure(unauthorized);
    await client.invalidateQueries({ queryKey: ['probe'] });
    expect(sent.count).toBe(1);
  });

  it('does not ask a refused query again for a new observer', async () => {
    const { client, sent, ask } = await observedFailure(forbidden);
    const second = new QueryObserver(client, { queryKey: ['probe'], queryFn: ask, retry: false });
    unsubscribes.push(second.subscribe(() => undefined));
    await client.invalidateQueries({ queryKey: ['probe'] });
    expect(sent.count).toBe(1);
    expect(second.getCurrentResult().isError).toBe(true);
  });

  it('asks a query that failed with a 500 again when it is invalidated', async () => {
    const { client, sent } = await observedFailure(serverError);
    await client.invalidateQueries({ queryKey: ['probe'] });
    expect(sent.count).toBe(2);
  });

  it('asks a refused query again once the cache is cleared (the settings changed)', async () => {
    const { client, sent } = await observedFailure(forbidden);
    client.clear();
    const answer = () => {
      sent.count += 1;
      return Promise.resolve('ok');
    };
    const fresh = new QueryObserver(client, { queryKey: ['probe'], queryFn: answer });
    unsubscribes.push(fresh.subscribe(() => undefined));
    await expect.poll(() => fresh.getCurrentResult().data).toBe('ok');
    expect(sent.count).toBe(2);
  });

  it('still asks a refused query when the user asks again explicitly', async () => {
    const { observer, sent } = await observedFailure(forbidden);
    await observer.refetch();
    expect(sent.count).toBe(2);
  });

  it('keeps a query of its own disabled', async () => {
    const { client, sent } = await observedFailure(serverError, false);
    await client.invalidateQueries({ queryKey: ['probe'] });
    expect(sent.count).toBe(1);
  });
});
