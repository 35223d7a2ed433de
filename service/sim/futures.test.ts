import { describe, expect, it } from 'vitest';
import { futureSchema } from '../../src/wire/rest-schemas.ts';
import { oddsFuturesPayloadSchema } from '../../src/wire/stream-schemas.ts';
import type { FuturePriceChange } from '../storage/history-store.ts';
import { ChangeFeed } from './change-feed.ts';
import type { ChangeBatch } from './change-feed.ts';
import { FuturesBook, winProbabilities } from './futures.ts';
import { PricingQuotes } from './pricing-adapter.ts';
import { testReference, TEST_SEED } from './test-support.ts';
import { isCancelled, isFinished, isLive } from '../../src/wire/status.ts';

const NOW = Date.parse('2026-11-22T10:00:00Z');

function seeded(): { book: FuturesBook; changes: FuturePriceChange[] } {
  const ref = testReference();
  const book = new FuturesBook(ref, TEST_SEED, new PricingQuotes(), ref.bookmakers);
  const changes: FuturePriceChange[] = [];
  book.seed(NOW, { pastMs: 0, quoteRate: 1 }, (c) => changes.push(...c));
  return { book, changes };
}

describe('winProbabilities', () => {
  it('sums to 1 and favours the stronger participant', () => {
    const p = winProbabilities([0.3, 0, -0.3], [0, 0, 0]);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[0]).toBeGreaterThan(p[1] ?? 1);
    expect(p[1]).toBeGreaterThan(p[2] ?? 1);
  });
});

describe('FuturesBook', () => {
  it('lists futures the wire schema accepts, with a reissued and a settled one', () => {
    const { book } = seeded();
    const views = book.views();
    for (const view of views) expect(futureSchema.safeParse(view).success).toBe(true);
    const cancelled = views.find((v) => isCancelled(v.status.statusId));
    expect(cancelled?.reissuedFutureId).toBeTruthy();
    expect(views.some((v) => v.futureId === cancelled?.reissuedFutureId && isLive(v.status.statusId))).toBe(true);
    expect(views.some((v) => isFinished(v.status.statusId))).toBe(true);
  });

  it('records a price history for every open future', () => {
    const { book, changes } = seeded();
    const open = book.views().filter((v) => isLive(v.status.statusId));
    expect(open.length).toBeGreaterThan(5);
    for (const view of open) expect(changes.some((c) => c.futureId === view.futureId)).toBe(true);
  });

  it('requotes open futures on the oddsFutures channel as time passes', () => {
    const { book } = seeded();
    const feed = new ChangeFeed();
    const batches: ChangeBatch[] = [];
    feed.onChange((b) => batches.push(b));
    for (let t = NOW; t < NOW + 600_000; t += 60_000) {
      book.step(t, 1, feed, () => undefined);
      feed.flush(t);
    }
    const items = batches.flatMap((b) => b.items).filter((i) => i.channel === 'oddsFutures');
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(oddsFuturesPayloadSchema.safeParse(item.payload).success).toBe(true);
  });

  it('keeps its records across save and load', () => {
    const { book } = seeded();
    let saved: { id: string; json: string; finishedAt: number | null }[] = [];
    book.save((rows) => {
      saved = rows;
    });
    const ref = testReference();
    const reloaded = new FuturesBook(ref, TEST_SEED, new PricingQuotes(), ref.bookmakers);
    reloaded.load(saved);
    expect(reloaded.views().map((v) => v.futureId).sort()).toEqual(book.views().map((v) => v.futureId).sort());
  });
});
