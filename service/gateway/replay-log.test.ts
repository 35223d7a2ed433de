// The in-memory replay log: ids, reads after an exclusive cursor, trimming and the cap.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareEntryIds, parseEntryId } from '../../src/domain/entry-id.ts';
import { MemoryReplayLog, cursorOf } from './replay-log.ts';

const payload = (n: number) => ({ fixtureId: 'id1000001761301227', n });

describe('MemoryReplayLog', () => {
  it('gives each channel its own rising ids, <ts>-0 then <ts>-1 within one millisecond', () => {
    const log = new MemoryReplayLog();
    expect(log.append('odds', 1000, payload(1)).entryId).toBe('1000-0');
    expect(log.append('odds', 1000, payload(2)).entryId).toBe('1000-1');
    expect(log.append('scores', 1000, payload(3)).entryId).toBe('1000-0');
    expect(log.append('odds', 1001, payload(4)).entryId).toBe('1001-0');
  });

  it('never lets ids go backwards when the clock does', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5_000 }), { minLength: 1, maxLength: 60 }), (times) => {
        const log = new MemoryReplayLog();
        const ids = times.map((ts) => log.append('clocks', ts, payload(ts)).entryId);
        for (let i = 1; i < ids.length; i++) expect(compareEntryIds(ids[i] ?? '', ids[i - 1] ?? '')).toBe(1);
      }),
    );
  });

  it('reads the entries strictly after a cursor, in order', async () => {
    const log = new MemoryReplayLog();
    const ids = [1, 2, 3, 4].map((n) => log.append('odds', 1000 + n, payload(n)).entryId);
    const read = await log.readAfter('odds', parseEntryId(ids[1] ?? ''));
    expect(read.complete).toBe(true);
    expect(read.entries.map((e) => e.entryId)).toEqual(ids.slice(2));
    expect((await log.readAfter('odds', parseEntryId(ids[3] ?? ''))).entries).toEqual([]);
  });

  it('reads a cursor between two ids (a gap) from the next id on', async () => {
    const log = new MemoryReplayLog();
    log.append('odds', 1000, payload(1));
    log.append('odds', 2000, payload(2));
    const read = await log.readAfter('odds', { ms: 1500, seq: 0 });
    expect(read.entries.map((e) => e.entryId)).toEqual(['2000-0']);
  });

  it('trims by age but remembers the latest cursor of a quiet channel', async () => {
    const log = new MemoryReplayLog();
    log.append('fixtures', 1000, payload(1));
    log.append('fixtures', 2000, payload(2));
    log.trimByAge(5000);
    expect(log.retained('fixtures')).toBe(0);
    expect(log.latestCursor('fixtures')).toBe('2000-0');
    expect((await log.readAfter('fixtures', { ms: 2000, seq: 0 })).complete).toBe(true);
  });

  it('says a read is incomplete when an entry after the cursor was trimmed', async () => {
    const log = new MemoryReplayLog();
    log.append('odds', 1000, payload(1));
    log.append('odds', 2000, payload(2));
    log.append('odds', 3000, payload(3));
    log.trimByAge(2500);
    const read = await log.readAfter('odds', { ms: 1000, seq: 0 });
    expect(read.complete).toBe(false);
    expect((await log.readAfter('odds', { ms: 2000, seq: 0 })).complete).toBe(true);
  });

  it('drops the oldest entries beyond its cap, and reads before them are incomplete', async () => {
    const log = new MemoryReplayLog(3);
    for (let n = 1; n <= 5; n++) log.append('odds', 1000 + n, payload(n));
    expect(log.retained('odds')).toBe(3);
    expect((await log.readAfter('odds', { ms: 1001, seq: 0 })).complete).toBe(false);
    expect((await log.readAfter('odds', { ms: 1002, seq: 0 })).entries.map((e) => e.entryId)).toEqual(['1003-0', '1004-0', '1005-0']);
  });

  it('has no latest cursor and an empty complete read for a channel never written', async () => {
    const log = new MemoryReplayLog();
    expect(log.latestCursor('stats')).toBeNull();
    expect(await log.readAfter('stats', { ms: 0, seq: 0 })).toEqual({ entries: [], complete: true });
  });
});

describe('cursorOf', () => {
  it('parses a canonical entryId and refuses anything else', () => {
    expect(cursorOf('12-3')).toEqual({ ms: 12, seq: 3 });
    expect(cursorOf('012-3')).toBeNull();
    expect(cursorOf('12')).toBeNull();
  });
});
