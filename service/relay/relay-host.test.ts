// The relay producer's resume: an upstream service process, its gateway reached through the
// fault proxy (real sockets) so the relay's one stream connection can be cut while the upstream
// keeps running. The relay must log in again with its cursors and resume — no second REST
// snapshot — and its state, folded by a real LiveState, must equal the frozen upstream's REST.
// Ports come from 4900–4929.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OddsEntry } from '../../src/wire/shared-schemas.ts';
import { startFaultProxy, type FaultProxy } from '../chaos/fault-proxy.ts';
import { loadConfig } from '../config.ts';
import { LiveState } from '../edge/live-state.ts';
import type { ProducerHost } from '../producer/producer-host.ts';
import { freePortsIn, ServiceProcess } from '../testing/service-process.ts';
import { startRelay } from './relay-host.ts';

const KEY = 'demo-key';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const upstream = new ServiceProcess({ dirPrefix: 'relay-resume-upstream-' });
const relayDir = mkdtempSync(path.join(tmpdir(), 'relay-resume-'));
const lines: string[] = [];
const live = new LiveState(() => Date.now());
let proxy: FaultProxy | null = null;
let relay: ProducerHost | null = null;

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; relay log:\n${lines.join('\n')}`);
    await sleep(200);
  }
}

type OddsAnswer = { fixtureId: string; odds: Record<string, Record<string, OddsEntry>> }[];

/** Fixtures whose active prices in the relay's live state differ from the upstream's REST answer. */
async function differingFixtures(): Promise<string[]> {
  const headers = { 'x-api-key': KEY };
  const list = (await (await fetch(`${upstream.restUrl}/en/fixtures`, { headers })).json()) as { fixtureId: string }[];
  const differing: string[] = [];
  for (let i = 0; i < list.length; i += 50) {
    const ids = list.slice(i, i + 50).map((f) => f.fixtureId);
    const answer = (await (await fetch(`${upstream.restUrl}/en/fixtures/odds?fixtureIds=${ids.join(',')}`, { headers })).json()) as OddsAnswer;
    for (const element of answer) {
      const held: Record<string, Record<string, OddsEntry>> = {};
      for (const [slug, entries] of Object.entries(live.odds(element.fixtureId))) {
        const active = Object.entries(entries).filter(([, entry]) => entry.active);
        if (active.length > 0) held[slug] = Object.fromEntries(active);
      }
      if (JSON.stringify(sorted(held)) !== JSON.stringify(sorted(element.odds))) differing.push(element.fixtureId);
    }
  }
  return differing;
}

/** A value with every object's keys in order: key order carries nothing here. */
function sorted(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(sorted);
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, sorted(v)]));
}

beforeAll(async () => {
  const [upPort, upAdmin, proxyPort] = await freePortsIn(3, 4900, 4929);
  upstream.port = upPort ?? 0;
  upstream.adminPort = upAdmin ?? 0;
  await upstream.start({ GATEWAY_DRAIN_MS: '200' });
  proxy = await startFaultProxy({ target: () => upstream.wsUrl, seed: 24, ...(proxyPort === undefined ? {} : { port: proxyPort }) });
  const config = loadConfig({ DATA_DIR: relayDir, UPSTREAM_URL: upstream.restUrl, UPSTREAM_KEY: KEY }, []);
  if (config.upstream === undefined) throw new Error('the relay settings did not load');
  relay = await startRelay(config, config.upstream, {
    log: (line) => lines.push(line),
    listener: (message) => {
      live.fold(message);
    },
    gatewayUrl: proxy.url,
  });
}, 60_000);

afterAll(async () => {
  await relay?.close();
  await proxy?.close();
  await upstream.close('SIGTERM');
  rmSync(relayDir, { recursive: true, force: true });
}, 30_000);

describe('the relay producer', () => {
  it('resumes with its cursors after its upstream socket is cut, without a second REST snapshot, and equals the upstream after', async () => {
    await sleep(1500);
    expect(proxy?.disconnect('all')).toBe(1);
    await until('a resumed login', () => lines.some((line) => line.includes('logged in to the upstream gateway; resumed')), 15_000);
    expect(relay?.health()).toMatchObject({ mode: 'relay', state: 'running', restarts: 1 });
    await sleep(1000);
    await upstream.admin('freeze');
    let differing: string[] = [];
    await until(
      'the relay to equal the frozen upstream',
      async () => {
        differing = await differingFixtures();
        return differing.length === 0;
      },
      15_000,
    );
    expect(differing).toEqual([]);
    expect(lines.filter((line) => line.startsWith("relay: snapshot from the upstream's REST"))).toHaveLength(1);
  }, 60_000);
});
