// Real countries, regions and cities the generated world is set in, with their names in en, de,
// fr and zh where a convention exists (München/Munich, 伦敦...). Where none is established the
// local name is used in every language: honest rather than invented.

import type { CategoryRef, Translated } from './types.ts';

export interface Country {
  readonly code: string;
  readonly name: Translated;
}

export interface City {
  /** The local spelling, used in club names ("FC Köln", "Real Sevilla"). */
  readonly native: string;
  readonly name: Translated;
  readonly countryCode: string;
}

const COUNTRY_LIST: readonly Country[] = [
  { code: 'eng', name: { en: 'England', de: 'England', fr: 'Angleterre', zh: '英格兰' } },
  { code: 'deu', name: { en: 'Germany', de: 'Deutschland', fr: 'Allemagne', zh: '德国' } },
  { code: 'esp', name: { en: 'Spain', de: 'Spanien', fr: 'Espagne', zh: '西班牙' } },
  { code: 'usa', name: { en: 'United States', de: 'Vereinigte Staaten', fr: 'États-Unis', zh: '美国' } },
  { code: 'can', name: { en: 'Canada', de: 'Kanada', fr: 'Canada', zh: '加拿大' } },
  { code: 'swe', name: { en: 'Sweden', de: 'Schweden', fr: 'Suède', zh: '瑞典' } },
  { code: 'jpn', name: { en: 'Japan', de: 'Japan', fr: 'Japon', zh: '日本' } },
  { code: 'grc', name: { en: 'Greece', de: 'Griechenland', fr: 'Grèce', zh: '希腊' } },
  { code: 'srb', name: { en: 'Serbia', de: 'Serbien', fr: 'Serbie', zh: '塞尔维亚' } },
  { code: 'tur', name: { en: 'Turkey', de: 'Türkei', fr: 'Turquie', zh: '土耳其' } },
  { code: 'ltu', name: { en: 'Lithuania', de: 'Litauen', fr: 'Lituanie', zh: '立陶宛' } },
  { code: 'ita', name: { en: 'Italy', de: 'Italien', fr: 'Italie', zh: '意大利' } },
  { code: 'isr', name: { en: 'Israel', de: 'Israel', fr: 'Israël', zh: '以色列' } },
  { code: 'fra', name: { en: 'France', de: 'Frankreich', fr: 'France', zh: '法国' } },
  { code: 'mco', name: { en: 'Monaco', de: 'Monaco', fr: 'Monaco', zh: '摩纳哥' } },
  { code: 'hrv', name: { en: 'Croatia', de: 'Kroatien', fr: 'Croatie', zh: '克罗地亚' } },
  { code: 'aus', name: { en: 'Australia', de: 'Australien', fr: 'Australie', zh: '澳大利亚' } },
  { code: 'chn', name: { en: 'China', de: 'China', fr: 'Chine', zh: '中国' } },
  { code: 'idn', name: { en: 'Indonesia', de: 'Indonesien', fr: 'Indonésie', zh: '印度尼西亚' } },
  { code: 'phl', name: { en: 'Philippines', de: 'Philippinen', fr: 'Philippines', zh: '菲律宾' } },
  { code: 'mys', name: { en: 'Malaysia', de: 'Malaysia', fr: 'Malaisie', zh: '马来西亚' } },
  { code: 'arg', name: { en: 'Argentina', de: 'Argentinien', fr: 'Argentine', zh: '阿根廷' } },
  { code: 'cze', name: { en: 'Czechia', de: 'Tschechien', fr: 'Tchéquie', zh: '捷克' } },
  { code: 'pol', name: { en: 'Poland', de: 'Polen', fr: 'Pologne', zh: '波兰' } },
  { code: 'rou', name: { en: 'Romania', de: 'Rumänien', fr: 'Roumanie', zh: '罗马尼亚' } },
];

export const COUNTRIES: ReadonlyMap<string, Country> = new Map(COUNTRY_LIST.map((c) => [c.code, c]));

/**
 * A city whose name is `native` unless a language has its own form; zh falls back to the en
 * form when no Chinese name is given.
 */
function city(countryCode: string, native: string, zh: string | null, own: Partial<Translated> = {}): City {
  const en = own.en ?? native;
  return {
    native,
    countryCode,
    name: { en, de: own.de ?? native, fr: own.fr ?? en, zh: zh ?? en },
  };
}

