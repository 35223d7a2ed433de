// The behaviours every history store shares, run against each of them: what is written through
// the producer's port reads back the same through the edge's HistoryReads (SQLite:
// sqlite-history-contract.test.ts; PostgreSQL: pg-history-store.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryPort } from '../sim/history-port.ts';
import type { FixturePriceChange, FuturePriceChange, HistoryFilters, HistoryReads, PriceChange, SettlementRecord } from '../storage/history-store.ts';
import { HistoryStoreError } from '../storage/history-store.ts';

/** One open store as the contract drives it. */
export interface ContractHistory {
  readonly writer: HistoryPort;
  readonly reads: HistoryReads;
  /** Resolves once everything written is readable (PostgreSQL flushes asynchronously). */
  flush(): Promise<void>;
}

export interface ContractSubject<H extends ContractHistory> {
  /** A fresh, empty store. */
  open(): Promise<H>;
  /** Closes `current` and opens the same store again, as a restart does. */
  reopen(current: H): Promise<H>;
  close(current: H): Promise<void>;
}

export const T0 = Date.parse('2026-11-22T12:00:00Z');
export const FIXTURE = 'sr10000017123456';
export const OTHER_FIXTURE = 'sr10000017123457';
export const FUTURE = 'sr1000001700042510001';

export function fx(fixtureId: string, bookmaker: string, outcomeId: number, changedAt: number, price: number, extra: Partial<FixturePriceChange> = {}): FixturePriceChange {
  return {
    kind: 'fixture',
    oddsId: `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`,
    fixtureId,
    bookmaker,
    outcomeId,
    playerId: 0,
    marketId: outcomeId - (outcomeId % 3),
    price,
    active: true,
    marketActive: true,
    limit: null,
    changedAt,
    ...extra,
  };
}

export function fu(bookmaker: string, participantId: number, changedAt: number, price: number): FuturePriceChange {
  return {
    kind: 'future',
    oddsId: `${FUTURE}:${bookmaker}:${String(participantId)}`,
    futureId: FUTURE,
    bookmaker,
    participantId,
    playerId: 0,
    marketId: null,
    price,
    active: true,
    marketActive: true,
    limit: null,
    changedAt,
  };
}

export const oddsId = (fixtureId: string, bookmaker: string, outcomeId: number): string => `${fixtureId}:${bookmaker}:${String(outcomeId)}:0`;

const prices = (changes: readonly PriceChange[]): number[] => changes.map((c) => c.price);

/** A fixture's history through the edge's one read of it (its pages, joined). */
async function fixtureHistory(reads: HistoryReads, fixtureId: string, filters: HistoryFilters = {}): Promise<FixturePriceChange[]> {
  const rows: FixturePriceChange[] = [];
  for await (const page of reads.readHistoryPagesForFixture(fixtureId, filters, 1000)) rows.push(...page);
  return rows;
}

