// The sports of the service with their public ids and translated names, and how each sport names
// its periods (a `p1` is a half in soccer, a set in tennis, a map in esports).

import { genericPeriodName, isPeriod, PeriodError, zhNumeral } from './periods.ts';
import type { SportRef, Translated } from './types.ts';

/** Invalid input to the catalogue and reference-data builders; the message names the value. */
export class CatalogueError extends Error {
  override readonly name = 'CatalogueError';
}

/** How a period qualifies a market name: "1st Half - Total Goals…" or "Winner (incl. Overtime)". */
export interface PeriodLabel {
  readonly text: Translated;
  readonly placement: 'prefix' | 'suffix';
  /** English abbreviation used in `marketNameShort` (`1H`, `Q3`, `S2`, `F5`, `M1`). */
  readonly short: string;
  /** The period's standalone name when `text` is only a qualifier ("incl. Extra Time"). */
  readonly name?: Translated;
}

export interface SportDefinition extends SportRef {
  /** The period of the sport's headline markets; it needs no label in a market name. */
  readonly mainPeriod: string;
  readonly periodLabels: Readonly<Record<string, PeriodLabel>>;
}

export const SPORT_IDS = {
  soccer: 10,
  basketball: 11,
  tennis: 12,
  baseball: 13,
  americanFootball: 14,
  iceHockey: 15,
  mobileLegends: 83,
} as const;

function enOrdinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** French ordinal abbreviation: 1er / 1re, then 2e, 3e... */
function frOrdinal(n: number, feminine: boolean): string {
  if (n === 1) return feminine ? '1re' : '1er';
  return `${n}e`;
}

function numbered(
  count: number,
  make: (n: number) => PeriodLabel,
  key: (n: number) => string = (n) => `p${n}`,
): Record<string, PeriodLabel> {
  const labels: Record<string, PeriodLabel> = {};
  for (let n = 1; n <= count; n += 1) labels[key(n)] = make(n);
  return labels;
}

const HALVES_OF_QUARTERED_GAME: Record<string, PeriodLabel> = {
  'p1+p2': {
    text: { en: '1st Half', de: '1. Halbzeit', fr: '1re mi-temps', zh: '上半场' },
    placement: 'prefix',
    short: '1H',
  },
  'p3+p4+overtime': {
    text: {
      en: '2nd Half incl. Overtime',
      de: '2. Halbzeit inkl. Verlängerung',
      fr: '2e mi-temps, prolongation incluse',
      zh: '下半场(含加时)',
    },
    placement: 'prefix',
    short: '2H+OT',
  },
};

const REGULATION_TIME: PeriodLabel = {
  text: { en: 'Regulation Time', de: 'Reguläre Spielzeit', fr: 'Temps réglementaire', zh: '常规时间' },
  placement: 'suffix',
  short: 'RT',
};

const QUARTERS = numbered(4, (n) => ({
  text: { en: `${enOrdinal(n)} Quarter`, de: `${n}. Viertel`, fr: `${frOrdinal(n, false)} quart-temps`, zh: `第${zhNumeral(n)}节` },
  placement: 'prefix',
  short: `Q${n}`,
}));

function gameWindowLabels(): Record<string, PeriodLabel> {
  const labels: Record<string, PeriodLabel> = {};
  for (let set = 1; set <= 5; set += 1) {
    for (const games of [2, 4, 6]) {
      labels[`p${set}g${games}`] = {
        text: {
          en: `${enOrdinal(set)} Set, First ${games} Games`,
          de: `${set}. Satz, erste ${games} Spiele`,
          fr: `${frOrdinal(set, false)} set, ${games} premiers jeux`,
          zh: `第${zhNumeral(set)}盘前${zhNumeral(games)}局`,
        },
        placement: 'prefix',
        short: `S${set} ${games}G`,
      };
    }
  }
  return labels;
}