export const ENGLISH_CITIES: readonly City[] = [
  ['Leeds', '利兹'], ['Bristol', '布里斯托尔'], ['Norwich', '诺维奇'], ['Derby', '德比'], ['Reading', '雷丁'],
  ['Oxford', '牛津'], ['Cambridge', '剑桥'], ['York', '约克'], ['Hull', '赫尔'], ['Coventry', '考文垂'],
  ['Stoke', '斯托克'], ['Bolton', '博尔顿'], ['Wigan', '维冈'], ['Preston', '普雷斯顿'], ['Blackburn', '布莱克本'],
  ['Ipswich', '伊普斯维奇'], ['Portsmouth', '朴茨茅斯'], ['Southampton', '南安普顿'], ['Sunderland', '桑德兰'],
  ['Middlesbrough', '米德尔斯堡'], ['Plymouth', '普利茅斯'], ['Luton', '卢顿'], ['Sheffield', '谢菲尔德'],
  ['Nottingham', '诺丁汉'], ['Leicester', '莱斯特'], ['Exeter', '埃克塞特'],
].map(([native, zh]) => city('eng', native ?? '', zh ?? null));

export const GERMAN_CITIES: readonly City[] = [
  city('deu', 'München', '慕尼黑', { en: 'Munich', fr: 'Munich' }),
  city('deu', 'Köln', '科隆', { en: 'Cologne', fr: 'Cologne' }),
  city('deu', 'Nürnberg', '纽伦堡', { en: 'Nuremberg', fr: 'Nuremberg' }),
  city('deu', 'Hamburg', '汉堡', { fr: 'Hambourg' }),
  city('deu', 'Bremen', '不来梅', { fr: 'Brême' }),
  city('deu', 'Hannover', '汉诺威', { en: 'Hanover', fr: 'Hanovre' }),
  city('deu', 'Stuttgart', '斯图加特'),
  city('deu', 'Dortmund', '多特蒙德'),
  city('deu', 'Düsseldorf', '杜塞尔多夫'),
  city('deu', 'Frankfurt', '法兰克福', { fr: 'Francfort' }),
  city('deu', 'Leipzig', '莱比锡'),
  city('deu', 'Dresden', '德累斯顿', { fr: 'Dresde' }),
  city('deu', 'Freiburg', '弗赖堡', { fr: 'Fribourg-en-Brisgau' }),
  city('deu', 'Mainz', '美因茨', { fr: 'Mayence' }),
  city('deu', 'Augsburg', '奥格斯堡', { fr: 'Augsbourg' }),
  city('deu', 'Bochum', '波鸿'),
  city('deu', 'Kiel', '基尔'),
  city('deu', 'Rostock', '罗斯托克'),
  city('deu', 'Karlsruhe', '卡尔斯鲁厄'),
  city('deu', 'Bielefeld', '比勒费尔德'),
  city('deu', 'Darmstadt', '达姆施塔特'),
  city('deu', 'Münster', '明斯特'),
];

export const SPANISH_CITIES: readonly City[] = [
  city('esp', 'Sevilla', '塞维利亚', { en: 'Seville', de: 'Sevilla', fr: 'Séville' }),
  city('esp', 'Valencia', '巴伦西亚', { fr: 'Valence' }),
  city('esp', 'Zaragoza', '萨拉戈萨', { de: 'Saragossa', fr: 'Saragosse' }),
  city('esp', 'Bilbao', '毕尔巴鄂'),
  city('esp', 'Málaga', '马拉加', { fr: 'Malaga' }),
  city('esp', 'Granada', '格拉纳达', { fr: 'Grenade' }),
  city('esp', 'Cádiz', '加的斯', { fr: 'Cadix' }),
  city('esp', 'Vigo', '维戈'),
  city('esp', 'Oviedo', '奥维耶多'),
  city('esp', 'Gijón', '希洪'),
  city('esp', 'Almería', '阿尔梅里亚'),
  city('esp', 'Valladolid', '巴利亚多利德'),
  city('esp', 'Santander', '桑坦德'),
  city('esp', 'Córdoba', '科尔多瓦', { fr: 'Cordoue' }),
  city('esp', 'Alicante', '阿利坎特'),
  city('esp', 'Murcia', '穆尔西亚', { fr: 'Murcie' }),
  city('esp', 'Pamplona', '潘普洛纳', { fr: 'Pampelune' }),
  city('esp', 'Elche', '埃尔切'),
  city('esp', 'Huesca', '韦斯卡'),
  city('esp', 'Girona', '赫罗纳', { fr: 'Gérone' }),
  city('esp', 'Tarragona', '塔拉戈纳', { fr: 'Tarragone' }),
  city('esp', 'Salamanca', '萨拉曼卡', { fr: 'Salamanque' }),
];

