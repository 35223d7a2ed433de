// Resume and replay through real sockets: a client that reconnects within the window gets every
// message it missed (checked against a client that stayed connected), an old cursor or a foreign
// epoch gets the right snapshot_required, both replay modes, and the graceful reconnect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareEntryIds } from '../../src/domain/entry-id.ts';
import type { Channel, DataFrame } from '../../src/wire/stream-schemas.ts';
import { loginFrame, settle, startStreamTestService, StreamClient, type TestService } from './test-support.ts';
import { isLive } from '../../src/wire/status.ts';

/** The frames of `channel` strictly after `cursor` (all of them when the cursor is undefined). */
function framesAfter(frames: readonly DataFrame[], channel: Channel, cursor: string | undefined): DataFrame[] {
  return frames.filter((f) => f.channel === channel && (cursor === undefined || compareEntryIds(f.entryId, cursor) > 0));
}

/** The last entryId seen per channel: a client's cursors. */
function cursorsOf(frames: readonly DataFrame[]): Record<string, string> {
  const cursors: Record<string, string> = {};
  for (const frame of frames) cursors[frame.channel] = frame.entryId;
  return cursors;
}

/** Latest state per (bookmaker, oddsId) after applying the frames in order. */
function oddsState(frames: readonly DataFrame[]): Map<string, unknown> {
  const state = new Map<string, unknown>();
  for (const frame of frames) {
    for (const [bookmaker, entries] of Object.entries(frame.payload.odds as Record<string, Record<string, unknown>>)) {
      for (const [oddsId, entry] of Object.entries(entries)) state.set(`${bookmaker}|${oddsId}`, entry);
    }
  }
  return state;
}

function pick(cursors: Record<string, string>, channels: readonly Channel[]): Record<string, string> {
  return Object.fromEntries(channels.flatMap((c) => (cursors[c] === undefined ? [] : [[c, cursors[c]]])));
}

