// The odds board as the flat list of rows the virtualized grid renders: headings for market type,
// period and player, then per market a title row, one row per outcome and a margin row, with a
// family's alternate lines behind a toggle row. Fixed heights per kind, so nothing is measured.
import { periodLabel } from '../../domain/fixture-text.ts';
import type { BoardLayout, BoardMarket, BoardPeriodGroup } from '../../domain/odds-board-layout.ts';

export type BoardItem =
  | { readonly kind: 'type'; readonly key: string; readonly marketType: string | null; readonly playerProp: boolean; readonly title: string }
  | { readonly kind: 'period'; readonly key: string; readonly period: string | null; readonly title: string }
  | { readonly kind: 'player'; readonly key: string; readonly playerId: number }
  | { readonly kind: 'market'; readonly key: string; readonly market: BoardMarket }
  | { readonly kind: 'outcome'; readonly key: string; readonly market: BoardMarket; readonly rowIndex: number }
  | { readonly kind: 'margin'; readonly key: string; readonly market: BoardMarket }
  | {
      readonly kind: 'alternates';
      readonly key: string;
      readonly familyKey: string;
      readonly count: number;
      readonly expanded: boolean;
    };

export type BoardItemKind = BoardItem['kind'];

/** The height in px of the board's header row (the rows are placed under it). */
export const HEADER_HEIGHT = 44;

/** Row height in px per kind (the stylesheet uses the same figures), comfortable density. */
export const ITEM_HEIGHT: Readonly<Record<BoardItemKind, number>> = {
  type: 38,
  period: 30,
  player: 30,
  market: 30,
  outcome: 32,
  margin: 26,
  alternates: 30,
};

/** The same, compact density. */
export const COMPACT_ITEM_HEIGHT: Readonly<Record<BoardItemKind, number>> = {
  type: 30,
  period: 24,
  player: 24,
  market: 26,
  outcome: 26,
  margin: 22,
  alternates: 24,
};

/** How the board lays out its rows: a grid row per outcome, or (narrow screens) a card per outcome. */
export type BoardMode = 'comfortable' | 'compact' | 'cards';

/** Books per line of an outcome card, and the card's line heights (./odds-screen.css). */
export const CARD_BOOKS_PER_LINE = 4;
const CARD_LINE = 30;
const CARD_BOOK_LINE = 40;

/** The height in px of a row of `kind` in `mode`, for a board showing `bookCount` books. */
export function itemHeight(kind: BoardItemKind, mode: BoardMode, bookCount: number): number {
  if (mode === 'compact') return COMPACT_ITEM_HEIGHT[kind];
  if (mode === 'cards') {
    // A card: its name, then best / fair / EV / stake, then the books, CARD_BOOKS_PER_LINE a line.
    if (kind === 'outcome') return 2 * CARD_LINE + Math.ceil(bookCount / CARD_BOOKS_PER_LINE) * CARD_BOOK_LINE + 8;
    if (kind === 'margin') return 0;
  }
  return ITEM_HEIGHT[kind];
}

function pushMarket(out: BoardItem[], market: BoardMarket): void {
  out.push({ kind: 'market', key: `m|${market.key}`, market });
  market.rows.forEach((row, rowIndex) => {
    out.push({ kind: 'outcome', key: `o|${market.key}|${row.key}`, market, rowIndex });
  });
  out.push({ kind: 'margin', key: `g|${market.key}`, market });
}

/**
 * The rows of the board in display order: market type, period, (player,) then each family's main
 * lines; a family with alternates gets a toggle row after its main lines, and its alternates
 * after the toggle when `expanded` holds the family's key.
 */