/** The seven sports, in sportId order. Ids are public (spec 2.1) and never change. */
export const SPORTS: readonly SportDefinition[] = [
  {
    sportId: SPORT_IDS.soccer,
    sportSlug: 'soccer',
    sportName: { en: 'Soccer', de: 'Fußball', fr: 'Football', zh: '足球' },
    expectedPeriods: 2,
    periodLength: 45,
    mainPeriod: 'result',
    periodLabels: {
      p1: { text: { en: '1st Half', de: '1. Halbzeit', fr: '1re mi-temps', zh: '上半场' }, placement: 'prefix', short: '1H' },
      p2: { text: { en: '2nd Half', de: '2. Halbzeit', fr: '2e mi-temps', zh: '下半场' }, placement: 'prefix', short: '2H' },
      fulltime: {
        text: { en: 'incl. Extra Time', de: 'inkl. Verlängerung', fr: 'prolongations incluses', zh: '含加时' },
        placement: 'suffix',
        short: 'ET',
        name: {
          en: 'Full Time incl. Extra Time',
          de: 'Spielzeit inkl. Verlängerung',
          fr: 'Temps complet, prolongations incluses',
          zh: '全场(含加时)',
        },
      },
    },
  },
  {
    sportId: SPORT_IDS.basketball,
    sportSlug: 'basketball',
    sportName: { en: 'Basketball', de: 'Basketball', fr: 'Basket-ball', zh: '篮球' },
    expectedPeriods: 4,
    periodLength: 12,
    mainPeriod: 'fulltime',
    periodLabels: { result: REGULATION_TIME, ...QUARTERS, ...HALVES_OF_QUARTERED_GAME },
  },
  {
    sportId: SPORT_IDS.tennis,
    sportSlug: 'tennis',
    sportName: { en: 'Tennis', de: 'Tennis', fr: 'Tennis', zh: '网球' },
    expectedPeriods: 3,
    periodLength: null,
    mainPeriod: 'fulltime',
    periodLabels: {
      ...numbered(5, (n) => ({
        text: { en: `${enOrdinal(n)} Set`, de: `${n}. Satz`, fr: `${frOrdinal(n, false)} set`, zh: `第${zhNumeral(n)}盘` },
        placement: 'prefix',
        short: `S${n}`,
      })),
      ...gameWindowLabels(),
    },
  },
  {
    sportId: SPORT_IDS.baseball,
    sportSlug: 'baseball',
    sportName: { en: 'Baseball', de: 'Baseball', fr: 'Baseball', zh: '棒球' },
    expectedPeriods: 9,
    periodLength: null,
    mainPeriod: 'fulltime',
    periodLabels: {
      result: {
        text: { en: 'Regulation 9 Innings', de: 'reguläre 9 Innings', fr: '9 manches réglementaires', zh: '常规九局' },
        placement: 'suffix',
        short: '9I',
      },
      ...numbered(9, (n) => ({
        text: { en: `${enOrdinal(n)} Inning`, de: `${n}. Inning`, fr: `${frOrdinal(n, true)} manche`, zh: `第${zhNumeral(n)}局` },
        placement: 'prefix',
        short: `I${n}`,
      })),
      'p1+p2+p3': {
        text: { en: 'First 3 Innings', de: 'Erste 3 Innings', fr: '3 premières manches', zh: '前三局' },
        placement: 'prefix',
        short: 'F3',
      },
      'p1+p2+p3+p4+p5': {
        text: { en: 'First 5 Innings', de: 'Erste 5 Innings', fr: '5 premières manches', zh: '前五局' },
        placement: 'prefix',
        short: 'F5',
      },
    },
  },
  {
    sportId: SPORT_IDS.americanFootball,
    sportSlug: 'american-football',
    sportName: { en: 'American Football', de: 'American Football', fr: 'Football américain', zh: '美式橄榄球' },
    expectedPeriods: 4,
    periodLength: 15,
    mainPeriod: 'fulltime',
    periodLabels: { result: REGULATION_TIME, ...QUARTERS, ...HALVES_OF_QUARTERED_GAME },
  },
  {
    sportId: SPORT_IDS.iceHockey,
    sportSlug: 'ice-hockey',
    sportName: { en: 'Ice Hockey', de: 'Eishockey', fr: 'Hockey sur glace', zh: '冰球' },
    expectedPeriods: 3,
    periodLength: 20,
    mainPeriod: 'result',
    periodLabels: {
      ...numbered(3, (n) => ({
        text: { en: `${enOrdinal(n)} Period`, de: `${n}. Drittel`, fr: `${frOrdinal(n, true)} période`, zh: `第${zhNumeral(n)}节` },
        placement: 'prefix',
        short: `P${n}`,
      })),
      fulltime: {
        text: { en: 'incl. Overtime', de: 'inkl. Verlängerung', fr: 'prolongation incluse', zh: '含加时' },
        placement: 'suffix',
        short: 'OT',
      },
    },
  },
  {
    // The 2026-10-01 esport: map-level markets of a mobile MOBA, played as best-of-3 series.
    sportId: SPORT_IDS.mobileLegends,
    sportSlug: 'mobile-legends',
    sportName: { en: 'Mobile Legends', de: 'Mobile Legends', fr: 'Mobile Legends', zh: '无尽对决' },
    expectedPeriods: 3,
    periodLength: null,
    mainPeriod: 'result',
    periodLabels: numbered(5, (n) => ({
      text: { en: `Map ${n}`, de: `Map ${n}`, fr: `Carte ${n}`, zh: `第${zhNumeral(n)}局` },
      placement: 'prefix',
      short: `M${n}`,
    })),
  },
];

const SPORT_BY_ID: ReadonlyMap<number, SportDefinition> = new Map(SPORTS.map((s) => [s.sportId, s]));

/** The sport with this id; throws `CatalogueError` for an id the service does not have. */
export function sportById(sportId: number): SportDefinition {
  const sport = SPORT_BY_ID.get(sportId);
  if (sport === undefined) {
    throw new CatalogueError(
      `unknown sportId ${String(sportId)}: the service has ${SPORTS.map((s) => s.sportId).join(', ')}`,
    );
  }
  return sport;
}

/**
 * How `period` qualifies a market name in this sport: null for the sport's main period (no
 * label), the sport's own label when it has one, else a prefix with the generic name. Throws
 * `PeriodError` for a key outside the vocabulary and `CatalogueError` for an unknown sport.
 */
export function periodLabel(sportId: number, period: string): PeriodLabel | null {
  const sport = sportById(sportId);
  if (!isPeriod(period)) throw new PeriodError(`period "${period}" is not in the vocabulary`);
  if (period === sport.mainPeriod) return null;
  return sport.periodLabels[period] ?? { text: genericPeriodName(period), placement: 'prefix', short: period };
}

/**
 * The translated standalone name of `period` in this sport ("1st Half", "Map 2", "Regulation
 * Time"); a suffix qualifier gives way to its `name` or the generic name.
 */
export function periodName(sportId: number, period: string): Translated {
  const label = periodLabel(sportId, period);
  if (label === null) return genericPeriodName(period);
  if (label.name !== undefined) return label.name;
  return label.placement === 'prefix' ? label.text : genericPeriodName(period);
}
