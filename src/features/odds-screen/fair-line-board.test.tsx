// @vitest-environment jsdom
// The odds board's fair column follows the fair line chosen on /settings: its price, and a hover
// that names the fair line, its books and formula, or why there is no fair price.
import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BookContext } from '../../book/use-book.ts';
import { buildBoardLayout } from '../../domain/odds-board-layout.ts';
import type { FairLinePreset } from '../../settings/fair-line-store.ts';
import { useFairLineStore } from '../../settings/use-fair-line.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { BOOKS, FIXTURE_ID, catalogue, fixtureOdds, metas, seededBook } from './board-test-data.ts';
import { OddsBoard } from './odds-board.tsx';

function renderBoard(book = seededBook()): HTMLElement | null {
  const layout = buildBoardLayout({ fixtureId: FIXTURE_ID, odds: book.fixtureOdds(FIXTURE_ID), markets: catalogue(), bookmakers: book.fixtureBookmakers(FIXTURE_ID), bookmakerOrder: [...BOOKS] });
  render(
    <BookContext value={book}>
      <OddsBoard layout={layout} live nameOf={(slug) => slug.toUpperCase()} playerNameOf={(id) => `P${String(id)}`} method="multiplicative" showRanges={false} format="decimal" />
    </BookContext>,
  );
  // The first market's first outcome ("over": alpha 1.90, beta 1.95, gamma 1.85).
  return document.querySelector('.fair-cell');
}

function choose(preset: FairLinePreset): void {
  const baseUrl = useSettings.getState().baseUrl;
  expect(useFairLineStore.getState().save(baseUrl, preset)).toEqual([]);
  useFairLineStore.getState().choose(baseUrl, preset.name);
}

beforeEach(() => {
  useFairLineStore.setState({ byService: {} });
});

afterEach(() => {
  cleanup();
});

describe('the fair column under a chosen fair line', () => {
  it('is the equal consensus of every book by default, and says so on hover', () => {
    const fair = renderBoard();
    // alpha 1.90/1.90, beta 1.95/1.85, gamma 1.85/1.95 average to a symmetric book: 2.00.
    expect(fair?.getAttribute('data-fair')).toBe('2.00');
    expect(fair?.getAttribute('title')).toBe(
      'Fair price by multiplicative: 2.00; across methods 2.00–2.00; fair line "Every book, equal weight": multiplicative de-vig of the mean implied probability (Σ w/price ÷ Σ w) of ALPHA, BETA, GAMMA',
    );
  });

  it("follows a one-book line: beta's 1.95/1.85 de-vigged", () => {
    choose({ name: 'Beta alone', weights: { beta: 1 }, minBooks: 1, requiredBook: 'beta' });
    const fair = renderBoard();
    // π = 20/39 and 20/37, Σ = 1520/1443: the over's fair price is 1520/1443 ÷ 20/39 = 2.0540… → 2.054 (3 decimals when the third is not 0).
    expect(fair?.getAttribute('data-fair')).toBe('2.054');
    expect(fair?.getAttribute('data-fair-books')).toBe('beta');
    expect(fair?.getAttribute('title')).toContain('fair line "Beta alone": multiplicative de-vig of BETA\'s prices');
  });

  it('follows a weighted line and names the books it left out and why', () => {
    choose({ name: 'Beta heavy', weights: { beta: 3, gamma: 1 }, minBooks: 1, requiredBook: null });
    const fair = renderBoard(seededBook(fixtureOdds(), metas({ gamma: { suspended: true } })));
    // Beta alone counts (gamma suspended): 2.054 as above.
    expect(fair?.getAttribute('data-fair')).toBe('2.054');
    expect(fair?.getAttribute('title')).toContain('fair line "Beta heavy": multiplicative de-vig of BETA\'s prices; left out: GAMMA (suspended)');
  });

  it('shows no fair price when the required book does not count, saying why', () => {
    choose({ name: 'Needs gamma', weights: { beta: 1, gamma: 1 }, minBooks: 1, requiredBook: 'gamma' });
    const fair = renderBoard(seededBook(fixtureOdds(), metas({ gamma: { suspended: true } })));
    expect(fair?.getAttribute('data-fair')).toBeNull();
    expect(fair?.getAttribute('title')).toBe('No fair price under the fair line "Needs gamma": the required book GAMMA is suspended');
  });
});