export function describeHistoryContract<H extends ContractHistory>(name: string, subject: ContractSubject<H>): void {
  describe(`${name} history store contract`, () => {
    let h: H;

    beforeEach(async () => {
      h = await subject.open();
    });

    afterEach(async () => {
      await subject.close(h);
    });

  describe('appendChanges and the fixture reads', () => {
    it('reads every field of a change back as it was appended', async () => {
      const change = fx(FIXTURE, 'pinnacle', 1001, T0 + 7, 2.375, { active: false, marketActive: false, limit: 2500 });
      h.writer.appendChanges([change, fx(FIXTURE, 'bet365', 1001, T0 + 8, 1.234567)]);
      await h.flush();
      expect(await fixtureHistory(h.reads, FIXTURE)).toEqual([change, fx(FIXTURE, 'bet365', 1001, T0 + 8, 1.234567)]);
    });

    it('orders by changedAt, changes of the same millisecond in append order, late appends in their place', async () => {
      h.writer.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1001, T0, 1.95), fx(FIXTURE, 'bet365', 1001, T0 + 1000, 2.1)]);
      await h.flush();
      h.writer.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 2.0), fx(FIXTURE, 'bet365', 1001, T0 - 100, 1.7)]);
      await h.flush();
      expect(prices(await fixtureHistory(h.reads, FIXTURE))).toEqual([1.7, 1.9, 1.95, 2.0, 2.1]);
    });

    it('filters by bookmakers, oddsIds, time window and limit, and nothing of other fixtures', async () => {
      h.writer.appendChanges([
        fx(FIXTURE, 'bet365', 1001, T0, 1.01),
        fx(FIXTURE, 'pinnacle', 1001, T0 + 10, 1.02),
        fx(OTHER_FIXTURE, 'bet365', 1001, T0 + 15, 9),
        fx(FIXTURE, 'bet365', 1002, T0 + 20, 1.03),
        fx(FIXTURE, 'bet365', 1001, T0 + 30, 1.04),
      ]);
      await h.flush();
      expect(prices(await fixtureHistory(h.reads, FIXTURE))).toEqual([1.01, 1.02, 1.03, 1.04]);
      expect(prices(await fixtureHistory(h.reads, FIXTURE, { bookmakers: ['bet365'] }))).toEqual([1.01, 1.03, 1.04]);
      expect(prices(await fixtureHistory(h.reads, FIXTURE, { oddsIds: [oddsId(FIXTURE, 'bet365', 1001)], from: T0 + 1, to: T0 + 31 }))).toEqual([1.04]);
      expect(prices(await fixtureHistory(h.reads, FIXTURE, { limit: 2 }))).toEqual([1.01, 1.02]);
      expect(await fixtureHistory(h.reads, FIXTURE, { bookmakers: [] })).toEqual([]);
      expect(await fixtureHistory(h.reads, 'sr10000017999999')).toEqual([]);
    });

    it('rejects a batch with a malformed change at once and records none of it', async () => {
      expect(() => {
        h.writer.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9), fx(FIXTURE, 'bet365', 1002, T0, Number.NaN)]);
      }).toThrow(HistoryStoreError);
      await h.flush();
      expect(h.writer.countChanges()).toBe(0);
      expect(await fixtureHistory(h.reads, FIXTURE)).toEqual([]);
    });

    it('refuses a batch that reuses an oddsId of another fixture and keeps working', async () => {
      h.writer.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9)]);
      const reused = { ...fx(OTHER_FIXTURE, 'bet365', 1001, T0, 1.9), oddsId: oddsId(FIXTURE, 'bet365', 1001) };
      expect(() => {
        h.writer.appendChanges([fx(OTHER_FIXTURE, 'bet365', 1002, T0, 2), reused]);
      }).toThrow(/another fixture/);
      h.writer.appendChanges([fx(OTHER_FIXTURE, 'bet365', 1002, T0 + 1, 2.2)]);
      await h.flush();
      expect(prices(await fixtureHistory(h.reads, OTHER_FIXTURE))).toEqual([2.2]);
      expect(h.writer.countChanges()).toBe(2);
    });
  });

  describe('readHistoryPagesForFixture', () => {
    async function pagesOf(iterable: AsyncIterable<FixturePriceChange[]>): Promise<number[][]> {
      const out: number[][] = [];
      for await (const page of iterable) out.push(prices(page));
      return out;
    }

    beforeEach(async () => {
      h.writer.appendChanges([
        fx(FIXTURE, 'bet365', 1001, T0, 1.01),
        fx(FIXTURE, 'pinnacle', 1001, T0 + 10, 1.02),
        fx(FIXTURE, 'bet365', 1002, T0 + 10, 1.03),
        fx(OTHER_FIXTURE, 'bet365', 1001, T0 + 15, 9.0),
        fx(FIXTURE, 'bet365', 1001, T0 + 20, 1.04),
      ]);
      h.writer.appendChanges([fx(FIXTURE, 'pinnacle', 1001, T0 + 30, 1.05), fx(FIXTURE, 'bet365', 1002, T0 + 40, 1.06)]);
      await h.flush();
    });

    it('gives the rows of one read, in order, in pages of at most pageRows', async () => {
      expect(await pagesOf(h.reads.readHistoryPagesForFixture(FIXTURE, {}, 2))).toEqual([[1.01, 1.02], [1.03, 1.04], [1.05, 1.06]]);
      expect(await pagesOf(h.reads.readHistoryPagesForFixture(FIXTURE, {}, 4))).toEqual([[1.01, 1.02, 1.03, 1.04], [1.05, 1.06]]);
    });

    it('applies bookmakers, oddsIds, the time window and the row limit as one read does', async () => {
      expect(await pagesOf(h.reads.readHistoryPagesForFixture(FIXTURE, { bookmakers: ['bet365'] }, 1))).toEqual([[1.01], [1.03], [1.04], [1.06]]);
      expect(await pagesOf(h.reads.readHistoryPagesForFixture(FIXTURE, { oddsIds: [oddsId(FIXTURE, 'bet365', 1002)], from: T0 + 10, to: T0 + 40 }, 5))).toEqual([[1.03]]);
      expect(await pagesOf(h.reads.readHistoryPagesForFixture(FIXTURE, { limit: 3 }, 2))).toEqual([[1.01, 1.02], [1.03]]);
      expect(await pagesOf(h.reads.readHistoryPagesForFixture(FIXTURE, { bookmakers: [] }, 2))).toEqual([]);
      expect(await pagesOf(h.reads.readHistoryPagesForFixture('sr10000017999999', {}, 2))).toEqual([]);
    });

    it('leaves out what is appended between pages, new prices included', async () => {
      const pages = h.reads.readHistoryPagesForFixture(FIXTURE, {}, 3)[Symbol.asyncIterator]();
      const first = await pages.next();
      h.writer.appendChanges([fx(FIXTURE, 'bet365', 1001, T0 + 50, 1.07), fx(FIXTURE, 'unibet', 1001, T0 + 35, 1.08)]);
      await h.flush();
      const rest: number[] = [];
      for (let page = await pages.next(); page.done !== true; page = await pages.next()) rest.push(...prices(page.value));
      expect([...prices(first.done === true ? [] : first.value), ...rest]).toEqual([1.01, 1.02, 1.03, 1.04, 1.05, 1.06]);
    });

    it('refuses a page size that is not a positive integer', async () => {
      await expect(pagesOf(h.reads.readHistoryPagesForFixture(FIXTURE, {}, 0))).rejects.toThrow(HistoryStoreError);
    });
  });

  describe('opening and closing, futures, settlements', () => {
    it('pairs each price with its first change and its last change before the cut-off', async () => {
      h.writer.appendChanges([
        fx(FIXTURE, 'bet365', 1001, T0, 1.5),
        fx(FIXTURE, 'pinnacle', 1001, T0 + 100, 1.6),
        fx(FIXTURE, 'bet365', 1001, T0 + 1000, 1.7),
        fx(FIXTURE, 'bet365', 1001, T0 + 3000, 1.8),
        fx(FIXTURE, 'unibet', 1001, T0 + 5000, 1.9),
      ]);
      await h.flush();
      const pairs = await h.reads.readOpeningAndClosing(FIXTURE, T0 + 2000);
      expect([...pairs].map(([id, p]) => [id, p.opening.price, p.closing?.price ?? null])).toEqual([
        [oddsId(FIXTURE, 'bet365', 1001), 1.5, 1.7],
        [oddsId(FIXTURE, 'pinnacle', 1001), 1.6, 1.6],
        [oddsId(FIXTURE, 'unibet', 1001), 1.9, null],
      ]);
      expect([...(await h.reads.readOpeningAndClosing(FIXTURE, T0 + 2000, { bookmakers: ['pinnacle'] })).keys()]).toEqual([oddsId(FIXTURE, 'pinnacle', 1001)]);
      expect((await h.reads.readOpeningAndClosing('sr10000017999999', T0)).size).toBe(0);
    });

    it('reads a future history and its opening and closing, apart from a fixture with the same id', async () => {
      h.writer.appendChanges([fu('bet365', 7, T0, 5.0), fu('pinnacle', 7, T0 + 10, 5.5), fu('bet365', 7, T0 + 20, 4.5), fx(FUTURE, 'bet365', 1001, T0, 1.1)]);
      await h.flush();
      expect(await h.reads.readHistoryForFuture(FUTURE, { bookmakers: ['bet365'] })).toEqual([fu('bet365', 7, T0, 5.0), fu('bet365', 7, T0 + 20, 4.5)]);
      const pairs = await h.reads.readFutureOpeningAndClosing(FUTURE, T0 + 15);
      expect(pairs.get(`${FUTURE}:bet365:7`)?.closing?.price).toBe(5.0);
      expect(prices(await fixtureHistory(h.reads, FUTURE))).toEqual([1.1]);
    });

    it('round-trips settlements in outcome order, a regrade replacing the earlier grade', async () => {
      const row = (outcomeId: number, grade: SettlementRecord['grade']): SettlementRecord => ({
        fixtureId: FIXTURE,
        outcomeId,
        playerId: 0,
        marketId: 1,
        grade,
        rule: `rule ${String(outcomeId)}`,
        score: { participant1Score: 2, participant2Score: 1 },
        settledAt: T0,
      });
      h.writer.appendSettlements([row(2, 'lost'), row(1, 'won')]);
      h.writer.appendSettlements([{ ...row(2, 'void'), score: null }]);
      expect(() => {
        h.writer.appendSettlements([{ ...row(3, 'won'), grade: 'maybe' as SettlementRecord['grade'] }]);
      }).toThrow(HistoryStoreError);
      await h.flush();
      expect(await h.reads.readSettlement(FIXTURE)).toEqual([row(1, 'won'), { ...row(2, 'void'), score: null }]);
      expect(await h.reads.readSettlement(OTHER_FIXTURE)).toEqual([]);
    });
  });

  describe('records, meta and restart', () => {
    it('keeps history, settlements, records and meta across close and reopen', async () => {
      h.writer.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 1.9)]);
      h.writer.saveFixtures([{ id: FIXTURE, json: '{"a":1}', finishedAt: null }, { id: OTHER_FIXTURE, json: '{"b":1}', finishedAt: T0 }]);
      h.writer.saveFixtures([{ id: OTHER_FIXTURE, json: '{"b":2}', finishedAt: null }]);
      h.writer.saveFutures([{ id: FUTURE, json: '{"f":1}', finishedAt: null }]);
      h.writer.setMeta('seed', '42');
      expect(() => {
        h.writer.setMeta('schemaVersion', '9');
      }).toThrow(HistoryStoreError);
      h = await subject.reopen(h);
      expect(h.writer.loadFixtures()).toEqual([
        { id: FIXTURE, json: '{"a":1}', finishedAt: null },
        { id: OTHER_FIXTURE, json: '{"b":2}', finishedAt: T0 },
      ]);
      expect(h.writer.loadFutures()).toEqual([{ id: FUTURE, json: '{"f":1}', finishedAt: null }]);
      expect(h.writer.getMeta('seed')).toBe('42');
      expect(h.writer.getMeta('missing')).toBeNull();
      expect(h.writer.countChanges()).toBe(1);
      h.writer.appendChanges([fx(FIXTURE, 'bet365', 1001, T0, 2.0)]);
      await h.flush();
      expect(prices(await fixtureHistory(h.reads, FIXTURE))).toEqual([1.9, 2.0]);
    });
  });
  });
}
