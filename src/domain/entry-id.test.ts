import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EntryIdError, compareEntryIds, formatEntryId, isAfter, nextEntryId, parseEntryId } from './entry-id.ts';
import type { EntryId } from './entry-id.ts';

const MAX = Number.MAX_SAFE_INTEGER;
const partArb = fc.oneof(fc.nat({ max: 20 }), fc.nat({ max: MAX }), fc.constant(MAX));
const entryIdArb = fc.record({ ms: partArb, seq: partArb });

/** Reference order: (ms, seq) lexicographic. */
function lexicographic(a: EntryId, b: EntryId): number {
  return Math.sign(a.ms - b.ms) || Math.sign(a.seq - b.seq);
}

describe('parseEntryId', () => {
  it('reads the millisecond and sequence parts', () => {
    expect(parseEntryId('1767225600000-3')).toEqual({ ms: 1_767_225_600_000, seq: 3 });
    expect(parseEntryId('0-0')).toEqual({ ms: 0, seq: 0 });
    expect(parseEntryId(`${String(MAX)}-${String(MAX)}`)).toEqual({ ms: MAX, seq: MAX });
  });

  it('rejects anything but two canonical non-negative safe integers joined by one hyphen', () => {
    const bad = [
      '', '5', '5-', '-5', '5--1', '5-1-2', '+5-1', '5-+1', ' 5-1', '5-1 ', '05-1', '5-01',
      '5.0-1', '5e3-1', 'a-1', '9007199254740992-0', '0-9007199254740992', '99999999999999999-0',
    ];
    for (const text of bad) expect(() => parseEntryId(text), text).toThrow(EntryIdError);
  });

  it('quotes the offending text in its message', () => {
    expect(() => parseEntryId('12-x')).toThrow(/^entryId "12-x" is invalid: expected "<ms>-<seq>"/u);
  });

  it('cuts a very long input in its message', () => {
    expect(() => parseEntryId('1'.repeat(500))).toThrow(/1…" is invalid/u);
  });
});

describe('formatEntryId', () => {
  it('writes ms and seq joined by a hyphen', () => {
    expect(formatEntryId(1_767_225_600_000, 12)).toBe('1767225600000-12');
  });

  it('rejects negative, fractional, non-finite and unsafe parts', () => {
    for (const [ms, seq] of [[-1, 0], [0, -1], [1.5, 0], [0, Number.NaN], [Infinity, 0], [2 ** 53, 0]] as const) {
      expect(() => formatEntryId(ms, seq)).toThrow(EntryIdError);
    }
  });

  it('round-trips with parseEntryId', () => {
    fc.assert(
      fc.property(entryIdArb, ({ ms, seq }) => {
        const text = formatEntryId(ms, seq);
        expect(parseEntryId(text)).toEqual({ ms, seq });
        const parsed = parseEntryId(text);
        expect(formatEntryId(parsed.ms, parsed.seq)).toBe(text);
      }),
    );
  });
});

describe('compareEntryIds', () => {
  it('compares numerically, not as strings', () => {
    expect(compareEntryIds('9-0', '10-0')).toBe(-1);
    expect(compareEntryIds('10-0', '9-0')).toBe(1);
    expect(compareEntryIds('5-9', '5-10')).toBe(-1);
    expect(compareEntryIds('5-10', '5-10')).toBe(0);
  });

  it('orders by ms before seq', () => {
    expect(compareEntryIds('4-999', '5-0')).toBe(-1);
  });

  it('accepts parsed ids and validates them', () => {
    expect(compareEntryIds({ ms: 9, seq: 0 }, '10-0')).toBe(-1);
    expect(() => compareEntryIds({ ms: -1, seq: 0 }, '10-0')).toThrow(EntryIdError);
    expect(() => compareEntryIds('1-0', 'x')).toThrow(EntryIdError);
  });

  it('agrees with (ms, seq) lexicographic order on strings and objects', () => {
    fc.assert(
      fc.property(entryIdArb, entryIdArb, (a, b) => {
        const expected = lexicographic(a, b);
        expect(compareEntryIds(a, b)).toBe(expected);
        expect(compareEntryIds(formatEntryId(a.ms, a.seq), formatEntryId(b.ms, b.seq))).toBe(expected);
      }),
    );
  });

  it('is a total order: antisymmetric, transitive and zero only on equal ids', () => {
    fc.assert(
      fc.property(entryIdArb, entryIdArb, entryIdArb, (a, b, c) => {
        expect(compareEntryIds(a, b)).toBe(-compareEntryIds(b, a) || 0);
        expect(compareEntryIds(a, b) === 0).toBe(a.ms === b.ms && a.seq === b.seq);
        if (compareEntryIds(a, b) <= 0 && compareEntryIds(b, c) <= 0) {
          expect(compareEntryIds(a, c)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });
});

describe('isAfter', () => {
  it('is true only when the first id is strictly later', () => {
    expect(isAfter('10-0', '9-5')).toBe(true);
    expect(isAfter('10-0', '10-0')).toBe(false);
    expect(isAfter('9-5', '10-0')).toBe(false);
  });
});

describe('nextEntryId', () => {
  it('starts an empty channel at the current millisecond with seq 0', () => {
    expect(nextEntryId(null, 1000)).toEqual({ ms: 1000, seq: 0 });
  });

  it('moves to the current millisecond with seq 0 when the clock has advanced', () => {
    expect(nextEntryId({ ms: 1000, seq: 7 }, 1001)).toEqual({ ms: 1001, seq: 0 });
  });

  it('bumps seq within the same millisecond', () => {
    expect(nextEntryId({ ms: 1000, seq: 7 }, 1000)).toEqual({ ms: 1000, seq: 8 });
  });

  it('never goes backwards when the clock does', () => {
    expect(nextEntryId({ ms: 1000, seq: 7 }, 400)).toEqual({ ms: 1000, seq: 8 });
  });

  it('moves to the next millisecond when seq is exhausted', () => {
    expect(nextEntryId({ ms: 1000, seq: MAX }, 1000)).toEqual({ ms: 1001, seq: 0 });
  });

  it('throws when no later id exists or an input is invalid', () => {
    expect(() => nextEntryId({ ms: MAX, seq: MAX }, 0)).toThrow(/no entryId exists after/u);
    expect(() => nextEntryId(null, -1)).toThrow(EntryIdError);
    expect(() => nextEntryId(null, 1.5)).toThrow(EntryIdError);
    expect(() => nextEntryId({ ms: 1, seq: -1 }, 5)).toThrow(EntryIdError);
  });

  it('returns the smallest id strictly after the last one that is not behind the clock', () => {
    fc.assert(
      fc.property(fc.option(entryIdArb, { nil: null }), partArb, entryIdArb, (last, nowMs, other) => {
        fc.pre(last === null || last.ms < MAX || last.seq < MAX);
        const next = nextEntryId(last, nowMs);
        if (last !== null) expect(compareEntryIds(next, last)).toBe(1);
        expect(next.ms).toBeGreaterThanOrEqual(nowMs);
        const otherQualifies = (last === null || compareEntryIds(other, last) === 1) && other.ms >= nowMs;
        if (otherQualifies) expect(compareEntryIds(next, other)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('produces a strictly increasing sequence under any clock', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 50 }), { minLength: 1, maxLength: 100 }), (clock) => {
        let last: EntryId | null = null;
        for (const nowMs of clock) {
          const next = nextEntryId(last, nowMs);
          if (last !== null) expect(isAfter(formatEntryId(next.ms, next.seq), formatEntryId(last.ms, last.seq))).toBe(true);
          last = next;
        }
      }),
    );
  });
});
