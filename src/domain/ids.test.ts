import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IdError,
  buildFixtureId,
  buildFutureId,
  buildFutureOddsId,
  buildOddsId,
  buildSelectionKey,
  canonicalParlayId,
  parseFixtureId,
  parseFutureOddsId,
  parseOddsId,
  readFutureId,
  parseParlayId,
  parseSelectionKey,
  selectionKeyOfOddsId,
  splitIdList,
  sportIdOfMarketId,
  sportIdOfOutcomeId,
} from './ids.ts';
import type { FixtureIdParts, IdKind, IdPart } from './ids.ts';

const FIXTURE = 'id1000001761301227';
const ODDS = `${FIXTURE}:bet365:101:0`;

/** Runs `fn`, expecting an IdError, and returns it. */
function idErrorOf(fn: () => unknown): IdError {
  try {
    fn();
  } catch (error) {
    if (error instanceof IdError) return error;
    throw error;
  }
  throw new Error('expected an IdError, nothing was thrown');
}

function expectIdError(fn: () => unknown, kind: IdKind, part: IdPart): IdError {
  const error = idErrorOf(fn);
  expect({ kind: error.kind, part: error.part }).toEqual({ kind, part });
  return error;
}

const sportArb = fc.integer({ min: 10, max: 99 });
const fixturePartsArb = fc.record({
  providerSlug: fc.stringMatching(/^[a-z]{1,16}$/),
  sportId: sportArb,
  tournamentId: fc.integer({ min: 0, max: 999_999 }),
  providerFixtureId: fc.stringMatching(/^[0-9]{1,14}$/),
});
const bookmakerArb = fc.stringMatching(/^[a-z0-9-]{1,40}$/);
const oddsPartsArb = fc
  .tuple(fixturePartsArb, bookmakerArb, fc.nat({ max: 9_999_999 }), fc.nat({ max: 1_000_000_000 }))
  .map(([fixture, bookmaker, outcomeTail, playerId]) => ({
    fixtureId: buildFixtureId(fixture),
    bookmaker,
    outcomeId: Number(`${String(fixture.sportId)}${String(outcomeTail)}`),
    playerId,
  }));
const oddsIdArb = oddsPartsArb.map(buildOddsId);

describe('IdError', () => {
  it('is an Error carrying the identifier kind and the wrong part', () => {
    const error = new IdError('oddsId', 'bookmaker', 'bad');
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('IdError');
    expect([error.kind, error.part, error.message]).toEqual(['oddsId', 'bookmaker', 'bad']);
  });
});

describe('parseFixtureId', () => {
  it('reads the provider, sport, zero-padded tournament and provider fixture id', () => {
    expect(parseFixtureId(FIXTURE)).toEqual({
      providerSlug: 'id',
      sportId: 10,
      tournamentId: 17,
      providerFixtureId: '61301227',
    });
  });

  it('accepts a one-digit provider fixture id and tournament 0', () => {
    expect(parseFixtureId('x990000005')).toEqual({
      providerSlug: 'x',
      sportId: 99,
      tournamentId: 0,
      providerFixtureId: '5',
    });
  });

  it('rejects a missing, non-lowercase or over-long provider slug', () => {
    expectIdError(() => parseFixtureId('1000001761301227'), 'fixtureId', 'providerSlug');
    expectIdError(() => parseFixtureId('ID1000001761301227'), 'fixtureId', 'providerSlug');
    expectIdError(() => parseFixtureId('my-prov1000001761301227'), 'fixtureId', 'providerSlug');
    expectIdError(() => parseFixtureId(`${'a'.repeat(17)}1000001761301227`), 'fixtureId', 'providerSlug');
    expect(parseFixtureId(`${'a'.repeat(16)}1000001761301227`).providerSlug).toHaveLength(16);
  });

  it('rejects a sport id below 10 or not made of two digits', () => {
    const error = expectIdError(() => parseFixtureId('id0500001761301227'), 'fixtureId', 'sportId');
    expect(error.message).toBe(
      'fixtureId "id0500001761301227" has an invalid sportId "05": expected two digits from 10 to 99',
    );
    expectIdError(() => parseFixtureId('id1'), 'fixtureId', 'sportId');
    expectIdError(() => parseFixtureId('id1x00001761301227'), 'fixtureId', 'sportId');
    expectIdError(() => parseFixtureId('id'), 'fixtureId', 'sportId');
  });

  it('rejects a tournament id that is short or holds a non-digit', () => {
    expectIdError(() => parseFixtureId('id1000017'), 'fixtureId', 'tournamentId');
    expectIdError(() => parseFixtureId('id10000a1761301227'), 'fixtureId', 'tournamentId');
  });

  it('rejects a missing or non-numeric provider fixture id', () => {
    const error = expectIdError(() => parseFixtureId('id10000017'), 'fixtureId', 'providerFixtureId');
    expect(error.message).toContain('expected at least one digit');
    expectIdError(() => parseFixtureId('id1000001761301227x'), 'fixtureId', 'providerFixtureId');
    expectIdError(() => parseFixtureId('id10000017 61'), 'fixtureId', 'providerFixtureId');
  });

  it('quotes a long input cut to 120 characters in its message', () => {
    const error = idErrorOf(() => parseFixtureId(`id10000017${'x'.repeat(500)}`));
    expect(error.message).not.toContain('x'.repeat(120));
    expect(error.message).toContain('…"');
  });
});

