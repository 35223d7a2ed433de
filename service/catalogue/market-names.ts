// Market names of the catalogue in en/de/fr/zh, composed from a marketType, its sport's period
// label and its line: "Total Goals Over/Under 2.5", "Gesamttore Über/Unter 2,5".

import { CatalogueError, periodLabel, SPORT_IDS, sportById } from './sports.ts';
import type { Lang, Translated } from './types.ts';

/** A unit a line counts; `total` names its Over/Under market, `handicap` its spread market. */
interface Unit {
  readonly total: Translated;
  readonly handicap: Translated;
  /** English word shown in short names when the unit is not the sport's own. */
  readonly short: string;
  readonly handicapShort: string;
}

const ASIAN_HANDICAP: Translated = { en: 'Asian Handicap', de: 'Asiatisches Handicap', fr: 'Handicap asiatique', zh: '亚洲让球' };

// MLBB's objectives use the taxonomy's MOBA keys: its turret is a tower (`turrets`), its Lord the
// counterpart of a baron (`barons`), its Turtle that of a dragon (`dragons`); names say Lord/Turtle.
const UNITS: Readonly<Record<string, Unit>> = {
  goals: {
    total: { en: 'Total Goals', de: 'Gesamttore', fr: 'Total de buts', zh: '总进球' },
    handicap: ASIAN_HANDICAP,
    short: 'Goals',
    handicapShort: 'AH',
  },
  points: {
    total: { en: 'Total Points', de: 'Gesamtpunkte', fr: 'Total de points', zh: '总分' },
    handicap: { en: 'Point Spread', de: 'Handicap', fr: 'Handicap', zh: '让分' },
    short: 'Points',
    handicapShort: 'Spread',
  },
  runs: {
    total: { en: 'Total Runs', de: 'Gesamt-Runs', fr: 'Total de points', zh: '总得分' },
    handicap: { en: 'Run Line', de: 'Run Line', fr: 'Handicap', zh: '让分' },
    short: 'Runs',
    handicapShort: 'RL',
  },
  games: {
    total: { en: 'Total Games', de: 'Gesamtzahl Spiele', fr: 'Total de jeux', zh: '总局数' },
    handicap: { en: 'Game Handicap', de: 'Spiel-Handicap', fr: 'Handicap jeux', zh: '让局' },
    short: 'Games',
    handicapShort: 'Games HCP',
  },
  sets: {
    total: { en: 'Total Sets', de: 'Gesamtzahl Sätze', fr: 'Total de sets', zh: '总盘数' },
    handicap: { en: 'Set Handicap', de: 'Satz-Handicap', fr: 'Handicap sets', zh: '让盘' },
    short: 'Sets',
    handicapShort: 'Sets HCP',
  },
  maps: {
    total: { en: 'Total Maps', de: 'Gesamtzahl Maps', fr: 'Total de cartes', zh: '总局数' },
    handicap: { en: 'Map Handicap', de: 'Map-Handicap', fr: 'Handicap cartes', zh: '让局' },
    short: 'Maps',
    handicapShort: 'Maps HCP',
  },
  kills: {
    total: { en: 'Total Kills', de: 'Gesamt-Kills', fr: "Total d'éliminations", zh: '总击杀' },
    handicap: { en: 'Kill Handicap', de: 'Kill-Handicap', fr: 'Handicap éliminations', zh: '击杀让分' },
    short: 'Kills',
    handicapShort: 'Kills HCP',
  },
  turrets: {
    total: { en: 'Total Turrets Destroyed', de: 'Zerstörte Türme gesamt', fr: 'Total de tourelles détruites', zh: '总推塔数' },
    handicap: { en: 'Turret Handicap', de: 'Turm-Handicap', fr: 'Handicap tourelles', zh: '推塔让分' },
    short: 'Turrets',
    handicapShort: 'Turrets HCP',
  },
  barons: {
    total: { en: 'Total Lords Slain', de: 'Getötete Lords gesamt', fr: 'Total de Lords tués', zh: '总主宰击杀' },
    handicap: { en: 'Lord Handicap', de: 'Lord-Handicap', fr: 'Handicap Lords', zh: '主宰让分' },
    short: 'Lords',
    handicapShort: 'Lords HCP',
  },
  dragons: {
    total: { en: 'Total Turtles Slain', de: 'Getötete Schildkröten gesamt', fr: 'Total de Tortues tuées', zh: '总暴君击杀' },
    handicap: { en: 'Turtle Handicap', de: 'Schildkröten-Handicap', fr: 'Handicap Tortues', zh: '暴君让分' },
    short: 'Turtles',
    handicapShort: 'Turtles HCP',
  },
  corners: {
    total: { en: 'Total Corners', de: 'Gesamtzahl Ecken', fr: 'Total de corners', zh: '总角球' },
    handicap: { en: 'Corner Handicap', de: 'Ecken-Handicap', fr: 'Handicap corners', zh: '角球让球' },
    short: 'Corners',
    handicapShort: 'Corners HCP',
  },
  cards: {
    total: { en: 'Total Cards', de: 'Gesamtzahl Karten', fr: 'Total de cartons', zh: '总牌数' },
    handicap: { en: 'Card Handicap', de: 'Karten-Handicap', fr: 'Handicap cartons', zh: '罚牌让分' },
    short: 'Cards',
    handicapShort: 'Cards HCP',
  },
};