export const US_CITIES: readonly City[] = [
  ['Boston', '波士顿'], ['Chicago', '芝加哥'], ['Denver', '丹佛'], ['Seattle', '西雅图'], ['Portland', '波特兰'],
  ['Phoenix', '菲尼克斯'], ['Dallas', '达拉斯'], ['Houston', '休斯敦'], ['Atlanta', '亚特兰大'], ['Miami', '迈阿密'],
  ['Detroit', '底特律'], ['Minneapolis', '明尼阿波利斯'], ['San Diego', '圣迭戈'], ['Las Vegas', '拉斯维加斯'],
  ['Nashville', '纳什维尔'], ['Kansas City', '堪萨斯城'], ['Baltimore', '巴尔的摩'], ['Pittsburgh', '匹兹堡'],
  ['Cleveland', '克利夫兰'], ['Cincinnati', '辛辛那提'], ['St. Louis', '圣路易斯'], ['Milwaukee', '密尔沃基'],
  ['Sacramento', '萨克拉门托'], ['Salt Lake City', '盐湖城'], ['Oklahoma City', '俄克拉何马城'],
  ['Indianapolis', '印第安纳波利斯'], ['Charlotte', '夏洛特'], ['Columbus', '哥伦布'], ['Tampa', '坦帕'],
  ['Orlando', '奥兰多'], ['San Antonio', '圣安东尼奥'], ['Austin', '奥斯汀'], ['Omaha', '奥马哈'],
  ['Albuquerque', '阿尔伯克基'], ['Louisville', '路易斯维尔'], ['Memphis', '孟菲斯'], ['Raleigh', '罗利'],
  ['Buffalo', '布法罗'],
]
  .map(([native, zh]) => city('usa', native ?? '', zh ?? null))
  .concat([
    city('usa', 'Philadelphia', '费城', { fr: 'Philadelphie' }),
    city('usa', 'New Orleans', '新奥尔良', { fr: 'La Nouvelle-Orléans' }),
  ]);

export const CANADIAN_CITIES: readonly City[] = [
  city('can', 'Toronto', '多伦多'),
  city('can', 'Montréal', '蒙特利尔', { en: 'Montreal', de: 'Montreal' }),
  city('can', 'Vancouver', '温哥华'),
  city('can', 'Calgary', '卡尔加里'),
  city('can', 'Edmonton', '埃德蒙顿'),
  city('can', 'Ottawa', '渥太华'),
  city('can', 'Winnipeg', '温尼伯'),
  city('can', 'Québec', '魁北克城', { en: 'Quebec City' }),
  city('can', 'Halifax', '哈利法克斯'),
  city('can', 'Hamilton', '汉密尔顿'),
];

export const SWEDISH_CITIES: readonly City[] = [
  city('swe', 'Stockholm', '斯德哥尔摩'),
  city('swe', 'Göteborg', '哥德堡', { en: 'Gothenburg' }),
  city('swe', 'Malmö', '马尔默'),
  city('swe', 'Luleå', '吕勒奥'),
  city('swe', 'Linköping', '林雪平'),
  city('swe', 'Växjö', '韦克舍'),
  city('swe', 'Örebro', '厄勒布鲁'),
  city('swe', 'Skellefteå', null),
  city('swe', 'Karlstad', '卡尔斯塔德'),
  city('swe', 'Jönköping', '延雪平'),
  city('swe', 'Umeå', '于默奥'),
  city('swe', 'Sundsvall', null),
  city('swe', 'Uppsala', '乌普萨拉'),
  city('swe', 'Västerås', '韦斯特罗斯'),
];

export const JAPANESE_CITIES: readonly City[] = [
  city('jpn', 'Tokyo', '东京', { de: 'Tokio' }),
  city('jpn', 'Osaka', '大阪'),
  city('jpn', 'Nagoya', '名古屋'),
  city('jpn', 'Yokohama', '横滨'),
  city('jpn', 'Hiroshima', '广岛'),
  city('jpn', 'Fukuoka', '福冈'),
  city('jpn', 'Sapporo', '札幌'),
  city('jpn', 'Sendai', '仙台'),
  city('jpn', 'Kobe', '神户'),
  city('jpn', 'Chiba', '千叶'),
  city('jpn', 'Saitama', '埼玉'),
  city('jpn', 'Kyoto', '京都'),
];

