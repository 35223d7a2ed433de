// Builds catalogue-shaped markets for the pricing tests, so that they exercise the models
// through the same `CatalogueMarket` records the catalogue produces.

import type { CatalogueMarket } from '../catalogue/types.ts';

let nextMarketId = 1;

/** A catalogue market of `sportId` with the given outcomes (ids consecutive, names untranslated). */
export function testMarket(
  sportId: number,
  marketType: string,
  period: string,
  handicap: number,
  outcomeNames: readonly string[],
  playerProp = false,
): CatalogueMarket {
  const marketId = sportId * 100000 + nextMarketId;
  nextMarketId += outcomeNames.length;
  const name = `${marketType} ${period} ${String(handicap)}`;
  return {
    marketId,
    sportId,
    marketType,
    period,
    handicap,
    playerProp,
    marketLength: outcomeNames.length,
    marketName: { en: name, de: name, fr: name, zh: name },
    marketNameShort: name,
    outcomes: outcomeNames.map((outcomeName, i) => ({ outcomeId: marketId + i, outcomeName })),
  };
}

/** Side names of the common market shapes. */
export const SIDES = {
  threeWay: ['1', 'X', '2'],
  twoWay: ['1', '2'],
  overUnder: ['Over', 'Under'],
  yesNo: ['Yes', 'No'],
  oddEven: ['Odd', 'Even'],
} as const;