export function boardItems(layout: BoardLayout, expanded: ReadonlySet<string>): BoardItem[] {
  const out: BoardItem[] = [];
  for (const group of layout.groups) {
    const typeKey = `t|${group.marketType ?? '?'}`;
    const title = typeTitle(group.periods) ?? marketTypeLabel(group.marketType);
    out.push({ kind: 'type', key: typeKey, marketType: group.marketType, playerProp: group.playerProp, title });
    for (const period of group.periods) {
      const periodKey = `${typeKey}|${period.period ?? '?'}`;
      out.push({ kind: 'period', key: `p|${periodKey}`, period: period.period, title: periodTitle(period, title) ?? (period.period === null ? 'Other' : periodLabel(period.period).long) });
      for (const family of period.families) {
        if (family.playerId !== 0) out.push({ kind: 'player', key: `pl|${family.key}`, playerId: family.playerId });
        for (const market of family.main) pushMarket(out, market);
        if (family.alternates.length === 0) continue;
        const open = expanded.has(family.key);
        out.push({ kind: 'alternates', key: `a|${family.key}`, familyKey: family.key, count: family.alternates.length, expanded: open });
        if (open) for (const market of family.alternates) pushMarket(out, market);
      }
    }
  }
  return out;
}

/** Every playerId of the board's player families (to fetch their names). */
export function boardPlayerIds(layout: BoardLayout): number[] {
  const ids = new Set<number>();
  for (const group of layout.groups) {
    for (const period of group.periods) for (const family of period.families) if (family.playerId !== 0) ids.add(family.playerId);
  }
  return [...ids].sort((a, b) => a - b);
}

// The catalogue names a market "<period> - <type> <line>" (a prefix period), "<type> <line>
// (<period>)" (a suffix period), or "<type> <line>" in the sport's main period (spec 2.6). The
// headings take the type's and the period's words from there, in the catalogue's language.
const PERIOD_PREFIX = / - /u;
const PERIOD_SUFFIX = /\s*\(([^()]+)\)$/u;
const TRAILING_LINE = /\s+[+-]?\d+(?:[.,]\d+)?$/u;

function marketsOf(period: BoardPeriodGroup): BoardMarket[] {
  return period.families.flatMap((family) => [...family.main, ...family.alternates]);
}

/** The market type's name in a catalogue market name: no period words, no line. */
function typeWords(market: BoardMarket): string | null {
  const record = market.market;
  if (record === null) return null;
  let name = record.marketName.replace(PERIOD_SUFFIX, '');
  const prefix = PERIOD_PREFIX.exec(name);
  if (prefix !== null) name = name.slice(prefix.index + prefix[0].length);
  // The line ends the name ("… Over/Under 2.5", "Asian Handicap -0.5"); a name ending in another
  // number ("Race to 10") keeps it.
  const line = TRAILING_LINE.exec(name);
  if (line !== null && Math.abs(Number(line[0].trim().replace(',', '.'))) === Math.abs(record.handicap)) name = name.slice(0, line.index);
  return name.trim() === '' ? null : name.trim();
}

/**
 * A market type's heading from the catalogue's names ("Draw No Bet", tennis "Match Winner"): the
 * shortest type name its markets carry (the main period's, unqualified); null without a record.
 */
export function typeTitle(periods: readonly BoardPeriodGroup[]): string | null {
  let best: string | null = null;
  for (const period of periods) {
    for (const market of marketsOf(period)) {
      const words = typeWords(market);
      if (words !== null && (best === null || words.length < best.length)) best = words;
    }
  }
  return best;
}

/**
 * A period's heading from the catalogue's names: the words its market names add to the type's
 * ("1st Half", "Regulation Time"); "Match" where they add none (the sport's main period); null
 * without a catalogued market.
 */
export function periodTitle(period: BoardPeriodGroup, typeName: string): string | null {
  const market = marketsOf(period).find((m) => m.market !== null)?.market;
  if (market === undefined || market === null) return null;
  const suffix = PERIOD_SUFFIX.exec(market.marketName);
  if (suffix?.[1] !== undefined) return suffix[1];
  const prefix = PERIOD_PREFIX.exec(market.marketName);
  if (prefix !== null) return market.marketName.slice(0, prefix.index);
  return market.marketName.startsWith(typeName) ? 'Match' : null;
}

/** A market type code in words: `1x2` stays, `totals-games` → "Totals games", `players-points` → "Players points". */
export function marketTypeLabel(marketType: string | null): string {
  if (marketType === null) return 'Other markets (not in the catalogue)';
  if (marketType === '1x2') return '1X2';
  const words = marketType.replace(/-/gu, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
