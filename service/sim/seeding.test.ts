import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { openTestWorld, makeTempDir } from './test-support.ts';

describe('first start', () => {
  it('seeds a fresh data directory with the default settings well under a minute', () => {
    const defaults = loadConfig({}, []);
    const started = performance.now();
    const world = openTestWorld(
      {
        seedPastDays: defaults.seedPastDays,
        scheduleDays: defaults.scheduleDays,
        liveKickoffGapSec: defaults.liveKickoffGapSec,
        simSpeed: defaults.simSpeed,
        quoteRate: defaults.quoteRate,
      },
      makeTempDir(),
      Date.parse('2026-11-22T15:00:00Z'),
    );
    const seconds = (performance.now() - started) / 1000;
    try {
      const stats = world.sim.stats();
      console.log(
        `seeded ${String(defaults.seedPastDays)} past days in ${seconds.toFixed(1)} s: ${String(world.history.countChanges())} price changes, ` +
          `${String(stats.settlements)} settlements, ${JSON.stringify(stats.fixturesByStatus)}, DB ${(world.history.sizeBytes() / 1e6).toFixed(0)} MB`,
      );
      expect(stats.fixturesByStatus['Finished']).toBeGreaterThan(50);
      expect(seconds).toBeLessThan(60);
    } finally {
      world.dispose();
    }
  }, 120_000);
});
