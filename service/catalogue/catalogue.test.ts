import { describe, expect, it } from 'vitest';
import {
  buildCatalogue,
  CATALOGUE_SPORT_IDS,
  catalogueFingerprint,
  findMarket,
  getCatalogue,
  indexCatalogue,
  lineFamilyKey,
  RETIRED_PREFIXES,
} from './catalogue.ts';
import { isPeriod } from './periods.ts';
import { LANGS, type CatalogueMarket } from './types.ts';

const markets = buildCatalogue();
const index = indexCatalogue(markets);

const FIXED_ORDERS: readonly (readonly string[])[] = [
  ['1', 'X', '2'],
  ['1', '2'],
  ['Over', 'Under'],
  ['Yes', 'No'],
  ['Odd', 'Even'],
  ['1 by 1', '1 by 2', '1 by 3+', 'X', '2 by 1', '2 by 2', '2 by 3+'],
];

/** The canonical order of a set of outcome names, derived independently of the generator. */
function canonicalOrder(names: readonly string[]): readonly string[] {
  const sorted = [...names].sort();
  const fixed = FIXED_ORDERS.find((order) => [...order].sort().join('|') === sorted.join('|'));
  if (fixed !== undefined) return fixed;
  const scores = names
    .filter((n) => n !== 'Other')
    .map((n) => {
      const match = /^(\d+):(\d+)$/u.exec(n);
      if (match === null) throw new Error(`unexpected outcome "${n}"`);
      return [Number(match[1]), Number(match[2])] as const;
    })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([a, b]) => `${a}:${b}`);
  return names.includes('Other') ? [...scores, 'Other'] : scores;
}

function marketsOf(sportId: number): readonly CatalogueMarket[] {
  return index.bySport.get(sportId) ?? [];
}

