// @vitest-environment jsdom
// The watchlist's rows: a starred fixture's main market and starred markets with best price, fair
// price under the chosen fair line and EV, following the live book; stars toggle the watchlist.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LiveBook } from '../../book/book.ts';
import { BookContext } from '../../book/use-book.ts';
import { buildBoardLayout } from '../../domain/odds-board-layout.ts';
import { useFairLineStore } from '../../settings/use-fair-line.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { useWatchlistStore } from '../../settings/use-watchlist.ts';
import { BOOKS, FIXTURE_ID, catalogue, entry, marketIdOf, overOf, oddsUpdate, seededBook, underOf } from '../odds-screen/board-test-data.ts';
import { WatchedBoard } from './watched-board.tsx';

function renderWatched(book: LiveBook, props: { fixtureStarred: boolean; markets: { fixtureId: string; marketId: number; playerId: number }[] }) {
  const layout = buildBoardLayout({ fixtureId: FIXTURE_ID, odds: book.fixtureOdds(FIXTURE_ID), markets: catalogue(), bookmakers: book.fixtureBookmakers(FIXTURE_ID), bookmakerOrder: [...BOOKS] });
  render(
    <BookContext value={book}>
      <WatchedBoard layout={layout} live fixtureStarred={props.fixtureStarred} markets={props.markets} method="multiplicative" format="decimal" nameOf={(slug) => slug.toUpperCase()} playerNameOf={(id) => `P${String(id)}`} />
    </BookContext>,
  );
}

/** The shown cells of an outcome's row: best, at, fair, EV. */
function rowText(outcomeId: number): string[] {
  const row = document.querySelector(`tr[data-outcome-id="${String(outcomeId)}"]`);
  return [...(row?.querySelectorAll('td') ?? [])].map((cell) => cell.textContent);
}

beforeEach(() => {
  useFairLineStore.setState({ byService: {} });
  useWatchlistStore.setState({ byService: {} });
});

afterEach(() => {
  cleanup();
});

describe('the watchlist rows', () => {
  it("list a starred fixture's main market with best, fair and EV under the equal consensus", () => {
    renderWatched(seededBook(), { fixtureStarred: true, markets: [] });
    expect(screen.getByRole('rowheader', { name: /Total goals 0\.5 \(main market of a starred fixture\)/u })).toBeTruthy();
    // alpha 1.90/1.90, beta 1.95/1.85, gamma 1.85/1.95: a symmetric consensus, fair 2.00 each;
    // best Over 1.95 at beta: EV 1.95 × 0.5 − 1 = −2.5%.
    expect(rowText(overOf(0))).toEqual(['1.95', 'BETA', '2.00', '−2.5%']);
    expect(rowText(underOf(0))).toEqual(['1.95', 'GAMMA', '2.00', '−2.5%']);
  });

  it('follow the chosen fair line and the live book', async () => {
    const baseUrl = useSettings.getState().baseUrl;
    expect(useFairLineStore.getState().save(baseUrl, { name: 'Beta alone', weights: { beta: 1 }, minBooks: 1, requiredBook: null })).toEqual([]);
    useFairLineStore.getState().choose(baseUrl, 'Beta alone');
    const book = seededBook();
    renderWatched(book, { fixtureStarred: false, markets: [{ fixtureId: FIXTURE_ID, marketId: marketIdOf(3), playerId: 0 }] });
    // Beta's 1.95/1.85 de-vigged: p(Over) = (1/1.95) / (1/1.95 + 1/1.85) = 37/76 = 0.486842, fair
    // 2.054; p(Under) = 39/76, fair 1.949. EV Over 1.95 × 37/76 − 1 = −5.1%; Under 1.95 × 39/76 − 1 = +0.1%.
    expect(rowText(overOf(3))).toEqual(['1.95', 'BETA', '2.054', '−5.1%']);
    expect(rowText(underOf(3))).toEqual(['1.95', 'GAMMA', '1.949', '+0.1%']);
    // Gamma's Over moves to 2.10: the best and EV follow (2.10 × 37/76 − 1 = +2.2%); beta alone makes the fair line, so fair stays.
    await act(async () => {
      book.apply([oddsUpdate([entry('gamma', 3, overOf(3), 2.1)], 1)]);
      book.flush();
      await Promise.resolve();
    });
    expect(rowText(overOf(3))).toEqual(['2.10', 'GAMMA', '2.054', '+2.2%']);
  });

  it('unstar a market from its title', () => {
    const baseUrl = useSettings.getState().baseUrl;
    const market = { fixtureId: FIXTURE_ID, marketId: marketIdOf(1), playerId: 0 };
    useWatchlistStore.getState().toggleMarket(baseUrl, market);
    renderWatched(seededBook(), { fixtureStarred: false, markets: [market] });
    const star = screen.getByRole('button', { name: 'Star Total goals 1.5' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star);
    expect(useWatchlistStore.getState().byService[baseUrl]?.markets).toEqual([]);
  });

  it('say when a starred market is no longer quoted', () => {
    renderWatched(seededBook(), { fixtureStarred: false, markets: [{ fixtureId: FIXTURE_ID, marketId: 99_999, playerId: 0 }] });
    expect(document.querySelector('.watched-missing')?.textContent).toBe('Market 99999: no bookmaker you follow quotes it now. Remove it');
  });
});
