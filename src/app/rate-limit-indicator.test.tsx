// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { RequestScheduler } from '../api/scheduler.ts';
import { ApiClientContext } from '../api/use-api-client.ts';
import { RateLimitIndicator } from './rate-limit-indicator.tsx';

const tooMany = () =>
  Promise.resolve(new Response(JSON.stringify({ error: 429, message: 'Slow down.', code: 'rate_limited', retryAfterSec: 30 }), { status: 429 }));

afterEach(() => {
  cleanup();
});

describe('RateLimitIndicator', () => {
  it('shows nothing while no 429 holds requests back', () => {
    const client = createApiClient({ baseUrl: 'http://odds.test', apiKey: 'k', lang: 'en', fetch: tooMany });
    render(
      <ApiClientContext value={client}>
        <RateLimitIndicator />
      </ApiClientContext>,
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says the dashboard is waiting while a 429 holds requests back', async () => {
    const scheduler = new RequestScheduler();
    const client = createApiClient({ baseUrl: 'http://odds.test', apiKey: 'k', lang: 'en', fetch: tooMany, scheduler });
    render(
      <ApiClientContext value={client}>
        <RateLimitIndicator />
      </ApiClientContext>,
    );
    const pending = client.sports().catch(() => undefined);
    expect((await screen.findByRole('status')).textContent).toMatch(/^Rate limited: waiting until /);
    scheduler.close();
    await pending;
  });
});
