// Relay mode against a real upstream: two processes of this service, one the upstream (its
// simulator running), one relaying it (UPSTREAM_URL, UPSTREAM_KEY), over real sockets. With the
// upstream frozen, the relay's REST equals the upstream's as JSON values (the "book equals REST" check), also
// after the upstream restarts on the same port and data directory (a new serverEpoch); a client of
// the relay's stream sees the upstream's price changes; parlay is forwarded through the relay's
// one upstream key. Ports come from 4930–4959 (the other relay tests use the rest of 4900–4999).
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { freePortsIn, ServiceProcess } from '../service/testing/service-process.ts';
import { isPreGame } from '../src/wire/status.ts';

const UPSTREAM_KEY = 'demo-key';
/** The relay's own key (service/keys.json), which the upstream never sees. */
const RELAY_KEY = 'demo-key';
const LOW_PORT = 4930;
const HIGH_PORT = 4959;

/** A SIGTERM'd service drains its stream clients this long (default 5 s): short here, the relay resumes anyway. */
const SETTINGS = { GATEWAY_DRAIN_MS: '200' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function getJson(service: ServiceProcess, path: string): Promise<unknown> {
  const response = await fetch(`${service.restUrl}${path}`, { headers: { 'x-api-key': service === upstream ? UPSTREAM_KEY : RELAY_KEY } });
  if (!response.ok) throw new Error(`${path}: HTTP ${String(response.status)} ${await response.text()}`);
  return response.json();
}

interface FixtureLike {
  readonly fixtureId: string;
  readonly status: { readonly statusId: number };
  readonly odds?: Record<string, Record<string, { readonly active: boolean; readonly price: number; readonly changedAt: number }>>;
}

/**
 * The fixtures list and their odds as one service answers them, parsed: compared as JSON values,
 * since the order of keys in a map (where a price first appeared in each process) carries nothing.
 */
async function restBook(service: ServiceProcess, ids: readonly string[]): Promise<{ fixtures: unknown; odds: unknown[] }> {
  const odds: unknown[] = [];
  for (let i = 0; i < ids.length; i += 50) odds.push(await getJson(service, `/en/fixtures/odds?fixtureIds=${ids.slice(i, i + 50).join(',')}`));
  return { fixtures: await getJson(service, '/en/fixtures'), odds };
}

/** Where two JSON values differ, as `path: upstream | relay` lines (at most `max`): a failure that names what differs. */
function differences(up: unknown, relayed: unknown, path = '', out: string[] = [], max = 8): string[] {
  if (out.length >= max) return out;
  if (typeof up === 'object' && up !== null && typeof relayed === 'object' && relayed !== null) {
    const upRecord = up as Record<string, unknown>;
    const relayRecord = relayed as Record<string, unknown>;
    const keys = new Set([...Object.keys(upRecord), ...Object.keys(relayRecord)]);
    for (const key of keys) {
      const label = Array.isArray(up) ? `${path}[${key}]` : `${path}.${key}`;
      const id = (upRecord[key] as { fixtureId?: unknown } | undefined)?.fixtureId;
      differences(upRecord[key], relayRecord[key], typeof id === 'string' ? `${path}<${id}>` : label, out, max);
    }
    return out;
  }
  const text = (value: unknown): string => (value === undefined ? 'absent' : JSON.stringify(value).slice(0, 160));
  if (text(up) !== text(relayed)) out.push(`${path}: ${text(up)} | ${text(relayed)}`);
  return out;
}

/** Polls until the relay's REST equals the upstream's (frozen) or the time is up; returns both. */
async function settledBooks(timeoutMs: number): Promise<{ up: { fixtures: unknown; odds: unknown[] }; relayed: { fixtures: unknown; odds: unknown[] } }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ids = ((await getJson(upstream, '/en/fixtures')) as FixtureLike[]).map((f) => f.fixtureId);
    const up = await restBook(upstream, ids);
    const relayed = await restBook(relay, ids);
    if (isDeepStrictEqual(up, relayed) || Date.now() > deadline) return { up, relayed };
    await sleep(500);
  }
}

/** Every odds entry a logged-in stream client receives for `ms`, as `oddsId@changedAt=price`. */
async function streamedOdds(service: ServiceProcess, key: string, ms: number): Promise<Set<string>> {
  const bookmakers = ((await getJson(service, '/en/bookmakers')) as { bookmaker: string }[]).map((b) => b.bookmaker);
  const seen = new Set<string>();
  const socket = new WebSocket(service.wsUrl);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => {
      socket.send(JSON.stringify({ type: 'login', apiKey: key, channels: ['odds'], bookmakers, receiveType: 'json' }));
      resolve();
    });
    socket.once('error', reject);
  });
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString('utf8')) as { type?: string; payload?: { odds?: Record<string, Record<string, { price: number; changedAt: number }>> } };
    if (frame.type !== 'UPDATE') return;
    for (const entries of Object.values(frame.payload?.odds ?? {})) {
      for (const [oddsId, entry] of Object.entries(entries)) seen.add(`${oddsId}@${String(entry.changedAt)}=${String(entry.price)}`);
    }
  });
  await sleep(ms);
  socket.close();
  return seen;
}

const upstream = new ServiceProcess({ dirPrefix: 'relay-upstream-' });
/** Price changes the relay's stream carried (`oddsId@changedAt=price`), for the history check. */
const relayedChanges: string[] = [];
const relay = new ServiceProcess({ dirPrefix: 'relay-' });

