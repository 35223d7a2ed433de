// @vitest-environment jsdom
// The tracker when the service forgets a fixture, against the real service (its own process): a
// bet taken before kick-off stores its close, CLV and grade; the service is then restarted at the
// same URL on an empty DATA_DIR (a fresh install: no history, no settlements), and both the
// tracker's refresh and its page still give the stored figures.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { ServiceProcess } from '../service/testing/service-process.ts';
import { ApiClientContext } from '../src/api/use-api-client.ts';
import { parseOddsId } from '../src/domain/ids.ts';
import type { TrackedBet } from '../src/domain/tracked-bet.ts';
import { refreshBet } from '../src/features/tracker/refresh-bet.ts';
import { TrackerPage } from '../src/features/tracker/tracker-page.tsx';
import { TrackerStore } from '../src/features/tracker/tracker-store.ts';

/** The service's limit-exempt key (BENCHMARK=1): the page and the test share one key. */
const SETTINGS = { BENCHMARK: '1' };
const KEY = 'bench-key';

interface AdminFixtureRow {
  readonly fixtureId: string;
  readonly sportId: number;
  readonly bookmakers: readonly string[];
}

let service: ServiceProcess;

beforeAll(async () => {
  service = new ServiceProcess({ dirPrefix: 'tracker-forgotten-' });
  await service.start(SETTINGS);
}, 120_000);

afterAll(async () => {
  cleanup();
  await service.close('SIGTERM');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An active main-line price of the first pre-game soccer fixture (most books first) not in `except`, as a bet taken now at it. */
async function betOnPregame(client: ApiClient, id: string, except: readonly string[]): Promise<TrackedBet> {
  const [fixture] = (await service.adminClient.json<AdminFixtureRow[]>('GET', '/admin/fixtures?status=0'))
    .filter((f) => f.sportId === 10 && !except.includes(f.fixtureId))
    .sort((a, b) => b.bookmakers.length - a.bookmakers.length);
  if (fixture === undefined) throw new Error('no pre-game soccer fixture');
  const [view] = await client.mainOdds({ fixtureIds: [fixture.fixtureId] });
  const entry = Object.values(view?.odds ?? {})
    .flatMap((byOdds) => Object.entries(byOdds))
    .find(([, e]) => e.active && e.marketActive && e.price > 1.2);
  if (entry === undefined) throw new Error(`no active price on ${fixture.fixtureId}`);
  const [oddsId, { price }] = entry;
  return {
    id,
    placedAt: Date.now(),
    stake: 10,
    currency: 'GBP',
    note: '',
    legs: [{ oddsId, bookmaker: parseOddsId(oddsId).bookmaker, price, sport: 'Soccer', label: id, close: { kind: 'open' }, grade: null }],
  };
}

/** Kicks a fixture off and, when `finish`, plays it out; resolves once it is settled. */
async function playOut(client: ApiClient, bet: TrackedBet, finish: boolean): Promise<void> {
  const { fixtureId } = parseOddsId(bet.legs[0]?.oddsId ?? '');
  await service.adminClient.json('POST', '/admin/kickoff', { fixtureId });
  if (!finish) return;
  await service.adminClient.json('POST', '/admin/finish', { fixtureId });
  // The grades go out with the next tick.
  while ((await client.settlement({ fixtureId })).settledAt === null) await sleep(100);
}

/** The figures of the bet `label` on the page. */
function figures(label: string): { readonly close: string; readonly clv: string; readonly clvNoVig: string; readonly result: string; readonly profit: string } {
  const row = screen.getByRole('row', { name: new RegExp(label, 'u') });
  const text = (col: string) => row.querySelector(`[data-col="${col}"]`)?.textContent ?? '';
  return { close: text('close'), clv: text('clv'), clvNoVig: text('clv-no-vig'), result: text('result'), profit: text('profit') };
}

/**
 * The tracker page on the service's URL, as a visit shows it once its refresh has stored what
 * became known of the bet `refreshed` (its close, and its result when `graded`).
 */
async function visit(client: ApiClient, refreshed: string, graded: boolean): Promise<void> {
  cleanup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ApiClientContext value={client}>
        <MemoryRouter initialEntries={['/tracker']}>
          <TrackerPage />
        </MemoryRouter>
      </ApiClientContext>
    </QueryClientProvider>,
  );
  await waitFor(
    () => {
      const shown = figures(refreshed);
      expect(shown.close).toMatch(/^\d+\.\d{3}$/u);
      if (graded) expect(shown.result).not.toBe('open');
    },
    { timeout: 10_000 },
  );
}

const storedBet = (client: ApiClient, id: string) => new TrackerStore(window.localStorage, client.baseUrl).getSnapshot().bets.find((b) => b.id === id);

it('keeps a bet\'s stored close, CLV and result when the service restarts at the same URL without its data', async () => {
  const client = createApiClient({ baseUrl: service.restUrl, apiKey: KEY, lang: 'en' });
  // Kept by the page's store of this URL, as "Track this bet" keeps it.
  const settled = await betOnPregame(client, 'settled', []);
  const { fixtureId } = parseOddsId(settled.legs[0]?.oddsId ?? '');
  new TrackerStore(window.localStorage, client.baseUrl).add(settled);
  await playOut(client, settled, true);
  await visit(client, 'settled', true);
  const stored = storedBet(client, 'settled');
  const leg = stored?.legs[0];
  if (stored === undefined || leg === undefined || leg.close.kind !== 'closed' || leg.grade === null) throw new Error(`not closed and graded: ${JSON.stringify(stored)}`);
  const before = figures('settled');
  expect(before.close).toBe(leg.close.price.toFixed(3));
  expect(before.clv).toMatch(/^[+-]?\d+\.\d%$/u);
  expect(before.result).toBe(leg.grade);
  expect(before.profit).toMatch(/^-?\d+\.\d{2}$/u);

  await service.stop('SIGTERM');
  service.forget();
  await service.start(SETTINGS);
  // The fresh install (same seed) plans the fixture again but knows nothing of its kick-off,
  // close or settlement: a refresh that asked again would store "closes at kick-off" and "open".
  expect((await client.fixtures({ fixtureIds: [fixtureId] })).map((f) => f.status.statusId)).toEqual([0]);
  expect((await client.settlement({ fixtureId })).settledAt).toBeNull();

  // The tracker's refresh changes nothing ...
  expect(await refreshBet(client, stored)).toBeNull();
  // ... and a visit, whose refresh closes a bet taken on the restarted service, shows what it showed.
  const later = await betOnPregame(client, 'later', [fixtureId]);
  new TrackerStore(window.localStorage, client.baseUrl).add(later);
  await playOut(client, later, false);
  await visit(client, 'later', false);
  expect(figures('settled')).toEqual(before);
  expect(storedBet(client, 'settled')).toEqual(stored);
}, 120_000);