describe('buildFixtureId', () => {
  it('zero-pads the tournament id to six digits', () => {
    expect(
      buildFixtureId({ providerSlug: 'id', sportId: 10, tournamentId: 17, providerFixtureId: '61301227' }),
    ).toBe(FIXTURE);
  });

  it('rejects parts out of range', () => {
    const base: FixtureIdParts = { providerSlug: 'id', sportId: 10, tournamentId: 17, providerFixtureId: '1' };
    expectIdError(() => buildFixtureId({ ...base, providerSlug: 'Id' }), 'fixtureId', 'providerSlug');
    const error = expectIdError(() => buildFixtureId({ ...base, sportId: 9 }), 'fixtureId', 'sportId');
    expect(error.message).toBe('cannot build fixtureId: invalid sportId 9: expected two digits from 10 to 99');
    expectIdError(() => buildFixtureId({ ...base, sportId: 100 }), 'fixtureId', 'sportId');
    expectIdError(() => buildFixtureId({ ...base, sportId: 10.5 }), 'fixtureId', 'sportId');
    expectIdError(() => buildFixtureId({ ...base, tournamentId: -1 }), 'fixtureId', 'tournamentId');
    expectIdError(() => buildFixtureId({ ...base, tournamentId: 1_000_000 }), 'fixtureId', 'tournamentId');
    expectIdError(() => buildFixtureId({ ...base, tournamentId: Number.NaN }), 'fixtureId', 'tournamentId');
    expectIdError(() => buildFixtureId({ ...base, providerFixtureId: '' }), 'fixtureId', 'providerFixtureId');
    expectIdError(() => buildFixtureId({ ...base, providerFixtureId: '12a' }), 'fixtureId', 'providerFixtureId');
  });

  it('round-trips with parseFixtureId in both directions', () => {
    fc.assert(
      fc.property(fixturePartsArb, (parts) => {
        const fixtureId = buildFixtureId(parts);
        expect(parseFixtureId(fixtureId)).toEqual(parts);
        expect(buildFixtureId(parseFixtureId(fixtureId))).toBe(fixtureId);
      }),
    );
  });
});

