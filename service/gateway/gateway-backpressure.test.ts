// The load rules through real sockets: a client that stops reading first gets odds coalesced to
// the latest state per oddsId, then snapshot_required client_backpressure and a fresh start, and
// is closed with 4002 when it still cannot keep up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareEntryIds } from '../../src/domain/entry-id.ts';
import { CLOSE_CODES } from '../../src/wire/stream-schemas.ts';
import type { DataFrame } from '../../src/wire/stream-schemas.ts';
import { loginFrame, settle, startStreamTestService, StreamClient, type TestService } from './test-support.ts';

let t: TestService;
let bookmakers: string[];

beforeAll(async () => {
  t = await startStreamTestService({
    GATEWAY_SLOW_BYTES: String(64 * 1024),
    GATEWAY_BEHIND_BYTES: String(2 * 1024 * 1024),
    GATEWAY_BEHIND_LAG_MS: '1000',
    GATEWAY_BEHIND_MAX_MS: '1500',
    QUOTE_RATE: '4',
  });
  bookmakers = t.service.simulator.books.map((b) => b.bookmaker);
  await t.advance(2_000);
}, 120_000);

afterAll(async () => {
  await t.dispose();
});

const stats = () => t.service.gateway.stats();

/** Moves the world 2 s at a time until `condition` holds (the kernel buffers absorb megabytes first). */
async function pushUntil(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (condition()) return;
    await t.advance(2_000);
  }
  throw new Error(`the world moved 800 s and still not ${what}`);
}

/** Latest state per (bookmaker, oddsId) after applying the odds frames in order. */
function oddsState(frames: readonly DataFrame[]): Map<string, unknown> {
  const state = new Map<string, unknown>();
  for (const frame of frames) {
    if (frame.channel !== 'odds') continue;
    for (const [bookmaker, entries] of Object.entries(frame.payload.odds as Record<string, Record<string, unknown>>)) {
      for (const [oddsId, entry] of Object.entries(entries)) state.set(`${bookmaker}|${oddsId}`, entry);
    }
  }
  return state;
}

describe('a client that stops reading', () => {
  it('gets odds coalesced to the latest state per oddsId while slow, and ends on the same state', async () => {
    const stayed = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, channels: ['odds', 'clocks'] }));
    const slow = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, channels: ['odds', 'clocks'] }));
    await Promise.all([stayed.control('login_ok'), slow.control('login_ok')]);
    slow.ws.pause();
    const before = stats().coalescedFrames;
    await pushUntil(() => stats().coalescedFrames > before + 50, 'coalescing');
    expect(stats().behindEvents).toBe(0);
    slow.ws.resume();
    await t.advance(500);
    const lastOf = (client: StreamClient, channel: string) => client.data.findLast((f) => f.channel === channel)?.entryId;
    await slow.until(
      () => lastOf(slow, 'odds') === lastOf(stayed, 'odds') && lastOf(slow, 'clocks') === lastOf(stayed, 'clocks'),
      10_000,
      'the slow client to catch up',
    );
    const slowOdds = slow.data.filter((f) => f.channel === 'odds');
    const stayedOdds = stayed.data.filter((f) => f.channel === 'odds');
    expect(slowOdds.length).toBeLessThan(stayedOdds.length);
    expect(oddsState(slowOdds)).toEqual(oddsState(stayedOdds));
    // Clocks are never coalesced: the slow client got every one.
    expect(slow.data.filter((f) => f.channel === 'clocks')).toEqual(stayed.data.filter((f) => f.channel === 'clocks'));
    for (const channel of ['odds', 'clocks']) {
      const ids = slow.data.filter((f) => f.channel === channel).map((f) => f.entryId);
      for (let i = 1; i < ids.length; i++) expect(compareEntryIds(ids[i] ?? '', ids[i - 1] ?? '')).toBe(1);
    }
    stayed.close();
    slow.close();
  }, 60_000);

  it('once further behind, gets snapshot_required client_backpressure after draining and streams on from the present', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, channels: ['odds', 'clocks'] }));
    const ok = await client.control('login_ok');
    client.ws.pause();
    const behind = stats().behindEvents;
    await pushUntil(() => stats().behindEvents > behind, 'behind');
    client.ws.resume();
    await t.advance(250);
    const snapshot = await client.control('snapshot_required', 10_000);
    expect(snapshot).toMatchObject({ reason: 'client_backpressure', channels: ok.channels, serverEpoch: ok.resume.serverEpoch });
    const at = client.received.findIndex((r) => r.kind === 'control' && r.frame.type === 'snapshot_required');
    await t.advance(1_000);
    await settle(100);
    const after = client.received.slice(at + 1).flatMap((r) => (r.kind === 'data' ? [r.frame] : []));
    expect(after.length).toBeGreaterThan(0);
    for (const frame of after) {
      const from = snapshot.serverEntryIds[frame.channel];
      if (from !== undefined) expect(compareEntryIds(frame.entryId, from)).toBe(1);
    }
    expect(client.ws.readyState).toBe(client.ws.OPEN);
    client.close();
  }, 60_000);

  it('is closed with 4002 when it stays behind', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, channels: ['odds', 'clocks'] }));
    await client.control('login_ok');
    client.ws.pause();
    const closes = stats().backpressureCloses;
    const behind = stats().behindEvents;
    await pushUntil(() => stats().behindEvents > behind, 'behind');
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(stats().backpressureCloses).toBe(closes + 1);
    client.ws.resume();
    expect((await client.closed).code).toBe(CLOSE_CODES.backpressure);
    expect(client.controls.at(-1)).toMatchObject({ type: 'error', code: 'backpressure' });
  }, 60_000);
});
