import { describe, expect, it } from 'vitest';
import {
  CANADIAN_CITIES,
  CATEGORIES,
  COUNTRIES,
  ENGLISH_CITIES,
  ESPORTS_CITIES,
  EURO_BASKETBALL_CITIES,
  GERMAN_CITIES,
  JAPANESE_CITIES,
  locationOf,
  SPANISH_CITIES,
  SWEDISH_CITIES,
  TENNIS_CITIES,
  US_CITIES,
  type City,
} from './places.ts';
import { LANGS } from './types.ts';

const ALL_CITIES: readonly City[] = [
  ...ENGLISH_CITIES,
  ...GERMAN_CITIES,
  ...SPANISH_CITIES,
  ...US_CITIES,
  ...CANADIAN_CITIES,
  ...SWEDISH_CITIES,
  ...JAPANESE_CITIES,
  ...EURO_BASKETBALL_CITIES,
  ...Object.values(TENNIS_CITIES),
  ...Object.values(ESPORTS_CITIES),
];

describe('places', () => {
  it('name every city in every language', () => {
    for (const place of ALL_CITIES) for (const lang of LANGS) expect(place.name[lang].trim()).not.toBe('');
  });

  it('file every city under a known country', () => {
    for (const place of ALL_CITIES) expect(COUNTRIES.has(place.countryCode), place.native).toBe(true);
  });

  it('use the conventional foreign names of cities that have one', () => {
    const munich = GERMAN_CITIES.find((c) => c.native === 'München');
    expect(munich?.name).toEqual({ en: 'Munich', de: 'München', fr: 'Munich', zh: '慕尼黑' });
  });

  it('translate every category name', () => {
    for (const category of Object.values(CATEGORIES)) {
      for (const lang of LANGS) expect(category.categoryName[lang].trim()).not.toBe('');
      expect(category.categorySlug).toMatch(/^[a-z-]+$/u);
    }
  });

  it('have enough cities for the largest league of each pool', () => {
    expect(ENGLISH_CITIES.length).toBeGreaterThanOrEqual(20);
    expect(GERMAN_CITIES.length).toBeGreaterThanOrEqual(18);
    expect(SPANISH_CITIES.length).toBeGreaterThanOrEqual(20);
    expect(US_CITIES.length).toBeGreaterThanOrEqual(24);
    expect(SWEDISH_CITIES.length).toBeGreaterThanOrEqual(14);
    expect(JAPANESE_CITIES.length).toBeGreaterThanOrEqual(12);
    expect(EURO_BASKETBALL_CITIES.length).toBeGreaterThanOrEqual(18);
  });
});

describe('locationOf', () => {
  it('writes city and country per language, country first in zh', () => {
    const seville = SPANISH_CITIES.find((c) => c.native === 'Sevilla');
    if (seville === undefined) throw new Error('Sevilla missing');
    expect(locationOf(seville)).toEqual({
      en: 'Seville, Spain',
      de: 'Sevilla, Spanien',
      fr: 'Séville, Espagne',
      zh: '西班牙塞维利亚',
    });
  });

  it('falls back to the city name for a country it does not know', () => {
    const place: City = { native: 'Atlantis', countryCode: 'xxx', name: { en: 'Atlantis', de: 'Atlantis', fr: 'Atlantide', zh: '亚特兰蒂斯' } };
    expect(locationOf(place)).toBe(place.name);
  });
});
