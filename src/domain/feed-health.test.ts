import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FrameGaps, initialFeedHealth, median, nextFeedHealth, silenceThresholdMs, type FeedEvent, type FeedHealth } from './feed-health.ts';

function run(events: readonly FeedEvent[], start = 0): { health: FeedHealth; probes: number[] } {
  let health = initialFeedHealth(start);
  const probes: number[] = [];
  for (const event of events) {
    const step = nextFeedHealth(health, event);
    health = step.health;
    if (step.probe) probes.push(event.at);
  }
  return { health, probes };
}

describe('silenceThresholdMs', () => {
  it('is 5 s for a busy feed (frames 13 ms apart)', () => {
    expect(silenceThresholdMs(new Array<number>(100).fill(13))).toBe(5_000);
  });

  it('is five median gaps for a sparse feed (frames 2 s apart: 10 s)', () => {
    expect(silenceThresholdMs([2_000, 2_000, 1_900, 2_100, 60_000])).toBe(10_000);
  });

  it('is 5 s with no gap to judge by', () => {
    expect(silenceThresholdMs([])).toBe(5_000);
  });

  it('is never under 5 s nor under five median gaps, whatever the gaps', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 600_000 }), { maxLength: 200 }), (gaps) => {
        const t = silenceThresholdMs(gaps);
        expect(t).toBeGreaterThanOrEqual(5_000);
        if (gaps.length > 0) expect(t).toBeGreaterThanOrEqual(5 * median(gaps));
      }),
    );
  });
});

describe('FrameGaps', () => {
  it('forgets gaps that ended over a minute ago', () => {
    const gaps = new FrameGaps();
    for (let at = 0; at <= 30_000; at += 3_000) gaps.record(at);
    for (let at = 30_100; at <= 30_500; at += 100) gaps.record(at);
    // Ten 3 s gaps and five 0.1 s ones: the median is 3 s.
    expect(gaps.thresholdMs(31_000)).toBe(15_000);
    // At 85 s only the gaps that ended after 25 s count: two of 3 s, five of 0.1 s.
    expect(gaps.recent(85_000)).toEqual([3_000, 3_000, 100, 100, 100, 100, 100]);
    expect(gaps.thresholdMs(85_000)).toBe(5_000);
  });

  it('measures no gap across a restart', () => {
    const gaps = new FrameGaps();
    gaps.record(0);
    gaps.restart();
    gaps.record(40_000);
    expect(gaps.recent(40_000)).toEqual([]);
  });
});

describe('nextFeedHealth', () => {
  it('stays live while frames come within the threshold', () => {
    const { health, probes } = run([
      { type: 'frame', at: 1_000 },
      { type: 'check', at: 5_900, thresholdMs: 5_000 },
      { type: 'frame', at: 6_000 },
      { type: 'check', at: 10_000, thresholdMs: 5_000 },
    ]);
    expect(health.state).toBe('live');
    expect(probes).toEqual([]);
  });

  it('probes once the silence passes the threshold, and is silent while the probe runs', () => {
    const { health, probes } = run([
      { type: 'frame', at: 0 },
      { type: 'check', at: 5_001, thresholdMs: 5_000 },
    ]);
    expect(probes).toEqual([5_001]);
    expect(health.state).toBe('silent');
  });

  it('is stalled when the probe gets no answer', () => {
    const { health } = run([
      { type: 'check', at: 6_000, thresholdMs: 5_000 },
      { type: 'probe-failed', at: 8_000 },
    ]);
    expect(health.state).toBe('stalled');
  });

  it('is silent, not stalled, when the service answers the probe (a frozen world)', () => {
    const { health } = run([
      { type: 'check', at: 6_000, thresholdMs: 5_000 },
      { type: 'probe-answered', at: 6_010 },
    ]);
    expect(health.state).toBe('silent');
  });

  it('probes a silent feed again every 5 s, not at every check', () => {
    const checks: FeedEvent[] = [];
    for (let at = 6_000; at <= 16_000; at += 1_000) checks.push({ type: 'check', at, thresholdMs: 5_000 }, { type: 'probe-answered', at: at + 5 });
    expect(run(checks).probes).toEqual([6_000, 11_000, 16_000]);
  });

  it('goes from stalled to silent when a later probe is answered, and to live on a frame', () => {
    const base: FeedEvent[] = [
      { type: 'check', at: 6_000, thresholdMs: 5_000 },
      { type: 'probe-failed', at: 8_000 },
      { type: 'check', at: 11_000, thresholdMs: 5_000 },
    ];
    expect(run(base).health.state).toBe('stalled');
    expect(run([...base, { type: 'probe-answered', at: 11_020 }]).health.state).toBe('silent');
    expect(run([...base, { type: 'frame', at: 11_500 }]).health.state).toBe('live');
  });

  it('ignores the answer of a probe that a frame made moot', () => {
    const { health } = run([
      { type: 'check', at: 6_000, thresholdMs: 5_000 },
      { type: 'frame', at: 6_500 },
      { type: 'probe-failed', at: 8_000 },
    ]);
    expect(health.state).toBe('live');
  });

  it('never leaves live while no silence exceeds the threshold, and is live after any frame', () => {
    const gapArb = fc.integer({ min: 0, max: 4_999 });
    fc.assert(
      fc.property(fc.array(fc.tuple(gapArb, fc.boolean(), fc.boolean()), { maxLength: 60 }), (steps) => {
        let at = 0;
        const events: FeedEvent[] = [];
        for (const [gap, checkFirst, answer] of steps) {
          if (checkFirst) events.push({ type: 'check', at: at + gap, thresholdMs: 5_000 });
          events.push(answer ? { type: 'probe-answered', at: at + gap } : { type: 'probe-failed', at: at + gap });
          at += gap;
          events.push({ type: 'frame', at });
        }
        const { health, probes } = run(events);
        expect(probes).toEqual([]);
        expect(health.state).toBe('live');
      }),
    );
  });

  it('reaches stalled only through an unanswered probe', () => {
    const eventArb: fc.Arbitrary<FeedEvent> = fc.oneof(
      fc.record({ type: fc.constant('frame' as const), at: fc.integer({ min: 0, max: 100_000 }) }),
      fc.record({ type: fc.constant('check' as const), at: fc.integer({ min: 0, max: 100_000 }), thresholdMs: fc.integer({ min: 5_000, max: 30_000 }) }),
      fc.record({ type: fc.constant('probe-answered' as const), at: fc.integer({ min: 0, max: 100_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(eventArb, { maxLength: 80 }), (events) => {
        expect(run(events).health.state).not.toBe('stalled');
      }),
    );
  });
});