beforeAll(async () => {
  const [upPort, upAdmin, relayPort, relayAdmin] = await freePortsIn(4, LOW_PORT, HIGH_PORT);
  upstream.port = upPort ?? 0;
  upstream.adminPort = upAdmin ?? 0;
  relay.port = relayPort ?? 0;
  relay.adminPort = relayAdmin ?? 0;
  await upstream.start(SETTINGS);
  await relay.start({ ...SETTINGS, UPSTREAM_URL: upstream.restUrl, UPSTREAM_KEY });
}, 60_000);

afterAll(async () => {
  await relay.close('SIGTERM');
  await upstream.close('SIGTERM');
}, 30_000);

describe('relay mode', () => {
  it("streams the upstream's price changes to the relay's clients", async () => {
    const [fromUpstream, fromRelay] = await Promise.all([streamedOdds(upstream, UPSTREAM_KEY, 3000), streamedOdds(relay, RELAY_KEY, 3000)]);
    expect(fromUpstream.size).toBeGreaterThan(0);
    const relayed = [...fromUpstream].filter((change) => fromRelay.has(change));
    relayedChanges.push(...relayed);
    // The two sockets open a few ms apart, and odds coalesce: most, not all, of one are in the other.
    expect(relayed.length).toBeGreaterThan(fromUpstream.size / 2);
  }, 20_000);

  it('records the relayed price changes in its own history', async () => {
    const [oddsId = '', rest = ''] = (relayedChanges[0] ?? '').split('@');
    const [fixtureId = '', bookmaker = ''] = oddsId.split(':');
    const changedAt = rest.split('=')[0] ?? '';
    const body = (await getJson(relay, `/en/fixtures/odds/historical?fixtureId=${fixtureId}&oddsIds=${oddsId}`)) as { odds: Record<string, Record<string, Record<string, unknown>>> };
    expect(Object.keys(body.odds[bookmaker]?.[oddsId] ?? {})).toContain(changedAt);
  }, 20_000);

  it("answers REST exactly as the upstream once the upstream is frozen", async () => {
    await upstream.admin('freeze');
    const { up, relayed } = await settledBooks(15_000);
    expect(differences(up, relayed)).toEqual([]);
    expect(relayed).toStrictEqual(up);
    expect((up.fixtures as unknown[]).length).toBeGreaterThan(10);
  }, 30_000);

  it("forwards a parlay through its upstream key and answers the upstream's price", async () => {
    const open = ((await getJson(upstream, '/en/fixtures')) as FixtureLike[]).filter((f) => isPreGame(f.status.statusId)).slice(0, 2);
    const legs: string[] = [];
    for (const fixture of open) {
      const [element] = (await getJson(upstream, `/en/fixtures/odds?fixtureIds=${fixture.fixtureId}`)) as FixtureLike[];
      const oddsId = Object.entries(element?.odds?.pinnacle ?? {}).find(([, entry]) => entry.active)?.[0];
      if (oddsId !== undefined) legs.push(oddsId);
    }
    expect(legs.length).toBe(2);
    const path = `/en/fixtures/odds/parlay?oddsIds=${legs.join(',')}`;
    expect(await getJson(relay, path)).toEqual(await getJson(upstream, path));
  }, 20_000);

  it("forwards an SGP and answers the upstream's correlated price", async () => {
    const fixture = ((await getJson(upstream, '/en/fixtures')) as FixtureLike[]).find((f) => isPreGame(f.status.statusId));
    const [element] = (await getJson(upstream, `/en/fixtures/odds?fixtureIds=${fixture?.fixtureId ?? ''}`)) as FixtureLike[];
    const legs = Object.entries(element?.odds?.pinnacle ?? {})
      .filter(([, entry]) => entry.active)
      .map(([oddsId]) => oddsId)
      .slice(0, 2);
    expect(legs.length).toBe(2);
    const path = `/en/fixtures/odds/sgp?oddsIds=${legs.join(',')}`;
    // The bookmaker's quote time is the moment it answered: each call has its own.
    const withoutQuoteTime = (body: unknown): unknown => JSON.parse(JSON.stringify(body).replace(/"bookmakerChangedAt":\d+,?/g, '')) as unknown;
    const relayed = withoutQuoteTime(await getJson(relay, path));
    expect(relayed).toStrictEqual(withoutQuoteTime(await getJson(upstream, path)));
    // A relayed fixture has no pricing inputs: a local SGP price could not be active, a forwarded one is.
    expect(JSON.stringify(relayed)).toContain('"active":true');
  }, 20_000);

  it('answers reference data and the market catalogue as the upstream does', async () => {
    for (const path of ['/en/sports', '/en/bookmakers', '/de/tournaments', '/en/markets?sportId=10']) {
      expect(await getJson(relay, path)).toStrictEqual(await getJson(upstream, path));
    }
  }, 20_000);

  it('survives an upstream restart and equals its REST again', async () => {
    await upstream.admin('resume');
    await upstream.stop('SIGTERM');
    await upstream.start(SETTINGS);
    await sleep(2000);
    await upstream.admin('freeze');
    const { up, relayed } = await settledBooks(20_000);
    expect(differences(up, relayed)).toEqual([]);
    expect(relayed).toStrictEqual(up);
    const health = (await (await fetch(`${relay.restUrl}/healthz`)).json()) as { producer: { mode: string; state: string; restarts: number } };
    expect(health.producer).toMatchObject({ mode: 'relay', state: 'running' });
    expect(health.producer.restarts).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