/** The unit of a line market without a unit suffix (`totals`, `spreads`) in each sport. */
const SPORT_UNIT: Readonly<Record<number, string>> = {
  [SPORT_IDS.soccer]: 'goals',
  [SPORT_IDS.basketball]: 'points',
  [SPORT_IDS.tennis]: 'games',
  [SPORT_IDS.baseball]: 'runs',
  [SPORT_IDS.americanFootball]: 'points',
  [SPORT_IDS.iceHockey]: 'goals',
  [SPORT_IDS.mobileLegends]: 'maps',
};

/** Player-prop statistics: the marketType, its name ("Player Shots") and short word. */
const PROPS: Readonly<Record<string, { readonly name: Translated; readonly short: string }>> = {
  'players-shots': { name: { en: 'Player Shots', de: 'Spieler-Schüsse', fr: 'Tirs du joueur', zh: '球员射门' }, short: 'Shots' },
  'players-shotsontarget': {
    name: { en: 'Player Shots on Target', de: 'Spieler-Schüsse aufs Tor', fr: 'Tirs cadrés du joueur', zh: '球员射正' },
    short: 'SoT',
  },
  'players-goals': { name: { en: 'Player Goals', de: 'Spieler-Tore', fr: 'Buts du joueur', zh: '球员进球' }, short: 'Goals' },
  'players-assists': {
    name: { en: 'Player Assists', de: 'Spieler-Assists', fr: 'Passes décisives du joueur', zh: '球员助攻' },
    short: 'Assists',
  },
  'players-passes': { name: { en: 'Player Passes', de: 'Spieler-Pässe', fr: 'Passes du joueur', zh: '球员传球' }, short: 'Passes' },
  'players-tackles': { name: { en: 'Player Tackles', de: 'Spieler-Tacklings', fr: 'Tacles du joueur', zh: '球员抢断' }, short: 'Tackles' },
  'players-points': { name: { en: 'Player Points', de: 'Spieler-Punkte', fr: 'Points du joueur', zh: '球员得分' }, short: 'Pts' },
  'players-rebounds': {
    name: { en: 'Player Rebounds', de: 'Spieler-Rebounds', fr: 'Rebonds du joueur', zh: '球员篮板' },
    short: 'Reb',
  },
  'players-threes': {
    name: { en: 'Player Three-Pointers Made', de: 'Spieler-Dreier', fr: 'Paniers à trois points du joueur', zh: '球员三分球命中' },
    short: '3PM',
  },
  'players-strikeouts': {
    name: { en: 'Pitcher Strikeouts', de: 'Pitcher-Strikeouts', fr: 'Retraits sur prises du lanceur', zh: '投手三振' },
    short: 'Ks',
  },
  'players-hits': { name: { en: 'Player Hits', de: 'Spieler-Hits', fr: 'Coups sûrs du joueur', zh: '球员安打' }, short: 'Hits' },
  'players-totalbases': {
    name: { en: 'Player Total Bases', de: 'Spieler-Total-Bases', fr: 'Buts totaux du joueur', zh: '球员总垒打' },
    short: 'TB',
  },
  'players-homeruns': {
    name: { en: 'Player Home Runs', de: 'Spieler-Home-Runs', fr: 'Coups de circuit du joueur', zh: '球员本垒打' },
    short: 'HR',
  },
  'players-rbis': { name: { en: 'Player RBIs', de: 'Spieler-RBIs', fr: 'Points produits du joueur', zh: '球员打点' }, short: 'RBI' },
  'players-passingyards': {
    name: { en: 'Player Passing Yards', de: 'Spieler-Passing-Yards', fr: 'Yards à la passe du joueur', zh: '球员传球码数' },
    short: 'Pass Yds',
  },
  'players-passingtouchdowns': {
    name: { en: 'Player Passing Touchdowns', de: 'Spieler-Passing-Touchdowns', fr: 'Touchdowns à la passe du joueur', zh: '球员传球达阵' },
    short: 'Pass TD',
  },
  'players-rushingyards': {
    name: { en: 'Player Rushing Yards', de: 'Spieler-Rushing-Yards', fr: 'Yards à la course du joueur', zh: '球员冲球码数' },
    short: 'Rush Yds',
  },
  'players-receivingyards': {
    name: { en: 'Player Receiving Yards', de: 'Spieler-Receiving-Yards', fr: 'Yards à la réception du joueur', zh: '球员接球码数' },
    short: 'Rec Yds',
  },
  'players-receptions': {
    name: { en: 'Player Receptions', de: 'Spieler-Receptions', fr: 'Réceptions du joueur', zh: '球员接球次数' },
    short: 'Rec',
  },
  'players-touchdowns': {
    name: { en: 'Player Touchdowns', de: 'Spieler-Touchdowns', fr: 'Touchdowns du joueur', zh: '球员达阵' },
    short: 'TD',
  },
  'players-saves': { name: { en: 'Goalie Saves', de: 'Torhüter-Paraden', fr: 'Arrêts du gardien', zh: '门将扑救' }, short: 'Saves' },
  'playertotals-kills': {
    name: { en: 'Player Kills', de: 'Spieler-Kills', fr: 'Éliminations du joueur', zh: '选手击杀' },
    short: 'Player Kills',
  },
};

