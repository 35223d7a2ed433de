// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClosingLineRow, ClosingLines, Kickoff } from '../../domain/closing-line.ts';
import { ClosingLineTable } from './closing-line-table.tsx';

afterEach(cleanup);

const KICKOFF: Kickoff = { kind: 'kicked-off', atMs: Date.UTC(2026, 10, 22, 15) };

function row(bookmaker: string, close: number | null, marketClose: readonly number[] | null): ClosingLineRow {
  return {
    bookmaker,
    oddsId: `f:${bookmaker}:101:0`,
    opening: { price: 2.2, changedAt: 1 },
    lastBeforeSettlement: { price: 196.6, changedAt: 2, active: false },
    close: close === null ? { kind: 'none', reason: 'no-pre-match-quote' } : { kind: 'close', price: close, changedAt: 1, provisional: false },
    marketClose,
  };
}

// No Pinnacle close; the consensus is a fair 2.00 / 2.00.
const lines: ClosingLines = {
  rows: [row('bet365', 1.9, [1.9, 1.9]), row('pinnacle', null, null)],
  outcomeIndex: 0,
  best: { price: 1.9, bookmakers: ['bet365'] },
  consensus: { probabilities: [0.5, 0.5], prices: [2, 2], books: 1, used: [{ bookmaker: 'bet365', weight: 1, prices: [1.9, 1.9] }] },
  consensusProblem: null,
};

function renderTable() {
  render(
    <MemoryRouter>
      <ClosingLineTable selection="1 (Winner)" lines={lines} kickoff={KICKOFF} format="decimal" method="multiplicative" onMethodChange={() => undefined} nameOf={(slug) => (slug === 'pinnacle' ? 'Pinnacle' : slug)} fairLineName="Every book, equal weight" />
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Price you took'), { target: { value: '2.60' } });
}

describe('ClosingLineTable', () => {
  it('judges the taken price against each book\'s kick-off close, never the last price before settlement', () => {
    renderTable();
    const bet365 = screen.getByRole('rowheader', { name: 'bet365' }).closest('tr');
    // 2.60 / 1.90 − 1 = 0.3684… → +36.8%; no-vig 2.60 × 0.5 − 1 = +30.0%.
    expect(bet365?.querySelector('.clv-price-based')?.textContent).toBe('+36.8%');
    expect(bet365?.querySelector('.clv-no-vig')?.textContent).toBe('+30.0%');
    expect(screen.getByRole('rowheader', { name: 'Pinnacle' }).closest('tr')?.querySelector('.kickoff-close')?.textContent).toBe('— (no pre-match price recorded)');
  });

  it('says when the sharp book has no close and offers the consensus, where both definitions agree', () => {
    renderTable();
    fireEvent.click(screen.getByRole('radio', { name: /a sharp book's close/u }));
    expect(screen.getByRole('status').textContent).toMatch(/^Pinnacle has no kick-off close for this selection \(no pre-match price recorded\)/u);
    fireEvent.click(screen.getByRole('button', { name: 'Use the consensus close' }));
    expect(screen.getByRole('status').textContent).toMatch(/Against the consensus close 2\.00: CLV \+30\.0% \(the consensus close has no margin, so price-based and no-vig CLV are the same number\)/u);
  });

  it('has no closing line for a price taken after kick-off', () => {
    renderTable();
    fireEvent.change(screen.getByLabelText('When you took it (optional)'), { target: { value: '2099-01-01T12:00' } });
    expect(screen.getByRole('rowheader', { name: 'bet365' }).closest('tr')?.querySelector('.clv-figure')?.textContent).toBe('in-play: no closing line');
  });

  it('links "Track this bet" at each book to the tracker with that book\'s oddsId and the price taken', () => {
    renderTable();
    const link = screen.getByRole('link', { name: 'Pinnacle' });
    const params = new URLSearchParams((link.getAttribute('href') ?? '').split('?')[1]);
    expect(params.get('prices')).toBe('2.6');
    expect(params.get('oddsIds')).toBe(lines.rows.find((r) => r.bookmaker === 'pinnacle')?.oddsId);
  });

  it('names the fair line the consensus close follows, its books and weights on hover', () => {
    // Kick-off closes bet365 1.90 / 1.90 and Pinnacle 2.00 / 1.80 under "Sharp": Pinnacle ×3, bet365 ×1.
    // Hand-worked: (1/1.9 + 3/2.0)/4 = 0.506579, (1/1.9 + 3/1.8)/4 = 0.548246; sum 1.054825;
    // outcome 1: 0.506579 / 1.054825 = 0.480249, a consensus close of 2.0823 → "2.082" (decimal rule: three decimals where the third is not 0).
    const weighted: ClosingLines = {
      ...lines,
      rows: [row('bet365', 1.9, [1.9, 1.9]), row('pinnacle', 2, [2, 1.8])],
      consensus: {
        probabilities: [0.480249, 0.519751],
        prices: [1 / 0.480249, 1 / 0.519751],
        books: 2,
        used: [{ bookmaker: 'bet365', weight: 1, prices: [1.9, 1.9] }, { bookmaker: 'pinnacle', weight: 3, prices: [2, 1.8] }],
      },
    };
    render(
      <MemoryRouter>
        <ClosingLineTable selection="1 (Winner)" lines={weighted} kickoff={KICKOFF} format="decimal" method="multiplicative" onMethodChange={() => undefined} nameOf={(slug) => (slug === 'pinnacle' ? 'Pinnacle' : slug)} fairLineName="Sharp" />
      </MemoryRouter>,
    );
    const consensus = screen.getByRole('rowheader', { name: 'Consensus close' }).closest('tr');
    expect(consensus?.querySelectorAll('td')[1]?.textContent).toBe('2.082');
    const note = consensus?.querySelectorAll('td')[2];
    expect(note?.textContent).toBe('fair price under the fair line "Sharp" from 2 complete closes (bet365, Pinnacle), de-vigged (multiplicative); hover for the formula');
    expect(note?.getAttribute('title')).toBe('Fair line "Sharp": multiplicative de-vig of the weighted mean implied probability (Σ w/price ÷ Σ w) of bet365 ×1, Pinnacle ×3, over their kick-off closes');
  });

  it('says why a fair line makes no consensus close', () => {
    render(
      <MemoryRouter>
        <ClosingLineTable selection="1 (Winner)" lines={{ ...lines, consensus: null, consensusProblem: "the fair line's required book circa has no close on every outcome" }} kickoff={KICKOFF} format="decimal" method="multiplicative" onMethodChange={() => undefined} nameOf={(slug) => slug} fairLineName="Circa only" />
      </MemoryRouter>,
    );
    const consensus = screen.getByRole('rowheader', { name: 'Consensus close' }).closest('tr');
    expect(consensus?.querySelectorAll('td')[2]?.textContent).toBe('fair line "Circa only": the fair line\'s required book circa has no close on every outcome');
  });
});
