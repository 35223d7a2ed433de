// @vitest-environment jsdom
// The page's one "not offered" line, fed by the service's own 404/501 answers.
import { cleanup, render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { RequestScheduler } from '../api/scheduler.ts';
import { ApiClientContext } from '../api/use-api-client.ts';
import { NotOfferedLine } from './not-offered-line.tsx';

/** A client of a service that answers `status` with a spec error body to everything. */
function clientAnswering(status: number) {
  const body = JSON.stringify({ error: status, message: 'No such endpoint.', code: status === 501 ? 'not_enabled' : 'not_found' });
  return createApiClient({
    baseUrl: 'http://service.test',
    apiKey: 'k',
    lang: 'en',
    fetch: () => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } })),
    scheduler: new RequestScheduler({ maxRetries: 0 }),
  });
}

afterEach(cleanup);

describe('NotOfferedLine', () => {
  it('names, in one line, the features of the page the service answered 404 or 501 for', async () => {
    const client = clientAnswering(404);
    render(
      <ApiClientContext value={client}>
        <NotOfferedLine endpoints={['/fixtures/settlement', '/fixtures/odds/clv']} />
      </ApiClientContext>,
    );
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      await Promise.allSettled([client.settlement({ fixtureId: 'f1' }), client.fixtureClv({ fixtureId: 'f1' }), client.sports()]);
    });
    const line = screen.getByRole('status', { name: 'Not offered by this service' });
    expect(line.textContent).toBe('This service does not offer: settlement, closing line value. The rest of the page works without them.');
  });

  it('says nothing for a failure that is not the service saying it lacks the endpoint', async () => {
    const client = clientAnswering(403);
    render(
      <ApiClientContext value={client}>
        <NotOfferedLine endpoints={['/fixtures/settlement']} />
      </ApiClientContext>,
    );
    await act(async () => {
      await Promise.allSettled([client.settlement({ fixtureId: 'f1' })]);
    });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
