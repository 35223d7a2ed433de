// The admin API from the Playwright specs: the knobs of the service that playwright.config.ts
// starts, with the install's token from its data directory (E2E_DATA_DIR) and JSON bodies.
import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';
import { readAdminToken } from '../service/admin/admin-token.ts';

const port = Number(process.env.E2E_PORT ?? 4173);
/** The admin API of the service under test (playwright.config.ts: ADMIN_PORT = E2E_PORT + 1). */
export const ADMIN = `http://127.0.0.1:${String(port + 1)}`;

let token: string | null = null;

function authorization(): Record<string, string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir === undefined) throw new Error('E2E_DATA_DIR is unset: run the specs through playwright.config.ts');
  token ??= readAdminToken(dataDir);
  return { authorization: `Bearer ${token}` };
}

/** `method path` on the admin API (`body` as JSON); the response whatever its status. */
export function adminFetch(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<APIResponse> {
  return request.fetch(`${ADMIN}${path}`, { method, headers: authorization(), ...(body === undefined ? {} : { data: body }) });
}

/** Like adminFetch(), expecting 200 (the failure quotes the answer); returns its JSON. */
export async function admin(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
  const response = await adminFetch(request, method, path, body);
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return response.json();
}

/** A fixture as `GET /admin/fixtures` lists it. */
export interface AdminFixtureRow {
  readonly fixtureId: string;
  readonly statusId: number;
  readonly sportId: number;
  /** "Home – Away", as the fixture list shows them. */
  readonly participants: string;
  readonly bookmakers: readonly string[];
  /** Scheduled kick-off, epoch seconds. */
  readonly startTime: number;
}

/**
 * Whether a pre-game fixture kicks off later than 15 minutes from now: a spec that needs its
 * prices still (no kick-off repricing every book) takes such a one.
 */
export function kicksOffLater(fixture: { readonly startTime: number }): boolean {
  return fixture.startTime * 1000 > Date.now() + 15 * 60_000;
}

/**
 * The live soccer fixtures, kicking off the pre-game soccer fixture with the most bookmakers when
 * none is in play: the simulated programme follows the time of day, and at some hours nothing is
 * live, so a test that needs a live match sets that condition itself.
 */
export async function liveSoccer(request: APIRequestContext): Promise<AdminFixtureRow[]> {
  const live = ((await admin(request, 'GET', '/admin/fixtures?status=1')) as AdminFixtureRow[]).filter((f) => f.sportId === 10);
  if (live.length > 0) return live;
  const pregame = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixtureRow[])
    .filter((f) => f.sportId === 10)
    .sort((a, b) => b.bookmakers.length - a.bookmakers.length);
  const first = pregame[0];
  if (first === undefined) throw new Error('the embedded service has no soccer fixture to kick off');
  await admin(request, 'POST', '/admin/kickoff', { fixtureId: first.fixtureId });
  return [{ ...first, statusId: 1 }];
}

/**
 * Kicks off the pre-game soccer fixture with the most bookmakers and returns it: its clock starts
 * at 0' and runs for the next 45 minutes, unlike a match already in play, which may be at
 * half-time (a stopped clock) when the test looks at it.
 */
export async function kickOffSoccer(request: APIRequestContext): Promise<AdminFixtureRow> {
  const pregame = ((await admin(request, 'GET', '/admin/fixtures?status=0')) as AdminFixtureRow[])
    .filter((f) => f.sportId === 10)
    .sort((a, b) => b.bookmakers.length - a.bookmakers.length);
  const first = pregame[0];
  if (first === undefined) throw new Error('the embedded service has no pre-game soccer fixture to kick off');
  await admin(request, 'POST', '/admin/kickoff', { fixtureId: first.fixtureId });
  return { ...first, statusId: 1 };
}
