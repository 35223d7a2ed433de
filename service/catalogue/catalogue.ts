// Builds the frozen market catalogue (spec 2.6) from catalogue-specs.ts, indexes it, and
// fingerprints it so that the service can tell a stored catalogue from the one its code builds.
//
// Numbering (decision): within a sport, markets take a running counter c = 1, 2, 3, … and the
// outcome ids are the digits of the sportId followed by the digits of c: soccer's first market
// is 101 (`10` + `1`) with outcomes 101, 102, 103, the next market starts at 104. A market's
// outcome ids must be consecutive integers, so a market never straddles a change of the
// counter's digit count: counter 9 with two outcomes would give 109, 1010, so it skips to
// 10 (ids 1010, 1011) and leaves 109 unused. Every id therefore starts with its two sport
// digits and ids never collide across sports. The build is deterministic; the ids are "frozen"
// because catalogue-specs.ts is append-only, and `catalogueFingerprint` catches any edit.

import { createHash } from 'node:crypto';
import { CATALOGUE_SPECS } from './catalogue-specs.ts';
import { isPlayerPropType, marketNames } from './market-names.ts';
import { isPeriod, PeriodError } from './periods.ts';
import { CatalogueError } from './sports.ts';
import type { CatalogueMarket } from './types.ts';

/** The renamed singular prefixes of 2026-10-01: none may appear in a marketType any more. */
export const RETIRED_PREFIXES: readonly string[] = ['player-', 'spread-', 'total-'];

/** One outcome resolved to its market. */
export interface OutcomeRef {
  readonly market: CatalogueMarket;
  readonly outcome: CatalogueMarket['outcomes'][number];
}

export interface CatalogueIndex {
  /** Every market: sports in sportId order, each sport's markets in id order. */
  readonly markets: readonly CatalogueMarket[];
  readonly fingerprint: string;
  readonly byMarketId: ReadonlyMap<number, CatalogueMarket>;
  readonly byOutcomeId: ReadonlyMap<number, OutcomeRef>;
  readonly bySport: ReadonlyMap<number, readonly CatalogueMarket[]>;
  /** Keyed by `lineKey(sportId, marketType, period, handicap)`. */
  readonly byLine: ReadonlyMap<string, CatalogueMarket>;
  /** Keyed by `lineFamilyKey(sportId, marketType, period)`: every line, by ascending handicap. */
  readonly byLineFamily: ReadonlyMap<string, readonly CatalogueMarket[]>;
}

/** The coordinates that identify a market within the catalogue (spec 1: type, period, line). */
export function lineKey(sportId: number, marketType: string, period: string, handicap: number): string {
  return `${String(sportId)}|${marketType}|${period}|${String(handicap + 0)}`;
}

export function lineFamilyKey(sportId: number, marketType: string, period: string): string {
  return `${String(sportId)}|${marketType}|${period}`;
}

function digits(n: number): number {
  return String(n).length;
}

function checkMarketType(marketType: string): void {
  const retired = RETIRED_PREFIXES.find((prefix) => marketType.startsWith(prefix));
  if (retired !== undefined) {
    throw new CatalogueError(`marketType "${marketType}" uses the retired singular prefix "${retired}"`);
  }
}

function buildSport(sportId: number): CatalogueMarket[] {
  const groups = CATALOGUE_SPECS.get(sportId);
  if (groups === undefined) throw new CatalogueError(`no catalogue spec for sportId ${String(sportId)}`);
  const markets: CatalogueMarket[] = [];
  const seen = new Set<string>();
  let counter = 1;
  for (const { marketType, periods, lines, outcomes } of groups) {
    checkMarketType(marketType);
    for (const period of periods) {
      if (period === '' || !isPeriod(period)) {
        throw new PeriodError(`marketType "${marketType}" of sportId ${String(sportId)} has period "${period}" outside the vocabulary`);
      }
      for (const handicap of lines) {
        const key = lineKey(sportId, marketType, period, handicap);
        if (seen.has(key)) throw new CatalogueError(`duplicate market ${key}: every line is one market`);
        seen.add(key);
        if (digits(counter) !== digits(counter + outcomes.length - 1)) counter = 10 ** digits(counter);
        const first = counter;
        const outcomeRows = outcomes.map((outcomeName, i) =>
          Object.freeze({ outcomeId: Number(`${String(sportId)}${String(first + i)}`), outcomeName }),
        );
        counter += outcomes.length;
        const { marketName, marketNameShort } = marketNames(sportId, marketType, period, handicap);
        const firstOutcome = outcomeRows[0];
        if (firstOutcome === undefined) throw new CatalogueError(`market ${key} has no outcomes`);
        markets.push(
          Object.freeze({
            marketId: firstOutcome.outcomeId,
            sportId,
            marketType,
            period,
            handicap: handicap + 0,
            playerProp: isPlayerPropType(marketType),
            marketLength: outcomeRows.length,
            marketName: Object.freeze(marketName),
            marketNameShort,
            outcomes: Object.freeze(outcomeRows),
          }),
        );
      }
    }
  }
  return markets;
}

