// Which bookmaker columns the board shows, in which order, and the short names it shows them by.

/**
 * Books whose prices move first and carry thin margins (the "sharp" books a trader reads the
 * market from): grouped first when the trader asks for it. The exchange counts: its prices are
 * set by bettors, with no bookmaker margin.
 */
export const SHARP_BOOKS: ReadonlySet<string> = new Set(['pinnacle', 'circa', 'sbobet', 'betfair-ex']);

/** What `visibleColumns` needs of the board prefs. */
export interface ColumnPrefs {
  readonly order: readonly string[];
  readonly hidden: readonly string[];
  readonly sharpFirst: boolean;
}

/**
 * The layout column indices to show, in display order: hidden books left out; the sharp group
 * first when `sharpFirst`; within a group the trader's order, then the board's.
 */
export function visibleColumns(columns: readonly string[], prefs: ColumnPrefs): number[] {
  const hidden = new Set(prefs.hidden);
  const rank = new Map(prefs.order.map((slug, i) => [slug, i]));
  const group = (slug: string): number => (prefs.sharpFirst && !SHARP_BOOKS.has(slug) ? 1 : 0);
  return columns
    .map((slug, index) => ({ slug, index }))
    .filter(({ slug }) => !hidden.has(slug))
    .sort(
      (a, b) =>
        group(a.slug) - group(b.slug) ||
        (rank.get(a.slug) ?? rank.size + a.index) - (rank.get(b.slug) ?? rank.size + b.index) ||
        a.index - b.index,
    )
    .map(({ index }) => index);
}

/**
 * A short form of a bookmaker's display name that never cuts a word: the leading whole words
 * that fit in `max` characters, and always at least the first word ("Caesars Sportsbook" →
 * "Caesars", "William Hill" stays).
 */
export function shortBookName(name: string, max = 12): string {
  const words = name.trim().split(/\s+/u);
  let short = words[0] ?? '';
  for (const word of words.slice(1)) {
    if (short.length + 1 + word.length > max) break;
    short = `${short} ${word}`;
  }
  return short;
}
