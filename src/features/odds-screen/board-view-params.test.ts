import { describe, expect, it } from 'vitest';
import { boardColumnsToParams, parseBoardColumns } from './board-view-params.ts';

describe('the board columns in a URL', () => {
  it('writes every column preference and reads the same back', () => {
    const prefs = { order: ['pinnacle', 'bet365'], hidden: ['unibet'], sharpFirst: true, density: 'compact' as const };
    const params = new URLSearchParams(boardColumnsToParams(prefs));
    expect(params.toString()).toBe('order=pinnacle%2Cbet365&hide=unibet&sharp=1&density=compact');
    expect(parseBoardColumns(params)).toEqual({ patch: prefs, problems: [], present: true });
  });

  it('reads an empty list as "none" (a view that hides no book un-hides them)', () => {
    expect(parseBoardColumns(new URLSearchParams('hide=&sharp=0')).patch).toEqual({ hidden: [], sharpFirst: false });
  });

  it('drops a malformed value and names it, keeping the others', () => {
    const parsed = parseBoardColumns(new URLSearchParams('hide=bet365,<script>&density=huge&order=a,b'));
    expect(parsed.patch).toEqual({ order: ['a', 'b'] });
    expect(parsed.problems).toEqual([
      'Ignored hide=bet365,<script>: a comma-separated list of bookmaker slugs ("<script>" is not one).',
      'Ignored density=huge: comfortable or compact.',
    ]);
  });

  it('is absent from an ordinary odds-screen URL', () => {
    expect(parseBoardColumns(new URLSearchParams('devig=shin&ranges=1'))).toEqual({ patch: {}, problems: [], present: false });
  });
});