/** Lineless markets named by their marketType alone. */
const FIXED: Readonly<Record<string, { readonly name: Translated; readonly short: string }>> = {
  '1x2': { name: { en: '1X2 Result', de: '1X2-Ergebnis', fr: 'Résultat 1X2', zh: '胜平负' }, short: '1X2' },
  moneyline: { name: { en: 'Winner', de: 'Sieger', fr: 'Vainqueur', zh: '独赢' }, short: 'ML' },
  drawnobet: {
    name: { en: 'Draw No Bet', de: 'Unentschieden keine Wette', fr: 'Remboursé si match nul', zh: '平局退款' },
    short: 'DNB',
  },
  bothteamsscore: {
    name: { en: 'Both Teams to Score', de: 'Beide Teams treffen', fr: 'Les deux équipes marquent', zh: '双方进球' },
    short: 'BTTS',
  },
  toqualify: { name: { en: 'To Qualify', de: 'Weiterkommen', fr: 'Qualification', zh: '晋级' }, short: 'To Qualify' },
  winningmargin: {
    name: { en: 'Winning Margin', de: 'Siegvorsprung', fr: 'Écart de victoire', zh: '净胜球数' },
    short: 'WM',
  },
  correctscore: { name: { en: 'Correct Score', de: 'Genaues Ergebnis', fr: 'Score exact', zh: '正确比分' }, short: 'CS' },
  '1x2-kills': {
    name: { en: 'Most Kills 1X2', de: 'Meiste Kills 1X2', fr: "Plus d'éliminations 1X2", zh: '最多击杀 胜平负' },
    short: 'Kills 1X2',
  },
  'drawnobet-kills': {
    name: {
      en: 'Most Kills (Draw No Bet)',
      de: 'Meiste Kills (Unentschieden keine Wette)',
      fr: "Plus d'éliminations (remboursé si égalité)",
      zh: '最多击杀 (平局退款)',
    },
    short: 'Kills DNB',
  },
  firstblood: { name: { en: 'First Blood', de: 'First Blood', fr: 'Premier sang', zh: '一血' }, short: 'First Blood' },
  firsttower: { name: { en: 'First Turret', de: 'Erster Turm', fr: 'Première tourelle', zh: '一塔' }, short: 'First Turret' },
  firstbaron: { name: { en: 'First Lord', de: 'Erster Lord', fr: 'Premier Lord', zh: '首个主宰' }, short: 'First Lord' },
  triplekill: {
    name: { en: 'Triple Kill (Yes/No)', de: 'Triple Kill (Ja/Nein)', fr: 'Triple kill (Oui/Non)', zh: '三杀 (是/否)' },
    short: 'Triple Kill',
  },
  quadrakill: {
    name: {
      en: 'Maniac / Quadra Kill (Yes/No)',
      de: 'Maniac / Quadra Kill (Ja/Nein)',
      fr: 'Maniac / quadruple kill (Oui/Non)',
      zh: '四杀 (是/否)',
    },
    short: 'Maniac',
  },
  pentakill: {
    name: {
      en: 'Savage / Penta Kill (Yes/No)',
      de: 'Savage / Penta Kill (Ja/Nein)',
      fr: 'Savage / quintuple kill (Oui/Non)',
      zh: '五杀 (是/否)',
    },
    short: 'Savage',
  },
};

