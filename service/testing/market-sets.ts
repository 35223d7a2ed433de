// Representative market lists per sport (the shapes and line grids the catalogue generates), for
// the fixture pricer's completeness test (service/pricing/fixture-pricer.test.ts).

import type { CatalogueMarket } from '../catalogue/types.ts';
import { SIDES, testMarket } from './test-markets.ts';

function lines(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to + 1e-9; v += step) out.push(Math.round(v * 100) / 100);
  return out;
}

/** About 330 soccer markets: every line family on `result`, `p1` and `p2`. */
export function soccerMarkets(): CatalogueMarket[] {
  const markets: CatalogueMarket[] = [];
  for (const period of ['result', 'p1', 'p2']) {
    markets.push(testMarket(10, '1x2', period, 0, SIDES.threeWay));
    markets.push(testMarket(10, 'drawnobet', period, 0, SIDES.twoWay));
    markets.push(testMarket(10, 'bothteamsscore', period, 0, SIDES.yesNo));
    markets.push(testMarket(10, 'oddeven', period, 0, SIDES.oddEven));
    for (const line of lines(0.5, 8.5, 0.25)) markets.push(testMarket(10, 'totals', period, line, SIDES.overUnder));
    for (const line of lines(-4, 4, 0.25)) markets.push(testMarket(10, 'spreads', period, line, SIDES.twoWay));
    for (const line of lines(0.5, 4.5, 0.5)) {
      markets.push(testMarket(10, 'teamtotals-team1', period, line, SIDES.overUnder));
      markets.push(testMarket(10, 'teamtotals-team2', period, line, SIDES.overUnder));
    }
    for (const line of [-2, -1, 1, 2]) markets.push(testMarket(10, 'spreads-european', period, line, SIDES.threeWay));
    markets.push(testMarket(10, 'winningmargin', period, 0, ['1 by 1', '1 by 2', '1 by 3+', 'X', '2 by 1', '2 by 2', '2 by 3+']));
    const scores: string[] = [];
    for (let a = 0; a <= 4; a += 1) for (let b = 0; b <= 4; b += 1) scores.push(`${String(a)}:${String(b)}`);
    markets.push(testMarket(10, 'correctscore', period, 0, [...scores, 'Other']));
  }
  return markets;
}