describe('parseOddsId', () => {
  it('reads the fixture, bookmaker, outcome and player of a fixture oddsId', () => {
    expect(parseOddsId(`${FIXTURE}:betfair-ex:1012:48213`)).toEqual({
      oddsId: `${FIXTURE}:betfair-ex:1012:48213`,
      fixtureId: FIXTURE,
      bookmaker: 'betfair-ex',
      outcomeId: 1012,
      playerId: 48213,
      fixture: { providerSlug: 'id', sportId: 10, tournamentId: 17, providerFixtureId: '61301227' },
    });
  });

  it('says how many parts it found when the count is wrong', () => {
    const error = expectIdError(() => parseOddsId('x:y'), 'oddsId', 'segments');
    expect(error.message).toBe('oddsId "x:y" has 2 parts; expected {fixtureId}:{bookmaker}:{outcomeId}:{playerId}');
    expect(idErrorOf(() => parseOddsId('x')).message).toContain('has 1 part;');
    expectIdError(() => parseOddsId(`${ODDS}:1`), 'oddsId', 'segments');
  });

  it('names the fixture part that is wrong inside an oddsId', () => {
    const error = expectIdError(() => parseOddsId('id0500001761301227:bet365:501:0'), 'oddsId', 'sportId');
    expect(error.message).toBe(
      'oddsId "id0500001761301227:bet365:501:0" has an invalid sportId "05" in its fixtureId "id0500001761301227": expected two digits from 10 to 99',
    );
  });

  it('rejects a bookmaker slug that is empty, too long or has other characters', () => {
    expectIdError(() => parseOddsId(`${FIXTURE}::101:0`), 'oddsId', 'bookmaker');
    expectIdError(() => parseOddsId(`${FIXTURE}:Bet365:101:0`), 'oddsId', 'bookmaker');
    expectIdError(() => parseOddsId(`${FIXTURE}:bet_365:101:0`), 'oddsId', 'bookmaker');
    expectIdError(() => parseOddsId(`${FIXTURE}:${'b'.repeat(41)}:101:0`), 'oddsId', 'bookmaker');
    expect(parseOddsId(`${FIXTURE}:${'b'.repeat(40)}:101:0`).bookmaker).toHaveLength(40);
  });

  it('rejects an outcome id that is not a canonical integer of at least three digits', () => {
    for (const outcome of ['', '10', '0101', '-101', '+101', '1.5e3', '10 1', '99999999999999999']) {
      expectIdError(() => parseOddsId(`${FIXTURE}:bet365:${outcome}:0`), 'oddsId', 'outcomeId');
    }
  });

  it('rejects an outcome of another sport than the fixture and says so', () => {
    const error = expectIdError(() => parseOddsId(`${FIXTURE}:bet365:2010:0`), 'oddsId', 'outcomeId');
    expect(error.message).toContain('outcomeId 2010 of sport 20, but its fixtureId is of sport 10');
  });

  it('rejects a player id that is negative, empty or has leading zeros', () => {
    for (const player of ['', '-1', '007', '1.0', 'x']) {
      expectIdError(() => parseOddsId(`${FIXTURE}:bet365:101:${player}`), 'oddsId', 'playerId');
    }
  });
});

describe('buildOddsId', () => {
  it('joins the parts with colons', () => {
    expect(buildOddsId({ fixtureId: FIXTURE, bookmaker: 'bet365', outcomeId: 101, playerId: 0 })).toBe(ODDS);
  });

  it('rejects invalid parts and a sport mismatch', () => {
    const base = { fixtureId: FIXTURE, bookmaker: 'bet365', outcomeId: 101, playerId: 0 };
    expectIdError(() => buildOddsId({ ...base, fixtureId: 'id10' }), 'oddsId', 'tournamentId');
    expectIdError(() => buildOddsId({ ...base, bookmaker: 'B' }), 'oddsId', 'bookmaker');
    expectIdError(() => buildOddsId({ ...base, outcomeId: 99 }), 'oddsId', 'outcomeId');
    expectIdError(() => buildOddsId({ ...base, outcomeId: 101.5 }), 'oddsId', 'outcomeId');
    expectIdError(() => buildOddsId({ ...base, playerId: -1 }), 'oddsId', 'playerId');
    const error = expectIdError(() => buildOddsId({ ...base, outcomeId: 2010 }), 'oddsId', 'outcomeId');
    expect(error.message).toMatch(/^cannot build oddsId: outcomeId 2010 of sport 20/u);
  });

  it('round-trips with parseOddsId', () => {
    fc.assert(
      fc.property(oddsPartsArb, (parts) => {
        const oddsId = buildOddsId(parts);
        const parsed = parseOddsId(oddsId);
        expect(parsed).toMatchObject(parts);
        expect(parsed.oddsId).toBe(oddsId);
        expect(buildOddsId(parsed)).toBe(oddsId);
      }),
    );
  });
});

