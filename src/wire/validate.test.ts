// parseWire / safeParseWire: parsed values keep extras, and failures become a WireError whose
// message names the context, the accessor path and what was expected and received.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { WireError, formatPath, parseWire, safeParseWire } from './validate.ts';

const ODDS_ID = 'id1000001761301227:pinnacle:101:0';

const entrySchema = z.looseObject({
  price: z.number().min(1),
  outcomeId: z.number().int(),
  bookmaker: z.string(),
  meta: z.json(),
});
const viewsSchema = z.array(
  z.looseObject({
    fixtureId: z.string(),
    status: z.looseObject({ statusId: z.literal([0, 1, 2, 3]) }),
    odds: z.record(z.string(), z.record(z.string(), entrySchema)),
  }),
);
const frameSchema = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('login_ok') }),
  z.looseObject({ type: z.literal('error'), code: z.string() }),
]);

function view(entry: unknown) {
  return { fixtureId: 'id1000001761301227', status: { statusId: 1 }, odds: { pinnacle: { [ODDS_ID]: entry } } };
}

const ENTRY = { price: 2.1, outcomeId: 101, bookmaker: 'pinnacle', meta: null };

function errorOf(schema: z.ZodType, data: unknown, context = 'GET /en/fixtures/odds/main'): WireError {
  const result = safeParseWire(schema, data, context);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('parseWire', () => {
  it('returns the parsed value with unknown extra properties kept', () => {
    const data = [{ ...view({ ...ENTRY, boost: true }), sponsor: 'Emirates' }];
    expect(parseWire(viewsSchema, data, 'GET /en/fixtures/odds/main')).toEqual(data);
  });

  it('throws a WireError when the payload does not match', () => {
    expect(() => parseWire(viewsSchema, [view({ ...ENTRY, price: '2.10' })], 'GET /en/fixtures/odds/main')).toThrow(WireError);
  });

  it('names the context and the full path of a wrong type in a nested odds entry', () => {
    expect(() => parseWire(viewsSchema, [view({ ...ENTRY, price: '2.10' })], 'GET /en/fixtures/odds/main')).toThrow(
      `GET /en/fixtures/odds/main: [0].odds.pinnacle["${ODDS_ID}"].price: expected number, received string`,
    );
  });
});

describe('safeParseWire', () => {
  it('returns ok with the value on success', () => {
    expect(safeParseWire(viewsSchema, [view(ENTRY)], 'GET /en/fixtures/odds/main')).toEqual({ ok: true, value: [view(ENTRY)] });
  });

  it('returns the WireError on failure instead of throwing', () => {
    const result = safeParseWire(viewsSchema, {}, 'GET /en/fixtures/odds/main');
    expect(result.ok ? null : result.error.message).toBe('GET /en/fixtures/odds/main: (root): expected array, received object');
  });
});

describe('WireError', () => {
  it('is an Error named WireError carrying the context', () => {
    const error = errorOf(viewsSchema, null, 'GET /en/markets');
    expect([error instanceof Error, error.name, error.context]).toEqual([true, 'WireError', 'GET /en/markets']);
  });

  it('carries every issue with its path, code and message', () => {
    const error = errorOf(viewsSchema, [view({ ...ENTRY, price: 0.5, outcomeId: 'x' })]);
    expect(error.issues).toEqual([
      { path: `[0].odds.pinnacle["${ODDS_ID}"].price`, code: 'too_small', message: 'Too small: expected number to be >=1' },
      { path: `[0].odds.pinnacle["${ODDS_ID}"].outcomeId`, code: 'invalid_type', message: 'expected number, received string' },
    ]);
  });

  it('spells out the first three issues, then says how many more there are', () => {
    const error = errorOf(entrySchema, {}, 'stream odds frame');
    expect(error.message).toBe(
      'stream odds frame: price: missing, expected number; outcomeId: missing, expected number; bookmaker: missing, expected string; and 1 more',
    );
  });

  it('spells out exactly three issues without a remainder', () => {
    const error = errorOf(entrySchema, { meta: 1 }, 'stream odds frame');
    expect(error.message).toBe(
      'stream odds frame: price: missing, expected number; outcomeId: missing, expected number; bookmaker: missing, expected string',
    );
  });

  it('reports the remainder for any number of issues beyond three', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), (count) => {
        const schema = z.looseObject(Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${String(i)}`, z.string()])));
        const error = errorOf(schema, {}, 'ctx');
        expect(error.issues).toHaveLength(count);
        expect(error.message.endsWith(`; and ${String(count - 3)} more`)).toBe(count > 3);
        expect(error.message.split(': missing').length - 1).toBe(Math.min(count, 3));
      }),
    );
  });
});

describe('issue messages', () => {
  it('a missing key says missing and the expected type', () => {
    expect(errorOf(entrySchema, { ...ENTRY, bookmaker: undefined }).issues[0]?.message).toBe('missing, expected string');
  });

  it('a missing key whose schema is a union (a JSON value) says missing', () => {
    const withoutMeta = { price: ENTRY.price, outcomeId: ENTRY.outcomeId, bookmaker: ENTRY.bookmaker };
    expect(errorOf(entrySchema, withoutMeta).issues).toEqual([{ path: 'meta', code: 'invalid_union', message: 'missing' }]);
  });

  it('a non-integer shows the value received', () => {
    expect(errorOf(entrySchema, { ...ENTRY, outcomeId: 101.5 }).issues[0]?.message).toBe('expected integer, received number 101.5');
  });

  it('a non-finite number shows the value received', () => {
    expect(errorOf(entrySchema, { ...ENTRY, price: Number.POSITIVE_INFINITY }).issues[0]?.message).toBe('expected number, received Infinity');
  });

  it('null and arrays are named as such', () => {
    const issues = errorOf(entrySchema, { ...ENTRY, price: null, bookmaker: ['pinnacle'] }).issues;
    expect(issues.map((i) => i.message)).toEqual(['expected number, received null', 'expected string, received array']);
  });

  it('a value outside an enum lists the allowed values and shows the received one', () => {
    expect(errorOf(viewsSchema, [{ ...view(ENTRY), status: { statusId: 4 } }]).issues[0]?.message).toBe('expected one of 0 | 1 | 2 | 3, received 4');
  });

  it('a missing enum value says missing and lists the allowed values', () => {
    expect(errorOf(viewsSchema, [{ ...view(ENTRY), status: {} }]).issues[0]?.message).toBe('missing, expected one of 0 | 1 | 2 | 3');
  });

  it('a wrong single literal names it and shows the received value', () => {
    expect(errorOf(z.literal('UPDATE'), 'update').issues[0]?.message).toBe('expected "UPDATE", received "update"');
  });

  it('an unknown discriminator lists the known ones and shows the received one', () => {
    expect(errorOf(frameSchema, { type: 'hello' }).issues).toEqual([
      { path: 'type', code: 'invalid_union', message: 'expected one of "login_ok" | "error", received "hello"' },
    ]);
  });

  it('a missing discriminator says missing and lists the known ones', () => {
    expect(errorOf(frameSchema, {}).issues[0]?.message).toBe('missing, expected one of "login_ok" | "error"');
  });

  it('a discriminator of the wrong type shows its type', () => {
    expect(errorOf(frameSchema, { type: { name: 'login_ok' } }).issues[0]?.message).toBe('expected one of "login_ok" | "error", received object');
  });

  it('a union that fails on a present value keeps zod\'s message', () => {
    expect(errorOf(entrySchema, { ...ENTRY, meta: () => 1 }).issues[0]?.message).toBe('Invalid input');
  });

  it('an invalid record key names the key and says why', () => {
    const schema = z.record(z.string().regex(/^\d+$/), z.number());
    expect(errorOf(schema, { '1761200000000': 3.6, yesterday: 3.5 }).issues).toEqual([
      { path: 'yesterday', code: 'invalid_key', message: 'invalid key: Invalid string: must match pattern /^\\d+$/' },
    ]);
  });

  it('a custom message set on a schema is kept', () => {
    const schema = z.string().regex(/^\d+-\d+$/, { error: 'expected an entryId "<ts_ms>-<seq>"' });
    expect(errorOf(schema, '17613025').issues[0]?.message).toBe('expected an entryId "<ts_ms>-<seq>"');
  });
});

describe('formatPath', () => {
  it('names the payload itself (root)', () => {
    expect(formatPath([])).toBe('(root)');
  });

  it('writes identifiers with dots and indices in brackets', () => {
    expect(formatPath([0, 'odds', 'pinnacle', 'price'])).toBe('[0].odds.pinnacle.price');
  });

  it('quotes keys that are not identifiers', () => {
    expect(formatPath(['odds', 'pinnacle', ODDS_ID, 'price'])).toBe(`odds.pinnacle["${ODDS_ID}"].price`);
  });

  it('quotes keys with quotes, spaces or a leading digit as JSON strings', () => {
    expect(formatPath(['scores', '1st half', 'a"b', '2way'])).toBe('scores["1st half"]["a\\"b"]["2way"]');
  });

  it('starts without a dot when the first key is an identifier', () => {
    expect(formatPath(['fixtureId'])).toBe('fixtureId');
  });

  it('writes symbol keys in brackets', () => {
    expect(formatPath(['meta', Symbol('tag')])).toBe('meta[Symbol(tag)]');
  });

  it('is the JS accessor that reaches the value for any path of string keys', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }).filter((k) => k !== '__proto__'), { minLength: 1, maxLength: 5 }), fc.integer(), (keys, leaf) => {
        let root: unknown = leaf;
        for (const key of [...keys].reverse()) root = { [key]: root };
        // Rebuild the accessor chain from the formatted path and walk it.
        const accessors = formatPath(keys).match(/\["(?:[^"\\]|\\.)*"\]|\.?[A-Za-z_$][\w$]*/g) ?? [];
        let node: unknown = root;
        for (const a of accessors) {
          const key = a.startsWith('[') ? (JSON.parse(a.slice(1, -1)) as string) : a.replace(/^\./, '');
          node = (node as Record<string, unknown>)[key];
        }
        expect(node).toBe(leaf);
      }),
    );
  });
});
