// @vitest-environment jsdom
// The price peek's "Track this bet": from a hovered or focused price, the tracker's form
// prefilled with that selection, that book and the price shown; reachable by keyboard (the peek
// stays open while focus moves into it). A tap on a phone is in e2e/tracker.spec.ts (jsdom has no touch pointers).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../api/client.ts';
import { ApiClientContext } from '../../api/use-api-client.ts';
import { BookContext } from '../../book/use-book.ts';
import { buildBoardLayout } from '../../domain/odds-board-layout.ts';
import { BOOKS, FIXTURE_ID, catalogue, oddsIdOf, overOf, seededBook } from './board-test-data.ts';
import { OddsBoard } from './odds-board.tsx';

function setup() {
  const book = seededBook();
  const layout = buildBoardLayout({ fixtureId: FIXTURE_ID, odds: book.fixtureOdds(FIXTURE_ID), markets: catalogue(), bookmakers: book.fixtureBookmakers(FIXTURE_ID), bookmakerOrder: [...BOOKS] });
  // The peek's history and opening-price lookups are answered "not found": the link needs neither.
  const fetch = (): Promise<Response> => Promise.resolve(new Response('{}', { status: 404 }));
  const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', apiKey: 'demo-key', lang: 'en', fetch });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiClientContext value={client}>
        <MemoryRouter>
          <BookContext value={book}>
            <OddsBoard layout={layout} live={false} nameOf={(slug) => slug.toUpperCase()} playerNameOf={String} method="multiplicative" showRanges={false} format="decimal" peek />
          </BookContext>
        </MemoryRouter>
      </ApiClientContext>
    </QueryClientProvider>,
  );
}

function price(): HTMLElement {
  const button = document.querySelector<HTMLElement>(`[data-odds-id="${oddsIdOf('alpha', overOf(0))}"]`);
  if (button === null) throw new Error('no price cell');
  return button;
}

const peek = () => screen.queryByRole('group', { name: 'ALPHA price details' });

afterEach(() => {
  cleanup();
});

describe('the price peek', () => {
  it('links "Track this bet" to the tracker with that oddsId, that book and the price shown (1.90)', () => {
    setup();
    fireEvent.pointerOver(price());
    const link = within(peek() ?? document.body).getByRole('link', { name: 'Track this bet' });
    expect(link.getAttribute('href')).toBe(`/tracker?oddsIds=${encodeURIComponent(`${FIXTURE_ID}:alpha:${String(overOf(0))}:0`)}&prices=1.9`);
  });

  it('stays open while focus moves from the price into it, and closes when focus leaves both', () => {
    setup();
    fireEvent.focus(price());
    const link = within(peek() ?? document.body).getByRole('link', { name: 'Track this bet' });
    fireEvent.blur(price(), { relatedTarget: link });
    expect(peek()).not.toBeNull();
    fireEvent.blur(link, { relatedTarget: document.body });
    expect(peek()).toBeNull();
  });
});