describe('futureIds', () => {
  it('read the sport, season and market of a futureId the service issues', () => {
    expect(readFutureId('id14224467' + '0001')).toEqual({ providerSlug: 'id', sportId: 14, seasonId: 224467, futureMarketId: 1 });
  });

  it('read nothing from a futureId of another shape (futureIds are opaque to clients)', () => {
    for (const id of ['odds', 'id0912340001', 'id141234', 'id14' + '9'.repeat(16) + '0001', 'ID14123450001', 'id14012340001', 'x:14123450001']) expect(readFutureId(id)).toBeNull();
  });

  it('build and read back every futureId', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[a-z]{1,16}$/),
        fc.integer({ min: 10, max: 99 }),
        fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 9999 }),
        (providerSlug, sportId, seasonId, futureMarketId) => {
          const parts = { providerSlug, sportId, seasonId, futureMarketId };
          expect(readFutureId(buildFutureId(parts))).toEqual(parts);
        },
      ),
    );
  });

  it('refuse to build a futureId from a part out of range', () => {
    expectIdError(() => buildFutureId({ providerSlug: 'id', sportId: 9, seasonId: 1, futureMarketId: 1 }), 'futureId', 'sportId');
    expectIdError(() => buildFutureId({ providerSlug: 'ID', sportId: 10, seasonId: 1, futureMarketId: 1 }), 'futureId', 'providerSlug');
    expectIdError(() => buildFutureId({ providerSlug: 'id', sportId: 10, seasonId: 0, futureMarketId: 1 }), 'futureId', 'futureId');
    expectIdError(() => buildFutureId({ providerSlug: 'id', sportId: 10, seasonId: 1, futureMarketId: 10_000 }), 'futureId', 'futureId');
  });
});

describe('future oddsIds', () => {
  it('parse an opaque future id, a bookmaker and a participant', () => {
    expect(parseFutureOddsId('odds20004251234:bet365:88')).toEqual({
      futureId: 'odds20004251234',
      bookmaker: 'bet365',
      participantId: 88,
    });
  });

  it('reject a wrong part count, an empty future id and a non-positive participant', () => {
    const error = expectIdError(() => parseFutureOddsId('f:bet365:1:2'), 'futureOddsId', 'segments');
    expect(error.message).toBe('futureOddsId "f:bet365:1:2" has 4 parts; expected {futureId}:{bookmaker}:{participantId}');
    expectIdError(() => parseFutureOddsId(':bet365:1'), 'futureOddsId', 'futureId');
    expectIdError(() => parseFutureOddsId('f x:bet365:1'), 'futureOddsId', 'futureId');
    expectIdError(() => parseFutureOddsId('f:BET:1'), 'futureOddsId', 'bookmaker');
    expectIdError(() => parseFutureOddsId('f:bet365:0'), 'futureOddsId', 'participantId');
    expectIdError(() => parseFutureOddsId('f:bet365:01'), 'futureOddsId', 'participantId');
  });

  it('build from parts and reject invalid ones', () => {
    expect(buildFutureOddsId({ futureId: 'f-1', bookmaker: 'bet365', participantId: 7 })).toBe('f-1:bet365:7');
    expectIdError(() => buildFutureOddsId({ futureId: 'a:b', bookmaker: 'bet365', participantId: 7 }), 'futureOddsId', 'futureId');
    expectIdError(() => buildFutureOddsId({ futureId: 'f', bookmaker: '', participantId: 7 }), 'futureOddsId', 'bookmaker');
    expectIdError(() => buildFutureOddsId({ futureId: 'f', bookmaker: 'b', participantId: 0 }), 'futureOddsId', 'participantId');
  });

  it('round-trip', () => {
    const partsArb = fc.record({
      futureId: fc.stringMatching(/^[^:\s]{1,30}$/u),
      bookmaker: bookmakerArb,
      participantId: fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
    });
    fc.assert(
      fc.property(partsArb, (parts) => {
        expect(parseFutureOddsId(buildFutureOddsId(parts))).toEqual(parts);
      }),
    );
  });
});