// Each test drives up to a minute of simulated time through a real gateway: seconds of work that
// take longer than Vitest's default 5 s on a loaded machine.
describe('extended replay mode (the default)', { timeout: 30_000 }, () => {
  let t: TestService;
  let bookmakers: string[];
  let stayed: StreamClient;

  beforeAll(async () => {
    t = await startStreamTestService({});
    bookmakers = t.service.simulator.books.map((b) => b.bookmaker);
    stayed = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers }));
    await stayed.control('login_ok');
    await t.advance(3_000);
  }, 120_000);

  afterAll(async () => {
    stayed.close();
    await t.dispose();
  });

  /** Connects, streams a while, disconnects, lets `awayMs` pass, and resumes with its cursors. */
  async function reconnectAfter(
    awayMs: number,
    whileAway: () => Promise<void> = () => Promise.resolve(),
  ): Promise<{ cursors: Record<string, string>; resumed: StreamClient; epoch: string }> {
    const leaver = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers }));
    const epoch = (await leaver.control('login_ok')).resume.serverEpoch;
    // Until it holds a cursor of each busy replayable channel (futures requote every few seconds).
    for (let i = 0; i < 60; i++) {
      await t.advance(1_000);
      const seen = cursorsOf(leaver.data);
      if (seen.clocks !== undefined && seen.odds !== undefined && seen.oddsFutures !== undefined) break;
    }
    const cursors = cursorsOf(leaver.data);
    leaver.close();
    await leaver.closed;
    await whileAway();
    await t.advance(awayMs);
    const resumed = await StreamClient.login(
      t.wsUrl,
      loginFrame('demo-key', { bookmakers, serverEpoch: epoch, lastSeenId: pick(cursors, ['fixtures', 'scores', 'clocks', 'odds', 'oddsFutures']) }),
    );
    await resumed.control('resume_complete');
    return { cursors, resumed, epoch };
  }

  it('replays every missed fixtures, scores and clocks message, then streams on, exactly as a client that stayed connected saw them', async () => {
    const { cursors, resumed } = await reconnectAfter(10_000);
    await t.advance(3_000);
    await settle();
    expect(resumed.controls.some((c) => c.type === 'snapshot_required')).toBe(false);
    for (const channel of ['fixtures', 'scores', 'clocks'] as const) {
      if (cursors[channel] === undefined) continue;
      const expected = framesAfter(stayed.data, channel, cursors[channel]);
      expect(framesAfter(resumed.data, channel, undefined)).toEqual(expected);
    }
    expect(framesAfter(resumed.data, 'clocks', undefined).length).toBeGreaterThan(20);
    resumed.close();
  });

  it('replays odds and oddsFutures as the latest state per oddsId, ending on the same entryId', async () => {
    // One future moved twice while away, so its oddsId has two missed frames the replay merges
    // (whether the books' own requotes repeat a future within 10 s is up to the world).
    const sim = t.service.simulator;
    const futureId = sim.futures.views().find((f) => isLive(f.status.statusId))?.futureId ?? '';
    const { cursors, resumed } = await reconnectAfter(10_000, async () => {
      sim.moveFuture(futureId);
      await t.advance(1_000);
      sim.moveFuture(futureId);
    });
    const complete = resumed.received.findIndex((r) => r.kind === 'control' && r.frame.type === 'resume_complete');
    const replayed = resumed.received.slice(0, complete).flatMap((r) => (r.kind === 'data' ? [r.frame] : []));
    for (const channel of ['odds', 'oddsFutures'] as const) {
      const missed = framesAfter(stayed.data, channel, cursors[channel]);
      const got = framesAfter(replayed, channel, undefined);
      expect(missed.length).toBeGreaterThan(0);
      expect(got.length).toBeLessThan(missed.length);
      expect(oddsState(got)).toEqual(oddsState(missed));
      expect(got.at(-1)?.entryId).toBe(missed.at(-1)?.entryId);
      for (let i = 1; i < got.length; i++) expect(compareEntryIds(got[i]?.entryId ?? '', got[i - 1]?.entryId ?? '')).toBe(1);
    }
    resumed.close();
  });

  it('resumes a cursor that is still the latest entry of a quiet channel, however old', async () => {
    const latest = t.service.gateway.replayLog.latestCursor('fixtures');
    expect(latest).not.toBeNull();
    const client = await StreamClient.login(
      t.wsUrl,
      loginFrame('demo-key', { serverEpoch: t.service.gateway.serverEpoch, lastSeenId: { fixtures: latest }, channels: ['fixtures'] }),
    );
    await client.control('resume_complete');
    expect(client.controls.some((c) => c.type === 'snapshot_required')).toBe(false);
    expect(client.data).toEqual([]);
    client.close();
  });

  it('answers a foreign serverEpoch with snapshot_required server_restarted for every channel, and streams on', async () => {
    const client = await StreamClient.login(
      t.wsUrl,
      loginFrame('demo-key', { bookmakers, serverEpoch: 'abad1dea', lastSeenId: cursorsOf(stayed.data) }),
    );
    const ok = await client.control('login_ok');
    const snapshot = await client.control('snapshot_required');
    expect(snapshot).toMatchObject({ reason: 'server_restarted', channels: ok.channels, serverEpoch: t.service.gateway.serverEpoch });
    await t.advance(2_000);
    expect(client.data.length).toBeGreaterThan(0);
    expect(client.controls.some((c) => c.type === 'resume_complete')).toBe(false);
    client.close();
  });

  it('answers a cursor the server never handed out with snapshot_required resume_window_exceeded', async () => {
    const client = await StreamClient.login(
      t.wsUrl,
      loginFrame('demo-key', { serverEpoch: t.service.gateway.serverEpoch, lastSeenId: { clocks: '99999999999999-0' }, channels: ['clocks'] }),
    );
    expect(await client.control('snapshot_required')).toMatchObject({ reason: 'resume_window_exceeded', channels: ['clocks'] });
    await client.control('resume_complete');
    client.close();
  });
});