/** A match-level correct score counted in sets or maps gets its own name (not on sub-periods). */
const CORRECT_SCORE_BY_SPORT: Readonly<Record<number, { readonly name: Translated; readonly short: string }>> = {
  [SPORT_IDS.tennis]: { name: { en: 'Set Betting', de: 'Satzwette', fr: 'Score exact en sets', zh: '盘分' }, short: 'Set Betting' },
  [SPORT_IDS.mobileLegends]: {
    name: { en: 'Correct Map Score', de: 'Genaues Ergebnis (Maps)', fr: 'Score exact (cartes)', zh: '地图比分' },
    short: 'Map CS',
  },
};

/** Market types whose name stands without a period label (the spec's `To Qualify`). */
const UNLABELLED = new Set(['toqualify']);

/**
 * A line as written in a market name: `2.5` in en/zh, `2,5` in de/fr (their decimal comma);
 * `signed` adds `+` to positive lines (handicaps); 0 is written `0`.
 */
export function formatLine(lang: Lang, line: number, signed = false): string {
  if (!Number.isFinite(line)) throw new CatalogueError(`line must be a finite number, got ${String(line)}`);
  const plain = String(line + 0);
  const text = lang === 'de' || lang === 'fr' ? plain.replace('.', ',') : plain;
  return signed && line > 0 ? `+${text}` : text;
}

function perLang(make: (lang: Lang) => string): Translated {
  return { en: make('en'), de: make('de'), fr: make('fr'), zh: make('zh') };
}

const OVER_UNDER: Translated = { en: 'Over/Under', de: 'Über/Unter', fr: 'Plus/Moins de', zh: '大/小' };
const ODD_EVEN: Translated = { en: 'Odd/Even', de: 'Ungerade/Gerade', fr: 'Impair/Pair', zh: '单/双' };

function overUnder(subject: Translated, line: number): Translated {
  return perLang((lang) => `${subject[lang]} ${OVER_UNDER[lang]} ${formatLine(lang, line)}`);
}

function team(n: 1 | 2, subject: Translated): Translated {
  const prefix: Translated = { en: `Team ${n}`, de: `Team ${n}`, fr: `Équipe ${n}`, zh: `队伍${n}` };
  return perLang((lang) => `${prefix[lang]} ${subject[lang]}`);
}

function unitOf(sportId: number, suffix: string | undefined): { unit: Unit; own: boolean } {
  const sportUnit = SPORT_UNIT[sportId];
  const key = suffix ?? sportUnit;
  const unit = key === undefined ? undefined : UNITS[key];
  if (unit === undefined) {
    throw new CatalogueError(`no unit "${String(key)}" for sportId ${String(sportId)}`);
  }
  return { unit, own: key === sportUnit };
}

/** `prefix-rest` → rest, when marketType is `prefix` or `prefix-...`; null otherwise. */
function suffixAfter(marketType: string, prefix: string): string | undefined | null {
  if (marketType === prefix) return undefined;
  return marketType.startsWith(`${prefix}-`) ? marketType.slice(prefix.length + 1) : null;
}

interface BaseName {
  readonly name: Translated;
  readonly short: string;
}