describe('selection keys', () => {
  it('parse a fixture, outcome and player', () => {
    expect(parseSelectionKey(`${FIXTURE}:101:5`)).toMatchObject({
      selectionKey: `${FIXTURE}:101:5`,
      fixtureId: FIXTURE,
      outcomeId: 101,
      playerId: 5,
      fixture: { sportId: 10 },
    });
  });

  it('reject a wrong part count, bad parts and an outcome of another sport', () => {
    expectIdError(() => parseSelectionKey(ODDS), 'selectionKey', 'segments');
    expectIdError(() => parseSelectionKey('ID1000001761301227:101:0'), 'selectionKey', 'providerSlug');
    expectIdError(() => parseSelectionKey(`${FIXTURE}:10:0`), 'selectionKey', 'outcomeId');
    expectIdError(() => parseSelectionKey(`${FIXTURE}:101:-0`), 'selectionKey', 'playerId');
    expectIdError(() => parseSelectionKey(`${FIXTURE}:3101:0`), 'selectionKey', 'outcomeId');
  });

  it('build from parts and reject invalid ones', () => {
    expect(buildSelectionKey({ fixtureId: FIXTURE, outcomeId: 101, playerId: 0 })).toBe(`${FIXTURE}:101:0`);
    expectIdError(() => buildSelectionKey({ fixtureId: 'x', outcomeId: 101, playerId: 0 }), 'selectionKey', 'sportId');
    expectIdError(() => buildSelectionKey({ fixtureId: FIXTURE, outcomeId: 0, playerId: 0 }), 'selectionKey', 'outcomeId');
    expectIdError(() => buildSelectionKey({ fixtureId: FIXTURE, outcomeId: 101, playerId: 0.5 }), 'selectionKey', 'playerId');
    expectIdError(() => buildSelectionKey({ fixtureId: FIXTURE, outcomeId: 1101, playerId: 0 }), 'selectionKey', 'outcomeId');
  });

  it('are the oddsId without its bookmaker', () => {
    expect(selectionKeyOfOddsId(`${FIXTURE}:betfair-ex:1012:48213`)).toBe(`${FIXTURE}:1012:48213`);
    expectIdError(() => selectionKeyOfOddsId('nope'), 'oddsId', 'segments');
  });

  it('are shared by the same selection at every bookmaker and round-trip', () => {
    fc.assert(
      fc.property(oddsPartsArb, bookmakerArb, (parts, otherBookmaker) => {
        const key = selectionKeyOfOddsId(buildOddsId(parts));
        expect(selectionKeyOfOddsId(buildOddsId({ ...parts, bookmaker: otherBookmaker }))).toBe(key);
        expect(buildSelectionKey(parseSelectionKey(key))).toBe(key);
        expect(parseSelectionKey(key)).toMatchObject({
          fixtureId: parts.fixtureId,
          outcomeId: parts.outcomeId,
          playerId: parts.playerId,
        });
      }),
    );
  });
});

describe('sportIdOfMarketId and sportIdOfOutcomeId', () => {
  it('read the first two digits', () => {
    expect(sportIdOfMarketId(101)).toBe(10);
    expect(sportIdOfMarketId(8312345)).toBe(83);
    expect(sportIdOfOutcomeId(2010)).toBe(20);
    expect(sportIdOfOutcomeId(Number.MAX_SAFE_INTEGER)).toBe(90);
  });

  it('reject ids with fewer than three digits or that are not safe integers', () => {
    for (const id of [99, 0, -101, 101.5, Number.NaN, 2 ** 53]) {
      expectIdError(() => sportIdOfMarketId(id), 'marketId', 'marketId');
      expectIdError(() => sportIdOfOutcomeId(id), 'outcomeId', 'outcomeId');
    }
  });

  it('give back the sport an id was built from', () => {
    fc.assert(
      fc.property(sportArb, fc.nat({ max: 10 ** 12 }), (sportId, tail) => {
        expect(sportIdOfOutcomeId(Number(`${String(sportId)}${String(tail)}`))).toBe(sportId);
      }),
    );
  });
});