/** Cities of the European basketball league, by their English name in club names. */
export const EURO_BASKETBALL_CITIES: readonly City[] = [
  city('grc', 'Athens', '雅典', { de: 'Athen', fr: 'Athènes' }),
  city('srb', 'Belgrade', '贝尔格莱德', { de: 'Belgrad' }),
  city('tur', 'Istanbul', '伊斯坦布尔'),
  city('ltu', 'Kaunas', '考纳斯'),
  city('esp', 'Vitoria', '维多利亚'),
  city('ita', 'Milano', '米兰', { en: 'Milan', de: 'Mailand' }),
  city('ita', 'Bologna', '博洛尼亚', { fr: 'Bologne' }),
  city('isr', 'Tel Aviv', '特拉维夫'),
  city('grc', 'Piraeus', '比雷埃夫斯', { de: 'Piräus', fr: 'Le Pirée' }),
  city('deu', 'Berlin', '柏林'),
  city('mco', 'Monaco', '摩纳哥'),
  city('fra', 'Paris', '巴黎'),
  city('fra', 'Lyon', '里昂'),
  city('esp', 'Barcelona', '巴塞罗那', { fr: 'Barcelone' }),
  city('esp', 'Madrid', '马德里'),
  city('deu', 'München', '慕尼黑', { en: 'Munich', fr: 'Munich' }),
  city('esp', 'Valencia', '巴伦西亚', { fr: 'Valence' }),
  city('hrv', 'Zagreb', '萨格勒布'),
];

export const TENNIS_CITIES = {
  melbourne: city('aus', 'Melbourne', '墨尔本'),
  rome: city('ita', 'Roma', '罗马', { en: 'Rome', de: 'Rom' }),
  madrid: city('esp', 'Madrid', '马德里'),
  beijing: city('chn', 'Beijing', '北京', { de: 'Peking', fr: 'Pékin' }),
} as const;

export const ESPORTS_CITIES = {
  jakarta: city('idn', 'Jakarta', '雅加达', { fr: 'Jakarta' }),
  manila: city('phl', 'Manila', '马尼拉', { fr: 'Manille' }),
  kualaLumpur: city('mys', 'Kuala Lumpur', '吉隆坡'),
} as const;

/** The categories tournaments are filed under (`categoryName` is translated). */
export const CATEGORIES = {
  england: { categorySlug: 'england', categoryName: { en: 'England', de: 'England', fr: 'Angleterre', zh: '英格兰' } },
  germany: { categorySlug: 'germany', categoryName: { en: 'Germany', de: 'Deutschland', fr: 'Allemagne', zh: '德国' } },
  spain: { categorySlug: 'spain', categoryName: { en: 'Spain', de: 'Spanien', fr: 'Espagne', zh: '西班牙' } },
  europe: { categorySlug: 'europe', categoryName: { en: 'Europe', de: 'Europa', fr: 'Europe', zh: '欧洲' } },
  usa: { categorySlug: 'usa', categoryName: { en: 'USA', de: 'USA', fr: 'États-Unis', zh: '美国' } },
  japan: { categorySlug: 'japan', categoryName: { en: 'Japan', de: 'Japan', fr: 'Japon', zh: '日本' } },
  northAmerica: {
    categorySlug: 'north-america',
    categoryName: { en: 'North America', de: 'Nordamerika', fr: 'Amérique du Nord', zh: '北美' },
  },
  sweden: { categorySlug: 'sweden', categoryName: { en: 'Sweden', de: 'Schweden', fr: 'Suède', zh: '瑞典' } },
  atp: { categorySlug: 'atp', categoryName: { en: 'ATP', de: 'ATP', fr: 'ATP', zh: 'ATP' } },
  wta: { categorySlug: 'wta', categoryName: { en: 'WTA', de: 'WTA', fr: 'WTA', zh: 'WTA' } },
  indonesia: { categorySlug: 'indonesia', categoryName: { en: 'Indonesia', de: 'Indonesien', fr: 'Indonésie', zh: '印度尼西亚' } },
  philippines: {
    categorySlug: 'philippines',
    categoryName: { en: 'Philippines', de: 'Philippinen', fr: 'Philippines', zh: '菲律宾' },
  },
  southeastAsia: {
    categorySlug: 'southeast-asia',
    categoryName: { en: 'Southeast Asia', de: 'Südostasien', fr: 'Asie du Sud-Est', zh: '东南亚' },
  },
} as const satisfies Record<string, CategoryRef>;

/** "Leeds, England" / "Leeds, Angleterre" / "英格兰利兹" (zh puts the country first, unseparated). */
export function locationOf(place: City): Translated {
  const country = COUNTRIES.get(place.countryCode);
  if (country === undefined) return place.name;
  return {
    en: `${place.name.en}, ${country.name.en}`,
    de: `${place.name.de}, ${country.name.de}`,
    fr: `${place.name.fr}, ${country.name.fr}`,
    zh: `${country.name.zh}${place.name.zh}`,
  };
}
