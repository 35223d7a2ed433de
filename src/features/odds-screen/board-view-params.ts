// The odds board's columns as URL parameters, for saved views and copied links: the trader's board
// preferences (book order, hidden books, sharp books first, density) live in the settings store,
// per service; a view's URL carries them as `order`, `hide`, `sharp` and `density`, and opening
// such a URL applies them to the preferences (then drops them from the URL, which the store now
// holds). Read leniently: a malformed value is dropped and named, never a crash.
import { DENSITIES, type BoardPrefs, type Density } from '../../settings/board-prefs-store.ts';

export const BOARD_COLUMN_PARAMS = { order: 'order', hidden: 'hide', sharpFirst: 'sharp', density: 'density' } as const;

const SLUG = /^[a-z0-9][a-z0-9._-]{0,99}$/u;
const MAX_BOOKS = 200;

/** The column parameters of `prefs` (every one, so a view restores them all, an empty list included). */
export function boardColumnsToParams(prefs: Pick<BoardPrefs, 'order' | 'hidden' | 'sharpFirst' | 'density'>): Record<string, string> {
  return {
    [BOARD_COLUMN_PARAMS.order]: prefs.order.join(','),
    [BOARD_COLUMN_PARAMS.hidden]: prefs.hidden.join(','),
    [BOARD_COLUMN_PARAMS.sharpFirst]: prefs.sharpFirst ? '1' : '0',
    [BOARD_COLUMN_PARAMS.density]: prefs.density,
  };
}

export interface ParsedBoardColumns {
  /** The preferences the URL sets; empty when it sets none. */
  readonly patch: Partial<Pick<BoardPrefs, 'order' | 'hidden' | 'sharpFirst' | 'density'>>;
  /** One sentence per value dropped. */
  readonly problems: readonly string[];
  /** Whether the URL holds any column parameter (applied ones are then removed from it). */
  readonly present: boolean;
}

function slugList(text: string, name: string, problems: string[]): string[] | null {
  if (text === '') return [];
  const slugs = text.split(',').map((s) => s.trim());
  const bad = slugs.find((s) => !SLUG.test(s));
  if (bad !== undefined || slugs.length > MAX_BOOKS) {
    problems.push(`Ignored ${name}=${text.slice(0, 40)}: a comma-separated list of bookmaker slugs (${bad === undefined ? `at most ${String(MAX_BOOKS)}` : `"${bad.slice(0, 20)}" is not one`}).`);
    return null;
  }
  return [...new Set(slugs)];
}

/** The column preferences a URL sets (see the module note). */
export function parseBoardColumns(params: URLSearchParams): ParsedBoardColumns {
  const problems: string[] = [];
  const patch: { order?: string[]; hidden?: string[]; sharpFirst?: boolean; density?: Density } = {};
  const order = params.get(BOARD_COLUMN_PARAMS.order);
  const hidden = params.get(BOARD_COLUMN_PARAMS.hidden);
  const sharp = params.get(BOARD_COLUMN_PARAMS.sharpFirst);
  const density = params.get(BOARD_COLUMN_PARAMS.density);
  if (order !== null) {
    const slugs = slugList(order, BOARD_COLUMN_PARAMS.order, problems);
    if (slugs !== null) patch.order = slugs;
  }
  if (hidden !== null) {
    const slugs = slugList(hidden, BOARD_COLUMN_PARAMS.hidden, problems);
    if (slugs !== null) patch.hidden = slugs;
  }
  if (sharp !== null) {
    if (sharp === '1' || sharp === '0') patch.sharpFirst = sharp === '1';
    else problems.push(`Ignored ${BOARD_COLUMN_PARAMS.sharpFirst}=${sharp.slice(0, 40)}: 1 (sharp books first) or 0.`);
  }
  if (density !== null) {
    const known = DENSITIES.find((d) => d === density);
    if (known !== undefined) patch.density = known;
    else problems.push(`Ignored ${BOARD_COLUMN_PARAMS.density}=${density.slice(0, 40)}: ${DENSITIES.join(' or ')}.`);
  }
  return { patch, problems, present: order !== null || hidden !== null || sharp !== null || density !== null };
}
