// The SGP fit reads P(every leg of S wins) for every subset S of its legs. `subsetWinProbabilities`
// gives them all from one pass over the joint where the model has one (tennis, esports), and
// subset by subset by variable elimination in the segment sports (soccer, basketball, …): each
// subset's number must be the one `winProbability` computes for that subset alone.
import { describe, expect, it } from 'vitest';
import { findMarket, getCatalogue } from '../catalogue/catalogue.ts';
import type { ModelParams, SgpLeg } from './fixture-pricer.ts';
import { createFixturePricer } from './fixture-pricer.ts';
import type { InPlayState } from './score-model.ts';
import { PRE_MATCH } from './score-model.ts';

const catalogue = getCatalogue();

type LegSpec = readonly [marketType: string, period: string, handicap: number, outcome: string];

interface Case {
  readonly name: string;
  readonly sportId: number;
  readonly params: ModelParams;
  readonly state: InPlayState;
  readonly legs: readonly LegSpec[];
}

const TENNIS: ModelParams = { model: 'tennis', serve1: 0.66, serve2: 0.6, bestOf: 5 };
const ESPORTS: ModelParams = { model: 'esports', kills1: 15, kills2: 13, killWeight: 0.3, bestOf: 3 };
const SOCCER: ModelParams = { model: 'soccer', goals1: 1.6, goals2: 1.1, rho: -0.08 };
const BASKETBALL: ModelParams = { model: 'basketball', points1: 114, points2: 108 };

const CASES: readonly Case[] = [
  {
    name: 'tennis, match and sets, games total and a set spread (one pass)',
    sportId: 12,
    params: TENNIS,
    state: PRE_MATCH,
    legs: [['moneyline', 'fulltime', 0, '1'], ['moneyline', 'p1', 0, '1'], ['moneyline', 'p2', 0, '2'], ['totals-games', 'fulltime', 38.5, 'Under'], ['spreads-games', 'p3', -1.5, '1']],
  },
  {
    name: 'tennis, three-set match (one pass)',
    sportId: 12,
    params: { ...TENNIS, bestOf: 3 },
    state: PRE_MATCH,
    legs: [['moneyline', 'fulltime', 0, '2'], ['moneyline', 'p1', 0, '2'], ['totals-games', 'fulltime', 22.5, 'Over']],
  },
  {
    name: 'esports, series and maps (one pass)',
    sportId: 83,
    params: ESPORTS,
    state: PRE_MATCH,
    legs: [['moneyline', 'result', 0, '1'], ['moneyline', 'p1', 0, '1'], ['moneyline', 'p2', 0, '2'], ['totals-kills', 'p1', 27.5, 'Over']],
  },
  {
    name: 'soccer, halves and full time (subset by subset)',
    sportId: 10,
    params: SOCCER,
    state: PRE_MATCH,
    legs: [['1x2', 'result', 0, '1'], ['1x2', 'p1', 0, '1'], ['totals', 'p2', 1.5, 'Over'], ['bothteamsscore', 'result', 0, 'Yes']],
  },
  {
    name: 'soccer knockout, a first-half score, totals, a second-half spread and to qualify (subset by subset, stages)',
    sportId: 10,
    params: { ...SOCCER, knockout: true },
    state: PRE_MATCH,
    legs: [['1x2', 'result', 0, '1'], ['correctscore', 'p1', 0, '1:0'], ['totals', 'result', 2.5, 'Over'], ['spreads', 'p2', -0.5, '1'], ['toqualify', 'fulltime', 0, '1']],
  },
  {
    // Subsets without the spread or without the total leave a projection no leg reads in the
    // last block's contraction (its sums over that projection are skipped).
    name: 'basketball, game spread and total with a first-half total (subset by subset, last half backwards)',
    sportId: 11,
    params: BASKETBALL,
    state: PRE_MATCH,
    legs: [['spreads', 'fulltime', -5.5, '1'], ['totals', 'fulltime', 222.5, 'Over'], ['totals', 'p1+p2', 110.5, 'Over']],
  },
  {
    name: 'ice hockey, game, periods and a total (subset by subset, folded periods)',
    sportId: 15,
    params: { model: 'ice-hockey', goals1: 3.2, goals2: 2.8 },
    state: PRE_MATCH,
    legs: [['moneyline', 'fulltime', 0, '1'], ['1x2', 'p1', 0, '1'], ['1x2', 'p2', 0, '1'], ['1x2', 'p3', 0, '1'], ['totals', 'result', 5.5, 'Over']],
  },
  {
    name: 'basketball in play, third quarter: game spread and total, second-half total (subset by subset)',
    sportId: 11,
    params: BASKETBALL,
    state: {
      elapsed: 0.6,
      scores: { points: { p1: { participant1Score: 30, participant2Score: 27 }, p2: { participant1Score: 30, participant2Score: 30 }, p3: { participant1Score: 6, participant2Score: 4 } } },
    },
    legs: [['spreads', 'fulltime', -3.5, '1'], ['totals', 'fulltime', 226.5, 'Under'], ['totals', 'p3+p4+overtime', 108.5, 'Over']],
  },
];

function legsOf(sportId: number, specs: readonly LegSpec[], pricer: ReturnType<typeof createFixturePricer>): SgpLeg[] {
  return specs.map(([marketType, period, handicap, outcomeName]) => {
    const market = findMarket(catalogue, sportId, marketType, period, handicap) ?? catalogue.bySport.get(sportId)?.find((m) => m.marketType === marketType && m.period === period);
    if (market === undefined) throw new Error(`no market ${marketType} ${period}`);
    const p = pricer.fairProbabilities(market, 0)?.[market.outcomes.findIndex((o) => o.outcomeName === outcomeName)];
    if (p === undefined || !(p > 0)) throw new Error(`unpriceable ${marketType} ${period} ${outcomeName}`);
    return { market, outcomeName, playerId: 0, fairPrice: 1 / p };
  });
}

describe('subsetWinProbabilities', () => {
  for (const c of CASES) {
    it(`equals each subset's own winProbability to 1e-12: ${c.name}`, () => {
      const pricer = createFixturePricer(c.params, c.state);
      const legs = legsOf(c.sportId, c.legs, pricer);
      const table = pricer.subsetWinProbabilities(legs);
      if (!(table instanceof Float64Array)) throw new Error(`refused: ${table.reason} ${table.detail}`);
      expect(table.length).toBe(1 << legs.length);
      expect(table[0]).toBe(1);
      for (let mask = 1; mask < table.length; mask += 1) {
        // A fresh pricer per subset: nothing remembered from the pass is read back.
        const alone = createFixturePricer(c.params, c.state).winProbability(legs.filter((_leg, i) => (mask & (1 << i)) !== 0));
        if (alone.kind !== 'priced') throw new Error(`subset ${String(mask)} refused: ${alone.reason}`);
        expect(Math.abs((table[mask] ?? Number.NaN) - alone.probability)).toBeLessThanOrEqual(1e-12);
      }
    });
  }

  it('refuses two outcomes of one market as winProbability does', () => {
    const pricer = createFixturePricer(TENNIS, PRE_MATCH);
    const legs = legsOf(12, [['moneyline', 'fulltime', 0, '1'], ['moneyline', 'fulltime', 0, '2'], ['moneyline', 'p1', 0, '1']], pricer);
    const table = pricer.subsetWinProbabilities(legs);
    expect(table instanceof Float64Array ? 'table' : table.reason).toBe('same_market');
  });
});