describe('the market catalogue', () => {
  it('gives soccer match result market 101, 1x2 on result, with outcomes 101 1, 102 X, 103 2', () => {
    const market = index.byMarketId.get(101);
    expect(market).toMatchObject({ sportId: 10, marketType: '1x2', period: 'result', handicap: 0, marketLength: 3 });
    expect(market?.outcomes).toEqual([
      { outcomeId: 101, outcomeName: '1' },
      { outcomeId: 102, outcomeName: 'X' },
      { outcomeId: 103, outcomeName: '2' },
    ]);
  });

  it('sets every marketId to its lowest outcomeId', () => {
    for (const m of markets) expect(m.marketId).toBe(Math.min(...m.outcomes.map((o) => o.outcomeId)));
  });

  it('numbers the outcomes of each market consecutively', () => {
    for (const m of markets) {
      m.outcomes.forEach((o, i) => {
        expect(o.outcomeId).toBe(m.marketId + i);
      });
    }
  });

  it('never reuses an outcomeId or a marketId across the whole catalogue', () => {
    const outcomeIds = markets.flatMap((m) => m.outcomes.map((o) => o.outcomeId));
    expect(new Set(outcomeIds).size).toBe(outcomeIds.length);
    expect(new Set(markets.map((m) => m.marketId)).size).toBe(markets.length);
  });

  it('starts every marketId and outcomeId with the two digits of its sportId', () => {
    for (const m of markets) {
      expect(String(m.marketId).slice(0, 2)).toBe(String(m.sportId));
      for (const o of m.outcomes) expect(String(o.outcomeId).slice(0, 2)).toBe(String(m.sportId));
    }
  });

  it('keeps ids ascending within a sport in build order', () => {
    for (const sportId of CATALOGUE_SPORT_IDS) {
      const ids = marketsOf(sportId).map((m) => m.marketId);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
    }
  });

  it('makes every distinct line of a sport its own market', () => {
    const keys = markets.map((m) => `${m.sportId}|${m.marketType}|${m.period}|${m.handicap}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('lists outcomes in canonical order', () => {
    for (const m of markets) {
      const names = m.outcomes.map((o) => o.outcomeName);
      expect(names, `market ${m.marketId}`).toEqual(canonicalOrder(names));
    }
  });

  it('sets marketLength to the number of outcomes', () => {
    for (const m of markets) expect(m.marketLength).toBe(m.outcomes.length);
  });

  it('gives every market a non-empty period from the vocabulary', () => {
    for (const m of markets) {
      expect(m.period).not.toBe('');
      expect(isPeriod(m.period), m.period).toBe(true);
    }
  });

  it('uses no retired singular prefix in any marketType', () => {
    for (const m of markets) {
      for (const prefix of RETIRED_PREFIXES) expect(m.marketType.startsWith(prefix), m.marketType).toBe(false);
    }
  });

  it('uses only the spec side names, correct scores and winning margins as outcome names', () => {
    const allowed = /^(1|X|2|Over|Under|Yes|No|Odd|Even|Other|\d+:\d+|[12] by \d+\+?)$/u;
    for (const m of markets) for (const o of m.outcomes) expect(o.outcomeName).toMatch(allowed);
  });

  it('marks exactly the players- and playertotals- markets as player props', () => {
    for (const m of markets) {
      expect(m.playerProp).toBe(m.marketType.startsWith('players-') || m.marketType.startsWith('playertotals-'));
    }
  });

  it('gives lineless markets handicap 0 and line markets their line', () => {
    expect(findMarket(index, 10, 'bothteamsscore', 'result', 0)?.handicap).toBe(0);
    expect(findMarket(index, 10, 'totals', 'result', 2.5)?.outcomes.map((o) => o.outcomeName)).toEqual(['Over', 'Under']);
    expect(findMarket(index, 10, 'spreads', 'result', -0.25)?.marketType).toBe('spreads');
  });

  it('translates every marketName into every language, with no empty text', () => {
    for (const m of markets) {
      for (const lang of LANGS) expect(m.marketName[lang].trim(), `${m.marketId} ${lang}`).not.toBe('');
      expect(m.marketNameShort.trim()).not.toBe('');
    }
  });

  it('names soccer total goals 2.5 in each language with its decimal mark', () => {
    expect(findMarket(index, 10, 'totals', 'result', 2.5)?.marketName).toEqual({
      en: 'Total Goals Over/Under 2.5',
      de: 'Gesamttore Über/Unter 2,5',
      fr: 'Total de buts Plus/Moins de 2,5',
      zh: '总进球 大/小 2.5',
    });
  });

  it('offers toqualify on soccer fulltime, named To Qualify', () => {
    const market = findMarket(index, 10, 'toqualify', 'fulltime', 0);
    expect(market?.marketName.en).toBe('To Qualify');
    expect(market?.outcomes.map((o) => o.outcomeName)).toEqual(['1', '2']);
  });

  it('covers the marketTypes the brief lists', () => {
    const types = new Set(markets.map((m) => m.marketType));
    const required = [
      '1x2', 'moneyline', 'totals', 'spreads', 'spreads-european', 'bothteamsscore', 'drawnobet', 'oddeven',
      'teamtotals-team1', 'teamtotals-team2', 'toqualify', 'winningmargin', 'correctscore', 'totals-games',
      'spreads-games', 'spreads-sets', 'players-shots', 'players-points', 'players-rebounds', 'players-assists',
      'players-strikeouts', 'players-hits', 'players-touchdowns', 'players-passingyards', 'playertotals-kills',
      'totals-kills', 'spreads-kills', 'teamtotals-team1-kills', 'totals-turrets', 'firstblood', 'firsttower',
      'firstbaron', 'triplekill', 'quadrakill', 'pentakill', '1x2-kills', 'drawnobet-kills', 'oddeven-kills',
      'racetokills',
    ];
    for (const type of required) expect(types.has(type), type).toBe(true);
  });

  it('has soccer Asian handicaps from −4 to +4 by quarters, 0 included', () => {
    const lines = index.byLineFamily.get(lineFamilyKey(10, 'spreads', 'result'))?.map((m) => m.handicap);
    expect(lines).toHaveLength(33);
    expect(lines?.[0]).toBe(-4);
    expect(lines?.at(-1)).toBe(4);
    expect(lines).toContain(-0.25);
    expect(lines?.some((l) => Object.is(l, -0))).toBe(false);
  });

  it('settles the sub-period grids on tennis game windows only, using even window lengths', () => {
    const windowPeriods = new Set(markets.filter((m) => /g\d$/u.test(m.period)).map((m) => `${m.sportId}:${m.period}`));
    expect([...windowPeriods].every((p) => /^12:p[1-5]g[246]$/u.test(p))).toBe(true);
    expect(windowPeriods.size).toBe(15);
  });

  it('builds the same catalogue twice, deep-equal and with the same fingerprint', () => {
    const again = buildCatalogue();
    expect(again).toEqual(markets);
    expect(catalogueFingerprint(again)).toBe(catalogueFingerprint(markets));
  });

  it('changes the fingerprint when any market changes', () => {
    const first = markets[0];
    if (first === undefined) throw new Error('empty catalogue');
    const renamed = [{ ...first, marketNameShort: `${first.marketNameShort}!` }, ...markets.slice(1)];
    expect(catalogueFingerprint(renamed)).not.toBe(catalogueFingerprint(markets));
  });

  it('stays frozen: the fingerprint of the code catalogue is the recorded one', () => {
    // If this fails the catalogue changed. Stored catalogues and clients key on these ids: only
    // ever APPEND groups at the end of a sport in catalogue-specs.ts, then record the new value.
    expect(catalogueFingerprint()).toBe(RECORDED_FINGERPRINT);
  });

  it('indexes outcomes back to their market', () => {
    const ref = index.byOutcomeId.get(102);
    expect(ref?.market.marketId).toBe(101);
    expect(ref?.outcome.outcomeName).toBe('X');
    expect(index.byOutcomeId.size).toBe(markets.reduce((n, m) => n + m.outcomes.length, 0));
  });

  it('returns undefined for a line the catalogue does not have', () => {
    expect(findMarket(index, 10, 'totals', 'result', 2.6)).toBeUndefined();
  });

  it('shares one built index per process', () => {
    expect(getCatalogue()).toBe(getCatalogue());
    expect(getCatalogue().fingerprint).toBe(index.fingerprint);
  });

  it('freezes its records so that no consumer can edit the shared catalogue', () => {
    const first = markets[0];
    expect(Object.isFrozen(markets)).toBe(true);
    expect(first !== undefined && Object.isFrozen(first) && Object.isFrozen(first.outcomes)).toBe(true);
  });

  it('holds thousands of markets; counts per sport', () => {
    const counts = Object.fromEntries(CATALOGUE_SPORT_IDS.map((id) => [id, marketsOf(id).length]));
    const outcomes = markets.reduce((n, m) => n + m.outcomes.length, 0);
    console.log(`catalogue: ${markets.length} markets, ${outcomes} outcomes; markets per sport`, counts);
    expect(markets.length).toBeGreaterThan(3000);
    for (const id of CATALOGUE_SPORT_IDS) expect(counts[id]).toBeGreaterThan(100);
  });
});

const RECORDED_FINGERPRINT = '423d4873438b7842055cea32bfad088d75b0c01ee91421593b227f26604cd1ed';
