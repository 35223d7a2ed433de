import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from './service.ts';
import type { AdminClient } from './testing/admin-client.ts';
import { startTestService, type TestService } from './testing/test-service.ts';

describe('startService', () => {
  let testService: TestService;
  let service: Service;
  let admin: AdminClient;

  beforeAll(async () => {
    testService = await startTestService();
    ({ service, admin } = testService);
  }, 120_000);

  afterAll(async () => {
    await testService.dispose();
  });

  it('answers GET /healthz with a JSON status', async () => {
    const response = await fetch(`${service.url}/healthz`);
    const body = (await response.json()) as { status: string; live: number; priceChanges: number };
    expect(response.status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.priceChanges).toBeGreaterThan(0);
  });

  it('answers an unknown path with a JSON 404', async () => {
    const response = await fetch(`${service.url}/nothing-here`);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: number }).error).toBe(404);
  });

  it('serves the v5 REST API on the same port', async () => {
    const response = await fetch(`${service.url}/en/sports`, { headers: { 'X-API-Key': 'demo-key' } });
    expect(response.status).toBe(200);
    const sports = (await response.json()) as { sportId: number }[];
    expect(sports.map((s) => s.sportId)).toContain(10);
  });

  it('binds the admin API to the loopback address only', () => {
    expect((service.admin.address() as AddressInfo).address).toBe('127.0.0.1');
  });

  it('freezes and resumes the simulation through the admin API', async () => {
    const frozen = await admin.fetch('POST', '/admin/freeze');
    expect(await frozen.json()).toEqual({ frozen: true });
    expect(service.simulator.frozen).toBe(true);
    const state = await admin.json<{ frozen: boolean }>('GET', '/admin/state');
    expect(state.frozen).toBe(true);
    await admin.fetch('POST', '/admin/resume');
    expect(service.simulator.frozen).toBe(false);
  });

  it('refuses admin requests that carry an API key', async () => {
    const response = await fetch(`${service.adminUrl}/admin/state`, { headers: { ...admin.headers, 'x-api-key': 'demo' } });
    expect(response.status).toBe(403);
    expect((await admin.fetch('GET', '/admin/state?apiKey=demo')).status).toBe(403);
  });

  it('answers 404 for an unknown fixture and 400 for a bad body', async () => {
    const unknown = await admin.fetch('POST', '/admin/goal', { fixtureId: 'id10000001999' });
    expect(unknown.status).toBe(404);
    const bad = await fetch(`${service.adminUrl}/admin/goal`, { method: 'POST', headers: { ...admin.headers, 'content-type': 'application/json' }, body: '{nope' });
    expect(bad.status).toBe(400);
    expect((await admin.fetch('GET', '/admin/nothing')).status).toBe(404);
  });

  it('forces a goal on a live fixture through the admin API', async () => {
    const fixtures = await admin.json<{ fixtureId: string; sportId: number }[]>('GET', '/admin/fixtures?status=1');
    const soccer = fixtures.find((f) => f.sportId === 10);
    expect(soccer).toBeDefined();
    const response = await admin.fetch('POST', '/admin/goal', { fixtureId: soccer?.fixtureId, side: 1 });
    const body = (await response.json()) as { ok: boolean; scores: Record<string, { participant1Score: number }> };
    expect(response.status).toBe(200);
    expect(body.scores['result']?.participant1Score).toBeGreaterThan(0);
  });

  it('validates admin bodies: JSON objects with typed fields', async () => {
    const post = (path: string, body: unknown): Promise<Response> => admin.fetch('POST', path, body);
    expect((await post('/admin/goal', [1, 2])).status).toBe(400);
    expect((await post('/admin/goal', { fixtureId: 5 })).status).toBe(400);
    expect((await post('/admin/goal', { fixtureId: 'x', side: 3 })).status).toBe(400);
    expect((await post('/admin/suspend', { fixtureId: 'x', on: 'yes' })).status).toBe(400);
    expect((await post('/admin/update-rate', { fixtureId: 'x', seconds: 'fast' })).status).toBe(400);
  });

  it('forces and lifts a stale spell of a bookmaker everywhere', async () => {
    const post = (body: unknown): Promise<Response> => admin.fetch('POST', '/admin/stale', body);
    expect((await post({ bookmaker: 'bet365', on: true })).status).toBe(200);
    expect((await post({ bookmaker: 'bet365', on: false })).status).toBe(200);
    expect((await post({ bookmaker: 'nobook' })).status).toBe(404);
  });

  it('creates and clears an arbitrage through the admin API', async () => {
    const live = await admin.json<{ fixtureId: string; sportId: number; bookmakers: string[] }[]>('GET', '/admin/fixtures?status=0');
    const soccer = live.find((f) => f.sportId === 10 && f.bookmakers.length > 3);
    const fixtureId = soccer?.fixtureId ?? '';
    const created = await admin.fetch('POST', '/admin/arbitrage', { fixtureId, marketId: 101 });
    expect(created.status).toBe(200);
    expect(((await created.json()) as { outcomeId: number }).outcomeId).toBe(101);
    const cleared = await admin.fetch('DELETE', '/admin/arbitrage', { fixtureId });
    expect(cleared.status).toBe(200);
    const reset = await admin.fetch('POST', '/admin/update-rate', { fixtureId, seconds: null });
    expect(reset.status).toBe(200);
  });

  it('lists, suspends and cancels through the admin API', async () => {
    const fixtures = await admin.json<{ fixtureId: string; bookmakers: string[] }[]>('GET', '/admin/fixtures?status=0');
    const quoted = fixtures.find((f) => f.bookmakers.includes('pinnacle'));
    expect(quoted).toBeDefined();
    const fixtureId = quoted?.fixtureId ?? '';
    const post = (path: string, body: unknown): Promise<Response> => admin.fetch('POST', path, body);
    expect((await post('/admin/suspend', { fixtureId, bookmaker: 'pinnacle', on: true })).status).toBe(200);
    expect((await post('/admin/stale', { bookmaker: 'pinnacle', fixtureId, on: true })).status).toBe(200);
    expect((await post('/admin/update-rate', { fixtureId, seconds: 2 })).status).toBe(200);
    expect((await post('/admin/arbitrage', { fixtureId })).status).toBe(400);
    const cancelled = (await (await post('/admin/cancel', { fixtureId, reissue: false })).json()) as { reissuedFixtureId: string | null };
    expect(cancelled.reissuedFixtureId).toBeNull();
    expect(service.simulator.fixtureView(fixtureId)?.status.statusId).toBe(3);
  });
});