/** The sports the catalogue covers, ascending. */
export const CATALOGUE_SPORT_IDS: readonly number[] = [...CATALOGUE_SPECS.keys()].sort((a, b) => a - b);

/**
 * Builds the whole catalogue: sports in ascending sportId, each sport's markets in id order, every
 * record frozen. Deterministic: two builds are deep-equal and have the same fingerprint. Throws
 * `CatalogueError` / `PeriodError` if the specs break a catalogue rule (a duplicate line, a
 * retired prefix, a period outside the vocabulary) — a programming error, caught by the tests.
 */
export function buildCatalogue(): readonly CatalogueMarket[] {
  return Object.freeze(CATALOGUE_SPORT_IDS.flatMap(buildSport));
}

/**
 * SHA-256 (hex) of the catalogue's content: every field of every market in order, serialised
 * with a fixed key order. Equal for equal catalogues whatever their object key order; any change
 * to an id, type, period, line, name or outcome changes it. The service stores it with the
 * catalogue and rebuilds or refuses when the stored one differs from the code's.
 */
export function catalogueFingerprint(markets: readonly CatalogueMarket[] = buildCatalogue()): string {
  const hash = createHash('sha256');
  hash.update('odds-catalogue/v1\n');
  for (const m of markets) {
    const row = [
      m.marketId,
      m.sportId,
      m.marketType,
      m.period,
      m.handicap,
      m.playerProp,
      m.marketLength,
      [m.marketName.en, m.marketName.de, m.marketName.fr, m.marketName.zh],
      m.marketNameShort,
      m.outcomes.map((o) => [o.outcomeId, o.outcomeName]),
    ];
    hash.update(`${JSON.stringify(row)}\n`);
  }
  return hash.digest('hex');
}

/** Indexes a catalogue (normally `buildCatalogue()`'s) for lookups by id, sport and line. */
export function indexCatalogue(markets: readonly CatalogueMarket[]): CatalogueIndex {
  const byMarketId = new Map<number, CatalogueMarket>();
  const byOutcomeId = new Map<number, OutcomeRef>();
  const bySport = new Map<number, CatalogueMarket[]>();
  const byLine = new Map<string, CatalogueMarket>();
  const byLineFamily = new Map<string, CatalogueMarket[]>();
  for (const market of markets) {
    byMarketId.set(market.marketId, market);
    for (const outcome of market.outcomes) byOutcomeId.set(outcome.outcomeId, { market, outcome });
    const sport = bySport.get(market.sportId) ?? [];
    sport.push(market);
    bySport.set(market.sportId, sport);
    byLine.set(lineKey(market.sportId, market.marketType, market.period, market.handicap), market);
    const familyKey = lineFamilyKey(market.sportId, market.marketType, market.period);
    const family = byLineFamily.get(familyKey) ?? [];
    family.push(market);
    byLineFamily.set(familyKey, family);
  }
  for (const family of byLineFamily.values()) family.sort((a, b) => a.handicap - b.handicap);
  return {
    markets,
    fingerprint: catalogueFingerprint(markets),
    byMarketId,
    byOutcomeId,
    bySport,
    byLine,
    byLineFamily,
  };
}

/** The market at these coordinates, or undefined when the catalogue has no such line. */
export function findMarket(
  index: CatalogueIndex,
  sportId: number,
  marketType: string,
  period: string,
  handicap: number,
): CatalogueMarket | undefined {
  return index.byLine.get(lineKey(sportId, marketType, period, handicap));
}

let shared: CatalogueIndex | undefined;

/** The code's catalogue, built and indexed once per process (3,735 markets, about 50 ms). */
export function getCatalogue(): CatalogueIndex {
  shared ??= indexCatalogue(buildCatalogue());
  return shared;
}
