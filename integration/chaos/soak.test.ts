// The short chaos soak of the test suite: the real service, the fault proxy and the real stream
// client (four lanes, one per receiveType) through one pass over every episode — a crash (new
// serverEpoch) into the public replay mode, there a disconnect, a stall and a half-open socket past
// the resume window, a graceful server_upgrade back into the extended mode, there bursts of
// delayed, duplicated and truncated frames — then the books against a fresh REST snapshot.
import { describe, expect, it } from 'vitest';
import { EPISODES, formatReport, runSoak, type SoakReport } from './soak.ts';

describe('chaos soak (short)', () => {
  let report: SoakReport | null = null;

  it('ends with every book equal to REST and no unhandled error, after at least one of every fault and restart', async () => {
    report = await runSoak({ durationMs: 30_000, gapMs: [1_000, 2_000], seed: 9, log: () => undefined });
    // The counts, for whoever reads the test output.
    console.log(formatReport(report).join('\n'));
    for (const episode of EPISODES) expect(report.episodes[episode], `episode ${episode}`).toBeGreaterThanOrEqual(1);
    for (const fault of ['disconnect', 'stall', 'halfOpen', 'delay', 'duplicate', 'truncate'] as const) {
      expect(report.faults[fault], `proxy fault ${fault}`).toBeGreaterThanOrEqual(1);
    }
    expect(report.lanes.map((l) => l.settled)).toEqual([true, true, true, true]);
    // Not vacuous: the books hold prices, and the client did go through replays and re-snapshots.
    for (const lane of report.lanes) expect(lane.comparedPrices, lane.receiveType).toBeGreaterThan(0);
    expect(report.snapshotRequired.server_restarted ?? 0).toBeGreaterThan(0);
    expect(report.replays).toBeGreaterThan(0);
    expect(report.unhandledErrors).toEqual([]);
    expect(report.differingPrices).toBe(0);
    expect(report.otherDifferences).toBe(0);
  }, 300_000);
});
