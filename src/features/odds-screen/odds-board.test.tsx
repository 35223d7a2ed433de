// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveBook } from '../../book/book.ts';
import { BookContext } from '../../book/use-book.ts';
import { buildBoardLayout, type BoardLayout } from '../../domain/odds-board-layout.ts';
import {
  BOOKS,
  FIXTURE_ID,
  catalogue,
  entry,
  fixtureOdds,
  marketIdOf,
  metas,
  oddsIdOf,
  oddsUpdate,
  overOf,
  seededBook,
  underOf,
} from './board-test-data.ts';
import { BoardSlipContext, type BoardSlip } from './board-slip.ts';
import { OddsBoard } from './odds-board.tsx';

// Render counters: every price cell reads its price through useOdds, every derived value through
// useMarketSelector, so their calls count the renders of cells and of derived values.
const renders = vi.hoisted(() => ({ odds: new Map<string, number>(), markets: new Map<string, number>() }));

vi.mock('../../book/use-book.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../book/use-book.ts')>();
  return {
    ...actual,
    useOdds: (oddsId: string) => {
      renders.odds.set(oddsId, (renders.odds.get(oddsId) ?? 0) + 1);
      return actual.useOdds(oddsId);
    },
  };
});

vi.mock('./market-store.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./market-store.ts')>();
  return {
    ...actual,
    useMarketSelector: (...args: Parameters<typeof actual.useMarketSelector>) => {
      const key = args[0].marketKey;
      renders.markets.set(key, (renders.markets.get(key) ?? 0) + 1);
      return actual.useMarketSelector(...args);
    },
  };
});

function resetRenders(): void {
  renders.odds.clear();
  renders.markets.clear();
}

/** A slip of the page's own, in memory: what the fixture page provides with the slip store. */
function memorySlip(): BoardSlip {
  let legs: readonly string[] = [];
  const listeners = new Set<() => void>();
  return {
    has: (oddsId) => legs.includes(oddsId),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toggle: (oddsId) => {
      legs = legs.includes(oddsId) ? legs.filter((l) => l !== oddsId) : [...legs, oddsId];
      for (const listener of listeners) listener();
    },
  };
}

function Board({ book, layout }: { readonly book: LiveBook; readonly layout: BoardLayout }) {
  const [slip] = useState(memorySlip);
  return (
    <BookContext value={book}>
      <BoardSlipContext value={slip}>
        <OddsBoard
          layout={layout}
          live
          nameOf={(slug) => slug.toUpperCase()}
          playerNameOf={(id) => `P${String(id)}`}
          method="multiplicative"
          showRanges={false}
          format="decimal"
        />
      </BoardSlipContext>
    </BookContext>
  );
}

function setup(book = seededBook()) {
  const layout = buildBoardLayout({ fixtureId: FIXTURE_ID, odds: book.fixtureOdds(FIXTURE_ID), markets: catalogue(), bookmakers: book.fixtureBookmakers(FIXTURE_ID), bookmakerOrder: [...BOOKS] });
  render(<Board book={book} layout={layout} />);
  return { book, layout };
}

let seq = 0;
async function applyPrices(book: LiveBook, entries: Parameters<typeof oddsUpdate>[0]): Promise<void> {
  seq++;
  await act(async () => {
    book.apply([oddsUpdate(entries, seq)]);
    book.flush();
    await Promise.resolve();
  });
}

function priceButton(bookmaker: string, outcomeId: number): HTMLElement {
  const button = document.querySelector<HTMLElement>(`[data-odds-id="${oddsIdOf(bookmaker, outcomeId)}"]`);
  if (button === null) throw new Error(`no price cell for ${bookmaker} ${String(outcomeId)}`);
  return button;
}

beforeEach(() => {
  resetRenders();
});

afterEach(() => {
  cleanup();
});

