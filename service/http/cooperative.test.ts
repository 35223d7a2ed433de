// The cooperative helpers: JSON text identical to JSON.stringify, other work between two resumed
// steps, and at most `limit` heavy tasks at a time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concurrencyGate, jsonChunksYielding, yieldToEventLoop } from './cooperative.ts';

describe('jsonChunksYielding', () => {
  it('gives exactly the bytes of JSON.stringify of the whole object', async () => {
    const record = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ stringUnit: 'binary' }));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()), fc.dictionary(fc.string(), record), async (fields, groups) => {
        const head = Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'odds'));
        const chunks = await jsonChunksYielding(head, 'odds', groups);
        expect(Buffer.concat(chunks).toString('utf8')).toBe(JSON.stringify({ ...head, odds: groups }));
      }),
      { numRuns: 200 },
    );
  });

  it('cuts a large answer into chunks of about 64 KB', async () => {
    const groups = { pinnacle: Object.fromEntries(Array.from({ length: 4_000 }, (_, i) => [`id1:pinnacle:${String(i)}:0`, { price: 2.05, changedAt: 1_763_800_000_000 + i }])) };
    const chunks = await jsonChunksYielding({ fixtureId: 'id1' }, 'odds', groups);
    expect(chunks.length).toBeGreaterThan(2);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(70 * 1024);
  });
});

describe('yieldToEventLoop', () => {
  it('resumes one waiting task per turn of the event loop, so other work runs in between', async () => {
    const order: string[] = [];
    const task = async (name: string): Promise<void> => {
      await yieldToEventLoop();
      order.push(name);
    };
    const both = Promise.all([task('a'), task('b')]);
    setImmediate(() => order.push('other work'));
    await both;
    expect(order).toEqual(['a', 'other work', 'b']);
  });
});

describe('concurrencyGate', () => {
  it('runs at most `limit` tasks at once and starts the others in order', async () => {
    const gate = concurrencyGate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) =>
      gate(async () => {
        started.push(n);
        running++;
        most = Math.max(most, running);
        await yieldToEventLoop();
        await yieldToEventLoop();
        running--;
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(task))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('frees the slot of a task that throws', async () => {
    const gate = concurrencyGate(1);
    await expect(gate(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate(() => Promise.resolve('next'))).toBe('next');
  });
});