describe('splitIdList', () => {
  it('splits on any run of commas and whitespace and drops empty items', () => {
    expect(splitIdList(' a, b ,,c\td\n e,')).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('returns no items for an empty or separator-only input', () => {
    expect(splitIdList('')).toEqual([]);
    expect(splitIdList(' , \n,')).toEqual([]);
  });
});

describe('canonicalParlayId', () => {
  it('de-duplicates, sorts by code unit and joins with commas', () => {
    expect(canonicalParlayId('b, a  b,C')).toBe('C,a,b');
  });

  it('sorts digits by code unit, not numerically and not by locale', () => {
    expect(canonicalParlayId([`${FIXTURE}:bet365:1010:0`, `${FIXTURE}:bet365:102:0`])).toBe(
      `${FIXTURE}:bet365:1010:0,${FIXTURE}:bet365:102:0`,
    );
    expect(canonicalParlayId(['é', 'z', 'Z'])).toBe('Z,z,é');
  });

  it('splits array items that hold a list', () => {
    expect(canonicalParlayId(['b,a', ' c '])).toBe('a,b,c');
  });

  it('gives an empty string for no legs', () => {
    expect(canonicalParlayId([])).toBe('');
  });

  it('is idempotent, order-insensitive, duplicate-insensitive and sorted', () => {
    fc.assert(
      fc.property(fc.array(oddsIdArb, { minLength: 1, maxLength: 20 }), fc.context(), (ids, ctx) => {
        const parlayId = canonicalParlayId(ids);
        ctx.log(parlayId);
        expect(canonicalParlayId(parlayId)).toBe(parlayId);
        expect(canonicalParlayId([...ids].reverse().join(' '))).toBe(parlayId);
        expect(canonicalParlayId([...ids, ...ids])).toBe(parlayId);
        const legs = parlayId.split(',');
        expect(new Set(legs).size).toBe(legs.length);
        expect(new Set(legs)).toEqual(new Set(ids));
        for (let i = 1; i < legs.length; i++) expect((legs[i - 1] ?? '') < (legs[i] ?? '')).toBe(true);
      }),
    );
  });

  it('orders any text strictly by UTF-16 code unit', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', minLength: 1 }), { maxLength: 10 }), (items) => {
        const legs = splitIdList(canonicalParlayId(items));
        for (let i = 1; i < legs.length; i++) expect((legs[i - 1] ?? '') < (legs[i] ?? '')).toBe(true);
      }),
    );
  });
});

describe('parseParlayId', () => {
  it('returns the parsed legs, de-duplicated and in parlayId order', () => {
    const a = `${FIXTURE}:bet365:101:0`;
    const b = `${FIXTURE}:bet365:102:0`;
    const legs = parseParlayId(`${b} ${a},${b}`);
    expect(legs.map((leg) => leg.oddsId)).toEqual([a, b]);
    expect(legs[1]).toMatchObject({ bookmaker: 'bet365', outcomeId: 102, playerId: 0 });
  });

  it('rejects an empty list', () => {
    const error = expectIdError(() => parseParlayId(' , '), 'parlayId', 'list');
    expect(error.message).toContain('has no oddsId');
  });

  it('rejects the list with the invalid leg named', () => {
    const error = expectIdError(() => parseParlayId(`${ODDS},${FIXTURE}:bet365:2010:0`), 'oddsId', 'outcomeId');
    expect(error.message).toContain(`"${FIXTURE}:bet365:2010:0"`);
  });

  it('agrees with canonicalParlayId on valid legs', () => {
    fc.assert(
      fc.property(fc.array(oddsIdArb, { minLength: 1, maxLength: 20 }), (ids) => {
        expect(parseParlayId(ids.join(',')).map((leg) => leg.oddsId).join(',')).toBe(canonicalParlayId(ids));
      }),
    );
  });
});