function lineBaseName(sportId: number, marketType: string, handicap: number): BaseName | null {
  const european = suffixAfter(marketType, 'spreads-european');
  if (european !== null) {
    return {
      name: perLang(
        (lang) =>
          `${{ en: 'European Handicap', de: 'Europäisches Handicap', fr: 'Handicap européen', zh: '欧洲让球' }[lang]} ${formatLine(lang, handicap, true)}`,
      ),
      short: `EH ${formatLine('en', handicap, true)}`,
    };
  }
  for (const n of [1, 2] as const) {
    const teamSuffix = suffixAfter(marketType, `teamtotals-team${n}`);
    if (teamSuffix !== null) {
      const { unit, own } = unitOf(sportId, teamSuffix);
      return {
        name: overUnder(team(n, unit.total), handicap),
        short: `T${n}${own ? '' : ` ${unit.short}`} O/U ${formatLine('en', handicap)}`,
      };
    }
  }
  const spreads = suffixAfter(marketType, 'spreads');
  if (spreads !== null) {
    const { unit } = unitOf(sportId, spreads);
    return {
      name: perLang((lang) => `${unit.handicap[lang]} ${formatLine(lang, handicap, true)}`),
      short: `${unit.handicapShort} ${formatLine('en', handicap, true)}`,
    };
  }
  const totals = suffixAfter(marketType, 'totals');
  if (totals !== null) {
    const { unit, own } = unitOf(sportId, totals);
    return {
      name: overUnder(unit.total, handicap),
      short: `${own ? '' : `${unit.short} `}O/U ${formatLine('en', handicap)}`,
    };
  }
  const prop = PROPS[marketType];
  if (prop !== undefined) {
    return { name: overUnder(prop.name, handicap), short: `${prop.short} O/U ${formatLine('en', handicap)}` };
  }
  if (marketType === 'racetokills') {
    return {
      name: {
        en: `Race to ${handicap} Kills`,
        de: `Zuerst ${handicap} Kills`,
        fr: `Premier à ${handicap} éliminations`,
        zh: `先到${handicap}杀`,
      },
      short: `Race to ${handicap}`,
    };
  }
  return null;
}

function linelessBaseName(sportId: number, marketType: string, period: string): BaseName | null {
  if (marketType === 'correctscore' && period === sportById(sportId).mainPeriod) {
    const special = CORRECT_SCORE_BY_SPORT[sportId];
    if (special !== undefined) return special;
  }
  const fixed = FIXED[marketType];
  if (fixed !== undefined) return fixed;
  const oddEven = suffixAfter(marketType, 'oddeven');
  if (oddEven !== null) {
    const { unit, own } = unitOf(sportId, oddEven);
    return {
      name: perLang((lang) => `${unit.total[lang]} ${ODD_EVEN[lang]}`),
      short: `${own ? '' : `${unit.short} `}O/E`,
    };
  }
  return null;
}

/**
 * The translated `marketName` and the English `marketNameShort` of a catalogue market. The
 * period's label prefixes the name ("1st Half - …") or qualifies it ("Winner (incl. Overtime)");
 * the sport's main period has none. Lines use each language's decimal mark; handicaps are
 * participant 1's line with its sign. Throws `CatalogueError` for a marketType it cannot name
 * and `PeriodError` for a period outside the vocabulary.
 */
export function marketNames(
  sportId: number,
  marketType: string,
  period: string,
  handicap: number,
): { readonly marketName: Translated; readonly marketNameShort: string } {
  const base = lineBaseName(sportId, marketType, handicap) ?? linelessBaseName(sportId, marketType, period);
  if (base === null) throw new CatalogueError(`no name for marketType "${marketType}"`);
  const label = UNLABELLED.has(marketType) ? null : periodLabel(sportId, period);
  if (label === null) return { marketName: base.name, marketNameShort: base.short };
  const separator = (lang: Lang): string => (lang === 'zh' ? ' ' : ' - ');
  const marketName =
    label.placement === 'prefix'
      ? perLang((lang) => `${label.text[lang]}${separator(lang)}${base.name[lang]}`)
      : perLang((lang) => `${base.name[lang]} (${label.text[lang]})`);
  return { marketName, marketNameShort: `${label.short} ${base.short}` };
}

/** The marketTypes `marketNames` can name that carry a player (`playerProp: true`). */
export const PLAYER_PROP_TYPES: readonly string[] = Object.keys(PROPS);

/** Whether odds rows of this marketType carry a playerId: the `players-` / `playertotals-` props. */
export function isPlayerPropType(marketType: string): boolean {
  return marketType.startsWith('players-') || marketType.startsWith('playertotals-');
}