describe('public replay mode with a short window', { timeout: 30_000 }, () => {
  let t: TestService;
  let bookmakers: string[];

  beforeAll(async () => {
    t = await startStreamTestService({ GATEWAY_REPLAY_MODE: 'public', RESUME_WINDOW_MS: '2000', GATEWAY_DRAIN_MS: '300' });
    bookmakers = t.service.simulator.books.map((b) => b.bookmaker);
    await t.advance(3_000);
  }, 120_000);

  afterAll(async () => {
    await t.dispose();
  });

  it('lists fixtures, scores and clocks as replayChannels', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers }));
    expect((await client.control('login_ok')).resume.replayChannels).toEqual(['fixtures', 'scores', 'clocks']);
    client.close();
  });

  it('replays clocks but ignores an odds cursor, which the client re-snapshots from REST', async () => {
    const leaver = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, channels: ['clocks', 'odds'] }));
    const stayed = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { bookmakers, channels: ['clocks', 'odds'] }));
    await Promise.all([leaver.control('login_ok'), stayed.control('login_ok')]);
    await t.advance(1_000);
    const cursors = cursorsOf(leaver.data);
    leaver.close();
    await leaver.closed;
    await t.advance(1_000);
    const resumed = await StreamClient.login(
      t.wsUrl,
      loginFrame('demo-key', { bookmakers, channels: ['clocks', 'odds'], serverEpoch: t.service.gateway.serverEpoch, lastSeenId: cursors }),
    );
    await resumed.control('resume_complete');
    const complete = resumed.received.findIndex((r) => r.kind === 'control' && r.frame.type === 'resume_complete');
    const replayed = resumed.received.slice(0, complete).flatMap((r) => (r.kind === 'data' ? [r.frame] : []));
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.every((f) => f.channel === 'clocks')).toBe(true);
    expect(replayed).toEqual(framesAfter(stayed.data, 'clocks', cursors.clocks));
    expect(resumed.controls.some((c) => c.type === 'snapshot_required')).toBe(false);
    for (const client of [stayed, resumed]) client.close();
  });

  it('answers a cursor older than the window with snapshot_required resume_window_exceeded, and streams on', async () => {
    const leaver = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { channels: ['clocks', 'scores'] }));
    await leaver.control('login_ok');
    await t.advance(1_000);
    const cursors = cursorsOf(leaver.data);
    expect(cursors.clocks).toBeDefined();
    leaver.close();
    await t.advance(5_000);
    const client = await StreamClient.login(
      t.wsUrl,
      loginFrame('demo-key', { channels: ['clocks'], serverEpoch: t.service.gateway.serverEpoch, lastSeenId: { clocks: cursors.clocks } }),
    );
    const snapshot = await client.control('snapshot_required');
    expect(snapshot).toMatchObject({ reason: 'resume_window_exceeded', channels: ['clocks'], resumeWindowMs: 2000 });
    expect(snapshot.serverEntryIds.clocks).toBe(t.service.gateway.replayLog.latestCursor('clocks'));
    await client.control('resume_complete');
    await t.advance(1_000);
    expect(client.data.some((f) => f.channel === 'clocks')).toBe(true);
    client.close();
  });

  it('on shutdown sends reconnect server_upgrade, keeps streaming, then closes with 1012', async () => {
    const client = await StreamClient.login(t.wsUrl, loginFrame('demo-key', { channels: ['clocks'] }));
    await client.control('login_ok');
    const closing = t.service.close();
    await client.control('reconnect');
    expect(client.controls.at(-1)).toEqual({ type: 'reconnect', reason: 'server_upgrade' });
    const before = client.data.length;
    t.service.simulator.advance(1_000);
    await client.until(() => client.data.length > before, 1_000, 'frames after reconnect');
    expect((await client.closed).code).toBe(1012);
    await closing;
  });
});