describe('OddsBoard', () => {
  it('shows each price in its bookmaker column, the best price per outcome marked', () => {
    setup();
    expect(priceButton('alpha', overOf(0)).textContent).toContain('1.90');
    expect(priceButton('beta', overOf(0)).closest('.odds-cell')?.classList.contains('odds-cell-best')).toBe(true);
    expect(priceButton('beta', overOf(0)).textContent).toContain('best price');
    expect(priceButton('alpha', overOf(0)).textContent).not.toContain('best price');
    expect(priceButton('gamma', underOf(0)).textContent).toContain('best price');
  });

  it('shows the overround per bookmaker and the fair price of each outcome', () => {
    setup();
    const margin = screen.getAllByRole('row').find((row) => row.classList.contains('board-margin'));
    // alpha 1.90/1.90: 2/1.9 − 1 = 5.3%.
    expect(margin?.textContent).toContain('5.3%');
    // Consensus of the three books is symmetric: fair price 2.00 on both outcomes.
    const fair = document.querySelector('.fair-cell');
    expect(fair?.getAttribute('data-fair')).toBe('2.00');
    expect(fair?.getAttribute('title')).toMatch(/across methods 2\.00–2\.00/);
  });

  it('mounts only the markets in view', () => {
    setup();
    expect(document.querySelector(`[data-market-id="${String(marketIdOf(0))}"]`)).not.toBeNull();
    expect(document.querySelector(`[data-market-id="${String(marketIdOf(39))}"]`)).toBeNull();
  });

  it('re-renders only the changed cell and its market\'s derived values on a price change', async () => {
    const { book } = setup();
    resetRenders();
    // alpha Over 1.90 → 1.92: still below beta's 1.95, so no best flag moves.
    await applyPrices(book, [entry('alpha', 0, overOf(0), 1.92, { changedAt: 2_000 })]);
    expect(priceButton('alpha', overOf(0)).textContent).toContain('1.92');
    expect([...renders.odds.keys()]).toEqual([oddsIdOf('alpha', overOf(0))]);
    expect([...renders.markets.keys()]).toEqual([`${String(marketIdOf(0))}:0`]);
  });

  it('renders nothing when a price of an off-screen market changes', async () => {
    const { book } = setup();
    resetRenders();
    await applyPrices(book, [entry('alpha', 39, overOf(39), 2.5, { changedAt: 2_000 })]);
    expect(renders.odds.size).toBe(0);
    expect(renders.markets.size).toBe(0);
  });

  it('flashes a price up when it lengthens and down when it shortens', async () => {
    const { book } = setup();
    await applyPrices(book, [entry('alpha', 0, overOf(0), 1.92, { changedAt: 2_000 })]);
    expect(priceButton('alpha', overOf(0)).querySelector('.flash-up-1')).not.toBeNull();
    await applyPrices(book, [entry('alpha', 0, overOf(0), 1.8, { changedAt: 3_000 })]);
    // A second move switches the animation's name, which restarts it.
    expect(priceButton('alpha', overOf(0)).querySelector('.flash-down-0')).not.toBeNull();
  });

  it('moves the best-price mark to the bookmaker that now offers it', async () => {
    const { book } = setup();
    await applyPrices(book, [entry('alpha', 0, overOf(0), 2.05, { changedAt: 2_000 })]);
    expect(priceButton('alpha', overOf(0)).textContent).toContain('best price');
    expect(priceButton('beta', overOf(0)).textContent).not.toContain('best price');
  });

  it('flags an arbitrage with its stake split', async () => {
    const { book } = setup();
    // Over 2.20 at alpha and Under 2.20 at gamma: 1/2.2 + 1/2.2 < 1.
    await applyPrices(book, [entry('alpha', 0, overOf(0), 2.2, { changedAt: 2_000 }), entry('gamma', 0, underOf(0), 2.2, { changedAt: 2_000 })]);
    expect(screen.getAllByText(/Arbitrage: \+10\.00% guaranteed/)).toHaveLength(1);
    const stakes = [...document.querySelectorAll('.stake-cell[data-stake]')].map((cell) => cell.textContent);
    expect(stakes).toEqual(['arbitrage stake 50.0% ALPHA', 'arbitrage stake 50.0% GAMMA']);
  });

  it('shows inactive and market-suspended prices as such, in words for screen readers', async () => {
    const { book } = setup();
    await applyPrices(book, [
      entry('alpha', 0, overOf(0), 1.9, { changedAt: 2_000, active: false }),
      entry('beta', 0, overOf(0), 1.95, { changedAt: 2_000, marketActive: false }),
    ]);
    expect(priceButton('alpha', overOf(0)).getAttribute('data-state')).toBe('inactive');
    expect(priceButton('alpha', overOf(0)).textContent).toContain('inactive');
    expect(priceButton('beta', overOf(0)).textContent).toContain('market suspended');
    // Neither counts: gamma's 1.85 is now the best Over.
    expect(priceButton('gamma', overOf(0)).textContent).toContain('best price');
  });

  it('marks a suspended bookmaker in its header with the reason, and its prices as suspended', () => {
    setup(seededBook(fixtureOdds(), metas({ beta: { suspended: true } })));
    const header = screen.getByRole('columnheader', { name: /BETA/ });
    expect(header.getAttribute('title')).toMatch(/^BETA: Suspended/);
    const description = document.getElementById(header.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/takes no bets/);
    expect(priceButton('beta', overOf(0)).textContent).toContain('bookmaker suspended');
  });

  it('marks a bookmaker with stale odds and leaves its prices out of the best price', () => {
    setup(seededBook(fixtureOdds(), metas({ beta: { staleOdds: true } })));
    expect(screen.getByRole('columnheader', { name: /BETA/ }).getAttribute('data-health')).toBe('staleOdds');
    expect(priceButton('beta', overOf(0)).textContent).toContain('stale bookmaker');
    expect(priceButton('alpha', overOf(0)).textContent).toContain('best price');
  });

  it('adds a clicked price to the slip and marks it pressed', () => {
    setup();
    const button = priceButton('alpha', overOf(0));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(priceButton('alpha', overOf(0)).getAttribute('aria-pressed')).toBe('true');
  });

  it('re-renders only the clicked price when it goes on the slip', () => {
    setup();
    resetRenders();
    fireEvent.click(priceButton('alpha', overOf(0)));
    expect(priceButton('alpha', overOf(0)).getAttribute('aria-pressed')).toBe('true');
    expect([...renders.odds]).toEqual([[oddsIdOf('alpha', overOf(0)), 1]]);
  });

  it('moves between price cells with the arrow keys and toggles the slip with Enter', async () => {
    setup();
    const first = priceButton('alpha', overOf(0));
    act(() => {
      first.focus();
    });
    await act(async () => {
      fireEvent.keyDown(first, { key: 'ArrowRight' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(document.activeElement).toBe(priceButton('beta', overOf(0)));
    await act(async () => {
      fireEvent.keyDown(priceButton('beta', overOf(0)), { key: 'ArrowDown' });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(document.activeElement).toBe(priceButton('beta', underOf(0)));
    fireEvent.keyDown(priceButton('beta', underOf(0)), { key: 'Enter' });
    expect(priceButton('beta', underOf(0)).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows alternate lines on demand', () => {
    const book = seededBook();
    // Only line 0 is marked main: the other 39 are alternates of the same family.
    const odds = book.fixtureOdds(FIXTURE_ID);
    const marked = Object.fromEntries(
      Object.entries(odds).map(([b, entries]) => [b, Object.fromEntries(Object.entries(entries).map(([id, e]) => [id, { ...e, mainLine: e.marketId === marketIdOf(0) }]))]),
    );
    const layout = buildBoardLayout({ fixtureId: FIXTURE_ID, odds: marked, markets: catalogue(), bookmakerOrder: [...BOOKS] });
    render(<Board book={book} layout={layout} />);
    expect(document.querySelector(`[data-market-id="${String(marketIdOf(1))}"]`)).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Show 39 alternate lines' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Hide 39 alternate lines' }).getAttribute('aria-expanded')).toBe('true');
    expect(within(document.body).getByText('Total goals 1.5')).toBeTruthy();
  });
});
